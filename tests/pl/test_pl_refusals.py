"""Every refusal names the condition that actually failed (issue 28): the illegal orders of random
playouts (listed orders perturbed as tests/test_conformance.py perturbs them) are refused with a
reason that (1) names the order (one of its values or options), (2) cites a rule of that order's own
conditions, and (3) where it states a fact of the board (a unit dispersed, a distance, a range, no
line of sight, no enemy there, the MP left, the terrain), that fact holds."""

from __future__ import annotations

import copy
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.errors import UmpireError
from engine.game import Action
from engine.games.pl.board import distance, enemies_at, line_of_sight, on_board, spotters, terrain, utype
from engine.games.pl.state import PlState

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_conformance import canonical, perturbed  # noqa: E402

RULES = registry.get("pl")
ALL_OPTIONAL = {"mines": True, "blocks": True, "fortifications": True, "engineers": True,
                "engineer_vehicles": True, "opportunity_fire": True}

# The rules each order's own conditions cite (an order refused citing another's would name a
# condition that is not its own).
OWN_RULES: dict[str, tuple[str, ...]] = {
    "place": ("Situation set-up", "II. Stacking"),
    "fire": ("I.ii Direct Fire", "I.ii Weapons", "Line of Sight", "Spotting", "Optional rule: Opportunity Fire",
             "Engineer vehicles", "II. Transporting Units", "Fortifications", "II. Streams"),
    "indirect": ("I.i Indirect Fire", "Spotting", "II. Streams"),
    "move": ("II. Movement Phase", "II. Stacking", "II. Streams", "Mines", "Blocks", "Fortifications"),
    "overrun": ("II.ii Overrun", "II. Movement Phase", "Mines"),
    "load": ("II. Transporting Units", "II. Stacking"),
    "unload": ("II. Transporting Units", "II. Stacking"),
    "assault": ("III. Close Assault Tactics",),
    "clear": ("Engineers",),
    "demolish": ("Engineers",),
    "block": ("Engineers",),
    "demolish_fort": ("Fortifications",),
    "end": ("Basic Turn Sequence of Play",),
}


# Reasons that say an order fails without saying which condition: never acceptable as they stand.
BARE = (r"^no path from \d{4} to \d{4} for [\w, ]+( \(the leg [^)]*\))?$", r"not among the orders the rules offer",
        r"may not reach \d{4} this phase$")


def _names_the_order(action: Action, message: str) -> bool:
    spec = next(c for c in RULES.commands() if c.name == action.kind)
    words = {p for v in action.args.values() for p in str(v).split(",") if p} | {o.name for o in spec.options}
    text = message.lower()
    return any(re.search(rf"(?<![\w]){re.escape(w.lower())}(?![\w])", text) for w in words | {action.kind})


def _false_claims(state: PlState, side: str, action: Action, message: str) -> list[str]:
    """The facts the message states that do not hold in the state the order was refused in."""
    bad: list[str] = []
    units = state.units

    def unit(uid: str) -> Any:
        return units.get(uid)

    for uid in re.findall(r"\b(\w+) is dispersed\b", message):
        if unit(uid) is not None and not unit(uid).dispersed:
            bad.append(f"{uid} is not dispersed")
    for h, d, uid in re.findall(r"\b(\d{4}) is (\d+) hexes from (\w+)", message):
        if unit(uid) is not None and unit(uid).hex and distance(unit(uid).hex, h) != int(d):
            bad.append(f"{h} is not {d} hexes from {uid}")
    for uid, rng in re.findall(r"hexes from (\w+), beyond its range (\d+)", message) + \
            re.findall(r"beyond (\w+)'s range (\d+)", message):
        if unit(uid) is not None and utype(unit(uid)).range != int(rng):
            bad.append(f"{uid}'s range is not {rng}")
    for a, b in re.findall(r"no line of sight from (\d{4}) to (\d{4})", message):
        if line_of_sight(state, a, b)[0]:
            bad.append(f"{a} sees {b}")
    for h in re.findall(r"no enemy unit at (\d{4})", message):
        if enemies_at(state, side, h):
            bad.append(f"there is an enemy unit at {h}")
    for uid, h in re.findall(r"\b(\w+) is not an enemy unit at (\d{4})", message):
        u = unit(uid)
        if u is not None and u.side != side and u.hex == h and u.status == "on_map":
            bad.append(f"{uid} is an enemy unit at {h}")
    for uid, h in re.findall(r"\b(\w+) already at (\d{4})", message):
        if unit(uid) is not None and unit(uid).hex != h:
            bad.append(f"{uid} is not at {h}")
    for left in re.findall(r"; ([\d.]+) left \(a stack", message):
        ids = [i for i in str(action.args.get("units", "")).split(",") if i in units]
        if ids and abs(min(units[i].mp_left for i in ids) - float(left)) > 1e-6 and not any(
                utype(units[i]).special == "flail" for i in ids):
            bad.append(f"{ids} do not have {left} MP left")
    for h, kind in re.findall(r"\b(\d{4}) is (sea|swamp|stream|woods|town|beach|clear)\b", message):
        if terrain(h) != kind:
            bad.append(f"{h} is {terrain(h)}, not {kind}")
    for h in re.findall(r"no friendly unit spots (\d{4})", message):
        if spotters(state, side, h):
            bad.append(f"{h} is spotted")
    for uid in re.findall(r"\b(\w+) has already fired this turn", message):
        if unit(uid) is not None and not unit(uid).fired:
            bad.append(f"{uid} has not fired")
    for name in re.findall(r"needs (\w+): \(", message):
        if name in action.args:
            bad.append(f"{name} was given")
    for name in re.findall(r"has no option (\w+)", message):
        if name not in action.args:
            bad.append(f"{name} was not given")
    return bad


