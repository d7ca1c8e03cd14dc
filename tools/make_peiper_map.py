"""Generates engine/games/peiper/data/map.yaml from the real ground (see docs/peiper-map.md).

Rivers are drawn as polylines through points between hex centres; every hexside whose
centre-to-centre segment crosses a river's polyline is a river hexside, so each river is an
unbroken barrier. Roads are chains of waypoints joined by straight hex lines. A bridge stands
wherever a road crosses a river. Run it again after changing the ground below.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from engine.hexgrid import Hex, Hexside, line  # noqa: E402

COLS, ROWS = 14, 10


def point(labels: str) -> tuple[float, float]:
    hexes = [Hex.parse(x) for x in labels.split("+")]
    xs = [h.pixel()[0] for h in hexes]
    ys = [h.pixel()[1] for h in hexes]
    return sum(xs) / len(xs), sum(ys) / len(ys)


# Rivers: each point is the average of the named hex centres (a hexside midpoint or a vertex).
RIVERS = {
    "Amblève": [
        "1508+1509", "1408+1409", "1308+1309", "1208+1209", "1108+1109", "1008+1009+0909",
        "0908+1008", "0907+0908+0807", "0807+0906", "0806+0906+0805", "0805+0905", "0804+0805",
        "0704+0705", "0604+0605+0705", "0505+0605", "0405+0505", "0305+0306+0405",
        "0206+0306", "0106+0206+0107", "0006+0007",
    ],
    "Salm": ["0911+1011", "0910+1010+1011", "0910+1009", "1008+1009+0909"],
    "Lienne": ["0311+0411", "0310+0410+0411", "0310+0409", "0309+0409+0408", "0308+0408",
               "0307+0308+0407", "0306+0406", "0305+0306+0405"],
}

# Roads as waypoints; consecutive waypoints are joined by a straight line of hexes.
ROADS = {
    "Stavelot road (from the east)": ["1409", "1309", "1308"],
    "Amblève road (Stavelot - Trois-Ponts)": ["1308", "1208", "1108", "1008", "0909"],
    "Salm road (from the south-east)": ["1410", "1310", "1110", "1009", "0909"],
    "N66 (Trois-Ponts - Werbomont)": ["0909", "0810", "0710", "0410", "0310", "0110"],
    "Coo road (Trois-Ponts - La Gleize)": ["1008", "1007", "0906", "0905", "0804"],
    "N633 (La Gleize - Stoumont - Remouchamps)": ["0804", "0703", "0603", "0504", "0404", "0304", "0205", "0105"],
    "Cheneux road (La Gleize - Cheneux - Rahier)": ["0804", "0705", "0606", "0507", "0508", "0409", "0410"],
    "N645 (Stoumont station - Neufmoulin)": ["0205", "0206", "0207", "0208", "0309", "0310"],
    "Malmedy road (Stavelot - north)": ["1308", "1307", "1306", "1305", "1304", "1303", "1302", "1301"],
    "Borgoumont road (La Gleize - north)": ["0804", "0803", "0802", "0801"],
    "Spa road (Stoumont - north)": ["0404", "0403", "0402", "0401"],
}

BRIDGE_NAMES = {
    "1308/1309": "Stavelot",
    "0909/1008": "Trois-Ponts (Amblève)",
    "0909/1009": "Trois-Ponts (Salm)",
    "0705/0804": "Cheneux",
    "0310/0410": "Neufmoulin",
    "0205/0206": "Stoumont station",
}

PLACES = {
    "Stavelot": "1308", "Trois-Ponts": "0909", "La Gleize": "0804", "Cheneux": "0705",
    "Stoumont": "0404", "Targnon": "0304", "Stoumont station": "0205", "Neufmoulin": "0310",
    "Rahier": "0507", "Coo": "0906", "Basse-Bodeux": "0710", "Borgoumont": "0802",
}
TOWNS = ["Stavelot", "Trois-Ponts", "Stoumont"]

FOREST = [
    "0101", "0102", "0201", "0202", "0301", "0302", "0502", "0601", "0602", "0701",
    "0506", "0605", "0606", "0607", "0706", "0707", "0806", "0807", "0808", "0809",
    "1005", "1006", "1106", "1107", "1205", "1206", "1207",
    "0107", "0108", "0208", "0306", "0307", "0308",
    "1110", "1210",
]
LIGHT_FOREST = [
    "0203", "0303", "0503", "0604", "0903", "0904", "1003", "1004", "1104", "1105",
    "0406", "0407", "0408", "0509", "0510", "0608", "0609", "0610", "0709", "0810", "0910",
    "1109", "1209", "1309", "1401", "1402", "1406", "1407", "0109", "0209",
]


# The "contest" layout (scenario "contest"; docs/peiper-map.md): the original ground with the
# changes below, chosen so that competent sides each win a fair share. Only the designed parts change
# (roads, which hexes are forest); rivers, bridges, places and every rule stay.
CONTEST_ROADS: dict[str, list[str]] = {
    "N68 (Malmedy - Stavelot, along the north bank)": ["1405", "1306"],
    "Targnon lane (west toward Remouchamps)": ["0304", "0104"],
}
CONTEST_LIGHT_FOREST: list[str] = [  # forest hexes made light forest
    # the wooded sides of the Amblève gorge between Stavelot and La Gleize
    "0506", "0605", "0606", "0607", "0706", "0707", "0806", "0807", "0808", "0809",
    "1005", "1006", "1106", "1107", "1205", "1206", "1207",
    # the woods before the west edge (north-west and south-west)
    "0101", "0102", "0201", "0202", "0301", "0302", "0502", "0601", "0602", "0701",
    "0107", "0108", "0208", "0306", "0307", "0308",
]
CONTEST_CLEAR: list[str] = []  # forest or light forest hexes made clear
LAYOUTS = {
    "map.yaml": ("ambleve", "The Amblève valley, 18-24 December 1944", {}, [], []),
    "map_contest.yaml": ("ambleve-contest", "The Amblève valley (contest layout)", CONTEST_ROADS,
                         CONTEST_LIGHT_FOREST, CONTEST_CLEAR),
}


def main() -> None:
    for name, (key, title, extra_roads, lighter, cleared) in LAYOUTS.items():
        write(name, key, title, {**ROADS, **extra_roads}, lighter, cleared)


def write(file: str, key: str, title: str, road_plan: dict[str, list[str]], lighter: list[str],
          cleared: list[str]) -> None:
    inside = [Hex.from_offset(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]
    hexsides: dict[str, list[str]] = {"river": []}
    river_sides: dict[Hexside, str] = {}
    for name, labels in RIVERS.items():
        pts = [point(x) for x in labels]
        for h in inside:
            for n in h.neighbors():
                side = Hexside.of(h, n)
                if side in river_sides or side.a not in inside and side.b not in inside:
                    continue
                p, q = side.a.pixel(), side.b.pixel()
                crosses = any(_cross(p, q, pts[i], pts[i + 1]) for i in range(len(pts) - 1))
                if crosses and side.a in inside and side.b in inside:
                    river_sides[side] = name
    hexsides["river"] = sorted(s.label for s in river_sides)

    roads = []
    for waypoints in road_plan.values():
        hexes = [Hex.parse(waypoints[0])]
        for nxt in waypoints[1:]:
            hexes += line(hexes[-1], Hex.parse(nxt))[1:]
        roads.append([h.label for h in hexes])

    bridges = []
    for road in roads:
        for a, b in zip(road, road[1:], strict=False):
            side = Hexside.of(Hex.parse(a), Hex.parse(b))
            if side in river_sides:
                name = BRIDGE_NAMES.get(side.label)
                if name is None:
                    raise SystemExit(f"road crosses {river_sides[side]} at {side.label} with no bridge name")
                bridges.append({"name": name, "at": side.label, "river": river_sides[side], "demolishable": True})
    named = {b["at"] for b in bridges}
    missing = set(BRIDGE_NAMES) - named
    if missing:
        raise SystemExit(f"bridges named but not on a road crossing: {sorted(missing)}")

    forest = [h for h in FOREST if h not in lighter and h not in cleared]
    light = [h for h in [*LIGHT_FOREST, *[x for x in lighter if x in FOREST]] if h not in cleared]
    terrain = {
        "town": [PLACES[t] for t in TOWNS],
        "village": sorted(v for k, v in PLACES.items() if k not in TOWNS),
        "forest": sorted(forest),
        "light_forest": sorted(light),
    }
    data = {
        "name": key,
        "title": title,
        "columns": COLS,
        "rows": ROWS,
        "hex_km": 1.0,
        "default_terrain": "clear",
        "terrain_kinds": ["clear", "light_forest", "forest", "village", "town"],
        "terrain": terrain,
        "roads": roads,
        "hexsides": hexsides,
        "bridges": sorted(bridges, key=lambda b: b["name"]),
        "places": PLACES,
        "markers": {"fuel_depot": [PLACES["Stavelot"]]},
        "notes": "Generated by tools/make_peiper_map.py; see docs/peiper-map.md for what is real.",
    }
    out = Path(__file__).resolve().parents[1] / "engine/games/peiper/data" / file
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("# Generated by tools/make_peiper_map.py - edit that, not this.\n" + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=120))
    print(f"wrote {out}: {len(hexsides['river'])} river hexsides, {len(bridges)} bridges")


def _cross(p1: tuple[float, float], p2: tuple[float, float], q1: tuple[float, float], q2: tuple[float, float]) -> bool:
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(q1, q2, p1), orient(q1, q2, p2)
    d3, d4 = orient(p1, p2, q1), orient(p1, p2, q2)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


if __name__ == "__main__":
    main()
