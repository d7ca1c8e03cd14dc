"""Just a Peiper Dream?: the rules as a state machine in rulebook order.

Phases: Set-Up -> (Turn Begins: draw -> decide -> activate [-> face] -> draw ...) x 5 -> over.
"""

from __future__ import annotations

import re
from typing import Any

from engine import cards
from engine.errors import GameOver, IllegalAction, NotFound, NotYourTurn
from engine.events import Event
from engine.game import Action, CommandSpec, GameOptionSpec, ScenarioInfo
from engine.hexgrid import Hex
from engine.rng import Rng, seed_hash

from . import combat, orders
from .board import destinations, hex_of, in_supply, occupants, spec, supply_network
from .commands import COMMANDS
from .state import (
    ACTIVATE,
    DECIDE,
    DRAW,
    FACE,
    OVER,
    SETUP,
    UNIT_AWAITING,
    UNIT_ELIMINATED,
    UNIT_EXITED,
    UNIT_ON_MAP,
    PeiperState,
    UnitState,
    dump_state,
    load_state,
)
from .units import SIDE_NAMES, game_map, resolve_unit, scenarios, unit_specs

OPTIONS = (
    GameOptionSpec("stack_limit", 2, "Units per hex (Set-Up: up to 2 friendly ground units)"),
    GameOptionSpec("exits_to_win", 4, "German units that must exit the west edge (Who Wins)"),
    GameOptionSpec("jokers", 1, "Jokers in the deck (Turn Begins: include 1 joker)"),
    GameOptionSpec("bridge_down_markers", 4, "Bridge Down markers on the sheet: most demolitions", "Bridge Demolition"),
    GameOptionSpec("demolition_from_turn", 3, "First turn bridges may be blown ('after Turn 2')", "Bridge Demolition"),
    GameOptionSpec("exactly_10_succeeds", False, "A modified demolition or depot draw of exactly 10 succeeds",
                   "Bridge Demolition: exactly 10"),
    GameOptionSpec("combat_ends_activations", False, "An attack ends the side's remaining ACTs ('return to CD')",
                   "Combat: return to CD"),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}
PHASE_NAMES = {
    SETUP: "set-up", DRAW: "card draw", DECIDE: "card decision", ACTIVATE: "activations",
    FACE: "face card in combat", OVER: "game over",
}


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9]", "", str(text).lower())


def resolve_bridge(text: str) -> str:
    names = list(game_map().bridges)
    wanted = _norm(text)
    exact = [n for n in names if _norm(n) == wanted]
    if exact:
        return exact[0]
    starts = [n for n in names if _norm(n).startswith(wanted)] if wanted else []
    if len(starts) == 1:
        return starts[0]
    raise IllegalAction(f"No bridge '{text}'. Bridges: {', '.join(names)}", "Bridge Demolition")


