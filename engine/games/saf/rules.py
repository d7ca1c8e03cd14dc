"""SafRules: the GameRules protocol for Scream, Aim, Fire! (solitaire: the player is "us")."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from engine.errors import GameOver, IllegalAction, NotYourTurn, UnknownUnit
from engine.events import Event
from engine.game import Action, CommandSpec, GameOptionSpec, OptionSpec, ScenarioInfo
from engine.hexgrid import Hex
from engine.rulebook import SUMMARY_FILE, GameSummary, load_summary

from . import american, setup, turn
from .bot import choose
from .data import load_data, map_path
from .movement import move_unit
from .state import SafState, dump_state, load_state
from .table import STACKING, Table


def _zone_ok(t: Table, u: Any, h: Hex) -> bool:
    return h in setup.zone_hexes(t, u.arrive_zone)


class SafRules:
    key: str = "saf"
    title: str = "Scream, Aim, Fire!"
    sides: tuple[str, ...] = ("us", "ge")

    def rules_summary(self) -> GameSummary:  # until this game moves onto engine.contract
        return load_summary(Path(__file__).parent / "data" / SUMMARY_FILE)

    # --- catalogue ------------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        d = load_data()
        return [ScenarioInfo(k, sc.title, f"{sc.date}, {sc.map.removesuffix('.yaml')}: reach morale {sc.morale_goal}"
                             f" ({sc.victory.replace('_', ' ')})") for k, sc in d.scenarios.items()]

    def option_specs(self) -> list[GameOptionSpec]:
        return [
            GameOptionSpec("outnumbered", False, "6.2 B optional rule: 6 order dice when the Germans outnumber you",
                           "6.2 B"),
            GameOptionSpec("cover_file", "", "Path to a cover-card YAML file replacing the default deck", "Cover cards"),
            GameOptionSpec("chits_file", "", "Path to a chits YAML file replacing the default cups", "Chits"),
            GameOptionSpec("actions_file", "", "Path to an action-card YAML file replacing the German deck",
                           "Action cards"),
            GameOptionSpec("reserves_file", "", "Path to a German reserve-card YAML file", "German reserve cards"),
        ]

    def commands(self) -> list[CommandSpec]:
        unit = OptionSpec("unit", "Your unit", "unit")
        return [
            CommandSpec("place", "Set up a unit in another hex of its set-up zone (turn 1, before rolling)",
                        (unit, OptionSpec("to", "Hex", "hex")), "/saf place unit:I2 to:0205", "8.1.1 A"),
            CommandSpec("roll", "Roll the order dice (5d6)", (), "/saf roll", "6.2 A"),
            CommandSpec("adjust", "Turn one die by one pip (once per turn)",
                        (OptionSpec("die", "Pip value of the die", "int"), OptionSpec("to", "New pip", "int")),
                        "/saf adjust die:5 to:4", "6.2 C"),
            CommandSpec("order", "Spend order dice on a unit",
                        (OptionSpec("die", "Pip value", "int"), unit,
                         OptionSpec("type", "Order", "choice", choices=tuple(american.ORDER_DICE)),
                         OptionSpec("to", "Destination hex", "hex", required=False),
                         OptionSpec("target", "German unit to fire at or assault", "unit", required=False),
                         OptionSpec("mover", "Covering fire: the adjacent unit that moves", "unit", required=False),
                         OptionSpec("second", "Mortar double 6: second target", "unit", required=False)),
                        "/saf order die:3 unit:V5 type:move_fire to:0605 target:R2", "6.2"),
            CommandSpec("supply", "Use a Supply counter on a unit low on ammunition or supply", (unit,),
                        "/saf supply unit:I1", "6.5.1 C"),
            CommandSpec("end", "End the American turn; the Germans act", (), "/saf end", "5.0"),
        ]

    # --- state ----------------------------------------------------------------------------------
    def new_state(self, scenario: str, seed: int, options: dict[str, Any]) -> SafState:
        return setup.new_state(scenario, seed, options)

    def dump(self, state: SafState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> SafState:
        return load_state(data)

    def to_act(self, state: SafState) -> str | None:
        return None if state.winner else "us"

    def is_over(self, state: SafState) -> bool:
        return state.winner is not None

    def winner(self, state: SafState) -> str | None:
        return state.winner

    def status_line(self, state: SafState) -> str:
        t = Table(state)
        if state.winner:
            return state.result
        _, where = turn.goal_met(t)
        prompt = {
            "setup": "set up with /saf place or roll your order dice: /saf roll",
            "roll": "roll your order dice: /saf roll",
            "orders": f"order dice {' '.join(map(str, state.dice)) or 'all used'}: /saf order or /saf end",
        }.get(state.phase, state.phase)
        return (f"Turn {state.turn}/{turn.TURNS}, {prompt}; morale {state.morale}/{t.sc.morale_goal}; "
                f"{where}; supply {state.supply}; German reserves {state.reserve_track}/{state.reserve_at}")

    # --- actions --------------------------------------------------------------------------------
    def legal_actions(self, state: SafState, side: str) -> list[Action]:
        if side != "us" or state.winner:
            return []
        t = Table(state)
        out: list[Action] = []
        if state.phase == "setup":
            for u in state.on_map("us"):
                if u.kind == "us_lt":
                    continue
                need = 2 if t.lt_of(u) else 1
                for h in setup.zone_hexes(t, u.arrive_zone):
                    if h.label != u.hex and t.room(h, u.kind, need):
                        out.append(Action("place", {"unit": u.id, "to": h.label}))
        if state.phase in ("setup", "roll"):
            out.append(Action("roll"))
        if state.phase == "orders":
            if not state.adjusted:
                for pip in sorted(set(state.dice)):
                    out += [Action("adjust", {"die": pip, "to": p}) for p in (pip - 1, pip + 1) if 1 <= p <= 6]
            out += american.legal_orders(t)
            out.append(Action("end"))
        if state.supply > 0:
            out += [Action("supply", {"unit": u.id}) for u in state.on_map("us") if u.supply]
        return out

    def apply(self, state: SafState, side: str, action: Action) -> list[Event]:
        if state.winner:
            raise GameOver(f"The game is over: {state.result}")
        if side != "us":
            raise NotYourTurn("The German side is run by the rules' AI (7.0); you play the Americans", "7.0")
        t = Table(state)
        kind = action.kind
        args = action.args
        if kind == "place":
            if state.phase != "setup":
                raise IllegalAction("Units are placed only before the first roll", "3.0")
            u = t.unit(str(args.get("unit", "")))
            if u is None or u.side != "us" or u.kind == "us_lt":
                raise UnknownUnit(f"No American unit '{args.get('unit')}' to place (the Lieutenant goes with his unit)")
            h = t.m.hex(str(args.get("to", "")))
            need = 2 if t.lt_of(u) else 1
            if not _zone_ok(t, u, h) or not t.room(h, u.kind, need):
                raise IllegalAction(f"{t.name(u)} sets up in zone '{u.arrive_zone}' in a hex with room; not {h.label}",
                                    "8.1.1")
            state.overlays = []
            u.hex = h.label
            lt = t.lt_of(u)
            if lt is not None:
                lt.hex = h.label
            t.log("setup", f"{t.name(u)} sets up at {h.label}", "8.1.1", "us")
            t.panic_check()
            return t.events
        if kind == "roll":
            if state.phase not in ("setup", "roll"):
                raise IllegalAction("The order dice are already rolled this turn", "6.2 A")
            state.overlays = []
            turn.roll_orders(t)
            return t.events
        if kind == "adjust":
            if state.phase != "orders":
                raise IllegalAction("Roll the order dice first", "6.2 C")
            if state.adjusted:
                raise IllegalAction("You may adjust only one die, once per turn", "6.2 C")
            try:
                pip, to = int(args.get("die", 0)), int(args.get("to", 0))
            except ValueError:
                raise IllegalAction("die and to are pip values 1-6", "6.2 C") from None
            if pip not in state.dice:
                raise IllegalAction(f"No die shows {pip}: dice are {' '.join(map(str, state.dice))}", "6.2 C")
            if abs(pip - to) != 1 or not 1 <= to <= 6:
                raise IllegalAction("A die turns by one pip only (1-6)", "6.2 C")
            state.dice.remove(pip)
            state.dice = sorted([*state.dice, to])
            state.adjusted = True
            t.log("dice", f"Die {pip} turned to {to}: dice now {' '.join(map(str, state.dice))}", "6.2 C", "us")
            return t.events
        if kind == "order":
            plan = american.check_order(t, action)
            state.overlays = []
            american.do_order(t, plan)
            return t.events
        if kind == "supply":
            if state.supply <= 0:
                raise IllegalAction("You have no Supply counters", "6.5.1 C")
            u = t.unit(str(args.get("unit", "")))
            if u is None or u.side != "us" or u.status != "on_map":
                raise UnknownUnit(f"No American unit '{args.get('unit')}' on the map")
            if not u.supply:
                raise IllegalAction(f"{t.name(u)} is not low on ammunition or supply", "6.5.1 C")
            state.supply -= 1
            u.supply = ""
            t.log("supply", f"Supply counter used: {t.name(u)} is replenished ({state.supply} left)", "6.5.1 C", "us")
            return t.events
        if kind == "end":
            if state.phase != "orders":
                raise IllegalAction("Roll and use your order dice before ending the turn", "6.2")
            state.overlays = []
            turn.end_turn(t)
            return t.events
        raise IllegalAction(f"Unknown SAF order '{kind}': use place, roll, adjust, order, supply or end")

    def gm_apply(self, state: SafState, action: Action) -> list[Event]:
        """GM overrides: move unit:<id> to:<hex>, remove unit:<id>, morale delta:<n> reason:<text>."""
        t = Table(state)
        args = action.args
        if action.kind == "morale":
            try:
                delta = int(args.get("delta", 0))
            except (TypeError, ValueError):
                raise IllegalAction("delta must be a whole number of morale points") from None
            t.morale(delta, f"GM: {args.get('reason', 'ruling')}", "GM")
            return t.events
        if action.kind == "end":
            winner = str(args.get("winner", ""))
            if winner not in self.sides:
                raise IllegalAction(f"winner must be one of {', '.join(self.sides)}")
            state.phase, state.winner = "over", winner
            state.result = str(args.get("result") or "ended by the GM")
            t.log("gm", f"GM ends the game: {winner} wins ({state.result})", "GM")
            return t.events
        u = t.unit(str(args.get("unit", "")))
        if u is None:
            raise UnknownUnit(f"No unit '{args.get('unit')}'")
        if action.kind == "move":
            move_unit(t, u, t.m.hex(str(args.get("to", ""))), "GM", "is moved by the GM:")
            return t.events
        if action.kind == "remove":
            u.status, u.hex = "eliminated", None
            t.log("gm", f"GM removes {t.name(u)}", "GM")
            return t.events
        raise IllegalAction(f"Unknown GM action '{action.kind}': use move, remove, morale or end")

    # --- view -----------------------------------------------------------------------------------
    def view(self, state: SafState, side: str | None) -> dict[str, Any]:
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
            "game": self.key, "title": self.title, "scenario": f"{state.scenario}: {t.sc.title}",
            "map": str(map_path(t.sc)), "turn": state.turn, "turns": turn.TURNS, "phase": state.phase,
            "to_act": self.to_act(state), "sides": {"us": "American", "ge": "German (AI)"},
            "score": {"morale": state.morale, "goal": t.sc.morale_goal, "supply": state.supply,
                      "german_reserves": state.reserve_track, "reserves_at": state.reserve_at,
                      "dice": list(state.dice)},
            "last_random": state.last_random, "units": units, "markers": map_markers,
            "overlays": list(state.overlays), "winner": state.winner,
        }

    # --- bots and checks --------------------------------------------------------------------------
    def bot_action(self, state: SafState, side: str, level: str = "normal") -> tuple[Action, str]:
        if side != "us":
            raise NotYourTurn("The German side is played by the rules (7.0)", "7.0")
        return choose(self, state)

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
