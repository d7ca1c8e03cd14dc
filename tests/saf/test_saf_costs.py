"""6.2 A and 6.3.1, what a move costs before it is given (``RULES.order_cost``, the board's and /odds'
words): the order dice the order then uses, and the MP of its way (the allowance, +1 along a road,
always one hex)."""

from __future__ import annotations

from engine.game import Action
from engine.games.saf import RULES


def cost(bench, **args: object) -> str | None:  # type: ignore[no-untyped-def]
    return RULES.order_cost(bench.s, "us", Action("order", dict(args)))


def test_6_3_1_A_a_move_costs_its_die_and_the_terrains_mps(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    bench.s.dice = [2, 2, 5]
    assert cost(bench, die=2, unit=inf.id, type="move", to="0507") == "die 2; 3 of 3 MP"
    assert cost(bench, die=2, unit=inf.id, type="move", to="0408") == "die 2; 2 of 3 MP"  # two clear hexes
    bench.order(die=2, unit=inf.id, type="move", to="0507")
    assert bench.s.dice == [2, 5] and inf.hex == "0507" and inf.moved  # the one die said is the one used


def test_6_3_1_A_a_road_move_costs_up_to_one_more_mp(bench) -> None:
    on_road = bench.add("us_infantry", "0106")
    bench.s.dice = [3]
    assert cost(bench, die=3, unit=on_road.id, type="move_fire", to="0506") == "die 3; 4 of 3+1 MP by road"
    bench.order(die=3, unit=on_road.id, type="move_fire", to="0506")
    assert bench.s.dice == [] and on_road.hex == "0506"


def test_6_3_1_B_the_adjacent_hex_is_always_allowed_whatever_it_costs(bench) -> None:
    mortar = bench.add("us_mortar", "0304")  # 2 MPs; the building at 0303 costs 3
    bench.s.dice = [2]
    assert cost(bench, die=2, unit=mortar.id, type="move", to="0303") == "die 2; 1 hex (3 MP, always allowed)"
    bench.order(die=2, unit=mortar.id, type="move", to="0303")
    assert bench.s.dice == [] and mortar.hex == "0303"


def test_6_3_6_2_covering_fire_costs_the_movers_way(bench) -> None:
    cover = bench.add("us_veteran", "0207")
    mover = bench.add("us_infantry", "0208")
    bench.s.dice = [6]
    assert cost(bench, die=6, unit=cover.id, type="cover", mover=mover.id, to="0308") == "die 6; 1 of 3 MP"
    bench.order(die=6, unit=cover.id, type="cover", mover=mover.id, to="0308")
    assert bench.s.dice == [] and mover.hex == "0308"


def test_orders_that_move_nothing_have_no_cost(bench) -> None:
    inf = bench.add("us_infantry", "0207")
    bench.s.dice = [2]
    assert RULES.order_cost(bench.s, "us", Action("end")) is None
    assert cost(bench, die=2, unit=inf.id, type="move", to="1207") is None  # beyond its reach
    assert cost(bench, die="x", unit=inf.id, type="move", to="0208") is None
    assert RULES.order_cost(bench.s, "ge", Action("order", {"die": 2, "unit": inf.id, "type": "move", "to": "0208"})) is None
