"""Building Peiper positions for rule tests: units placed by hand, the deck stacked."""

from __future__ import annotations

from engine.game import Action
from engine.games.peiper import RULES
from engine.games.peiper.state import ACTIVATE, PeiperState


def fresh(seed: int = 1, **options: object) -> PeiperState:
    """Turn 1 after the default set-up, the German card draw pending."""
    state = RULES.new_state("historical", seed, dict(options))
    RULES.apply(state, "us", Action("ready"))
    return state


def empty_board(seed: int = 1, **options: object) -> PeiperState:
    state = fresh(seed, **options)
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    return state


def put(state: PeiperState, uid: str, label: str) -> None:
    state.units[uid].status = "on_map"
    state.units[uid].hex = label


def stack(state: PeiperState, *cards: str) -> None:
    """The next cards drawn, in this order (the rest of the deck follows)."""
    rest = [c for c in state.deck.draw_pile if c not in cards]
    state.deck.draw_pile = rest + list(reversed(cards))


def activate(state: PeiperState, side: str, acts: int = 3) -> None:
    """Give a side number-card activations (both sides have already spent an ACT)."""
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, side, acts, []
    state.spent = {"ge": True, "us": True}


def do(state: PeiperState, side: str, kind: str, **args: str) -> list[str]:
    return [e.text for e in RULES.apply(state, side, Action(kind, dict(args)))]


def facing(acts: int = 2, **options: object) -> PeiperState:
    """3/2 LAH next to 2/23/2 with ``acts`` German ACTs and a 9 on the pile (supply aside: for combat)."""
    state = empty_board(**options)
    state.fuel_depot = "captured"
    put(state, "3/2 LAH", "1102")
    put(state, "2/23/2", "1202")
    activate(state, "ge", acts)
    stack(state, "9S")
    return state
