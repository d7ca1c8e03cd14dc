"""Waste in a Peiper game, counted from its orders and their events (issue 30): per side,

- ``acts_taken``: ACTs received from taken cards (a number card's N, a face card's units in the hex);
- ``acts_spent``: ACTs spent on moves, entries, exits, attacks and demolitions;
- ``acts_lost_to_attack``: ACTs forfeited by an attack (ruling 12: an attack ends the activations);
- ``acts_ended_unused``: ACTs left when the side ended its activations;
- ``cards_passed``: cards (number or face) the side passed;
- ``shots``, ``shots_10``: attacks ordered, and those at 10% or less to hit;
- ``shots_10_move_open``: shots at 10% or less while a move toward the exits was legal (German: a
  move or an exit that takes a unit nearer leaving west, by ``ai_field``; US: any move or entry);
- ``units_never_moved``: units that stood on the map and never moved (nor exited) all game;
- ``demolitions``, ``demolitions_turn_3``: demolition attempts, and those in turn 3 (the first the
  rules allow: "After Turn 2");
- ``unit_turns_parked`` (German only): a unit on the map at a turn's start and end that got no
  nearer the west edge (terrain distance, ``west.west_distance``) during the turn.

An ACT left when the game ends (the fourth exit on the card) counts neither as spent nor as lost.
The tally is fed by selfplay (``see`` before each order, ``seen`` after it) and never changes a state.
"""

from __future__ import annotations

from typing import Any

from engine import cards
from engine.events import Event
from engine.game import Action
from engine.hexgrid import Hex

from .ai_field import situation, unit_distance
from .ai_score import card_acts, hit_chance
from .combat import unit_attack
from .state import ACTIVATE, DECIDE, UNIT_EXITED, UNIT_ON_MAP, PeiperState
from .units import scenario_map
from .west import west_distance

SPENDING = ("move", "enter", "exit", "attack", "demolish")
COUNTERS = ("acts_taken", "acts_spent", "acts_lost_to_attack", "acts_ended_unused", "cards_passed", "shots",
            "shots_10", "shots_10_move_open", "units_never_moved", "unit_turns_parked", "demolitions",
            "demolitions_turn_3")


def _left(state: PeiperState) -> int:
    """ACTs the side to act still holds: a number card's, or one per unit of a face card's hex."""
    return state.acts + len(state.act_units)


def move_toward_exit_open(state: PeiperState, legal: list[Action]) -> bool:
    """A legal German order that takes a unit nearer leaving west (an exit always does)."""
    sit = None
    for a in legal:
        if a.kind == "exit":
            return True
        if a.kind != "move":
            continue
        if sit is None:
            sit = situation(state)
        uid = a.args["unit"]
        to = sit.t.index.get(Hex.parse(a.args["to"]))
        if to is not None and unit_distance(state, sit, uid, to) < unit_distance(state, sit, uid) - 1e-9:
            return True
    return False


class PeiperTally:
    """Counts one game's waste (see the module's docstring)."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.counts: dict[str, dict[str, int]] = {s: dict.fromkeys(COUNTERS, 0) for s in ("ge", "us")}
        self.on_map: dict[str, set[str]] = {"ge": set(), "us": set()}
        self.moved: set[str] = set()
        self.turn = -1
        self.turn_start: dict[str, str] = {}  # German unit -> hex at the turn's start
        self._left_before = 0
        self.result: dict[str, dict[str, int]] | None = None  # set by selfplay at the game's end

    def see(self, state: PeiperState, side: str, action: Action) -> None:
        """Before the order is applied (on the scenario's own map, as the rules' entry points work)."""
        with scenario_map(state.scenario):
            self._see(state, side, action)

    def _see(self, state: PeiperState, side: str, action: Action) -> None:
        self._note_map(state)
        c = self.counts[side]
        self._left_before = _left(state)
        if state.phase == DECIDE:
            if action.kind == "pass":
                c["cards_passed"] += 1
            elif action.kind == "take" and not cards.is_face(state.card):
                c["acts_taken"] += card_acts(state.card)
            elif action.kind == "take":  # a face card: one ACT for each of the side's units in the hex
                c["acts_taken"] += sum(1 for u in state.units.values() if u.side == side
                                       and u.status == UNIT_ON_MAP and u.hex == action.args["hex"])
            return
        if state.phase != ACTIVATE:
            return
        if action.kind in SPENDING:
            c["acts_spent"] += 1
        if action.kind in ("move", "exit"):
            self.moved.add(action.args["unit"])
        if action.kind == "demolish":
            c["demolitions"] += 1
            c["demolitions_turn_3"] += int(state.turn == 3)
        if action.kind == "attack":
            c["shots"] += 1
            att = unit_attack(state, action.args["unit"], action.args["target"])
            if hit_chance(att.strength, att.modifier) <= 0.1 + 1e-9:
                c["shots_10"] += 1
                legal = self.rules.legal_actions(state, side)
                if side == "ge":
                    open_ = move_toward_exit_open(state, legal)
                else:
                    open_ = any(a.kind in ("move", "enter") for a in legal)
                c["shots_10_move_open"] += int(open_)
            if state.options.get("combat_ends_activations", False):
                c["acts_lost_to_attack"] += self._left_before - 1
        elif action.kind == "end":
            c["acts_ended_unused"] += self._left_before

    def seen(self, state: PeiperState, events: list[Event]) -> None:
        """After the order: map presence and the turn's end (for the parked units)."""
        with scenario_map(state.scenario):
            self._note_map(state)

    def _note_map(self, state: PeiperState) -> None:
        for u in state.units.values():
            if u.status == UNIT_ON_MAP:
                self.on_map[u.side].add(u.id)
        if state.turn != self.turn:
            if self.turn >= 1:
                self._close_turn(state)
            self.turn = state.turn
            self.turn_start = {u.id: u.hex for u in state.units.values()
                               if u.side == "ge" and u.status == UNIT_ON_MAP and u.hex}

    def _close_turn(self, state: PeiperState) -> None:
        for uid, start in self.turn_start.items():
            u = state.units[uid]
            if u.status != UNIT_ON_MAP or not u.hex:
                continue
            if west_distance(state, uid, Hex.parse(u.hex)) >= west_distance(state, uid, Hex.parse(start)) - 1e-9:
                self.counts["ge"]["unit_turns_parked"] += 1

    def figures(self, state: PeiperState) -> dict[str, dict[str, int]]:
        """The counts, once the game is over (the last turn closed, the units never moved counted)."""
        if self.turn >= 1:
            with scenario_map(state.scenario):
                self._close_turn(state)
            self.turn_start = {}
        for side, ids in self.on_map.items():
            self.counts[side]["units_never_moved"] = sum(
                1 for uid in ids if uid not in self.moved and state.units[uid].status != UNIT_EXITED)
        return self.counts


def tally(rules: Any) -> PeiperTally:
    return PeiperTally(rules)


def thrown_away(counts: dict[str, int]) -> float:
    """Share of the ACTs taken that were lost to an attack or ended unused."""
    taken = counts.get("acts_taken", 0)
    return (counts.get("acts_lost_to_attack", 0) + counts.get("acts_ended_unused", 0)) / taken if taken else 0.0


def summary(counts: dict[str, int]) -> dict[str, Any]:
    """What selfplay adds to the summed counts: the share of the ACTs taken that were thrown away."""
    return {"acts_thrown_away": round(thrown_away(counts), 4)}
