"""The hex grid: known answers and properties."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.hexgrid import Hex, Hexside, line, lines_both, reachable, ring, shortest_path, within

hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


def test_labels_round_trip_and_even_columns_sit_lower() -> None:
    for col, row in itertools.product(range(1, 25), range(1, 19)):
        h = Hex.from_offset(col, row)
        assert (h.col, h.row) == (col, row) and Hex.parse(h.label) == h
    assert Hex.parse("0201").pixel()[1] > Hex.parse("0101").pixel()[1]


def test_known_neighbours_of_0503_clockwise_from_north() -> None:
    assert [n.label for n in Hex.parse("0503").neighbors()] == ["0502", "0602", "0603", "0504", "0403", "0402"]
    assert [n.label for n in Hex.parse("0403").neighbors()] == ["0402", "0503", "0504", "0404", "0304", "0303"]


def test_known_distances() -> None:
    assert Hex.parse("0101").distance(Hex.parse("0101")) == 0
    assert Hex.parse("0101").distance(Hex.parse("0105")) == 4
    assert Hex.parse("0101").distance(Hex.parse("0501")) == 4
    assert Hex.parse("0503").distance(Hex.parse("0908")) == 7


def test_bad_labels_are_refused_with_a_reason() -> None:
    for bad in ("", "53", "ab12", "05033"):
        with pytest.raises(ValueError, match="not a hex label"):
            Hex.parse(bad)


@given(hexes, hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    assert a.distance(b) == b.distance(a)


@given(hexes)
def test_neighbours_are_at_distance_one(a: Hex) -> None:
    assert all(a.distance(n) == 1 for n in a.neighbors())
    assert len(set(a.neighbors())) == 6


@given(hexes, hexes)
def test_line_length_is_distance_plus_one_and_steps_are_adjacent(a: Hex, b: Hex) -> None:
    for drawn in lines_both(a, b):
        assert len(drawn) == a.distance(b) + 1
        assert drawn[0] == a and drawn[-1] == b
        assert all(x.distance(y) == 1 for x, y in zip(drawn, drawn[1:], strict=False))


def test_line_along_a_hexside_resolves_to_each_side_consistently() -> None:
    a, b = Hex(0, 0), Hex(2, -1)  # the straight line runs exactly along hexsides
    left, right = line(a, b, 1), line(a, b, -1)
    assert left != right
    assert line(a, b, 1) == left  # the same every time


@given(hexes)
def test_hexside_is_an_unordered_pair(a: Hex) -> None:
    for n in a.neighbors():
        assert Hexside.of(a, n) == Hexside.of(n, a)
    with pytest.raises(ValueError):
        Hexside.of(a, a)


def test_within_and_ring_counts() -> None:
    assert len(list(within(Hex(0, 0), 2))) == 19
    assert len(ring(Hex(0, 0), 3)) == 18


def test_shortest_path_cost_is_optimal_on_small_grids() -> None:
    grid = list(within(Hex(0, 0), 4))
    costs = {h: 1 + (abs(h.q * 7 + h.r * 3) % 3) for h in grid}

    def step(_a: Hex, b: Hex) -> float | None:
        return costs.get(b)

    for goal in grid:
        found = shortest_path(Hex(0, 0), goal, step, grid)
        assert found is not None
        path, cost = found
        assert sum(costs[h] for h in path[1:]) == cost
        brute = reachable(Hex(0, 0), 100, step, grid)
        assert cost == brute[goal]


def test_reachable_respects_the_budget_and_blocks() -> None:
    def step(_a: Hex, b: Hex) -> float | None:
        return None if b == Hex(1, 0) else 1.0

    got = reachable(Hex(0, 0), 1, step)
    assert Hex(1, 0) not in got and len(got) == 6
