"""Line of sight: Terrain, Obstacles and Elevation; Line of Sight Clarifications."""

from __future__ import annotations

from engine.games.pl.board import line_of_sight
from engine.games.pl.los import los
from engine.hexgrid import Hex
from engine.maps import GameMap, parse_map

LOW = {"woods", "town"}


def make_map(woods: list[str] = (), town: list[str] = (), elevation: dict[str, int] | None = None) -> GameMap:  # type: ignore[assignment]
    elev = elevation or {}
    sides: dict[str, list[str]] = {"slope": [], "hilltop": []}
    for c in range(1, 9):
        for r in range(1, 11):
            h = Hex.from_offset(c, r)
            for n in h.neighbors():
                if not (1 <= n.col <= 8 and 1 <= n.row <= 10) or n <= h:
                    continue
                lo, hi = sorted((elev.get(h.label, 0), elev.get(n.label, 0)))
                if lo != hi:
                    sides["hilltop" if lo >= 1 else "slope"].append(f"{h.label}/{n.label}")
    raw = {
        "name": "t", "columns": 8, "rows": 10, "default_terrain": "clear",
        "terrain_kinds": ["clear", "woods", "town", "stream"],
        "terrain": {"woods": list(woods), "town": list(town)},
        "hexsides": sides, "elevation": elev,
    }
    return parse_map(raw, "test-map")


def sight(g: GameMap, a: str, b: str) -> bool:
    return los(g, Hex.parse(a), Hex.parse(b), LOW)[0]


def test_los_clarifications_never_obstructed_between_adjacent_hexes() -> None:
    g = make_map(woods=["0204", "0304"], elevation={"0304": 2})
    assert sight(g, "0204", "0304")
    assert sight(g, "0304", "0204")


def test_los_low_obstacle_woods_between_ground_units_blocks() -> None:
    assert sight(make_map(), "0204", "0208")
    assert not sight(make_map(woods=["0206"]), "0204", "0208")
    assert not sight(make_map(town=["0206"]), "0204", "0208")


def test_los_clarifications_in_defenders_favour_worse_of_both_lines() -> None:
    # 0204 -> 0604 runs along hexsides: one line passes 0304, the other 0305.
    assert sight(make_map(), "0204", "0604")
    assert not sight(make_map(woods=["0304"]), "0204", "0604")
    assert not sight(make_map(woods=["0305"]), "0204", "0604")


def test_los_higher_unit_traces_over_lower_obstacle() -> None:
    g = make_map(woods=["0206"], elevation={"0204": 2})
    assert sight(g, "0204", "0208")


def test_los_hill_to_ground_target_directly_behind_woods_or_town_obstructed() -> None:
    assert not sight(make_map(woods=["0207"], elevation={"0204": 2}), "0204", "0208")
    assert not sight(make_map(town=["0207"], elevation={"0204": 2}), "0204", "0208")
    # The same rule from ground level: the firer directly in front of the obstacle.
    assert not sight(make_map(woods=["0207"], elevation={"0204": 2}), "0208", "0204")


def test_los_slope_hexside_midway_or_closer_to_the_lower_unit_obstructs() -> None:
    # Plateau 0204-0205 at level 1: the slope hexside 0205/0206 is 3rd of 4 from the ground unit.
    g = make_map(elevation={"0204": 1, "0205": 1})
    assert sight(g, "0208", "0204")
    assert sight(g, "0204", "0208")
    # Plateau 0204-0206: the slope hexside 0206/0207 is 2nd of 4 from the ground unit (midway or closer).
    g = make_map(elevation={"0204": 1, "0205": 1, "0206": 1})
    assert not sight(g, "0208", "0204")
    assert not sight(g, "0204", "0208")


