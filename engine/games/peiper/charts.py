"""Just a Peiper Dream?'s charts (engine.charts): the Terrain Chart as the rules apply it and the key to a
counter's values."""

from __future__ import annotations

from typing import Any

from engine.charts import Chart, cell

from .board import MECH_COST, ROAD_COST, TERRAIN_COMBAT


def _mech(kind: str) -> str:
    cost = MECH_COST.get(kind)
    return "only along a road (road cost)" if cost is None else f"{cell(cost)} MP"


def _combat(kind: str) -> str:
    return f"+{TERRAIN_COMBAT[kind]} to the card draw" if TERRAIN_COMBAT.get(kind) else "none"


def charts(state: Any) -> list[Chart]:
    terrain = tuple((kind.replace("_", " "), _mech(kind), _combat(kind)) for kind in MECH_COST)
    terrain += (("road", f"{cell(ROAD_COST)} MP, negates other terrain", "none"),
                ("river", "cross only at a bridge", "+1 to the card draw across it"),
                ("bridge", "as the road", "as the river"))
    return [
        Chart("terrain", "Terrain Chart", "Terrain Chart", ("terrain", "Mech MP cost", "combat effect"), terrain,
              ("Infantry ignore terrain costs: 1 hex an ACT, or 2 along roads (Movement)",)),
        Chart("key", "Counter values (AT-Prof-AI)", "Components",
              ("value", "means"),
              (("AT", "Anti-Tank: hits a Mech target when the card draw plus terrain is at most this"),
               ("Prof", "Proficiency Rating: for future games only"),
               ("AI", "Anti-Infantry: hits an Infantry target when the card draw plus terrain is at most this"))),
    ]


def terrain_notes(state: Any) -> dict[str, str]:
    notes = {kind: f"Mech {_mech(kind)}; combat {_combat(kind)}" for kind in MECH_COST}
    return notes
