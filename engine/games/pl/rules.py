"""Panzer Leader on the contract (engine.contract): the orders (commands.py, the order table), phases, result, view,
options, bot levels and invariants."""

from __future__ import annotations

import json
from contextlib import AbstractContextManager
from typing import Any

from engine.contract import Contract, Order
from engine.errors import DataFileError, IllegalAction
from engine.events import Event
from engine.game import Action, GameOptionSpec, ScenarioInfo
from engine.maps import map_key
from engine.options import BadOption, shorten

from . import forts, sequence
from .board import (
    MAX_WRECKS,
    STACK_LIMIT,
    board_labels,
    check_tables,
    fort_at,
    gmap,
    hex_or_error,
    on_board,
    stack_count,
    unit_or_error,
    utype,
)
from .combat import destroy_unit
from .commands import ORDERS, listing_key
from .datafiles import SIDE_NAMES, board_path, situations
from .indirect import secret_key
from .state import CODEC, PlState

OPTIONAL_RULES = ("mines", "blocks", "fortifications", "engineers", "engineer_vehicles", "opportunity_fire")
SYMBOLS = {"tank": "tank", "armour": "armour", "spa": "spa", "recon": "recon", "halftrack": "halftrack",
           "truck": "truck", "wagon": "wagon", "infantry": "infantry", "engineer": "engineer", "mg": "mg",
           "mortar": "mortar", "at_gun": "at_gun", "artillery": "artillery"}
R_VICTORY = "Situation: victory conditions"


def _table_check(kind: str, schema: str) -> Any:
    """A GM's replacement table (a mapping, or its JSON text), validated against the game's schema."""

    def check(value: Any) -> Any:
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError as exc:
                raise BadOption(f"Option {kind} is a table in the schema of {schema} (GM only): "
                                f"not JSON ({shorten(exc, 60)}); see the ruling 'pl.md#tables'") from None
        if not isinstance(value, dict):
            raise BadOption(f"Option {kind} is a table in the schema of {schema} (GM only), not "
                            f"'{shorten(value)}'; see the ruling 'pl.md#tables'")
        try:
            check_tables({kind: value})
        except DataFileError as exc:
            raise BadOption(f"Option {kind} is a table in the schema of {schema} (GM only): "
                            f"{shorten(exc, 200)}; see the ruling 'pl.md#tables'") from None
        return value

    return check


