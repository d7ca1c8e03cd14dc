"""7.2.5 C and 7.2 D: a German with nothing to fire at names the nearest American and why it is no target;
the words never say "in range and sight" of an American the fire rules refused (issue 27: "MG 42: has no
target in range and LOS: the nearest is Veteran V4 at 0705: in range and sight")."""

from __future__ import annotations

import random

from engine.games.saf import combat, german_sight


def test_7_2_5_C_no_target_reason_agrees_with_the_fire_rules(bench) -> None:
    mg = bench.add("mg42", "0101")
    vet = bench.add("us_veteran", "0705")
    rifle = bench.add("us_infantry", "0303")
    friend = bench.add("ge_infantry", "0404")
    hexes = sorted(bench.t.m.terrain, key=lambda h: h.label)
    rnd = random.Random(27)
    refused = 0
    for _ in range(1500):
        a, b, c, d = rnd.sample(hexes, 4)
        mg.hex, vet.hex, rifle.hex, friend.hex = a.label, b.label, c.label, d.label
        t = bench.t
        if combat.fire_targets(t, mg):
            continue
        refused += 1
        words = german_sight.no_target_reason(t, mg, False)
        assert "in range and sight" not in words, (a.label, b.label, c.label, d.label, words)
        assert "out of range" in words or "no line of sight" in words, words
    assert refused > 100
