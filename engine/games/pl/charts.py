"""Panzer Leader's charts (engine.charts): the CRT, the terrain effects and weapons effectiveness charts
in effect for a game (a GM's replacement tables included) and the key to a counter's values."""

from __future__ import annotations

from typing import Any

from engine.charts import Chart, cell

from . import board, datafiles

KEY_ROWS = (
    ("attack", "attack factor and weapon type: A armour-piercing, H high explosive, (H) high explosive that may "
               "also fire indirectly (over a quarter of its range away), M mortar (may fire indirectly), I infantry"),
    ("range", "in hexes; * after it: may fire beyond it at half strength (infantry)"),
    ("defense", "defense factor"),
    ("movement", "movement points a turn"),
)


def _tables(state: Any) -> tuple[datafiles.Crt, datafiles.TecFile, datafiles.WecFile]:
    if state is None:
        return datafiles.default_crt(), datafiles.default_tec(), datafiles.default_wec()
    return board.crt(state), board.tec(state), board.wec(state)


def charts(state: Any) -> list[Chart]:
    crt, tec, wec = _tables(state)
    crt_rows = tuple((str(die), *row) for die, row in sorted(crt.rows.items()))
    tec_rows = tuple((kind, cell(t.infantry), cell(t.vehicle), cell(t.defense_multiplier), cell(t.armoured_target),
                      cell(t.low_obstacle)) for kind, t in tec.terrain.items())
    wec_rows = tuple((w, cell(e.armoured), cell(e.soft)) for w, e in wec.weapons.items())
    return [
        Chart("crt", "Combat Results Table", "I.ii Direct Fire", ("die", *crt.columns), crt_rows,
              ("D dispersed; DD dispersed, or destroyed if dispersed already; X destroyed; - no effect",
               f"die modifiers run from {crt.modifier_min:+d} to {crt.modifier_max:+d}; odds are rounded down "
               "in the defender's favour, above the last column use it")),
        Chart("tec", "Terrain Effects Chart", "Terrain", ("terrain", "infantry MP", "vehicle MP", "defense x",
                                                          "armoured target", "low obstacle"), tec_rows,
              ("- : may not enter (except along a road)", f"road {cell(tec.road_cost)} MP a hex; climbing a slope "
               f"{cell(tec.climb_cost)} MP more")),
        Chart("wec", "Weapons Effectiveness Chart", "Weapons", ("weapon", "vs armoured", "vs soft"), wec_rows,
              (f"H and (H) fired directly at armour {wec.h_direct_full_range} hexes or closer count in full",)),
        Chart("key", "Counter values (such as 2I-2*-6-1)", "Units", ("value", "means"), KEY_ROWS),
    ]


def terrain_notes(state: Any) -> dict[str, str]:
    _, tec, _ = _tables(state)
    notes = {}
    for kind, t in tec.terrain.items():
        inf = "no entry" if t.infantry is None else f"{cell(t.infantry)} MP"
        veh = "no entry" if t.vehicle is None else f"{cell(t.vehicle)} MP"
        extra = "; units in it count as armoured" if t.armoured_target else ""
        notes[kind] = f"infantry {inf}, vehicles {veh}, defense x{cell(t.defense_multiplier)}{extra}"
    return notes
