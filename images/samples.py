"""Sample maps and views: a synthetic 24x18 map with every terrain kind, views for the bench, the tests
and the pictures in docs/images (``python tools/docs_images.py docs/images`` redraws them)."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

from engine.hexgrid import Hex, Hexside
from engine.maps import GameMap, parse_map

PEIPER_MAP = Path(__file__).resolve().parent.parent / "engine" / "games" / "peiper" / "data" / "map.yaml"
SYNTH_KINDS = ["clear", "light_forest", "forest", "woods", "village", "town", "building", "hill", "hilltop",
               "slope", "stream", "road", "marsh", "quarry"]  # quarry: a kind the renderer does not know

_LOCK = threading.Lock()
_SYNTH: list[GameMap] = []


def _lab(c: int, r: int) -> str:
    return f"{c:02d}{r:02d}"


def synthetic_map() -> GameMap:
    """A 24 x 18 map with every terrain kind, hexside feature and map marker (built once)."""
    with _LOCK:
        if not _SYNTH:
            _SYNTH.append(parse_map(_synthetic_raw(), "synthetic-24x18"))
        return _SYNTH[0]


def _synthetic_raw() -> dict[str, Any]:
    cols, rows = 24, 18
    rnd = random.Random(1944)
    terrain: dict[str, list[str]] = {k: [] for k in SYNTH_KINDS if k != "clear"}
    taken: set[str] = set()

    def put(kind: str, c: int, r: int) -> None:
        lab = _lab(c, r)
        if 1 <= c <= cols and 1 <= r <= rows and lab not in taken and r != 9:
            taken.add(lab)
            terrain[kind].append(lab)

    for kind, clumps, size in (("forest", 5, 7), ("woods", 3, 6), ("light_forest", 6, 5), ("hill", 3, 6),
                               ("marsh", 2, 3), ("village", 6, 1), ("town", 2, 3), ("building", 4, 1),
                               ("slope", 3, 3), ("stream", 2, 3), ("road", 2, 2), ("quarry", 1, 2)):
        for _ in range(clumps):
            h = Hex.from_offset(rnd.randint(2, cols - 1), rnd.randint(2, rows - 1))
            for _ in range(size):
                put(kind, h.col, h.row)
                h = h.neighbor(rnd.randrange(6))
                if not (1 <= h.col <= cols and 1 <= h.row <= rows):
                    break
    for kind, spots in terrain.items():  # every kind at least twice, whatever the dice did
        c = 3
        while len(spots) < 2 and c < cols:
            put(kind, c, 16 if kind != "quarry" else 2)
            c += 2
    elevation: dict[str, int] = {}
    for lab in list(terrain["hill"]):
        elevation[lab] = 1
    for lab in terrain["hill"][::3]:
        terrain["hill"].remove(lab)
        terrain["hilltop"].append(lab)
        elevation[lab] = 2
    roads = [[_lab(c, 9) for c in range(1, cols + 1)], [_lab(8, r) for r in range(1, rows + 1)],
             [_lab(18, r) for r in range(4, rows + 1)]]

    def sides_between(col_a: int, r_from: int, r_to: int) -> list[str]:
        out = []
        for r in range(r_from, r_to + 1):
            a = Hex.from_offset(col_a, r)
            for b in a.neighbors():
                if b.col == col_a + 1 and r_from <= b.row <= r_to:
                    out.append(Hexside.of(a, b).label)
        return sorted(set(out))

    river = sides_between(12, 1, rows)
    stream = sides_between(5, 3, 12)
    hill_hexes = {Hex.parse(x) for x in terrain["hill"] + terrain["hilltop"]}
    slope = sorted({Hexside.of(h, n).label for h in hill_hexes for n in h.neighbors()
                    if n not in hill_hexes and 1 <= n.col <= cols and 1 <= n.row <= rows})[:30]
    forest = {Hex.parse(x) for x in terrain["woods"]}
    woods_edge = sorted({Hexside.of(h, n).label for h in forest for n in h.neighbors()
                         if n not in forest and 1 <= n.col <= cols and 1 <= n.row <= rows})
    woods_edge = [s for s in woods_edge if s not in river and s not in stream][:24]
    cliff = [s for s in sides_between(20, 12, 16) if s not in slope]
    return {
        "name": "synthetic", "title": "Synthetic test ground, 24 x 18", "columns": cols, "rows": rows,
        "default_terrain": "clear", "terrain_kinds": SYNTH_KINDS, "terrain": terrain, "roads": roads,
        "hexsides": {"river": river, "stream": stream, "slope": slope, "woods_edge": woods_edge, "cliff": cliff},
        "bridges": [{"name": "Main bridge", "at": f"{_lab(12, 9)}/{_lab(13, 9)}", "river": "Test"},
                    {"name": "North bridge", "at": f"{_lab(12, 1)}/{_lab(13, 1)}", "river": "Test"},
                    {"name": "Mill bridge", "at": f"{_lab(5, 9)}/{_lab(6, 9)}" if f"{_lab(5, 9)}/{_lab(6, 9)}" in stream
                     else stream[len(stream) // 2]}],
        "places": {"Alphaville": _lab(8, 9), "Bravo": _lab(18, 9), "Charlie Ford": _lab(13, 9), "Delta": _lab(3, 15)},
        "markers": {"red_hex": [_lab(20, 5), _lab(21, 5)], "blue_hex": [_lab(4, 4)], "objective": [_lab(18, 9)],
                    "reinforcement_2": [_lab(1, 3)], "reinforcement_3": [_lab(1, 6)], "reinforcement_4": [_lab(24, 3)],
                    "reinforcement_5": [_lab(24, 12)], "reinforcement_6": [_lab(10, 18)],
                    "us_tank_position": [_lab(6, 14)], "ge_tank_position": [_lab(16, 4)],
                    "mg_position": [_lab(10, 12)], "mortar_position": [_lab(14, 15)], "fuel_depot": [_lab(22, 9)]},
        "elevation": elevation,
    }


SYMBOLS = ["infantry", "armour", "mechanised", "artillery", "mg", "mortar", "sniper", "leader", "at_gun", "tank",
           "tiger", "panther", "recon", "engineer", "flamethrower"]


def bench_view(gmap: GameMap, n_units: int = 44) -> dict[str, Any]:
    """A busy view: n_units counters (stacks of up to 3), every marker kind and overlay kind."""
    rnd = random.Random(7)
    hexes = sorted(gmap.terrain)
    units = []
    spots = rnd.sample(hexes, n_units)
    markers_cycle = [[], ["spent"], [], ["alert"], ["low_supply"], ["panic"], [], ["dispersed", "spent"],
                     ["out_of_supply"], [], ["pinned"]]
    for i in range(n_units):
        side = "ge" if i % 2 else "us"
        h = spots[i] if i % 5 else spots[max(0, i - 1)]  # every fifth joins a stack
        units.append({"id": f"{side.upper()}-{i + 1}", "side": side, "hex": h.label, "symbol": SYMBOLS[i % len(SYMBOLS)],
                      "values": [1 + i % 3, 2 + i % 4, 1 + i % 5], "reduced": i % 7 == 3,
                      "status": "on_map", "markers": markers_cycle[i % len(markers_cycle)]})
    for i, status in enumerate(["awaiting", "awaiting", "exited", "eliminated"]):
        units.append({"id": f"R{i}", "side": "us" if i % 2 else "ge", "hex": None, "symbol": "infantry",
                      "values": [1, 2, 3], "status": status, "markers": []})
    path = [Hex.from_offset(c, 9).label for c in range(2, 7)]
    return {
        "game": "synthetic", "title": "Render bench", "scenario": "All terrain", "turn": 3, "turns": 12,
        "phase": "activations", "to_act": "ge", "sides": {"ge": "German", "us": "US"},
        "score": {"morale": "12/40", "exited": 1}, "last_random": "10\u2666", "values_label": "AT-Prof-AI",
        "units": units,
        "markers": [{"kind": "bridge_down", "bridge": "Main bridge"}, {"kind": "fuel_depot", "hex": "2209"},
                    {"kind": "wreck", "hex": "1510"}, {"kind": "medic", "hex": "0312"}, {"kind": "oba", "hex": "1707"},
                    {"kind": "smoke", "hex": "1111"}, {"kind": "mystery_marker", "hex": "0202"}],
        "overlays": [{"kind": "reach", "hexes": [h.label for h in hexes if Hex.from_offset(20, 14).distance(h) <= 2]},
                     {"kind": "move", "side": "ge", "path": path},
                     {"kind": "move", "side": "us", "path": ["1805", "1806", "1807", "1707"]},
                     {"kind": "fire", "from": "1004", "to": "1205", "hit": True},
                     {"kind": "fire", "from": "1512", "to": "1714", "hit": False},
                     {"kind": "artillery", "hex": "0716", "hit": True},
                     {"kind": "los", "from": "0203", "to": "0707", "clear": True},
                     {"kind": "los", "from": "2016", "to": "2312", "clear": False, "blocked_at": "2114"},
                     {"kind": "no_such_overlay", "hex": "0101"}],
    }


# --- Peiper pictures ---------------------------------------------------------------------------------
_PEIPER_UNITS = [  # id, side, symbol, full values; as printed (units.yaml of the game holds the same)
    ("CCR/3/1", "us", "armour", [2, 3, 1]), ("2/23/2", "us", "infantry", [1, 3, 3]), ("99 BG", "us", "infantry", [1, 2, 2]),
    ("106 BG", "us", "infantry", [1, 2, 2]), ("CCB/3/1", "us", "armour", [2, 3, 1]), ("30/117/1", "us", "infantry", [1, 3, 3]),
    ("30/117/2", "us", "infantry", [1, 3, 3]), ("2/23/3", "us", "infantry", [1, 3, 3]),
    ("Spitze", "ge", "armour", [2, 4, 1]), ("1/1 LAH", "ge", "armour", [2, 4, 1]), ("501", "ge", "armour", [2, 4, 1]),
    ("3/2 LAH", "ge", "infantry", [1, 4, 3]), ("3FJ/KG1", "ge", "infantry", [1, 2, 3]), ("3FJ/KG2", "ge", "infantry", [1, 2, 3]),
]
PEIPER_EDGES = {"north": "US entry", "west": "German exit, US entry", "east": "German entry"}


def _peiper_base(turn: int, phase: str, to_act: str) -> dict[str, Any]:
    return {"game": "peiper", "title": "Just a Peiper Dream?", "scenario": "Just a Peiper Dream? (18-24 December 1944)",
            "map": "peiper:map.yaml", "turn": turn, "turns": 5, "phase": phase, "to_act": to_act,
            "sides": {"ge": "German", "us": "US"}, "edges": PEIPER_EDGES, "values_label": "AT-Prof-AI"}


def peiper_opening_view() -> dict[str, Any]:
    """Turn 1: the US set-up units west of Stavelot, the fuel depot in Stavelot, the Germans waiting."""
    where = {"99 BG": "0404", "106 BG": "0804", "2/23/2": "0909", "CCR/3/1": "1208"}
    units = []
    for uid, side, symbol, values in _PEIPER_UNITS:
        placed = where.get(uid)
        units.append({"id": uid, "name": uid, "side": side, "symbol": symbol, "values": values, "reduced": False,
                      "hex": placed, "status": "on_map" if placed else "awaiting", "markers": []})
    view = _peiper_base(1, "card draw", "ge")
    view.update({"score": {"exited": "0/4", "fuel depot": "held", "bridges down": 0}, "last_random": "",
                 "units": units, "markers": [{"kind": "fuel_depot", "hex": "1308"}], "overlays": []})
    return view


def peiper_midgame_view() -> dict[str, Any]:
    """Turn 3: Peiper past Stavelot, Trois-Ponts blown, fighting at La Gleize and Stoumont."""
    state = {  # id: (hex, status, reduced, markers)
        "Spitze": ("0804", "on_map", False, ["activated"]), "1/1 LAH": ("0804", "on_map", True, ["activated"]),
        "501": ("1308", "on_map", False, []), "3/2 LAH": ("0705", "on_map", False, ["out_of_supply"]),
        "3FJ/KG1": ("1208", "on_map", True, ["out_of_supply", "activated"]), "3FJ/KG2": (None, "awaiting", False, []),
        "99 BG": ("0404", "on_map", False, []), "30/117/1": ("0404", "on_map", False, []),
        "106 BG": ("0503", "on_map", True, []), "2/23/2": (None, "eliminated", False, []),
        "CCR/3/1": ("0603", "on_map", False, ["activated"]), "CCB/3/1": ("0802", "on_map", False, []),
        "30/117/2": ("1307", "on_map", False, []), "2/23/3": (None, "awaiting", False, []),
    }
    units = []
    for uid, side, symbol, values in _PEIPER_UNITS:
        h, status, reduced, markers = state[uid]
        shown = [max(0, v - 1) for v in values] if reduced else values
        shown[1] = values[1] if reduced else shown[1]
        units.append({"id": uid, "name": uid, "side": side, "symbol": symbol, "values": shown, "reduced": reduced,
                      "hex": h, "status": status, "markers": markers})
    view = _peiper_base(3, "activations", "ge")
    view.update({
        "score": {"exited": "0/4", "fuel depot": "held", "bridges down": 2}, "last_random": "7\u2665",
        "units": units,
        "markers": [{"kind": "bridge_down", "bridge": "Trois-Ponts (Amblève)"}, {"kind": "bridge_down", "hexside": "0310/0410"},
                    {"kind": "fuel_depot", "hex": "1308"}, {"kind": "wreck", "hex": "0906"}, {"kind": "oba", "hex": "0503"}],
        "overlays": [{"kind": "move", "side": "ge", "unit": "Spitze", "path": ["0906", "0905", "0804"]},
                     {"kind": "move", "side": "ge", "unit": "3/2 LAH", "path": ["0906", "0805", "0705"]},
                     {"kind": "move", "side": "us", "unit": "CCB/3/1", "path": ["0801", "0802"]},
                     {"kind": "fire", "from": "0804", "to": "0603", "hit": True},
                     {"kind": "fire", "from": "0404", "to": "0705", "hit": False},
                     {"kind": "artillery", "hex": "0503"}],
    })
    return view
