--
-- PostgreSQL database dump
--

\restrict IIoY6Hj64Ot49kA9MKltXEfgyztYFXls4VIO5HNrQJDlZm5Dq4FvQW2lj20Gjwu

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: umpire_fixture_810044d; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA umpire_fixture_810044d;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: alembic_version; Type: TABLE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE TABLE umpire_fixture_810044d.alembic_version (
    version_num character varying(32) NOT NULL
);


--
-- Name: games; Type: TABLE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE TABLE umpire_fixture_810044d.games (
    id integer NOT NULL,
    game character varying NOT NULL,
    scenario character varying NOT NULL,
    seed bigint NOT NULL,
    options json,
    title character varying NOT NULL,
    guild_id character varying,
    channel_id character varying,
    version integer NOT NULL,
    seq integer NOT NULL,
    status character varying NOT NULL,
    winner character varying,
    state json,
    deadline_hours double precision,
    last_action_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone NOT NULL,
    seed_salt character varying,
    reseeds json,
    owner_id character varying,
    pending json
);


--
-- Name: games_id_seq; Type: SEQUENCE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE SEQUENCE umpire_fixture_810044d.games_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: games_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_810044d; Owner: -
--

ALTER SEQUENCE umpire_fixture_810044d.games_id_seq OWNED BY umpire_fixture_810044d.games.id;


--
-- Name: log; Type: TABLE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE TABLE umpire_fixture_810044d.log (
    id integer NOT NULL,
    game_id integer NOT NULL,
    seq integer NOT NULL,
    kind character varying NOT NULL,
    side character varying,
    actor character varying NOT NULL,
    actor_name character varying NOT NULL,
    action json,
    events json,
    reason character varying NOT NULL,
    rule character varying NOT NULL,
    refers_to integer,
    salt integer,
    undone boolean NOT NULL,
    undone_by integer,
    random boolean NOT NULL,
    version integer NOT NULL,
    created_at timestamp with time zone NOT NULL,
    interaction_id character varying,
    rng character varying
);


--
-- Name: log_id_seq; Type: SEQUENCE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE SEQUENCE umpire_fixture_810044d.log_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: log_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_810044d; Owner: -
--

ALTER SEQUENCE umpire_fixture_810044d.log_id_seq OWNED BY umpire_fixture_810044d.log.id;


--
-- Name: seats; Type: TABLE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE TABLE umpire_fixture_810044d.seats (
    id integer NOT NULL,
    game_id integer NOT NULL,
    side character varying NOT NULL,
    kind character varying NOT NULL,
    user_id character varying,
    user_name character varying NOT NULL,
    level character varying NOT NULL,
    notify character varying NOT NULL
);


--
-- Name: seats_id_seq; Type: SEQUENCE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE SEQUENCE umpire_fixture_810044d.seats_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: seats_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_810044d; Owner: -
--

ALTER SEQUENCE umpire_fixture_810044d.seats_id_seq OWNED BY umpire_fixture_810044d.seats.id;


--
-- Name: snapshots; Type: TABLE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE TABLE umpire_fixture_810044d.snapshots (
    id integer NOT NULL,
    game_id integer NOT NULL,
    seq integer NOT NULL,
    state json
);


--
-- Name: snapshots_id_seq; Type: SEQUENCE; Schema: umpire_fixture_810044d; Owner: -
--

CREATE SEQUENCE umpire_fixture_810044d.snapshots_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: snapshots_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_810044d; Owner: -
--

ALTER SEQUENCE umpire_fixture_810044d.snapshots_id_seq OWNED BY umpire_fixture_810044d.snapshots.id;


--
-- Name: games id; Type: DEFAULT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.games ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_810044d.games_id_seq'::regclass);


--
-- Name: log id; Type: DEFAULT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.log ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_810044d.log_id_seq'::regclass);


--
-- Name: seats id; Type: DEFAULT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.seats ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_810044d.seats_id_seq'::regclass);


--
-- Name: snapshots id; Type: DEFAULT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.snapshots ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_810044d.snapshots_id_seq'::regclass);


--
-- Data for Name: alembic_version; Type: TABLE DATA; Schema: umpire_fixture_810044d; Owner: -
--

INSERT INTO umpire_fixture_810044d.alembic_version VALUES ('0002_abuse_schema');


--
-- Data for Name: games; Type: TABLE DATA; Schema: umpire_fixture_810044d; Owner: -
--

