"""Panzer Leader ``hard``: its set-up. Every other level sets up as the situation gives it; hard
re-places its counters (the situation allows it anywhere in the side's set-up area, each counter
once) as its set-up book says for its seat of the situation (``data/hard_setups.yaml``: found by
searching set-ups against ``normal``, tools/pl_setup_tune.py, docs/ai.md "Hard's set-up").

A placement the rules refuse at that moment (a full stack, a counter already placed or now loaded,
a hex outside the area of a GM's changed situation) is skipped, so the book can never stall or
break a set-up: at worst hard plays the situation's own set-up for that counter.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from engine.errors import DataFileError
from engine.game import Action
from engine.maps import load_yaml

from .datafiles import DATA, hex_of, situations
from .sequence import place_problem
from .state import PlState

SETUPS_PATH = DATA / "hard_setups.yaml"
ROLES = ("attacker", "defender")


class _SeatSetup(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    why: str
    place: dict[str, str]

    @field_validator("place")
    @classmethod
    def _labels(cls, v: dict[str, str]) -> dict[str, str]:
        for label in v.values():
            hex_of(label)  # raises on a malformed label
        return v


def parse_setups(raw: object, origin: str = SETUPS_PATH.name) -> dict[tuple[str, str], _SeatSetup]:
    """The set-up book, checked against the situations: a known situation and role, counters of the
    role's side that start on the map, hexes inside that side's set-up area."""
    if not isinstance(raw, Mapping):
        raise DataFileError(origin, "(top level)", "expected a mapping of situation -> role -> set-up")
    known = situations()
    book: dict[tuple[str, str], _SeatSetup] = {}
    for scenario, seats in raw.items():
        if scenario not in known:
            raise DataFileError(origin, str(scenario), "unknown situation")
        if not isinstance(seats, Mapping):
            raise DataFileError(origin, scenario, "expected a mapping of role -> set-up")
        sit = known[scenario]
        for role, body in seats.items():
            where = f"{scenario}.{role}"
            if role not in ROLES:
                raise DataFileError(origin, where, f"the role must be one of {', '.join(ROLES)}")
            try:
                seat = _SeatSetup.model_validate(body)
            except (ValidationError, ValueError) as exc:
                raise DataFileError(origin, where, str(exc).splitlines()[0]) from None
            side = sit.victory.side if role == "attacker" else ("ge" if sit.victory.side == "us" else "us")
            ids = {f"{g.prefix}{n}" for g in sit.units.get(side, []) if g.enter is None
                   for n in range(1, len(g.hexes) + 1)}
            lo, hi = (int(c) for c in sit.setup_areas[side]["columns"])
            for uid, label in seat.place.items():
                if uid not in ids or uid in sit.carried:
                    raise DataFileError(origin, f"{where}.{uid}", f"not a counter the {side} side sets up itself")
                if not lo <= hex_of(label).col <= hi:
                    raise DataFileError(origin, f"{where}.{uid}", f"{label} is outside columns {lo}-{hi}")
            book[(scenario, role)] = seat
    return book


@cache
def setup_book() -> dict[tuple[str, str], _SeatSetup]:
    try:
        raw = load_yaml(SETUPS_PATH)
    except DataFileError as exc:  # named without the host path: the message may reach a player
        raise DataFileError(SETUPS_PATH.name, exc.entry, exc.problem.replace(str(SETUPS_PATH), SETUPS_PATH.name)) from None
    return parse_setups(raw)


def next_placement(state: PlState, side: str, place: Mapping[str, str]) -> Action | None:
    """The first counter (by id) of the book not yet where it says that may be placed there now."""
    for uid in sorted(place):
        u = state.units.get(uid)
        if u is None or u.side != side or u.hex is None or u.hex == place[uid]:
            continue
        if not place_problem(state, side, u, place[uid]):
            return Action("place", {"unit": uid, "at": place[uid]})
    return None


def choose_setup(state: PlState, side: str, role: str) -> tuple[Action, str] | None:
    """hard's next set-up order from its book for this seat, or None (end the set-up)."""
    seat = setup_book().get((state.scenario, role))
    if seat is None:
        return None
    action = next_placement(state, side, seat.place)
    if action is None:
        return None
    return action, f"{action.args['unit']} sets up at {action.args['at']} (hard's set-up: {seat.why})"
