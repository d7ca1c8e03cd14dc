"""Panzer Leader as a GameRules object: orders, the view, commands, options, bot and invariants."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.errors import GameOver, IllegalAction, NotYourTurn, UmpireError
from engine.events import Event
from engine.game import Action, CommandSpec, GameOptionSpec, OptionSpec, ScenarioInfo
from engine.rulebook import SUMMARY_FILE, GameSummary, load_summary

from . import bot, engineers, forts, legal, opportunity, sequence
from .board import (
    MAX_WRECKS,
    STACK_LIMIT,
    board_labels,
    check_tables,
    fort_at,
    gmap,
    hex_or_error,
    stack_count,
    unit_or_error,
    utype,
)
from .combat import destroy_unit
from .datafiles import BOARD_PATH, SIDE_NAMES, situations
from .fire import order_assault, order_fire, order_indirect
from .movement import do_clear, do_load, do_move, do_overrun, do_unload
from .state import PlState, dump_state, load_state

PHASE_OF = {
    "place": ("setup",),
    "fire": ("combat", "opportunity"),
    "indirect": ("combat",),
    "move": ("move_vehicles", "move_infantry"),
    "overrun": ("move_vehicles",),
    "load": ("move_vehicles",),
    "unload": ("move_vehicles",),
    "assault": ("assault",),
    "clear": ("move_vehicles",),
    "demolish": ("move_vehicles",),
    "block": ("move_vehicles",),
    "demolish_fort": ("move_vehicles", "move_infantry"),
}
OPTIONAL_RULES = ("mines", "blocks", "fortifications", "engineers", "engineer_vehicles", "opportunity_fire")
SYMBOLS = {"tank": "tank", "armour": "armour", "spa": "spa", "recon": "recon", "halftrack": "halftrack",
           "truck": "truck", "wagon": "wagon", "infantry": "infantry", "engineer": "engineer", "mg": "mg",
           "mortar": "mortar", "at_gun": "at_gun", "artillery": "artillery"}


def _ids(value: Any) -> list[str]:
    if isinstance(value, list | tuple):
        return [str(v).strip() for v in value if str(v).strip()]
    return [p.strip() for p in str(value or "").split(",") if p.strip()]


class PanzerLeader:
    key = "pl"
    title = "Panzer Leader"
    sides = ("us", "ge")

    def rules_summary(self) -> GameSummary:  # until this game moves onto engine.contract
        return load_summary(Path(__file__).parent / "data" / SUMMARY_FILE)

    # --- catalogue ------------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, s.title, s.summary) for k, s in situations().items()]

    def option_specs(self) -> list[GameOptionSpec]:
        return [
            GameOptionSpec("mines", False, "Minefields from the situation card (optional rule)", "pl.md#mines"),
            GameOptionSpec("blocks", False, "Road blocks from the situation card (optional rule)", "pl.md#blocks"),
            GameOptionSpec("fortifications", False, "Fortifications from the situation card (optional rule)",
                           "pl.md#fortifications"),
            GameOptionSpec("engineers", False, "Engineers clear minefields and blocks (optional rule)",
                           "pl.md#engineers"),
            GameOptionSpec("engineer_vehicles", False, "Sherman Flail and Valentine Bridgelayer (optional rule)",
                           "pl.md#engineer-vehicles"),
            GameOptionSpec("opportunity_fire", False, "Opportunity fire during the enemy's movement (optional rule)",
                           "pl.md#opportunity-fire"),
            GameOptionSpec("crt", None, "Replacement Combat Results Table (same schema as data/crt.yaml)", "pl.md#tables"),
            GameOptionSpec("tec", None, "Replacement Terrain Effects Chart (schema of data/tec.yaml)", "pl.md#tables"),
            GameOptionSpec("wec", None, "Replacement Weapons Effectiveness Chart (schema of data/wec.yaml)",
                           "pl.md#tables"),
        ]

    def commands(self) -> list[CommandSpec]:
        units = OptionSpec("units", "unit ids, comma-separated", "str")
        unit = OptionSpec("unit", "unit id", "unit")
        target = OptionSpec("target", "target hex", "hex")
        return [
            CommandSpec("place", "Set up a unit inside your set-up area", (unit, OptionSpec("at", "hex", "hex")),
                        "/pl place unit:R1 at:0204", "Situation set-up"),
            CommandSpec("fire", "Direct fire: units fire together as one fire group at a hex (or one unit there)",
                        (units, target, OptionSpec("at_unit", "one enemy unit in the hex", "unit", required=False)),
                        "/pl fire units:P1,P2 target:1006", "I.ii Direct Fire"),
            CommandSpec("indirect", "Order indirect fire for next turn", (unit, target),
                        "/pl indirect unit:GM1 target:0410", "I.i Indirect Fire"),
            CommandSpec("move", "Move a unit or a stack (lowest allowance) to a hex", (units, OptionSpec("to", "hex", "hex")),
                        "/pl move units:S1 to:1106", "II. Movement Phase"),
            CommandSpec("overrun", "Overrun an adjacent clear hex, moving straight through it", (units, target),
                        "/pl overrun units:P1 target:1305", "II.ii Overrun"),
            CommandSpec("load", "Load a unit onto a carrier in the same hex", (unit, OptionSpec("cargo", "unit", "unit")),
                        "/pl load unit:HT1 cargo:GR1", "II. Transporting Units"),
            CommandSpec("unload", "Unload a carrier's cargo", (unit,), "/pl unload unit:HT1", "II. Transporting Units"),
            CommandSpec("assault", "Close assault an adjacent hex", (units, target),
                        "/pl assault units:R1,E1 target:0811", "III. Close Assault Tactics"),
            CommandSpec("clear", "Engineers: invert (from next to it), then remove (from on it) a minefield or block",
                        (unit, target), "/pl clear unit:E1 target:1412", "Engineers (optional)"),
            CommandSpec("demolish", "Engineers: blow the bridge the engineer has held (3 Movement phases the first time)",
                        (unit,), "/pl demolish unit:PI1", "Engineers (optional)"),
            CommandSpec("block", "Engineers: place the engineer's one block on the road hex it has held",
                        (unit,), "/pl block unit:E1", "Engineers (optional)"),
            CommandSpec("demolish_fort", "Destroy your own side's fortification that the unit is in (Movement phase)",
                        (unit,), "/pl demolish_fort unit:GR6", "Fortifications (optional)"),
            CommandSpec("end", "Resolve the orders of this phase and close it", (), "/pl end", "Basic Turn Sequence"),
        ]

    # --- life cycle -----------------------------------------------------------------------------
    def new_state(self, scenario: str, seed: int, options: dict[str, Any]) -> PlState:
        opts = {spec.name: spec.default for spec in self.option_specs()}
        unknown = set(options) - set(opts)
        if unknown:
            raise IllegalAction(f"unknown option(s) {', '.join(sorted(unknown))}; known: {', '.join(opts)}")
        sit = situations().get(scenario)
        if sit is not None:
            opts.update({str(k): v for k, v in sit.options.items()})  # the situation's own optional rules; the GM's choice wins
        opts.update(options)
        check_tables(opts)
        return sequence.new_state(scenario, seed, opts)

    def to_act(self, state: PlState) -> str | None:
        return None if state.over else state.side

    def legal_actions(self, state: PlState, side: str) -> list[Action]:
        return legal.legal_actions(state, side)

    def apply(self, state: PlState, side: str, action: Action) -> list[Event]:
        if state.over:
            raise GameOver(f"The game is over: {SIDE_NAMES.get(state.winner or '', 'nobody')} won")
        if side != state.side:
            raise NotYourTurn(f"It is the {SIDE_NAMES[state.side]} player's {sequence.phase_name(state)}",
                              "Basic Turn Sequence of Play")
        kind = action.kind
        if kind != "end" and kind not in PHASE_OF:
            raise IllegalAction(f"unknown order '{kind}'; orders: {', '.join(list(PHASE_OF) + ['end'])}")
        if kind != "end" and state.phase not in PHASE_OF[kind]:
            raise IllegalAction(f"'{kind}' is not an order of the {sequence.phase_name(state)}", "Basic Turn Sequence of Play")
        saved = list(state.last_overlays)
        state.last_overlays = []
        try:
            events = self._dispatch(state, side, action)
            return events + forts.settle(state)
        except UmpireError:
            state.last_overlays = saved
            raise

    def _dispatch(self, state: PlState, side: str, action: Action) -> list[Event]:
        a = action.args
        kind = action.kind
        if kind == "end":
            if state.phase == "opportunity":
                return opportunity.close_window(state)
            return sequence.end_phase(state, side)
        if kind == "place":
            return sequence.do_place(state, side, unit_or_error(state, a.get("unit", "")).id, hex_or_error(a.get("at", "")))
        if kind == "fire":
            at_unit = str(a.get("at_unit", "") or "")
            if at_unit.strip().lower() == "bridge":
                at_unit = "bridge"
            elif at_unit:
                at_unit = unit_or_error(state, at_unit).id
            ids = [unit_or_error(state, i).id for i in _ids(a.get("units", a.get("unit")))]
            if state.phase == "opportunity":
                return opportunity.do_opportunity_fire(state, side, ids, hex_or_error(a.get("target", "")), at_unit)
            return order_fire(state, side, ids, hex_or_error(a.get("target", "")), at_unit)
        if kind == "indirect":
            return order_indirect(state, side, unit_or_error(state, a.get("unit", "")).id, hex_or_error(a.get("target", "")))
        if kind == "move":
            ids = [unit_or_error(state, i).id for i in _ids(a.get("units", a.get("unit")))]
            events = do_move(state, side, ids, hex_or_error(a.get("to", "")))
            return events + opportunity.open_window(state, side, ids, events[0].data["path"])
        if kind == "overrun":
            ids = [unit_or_error(state, i).id for i in _ids(a.get("units", a.get("unit")))]
            return do_overrun(state, side, ids, hex_or_error(a.get("target", "")))
        if kind in ("load", "unload"):
            carrier = unit_or_error(state, a.get("unit", ""))
            if kind == "load":
                events = do_load(state, side, carrier.id, unit_or_error(state, a.get("cargo", "")).id)
            else:
                events = do_unload(state, side, carrier.id)
            ids = [carrier.id, events[0].data["cargo"]]
            cost = float(events[0].data.get("mp", 0))
            return events + opportunity.open_window(state, side, ids, [carrier.hex or ""], cost)
        if kind == "demolish":
            return engineers.do_demolish(state, side, unit_or_error(state, a.get("unit", "")).id)
        if kind == "demolish_fort":
            return forts.do_demolish(state, side, unit_or_error(state, a.get("unit", "")).id)
        if kind == "block":
            return engineers.do_block(state, side, unit_or_error(state, a.get("unit", "")).id)
        if kind == "clear":
            return do_clear(state, side, unit_or_error(state, a.get("unit", "")).id, hex_or_error(a.get("target", "")))
        ids = [unit_or_error(state, i).id for i in _ids(a.get("units", a.get("unit")))]
        return order_assault(state, side, ids, hex_or_error(a.get("target", "")))

    def gm_apply(self, state: PlState, action: Action) -> list[Event]:
        """GM overrides: remove, disperse, rally a unit; or act for the side to move."""
        a = action.args
        if action.kind in ("remove", "disperse", "rally"):
            u = unit_or_error(state, a.get("unit", ""))
            if u.status != "on_map":
                raise IllegalAction(f"{u.id} is not on the board")
            if action.kind == "remove":
                events = destroy_unit(state, u, "GM override") + forts.settle(state)
            else:
                u.dispersed = action.kind == "disperse"
                events = [Event("gm", f"GM: {u.id} {'dispersed' if u.dispersed else 'turned face up'}", "GM override")]
            return events + sequence.check_end(state)
        if action.kind in ("move", "place"):
            # A correction outside the rules: the unit is put in the hex, stacking still applies.
            u = unit_or_error(state, a.get("unit", ""))
            label = str(a.get("to") or a.get("at") or "")
            target = gmap().hex(label)
            if stack_count(state, target.label, exclude={u.id}) + 1 > STACK_LIMIT:
                raise IllegalAction(f"{target.label} would hold more than {STACK_LIMIT} units")
            enemy_in = [o for o in forts.inside(state, target.label) if o.side != u.side]
            u.hex, u.status, u.on_fort = target.label, "on_map", bool(enemy_in)
            return [Event("gm", f"GM puts {u.id} in {target.label}", "GM override", data={"unit": u.id})] \
                + forts.settle(state)
        if action.kind == "end":
            winner = str(a.get("winner", ""))
            if winner not in self.sides:
                raise IllegalAction(f"winner must be one of {', '.join(self.sides)}")
            state.over, state.winner, state.phase = True, winner, "over"
            state.result_text = str(a.get("result") or "ended by the GM")
            return [Event("gm", f"GM ends the game: {winner} wins ({state.result_text})", "GM override",
                          phase_end=True)]
        return self.apply(state, state.side, action)

    # --- views ----------------------------------------------------------------------------------
    def view(self, state: PlState, side: str | None) -> dict[str, Any]:
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
                        any(u.hex == h and u.side != s for u in state.on_map())]
        markers += [{"kind": "block", "hex": h, "inverted": h in state.inverted} for h in sorted(state.blocks)
                    if state.options.get("blocks") or h in state.built_blocks]
        if state.options.get("fortifications"):
            markers += [{"kind": "fortification", "hex": h} for h in sorted(state.forts)]
        return {
            "game": self.key, "title": self.title, "scenario": state.scenario, "map": str(BOARD_PATH),
            "turn": state.turn, "turns": state.turns, "phase": state.phase, "to_act": self.to_act(state),
            "sides": dict(SIDE_NAMES),
            "score": self._score(state),
            "last_random": state.last_random, "units": units, "markers": markers,
            "overlays": list(state.last_overlays),
        }

    def _score(self, state: PlState) -> dict[str, Any]:
        lost = {s: sum(1 for u in state.units.values() if u.side == s and u.status == "eliminated") for s in self.sides}
        score: dict[str, Any] = {f"lost_{s}": n for s, n in lost.items()}
        if state.over:
            score["result"] = state.result_text
        return score

    def dump(self, state: PlState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> PlState:
        return load_state(data)

    def is_over(self, state: PlState) -> bool:
        return state.over

    def winner(self, state: PlState) -> str | None:
        return state.winner

    def status_line(self, state: PlState) -> str:
        if state.over:
            return f"Game over: {SIDE_NAMES.get(state.winner or '', '?')} win ({state.result_text})"
        return f"Turn {state.turn}/{state.turns}, {SIDE_NAMES[state.side]} {sequence.phase_name(state)}"

    def bot_action(self, state: PlState, side: str, level: str = "normal") -> tuple[Action, str]:
        return bot.bot_action(state, side, level)

    def invariants(self, state: PlState) -> list[str]:
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