INSERT INTO umpire_fixture_810044d.games VALUES (1, 'peiper', 'historical', 11, '{"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": true, "adjacent_movement": "hex_by_hex", "one_30th_battalion": true, "kg2_turn_4_only": true}', 'old peiper', '900000000000000001', '900000000000000002', 30, 30, 'active', NULL, '{"scenario": "historical", "seed": 11, "options": {"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": true, "adjacent_movement": "hex_by_hex", "one_30th_battalion": true, "kg2_turn_4_only": true}, "rng": {"state": 12849296499198707033}, "turns": 5, "turn": 0, "phase": "setup", "side": "us", "deck": {"draw_pile": [], "discards": []}, "units": {"CCR/3/1": {"id": "CCR/3/1", "side": "us", "status": "on_map", "hex": "0104", "reduced": false}, "2/23/2": {"id": "2/23/2", "side": "us", "status": "on_map", "hex": "0407", "reduced": false}, "99 BG": {"id": "99 BG", "side": "us", "status": "on_map", "hex": "1307", "reduced": false}, "106 BG": {"id": "106 BG", "side": "us", "status": "on_map", "hex": "0403", "reduced": false}, "CCB/3/1": {"id": "CCB/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/1": {"id": "30/117/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/2": {"id": "30/117/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/3": {"id": "2/23/3", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "Spitze": {"id": "Spitze", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "1/1 LAH": {"id": "1/1 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "501": {"id": "501", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3/2 LAH": {"id": "3/2 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG1": {"id": "3FJ/KG1", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG2": {"id": "3FJ/KG2", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}}, "card": "", "acts": 0, "act_units": [], "attacks": [], "spent": {"ge": false, "us": false}, "oba_used": {"ge": false, "us": false}, "oba_support": {"ge": [], "us": []}, "bridges_down": [], "fuel_depot": "held", "exited": [], "winner": null, "result": "", "last_random": "", "overlays": [], "actions": 30}', NULL, '2026-12-01 23:41:06.998471+00', '2026-12-01 23:41:05.946389+00', 'a79e7456c135f813b484227f704bac00', '[]', NULL, '{}');
INSERT INTO umpire_fixture_810044d.games VALUES (2, 'pl', 'utah', 12, '{"mines": false, "blocks": false, "fortifications": false, "engineers": false, "engineer_vehicles": false, "opportunity_fire": false, "crt": null, "tec": null, "wec": null}', 'old pl', '900000000000000001', '900000000000000003', 25, 25, 'active', NULL, '{"scenario": "utah", "seed": 12, "rng": {"state": 602142987075436021}, "options": {"mines": false, "blocks": false, "fortifications": false, "engineers": false, "engineer_vehicles": false, "opportunity_fire": false, "crt": null, "tec": null, "wec": null}, "turn": 0, "turns": 10, "order": ["us", "ge"], "setup_order": ["ge", "us"], "side": "us", "phase": "setup", "units": {"R1": {"id": "R1", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R2": {"id": "R2", "type": "us_rifle", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "R3": {"id": "R3", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R4": {"id": "R4", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R5": {"id": "R5", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "R6": {"id": "R6", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R7": {"id": "R7", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "R8": {"id": "R8", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R9": {"id": "R9", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R10": {"id": "R10", "type": "us_rifle", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R11": {"id": "R11", "type": "us_rifle", "side": "us", "hex": "0608", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "R12": {"id": "R12", "type": "us_rifle", "side": "us", "hex": "0611", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "MG1": {"id": "MG1", "type": "us_mg", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "MG2": {"id": "MG2", "type": "us_mg", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "MG3": {"id": "MG3", "type": "us_mg", "side": "us", "hex": "0610", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "E1": {"id": "E1", "type": "us_engineer", "side": "us", "hex": "0709", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "M1": {"id": "M1", "type": "us_mortar", "side": "us", "hex": "0511", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR1": {"id": "GR1", "type": "ge_rifle", "side": "ge", "hex": "0911", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR2": {"id": "GR2", "type": "ge_rifle", "side": "ge", "hex": "0912", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR3": {"id": "GR3", "type": "ge_rifle", "side": "ge", "hex": "1012", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR4": {"id": "GR4", "type": "ge_rifle", "side": "ge", "hex": "1604", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR5": {"id": "GR5", "type": "ge_rifle", "side": "ge", "hex": "1511", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR6": {"id": "GR6", "type": "ge_rifle", "side": "ge", "hex": "0907", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "SEC1": {"id": "SEC1", "type": "ge_security", "side": "ge", "hex": "1904", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "PI1": {"id": "PI1", "type": "ge_engineer", "side": "ge", "hex": "1413", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "FL1": {"id": "FL1", "type": "flak20", "side": "ge", "hex": "0811", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "FL2": {"id": "FL2", "type": "flak20", "side": "ge", "hex": "1804", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "QF1": {"id": "QF1", "type": "flak20q", "side": "ge", "hex": "1006", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GM1": {"id": "GM1", "type": "ge_mortar", "side": "ge", "hex": "1206", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "AC1": {"id": "AC1", "type": "sdkfz234", "side": "ge", "hex": "0904", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "TR1": {"id": "TR1", "type": "ge_truck", "side": "ge", "hex": "1712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "WA1": {"id": "WA1", "type": "ge_wagon", "side": "ge", "hex": "1903", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "WA2": {"id": "WA2", "type": "ge_wagon", "side": "ge", "hex": "1611", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}}, "wrecks": {}, "mines": {"1411": "ge", "1404": "ge"}, "blocks": ["1104"], "forts": {"1006": "ge", "1704": "ge"}, "inverted": [], "of_window": null, "bridges_down": [], "bridge_tries": {}, "temp_bridges": {}, "built_blocks": [], "indirect": [], "fire_queue": [], "assault_queue": [], "overrun_hexes": [], "indirect_hexes": [], "over": false, "winner": null, "result_text": "", "last_random": "", "last_overlays": []}', NULL, '2026-12-01 23:41:07.292292+00', '2026-12-01 23:41:06.202565+00', '3e7ad301696c8f8923aa2662760803f8', '[]', NULL, '{}');


