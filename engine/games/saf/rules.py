"""SafRules: Scream, Aim, Fire! on the contract (solitaire: the player is "us", the rules run "ge").

The orders are declared once, in ``ORDERS`` (commands.py, the order table): each with its slash
command (typed options, rule section), the phases in which it exists, its candidates and what it
does. The American orders come from one listing (``american.legal_orders``); the contract accepts
exactly what it lists, and ``refusals.refusal`` only explains, with its section, why an order that
is not listed is refused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.contract import Contract, Order
from engine.errors import IllegalAction, NotFound, UmpireError, UnknownHex, UnknownUnit
from engine.events import Event
from engine.game import Action, CommandSpec, ScenarioInfo
from engine.hexgrid import Hex
from engine.maps import map_key
from engine.options import BadOption, GameOptionSpec, shorten

from . import german, setup, turn
from .commands import COMMANDS, ORDERS
from .data import check_decks, data_for, load_data, map_path, scenario_map, with_gm_files
from .movement import move_unit
from .state import CODEC, SafState
from .table import LEGACY, STACKING, Table

SIDE_NAMES = {"us": "American", "ge": "German (AI)"}
PHASE_NAMES = {"setup": "set-up", "roll": "American turn: order dice roll", "orders": "American turn: orders",
               "over": "game over"}
LEVELS = ("random", "easy", "normal")  # the American: no search is built for it, so no hard

def _check_decks(value: Any) -> Any:
    try:
        return check_decks(value)
    except UmpireError as exc:
        raise BadOption(f"Option decks: {exc.message}") from None


OPTIONS: tuple[GameOptionSpec, ...] = (
    GameOptionSpec("setup_place", "once", "Before the first roll each unit may be set up elsewhere once (an undo "
                   "takes a place back); free: again and again", "8.1.1", kind="choice", choices=("once", "free"),
                   legacy=LEGACY["setup_place"]),
    GameOptionSpec("outnumbered", False, "6.2 B optional rule: 6 order dice when the Germans outnumber you",
                   "6.2 B"),
    GameOptionSpec("german_phases", True, "The German turn plays step by step (infantry, MG 42, tanks), a map "
                   "after each; off: the whole German turn in one step", "5.0 B", legacy=LEGACY["german_phases"]),
    GameOptionSpec("sniper_hex", "nearest_us_edge", "Where the sniper's 'any building hex' defaults: the building "
                   "nearest the American edge, or (middle) the middle one of the list", "8.2.1 D", kind="choice",
                   choices=("nearest_us_edge", "middle"), legacy=LEGACY["sniper_hex"]),
    GameOptionSpec("pass_friendly", True, "Units may pass through hexes with friendly units (tanks too); off: "
                   "tanks cannot, nor infantry through a tank", "6.3.1", legacy=LEGACY["pass_friendly"]),
    GameOptionSpec("arrival_nearest", True, "A scheduled American arrival whose hex is occupied arrives on the "
                   "nearest free hex (as 6.4 reserves); off: it waits a turn", "6.4", legacy=LEGACY["arrival_nearest"]),
    GameOptionSpec("german_move", "sensible", "German moves weigh cover and the Americans' shots with the ground "
                   "gained (sensible), or go as close as possible first (closest)", "7.2.1 A", kind="choice",
                   choices=("sensible", "closest"), legacy=LEGACY["german_move"]),
    GameOptionSpec("german_target", "priorities", "7.2.2 E: adjacent Americans under the same least cover are "
                   "chosen by the next priorities (keyed number, Panicked, Veteran, closest); cover_then_id: the "
                   "lowest id", "7.2.2 E", kind="choice", choices=("priorities", "cover_then_id"),
                   legacy=LEGACY["german_target"]),
    GameOptionSpec("german_move_count", "card", "7.2.1 A: a German moves the number of hexes on its card (fewer "
                   "only where the full count is not possible); within: anywhere up to it", "7.2.1 A",
                   kind="choice", choices=("card", "within"), legacy=LEGACY["german_move_count"]),
    GameOptionSpec("fall_back", "all", "A German falling back moves away from every American (all), or from the "
                   "nearest one only", "7.2 A", kind="choice", choices=("all", "nearest"), legacy=LEGACY["fall_back"]),
    GameOptionSpec("tiger_zone", "surrounding", "8.4.2 C, 8.5.2 C: the Tigers arrive in the red hex or its six "
                   "surrounding hexes; numbered: the red hex and its five numbered hexes", "8.4.2 C", kind="choice",
                   choices=("surrounding", "numbered"), legacy=LEGACY["tiger_zone"]),
    GameOptionSpec("german_arrival", "nearest", "A German scheduled arrival whose zone has no room arrives on the "
                   "nearest hex with room (as 6.4); wait: it waits a turn", "8.2.2 C", kind="choice",
                   choices=("nearest", "wait"), legacy=LEGACY["german_arrival"]),
    GameOptionSpec("cover_file", "", "A cover-card YAML file in the GM folder replacing the default deck",
                   "Options", kind="file", gm_only=True, max_length=80),
    GameOptionSpec("chits_file", "", "A chits YAML file in the GM folder replacing the default cups", "Options",
                   kind="file", gm_only=True, max_length=80),
    GameOptionSpec("actions_file", "", "An action-card YAML file in the GM folder replacing the German deck",
                   "Options", kind="file", gm_only=True, max_length=80),
    GameOptionSpec("reserves_file", "", "A German reserve-card YAML file in the GM folder", "Options",
                   kind="file", gm_only=True, max_length=80),
    GameOptionSpec("decks", None, "The GM files' content, copied in when the game is created", "Options",
                   kind="table", gm_only=True, check=_check_decks),
)


class SafRules(Contract):
    key = "saf"
    title = "Scream, Aim, Fire!"
    short_name = "SAF"
    sides: tuple[str, ...] = ("us", "ge")
    side_names = SIDE_NAMES
    levels = LEVELS
    standing_orders = ("end",)
    quiet_orders = ("end",)
    solitaire = True
    sequence_rule = "5.0"
    codec = CODEC

    # --- catalogue ------------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        d = load_data()
        return [ScenarioInfo(k, sc.title, f"{sc.date}, {sc.map.removesuffix('.yaml')}: reach morale {sc.morale_goal}"
                             f" ({sc.victory.replace('_', ' ')})") for k, sc in d.scenarios.items()]

    def option_specs(self) -> list[GameOptionSpec]:
        return list(OPTIONS)

    def orders(self) -> tuple[Order, ...]:
        return ORDERS

    def commands(self) -> list[CommandSpec]:
        return list(COMMANDS.values())

    # --- state ----------------------------------------------------------------------------------
    def new_state(self, scenario: str, seed: int, options: dict[str, Any] | None = None) -> SafState:
        key = str(scenario).strip()
        if key not in load_data().scenarios:
            raise NotFound(f"Scenario '{shorten(scenario, 20)}' does not exist: choose one of "
                           f"{', '.join(load_data().scenarios)}")
        return setup.new_state(key, seed, with_gm_files(self.parse_options(options)))

    def parse_action(self, state: SafState, order: Order, action: Action) -> Action:
        """The contract's parse; an argument it cannot read (a hex label that is none, a die beyond 6)
        is refused under the order's own section, so every refusal names one."""
        try:
            return super().parse_action(state, order, action)
        except (IllegalAction, UnknownUnit, UnknownHex) as exc:
            if exc.rule:
                raise
            raise type(exc)(exc.message, order.command.rule) from None

    def phase_name(self, state: SafState) -> str:
        if state.phase == "german":
            return german.STEPS[state.german_step][0] if state.german_step in german.STEPS else "German turn"
        return PHASE_NAMES.get(state.phase, state.phase)

    def side_to_act(self, state: SafState) -> str:
        return "ge" if state.phase == "german" else "us"  # the German turn's steps are the bot's entries

    def unit_id(self, state: SafState, text: str) -> str:
        wanted = text.strip().lower()
        for uid in state.units:
            if uid.lower() == wanted:
                return uid
        raise UnknownUnit(f"No unit '{shorten(text, 12)}' in this game (ids such as I1, SH2, R3: see the map)")

    def hex_label(self, state: SafState, text: str) -> str:
        return scenario_map(data_for(state.options).scenarios[state.scenario]).hex(text).label

    def status_line(self, state: SafState) -> str:
        t = Table(state)
        if state.winner:
            return f"Game over: {self.result_text(state)}"
        _, where = turn.goal_met(t)
        prompt = {
            "setup": "set up with /saf place or roll your order dice: /saf roll",
            "roll": "roll your order dice: /saf roll",
            "orders": f"order dice {' '.join(map(str, state.dice)) or 'all used'}: /saf order or /saf end",
            "german": f"the rules' own AI plays the {self.phase_name(state)} (5.0 B)",
        }.get(state.phase, state.phase)
        return (f"Turn {state.turn}/{turn.TURNS}, {prompt}; morale {state.morale}/{t.sc.morale_goal}; "
                f"{where}; supply {state.supply}; German reserves {state.reserve_track}/{state.reserve_at}")

    def result_text(self, state: SafState) -> str:
        r = self.result(state)
        return r.text(self.side_names) if r else ""

    def gm_apply(self, state: SafState, action: Action) -> list[Event]:
        """GM overrides: move unit:<id> to:<hex>, remove unit:<id>, morale delta:<n> reason:<text>."""
        events: list[Event] = []
        t = Table(state, events)
        args = action.args
        if action.kind == "morale":
            try:
                delta = int(str(args.get("delta", 0)).strip()[:6])
            except (TypeError, ValueError):
                raise IllegalAction("delta must be a whole number of morale points") from None
            if not -100 <= delta <= 100:
                raise IllegalAction("delta is a morale change from -100 to 100")
            t.morale(delta, f"GM: {args.get('reason', 'ruling')}", "GM")
            return events
        if action.kind == "end":
            winner = str(args.get("winner", ""))
            if winner not in self.sides:
                raise IllegalAction(f"winner must be one of {', '.join(self.sides)}")
            state.end(winner, shorten(str(args.get("result") or "ended by the GM"), 200), "GM")
            t.events.append(Event("gm", f"GM ends the game: {winner} wins ({state.result})", "GM"))
            return events
        u = t.unit(str(args.get("unit", "")))
        if u is None:
            raise UnknownUnit(f"No unit '{args.get('unit')}'")
        if action.kind == "move":
            move_unit(t, u, t.m.hex(str(args.get("to", ""))), "GM", "is moved by the GM:")
            return events
        if action.kind == "remove":
            u.status, u.hex = "eliminated", None
            t.events.append(Event("gm", f"GM removes {t.name(u)}", "GM"))
            return events
        raise IllegalAction(f"Unknown GM action '{action.kind}': use move, remove, morale or end")

    # --- view -----------------------------------------------------------------------------------
    def build_view(self, state: SafState, side: str | None) -> dict[str, Any]:
        t = Table(state)
        units = []
        for u in state.units.values():
            spec = t.spec(u)
            markers = []
            if u.acted:
                markers.append("spent")
            if u.state in ("alert", "panic"):
                markers.append(u.state)
            if u.supply:
                markers.append(u.supply)
            if u.medic:
                markers.append("medic")
            values = [spec.front, spec.flank, spec.range, spec.mp] if spec.tank else [spec.hit, spec.range, spec.mp]
            units.append({"id": u.id, "name": t.name(u), "side": u.side, "hex": u.hex, "symbol": spec.symbol,
                          "values": values, "reduced": False, "status": u.status, "markers": markers,
                          "number": u.number})
        map_markers: list[dict[str, Any]] = []
        for kind, hexes in t.m.markers.items():
            map_markers += [{"kind": kind, "hex": h.label} for h in hexes]
        return {
            "scenario": f"{state.scenario}: {t.sc.title}",
            "map": map_key("saf", map_path(t.sc).name), "turn": state.turn, "turns": turn.TURNS,
            "score": {"morale": state.morale, "goal": t.sc.morale_goal, "supply": state.supply,
                      "german_reserves": state.reserve_track, "reserves_at": state.reserve_at,
                      "dice": list(state.dice)},
            "last_random": state.last_random, "units": units, "markers": map_markers,
            "overlays": list(state.overlays),
        }

    # --- checks ----------------------------------------------------------------------------------
    def invariants(self, state: SafState) -> list[str]:
        t = Table(state)
        bad: list[str] = []
        where: dict[str, list[Any]] = {}
        for u in state.units.values():
            if u.status == "on_map":
                if not u.hex or Hex.parse(u.hex) not in t.m.terrain:
                    bad.append(f"{u.id} is on the map without a valid hex")
                    continue
                where.setdefault(u.hex, []).append(u)
            elif u.hex:
                bad.append(f"{u.id} is {u.status} but still has hex {u.hex}")
        ids = Counter(u.id for u in state.units.values())
        bad += [f"unit id {k} appears twice" for k, n in ids.items() if n > 1]
        for h, here in where.items():
            tanks = [u for u in here if t.is_tank(u)]
            stack = [u for u in here if u.kind in STACKING]
            if len({u.side for u in here}) > 1:
                bad.append(f"{h} holds both sides")
            if tanks and (stack or (len(tanks) > 1 and not all(u.exempt for u in tanks))):
                bad.append(f"{h}: a tank shares its hex (6.3.2 B-C)")
            if len(stack) > 2:
                bad.append(f"{h}: {len(stack)} units stacked (6.3.2 A)")
        lt = t.lt()
        if lt is not None:
            owner = t.unit(lt.attached_to)
            if owner is None or owner.status != "on_map" or owner.hex != lt.hex:
                bad.append("the 1st Lieutenant is not with his unit (6.5.3 A)")
        if state.morale != sum(m.delta for m in state.morale_log):
            bad.append("morale differs from the sum of its events")
        losses = sum(1 for m in state.morale_log if m.delta < 0)
        if state.reserve_moves != losses:
            bad.append(f"reserve track moved {state.reserve_moves} times for {losses} morale losses (6.5.2)")
        if not 0 <= state.reserve_track < state.reserve_at:
            bad.append(f"reserve track {state.reserve_track} outside 0-{state.reserve_at - 1}")
        if state.supply < 0 or state.supply_earned != state.german_destroyed // 2:
            bad.append("supply counters do not match German losses (6.5.1 B)")
        return bad


RULES = SafRules()
