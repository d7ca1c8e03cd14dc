--
-- PostgreSQL database dump
--

\restrict ABFKwEYdDx0VBhP1wa83e4d0vfRzbZQ2NXGz4QD2nCfk8Pir56O1z2b45RJA6ij

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
-- Name: umpire_fixture_1eb4d94; Type: SCHEMA; Schema: -; Owner: -
--

CREATE SCHEMA umpire_fixture_1eb4d94;


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: alembic_version; Type: TABLE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE TABLE umpire_fixture_1eb4d94.alembic_version (
    version_num character varying(32) NOT NULL
);


--
-- Name: games; Type: TABLE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE TABLE umpire_fixture_1eb4d94.games (
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
    created_at timestamp with time zone NOT NULL
);


--
-- Name: games_id_seq; Type: SEQUENCE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE SEQUENCE umpire_fixture_1eb4d94.games_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: games_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER SEQUENCE umpire_fixture_1eb4d94.games_id_seq OWNED BY umpire_fixture_1eb4d94.games.id;


--
-- Name: log; Type: TABLE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE TABLE umpire_fixture_1eb4d94.log (
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
    created_at timestamp with time zone NOT NULL
);


--
-- Name: log_id_seq; Type: SEQUENCE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE SEQUENCE umpire_fixture_1eb4d94.log_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: log_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER SEQUENCE umpire_fixture_1eb4d94.log_id_seq OWNED BY umpire_fixture_1eb4d94.log.id;


