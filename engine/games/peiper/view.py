"""What a side (or a spectator) may see: never the seed, the RNG or the order of the deck."""

from __future__ import annotations

from typing import Any

from engine import cards
from engine.maps import map_key

from .board import in_supply, spec, supply_network
from .sequence import barred
from .state import UNIT_AWAITING, UNIT_ON_MAP, PeiperState
from .units import game_map, map_path, scenarios


def build_view(state: PeiperState, side: str | None) -> dict[str, Any]:
    gmap = game_map()
    network = supply_network(state) if state.fuel_depot != "captured" else set()
    units = []
    for u in state.units.values():
        s = spec(u.id)
        unit_markers: list[str] = []
        if u.status == UNIT_ON_MAP and u.side == "ge" and state.fuel_depot != "captured" \
                and not in_supply(state, u.id, network):
            unit_markers.append("out_of_supply")  # the game has no low supply: out of supply, as the log says
        if u.id in state.act_units:
            unit_markers.append("activated")
        out = barred(state, u.id)
        units.append({
            "id": u.id, "name": u.id, "side": u.side, "hex": u.hex if u.status == UNIT_ON_MAP else None,
            "symbol": "armour" if s.mech else "infantry", "type": s.type_name,
            "values": list(s.reduced if u.reduced else s.full), "full": list(s.full), "reduced": u.reduced,
            # a unit waiting to enter that never can any more is out of the game (ruling 29), saying why
            "status": "out" if out else u.status, "why_out": out,
            "markers": unit_markers,
        })
        if u.status == UNIT_AWAITING and not out and s.excludes and state.options.get("one_30th_battalion", True):
            # a choice, not two arrivals: only one of the 30th Division's battalions may enter (ruling 26)
            units[-1]["one_of"] = " or ".join(sorted((u.id, *s.excludes))) + ", one of them"
    markers: list[dict[str, Any]] = []
    for name in state.bridges_down:
        markers.append({"kind": "bridge_down", "hexside": gmap.bridges[name].side.label, "bridge": name})
    depot = gmap.markers["fuel_depot"][0]
    if state.fuel_depot == "held":
        markers.append({"kind": "fuel_depot", "hex": depot.label})
    for s_side, hexes in state.oba_support.items():
        markers += [{"kind": "oba", "hex": h, "side": s_side} for h in hexes]
    return {
        "scenario": scenarios()[state.scenario].title,
        "map": map_key("peiper", map_path(state.scenario).name),
        "turn": state.turn,
        "turns": state.turns,
        "viewer": side,
        "edges": {"north": "US entry", "west": "German exit, US entry", "east": "German entry"},
        "values_label": "AT-Prof-AI",
        "score": {
            "exited": f"{len(state.exited)}/{state.options['exits_to_win']}",
            "fuel depot": state.fuel_depot,
            "bridges down": len(state.bridges_down),
        },
        "deck": {"left": len(state.deck), "discards": [cards.describe(c) for c in state.deck.discards]},
        "card": cards.describe(state.card) if state.card else "",
        "acts": state.acts,
        "act_units": list(state.act_units),
        "oba_used": dict(state.oba_used),
        "last_random": state.last_random,
        "units": units,
        "markers": markers,
        "overlays": [dict(o) for o in state.overlays],
    }