OPTIONS: tuple[GameOptionSpec, ...] = (
    GameOptionSpec("mines", False, "Minefields from the situation card (optional rule)", "pl.md#mines"),
    GameOptionSpec("blocks", False, "Road blocks from the situation card (optional rule)", "pl.md#blocks"),
    GameOptionSpec("fortifications", False, "Fortifications from the situation card (optional rule)",
                   "pl.md#fortifications"),
    GameOptionSpec("engineers", False, "Engineers clear minefields and blocks (optional rule)", "pl.md#engineers"),
    GameOptionSpec("engineer_vehicles", False, "Sherman Flail and Valentine Bridgelayer (optional rule)",
                   "pl.md#engineer-vehicles"),
    GameOptionSpec("opportunity_fire", False, "Opportunity fire during the enemy's movement (optional rule)",
                   "pl.md#opportunity-fire"),
    GameOptionSpec("one_group_per_hex", False, "One fire group per target hex a phase (the stack or one unit in it), "
                   "not 'singly or collectively'", "pl.md#direct-fire"),
    GameOptionSpec("if_bridge_share", False, "Indirect fire counts a temporary bridge as one more counter "
                   "and attacks it at half its share (not at half the fire's strength)", "pl.md#engineer-vehicles"),
    GameOptionSpec("mine_recovery", False, "Units dispersed on a minefield turn face up at the end of "
                   "their segment like any other (not held there until a minefield attack misses)", "pl.md#mines"),
    GameOptionSpec("of_per_order", False, "Opportunity fire: the quarter of the allowance counts each order's move "
                   "alone (not the whole move through the firer's sight this phase)", "pl.md#opportunity-fire"),
    GameOptionSpec("of_no_overrun", False, "Opportunity fire: overrunning units may not be fired on where "
                   "the overrun ends", "pl.md#opportunity-fire"),
    GameOptionSpec("slope_any_side", False, "Slopes: hilltop hexsides count in the midway LOS test and "
                   "halve adjacent fire at a slope, as slope hexsides do", "pl.md#los"),
    GameOptionSpec("overrun_one_hex", False, "Units overrunning together must start in one hex", "pl.md#overrun"),
    GameOptionSpec("first_board", False, "Play the situation on Umpire's first board (Utah Beach without its "
                   "beach, sea, swamp and cliffs); the situation 'utah_inland' is that layout", "pl.md#terrain",
                   legacy=True),
    GameOptionSpec("end_when_decided", True, "The game ends once the side that must take the objectives has "
                   "played its last segment without meeting a victory condition (the rest cannot change the "
                   "result); off: the other side plays its last segment too", "pl.md#decided-games",
                   legacy=False),
    # Issue 28 (rules fidelity, third pass): each restores the reading stored games were played with.
    GameOptionSpec("halt_overstack", False, "A move halted short (a failed stream roll, an unseen minefield "
                   "with no room) ends in the hex before even where that breaks the stacking limit",
                   "pl.md#third-pass", legacy=True),
    GameOptionSpec("of_indirect_unlisted", False, "Opportunity fire: units under (secret) indirect-fire orders "
                   "are left out of the public list of units that may fire", "pl.md#third-pass", legacy=True),
    GameOptionSpec("road_bonus_old", False, "Road bonus: wrecks count as units against it, and an unseen "
                   "minefield keeps it", "pl.md#third-pass", legacy=True),
    GameOptionSpec("of_end_hex", False, "Opportunity fire: the firer must see the hex the movers end in "
                   "(not only where it saw them spend the quarter)", "pl.md#third-pass", legacy=True),
    GameOptionSpec("mine_miss_recovers", False, "Mines: a unit dispersed on a minefield stays dispersed until "
                   "a minefield attack misses it, and is then face up (free to move off in that turn)",
                   "pl.md#third-pass", legacy=True),
    GameOptionSpec("if_bridge_wec", False, "Indirect fire at a temporary bridge: the WEC's halving against "
                   "armoured targets applies on top of the half strength (a quarter)", "pl.md#third-pass",
                   legacy=True),
    GameOptionSpec("crt", None, "Replacement Combat Results Table (same schema as data/crt.yaml)", "pl.md#tables",
                   kind="table", gm_only=True, check=_table_check("crt", "data/crt.yaml")),
    GameOptionSpec("tec", None, "Replacement Terrain Effects Chart (schema of data/tec.yaml)", "pl.md#tables",
                   kind="table", gm_only=True, check=_table_check("tec", "data/tec.yaml")),
    GameOptionSpec("wec", None, "Replacement Weapons Effectiveness Chart (schema of data/wec.yaml)", "pl.md#tables",
                   kind="table", gm_only=True, check=_table_check("wec", "data/wec.yaml")),
)