--
-- Data for Name: log; Type: TABLE DATA; Schema: umpire_fixture_810044d; Owner: -
--

INSERT INTO umpire_fixture_810044d.log VALUES (1, 1, 1, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "1002"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 1002.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 1, '2026-12-01 23:41:06.226674+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (2, 1, 2, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0702"}}', '[{"kind": "setup", "text": "99 BG sets up in 0702.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 2, '2026-12-01 23:41:06.246424+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (3, 1, 3, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0804"}}', '[{"kind": "setup", "text": "106 BG sets up in 0804 (La Gleize).", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 3, '2026-12-01 23:41:06.260444+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (4, 1, 4, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0601"}}', '[{"kind": "setup", "text": "106 BG sets up in 0601.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 4, '2026-12-01 23:41:06.275303+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (5, 1, 5, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0402"}}', '[{"kind": "setup", "text": "106 BG sets up in 0402.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 5, '2026-12-01 23:41:06.290493+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (6, 1, 6, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0505"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0505.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 6, '2026-12-01 23:41:06.304561+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (7, 1, 7, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "0401"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 0401.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 7, '2026-12-01 23:41:06.319631+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (8, 1, 8, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0904"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0904.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 8, '2026-12-01 23:41:06.335636+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (9, 1, 9, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0304"}}', '[{"kind": "setup", "text": "99 BG sets up in 0304 (Targnon).", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 9, '2026-12-01 23:41:06.352728+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (10, 1, 10, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0310"}}', '[{"kind": "setup", "text": "106 BG sets up in 0310 (Neufmoulin).", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 10, '2026-12-01 23:41:06.370151+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (11, 1, 11, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0101"}}', '[{"kind": "setup", "text": "99 BG sets up in 0101.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 11, '2026-12-01 23:41:06.388362+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (12, 1, 12, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0202"}}', '[{"kind": "setup", "text": "99 BG sets up in 0202.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 12, '2026-12-01 23:41:06.411865+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (13, 1, 13, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "1104"}}', '[{"kind": "setup", "text": "99 BG sets up in 1104.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 13, '2026-12-01 23:41:06.451281+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (14, 1, 14, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1005"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1005.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 14, '2026-12-01 23:41:06.494735+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (15, 1, 15, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0504"}}', '[{"kind": "setup", "text": "106 BG sets up in 0504.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 15, '2026-12-01 23:41:06.531553+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (16, 1, 16, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "0108"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 0108.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 16, '2026-12-01 23:41:06.564597+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (17, 1, 17, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0708"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0708.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 17, '2026-12-01 23:41:06.592383+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (18, 1, 18, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0210"}}', '[{"kind": "setup", "text": "99 BG sets up in 0210.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 18, '2026-12-01 23:41:06.616114+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (19, 1, 19, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0303"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0303.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 19, '2026-12-01 23:41:06.646913+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (20, 1, 20, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "1008"}}', '[{"kind": "setup", "text": "106 BG sets up in 1008.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 20, '2026-12-01 23:41:06.675097+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (21, 1, 21, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0708"}}', '[{"kind": "setup", "text": "106 BG sets up in 0708.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 21, '2026-12-01 23:41:06.723594+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (22, 1, 22, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1010"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1010.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 22, '2026-12-01 23:41:06.760071+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (23, 1, 23, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1302"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1302.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 23, '2026-12-01 23:41:06.800579+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (24, 1, 24, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0902"}}', '[{"kind": "setup", "text": "99 BG sets up in 0902.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 24, '2026-12-01 23:41:06.820657+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (25, 1, 25, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0401"}}', '[{"kind": "setup", "text": "106 BG sets up in 0401.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 25, '2026-12-01 23:41:06.839969+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (26, 1, 26, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0403"}}', '[{"kind": "setup", "text": "106 BG sets up in 0403.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 26, '2026-12-01 23:41:06.859311+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (27, 1, 27, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0104"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0104.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 27, '2026-12-01 23:41:06.893077+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (28, 1, 28, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "1307"}}', '[{"kind": "setup", "text": "99 BG sets up in 1307.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 28, '2026-12-01 23:41:06.924164+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (29, 1, 29, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1309"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1309.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 29, '2026-12-01 23:41:06.969016+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (30, 1, 30, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "0407"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 0407.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 30, '2026-12-01 23:41:06.998471+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (31, 2, 1, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "FL1", "at": "0811"}}', '[{"kind": "place", "text": "FL1 set up at 0811", "rule": "Situation set-up", "side": "ge", "data": {"unit": "FL1", "hex": "0811"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 1, '2026-12-01 23:41:07.032253+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (32, 2, 2, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "FL2", "at": "1804"}}', '[{"kind": "place", "text": "FL2 set up at 1804", "rule": "Situation set-up", "side": "ge", "data": {"unit": "FL2", "hex": "1804"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 2, '2026-12-01 23:41:07.045498+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (33, 2, 3, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "GM1", "at": "1206"}}', '[{"kind": "place", "text": "GM1 set up at 1206", "rule": "Situation set-up", "side": "ge", "data": {"unit": "GM1", "hex": "1206"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 3, '2026-12-01 23:41:07.057876+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (34, 2, 4, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "QF1", "at": "1006"}}', '[{"kind": "place", "text": "QF1 set up at 1006", "rule": "Situation set-up", "side": "ge", "data": {"unit": "QF1", "hex": "1006"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 4, '2026-12-01 23:41:07.067574+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (35, 2, 5, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "GR4", "at": "1604"}}', '[{"kind": "place", "text": "GR4 set up at 1604", "rule": "Situation set-up", "side": "ge", "data": {"unit": "GR4", "hex": "1604"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 5, '2026-12-01 23:41:07.076777+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (36, 2, 6, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "TR1", "at": "1712"}}', '[{"kind": "place", "text": "TR1 set up at 1712", "rule": "Situation set-up", "side": "ge", "data": {"unit": "TR1", "hex": "1712"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 6, '2026-12-01 23:41:07.090618+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (37, 2, 7, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "WA2", "at": "1611"}}', '[{"kind": "place", "text": "WA2 set up at 1611", "rule": "Situation set-up", "side": "ge", "data": {"unit": "WA2", "hex": "1611"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 7, '2026-12-01 23:41:07.099854+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (38, 2, 8, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "SEC1", "at": "1904"}}', '[{"kind": "place", "text": "SEC1 set up at 1904", "rule": "Situation set-up", "side": "ge", "data": {"unit": "SEC1", "hex": "1904"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 8, '2026-12-01 23:41:07.108586+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (39, 2, 9, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "GR3", "at": "1012"}}', '[{"kind": "place", "text": "GR3 set up at 1012", "rule": "Situation set-up", "side": "ge", "data": {"unit": "GR3", "hex": "1012"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 9, '2026-12-01 23:41:07.117541+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (40, 2, 10, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "GR5", "at": "1511"}}', '[{"kind": "place", "text": "GR5 set up at 1511", "rule": "Situation set-up", "side": "ge", "data": {"unit": "GR5", "hex": "1511"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 10, '2026-12-01 23:41:07.126251+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (41, 2, 11, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "GR2", "at": "0912"}}', '[{"kind": "place", "text": "GR2 set up at 0912", "rule": "Situation set-up", "side": "ge", "data": {"unit": "GR2", "hex": "0912"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 11, '2026-12-01 23:41:07.134722+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (42, 2, 12, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "PI1", "at": "1413"}}', '[{"kind": "place", "text": "PI1 set up at 1413", "rule": "Situation set-up", "side": "ge", "data": {"unit": "PI1", "hex": "1413"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 12, '2026-12-01 23:41:07.141286+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (43, 2, 13, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "AC1", "at": "0904"}}', '[{"kind": "place", "text": "AC1 set up at 0904", "rule": "Situation set-up", "side": "ge", "data": {"unit": "AC1", "hex": "0904"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 13, '2026-12-01 23:41:07.147215+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (44, 2, 14, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "GR6", "at": "0907"}}', '[{"kind": "place", "text": "GR6 set up at 0907", "rule": "Situation set-up", "side": "ge", "data": {"unit": "GR6", "hex": "0907"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 14, '2026-12-01 23:41:07.153111+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (45, 2, 15, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "WA1", "at": "1903"}}', '[{"kind": "place", "text": "WA1 set up at 1903", "rule": "Situation set-up", "side": "ge", "data": {"unit": "WA1", "hex": "1903"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 15, '2026-12-01 23:41:07.159437+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (46, 2, 16, 'action', 'ge', 'bot', '', '{"kind": "place", "args": {"unit": "GR1", "at": "0911"}}', '[{"kind": "place", "text": "GR1 set up at 0911", "rule": "Situation set-up", "side": "ge", "data": {"unit": "GR1", "hex": "0911"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 16, '2026-12-01 23:41:07.166884+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (47, 2, 17, 'action', 'ge', 'bot', '', '{"kind": "end", "args": {}}', '[{"kind": "phase", "text": "German set-up complete", "rule": "Situation set-up", "side": "ge", "data": {}, "random": false, "phase_end": true}]', '', '', NULL, NULL, false, NULL, false, 17, '2026-12-01 23:41:07.174128+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (48, 2, 18, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "R2", "at": "0609"}}', '[{"kind": "place", "text": "R2 set up at 0609", "rule": "Situation set-up", "side": "us", "data": {"unit": "R2", "hex": "0609"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 18, '2026-12-01 23:41:07.182989+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (49, 2, 19, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "R11", "at": "0608"}}', '[{"kind": "place", "text": "R11 set up at 0608", "rule": "Situation set-up", "side": "us", "data": {"unit": "R11", "hex": "0608"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 19, '2026-12-01 23:41:07.191771+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (50, 2, 20, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "R12", "at": "0611"}}', '[{"kind": "place", "text": "R12 set up at 0611", "rule": "Situation set-up", "side": "us", "data": {"unit": "R12", "hex": "0611"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 20, '2026-12-01 23:41:07.200476+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (51, 2, 21, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "MG3", "at": "0610"}}', '[{"kind": "place", "text": "MG3 set up at 0610", "rule": "Situation set-up", "side": "us", "data": {"unit": "MG3", "hex": "0610"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 21, '2026-12-01 23:41:07.220064+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (52, 2, 22, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "E1", "at": "0709"}}', '[{"kind": "place", "text": "E1 set up at 0709", "rule": "Situation set-up", "side": "us", "data": {"unit": "E1", "hex": "0709"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 22, '2026-12-01 23:41:07.233572+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (53, 2, 23, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "M1", "at": "0511"}}', '[{"kind": "place", "text": "M1 set up at 0511", "rule": "Situation set-up", "side": "us", "data": {"unit": "M1", "hex": "0511"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 23, '2026-12-01 23:41:07.253123+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (54, 2, 24, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "R5", "at": "0710"}}', '[{"kind": "place", "text": "R5 set up at 0710", "rule": "Situation set-up", "side": "us", "data": {"unit": "R5", "hex": "0710"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 24, '2026-12-01 23:41:07.267897+00', NULL, NULL);
INSERT INTO umpire_fixture_810044d.log VALUES (55, 2, 25, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "R7", "at": "0711"}}', '[{"kind": "place", "text": "R7 set up at 0711", "rule": "Situation set-up", "side": "us", "data": {"unit": "R7", "hex": "0711"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 25, '2026-12-01 23:41:07.292292+00', NULL, NULL);


--
-- Data for Name: seats; Type: TABLE DATA; Schema: umpire_fixture_810044d; Owner: -
--

INSERT INTO umpire_fixture_810044d.seats VALUES (1, 1, 'us', 'human', '100000000000000001', 'alice', 'normal', 'channel');
INSERT INTO umpire_fixture_810044d.seats VALUES (2, 1, 'ge', 'human', '100000000000000002', 'bob', 'normal', 'channel');
INSERT INTO umpire_fixture_810044d.seats VALUES (3, 2, 'us', 'bot', NULL, '', 'normal', 'channel');
INSERT INTO umpire_fixture_810044d.seats VALUES (4, 2, 'ge', 'bot', NULL, '', 'normal', 'channel');


--
-- Data for Name: snapshots; Type: TABLE DATA; Schema: umpire_fixture_810044d; Owner: -
--

INSERT INTO umpire_fixture_810044d.snapshots VALUES (1, 1, 0, '{"scenario": "historical", "seed": 11, "options": {"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": true, "adjacent_movement": "hex_by_hex", "one_30th_battalion": true, "kg2_turn_4_only": true}, "rng": {"state": 12849296499198707033}, "turns": 5, "turn": 0, "phase": "setup", "side": "us", "deck": {"draw_pile": [], "discards": []}, "units": {"CCR/3/1": {"id": "CCR/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/2": {"id": "2/23/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "99 BG": {"id": "99 BG", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "106 BG": {"id": "106 BG", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "CCB/3/1": {"id": "CCB/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/1": {"id": "30/117/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/2": {"id": "30/117/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/3": {"id": "2/23/3", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "Spitze": {"id": "Spitze", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "1/1 LAH": {"id": "1/1 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "501": {"id": "501", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3/2 LAH": {"id": "3/2 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG1": {"id": "3FJ/KG1", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG2": {"id": "3FJ/KG2", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}}, "card": "", "acts": 0, "act_units": [], "attacks": [], "spent": {"ge": false, "us": false}, "oba_used": {"ge": false, "us": false}, "oba_support": {"ge": [], "us": []}, "bridges_down": [], "fuel_depot": "held", "exited": [], "winner": null, "result": "", "last_random": "", "overlays": [], "actions": 0}');
INSERT INTO umpire_fixture_810044d.snapshots VALUES (2, 2, 0, '{"scenario": "utah", "seed": 12, "rng": {"state": 602142987075436021}, "options": {"mines": false, "blocks": false, "fortifications": false, "engineers": false, "engineer_vehicles": false, "opportunity_fire": false, "crt": null, "tec": null, "wec": null}, "turn": 0, "turns": 10, "order": ["us", "ge"], "setup_order": ["ge", "us"], "side": "ge", "phase": "setup", "units": {"R1": {"id": "R1", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R2": {"id": "R2", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R3": {"id": "R3", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R4": {"id": "R4", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R5": {"id": "R5", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R6": {"id": "R6", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R7": {"id": "R7", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R8": {"id": "R8", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R9": {"id": "R9", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R10": {"id": "R10", "type": "us_rifle", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R11": {"id": "R11", "type": "us_rifle", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R12": {"id": "R12", "type": "us_rifle", "side": "us", "hex": "0610", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "MG1": {"id": "MG1", "type": "us_mg", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "MG2": {"id": "MG2", "type": "us_mg", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "MG3": {"id": "MG3", "type": "us_mg", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "E1": {"id": "E1", "type": "us_engineer", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "M1": {"id": "M1", "type": "us_mortar", "side": "us", "hex": "0610", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GR1": {"id": "GR1", "type": "ge_rifle", "side": "ge", "hex": "0810", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GR2": {"id": "GR2", "type": "ge_rifle", "side": "ge", "hex": "0811", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GR3": {"id": "GR3", "type": "ge_rifle", "side": "ge", "hex": "0912", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GR4": {"id": "GR4", "type": "ge_rifle", "side": "ge", "hex": "1704", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GR5": {"id": "GR5", "type": "ge_rifle", "side": "ge", "hex": "1512", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GR6": {"id": "GR6", "type": "ge_rifle", "side": "ge", "hex": "1006", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "SEC1": {"id": "SEC1", "type": "ge_security", "side": "ge", "hex": "1804", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "PI1": {"id": "PI1", "type": "ge_engineer", "side": "ge", "hex": "1412", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "FL1": {"id": "FL1", "type": "flak20", "side": "ge", "hex": "0911", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "FL2": {"id": "FL2", "type": "flak20", "side": "ge", "hex": "1704", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "QF1": {"id": "QF1", "type": "flak20q", "side": "ge", "hex": "1007", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GM1": {"id": "GM1", "type": "ge_mortar", "side": "ge", "hex": "1107", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "AC1": {"id": "AC1", "type": "sdkfz234", "side": "ge", "hex": "1003", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "TR1": {"id": "TR1", "type": "ge_truck", "side": "ge", "hex": "1612", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "WA1": {"id": "WA1", "type": "ge_wagon", "side": "ge", "hex": "1904", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "WA2": {"id": "WA2", "type": "ge_wagon", "side": "ge", "hex": "1612", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}}, "wrecks": {}, "mines": {"1411": "ge", "1404": "ge"}, "blocks": ["1104"], "forts": {"1006": "ge", "1704": "ge"}, "inverted": [], "of_window": null, "bridges_down": [], "bridge_tries": {}, "temp_bridges": {}, "built_blocks": [], "indirect": [], "fire_queue": [], "assault_queue": [], "overrun_hexes": [], "indirect_hexes": [], "over": false, "winner": null, "result_text": "", "last_random": "", "last_overlays": []}');
INSERT INTO umpire_fixture_810044d.snapshots VALUES (3, 1, 20, '{"scenario": "historical", "seed": 11, "options": {"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": true, "adjacent_movement": "hex_by_hex", "one_30th_battalion": true, "kg2_turn_4_only": true}, "rng": {"state": 12849296499198707033}, "turns": 5, "turn": 0, "phase": "setup", "side": "us", "deck": {"draw_pile": [], "discards": []}, "units": {"CCR/3/1": {"id": "CCR/3/1", "side": "us", "status": "on_map", "hex": "0303", "reduced": false}, "2/23/2": {"id": "2/23/2", "side": "us", "status": "on_map", "hex": "0108", "reduced": false}, "99 BG": {"id": "99 BG", "side": "us", "status": "on_map", "hex": "0210", "reduced": false}, "106 BG": {"id": "106 BG", "side": "us", "status": "on_map", "hex": "1008", "reduced": false}, "CCB/3/1": {"id": "CCB/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/1": {"id": "30/117/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/2": {"id": "30/117/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/3": {"id": "2/23/3", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "Spitze": {"id": "Spitze", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "1/1 LAH": {"id": "1/1 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "501": {"id": "501", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3/2 LAH": {"id": "3/2 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG1": {"id": "3FJ/KG1", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG2": {"id": "3FJ/KG2", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}}, "card": "", "acts": 0, "act_units": [], "attacks": [], "spent": {"ge": false, "us": false}, "oba_used": {"ge": false, "us": false}, "oba_support": {"ge": [], "us": []}, "bridges_down": [], "fuel_depot": "held", "exited": [], "winner": null, "result": "", "last_random": "", "overlays": [], "actions": 20}');
INSERT INTO umpire_fixture_810044d.snapshots VALUES (4, 2, 20, '{"scenario": "utah", "seed": 12, "rng": {"state": 602142987075436021}, "options": {"mines": false, "blocks": false, "fortifications": false, "engineers": false, "engineer_vehicles": false, "opportunity_fire": false, "crt": null, "tec": null, "wec": null}, "turn": 0, "turns": 10, "order": ["us", "ge"], "setup_order": ["ge", "us"], "side": "us", "phase": "setup", "units": {"R1": {"id": "R1", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R2": {"id": "R2", "type": "us_rifle", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "R3": {"id": "R3", "type": "us_rifle", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R4": {"id": "R4", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R5": {"id": "R5", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R6": {"id": "R6", "type": "us_rifle", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R7": {"id": "R7", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R8": {"id": "R8", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R9": {"id": "R9", "type": "us_rifle", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R10": {"id": "R10", "type": "us_rifle", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "R11": {"id": "R11", "type": "us_rifle", "side": "us", "hex": "0608", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "R12": {"id": "R12", "type": "us_rifle", "side": "us", "hex": "0611", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "MG1": {"id": "MG1", "type": "us_mg", "side": "us", "hex": "0711", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "MG2": {"id": "MG2", "type": "us_mg", "side": "us", "hex": "0712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "MG3": {"id": "MG3", "type": "us_mg", "side": "us", "hex": "0609", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "E1": {"id": "E1", "type": "us_engineer", "side": "us", "hex": "0710", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "M1": {"id": "M1", "type": "us_mortar", "side": "us", "hex": "0610", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": false, "of_marker": false, "on_fort": false}, "GR1": {"id": "GR1", "type": "ge_rifle", "side": "ge", "hex": "0911", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR2": {"id": "GR2", "type": "ge_rifle", "side": "ge", "hex": "0912", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR3": {"id": "GR3", "type": "ge_rifle", "side": "ge", "hex": "1012", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR4": {"id": "GR4", "type": "ge_rifle", "side": "ge", "hex": "1604", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR5": {"id": "GR5", "type": "ge_rifle", "side": "ge", "hex": "1511", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GR6": {"id": "GR6", "type": "ge_rifle", "side": "ge", "hex": "0907", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "SEC1": {"id": "SEC1", "type": "ge_security", "side": "ge", "hex": "1904", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "PI1": {"id": "PI1", "type": "ge_engineer", "side": "ge", "hex": "1413", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "FL1": {"id": "FL1", "type": "flak20", "side": "ge", "hex": "0811", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "FL2": {"id": "FL2", "type": "flak20", "side": "ge", "hex": "1804", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "QF1": {"id": "QF1", "type": "flak20q", "side": "ge", "hex": "1006", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "GM1": {"id": "GM1", "type": "ge_mortar", "side": "ge", "hex": "1206", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "AC1": {"id": "AC1", "type": "sdkfz234", "side": "ge", "hex": "0904", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "TR1": {"id": "TR1", "type": "ge_truck", "side": "ge", "hex": "1712", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "WA1": {"id": "WA1", "type": "ge_wagon", "side": "ge", "hex": "1903", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}, "WA2": {"id": "WA2", "type": "ge_wagon", "side": "ge", "hex": "1611", "status": "on_map", "enter_turn": 0, "enter_hexes": [], "dispersed": false, "fired": false, "fired_target": "", "revealed": false, "carrier": "", "cargo": "", "mp_left": 0.0, "moved": false, "loaded_turn": 0, "unloaded_turn": 0, "overran": false, "assaulted": false, "mine_stop": false, "work_hex": "", "work_phases": 0, "block_tries": 0, "placed": true, "of_marker": false, "on_fort": false}}, "wrecks": {}, "mines": {"1411": "ge", "1404": "ge"}, "blocks": ["1104"], "forts": {"1006": "ge", "1704": "ge"}, "inverted": [], "of_window": null, "bridges_down": [], "bridge_tries": {}, "temp_bridges": {}, "built_blocks": [], "indirect": [], "fire_queue": [], "assault_queue": [], "overrun_hexes": [], "indirect_hexes": [], "over": false, "winner": null, "result_text": "", "last_random": "", "last_overlays": []}');


--
-- Name: games_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_810044d; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_810044d.games_id_seq', 2, true);


--
-- Name: log_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_810044d; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_810044d.log_id_seq', 55, true);


--
-- Name: seats_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_810044d; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_810044d.seats_id_seq', 4, true);


--
-- Name: snapshots_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_810044d; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_810044d.snapshots_id_seq', 4, true);


--
-- Name: alembic_version alembic_version_pkc; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: log log_game_id_seq_key; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.log
    ADD CONSTRAINT log_game_id_seq_key UNIQUE (game_id, seq);


--
-- Name: log log_pkey; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.log
    ADD CONSTRAINT log_pkey PRIMARY KEY (id);


--
-- Name: seats seats_game_id_side_key; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.seats
    ADD CONSTRAINT seats_game_id_side_key UNIQUE (game_id, side);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (id);


--
-- Name: snapshots snapshots_game_id_seq_key; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.snapshots
    ADD CONSTRAINT snapshots_game_id_seq_key UNIQUE (game_id, seq);


--
-- Name: snapshots snapshots_pkey; Type: CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.snapshots
    ADD CONSTRAINT snapshots_pkey PRIMARY KEY (id);


--
-- Name: ix_games_channel_id; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_games_channel_id ON umpire_fixture_810044d.games USING btree (channel_id);


--
-- Name: ix_games_game; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_games_game ON umpire_fixture_810044d.games USING btree (game);


--
-- Name: ix_games_guild_id; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_games_guild_id ON umpire_fixture_810044d.games USING btree (guild_id);


--
-- Name: ix_log_game_id; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_log_game_id ON umpire_fixture_810044d.log USING btree (game_id);


--
-- Name: ix_log_game_kind_seq; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_log_game_kind_seq ON umpire_fixture_810044d.log USING btree (game_id, kind, seq);


--
-- Name: ix_log_interaction_id; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE UNIQUE INDEX ix_log_interaction_id ON umpire_fixture_810044d.log USING btree (interaction_id);


--
-- Name: ix_seats_game_id; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_seats_game_id ON umpire_fixture_810044d.seats USING btree (game_id);


--
-- Name: ix_seats_user_id; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_seats_user_id ON umpire_fixture_810044d.seats USING btree (user_id);


--
-- Name: ix_snapshots_game_id; Type: INDEX; Schema: umpire_fixture_810044d; Owner: -
--

CREATE INDEX ix_snapshots_game_id ON umpire_fixture_810044d.snapshots USING btree (game_id);


--
-- Name: log log_game_id_fkey; Type: FK CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.log
    ADD CONSTRAINT log_game_id_fkey FOREIGN KEY (game_id) REFERENCES umpire_fixture_810044d.games(id);


--
-- Name: seats seats_game_id_fkey; Type: FK CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.seats
    ADD CONSTRAINT seats_game_id_fkey FOREIGN KEY (game_id) REFERENCES umpire_fixture_810044d.games(id);


--
-- Name: snapshots snapshots_game_id_fkey; Type: FK CONSTRAINT; Schema: umpire_fixture_810044d; Owner: -
--

ALTER TABLE ONLY umpire_fixture_810044d.snapshots
    ADD CONSTRAINT snapshots_game_id_fkey FOREIGN KEY (game_id) REFERENCES umpire_fixture_810044d.games(id);


--
-- PostgreSQL database dump complete
--

\unrestrict IIoY6Hj64Ot49kA9MKltXEfgyztYFXls4VIO5HNrQJDlZm5Dq4FvQW2lj20Gjwu