def test_los_two_hilltop_hexsides_obstruct_unless_both_units_on_hilltops() -> None:
    elev = {"0202": 2, "0203": 1, "0204": 2, "0205": 1}
    assert not sight(make_map(elevation=elev), "0202", "0207")
    both = dict(elev, **{"0206": 2})
    assert sight(make_map(elevation=both), "0202", "0206")


def test_los_combined_woods_and_town_always_obstruct() -> None:
    g = make_map(woods=["0204"], town=["0205"], elevation={"0202": 2})
    assert not sight(g, "0202", "0207")
    g = make_map(woods=["0204"], elevation={"0202": 2})
    assert sight(g, "0202", "0207")


def test_los_higher_ground_between_obstructs() -> None:
    assert not sight(make_map(elevation={"0206": 1}), "0204", "0208")


def test_los_on_the_real_board_woods_block_ground_fire() -> None:
    from engine.games.pl.board import gmap

    assert gmap().terrain[Hex.parse("0407")] == "woods"
    from pl_helpers import build

    state = build([])
    assert not line_of_sight(state, "0207", "0607")[0]
    assert line_of_sight(state, "1009", "1409")[0]


def test_los_clarifications_slope_hexside_connected_to_hilltop_hexside_does_not_block() -> None:
    # Plateau 0204-0206 at level 1: the slope hexside 0206/0207 is 2nd of 4 from the ground unit
    # at 0208, so it blocks (see the midway test above) ...
    plateau = {"0204": 1, "0205": 1, "0206": 1}
    assert not sight(make_map(elevation=plateau), "0208", "0204")
    # ... unless it is connected to a hilltop hexside: hilltop 0307 (adjacent to both 0206 and 0207)
    # makes 0206/0307 a hilltop hexside sharing a vertex with 0206/0207.
    g = make_map(elevation=dict(plateau, **{"0307": 2}))
    assert "hilltop" in g.features(Hex.parse("0206"), Hex.parse("0307"))
    assert sight(g, "0208", "0204")
    assert sight(g, "0204", "0208")
    # A hilltop hex not touching that slope hexside changes nothing.
    g = make_map(elevation=dict(plateau, **{"0305": 2}))
    assert not sight(g, "0208", "0204")


def test_line_of_sight_clarifications_the_midway_test_counts_slope_hexsides_only() -> None:
    """"LOS is obstructed if a slope hex side is midway or closer": a hilltop hexside near the lower
    unit does not block by this test (two hilltop hexsides still do)."""
    from engine.games.pl import RULES
    from engine.games.pl.board import elevation, line_of_sight

    s = RULES.new_state("utah", 1, {})
    assert (elevation("0805"), elevation("0907")) == (1, 2)
    assert line_of_sight(s, "0805", "0907") == (True, "")
    old = RULES.new_state("utah", 1, {"slope_any_side": True})
    clear, why = line_of_sight(old, "0805", "0907")
    assert not clear and "hilltop hexside (0805/0906) is midway" in why


def test_hill_slope_defense_halved_across_a_slope_hexside_not_a_hilltop_hexside() -> None:
    """"If the defender is on a slope, only attacks from adjacent hexes take place at full strength.
    If there is a slope hex side (dark brown) between the attacking and defending units, then the
    attack strength is halved": an adjacent firer across a hilltop hexside fires at full strength."""
    from pl_helpers import build

    from engine.games.pl.board import elevation, gmap, hx
    from engine.games.pl.combat import direct_strength

    assert (elevation("0513"), elevation("0412")) == (2, 1)
    assert gmap().features(hx("0513"), hx("0412")) == {"hilltop"}
    s = build([("S1", "m4", "0513"), ("P1", "pz4", "0412")])
    assert direct_strength(s, s.units["S1"], "0412", True) == (11.0, [])
    old = build([("S1", "m4", "0513"), ("P1", "pz4", "0412")], options={"slope_any_side": True})
    strength, notes = direct_strength(old, old.units["S1"], "0412", True)
    assert strength == 5.5 and "halved for elevation" in notes[0]
