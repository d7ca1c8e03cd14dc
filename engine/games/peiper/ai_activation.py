"""The hard German plans the activation, not the action (issue 30; ruling 12: an attack ends them).

A card gives N ACTs (or one ACT to each unit of a face card's hex); an attack forfeits the rest.
So the order of the N matters, and the hard German plays them as a sequence:

- **moves before the attack**: while more than one ACT is left and some order other than an attack
  is worth giving (scores above zero), that order is played first; the attack comes with the last
  ACT, or once nothing else is worth an ACT (then the ACTs it forfeits would have gone unused);
- **no long shot while a way west is open**: a shot at 10% or less is never fired while a move or
  an exit that takes a unit nearer leaving west is legal (``ai_waste.move_toward_exit_open``);
- **Pass where no sequence gains**: a number card is taken only when the activation would give an
  order at all (its first order is not "end"); a face card is passed when neither activating a hex
  nor the OBA is worth anything. A passed card is not wasted; a taken one that ends unused is.
- **no long shot for a card's many ACTs**: a number card of more than one ACT whose activation would
  begin with a shot of ``TAKE_SHOT`` or less is passed (the shot would end the card, ruling 12, and
  forfeit the other ACTs); the same shot waits for a one-ACT card (an Ace or a 2), which loses nothing.
  On the original layout a two-ACT card (a 3 or a 4) is taken for it too (``SHOT_CARD_ACTS_BY_SCENARIO``,
  issue 42): the ACT it forfeits had no use, and waiting for an Ace or a 2 passed several cards a shot.

The scores are the activation's own (``ai_plan`` on the original layout, ``normal``'s elsewhere:
``ai_search.GE_MODE_BY_SCENARIO``). Everything is read from the public position: no card order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.game import Action

from .ai_score import hit_chance
from .ai_waste import move_toward_exit_open
from .combat import unit_attack
from .state import ACTIVATE, PeiperState

if TYPE_CHECKING:
    from .rules import PeiperRules

LONG_SHOT = 0.1  # a shot this likely or less is not fired while a way west is open
TAKE_SHOT = 0.2  # a card of more ACTs than the layout's SHOT_CARD_ACTS is not taken for a first order that is a shot this likely or less
SHOT_CARD_ACTS = 1  # the most ACTs a card may give and still be taken for such a shot (it forfeits the rest)
# ... by layout (issue 42): on the original one a 2-ACT card too (its other ACT had no use: the first order is
# the shot); measured on 40 deals of seed 11 against careful, cards passed 11.8 to 10.6 a game, ACTs thrown
# away 4.1% to 4.7%; 3 ACTs went to 5.9%. The contest layout plays as before.
SHOT_CARD_ACTS_BY_SCENARIO: dict[str, int] = {"historical": 2}
PLANNED = True  # False: one order at a time, every card taken, as before issue 30 (for measurements)
Ranked = list[tuple[float, int, Action, str]]


def chance(state: PeiperState, a: Action) -> float:
    att = unit_attack(state, a.args["unit"], a.args["target"])
    return hit_chance(att.strength, att.modifier)


def acts_left(state: PeiperState) -> int:
    return state.acts + len(state.act_units)


def sequence(state: PeiperState, legal: list[Action], order: Ranked, spare_shot: bool) -> tuple[Action, str]:
    """The next order of the activation, from ``order`` (every legal order scored, best first).

    ``spare_shot``: with nothing worth an ACT, spend one on the best shot that can hit (the plan's
    habit on the original layout) rather than end."""
    if PLANNED:
        way_open = move_toward_exit_open(state, legal)
        usable = [t for t in order if not (t[2].kind == "attack" and way_open and chance(state, t[2]) <= LONG_SHOT)]
    else:
        usable = order
    worth = [t for t in usable if t[2].kind != "end" and t[0] > 0]
    if worth:
        score, _, best, why = worth[0]
        if PLANNED and best.kind == "attack" and acts_left(state) > 1:
            first = next((t for t in worth if t[2].kind != "attack"), None)
            if first is not None:
                return first[2], first[3] + f" (before the attack, which would end the {acts_left(state)} ACTs)"
        return best, why
    if spare_shot:
        shots = [t for t in usable if t[2].kind == "attack" and chance(state, t[2]) > 0]
        if shots:
            return shots[0][2], shots[0][3] + " (a spare ACT: any hit thins the US screen)"
    return Action("end"), "end the activations: no order left improves our position"


def worth_taking(rules: PeiperRules, state: PeiperState, activation: Callable[[PeiperState], tuple[Action, str]]
                 ) -> bool:
    """Would the activation of this number card give an order? (Played on a copy, nothing drawn.)"""
    from .ai_score import card_acts

    if not PLANNED:
        return True
    acts = card_acts(state.card)
    probe = rules.load(rules.dump(state))
    probe.phase, probe.side, probe.acts, probe.act_units = ACTIVATE, "ge", acts, []
    first, _ = activation(probe)
    if first.kind == "attack" and acts > SHOT_CARD_ACTS_BY_SCENARIO.get(state.scenario, SHOT_CARD_ACTS) and TAKE_SHOT > 0:
        return chance(probe, first) > TAKE_SHOT  # a long shot would forfeit acts - 1 ACTs: wait for a 1-ACT card
    return first.kind != "end"