def _playout(scenario: str, seed: int, options: dict[str, bool], steps: int, probe_every: int) -> tuple[list[str], int]:
    rnd = random.Random(seed)
    state = RULES.new_state(scenario, seed, options)
    problems: list[str] = []
    n = tried = 0
    while not RULES.is_over(state) and n < steps:
        side = RULES.to_act(state)
        assert side is not None
        legal = RULES.legal_actions(state, side)
        if n % probe_every == 0:
            listed = set(legal)
            for action in perturbed(legal, rnd, 4):
                if canonical(RULES, state, action) in listed:
                    continue
                try:
                    RULES.apply(copy.deepcopy(state), side, action)
                except UmpireError as exc:
                    tried += 1
                    where = f"{scenario} seed {seed} step {n} ({state.phase}): {action.kind} {action.args}"
                    if any(re.search(p, exc.message) for p in BARE):
                        problems.append(f"{where}: '{exc.message}' does not say which condition failed")
                    if not _names_the_order(action, exc.message):
                        problems.append(f"{where}: '{exc.message}' names nothing of the order")
                    if exc.rule and not exc.rule.startswith(OWN_RULES[action.kind]):
                        problems.append(f"{where}: '{exc.message}' cites [{exc.rule}], not one of its own")
                    with on_board(state):
                        problems += [f"{where}: '{exc.message}': {b}"
                                     for b in _false_claims(state, side, action, exc.message)]
                else:
                    problems.append(f"off-list {action} accepted")
        RULES.apply(state, side, rnd.choice(legal))
        n += 1
    return problems, tried


@pytest.mark.parametrize("scenario, options", [
    ("utah", {}), ("utah_inland", ALL_OPTIONAL), ("hill30_v2", ALL_OPTIONAL), ("crossing", {})])
def test_refusals_name_the_condition_that_failed(scenario: str, options: dict[str, bool]) -> None:
    problems, tried = _playout(scenario, 3, options, steps=160, probe_every=6)
    assert problems == [], "\n".join(problems[:12])
    assert tried >= 100  # (the playout did probe: each refusal above was checked)


def test_refusals_the_checks_can_fail() -> None:
    """The three checks above catch a reason that names nothing of the order, a rule of another
    order, and a fact that does not hold."""
    from pl_helpers import build

    s = build([("R1", "us_rifle", "1009"), ("G1", "ge_rifle", "1011")])
    fire = Action("fire", {"units": "R1", "target": "1011"})
    assert not _names_the_order(fire, "not among the orders the rules offer now")
    assert re.search(BARE[0], "no path from 1008 to 1613 for BL1")
    assert _names_the_order(fire, "R1 is dispersed")
    assert not "II. Movement Phase".startswith(OWN_RULES["fire"])
    with on_board(s):
        assert _false_claims(s, "us", fire, "R1 is dispersed") == ["R1 is not dispersed"]
        assert _false_claims(s, "us", fire, "no enemy unit at 1011") == ["there is an enemy unit at 1011"]
        assert _false_claims(s, "us", fire, "1011 is 3 hexes from R1, beyond its range 4") == [
            "1011 is not 3 hexes from R1", "R1's range is not 4"]
        assert _false_claims(s, "us", fire, "1011 is sea: no unit enters it") == ["1011 is clear, not sea"]
