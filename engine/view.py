"""The view: what one side (or a spectator) may see of a game, in one documented shape.

``Contract.view`` builds it; the renderer, the cogs, the table, exports and the phase maps read it. Every
game's view has the keys below; a game may add its own (Peiper's ``deck`` and ``edges``, Panzer Leader's
``victory``), which readers treat as optional. A view never holds the seed, the RNG or an undrawn card.
``check_view`` validates one (the conformance test runs it after every action of every game).
"""

from __future__ import annotations

from typing import Any, Required

from pydantic import TypeAdapter
from typing_extensions import TypedDict  # pydantic needs this one on Python < 3.12

from engine.maps import is_map_key


class UnitView(TypedDict):
    id: str
    name: str
    side: str
    hex: str | None  # None while the unit is off the board
    symbol: str  # the NATO symbol the renderer draws (armour, infantry, recon, ...)
    values: list[int | str]  # the counter's printed values, as shown
    reduced: bool
    status: str  # on_map, awaiting, eliminated, exited, ... (the game's words)
    markers: list[str]  # chips on the counter (dispersed, low supply, ...)


class MarkerView(TypedDict, total=False):
    kind: Required[str]
    hex: str  # a marker sits in a hex ...
    hexside: str  # ... or on a hexside ("0909/1008": a blown bridge)


class ResultView(TypedDict):
    winner: str | None
    reason: str
    rule: str
    text: str  # "US wins: Spitze fell", in the game's side names


class View(TypedDict):
    game: str  # the registry key
    title: str
    scenario: str
    map: str  # the map's key "<game>:<file>.yaml" (engine.maps.map_for resolves it); never a host path
    turn: int
    turns: int
    phase: str  # the phase key (engine.gamestate: "over" once ended)
    phase_name: str  # the phase in the rulebook's words
    to_act: str | None  # the side whose decision is pending; None once over
    sides: dict[str, str]  # side key -> the game's name for it
    winner: str | None
    result: ResultView | None
    last_random: str  # the last die, card or chit drawn (engine.chance)
    score: dict[str, Any]  # the game's running tallies, by label
    units: list[UnitView]
    markers: list[MarkerView]
    overlays: list[dict[str, Any]]  # moves and fire of the phase in progress: {"kind": "move"|"fire"|...}


_ADAPTER: TypeAdapter[View] = TypeAdapter(View)


def check_view(view: dict[str, Any]) -> None:
    """Raise pydantic's ValidationError naming the key if ``view`` is not a ``View`` (extra keys allowed)."""
    _ADAPTER.validate_python(view, strict=True)
    if not is_map_key(view["map"]):  # a key, never a host path (engine.maps)
        raise ValueError(f"view['map'] is not a map key (game:file.yaml): {str(view['map'])[:80]!r}")
