"""Just a Peiper Dream?: the rules as a state machine in rulebook order.

Phases: Set-Up -> (Turn Begins: draw -> decide -> activate [-> face] -> draw ...) x 5 -> over.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

from engine import cards
from engine.contract import Contract, Order
from engine.errors import NotFound
from engine.events import Event
from engine.game import Action, ScenarioInfo
from engine.options import GameOptionSpec, shorten
from engine.rng import Rng, seed_hash

from .board import occupants
from .commands import ORDERS
from .gm import gm_apply
from .state import (
    ACTIVATE,
    CODEC,
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
)
from .units import SIDE_NAMES, game_map, resolve_bridge, resolve_unit, scenario_map, scenarios, unit_specs

GERMAN_UNITS = 6  # the German counters (units.yaml): more exits than that cannot be won

OPTIONS = (
    GameOptionSpec("stack_limit", 2, "Units per hex (Set-Up: up to 2 friendly ground units)", "Set-Up",
                   minimum=1, maximum=4),
    GameOptionSpec("exits_to_win", 4, "German units that must exit the west edge (Who Wins)", "Who Wins",
                   minimum=1, maximum=GERMAN_UNITS),
    GameOptionSpec("jokers", 1, "Jokers in the deck (Turn Begins: include 1 joker)", "Turn Begins",
                   minimum=0, maximum=2),
    GameOptionSpec("bridge_down_markers", 4, "Bridge Down markers on the sheet: most demolitions", "docs/rulings/peiper.md #16",
                   minimum=0, maximum=12),
    GameOptionSpec("demolition_from_turn", 3, "First turn bridges may be blown ('after Turn 2')", "Bridge Demolition",
                   minimum=1, maximum=6),
    GameOptionSpec("exactly_10_succeeds", False, "A modified demolition or depot draw of exactly 10 succeeds",
                   "docs/rulings/peiper.md #8"),
    GameOptionSpec("combat_ends_activations", True, "An attack ends the side's remaining ACTs ('return to CD')",
                   "docs/rulings/peiper.md #12"),
    GameOptionSpec("adjacent_movement", "hex_by_hex", "Moving next to enemies: hex_by_hex (a unit stops on entering "
                   "a hex next to an enemy) or act_ends (only where the ACT starts and ends)", "docs/rulings/peiper.md #23",
                   kind="choice", choices=("hex_by_hex", "act_ends"), legacy="act_ends"),
    GameOptionSpec("one_30th_battalion", True, "'30/177/1 or 2': only one of 30/117/1 and 30/117/2 may enter", "docs/rulings/peiper.md #26",
                   legacy=False),
    GameOptionSpec("end_when_decided", True, "End the game for the US as soon as the Germans can no longer exit "
                   "enough units", "docs/rulings/peiper.md #29", legacy=False),
    GameOptionSpec("kg2_turn_4_only", True, "'Turn 4 the GE player may enter 3 FJ/KG 2': on turn 4 only", "docs/rulings/peiper.md #27",
                   legacy=False),
    GameOptionSpec("decided_counts_eliminations", True, "A decided game ends early only when the Germans can "
                   "neither exit enough units nor still eliminate every US unit", "docs/rulings/peiper.md #29",
                   legacy=False),
    GameOptionSpec("depot_every_occupation", True, "Every occupation of Stavelot makes its Fuel Depot draw: "
                   "after a GM order too, and when no card was left, with the next deck even if the unit has "
                   "left", "docs/rulings/peiper.md #19", legacy=False),
    GameOptionSpec("ignored_joker", "shuffled_back", "An ignored Joker: shuffled_back into the undrawn cards, or "
                   "set_aside (the turn then ends only when the deck runs out)", "docs/rulings/peiper.md #10",
                   kind="choice", choices=("shuffled_back", "set_aside"), legacy="set_aside"),
    GameOptionSpec("supply_over_river", False, "A German unit is in supply next to a supplied road across an "
                   "unbridged river hexside", "docs/rulings/peiper.md #17", legacy=True),
    GameOptionSpec("setup_terrain_free", True, "US set-up units go anywhere but the easternmost hexrow, a Mech "
                   "unit in a forest off the road too", "docs/rulings/peiper.md #30", legacy=False),
)
DEFAULTS = {o.name: o.default for o in OPTIONS}
PHASE_NAMES = {
    SETUP: "set-up", DRAW: "card draw", DECIDE: "card decision", ACTIVATE: "activations",
    FACE: "face card in combat", OVER: "game over",
}


class PeiperRules(Contract):
    key = "peiper"
    title = "Just a Peiper Dream?"
    short_name = "Peiper"
    victory_rule = "Who Wins"
    sides: tuple[str, ...] = ("ge", "us")
    side_names = SIDE_NAMES
    standing_orders = ("pass", "end", "miss", "ready")
    quiet_orders = ("pass", "end", "miss")
    sequence_rule = "Turn Sequence"
    codec = CODEC

    def ground(self, state: PeiperState) -> AbstractContextManager[object]:
        return scenario_map(state.scenario)  # every entry point works on the scenario's own map

    # --- catalogue ---------------------------------------------------------------------------
    def scenarios(self) -> list[ScenarioInfo]:
        return [ScenarioInfo(k, s.title, s.summary) for k, s in scenarios().items()]

    def option_specs(self) -> list[GameOptionSpec]:
        return list(OPTIONS)

    def orders(self) -> tuple[Order, ...]:
        return ORDERS

    # --- state -------------------------------------------------------------------------------
    def new_state(self, scenario: str = "", seed: int = 0, options: dict[str, Any] | None = None) -> PeiperState:
        scenario = scenario or next(iter(scenarios()))  # one default: the first scenario, as /game new
        if scenario not in scenarios():
            raise NotFound(f"No Peiper scenario '{shorten(scenario, 30)}': choose {', '.join(scenarios())}")
        opts = self.parse_options(options)
        state = PeiperState(scenario=scenario, seed=seed, options=opts, rng=Rng.seeded(seed), side="us",
                            turns=scenarios()[scenario].turns)
        state.units = {uid: UnitState(uid, s.side) for uid, s in unit_specs().items()}
        return state

    def load(self, data: dict[str, Any]) -> PeiperState:
        state: PeiperState = super().load(data)
        state.options = self.upgrade_options(state.options)
        return state

    def phase_name(self, state: PeiperState) -> str:
        return PHASE_NAMES[state.phase]

    def help_notes(self, state: PeiperState | None) -> list[str]:
        """In the activations, what an attack costs: the rest of the card's ACTs (ruling 12)."""
        if state is None or state.phase != ACTIVATE or not state.options.get("combat_ends_activations", False):
            return []
        left = state.acts + len(state.act_units)
        lost = max(0, left - 1)
        return [f"An attack ends your activations [Combat, ruling 12]: {left} ACT{'s' * (left != 1)} left now, so an "
                f"attack would lose {lost} unused."]

    # --- orders ------------------------------------------------------------------------------
    def after_order(self, state: PeiperState, side: str, events: list[Event]) -> None:
        state.actions += 1

    def unit_id(self, state: PeiperState, text: str) -> str:
        return resolve_unit(text)

    def hex_label(self, state: PeiperState, text: str) -> str:
        with self.ground(state):
            return game_map().hex(text).label

    def parse_other(self, state: PeiperState, kind: str, text: str) -> Any:
        if kind == "bridge":
            return resolve_bridge(text)
        return super().parse_other(state, kind, text)

    # --- GM ----------------------------------------------------------------------------------
    def gm_apply(self, state: PeiperState, action: Action) -> list[Event]:
        with self.ground(state):
            return gm_apply(state, action)

    # --- views -------------------------------------------------------------------------------
    def build_view(self, state: PeiperState, side: str | None) -> dict[str, Any]:
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
    def invariants(self, state: PeiperState) -> list[str]:
        with self.ground(state):
            return self._invariants(state)

    def _invariants(self, state: PeiperState) -> list[str]:
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