class PanzerLeader(Contract):
    key = "pl"
    title = "Panzer Leader"
    short_name = "Panzer Leader"
    victory_rule = R_VICTORY
    sides: tuple[str, ...] = ("us", "ge")
    side_names = SIDE_NAMES
    standing_orders = ("end",)
    quiet_orders = ("end",)
    sequence_rule = "Basic Turn Sequence of Play"
    codec = CODEC
    # Indirect fire is plotted in secret (I.i): answered privately; its events are seen by the other
    # side only once it lands (Event.only/until, ``secrets``; the service redacts the log and export).
    secret_orders = ("indirect",)

    # --- catalogue ------------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, s.title, s.summary) for k, s in situations().items()]

    def option_specs(self) -> list[GameOptionSpec]:
        return list(OPTIONS)

    def orders(self) -> tuple[Order, ...]:
        return ORDERS

    # --- life cycle -----------------------------------------------------------------------------
    def new_state(self, scenario: str, seed: int, options: dict[str, Any] | None = None) -> PlState:
        """The opening position. The situation's own optional rules apply unless the GM set them."""
        given = {str(k).strip().lower() for k in (options or {})}
        opts = self.parse_options(options)
        sit = situations().get(scenario)
        if sit is not None:
            for name, value in sit.options.items():
                if str(name) not in given:
                    opts[str(name)] = self.parse_options({str(name): value})[str(name)]
        return sequence.new_state(scenario, seed, opts)

    def phase_name(self, state: PlState) -> str:
        return sequence.phase_name(state)

    def help_notes(self, state: PlState | None) -> list[str]:
        """/help states the victory conditions: of the situation in play, or of every situation."""
        if state is not None:
            sit = situations()[state.scenario]
            text = f"Victory in this game ({sit.title}) [{R_VICTORY}]: {sequence.victory_text(state)}"
            if state.options.get("end_when_decided") and state.order and state.order[-1] != sit.victory.side:
                text += (f" The game ends as soon as the {SIDE_NAMES[sit.victory.side]} side has played its last"
                         " segment without meeting a condition (option end_when_decided).")
            return [text]
        return [f"Victory, {s.title} ({k}) [{R_VICTORY}]: {sequence.situation_victory(k)}"
                for k, s in situations().items()]

    def secrets(self, state: PlState) -> set[str]:
        """Indirect-fire orders not yet landed: their events stay with the side that gave them."""
        return {secret_key(o.unit, o.turn) for o in state.indirect}

    def unit_id(self, state: PlState, text: str) -> str:
        return unit_or_error(state, text).id

    def hex_label(self, state: PlState, text: str) -> str:
        with self.ground(state):
            return hex_or_error(text)

    def parse_other(self, state: PlState, kind: str, text: str) -> Any:
        if kind == "hexes":
            with self.ground(state):
                labels = [hex_or_error(p.strip()) for p in text.split(",") if p.strip()]
            if not labels or len(labels) > 12:
                raise IllegalAction("a route names 1 to 12 hexes, comma-separated", "II. Movement Phase")
            return ",".join(labels)
        if kind == "target_unit":
            return "bridge" if text.strip().lower() == "bridge" else unit_or_error(state, text).id
        return super().parse_other(state, kind, text)

    def legal_actions(self, state: PlState, side: str) -> list[Action]:
        """The contract's listing, in the order the game has always listed (per unit, by id)."""
        return sorted(super().legal_actions(state, side), key=listing_key)

    def ground(self, state: PlState) -> AbstractContextManager[object]:
        return on_board(state)  # every entry point answers on the state's own board

    def before_order(self, state: PlState, side: str) -> None:
        state.overlays = []  # the map shows what this order did

    def after_order(self, state: PlState, side: str, events: list[Event]) -> None:
        forts.settle(state, events)

    def gm_apply(self, state: PlState, action: Action) -> list[Event]:
        """GM overrides: remove, disperse, rally, move or place a unit, end the game; or act for the side
        to move."""
        with self.ground(state):
            if action.kind not in ("remove", "disperse", "rally", "move", "place", "end"):
                return self.apply(state, state.side, action)
            events: list[Event] = []
            self._gm(state, events, action)
            return events

    def _gm(self, state: PlState, events: list[Event], action: Action) -> None:
        a = action.args
        if action.kind in ("remove", "disperse", "rally"):
            u = unit_or_error(state, a.get("unit", ""))
            if u.status != "on_map":
                raise IllegalAction(f"{u.id} is not on the board")
            if action.kind == "remove":
                destroy_unit(state, events, u, "GM override")
                forts.settle(state, events)
            else:
                u.dispersed = action.kind == "disperse"
                events.append(Event("gm", f"GM: {u.id} {'dispersed' if u.dispersed else 'turned face up'}",
                                    "GM override"))
            sequence.check_end(state, events)
            return
        if action.kind in ("move", "place"):
            # A correction outside the rules: the unit is put in the hex, stacking still applies.
            u = unit_or_error(state, a.get("unit", ""))
            label = str(a.get("to") or a.get("at") or "")
            target = gmap().hex(label)
            if stack_count(state, target.label, exclude={u.id}) + 1 > STACK_LIMIT:
                raise IllegalAction(f"{target.label} would hold more than {STACK_LIMIT} units")
            enemy_in = [o for o in forts.inside(state, target.label) if o.side != u.side]
            u.hex, u.status, u.on_fort = target.label, "on_map", bool(enemy_in)
            events.append(Event("gm", f"GM puts {u.id} in {target.label}", "GM override", data={"unit": u.id}))
            forts.settle(state, events)
            return
        if action.kind == "end":
            winner = str(a.get("winner", ""))
            if winner not in self.sides:
                raise IllegalAction(f"winner must be one of {', '.join(self.sides)}")
            state.end(winner, shorten(str(a.get("result") or "ended by the GM"), 200), "GM override")
            events.append(Event("gm", f"GM ends the game: {SIDE_NAMES[winner]} wins ({state.result})",
                                "GM override", phase_end=True))

    # --- views ----------------------------------------------------------------------------------
    def build_view(self, state: PlState, side: str | None) -> dict[str, Any]:
        units = []
        for u in sorted(state.units.values(), key=lambda x: x.id):
            ut = utype(u)
            flags: list[str] = []
            if u.dispersed:
                flags.append("dispersed")
            if u.fired:
                flags.append("fired")
            if u.carrier:
                flags.append("loaded")
            if u.on_fort:
                flags.append("on_fortification")  # (units in a fortification hex are IN it otherwise)
            units.append({
                "id": u.id, "name": ut.name, "side": u.side, "hex": u.hex,
                "symbol": SYMBOLS[ut.kind],
                "values": [f"{ut.attack:g}{ut.weapon}", f"{ut.range}{'*' if ut.star else ''}", ut.defense, ut.movement],
                "reduced": False, "status": u.status, "markers": flags,
            })
        markers: list[dict[str, Any]] = [{"kind": "wreck", "hex": h, "count": n} for h, n in sorted(state.wrecks.items())]
        markers += [{"kind": "bridge_down", "hex": h} for h in sorted(state.bridges_down)]
        markers += [{"kind": "temporary_bridge", "hex": h} for h in sorted(state.temp_bridges)]
        if state.options.get("mines"):
            # A minefield is hidden from the other side (and spectators) until an enemy stands on it.
            markers += [{"kind": "mine", "hex": h} for h, s in sorted(state.mines.items()) if side == s or
                        h in state.mines_seen or any(u.hex == h and u.side != s for u in state.on_map())]
        markers += [{"kind": "block", "hex": h, "inverted": h in state.inverted} for h in sorted(state.blocks)
                    if state.options.get("blocks") or h in state.built_blocks]
        if state.options.get("fortifications"):
            markers += [{"kind": "fortification", "hex": h} for h in sorted(state.forts)]
        return {
            "scenario": state.scenario, "map": map_key("pl", board_path(state.board).name),
            "turn": state.turn, "turns": state.turns,
            "score": self._score(state), "victory": sequence.victory_text(state),
            "last_random": state.last_random, "units": units, "markers": markers,
            "overlays": list(state.overlays),
        }

    def _score(self, state: PlState) -> dict[str, Any]:
        lost = {s: sum(1 for u in state.units.values() if u.side == s and u.status == "eliminated") for s in self.sides}
        score: dict[str, Any] = {f"lost_{s}": n for s, n in lost.items()}
        if state.over:
            score["result"] = state.result
        return score

    def status_line(self, state: PlState) -> str:
        if state.over:
            return f"Game over: {SIDE_NAMES.get(state.winner or '', '?')} wins ({state.result})"
        return (f"Turn {state.turn}/{state.turns}, {SIDE_NAMES[state.side]} {sequence.phase_name(state)}. "
                f"Victory: {sequence.victory_text(state)}")

    def invariants(self, state: PlState) -> list[str]:
        with self.ground(state):
            return self._invariants(state)

    def _invariants(self, state: PlState) -> list[str]:
        bad: list[str] = []
        seen: dict[str, str] = {}
        for u in state.units.values():
            if u.status == "on_map":
                if not u.hex or u.hex not in board_labels():
                    bad.append(f"{u.id} on the map without a hex")
                if u.id in seen:
                    bad.append(f"{u.id} twice")
                seen[u.id] = u.hex or ""
            elif u.hex is not None:
                bad.append(f"{u.id} is {u.status} but has hex {u.hex}")
            if u.carrier:
                c = state.units.get(u.carrier)
                if c is None or c.cargo != u.id or c.hex != u.hex:
                    bad.append(f"{u.id} loaded on {u.carrier} inconsistently")
            if u.cargo and state.units[u.cargo].carrier != u.id:
                bad.append(f"{u.id} cargo {u.cargo} inconsistent")
        hexes = {u.hex for u in state.on_map() if u.hex}
        for h in hexes:
            if stack_count(state, h) > STACK_LIMIT:
                bad.append(f"{h} holds more than {STACK_LIMIT}")
            ins = {u.side for u in state.at(h) if not u.on_fort}
            ons = {u.side for u in state.at(h) if u.on_fort}
            if ons and not fort_at(state, h):
                bad.append(f"{h} has units ON a fortification that is not there")
            # Both sides share a hex only in a fortification: one side IN it, the other ON it.
            if len(ins) > 1 or len(ons) > 1 or (ins & ons) or (ons and not ins):
                bad.append(f"{h} holds units of both sides")
        for h, n in state.wrecks.items():
            if n > MAX_WRECKS:
                bad.append(f"{h} has {n} wrecks")
        return bad


RULES = PanzerLeader()