--
-- Name: seats; Type: TABLE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE TABLE umpire_fixture_1eb4d94.seats (
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
-- Name: seats_id_seq; Type: SEQUENCE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE SEQUENCE umpire_fixture_1eb4d94.seats_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: seats_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER SEQUENCE umpire_fixture_1eb4d94.seats_id_seq OWNED BY umpire_fixture_1eb4d94.seats.id;


--
-- Name: snapshots; Type: TABLE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE TABLE umpire_fixture_1eb4d94.snapshots (
    id integer NOT NULL,
    game_id integer NOT NULL,
    seq integer NOT NULL,
    state json
);


--
-- Name: snapshots_id_seq; Type: SEQUENCE; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE SEQUENCE umpire_fixture_1eb4d94.snapshots_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: snapshots_id_seq; Type: SEQUENCE OWNED BY; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER SEQUENCE umpire_fixture_1eb4d94.snapshots_id_seq OWNED BY umpire_fixture_1eb4d94.snapshots.id;


--
-- Name: games id; Type: DEFAULT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.games ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_1eb4d94.games_id_seq'::regclass);


--
-- Name: log id; Type: DEFAULT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.log ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_1eb4d94.log_id_seq'::regclass);


--
-- Name: seats id; Type: DEFAULT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.seats ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_1eb4d94.seats_id_seq'::regclass);


--
-- Name: snapshots id; Type: DEFAULT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.snapshots ALTER COLUMN id SET DEFAULT nextval('umpire_fixture_1eb4d94.snapshots_id_seq'::regclass);


--
-- Data for Name: alembic_version; Type: TABLE DATA; Schema: umpire_fixture_1eb4d94; Owner: -
--

INSERT INTO umpire_fixture_1eb4d94.alembic_version VALUES ('0001');


--
-- Data for Name: games; Type: TABLE DATA; Schema: umpire_fixture_1eb4d94; Owner: -
--

INSERT INTO umpire_fixture_1eb4d94.games VALUES (1, 'peiper', 'historical', 11, '{"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": false}', 'old peiper', '900000000000000001', '900000000000000002', 30, 30, 'active', NULL, '{"scenario": "historical", "seed": 11, "options": {"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": false}, "rng": {"state": 12849296499198707033}, "turns": 5, "turn": 0, "phase": "setup", "side": "us", "deck": {"draw_pile": [], "discards": []}, "units": {"CCR/3/1": {"id": "CCR/3/1", "side": "us", "status": "on_map", "hex": "0104", "reduced": false}, "2/23/2": {"id": "2/23/2", "side": "us", "status": "on_map", "hex": "0407", "reduced": false}, "99 BG": {"id": "99 BG", "side": "us", "status": "on_map", "hex": "1307", "reduced": false}, "106 BG": {"id": "106 BG", "side": "us", "status": "on_map", "hex": "0403", "reduced": false}, "CCB/3/1": {"id": "CCB/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/1": {"id": "30/117/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/2": {"id": "30/117/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/3": {"id": "2/23/3", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "Spitze": {"id": "Spitze", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "1/1 LAH": {"id": "1/1 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "501": {"id": "501", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3/2 LAH": {"id": "3/2 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG1": {"id": "3FJ/KG1", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG2": {"id": "3FJ/KG2", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}}, "card": "", "acts": 0, "act_units": [], "attacks": [], "spent": {"ge": false, "us": false}, "oba_used": {"ge": false, "us": false}, "oba_support": {"ge": [], "us": []}, "bridges_down": [], "fuel_depot": "held", "exited": [], "winner": null, "result": "", "last_random": "", "overlays": [], "actions": 30}', NULL, '2026-12-01 23:41:03.859547+00', '2026-12-01 23:41:03.310452+00');
INSERT INTO umpire_fixture_1eb4d94.games VALUES (2, 'saf', '1', 12, '{}', 'old saf', '900000000000000001', '900000000000000003', 25, 25, 'active', NULL, '{"scenario": "1", "seed": 12, "rng": {"state": 7348205354764112614}, "options": {}, "turn": 5, "phase": "orders", "units": {"I1": {"id": "I1", "kind": "us_infantry", "side": "us", "number": 1, "hex": "0403", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "low_ammo", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "blue", "fire_on_entry": false}, "I2": {"id": "I2", "kind": "us_infantry", "side": "us", "number": 2, "hex": "0203", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "I3": {"id": "I3", "kind": "us_infantry", "side": "us", "number": 3, "hex": "0109", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V4": {"id": "V4", "kind": "us_veteran", "side": "us", "number": 4, "hex": "0101", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V5": {"id": "V5", "kind": "us_veteran", "side": "us", "number": 5, "hex": "0309", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V6": {"id": "V6", "kind": "us_veteran", "side": "us", "number": 6, "hex": "0210", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "MO1": {"id": "MO1", "kind": "us_mortar", "side": "us", "number": 0, "hex": "0211", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "SH1": {"id": "SH1", "kind": "m4", "side": "us", "number": 0, "hex": "0102", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "SH2": {"id": "SH2", "kind": "m4", "side": "us", "number": 0, "hex": "0304", "status": "on_map", "state": "calm", "acted": true, "moved": true, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "SH3": {"id": "SH3", "kind": "m4", "side": "us", "number": 0, "hex": "0406", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "LT1": {"id": "LT1", "kind": "us_lt", "side": "us", "number": 0, "hex": "0403", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "I1", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "blue", "fire_on_entry": false}, "PZ1": {"id": "PZ1", "kind": "panzer", "side": "ge", "number": 0, "hex": "1002", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "ge_tank", "fire_on_entry": false}, "PZ2": {"id": "PZ2", "kind": "panzer", "side": "ge", "number": 0, "hex": "1107", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "ge_tank", "fire_on_entry": false}, "MG1": {"id": "MG1", "kind": "mg42", "side": "ge", "number": 0, "hex": "1104", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "mg42", "fire_on_entry": false}, "R1": {"id": "R1", "kind": "ge_infantry", "side": "ge", "number": 1, "hex": "1004", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R2": {"id": "R2", "kind": "ge_infantry", "side": "ge", "number": 2, "hex": "0906", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R3": {"id": "R3", "kind": "ge_infantry", "side": "ge", "number": 3, "hex": "1005", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R4": {"id": "R4", "kind": "ge_infantry", "side": "ge", "number": 7, "hex": "0805", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R5": {"id": "R5", "kind": "ge_infantry", "side": "ge", "number": 8, "hex": "1205", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV1": {"id": "GV1", "kind": "ge_veteran", "side": "ge", "number": 5, "hex": "1005", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV2": {"id": "GV2", "kind": "ge_veteran", "side": "ge", "number": 3, "hex": "0607", "status": "on_map", "state": "panic", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV3": {"id": "GV3", "kind": "ge_veteran", "side": "ge", "number": 6, "hex": "0907", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV4": {"id": "GV4", "kind": "ge_veteran", "side": "ge", "number": 1, "hex": "0705", "status": "on_map", "state": "alert", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}}, "dice": [1, 2, 2, 4], "adjusted": false, "morale": 0, "morale_log": [], "reserve_at": 30, "reserve_moves": 0, "reserve_arrivals": 0, "supply": 0, "german_destroyed": 0, "supply_earned": 0, "panzers_destroyed": 0, "cover_deck": {"draw_pile": ["1", "9", "10", "14", "2", "6", "11", "16", "19", "17", "15", "5", "12", "18", "4", "8", "3", "0", "13"], "discards": ["7"]}, "action_deck": {"draw_pile": [], "discards": ["2", "4", "1", "14", "16", "3", "10", "7", "15", "17", "8", "13", "11", "6", "0", "12", "9", "5"]}, "reserve_deck": {"draw_pile": ["RS3", "RS1", "RS6", "RS2", "RS5", "RS4"], "discards": []}, "pool": {"ge_infantry": [4, 5, 6, 0, 0], "ge_veteran": [2, 4]}, "next_id": {"us_inf": 6, "us_mortar": 1, "m4": 3, "us_lt": 1, "panzer": 2, "mg42": 1, "ge_infantry": 5, "ge_veteran": 4}, "winner": null, "result": "", "last_random": "4 1 2 5 2", "overlays": [{"kind": "move", "side": "us", "path": ["0105", "0304"]}]}', NULL, '2026-12-01 23:41:04.218312+00', '2026-12-01 23:41:03.467465+00');


--
-- Data for Name: log; Type: TABLE DATA; Schema: umpire_fixture_1eb4d94; Owner: -
--

INSERT INTO umpire_fixture_1eb4d94.log VALUES (1, 1, 1, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "1002"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 1002.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 1, '2026-12-01 23:41:03.484675+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (2, 1, 2, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0702"}}', '[{"kind": "setup", "text": "99 BG sets up in 0702.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 2, '2026-12-01 23:41:03.546617+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (3, 1, 3, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0804"}}', '[{"kind": "setup", "text": "106 BG sets up in 0804 (La Gleize).", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 3, '2026-12-01 23:41:03.5594+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (4, 1, 4, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0601"}}', '[{"kind": "setup", "text": "106 BG sets up in 0601.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 4, '2026-12-01 23:41:03.571007+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (5, 1, 5, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0402"}}', '[{"kind": "setup", "text": "106 BG sets up in 0402.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 5, '2026-12-01 23:41:03.583439+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (6, 1, 6, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0505"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0505.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 6, '2026-12-01 23:41:03.594044+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (7, 1, 7, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "0401"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 0401.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 7, '2026-12-01 23:41:03.603599+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (8, 1, 8, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0904"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0904.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 8, '2026-12-01 23:41:03.614+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (9, 1, 9, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0304"}}', '[{"kind": "setup", "text": "99 BG sets up in 0304 (Targnon).", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 9, '2026-12-01 23:41:03.624952+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (10, 1, 10, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0310"}}', '[{"kind": "setup", "text": "106 BG sets up in 0310 (Neufmoulin).", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 10, '2026-12-01 23:41:03.635593+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (11, 1, 11, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0101"}}', '[{"kind": "setup", "text": "99 BG sets up in 0101.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 11, '2026-12-01 23:41:03.645719+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (12, 1, 12, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0202"}}', '[{"kind": "setup", "text": "99 BG sets up in 0202.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 12, '2026-12-01 23:41:03.656436+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (13, 1, 13, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "1104"}}', '[{"kind": "setup", "text": "99 BG sets up in 1104.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 13, '2026-12-01 23:41:03.667961+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (14, 1, 14, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1005"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1005.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 14, '2026-12-01 23:41:03.67962+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (15, 1, 15, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0504"}}', '[{"kind": "setup", "text": "106 BG sets up in 0504.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 15, '2026-12-01 23:41:03.690967+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (16, 1, 16, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "0108"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 0108.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 16, '2026-12-01 23:41:03.703135+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (17, 1, 17, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0708"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0708.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 17, '2026-12-01 23:41:03.714129+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (18, 1, 18, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0210"}}', '[{"kind": "setup", "text": "99 BG sets up in 0210.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 18, '2026-12-01 23:41:03.725992+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (19, 1, 19, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0303"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0303.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 19, '2026-12-01 23:41:03.737932+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (20, 1, 20, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "1008"}}', '[{"kind": "setup", "text": "106 BG sets up in 1008.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 20, '2026-12-01 23:41:03.749579+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (21, 1, 21, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0708"}}', '[{"kind": "setup", "text": "106 BG sets up in 0708.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 21, '2026-12-01 23:41:03.761459+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (22, 1, 22, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1010"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1010.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 22, '2026-12-01 23:41:03.771823+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (23, 1, 23, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1302"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1302.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 23, '2026-12-01 23:41:03.782673+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (24, 1, 24, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "0902"}}', '[{"kind": "setup", "text": "99 BG sets up in 0902.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 24, '2026-12-01 23:41:03.793529+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (25, 1, 25, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0401"}}', '[{"kind": "setup", "text": "106 BG sets up in 0401.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 25, '2026-12-01 23:41:03.803709+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (26, 1, 26, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "106 BG", "at": "0403"}}', '[{"kind": "setup", "text": "106 BG sets up in 0403.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 26, '2026-12-01 23:41:03.813908+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (27, 1, 27, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "CCR/3/1", "at": "0104"}}', '[{"kind": "setup", "text": "CCR/3/1 sets up in 0104.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 27, '2026-12-01 23:41:03.826052+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (28, 1, 28, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "99 BG", "at": "1307"}}', '[{"kind": "setup", "text": "99 BG sets up in 1307.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 28, '2026-12-01 23:41:03.837043+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (29, 1, 29, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "1309"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 1309.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 29, '2026-12-01 23:41:03.847885+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (30, 1, 30, 'action', 'us', '100000000000000001', '', '{"kind": "place", "args": {"unit": "2/23/2", "at": "0407"}}', '[{"kind": "setup", "text": "2/23/2 sets up in 0407.", "rule": "Set-Up", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 30, '2026-12-01 23:41:03.859403+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (31, 2, 1, 'action', 'us', 'bot', '', '{"kind": "place", "args": {"unit": "MO1", "to": "0211"}}', '[{"kind": "setup", "text": "Mortar MO1 sets up at 0211", "rule": "8.1.1", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 1, '2026-12-01 23:41:03.868488+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (32, 2, 2, 'action', 'us', 'bot', '', '{"kind": "roll", "args": {}}', '[{"kind": "dice", "text": "Enemy Spotted check (1 in play, fewer than five): rolled 6", "rule": "6.1 A", "side": "ge", "data": {"dice": [6]}, "random": true, "phase_end": false}, {"kind": "phase", "text": "Enemy spotted: 5 infantry and 4 veterans", "rule": "6.1 A", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Rifle squad [1]: rolled 3", "rule": "6.1 B", "side": "ge", "data": {"dice": [3]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Rifle squad R1 [1] arrives at reinforcement hex 1405", "rule": "6.1 B", "side": "ge", "data": {"unit": "R1", "hex": "1405"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Rifle squad [2]: rolled 1", "rule": "6.1 B", "side": "ge", "data": {"dice": [1]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Rifle squad R2 [2] arrives at the red hex", "rule": "6.1 B", "side": "ge", "data": {"unit": "R2", "hex": "1306"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Rifle squad [3]: rolled 5", "rule": "6.1 B", "side": "ge", "data": {"dice": [5]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Rifle squad R3 [3] arrives at reinforcement hex 1307", "rule": "6.1 B", "side": "ge", "data": {"unit": "R3", "hex": "1307"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Rifle squad [7]: rolled 6", "rule": "6.1 B", "side": "ge", "data": {"dice": [6]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Rifle squad R4 [7] arrives at reinforcement hex 1206", "rule": "6.1 B", "side": "ge", "data": {"unit": "R4", "hex": "1206"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Rifle squad [8]: rolled 4", "rule": "6.1 B", "side": "ge", "data": {"dice": [4]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Rifle squad R5 [8] arrives at reinforcement hex 1406", "rule": "6.1 B", "side": "ge", "data": {"unit": "R5", "hex": "1406"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Veteran squad [5]: rolled 6", "rule": "6.1 B", "side": "ge", "data": {"dice": [6]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Veteran squad GV1 [5] arrives at reinforcement hex 1206", "rule": "6.1 B", "side": "ge", "data": {"unit": "GV1", "hex": "1206"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Veteran squad [3]: rolled 4", "rule": "6.1 B", "side": "ge", "data": {"dice": [4]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Veteran squad GV2 [3] arrives at reinforcement hex 1406", "rule": "6.1 B", "side": "ge", "data": {"unit": "GV2", "hex": "1406"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Veteran squad [6]: rolled 3", "rule": "6.1 B", "side": "ge", "data": {"dice": [3]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Veteran squad GV3 [6] arrives at reinforcement hex 1405", "rule": "6.1 B", "side": "ge", "data": {"unit": "GV3", "hex": "1405"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Arrival roll for Veteran squad [1]: rolled 6", "rule": "6.1 B", "side": "ge", "data": {"dice": [6]}, "random": true, "phase_end": false}, {"kind": "arrive", "text": "Hex 1206 is full; Veteran squad [1] goes to 1306", "rule": "6.1 C", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "arrive", "text": "Veteran squad GV4 [1] arrives at the red hex", "rule": "6.1 B", "side": "ge", "data": {"unit": "GV4", "hex": "1306"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Order dice (5d6): rolled 4 4 6 2 2", "rule": "6.2 A", "side": "us", "data": {"dice": [4, 4, 6, 2, 2]}, "random": true, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 2, '2026-12-01 23:41:03.876452+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (33, 2, 3, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 2, "unit": "I1", "type": "move", "to": "0305"}}', '[{"kind": "order", "text": "Order: 2 -> move for Infantry I1", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Infantry I1 moves 0306 -> 0305", "rule": "6.3.1", "side": "us", "data": {"unit": "I1", "to": "0305"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 3, '2026-12-01 23:41:03.909414+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (34, 2, 4, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 2, "unit": "I3", "type": "move", "to": "0109"}}', '[{"kind": "order", "text": "Order: 2 -> move for Infantry I3", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Infantry I3 moves 0209 -> 0109", "rule": "6.3.1", "side": "us", "data": {"unit": "I3", "to": "0109"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 4, '2026-12-01 23:41:03.935859+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (35, 2, 5, 'action', 'us', 'bot', '', '{"kind": "adjust", "args": {"die": 6, "to": 5}}', '[{"kind": "dice", "text": "Die 6 turned to 5: dice now 4 4 5", "rule": "6.2 C", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 5, '2026-12-01 23:41:03.946954+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (36, 2, 6, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 5, "unit": "SH3", "type": "tank", "to": "0307"}}', '[{"kind": "order", "text": "Order: 5 -> tank for M4 Sherman SH3", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "M4 Sherman SH3 moves 0309 -> 0307", "rule": "6.3.6.7 B", "side": "us", "data": {"unit": "SH3", "to": "0307"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 6, '2026-12-01 23:41:03.960087+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (37, 2, 7, 'action', 'us', 'bot', '', '{"kind": "end", "args": {}}', '[{"kind": "order", "text": "Unused order dice are lost: 4 4", "rule": "6.2 D", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "phase", "text": "End of the American turn", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": true}, {"kind": "phase", "text": "German turn 1", "rule": "7.0", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV1 [5] draws ''Close assault'': move 1 then assault [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 16}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV1 [5] moves toward its keyed American Veteran V5: 1206 -> 1106", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV1", "to": "1106"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R4 [7] draws ''Advance'': move 2", "rule": "7.2 A", "side": "ge", "data": {"card": 3}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R4 [7] moves toward the closest American Infantry I1: 1206 -> 1005", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R4", "to": "1005"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV4 [1] draws ''Advance'': move 2", "rule": "7.2 A", "side": "ge", "data": {"card": 2}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV4 [1] moves toward its keyed American Infantry I1: 1306 -> 1105", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV4", "to": "1105"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R2 [2] draws ''Charge!'': move 2 then assault", "rule": "7.2 A", "side": "ge", "data": {"card": 8}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R2 [2] moves toward its keyed American Infantry I2: 1306 -> 1105", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R2", "to": "1105"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R3 [3] draws ''Hit the dirt'': move 1 [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 0}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R3 [3] moves toward its keyed American Infantry I3: 1307 -> 1206", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R3", "to": "1206"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV2 [3] draws ''Hold position'': no action", "rule": "7.2 A", "side": "ge", "data": {"card": 11}, "random": true, "phase_end": false}, {"kind": "order", "text": "Veteran squad GV2 [3] takes no action", "rule": "7.2 I", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV3 [6] draws ''Open fire'': fire [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 7}, "random": true, "phase_end": false}, {"kind": "order", "text": "Veteran squad GV3 [6] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R1 [1] draws ''No action'': no action", "rule": "7.2 A", "side": "ge", "data": {"card": 17}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R1 [1] takes no action", "rule": "7.2 I", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R5 [8] draws ''Take cover'': move 1", "rule": "7.2 A", "side": "ge", "data": {"card": 10}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R5 [8] moves toward the closest American Infantry I1: 1406 -> 1306", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R5", "to": "1306"}, "random": false, "phase_end": false}, {"kind": "order", "text": "MG 42 team MG1 has no target in range and LOS", "rule": "7.2.5 C", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ1 moves toward M4 Sherman SH1, seeking LOS: 1403 -> 1303", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ1", "to": "1303"}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ2 moves toward M4 Sherman SH2, seeking LOS: 1409 -> 1309", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ2", "to": "1309"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Surprise reinforcement check (6 = arrives): rolled 1", "rule": "7.3 A", "side": "ge", "data": {"dice": [1]}, "random": true, "phase_end": true}, {"kind": "turn", "text": "American turn 2 of 12", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "phase", "text": "Enemy Spotted check: 10 German infantry and MG 42 units in play, no roll", "rule": "6.1 A", "side": "ge", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 7, '2026-12-01 23:41:03.979045+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (38, 2, 8, 'action', 'us', 'bot', '', '{"kind": "roll", "args": {}}', '[{"kind": "dice", "text": "Order dice (5d6): rolled 6 1 4 6 2", "rule": "6.2 A", "side": "us", "data": {"dice": [6, 1, 4, 6, 2]}, "random": true, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 8, '2026-12-01 23:41:03.987421+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (39, 2, 9, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 2, "unit": "V4", "type": "move", "to": "0103"}}', '[{"kind": "order", "text": "Order: 2 -> move for Veteran V4", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Veteran V4 moves 0202 -> 0103", "rule": "6.3.1", "side": "us", "data": {"unit": "V4", "to": "0103"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 9, '2026-12-01 23:41:04.004873+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (40, 2, 10, 'action', 'us', 'bot', '', '{"kind": "end", "args": {}}', '[{"kind": "order", "text": "Unused order dice are lost: 1 4 6 6", "rule": "6.2 D", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "phase", "text": "End of the American turn", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": true}, {"kind": "phase", "text": "German turn 2", "rule": "7.0", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R4 [7] draws ''Hold position'': no action", "rule": "7.2 A", "side": "ge", "data": {"card": 12}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R4 [7] takes no action", "rule": "7.2 I", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV1 [5] draws ''Fall back'': fire", "rule": "7.2 A", "side": "ge", "data": {"card": 13}, "random": true, "phase_end": false}, {"kind": "order", "text": "Veteran squad GV1 [5] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV4 [1] draws ''Advance'': move 2", "rule": "7.2 A", "side": "ge", "data": {"card": 4}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV4 [1] moves toward its keyed American Infantry I1: 1105 -> 0906", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV4", "to": "0906"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R2 [2] draws ''Open fire'': fire [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 6}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R2 [2] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R3 [3] draws ''Hit the dirt'': move 1 [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 1}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R3 [3] moves toward its keyed American Infantry I3: 1206 -> 1106", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R3", "to": "1106"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R5 [8] draws ''Take cover'': move 1", "rule": "7.2 A", "side": "ge", "data": {"card": 9}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R5 [8] moves toward the closest American Infantry I1: 1306 -> 1205", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R5", "to": "1205"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV2 [3] draws ''Flank them'': move 3", "rule": "7.2 A", "side": "ge", "data": {"card": 14}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV2 [3] moves toward its keyed American Infantry I3: 1406 -> 1105", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV2", "to": "1105"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV3 [6] draws ''Flank them'': move 3", "rule": "7.2 A", "side": "ge", "data": {"card": 15}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV3 [6] moves toward its keyed American Veteran V6: 1405 -> 1107", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV3", "to": "1107"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R1 [1] draws ''Open fire'': fire [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 5}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R1 [1] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "order", "text": "MG 42 team MG1 has no target in range and LOS", "rule": "7.2.5 C", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ1 moves toward M4 Sherman SH1, seeking LOS: 1303 -> 1202", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ1", "to": "1202"}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ2 moves toward M4 Sherman SH2, seeking LOS: 1309 -> 1308", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ2", "to": "1308"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Surprise reinforcement check (6 = arrives): rolled 2", "rule": "7.3 A", "side": "ge", "data": {"dice": [2]}, "random": true, "phase_end": true}, {"kind": "turn", "text": "American turn 3 of 12", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "phase", "text": "Enemy Spotted check: 10 German infantry and MG 42 units in play, no roll", "rule": "6.1 A", "side": "ge", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 10, '2026-12-01 23:41:04.024073+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (41, 2, 11, 'action', 'us', 'bot', '', '{"kind": "roll", "args": {}}', '[{"kind": "dice", "text": "Order dice (5d6): rolled 2 3 3 5 4", "rule": "6.2 A", "side": "us", "data": {"dice": [2, 3, 3, 5, 4]}, "random": true, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 11, '2026-12-01 23:41:04.031584+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (42, 2, 12, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 2, "unit": "I1", "type": "move", "to": "0403"}}', '[{"kind": "order", "text": "Order: 2 -> move for Infantry I1", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Infantry I1 moves 0305 -> 0403", "rule": "6.3.1", "side": "us", "data": {"unit": "I1", "to": "0403"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 12, '2026-12-01 23:41:04.05343+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (43, 2, 13, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 3, "unit": "V4", "type": "move", "to": "0101"}}', '[{"kind": "order", "text": "Order: 3 -> move for Veteran V4", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Veteran V4 moves 0103 -> 0101", "rule": "6.3.1", "side": "us", "data": {"unit": "V4", "to": "0101"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 13, '2026-12-01 23:41:04.069625+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (44, 2, 14, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 3, "unit": "V5", "type": "move", "to": "0309"}}', '[{"kind": "order", "text": "Order: 3 -> move for Veteran V5", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Veteran V5 moves 0206 -> 0309", "rule": "6.3.1", "side": "us", "data": {"unit": "V5", "to": "0309"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 14, '2026-12-01 23:41:04.086953+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (45, 2, 15, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 5, "unit": "SH3", "type": "tank", "to": "0205"}}', '[{"kind": "order", "text": "Order: 5 -> tank for M4 Sherman SH3", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "M4 Sherman SH3 moves 0307 -> 0205", "rule": "6.3.6.7 B", "side": "us", "data": {"unit": "SH3", "to": "0205"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 15, '2026-12-01 23:41:04.096364+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (46, 2, 16, 'action', 'us', 'bot', '', '{"kind": "end", "args": {}}', '[{"kind": "order", "text": "Unused order dice are lost: 4", "rule": "6.2 D", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "dice", "text": "American reserves check (6 = arrive): rolled 3", "rule": "6.4", "side": "us", "data": {"dice": [3]}, "random": true, "phase_end": false}, {"kind": "phase", "text": "End of the American turn", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": true}, {"kind": "phase", "text": "German turn 3", "rule": "7.0", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "The action deck is reshuffled", "rule": "3.0 A", "side": "", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV4 [1] draws ''Advance'': move 2", "rule": "7.2 A", "side": "ge", "data": {"card": 2}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV4 [1] moves toward its keyed American Infantry I1: 0906 -> 0705", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV4", "to": "0705"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R4 [7] draws ''Advance'': move 2", "rule": "7.2 A", "side": "ge", "data": {"card": 4}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R4 [7] moves toward the closest American Infantry I1: 1005 -> 0805", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R4", "to": "0805"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV1 [5] draws ''Hit the dirt'': move 1 [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 1}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV1 [5] moves toward its keyed American Veteran V5: 1106 -> 1005", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV1", "to": "1005"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV2 [3] draws ''Flank them'': move 3", "rule": "7.2 A", "side": "ge", "data": {"card": 14}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV2 [3] moves toward its keyed American Infantry I3: 1105 -> 0806", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV2", "to": "0806"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV3 [6] draws ''Close assault'': move 1 then assault [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 16}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV3 [6] moves toward its keyed American Veteran V6: 1107 -> 1006", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV3", "to": "1006"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R2 [2] draws ''Advance'': move 2", "rule": "7.2 A", "side": "ge", "data": {"card": 3}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R2 [2] moves toward its keyed American Infantry I2: 1105 -> 0906", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R2", "to": "0906"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R3 [3] draws ''Take cover'': move 1", "rule": "7.2 A", "side": "ge", "data": {"card": 10}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R3 [3] moves toward its keyed American Infantry I3: 1106 -> 1005", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R3", "to": "1005"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R5 [8] draws ''Open fire'': fire [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 7}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R5 [8] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R1 [1] draws ''Flank them'': move 3", "rule": "7.2 A", "side": "ge", "data": {"card": 15}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R1 [1] moves toward its keyed American Infantry I1: 1405 -> 1104", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R1", "to": "1104"}, "random": false, "phase_end": false}, {"kind": "order", "text": "MG 42 team MG1 has no target in range and LOS", "rule": "7.2.5 C", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ1 moves toward M4 Sherman SH1, seeking LOS: 1202 -> 1102", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ1", "to": "1102"}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ2 moves toward M4 Sherman SH2, seeking LOS: 1308 -> 1207", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ2", "to": "1207"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Surprise reinforcement check (6 = arrives): rolled 4", "rule": "7.3 A", "side": "ge", "data": {"dice": [4]}, "random": true, "phase_end": true}, {"kind": "turn", "text": "American turn 4 of 12", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "phase", "text": "Enemy Spotted check: 10 German infantry and MG 42 units in play, no roll", "rule": "6.1 A", "side": "ge", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 16, '2026-12-01 23:41:04.121435+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (47, 2, 17, 'action', 'us', 'bot', '', '{"kind": "roll", "args": {}}', '[{"kind": "dice", "text": "Order dice (5d6): rolled 6 6 4 5 5", "rule": "6.2 A", "side": "us", "data": {"dice": [6, 6, 4, 5, 5]}, "random": true, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 17, '2026-12-01 23:41:04.130506+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (48, 2, 18, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 5, "unit": "SH3", "type": "tank", "to": "0406"}}', '[{"kind": "order", "text": "Order: 5 -> tank for M4 Sherman SH3", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "M4 Sherman SH3 moves 0205 -> 0406", "rule": "6.3.6.7 B", "side": "us", "data": {"unit": "SH3", "to": "0406"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 18, '2026-12-01 23:41:04.15019+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (49, 2, 19, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 5, "unit": "SH2", "type": "tank", "to": "0105"}}', '[{"kind": "order", "text": "Order: 5 -> tank for M4 Sherman SH2", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "M4 Sherman SH2 moves 0304 -> 0105", "rule": "6.3.6.7 B", "side": "us", "data": {"unit": "SH2", "to": "0105"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 19, '2026-12-01 23:41:04.165495+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (50, 2, 20, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 6, "unit": "I1", "type": "cover", "target": "GV4"}}', '[{"kind": "order", "text": "Order: 6 -> cover for Infantry I1", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Cover card: ''In the open / Dug in''", "rule": "6.3.4", "side": "us", "data": {"card": 7}, "random": true, "phase_end": false}, {"kind": "dice", "text": "Infantry I1 fires at Veteran squad GV4 [1] (needs 5+, no cover): rolled 1", "rule": "6.3.3 K", "side": "us", "data": {"dice": [1]}, "random": true, "phase_end": false}, {"kind": "fire", "text": "1 +1 1st Lieutenant = 2 against 5+: miss", "rule": "6.3.5 C", "side": "us", "data": {"hit": false}, "random": false, "phase_end": false}, {"kind": "status", "text": "Veteran squad GV4 [1] is now Alert after being fired on", "rule": "6.3.5 F", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "status", "text": "Infantry I1 rolled a natural 1 and is low on ammunition", "rule": "6.3.5 G", "side": "ge", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 20, '2026-12-01 23:41:04.174648+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (51, 2, 21, 'action', 'us', 'bot', '', '{"kind": "adjust", "args": {"die": 6, "to": 5}}', '[{"kind": "dice", "text": "Die 6 turned to 5: dice now 4 5", "rule": "6.2 C", "side": "us", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 21, '2026-12-01 23:41:04.181625+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (52, 2, 22, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 5, "unit": "SH1", "type": "tank", "to": "0102"}}', '[{"kind": "order", "text": "Order: 5 -> tank for M4 Sherman SH1", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "M4 Sherman SH1 moves 0302 -> 0102", "rule": "6.3.6.7 B", "side": "us", "data": {"unit": "SH1", "to": "0102"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 22, '2026-12-01 23:41:04.188179+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (53, 2, 23, 'action', 'us', 'bot', '', '{"kind": "end", "args": {}}', '[{"kind": "order", "text": "Unused order dice are lost: 4", "rule": "6.2 D", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "dice", "text": "American reserves check (6 = arrive): rolled 1", "rule": "6.4", "side": "us", "data": {"dice": [1]}, "random": true, "phase_end": false}, {"kind": "phase", "text": "End of the American turn", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": true}, {"kind": "phase", "text": "German turn 4", "rule": "7.0", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Alert Veteran squad GV4 [1] draws ''No action'': no action", "rule": "7.2 A", "side": "ge", "data": {"card": 17}, "random": true, "phase_end": false}, {"kind": "order", "text": "Veteran squad GV4 [1] takes no action", "rule": "7.2 I", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV2 [3] draws ''Charge!'': move 2 then assault", "rule": "7.2 A", "side": "ge", "data": {"card": 8}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV2 [3] moves toward its keyed American Infantry I3: 0806 -> 0607", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV2", "to": "0607"}, "random": false, "phase_end": false}, {"kind": "status", "text": "Veteran squad GV2 [3] panics: an American tank is within two hexes", "rule": "6.3.6.7 C", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R4 [7] draws ''Fall back'': fire", "rule": "7.2 A", "side": "ge", "data": {"card": 13}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R4 [7] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R2 [2] draws ''Hold position'': no action", "rule": "7.2 A", "side": "ge", "data": {"card": 11}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R2 [2] takes no action", "rule": "7.2 I", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV1 [5] draws ''Open fire'': fire [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 6}, "random": true, "phase_end": false}, {"kind": "order", "text": "Veteran squad GV1 [5] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Veteran squad GV3 [6] draws ''Hit the dirt'': move 1 [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 0}, "random": true, "phase_end": false}, {"kind": "move", "text": "Veteran squad GV3 [6] moves toward its keyed American Veteran V6: 1006 -> 0907", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "GV3", "to": "0907"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R3 [3] draws ''Hold position'': no action", "rule": "7.2 A", "side": "ge", "data": {"card": 12}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R3 [3] takes no action", "rule": "7.2 I", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R1 [1] draws ''Take cover'': move 1", "rule": "7.2 A", "side": "ge", "data": {"card": 9}, "random": true, "phase_end": false}, {"kind": "move", "text": "Rifle squad R1 [1] moves toward its keyed American Infantry I1: 1104 -> 1004", "rule": "7.2.1 A", "side": "ge", "data": {"unit": "R1", "to": "1004"}, "random": false, "phase_end": false}, {"kind": "card", "text": "Calm Rifle squad R5 [8] draws ''Open fire'': fire [Low Supply icon]", "rule": "7.2 A", "side": "ge", "data": {"card": 5}, "random": true, "phase_end": false}, {"kind": "order", "text": "Rifle squad R5 [8] has no American in range and LOS to fire at", "rule": "7.2 D", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "order", "text": "MG 42 team MG1 has no target in range and LOS", "rule": "7.2.5 C", "side": "ge", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ1 moves toward M4 Sherman SH3, seeking LOS: 1102 -> 1002", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ1", "to": "1002"}, "random": false, "phase_end": false}, {"kind": "move", "text": "Panzer IV PZ2 moves toward M4 Sherman SH3, seeking LOS: 1207 -> 1107", "rule": "7.2.6 C", "side": "ge", "data": {"unit": "PZ2", "to": "1107"}, "random": false, "phase_end": false}, {"kind": "dice", "text": "Surprise reinforcement check (6 = arrives): rolled 4", "rule": "7.3 A", "side": "ge", "data": {"dice": [4]}, "random": true, "phase_end": true}, {"kind": "turn", "text": "American turn 5 of 12", "rule": "6.0", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "phase", "text": "Enemy Spotted check: 10 German infantry and MG 42 units in play, no roll", "rule": "6.1 A", "side": "ge", "data": {}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 23, '2026-12-01 23:41:04.198924+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (54, 2, 24, 'action', 'us', 'bot', '', '{"kind": "roll", "args": {}}', '[{"kind": "dice", "text": "Order dice (5d6): rolled 4 1 2 5 2", "rule": "6.2 A", "side": "us", "data": {"dice": [4, 1, 2, 5, 2]}, "random": true, "phase_end": false}]', '', '', NULL, NULL, false, NULL, true, 24, '2026-12-01 23:41:04.205254+00');
INSERT INTO umpire_fixture_1eb4d94.log VALUES (55, 2, 25, 'action', 'us', 'bot', '', '{"kind": "order", "args": {"die": 5, "unit": "SH2", "type": "tank", "to": "0304"}}', '[{"kind": "order", "text": "Order: 5 -> tank for M4 Sherman SH2", "rule": "6.2 A", "side": "us", "data": {}, "random": false, "phase_end": false}, {"kind": "move", "text": "M4 Sherman SH2 moves 0105 -> 0304", "rule": "6.3.6.7 B", "side": "us", "data": {"unit": "SH2", "to": "0304"}, "random": false, "phase_end": false}]', '', '', NULL, NULL, false, NULL, false, 25, '2026-12-01 23:41:04.218128+00');


--
-- Data for Name: seats; Type: TABLE DATA; Schema: umpire_fixture_1eb4d94; Owner: -
--

INSERT INTO umpire_fixture_1eb4d94.seats VALUES (1, 1, 'us', 'human', '100000000000000001', 'alice', 'normal', 'channel');
INSERT INTO umpire_fixture_1eb4d94.seats VALUES (2, 1, 'ge', 'human', '100000000000000002', 'bob', 'normal', 'channel');
INSERT INTO umpire_fixture_1eb4d94.seats VALUES (3, 2, 'us', 'bot', NULL, '', 'normal', 'channel');
INSERT INTO umpire_fixture_1eb4d94.seats VALUES (4, 2, 'ge', 'bot', NULL, '', 'normal', 'channel');


--
-- Data for Name: snapshots; Type: TABLE DATA; Schema: umpire_fixture_1eb4d94; Owner: -
--

INSERT INTO umpire_fixture_1eb4d94.snapshots VALUES (1, 1, 0, '{"scenario": "historical", "seed": 11, "options": {"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": false}, "rng": {"state": 12849296499198707033}, "turns": 5, "turn": 0, "phase": "setup", "side": "us", "deck": {"draw_pile": [], "discards": []}, "units": {"CCR/3/1": {"id": "CCR/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/2": {"id": "2/23/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "99 BG": {"id": "99 BG", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "106 BG": {"id": "106 BG", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "CCB/3/1": {"id": "CCB/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/1": {"id": "30/117/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/2": {"id": "30/117/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/3": {"id": "2/23/3", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "Spitze": {"id": "Spitze", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "1/1 LAH": {"id": "1/1 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "501": {"id": "501", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3/2 LAH": {"id": "3/2 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG1": {"id": "3FJ/KG1", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG2": {"id": "3FJ/KG2", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}}, "card": "", "acts": 0, "act_units": [], "attacks": [], "spent": {"ge": false, "us": false}, "oba_used": {"ge": false, "us": false}, "oba_support": {"ge": [], "us": []}, "bridges_down": [], "fuel_depot": "held", "exited": [], "winner": null, "result": "", "last_random": "", "overlays": [], "actions": 0}');
INSERT INTO umpire_fixture_1eb4d94.snapshots VALUES (2, 2, 0, '{"scenario": "1", "seed": 12, "rng": {"state": 6862848736587783506}, "options": {}, "turn": 1, "phase": "setup", "units": {"I1": {"id": "I1", "kind": "us_infantry", "side": "us", "number": 1, "hex": "0306", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "blue", "fire_on_entry": false}, "I2": {"id": "I2", "kind": "us_infantry", "side": "us", "number": 2, "hex": "0203", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "I3": {"id": "I3", "kind": "us_infantry", "side": "us", "number": 3, "hex": "0209", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V4": {"id": "V4", "kind": "us_veteran", "side": "us", "number": 4, "hex": "0202", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V5": {"id": "V5", "kind": "us_veteran", "side": "us", "number": 5, "hex": "0206", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V6": {"id": "V6", "kind": "us_veteran", "side": "us", "number": 6, "hex": "0210", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "MO1": {"id": "MO1", "kind": "us_mortar", "side": "us", "number": 0, "hex": "0206", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "SH1": {"id": "SH1", "kind": "m4", "side": "us", "number": 0, "hex": "0302", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "SH2": {"id": "SH2", "kind": "m4", "side": "us", "number": 0, "hex": "0304", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "SH3": {"id": "SH3", "kind": "m4", "side": "us", "number": 0, "hex": "0309", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "LT1": {"id": "LT1", "kind": "us_lt", "side": "us", "number": 0, "hex": "0306", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "I1", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "blue", "fire_on_entry": false}, "PZ1": {"id": "PZ1", "kind": "panzer", "side": "ge", "number": 0, "hex": "1403", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "ge_tank", "fire_on_entry": false}, "PZ2": {"id": "PZ2", "kind": "panzer", "side": "ge", "number": 0, "hex": "1409", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "ge_tank", "fire_on_entry": false}, "MG1": {"id": "MG1", "kind": "mg42", "side": "ge", "number": 0, "hex": "1104", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "mg42", "fire_on_entry": false}}, "dice": [], "adjusted": false, "morale": 0, "morale_log": [], "reserve_at": 30, "reserve_moves": 0, "reserve_arrivals": 0, "supply": 0, "german_destroyed": 0, "supply_earned": 0, "panzers_destroyed": 0, "cover_deck": {"draw_pile": ["1", "9", "10", "14", "2", "6", "11", "16", "19", "17", "15", "5", "12", "18", "4", "8", "3", "0", "13", "7"], "discards": []}, "action_deck": {"draw_pile": ["5", "15", "14", "9", "1", "6", "4", "13", "12", "10", "17", "7", "11", "0", "8", "2", "3", "16"], "discards": []}, "reserve_deck": {"draw_pile": ["RS3", "RS1", "RS6", "RS2", "RS5", "RS4"], "discards": []}, "pool": {"ge_infantry": [1, 2, 3, 4, 5, 6, 7, 8, 0, 0], "ge_veteran": [1, 2, 3, 4, 5, 6]}, "next_id": {"us_inf": 6, "us_mortar": 1, "m4": 3, "us_lt": 1, "panzer": 2, "mg42": 1}, "winner": null, "result": "", "last_random": "", "overlays": []}');
INSERT INTO umpire_fixture_1eb4d94.snapshots VALUES (3, 1, 20, '{"scenario": "historical", "seed": 11, "options": {"stack_limit": 2, "exits_to_win": 4, "jokers": 1, "bridge_down_markers": 4, "demolition_from_turn": 3, "exactly_10_succeeds": false, "combat_ends_activations": false}, "rng": {"state": 12849296499198707033}, "turns": 5, "turn": 0, "phase": "setup", "side": "us", "deck": {"draw_pile": [], "discards": []}, "units": {"CCR/3/1": {"id": "CCR/3/1", "side": "us", "status": "on_map", "hex": "0303", "reduced": false}, "2/23/2": {"id": "2/23/2", "side": "us", "status": "on_map", "hex": "0108", "reduced": false}, "99 BG": {"id": "99 BG", "side": "us", "status": "on_map", "hex": "0210", "reduced": false}, "106 BG": {"id": "106 BG", "side": "us", "status": "on_map", "hex": "1008", "reduced": false}, "CCB/3/1": {"id": "CCB/3/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/1": {"id": "30/117/1", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "30/117/2": {"id": "30/117/2", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "2/23/3": {"id": "2/23/3", "side": "us", "status": "awaiting", "hex": null, "reduced": false}, "Spitze": {"id": "Spitze", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "1/1 LAH": {"id": "1/1 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "501": {"id": "501", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3/2 LAH": {"id": "3/2 LAH", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG1": {"id": "3FJ/KG1", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}, "3FJ/KG2": {"id": "3FJ/KG2", "side": "ge", "status": "awaiting", "hex": null, "reduced": false}}, "card": "", "acts": 0, "act_units": [], "attacks": [], "spent": {"ge": false, "us": false}, "oba_used": {"ge": false, "us": false}, "oba_support": {"ge": [], "us": []}, "bridges_down": [], "fuel_depot": "held", "exited": [], "winner": null, "result": "", "last_random": "", "overlays": [], "actions": 20}');
INSERT INTO umpire_fixture_1eb4d94.snapshots VALUES (4, 2, 20, '{"scenario": "1", "seed": 12, "rng": {"state": 1330177914339929683}, "options": {}, "turn": 4, "phase": "orders", "units": {"I1": {"id": "I1", "kind": "us_infantry", "side": "us", "number": 1, "hex": "0403", "status": "on_map", "state": "calm", "acted": true, "moved": false, "fired": true, "supply": "low_ammo", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "blue", "fire_on_entry": false}, "I2": {"id": "I2", "kind": "us_infantry", "side": "us", "number": 2, "hex": "0203", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "I3": {"id": "I3", "kind": "us_infantry", "side": "us", "number": 3, "hex": "0109", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V4": {"id": "V4", "kind": "us_veteran", "side": "us", "number": 4, "hex": "0101", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V5": {"id": "V5", "kind": "us_veteran", "side": "us", "number": 5, "hex": "0309", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "V6": {"id": "V6", "kind": "us_veteran", "side": "us", "number": 6, "hex": "0210", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "MO1": {"id": "MO1", "kind": "us_mortar", "side": "us", "number": 0, "hex": "0211", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "column:2", "fire_on_entry": false}, "SH1": {"id": "SH1", "kind": "m4", "side": "us", "number": 0, "hex": "0302", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "SH2": {"id": "SH2", "kind": "m4", "side": "us", "number": 0, "hex": "0105", "status": "on_map", "state": "calm", "acted": true, "moved": true, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "SH3": {"id": "SH3", "kind": "m4", "side": "us", "number": 0, "hex": "0406", "status": "on_map", "state": "calm", "acted": true, "moved": true, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "us_tank", "fire_on_entry": false}, "LT1": {"id": "LT1", "kind": "us_lt", "side": "us", "number": 0, "hex": "0403", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "I1", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "blue", "fire_on_entry": false}, "PZ1": {"id": "PZ1", "kind": "panzer", "side": "ge", "number": 0, "hex": "1102", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "ge_tank", "fire_on_entry": false}, "PZ2": {"id": "PZ2", "kind": "panzer", "side": "ge", "number": 0, "hex": "1207", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "ge_tank", "fire_on_entry": false}, "MG1": {"id": "MG1", "kind": "mg42", "side": "ge", "number": 0, "hex": "1104", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "mg42", "fire_on_entry": false}, "R1": {"id": "R1", "kind": "ge_infantry", "side": "ge", "number": 1, "hex": "1104", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R2": {"id": "R2", "kind": "ge_infantry", "side": "ge", "number": 2, "hex": "0906", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R3": {"id": "R3", "kind": "ge_infantry", "side": "ge", "number": 3, "hex": "1005", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R4": {"id": "R4", "kind": "ge_infantry", "side": "ge", "number": 7, "hex": "0805", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "R5": {"id": "R5", "kind": "ge_infantry", "side": "ge", "number": 8, "hex": "1205", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV1": {"id": "GV1", "kind": "ge_veteran", "side": "ge", "number": 5, "hex": "1005", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV2": {"id": "GV2", "kind": "ge_veteran", "side": "ge", "number": 3, "hex": "0806", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV3": {"id": "GV3", "kind": "ge_veteran", "side": "ge", "number": 6, "hex": "1006", "status": "on_map", "state": "calm", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}, "GV4": {"id": "GV4", "kind": "ge_veteran", "side": "ge", "number": 1, "hex": "0705", "status": "on_map", "state": "alert", "acted": false, "moved": false, "fired": false, "supply": "", "medic": false, "attached_to": "", "exempt": false, "spotted": false, "holds": false, "surprise": false, "arrive_turn": 0, "arrive_when": "", "arrive_zone": "", "fire_on_entry": false}}, "dice": [4, 6], "adjusted": false, "morale": 0, "morale_log": [], "reserve_at": 30, "reserve_moves": 0, "reserve_arrivals": 0, "supply": 0, "german_destroyed": 0, "supply_earned": 0, "panzers_destroyed": 0, "cover_deck": {"draw_pile": ["1", "9", "10", "14", "2", "6", "11", "16", "19", "17", "15", "5", "12", "18", "4", "8", "3", "0", "13"], "discards": ["7"]}, "action_deck": {"draw_pile": ["5", "9", "12", "0", "6", "11", "13", "8", "17"], "discards": ["2", "4", "1", "14", "16", "3", "10", "7", "15"]}, "reserve_deck": {"draw_pile": ["RS3", "RS1", "RS6", "RS2", "RS5", "RS4"], "discards": []}, "pool": {"ge_infantry": [4, 5, 6, 0, 0], "ge_veteran": [2, 4]}, "next_id": {"us_inf": 6, "us_mortar": 1, "m4": 3, "us_lt": 1, "panzer": 2, "mg42": 1, "ge_infantry": 5, "ge_veteran": 4}, "winner": null, "result": "", "last_random": "1", "overlays": [{"kind": "fire", "from": "0403", "to": "0705", "hit": false}]}');


--
-- Name: games_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_1eb4d94; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_1eb4d94.games_id_seq', 2, true);


--
-- Name: log_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_1eb4d94; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_1eb4d94.log_id_seq', 55, true);


--
-- Name: seats_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_1eb4d94; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_1eb4d94.seats_id_seq', 4, true);


--
-- Name: snapshots_id_seq; Type: SEQUENCE SET; Schema: umpire_fixture_1eb4d94; Owner: -
--

SELECT pg_catalog.setval('umpire_fixture_1eb4d94.snapshots_id_seq', 4, true);


--
-- Name: alembic_version alembic_version_pkc; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.alembic_version
    ADD CONSTRAINT alembic_version_pkc PRIMARY KEY (version_num);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: log log_game_id_seq_key; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.log
    ADD CONSTRAINT log_game_id_seq_key UNIQUE (game_id, seq);


--
-- Name: log log_pkey; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.log
    ADD CONSTRAINT log_pkey PRIMARY KEY (id);


--
-- Name: seats seats_game_id_side_key; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.seats
    ADD CONSTRAINT seats_game_id_side_key UNIQUE (game_id, side);


--
-- Name: seats seats_pkey; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.seats
    ADD CONSTRAINT seats_pkey PRIMARY KEY (id);


--
-- Name: snapshots snapshots_game_id_seq_key; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.snapshots
    ADD CONSTRAINT snapshots_game_id_seq_key UNIQUE (game_id, seq);


--
-- Name: snapshots snapshots_pkey; Type: CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.snapshots
    ADD CONSTRAINT snapshots_pkey PRIMARY KEY (id);


--
-- Name: ix_games_channel_id; Type: INDEX; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE INDEX ix_games_channel_id ON umpire_fixture_1eb4d94.games USING btree (channel_id);


--
-- Name: ix_games_game; Type: INDEX; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE INDEX ix_games_game ON umpire_fixture_1eb4d94.games USING btree (game);


--
-- Name: ix_games_guild_id; Type: INDEX; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE INDEX ix_games_guild_id ON umpire_fixture_1eb4d94.games USING btree (guild_id);


--
-- Name: ix_log_game_id; Type: INDEX; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE INDEX ix_log_game_id ON umpire_fixture_1eb4d94.log USING btree (game_id);


--
-- Name: ix_seats_game_id; Type: INDEX; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE INDEX ix_seats_game_id ON umpire_fixture_1eb4d94.seats USING btree (game_id);


--
-- Name: ix_seats_user_id; Type: INDEX; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE INDEX ix_seats_user_id ON umpire_fixture_1eb4d94.seats USING btree (user_id);


--
-- Name: ix_snapshots_game_id; Type: INDEX; Schema: umpire_fixture_1eb4d94; Owner: -
--

CREATE INDEX ix_snapshots_game_id ON umpire_fixture_1eb4d94.snapshots USING btree (game_id);


--
-- Name: log log_game_id_fkey; Type: FK CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.log
    ADD CONSTRAINT log_game_id_fkey FOREIGN KEY (game_id) REFERENCES umpire_fixture_1eb4d94.games(id);


--
-- Name: seats seats_game_id_fkey; Type: FK CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.seats
    ADD CONSTRAINT seats_game_id_fkey FOREIGN KEY (game_id) REFERENCES umpire_fixture_1eb4d94.games(id);


--
-- Name: snapshots snapshots_game_id_fkey; Type: FK CONSTRAINT; Schema: umpire_fixture_1eb4d94; Owner: -
--

ALTER TABLE ONLY umpire_fixture_1eb4d94.snapshots
    ADD CONSTRAINT snapshots_game_id_fkey FOREIGN KEY (game_id) REFERENCES umpire_fixture_1eb4d94.games(id);


--
-- PostgreSQL database dump complete
--

\unrestrict ABFKwEYdDx0VBhP1wa83e4d0vfRzbZQ2NXGz4QD2nCfk8Pir56O1z2b45RJA6ij

