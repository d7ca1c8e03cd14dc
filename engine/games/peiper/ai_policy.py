"""The Peiper AI (levels easy, normal; hard adds search in ai_search): both sides, every phase.

normal: every legal order scored by ai_score on one scale (German ACTs to the exit); the best is
played, or the activations ended when nothing scores above zero. The card decision compares taking
the activations, activating one hex (face card) and the OBA; the US set-up is planned to raise the
German potential most (cut the supply roads, hold the bridges and the road through the forest).
easy: as normal, but about one decision in three is a legal order drawn at random (with the
forked RNG): it blunders now and then.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING

from engine import cards
from engine.ai.sampling import hasty
from engine.game import Action
from engine.hexgrid import Hex

from .ai_field import situation, table_for
from .ai_score import (
    Context,
    card_acts,
    hex_activation_value,
    oba_value,
    score,
    us_move_purpose,
    us_objective,
)
from .orders import setup_hex_problem
from .state import ACTIVATE, DECIDE, DRAW, FACE, SETUP, UNIT_ON_MAP, PeiperState
from .units import game_map, map_key, unit_specs

if TYPE_CHECKING:
    from .rules import PeiperRules

EASY_SLIP = 0.3  # share of easy decisions drawn at random among the legal orders


def fingerprint(state: PeiperState, side: str) -> str:
    """What the deciding side may see, cheaply: positions, counts and the cards already seen."""
    units = ";".join(f"{u.id}:{u.status}:{u.hex}:{int(u.reduced)}" for u in state.units.values())
    return (f"{state.turn}|{state.phase}|{state.side}|{state.card}|{state.acts}|{state.act_units}|"
            f"{len(state.deck)}|{sorted(state.deck.discards)}|{units}|{state.actions}|{side}")


def choose(rules: PeiperRules, state: PeiperState, side: str, level: str) -> tuple[Action, str]:
    if level == "easy":
        slip = hasty(rules, state, side, EASY_SLIP, "easy-slip", fingerprint(state, side))
        if slip is not None:
            return slip
    return best_action(rules, state, side)


def best_action(rules: PeiperRules, state: PeiperState, side: str) -> tuple[Action, str]:
    if state.phase == SETUP:
        return setup_action(state)
    if state.phase == DRAW:
        return Action("draw"), "the German player makes the card draw"
    if state.phase == FACE:
        return Action("redraw"), "a face card in combat: a redraw may still hit, a miss cannot"
    legal = rules.legal_actions(state, side)
    if state.phase == DECIDE:
        return decide(state, side, legal)
    if state.phase == ACTIVATE:
        return activate(state, side, legal)
    return legal[0], "the only order"


def rank(legal: list[Action], scorer: Callable[[Action], tuple[float, str]]
         ) -> list[tuple[float, int, Action, str]]:
    """Every legal order with its score and reason, best first (ties: the earlier legal order)."""
    out = []
    for i, a in enumerate(legal):
        s, why = scorer(a)
        out.append((s, -i, a, why))
    out.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return out


def ranked(state: PeiperState, side: str, legal: list[Action]) -> list[tuple[float, int, Action, str]]:
    """Every legal activation order with its normal score, best first."""
    ctx = Context.build(state, side)
    return rank(legal, lambda a: score(ctx, a))


def activate(state: PeiperState, side: str, legal: list[Action]) -> tuple[Action, str]:
    best_score, _, best, why = ranked(state, side, legal)[0]
    if best.kind == "end" or best_score <= 0:
        return Action("end"), "end the activations: no order left improves our position"
    return best, why


def decide(state: PeiperState, side: str, legal: list[Action]) -> tuple[Action, str]:
    card = state.card
    if not cards.is_face(card):
        n = card_acts(card)
        return Action("take"), f"take {n} ACT{'s' * (n != 1)}: unused ones cost nothing, and passing gives nothing"
    ctx = Context.build(state, side)
    options: list[tuple[float, Action, str]] = [(0.0, Action("pass"), "pass: nothing worth activating")]
    for a in legal:
        if a.kind == "take":
            v = hex_activation_value(ctx, a.args["hex"])
            options.append((v, a, f"activate the units in {a.args['hex']}: their best orders are worth most"))
        elif a.kind == "oba" and a.args["mode"] == "attack":
            v, targets = oba_value(ctx, a.args["target"])
            options.append((v, a, f"OBA on {a.args['target']}: strength 4 against {', '.join(targets)} "
                                  "(40% each), the units most in the way"))
    options.sort(key=lambda t: t[0], reverse=True)
    return options[0][1], options[0][2]


# --- US set-up ------------------------------------------------------------------------------
def setup_action(state: PeiperState) -> tuple[Action, str]:
    placed = tuple(sorted((u.id, u.hex or "") for u in state.units.values()
                          if u.side == "us" and u.status == UNIT_ON_MAP))
    plan = _setup_step(placed, tuple(sorted(state.options.items())), state.scenario, map_key())
    if plan is None:
        return Action("ready"), "set-up done: the US units stand across the German roads west"
    uid, label, why = plan
    return Action("place", {"unit": uid, "at": label}), why


@lru_cache(maxsize=64)
def _setup_step(placed: tuple[tuple[str, str], ...], options: tuple[tuple[str, object], ...], scenario: str,
                _map: str) -> tuple[str, str, str] | None:
    """The next unit to place and where: the hex that raises the German potential most."""
    done = {uid for uid, _ in placed}
    todo = [uid for uid, s in unit_specs().items() if s.side == "us" and s.arrives == "setup" and uid not in done]
    if not todo:
        return None
    from .rules import PeiperRules

    probe = PeiperRules().new_state(scenario, 0, dict(options))
    for uid, label in placed:
        probe.units[uid].status, probe.units[uid].hex = UNIT_ON_MAP, label
    t = table_for(probe)
    gmap = game_map()
    us = {t.index[Hex.parse(label)] for _, label in placed}
    uid = todo[0]
    best: tuple[float, str] | None = None
    base = us_objective(probe, situation(probe, us, t=t))
    for h in sorted(gmap.hexes()):
        if setup_hex_problem(probe, uid, h):
            continue
        pot = us_objective(probe, situation(probe, us | {t.index[h]}, t=t))
        value = pot + (0.3 if gmap.terrain_of(h) in ("town", "forest") else 0.0) - 0.01 * h.col
        if best is None or value > best[0]:
            best = (value, h.label)
    assert best is not None
    ctx = Context.build(probe, "us")
    to = t.index[Hex.parse(best[1])]
    pot_after, after = ctx.pot_us_moved(None, to)
    what = us_move_purpose(ctx, uid, to, after, pot_after - base)
    return uid, best[1], f"{uid} sets up in {gmap.name_of(Hex.parse(best[1]))}: {what}"
