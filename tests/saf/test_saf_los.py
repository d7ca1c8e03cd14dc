"""6.3.3 Line of sight, clause by clause, on small test maps."""

from __future__ import annotations

from engine.games.saf.los import has_los
from engine.hexgrid import Hex
from engine.maps import GameMap, parse_map


def grid(**terrain: list[str]) -> GameMap:
    raw = {"name": "t", "columns": 12, "rows": 12, "default_terrain": "clear",
           "terrain_kinds": ["clear", "woods", "building", "hill"], "terrain": terrain}
    return parse_map(raw, "test.yaml")


H = Hex.parse


def test_6_3_3_B_los_runs_centre_to_centre_in_the_open() -> None:
    m = grid()
    assert has_los(m, H("0505"), H("0905"))


def test_6_3_3_C_woods_and_buildings_block() -> None:
    assert not has_los(grid(woods=["0704"]), H("0504"), H("0904"))
    assert not has_los(grid(building=["0704"]), H("0504"), H("0904"))
    # the same terrain off the line does not block
    assert has_los(grid(woods=["0708"]), H("0504"), H("0904"))


def test_6_3_3_D_los_along_the_side_of_one_blocking_hex() -> None:
    # 0505 -> 0705 runs exactly along the hexside between 0604 and 0605.
    assert has_los(grid(woods=["0604"]), H("0505"), H("0705"))
    assert has_los(grid(building=["0605"]), H("0505"), H("0705"))
    # both hexes along the side block: no LOS
    assert not has_los(grid(woods=["0604", "0605"]), H("0505"), H("0705"))


def test_6_3_3_E_los_into_the_first_woods_or_building_hex() -> None:
    m = grid(woods=["0904", "1004"], building=["0604"])
    assert has_los(m, H("0504"), H("0604"))  # into the building itself (adjacent)
    assert has_los(grid(woods=["0904", "1004"]), H("0504"), H("0904"))  # first woods hex
    assert not has_los(grid(woods=["0904", "1004"]), H("0504"), H("1004"))  # not through it


def test_6_3_3_F_hills_block_los() -> None:
    assert not has_los(grid(hill=["0704"]), H("0504"), H("0904"))


def test_6_3_3_G_first_hill_hex_visible_not_its_centre() -> None:
    m = grid(hill=["0705", "0805"])
    assert has_los(m, H("0305"), H("0705"))  # the first hex of the hill
    assert not has_los(m, H("0305"), H("0805"))  # deeper into the hill


def test_6_3_3_H_firer_on_hill_sees_over_cover_not_hills() -> None:
    m = grid(hill=["0504"], woods=["0604", "0704"], building=["0804"])
    assert has_los(m, H("0504"), H("0904"))
    low = grid(woods=["0604", "0704"], building=["0804"])
    assert not has_los(low, H("0504"), H("0904"))  # the same line from clear ground is blocked
    m2 = grid(hill=["0504", "0704"])
    assert not has_los(m2, H("0504"), H("0904"))


def test_6_3_3_I_friendly_infantry_blocks_unless_on_hill() -> None:
    m = grid()
    assert not has_los(m, H("0504"), H("0904"), friendly_infantry=[H("0704")])
    assert has_los(m, H("0504"), H("0904"), friendly_infantry=[H("0708")])
    assert has_los(grid(hill=["0504"]), H("0504"), H("0904"), friendly_infantry=[H("0704")])


def test_6_3_3_J_tanks_block_tanks_not_infantry() -> None:
    m = grid()
    assert not has_los(m, H("0504"), H("0904"), friendly_tanks=[H("0704")], tank=True)
    assert has_los(m, H("0504"), H("0904"), friendly_tanks=[H("0704")], tank=False)


def test_6_3_6_4_D_friendly_units_never_block_mortars() -> None:
    m = grid()
    assert has_los(m, H("0504"), H("0904"), friendly_infantry=[H("0704")], mortar=True)
