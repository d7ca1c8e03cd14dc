"""Autocomplete of a group of units (Panzer Leader's fire, move, overrun and assault: `units:A,B`)."""

from __future__ import annotations

import random

from cogs.orders import candidates, filter_units
from engine import registry


def _fire_phase() -> tuple[object, str]:
    rules = registry.get("pl")
    state = rules.new_state("utah", 3, {})
    rnd = random.Random(2)
    while True:
        side = rules.to_act(state)
        assert side is not None
        legal = rules.legal_actions(state, side)
        if sum(1 for a in legal if a.kind == "fire") > 1 and state.phase == "combat":
            return state, side
        rules.apply(state, side, rnd.choice(legal))


def test_a_group_completes_its_last_unit_and_keeps_those_already_named() -> None:
    rules = registry.get("pl")
    state, side = _fire_phase()
    spec = next(c for c in rules.commands() if c.name == "fire")
    opt = next(o for o in spec.options if o.name == "units")
    pairs = candidates(rules, state, side, spec, opt, {})
    firers = [value for _label, value in pairs]
    assert firers and all("," not in f for f in firers)  # one unit per suggestion, never a whole list
    first = firers[0]
    # Nothing typed: every firer is offered on its own.
    assert [c.value for c in filter_units(pairs, "")] == firers[:25]
    # After "A," the next unit is completed, A kept in front, A not offered again.
    after = filter_units(pairs, f"{first},")
    assert all(c.value.startswith(f"{first},") for c in after)
    assert f"{first},{first}" not in [c.value for c in after]
    assert len(after) == min(25, len(firers) - 1)
    # Typing part of the second unit narrows to the units whose id starts so.
    if len(firers) > 1:
        second = firers[1]
        narrowed = filter_units(pairs, f"{first},{second[:2]}")
        assert f"{first},{second}" in [c.value for c in narrowed]
        assert all(c.value.split(",")[1].lower().startswith(second[:2].lower()) or
                   second[:2].lower() in c.name.lower() for c in narrowed)


def test_a_group_suggestion_never_exceeds_discords_100_characters() -> None:
    pairs = [(f"U{i}", f"U{i}") for i in range(30)]
    long_head = ",".join(f"LONGUNITNAME{i}" for i in range(8))  # 111 characters typed already
    assert filter_units(pairs, long_head + ",") == []
    assert all(len(c.value) <= 100 for c in filter_units(pairs, "U1,U2,"))
