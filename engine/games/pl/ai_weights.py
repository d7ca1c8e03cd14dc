"""normal's judgement in figures: the Panzer Leader AI's ``Weights``, every figure in one place, and
``NORMAL``, normal's set (the module constants); hard plays the same code with its own set
(ai_search.HARD)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.game import Action

EASY_SLIP = 0.25  # share of easy decisions drawn at random among the legal orders
GOAL_WEIGHT = 3.0  # worth points per hex nearer the objectives (attacking side)
DEFEND_WEIGHT = 6.0  # worth points per hex nearer a contested objective (defending side)
CONTEST_RANGE = 4  # an objective with an enemy unit this near is contested
REINFORCE_FROM = 1  # a defender further than this from a contested objective holds its fire to move
HOLD_WEIGHT = 12.0  # standing on an objective hex
RISK_WEIGHT = 1.0  # per worth point of expected loss where the unit stops
COVER_WEIGHT = 2.0  # per step of terrain defense multiplier above 1
MOVE_GIVEN_UP = 4.0  # what an advancing unit gives up by firing (it may not move after)
FIRE_MIN = 0.8  # the least expected loss worth an order
OF_MARKER = 0.3  # share of a unit's attack the opportunity fire marker costs (no fire next turn)

Choice = tuple[Action, str]


@dataclass(frozen=True)
class Weights:
    """normal's judgement, every figure in one place (the module constants above are normal's);
    hard plays the same code with its own set (ai_search.HARD)."""

    goal: float = GOAL_WEIGHT
    defend: float = DEFEND_WEIGHT
    contest_range: int = CONTEST_RANGE
    reinforce_from: int = REINFORCE_FROM
    hold: float = HOLD_WEIGHT
    risk: float = RISK_WEIGHT
    cover: float = COVER_WEIGHT
    move_given_up: float = MOVE_GIVEN_UP
    fire_min: float = FIRE_MIN
    of_marker: float = OF_MARKER
    late_turns: int = 4  # the attacker's last turns, in which holding counts more and risk less
    late_hold: float = 6.0  # added to hold, per late turn
    late_risk: float = 0.15  # risk accepted less, per late turn
    advance_reach: int = 3  # an attacker further than this from an open objective is advancing
    second_hold: float = 1 / 3  # share of hold a defender adds to a hex already held
    overrun_risk: float = 0.5  # share of the fire lane an overrunning unit counts
    assault_min: float = FIRE_MIN / 2  # the least expected loss worth a close assault
    defender_goal: float = GOAL_WEIGHT / 2  # defender, per hex to any objective while none is contested
    open_value: float = 0.0  # attacker: worth of the chance an attack clears an enemy-held objective hex
    retake_value: float = 0.0  # defender: the same for an objective hex the attacker holds
    open_by_fire: bool = True  # open_value/retake_value also for direct fire (else close assault only)
    trim_assault: bool = False  # close assault groups trimmed like fire groups (spare units elsewhere)
    mass: float = 0.0  # attacker: per unit of the chance a close assault clears an enemy-held objective
    #                    next to the hex, the difference u makes by joining the rifles already next to it
    disrupt: float = 0.0  # defender: per attack factor of enemy rifles near a held objective its fire may
    #                       disperse or destroy (a dispersed unit may not close assault in its next turn)
    shore: float = 0.0  # defender: per unit of the chance its stack on an objective is cleared by the
    #                     rifles within two hexes, the difference u makes by standing there
    att_second_hold: float = 1.0  # attacker: share of hold for an objective hex its units hold already


NORMAL = Weights()
