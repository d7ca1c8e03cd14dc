"""Crowded stacks of each game, as the rules draw them (issue 27, "Legible stacks"):
``python tools/stack_images.py docs/images [suffix]`` writes ``stack-<game>-<suffix>.png`` (the map)
and ``stack-<game>-closeup-<suffix>.png`` for each game.

Each view is a real one (the game's rules, its scenario's counters and values) with units moved into
the stacks the issue names: Peiper's 501 over 1/1 LAH, 3/2 LAH at 1009 missed by a German-aimed
attack, out of supply; Panzer Leader's S1/R2 stack at 1007 in the combat phase; a Scream, Aim, Fire!
hex of five. The renderer's layout test (tests/images/test_render_stacks.py) reads the same views.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from engine import registry
from engine.game import Action

CLOSEUPS = {"peiper": ("1009", 2), "pl": ("1007", 2), "saf": ("0307", 2)}


def _put(view: dict[str, Any], where: dict[str, list[str]], markers: dict[str, list[str]] | None = None) -> None:
    """Move units into hexes (listed lowest first, so the last is on top), with their markers."""
    units = {u["id"]: u for u in view["units"]}
    order = []
    for hex_label, ids in where.items():
        for uid in ids:
            unit = units[uid]
            unit["hex"], unit["status"] = hex_label, "on_map"
            order.append(unit)
    for uid, kinds in (markers or {}).items():
        units[uid]["markers"] = list(kinds)
    view["units"] = [u for u in view["units"] if u not in order] + order


def peiper_view() -> dict[str, Any]:
    rules = registry.get("peiper")
    state = rules.new_state("historical", 7, {})
    for uid, at in {"99 BG": "0404", "106 BG": "0804", "2/23/2": "0909", "CCR/3/1": "1208"}.items():
        rules.apply(state, "us", Action("place", {"unit": uid, "at": at}))
    rules.apply(state, "us", Action("ready", {}))
    view = dict(rules.view(state, None))
    _put(view, {"1108": ["1/1 LAH", "501"], "1009": ["3/2 LAH"], "1109": ["Spitze"], "0705": ["30/117/1", "30/117/2"],
                "1208": ["3FJ/KG1", "3FJ/KG2"]},
         {"3/2 LAH": ["out_of_supply", "activated"], "501": ["activated"], "Spitze": ["out_of_supply"]})
    view["overlays"] = [{"kind": "fire", "to": "1009", "hit": False, "side": "us"},
                        {"kind": "fire", "to": "1108", "hit": True, "side": "us"},
                        {"kind": "move", "side": "ge", "unit": "501", "path": ["1208", "1108"]}]
    view["markers"] = list(view.get("markers") or []) + [{"kind": "oba", "hex": "1009", "side": "us"}]
    return view


def pl_view() -> dict[str, Any]:
    rules = registry.get("pl")
    view = dict(rules.view(rules.new_state("hill30", 7, {}), None))
    _put(view, {"1007": ["R3", "TD1", "R2", "S1"], "1006": ["R1", "GR2"], "1106": ["S2"]},
         {"S1": ["fired"], "R2": ["fired", "dispersed"], "TD1": ["fired"]})
    view["overlays"] = [{"kind": "fire", "from": "1007", "to": "1106", "hit": True},
                        {"kind": "fire", "from": "1106", "to": "1007", "hit": False},
                        {"kind": "artillery", "hex": "1006", "hit": True}]
    view["phase"], view["phase_name"], view["to_act"] = "combat", "Combat phase", "us"
    return view


def saf_view() -> dict[str, Any]:
    rules = registry.get("saf")
    view = dict(rules.view(rules.new_state("3", 7, {}), None))
    _put(view, {"0307": ["I1", "LT1", "V7", "MO1", "SN1"], "0306": ["I2", "V5"], "0407": ["PZ1"]},
         {"V7": ["spent", "alert"], "I1": ["panic"], "SN1": ["spent"], "V5": ["alert"]})
    view["overlays"] = [{"kind": "fire", "from": "0407", "to": "0307", "hit": True, "unit": "PZ1"},
                        {"kind": "fire", "from": "0306", "to": "0407", "hit": False, "unit": "V5"}]
    return view


VIEWS = {"peiper": peiper_view, "pl": pl_view, "saf": saf_view}


def write(out: Path, suffix: str) -> list[Path]:
    from images.maps import view_png

    out.mkdir(parents=True, exist_ok=True)
    done = []
    for game, make in VIEWS.items():
        view = make()
        hex_label, radius = CLOSEUPS[game]
        for name, data in ((f"stack-{game}-{suffix}.png", view_png(view)),
                           (f"stack-{game}-closeup-{suffix}.png", view_png(view, hex_label, radius))):
            (out / name).write_bytes(data)
            done.append(out / name)
    return done


if __name__ == "__main__":
    for p in write(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images"), sys.argv[2] if len(sys.argv) > 2 else "after"):
        print(p)