class PeiperRules:
    key = "peiper"
    title = "Just a Peiper Dream?"
    sides: tuple[str, ...] = ("ge", "us")
    side_names = SIDE_NAMES

    # --- catalogue ---------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, s.title, s.summary) for k, s in scenarios().items()]

    def option_specs(self) -> list[GameOptionSpec]:
        return list(OPTIONS)

    def commands(self) -> list[CommandSpec]:
        return list(COMMANDS)

    # --- state -------------------------------------------------------------------------------
    def new_state(self, scenario: str = "historical", seed: int = 0, options: dict[str, Any] | None = None) -> PeiperState:
        scenario = scenario or "historical"
        if scenario not in scenarios():
            raise NotFound(f"No Peiper scenario '{scenario}': choose {', '.join(scenarios())}")
        opts = dict(DEFAULTS)
        for key, val in (options or {}).items():
            if key not in DEFAULTS:
                raise IllegalAction(f"Unknown option '{key}' for {self.title}: options are {', '.join(DEFAULTS)}")
            opts[key] = type(DEFAULTS[key])(val)
        state = PeiperState(scenario=scenario, seed=seed, options=opts, rng=Rng.seeded(seed),
                            turns=scenarios()[scenario].turns)
        state.units = {uid: UnitState(uid, s.side) for uid, s in unit_specs().items()}
        return state

    def dump(self, state: PeiperState) -> dict[str, Any]:
        return dump_state(state)

    def load(self, data: dict[str, Any]) -> PeiperState:
        return load_state(data)

    def to_act(self, state: PeiperState) -> str | None:
        return None if state.phase == OVER else state.side

    def is_over(self, state: PeiperState) -> bool:
        return state.phase == OVER

    def winner(self, state: PeiperState) -> str | None:
        return state.winner

    # --- orders ------------------------------------------------------------------------------
    def apply(self, state: PeiperState, side: str, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise GameOver(f"The game is over: {state.result}", "Who Wins")
        if side not in self.sides:
            raise IllegalAction(f"Unknown side '{side}': sides are ge and us")
        if side != state.side:
            raise NotYourTurn(
                f"It is the {SIDE_NAMES[state.side]} player's {PHASE_NAMES[state.phase]}, not yours",
                "Turn Sequence",
            )
        allowed = self._kinds(state)
        if action.kind not in allowed:
            raise IllegalAction(
                f"'{action.kind}' is not an order now ({PHASE_NAMES[state.phase]}): you may {', '.join(allowed)}",
                "Turn Sequence",
            )
        events: list[Event] = []
        a = action.args
        kind = action.kind
        if kind == "place":
            orders.place(state, events, self._unit(a), self._hex(a, "at"))
        elif kind == "ready":
            orders.ready(state, events)
        elif kind == "draw":
            orders.draw_card(state, events)
        elif kind == "take":
            orders.take(state, events, side, a.get("hex") or None)
        elif kind == "pass":
            orders.pass_card(state, events, side)
        elif kind == "oba":
            orders.use_oba(state, events, side, str(self._arg(a, "target")), str(a.get("mode", "attack")))
        elif kind == "move":
            orders.move(state, events, side, self._unit(a), self._hex(a, "to"))
        elif kind == "attack":
            orders.attack(state, events, side, self._unit(a), resolve_unit(str(self._arg(a, "target"))))
        elif kind == "enter":
            orders.enter(state, events, side, self._unit(a), self._hex(a, "at"))
        elif kind == "exit":
            orders.exit_map(state, events, side, self._unit(a))
        elif kind == "demolish":
            orders.demolish(state, events, side, resolve_bridge(str(self._arg(a, "bridge"))))
        elif kind in ("redraw", "miss"):
            combat.face_choice(state, events, redraw=kind == "redraw")
        elif kind == "end":
            orders.end_activations(state, events, side)
        state.actions += 1
        return events

    def _kinds(self, state: PeiperState) -> list[str]:
        if state.phase == SETUP:
            return ["place", "ready"]
        if state.phase == DRAW:
            return ["draw"]
        if state.phase == DECIDE:
            return ["take", "oba", "pass"]
        if state.phase == ACTIVATE:
            return ["move", "attack", "enter", "exit", "demolish", "end"]
        if state.phase == FACE:
            return ["redraw", "miss"]
        return []

    @staticmethod
    def _arg(args: dict[str, Any], name: str) -> Any:
        if name not in args or args[name] in (None, ""):
            raise IllegalAction(f"This order needs {name}:<value>")
        return args[name]

    def _unit(self, args: dict[str, Any]) -> str:
        return resolve_unit(str(self._arg(args, "unit")))

    def _hex(self, args: dict[str, Any], name: str) -> Hex:
        return game_map().hex(str(self._arg(args, name)))

    # --- legal actions -----------------------------------------------------------------------
    def legal_actions(self, state: PeiperState, side: str) -> list[Action]:
        if state.phase == OVER or side != state.side:
            return []
        gmap = game_map()
        acts: list[Action] = []
        if state.phase == SETUP:
            for uid, s in unit_specs().items():
                if s.arrives == "setup":
                    for h in gmap.hexes():
                        if orders.setup_hex_problem(state, uid, h) is None:
                            acts.append(Action("place", {"unit": uid, "at": h.label}))
            acts.append(Action("ready"))
        elif state.phase == DRAW:
            acts.append(Action("draw"))
        elif state.phase == DECIDE:
            if cards.is_face(state.card):
                own = sorted({u.hex for u in state.units.values()
                              if u.side == side and u.status == UNIT_ON_MAP and u.hex})
                acts += [Action("take", {"hex": h}) for h in own]
                if not state.oba_used[side]:
                    targets = sorted({u.hex for u in state.units.values()
                                      if u.side != side and u.status == UNIT_ON_MAP and u.hex})
                    for label in targets:
                        acts.append(Action("oba", {"target": label, "mode": "attack"}))
                        acts.append(Action("oba", {"target": label, "mode": "support"}))
            else:
                acts.append(Action("take"))
            acts.append(Action("pass"))
        elif state.phase == ACTIVATE:
            acts += self._activation_actions(state, side)
            acts.append(Action("end"))
        elif state.phase == FACE:
            acts += [Action("redraw"), Action("miss")]
        return acts

    def _activation_actions(self, state: PeiperState, side: str) -> list[Action]:
        gmap = game_map()
        acts: list[Action] = []
        movers = [u.id for u in state.units.values() if u.side == side and u.status == UNIT_ON_MAP]
        if state.acts <= 0:
            movers = [u for u in movers if u in state.act_units]
        network = supply_network(state) if side == "ge" else set()
        for uid in movers:
            supplied = in_supply(state, uid, network)
            for h in sorted(destinations(state, uid, supplied)):
                acts.append(Action("move", {"unit": uid, "to": h.label}))
            here = hex_of(state, uid)
            assert here is not None
            for t in state.units.values():
                if t.side != side and t.status == UNIT_ON_MAP and t.hex and Hex.parse(t.hex).distance(here) == 1:
                    acts.append(Action("attack", {"unit": uid, "target": t.id}))
            if side == "ge" and gmap.on_edge(here, "west"):
                acts.append(Action("exit", {"unit": uid}))
        if state.acts > 0:
            for u in state.units.values():
                if u.side == side and u.status == UNIT_AWAITING and spec(u.id).arrives == "reinforcement":
                    edges = {h for e in spec(u.id).edges for h in gmap.edges[e]}
                    for h in sorted(edges):
                        if orders.enter_problem(state, u.id, h) is None:
                            acts.append(Action("enter", {"unit": u.id, "at": h.label}))
            if side == "us" and state.turn >= int(state.options["demolition_from_turn"]) and \
                    len(state.bridges_down) < int(state.options["bridge_down_markers"]):
                for name, b in gmap.bridges.items():
                    if b.demolishable and name not in state.bridges_down:
                        acts.append(Action("demolish", {"bridge": name}))
        return acts

    # --- GM ----------------------------------------------------------------------------------
    def gm_apply(self, state: PeiperState, action: Action) -> list[Event]:
        from .gm import gm_apply

        return gm_apply(state, action)

    # --- views -------------------------------------------------------------------------------
    def view(self, state: PeiperState, side: str | None) -> dict[str, Any]:
        from .view import build_view

        return build_view(state, side)

    def status_line(self, state: PeiperState) -> str:
        if state.phase == OVER:
            return f"Game over: {SIDE_NAMES[state.winner or 'us']} wins ({state.result})."
        turn = f"Turn {state.turn} of {state.turns}" if state.turn else "Before turn 1"
        extra = ""
        if state.phase == ACTIVATE:
            left = state.acts if state.acts else len(state.act_units)
            extra = f", {left} ACT{'s' * (left != 1)} left"
        elif state.phase == DECIDE:
            extra = f" on {cards.describe(state.card)}"
        return (f"{turn}: {SIDE_NAMES[state.side]} {PHASE_NAMES[state.phase]}{extra}. "
                f"Exited {len(state.exited)}/{state.options['exits_to_win']}, deck {len(state.deck)}, "
                f"Fuel Depot {state.fuel_depot}.")

    def seed_commitment(self, state: PeiperState) -> str:
        return seed_hash(state.seed)

    # --- bots and checks ---------------------------------------------------------------------
    def bot_action(self, state: PeiperState, side: str, level: str = "normal") -> tuple[Action, str]:
        from .bot import choose

        return choose(self, state, side, level)

    def invariants(self, state: PeiperState) -> list[str]:
        problems: list[str] = []
        where = occupants(state)
        limit = int(state.options["stack_limit"])
        for h, ids in where.items():
            if len(ids) > limit:
                problems.append(f"{h.label} holds {len(ids)} units (limit {limit})")
            if len({state.units[i].side for i in ids}) > 1:
                problems.append(f"{h.label} holds a mixed stack")
            if h not in game_map():
                problems.append(f"{h.label} is off the map")
        for u in state.units.values():
            if u.status == UNIT_ON_MAP and not u.hex:
                problems.append(f"{u.id} is on the map with no hex")
            if u.status in (UNIT_AWAITING, UNIT_EXITED, UNIT_ELIMINATED) and u.hex:
                problems.append(f"{u.id} is {u.status} yet stands in {u.hex}")
        if state.turn:
            total = len(state.deck.draw_pile) + len(state.deck.discards)
            expected = 52 + int(state.options["jokers"])
            if total != expected or sorted(state.deck.draw_pile + state.deck.discards) != sorted(
                cards.standard_deck(int(state.options["jokers"]))
            ):
                problems.append(f"the deck holds {total} cards, not the {expected} it was shuffled with")
        if set(state.exited) != {u.id for u in state.units.values() if u.status == UNIT_EXITED}:
            problems.append("the exited list disagrees with the units' status")
        if state.acts < 0:
            problems.append("negative activations")
        return problems

