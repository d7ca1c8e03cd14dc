"""What a board page reads: the map once, then the game as one viewer may see it.

Everything here comes from the service's views, log and phases, redacted for the viewer the same way
``/game log`` redacts (a spectator is a viewer with no side). Nothing holds a host path, a user id,
the seed before it is revealed, the RNG state or the order of undrawn cards: the view never holds
them, the log entries are ``GameService.visible`` ones, and the payload is built from an allow-list
of keys, not by copying records. Every list is cut to a bound (``MAX_*``), and the page says so.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import Any

from engine import registry
from engine.errors import NotFound
from engine.game import Action
from engine.maps import GameMap, key_of, map_for
from engine.service import GameService
from engine.service import phases as phase_maps
from engine.service.board_links import SPECTATOR
from images.style import hex_fill, pretty, side_colour

from . import ordering

MAX_LOG = 200  # newest log entries sent with a page (the page pages back through /log)
MAX_ORDERS = 400  # legal orders listed for a side (grouped by order and unit first)
MAX_PLAIN = 50  # orders with no unit listed for a side, past MAX_ORDERS too (ready, end, pass, dice)
MAX_TEXT = 300  # characters of one log line
MAX_PLOTS = 40  # a side's secret orders not yet landed, shown on its own page
PLOT_WINDOW = 1000  # newest log entries searched for them (read only while the game holds a secret)


def _rgb(c: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*c)


@lru_cache(maxsize=16)
def map_payload(key: str) -> dict[str, Any]:
    """The ground of a map as the page draws it: hex centres (radius 1), terrain, roads, hexside
    features, bridges, places and edges. Cached per map key (``engine.maps.map_for`` refuses any other)."""
    return _map_payload(map_for(key))


def _map_payload(gmap: GameMap) -> dict[str, Any]:
    hexes = []
    for h, kind in sorted(gmap.terrain.items(), key=lambda kv: kv[0].label):
        x, y = h.pixel(1.0)
        elevation = gmap.elevation.get(h, 0)
        hexes.append({"l": h.label, "x": round(x, 3), "y": round(y, 3), "t": kind, "e": elevation,
                      "f": _rgb(hex_fill(kind, elevation))})
    features: dict[str, list[list[str]]] = {}
    for side, kinds in gmap.hexside_features.items():
        for kind in sorted(kinds):
            features.setdefault(kind, []).append([side.a.label, side.b.label])
    return {
        "name": gmap.name, "title": gmap.title, "columns": gmap.columns, "rows": gmap.rows,
        "hexes": hexes,
        "terrain_names": {k: pretty(k) for k in sorted({h["t"] for h in hexes})},
        "roads": sorted([s.a.label, s.b.label] for s in gmap.road_links),
        "hexsides": {k: sorted(v) for k, v in sorted(features.items())},
        "bridges": [{"name": b.name, "a": b.side.a.label, "b": b.side.b.label} for b in gmap.bridges.values()],
        "places": sorted([name, h.label] for name, h in gmap.places.items()),
        "edges": {k: [h.label for h in v] for k, v in gmap.edges.items()},
    }


def _units(view: dict[str, Any]) -> list[dict[str, Any]]:
    keep = ("id", "name", "side", "hex", "symbol", "values", "reduced", "status", "markers", "type", "why_out", "one_of")
    return [{k: u[k] for k in keep if k in u} for u in view.get("units", [])]


def _view_part(view: dict[str, Any]) -> dict[str, Any]:
    """The view less what a page must not hold (the map's host path) or does not need."""
    sides = view.get("sides", {})
    out = {
        "game": view.get("game"), "title": view.get("title"), "scenario": view.get("scenario"),
        "turn": view.get("turn"), "turns": view.get("turns"), "phase": view.get("phase"),
        "phase_name": view.get("phase_name"), "to_act": view.get("to_act"), "sides": sides,
        "side_colours": {s: _rgb(side_colour(s)) for s in sides},
        "winner": view.get("winner"), "result": view.get("result"), "last_random": view.get("last_random", ""),
        "score": view.get("score", {}), "units": _units(view), "markers": view.get("markers", []),
        "overlays": view.get("overlays", []), "version": view.get("version"),
        "phase_map": view.get("phase_map"), "values_label": view.get("values_label", ""),
    }
    return out


def _entry(group: str, e: Any) -> dict[str, Any]:
    lines = []
    for ev in e.events:
        if ev.get("kind") == "prompt":
            continue
        text = str(ev.get("text", ""))[:MAX_TEXT]
        lines.append({"text": text, "rule": str(ev.get("rule", ""))[:80]})
    if not lines and e.action:
        lines.append({"text": Action.from_dict(e.action).command("gm" if e.kind == "gm" else group)[:MAX_TEXT],
                      "rule": ""})
    return {"seq": e.seq, "kind": e.kind, "side": e.side, "by": str(e.actor_name or "")[:40],
            "undone": bool(e.undone), "lines": lines, "reason": str(e.reason or "")[:MAX_TEXT]}


def _phase_of(entries: list[dict[str, Any]], closings: list[int]) -> None:
    """Each entry's phase number (the first phase whose closing entry is at or after it), None while under way."""
    for entry in entries:
        at = bisect_left(closings, entry["seq"])
        entry["phase"] = at + 1 if at < len(closings) else None


def _orders(rules: Any, state: Any, side: str, view: dict[str, Any], hexes: set[str]) -> dict[str, Any]:
    """The orders legal now for ``side``, grouped by order and unit: each with its words (the button's
    name), its command, its units and the hex it points at (the map highlights it). The listing is cut at
    ``MAX_ORDERS``; a unit's own orders are all listed by ``/orders/<version>?unit=`` (``ordering``)."""
    if rules.is_over(state) or rules.to_act(state) != side:
        return {"to_act": False, "groups": [], "count": 0, "cut": 0, "units": {}}
    actions = rules.legal_actions(state, side)
    unit_hexes = {str(u["id"]): str(u["hex"]) for u in view.get("units", []) if u.get("hex")}
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    per_unit: dict[str, int] = {}
    plain = 0
    for i, a in enumerate(actions):
        for unit in ordering.units_of(a):
            per_unit[unit] = per_unit.get(unit, 0) + 1
        unit = str(a.args.get("unit") or a.args.get("units") or "")
        # an order with no unit (ready, end, pass, SAF's dice) is listed past the cut too: its button is
        # the only way to give it from the page (a unit's own are all at /orders/<version>?unit=)
        if i < MAX_ORDERS or (not unit and plain < MAX_PLAIN):
            plain += 0 if unit else 1
            groups.setdefault((a.kind, unit), []).append(ordering.shown(i, a, rules.key, hexes, unit_hexes))
    listed = sum(len(cmds) for cmds in groups.values())
    return {"to_act": True, "count": len(actions), "cut": len(actions) - listed, "units": per_unit,
            "groups": [{"order": k, "unit": u, "commands": cmds} for (k, u), cmds in groups.items()]}


def map_hexes(view: dict[str, Any]) -> set[str]:
    return {h["l"] for h in map_payload(key_of(view.get("map"), view.get("game")))["hexes"]}


def game_payload(service: GameService, game_id: int, viewer: str) -> dict[str, Any]:
    """One page's data: the view now (with the phase under way drawn), the newest log, the phases, the
    result and the seed's hash (the seed once revealed); for a side, the orders legal now."""
    info = service.info(game_id)
    rules = registry.get(info.game)
    side = None if viewer == SPECTATOR else viewer
    if side is not None and side not in rules.sides:
        raise NotFound(f"Game #{game_id} has no side '{viewer[:16]}'")
    view = phase_maps.current_phase_view(service, game_id, side)
    closings = phase_maps.closing_seqs(service, game_id)
    entries, _, _ = service.log_page(game_id, 1, MAX_LOG, viewer=side)  # the newest page only, redacted
    newest = [_entry(info.game, e) for e in entries]
    _phase_of(newest, closings)
    seed = service.seed_record(game_id)
    payload: dict[str, Any] = {
        "id": info.id, "viewer": viewer, "version": info.version, "status": info.status,
        "status_line": info.status_line, "map": map_name(view), "view": _view_part(view),
        "log": newest, "log_total": entries[-1].seq if entries else 0,
        "phases": [{"number": n, "first": (closings[n - 2] + 1) if n > 1 else 1, "last": seq}
                   for n, seq in enumerate(closings, 1)],
        "seed": {"hash": seed["seed_hash"], "seed": seed["seed"]},
        "seats": {s: (seat.user_name[:40] if seat.kind == "human" else f"bot ({seat.level})")
                  for s, seat in info.seats.items()},
    }
    state = service.state(game_id)
    # the phase drawn may be the one that just closed (nothing has happened since): its map, but the
    # page's header says the phase and the side to act now
    payload["view"].update(phase=rules.phase(state), phase_name=rules.phase_name(state), to_act=rules.to_act(state))
    payload["charts"] = [c.as_dict() for c in rules.charts(state)]
    payload["terrain_effects"] = rules.terrain_notes(state)
    if side is not None:
        payload["orders"] = _orders(rules, state, side, view, map_hexes(view))
        payload["orders"]["why_not"] = _why_not(service, game_id, side)
        payload["plots"] = _plots(service, game_id, rules, state, side)
    return payload


def _why_not(service: GameService, game_id: int, side: str) -> str:
    """Why this side's page may give no order ('' if it may): the bot holds the side, or nobody does yet
    (the server refuses such a page's orders the same way, ``ordering.seat_player``)."""
    from engine.errors import Forbidden

    try:
        ordering.seat_player(service, game_id, side)
    except Forbidden as exc:
        return exc.message[:MAX_TEXT]
    return ""


def _plots(service: GameService, game_id: int, rules: Any, state: Any, side: str) -> list[dict[str, Any]]:
    """The side's own secret orders still pending (Panzer Leader's plotted indirect fire): the events
    marked ``only=side`` whose secret the game still keeps (``engine.service.hidden``). Only the side's
    own page is sent them; every other viewer's log has them redacted."""
    from engine.service.hidden import pending_secrets

    pending = pending_secrets(rules, state)
    if not pending:
        return []
    entries, _, _ = service.log_page(game_id, 1, PLOT_WINDOW, viewer=side)
    out: list[dict[str, Any]] = []
    for e in reversed(entries):
        if e.undone:
            continue
        for ev in e.events:
            if ev.get("only") == side and ev.get("until") in pending and len(out) < MAX_PLOTS:
                got = ev.get("data") or {}
                out.append({"unit": str(got.get("unit", ""))[:40], "hex": str(got.get("target", ""))[:8],
                            "text": str(ev.get("text", ""))[:MAX_TEXT], "rule": str(ev.get("rule", ""))[:80]})
    return out


def odds_payload(service: GameService, game_id: int, viewer: str, version: int, index: int) -> dict[str, Any]:
    """The odds of the side's ``index``-th legal order now (as the side's page lists them), if the game is
    still at ``version``: what it would do, each outcome's chance, from the rules (engine.odds)."""
    from engine.errors import StaleVersion
    from engine.odds import odds

    if viewer == SPECTATOR:
        raise NotFound("Spectators are shown no orders")
    info = service.info(game_id)
    if info.version != version:
        raise StaleVersion("The game has moved on since this page was drawn: look again")
    rules = registry.get(info.game)
    state = service.state(game_id)
    actions = rules.legal_actions(state, viewer) if rules.to_act(state) == viewer else []
    if not 0 <= index < len(actions):  # a unit's own orders (``ordering.unit_orders``) go past MAX_ORDERS
        raise NotFound("No such order now")
    shown = odds(rules, state, viewer, actions[index])
    return {"i": index, "version": version, "text": shown.text(), "cost": shown.cost, "exact": shown.exact,
            "draws": shown.draws,
            "outcomes": [[label, round(p, 4)] for label, p in shown.outcomes]}


def phase_payload(service: GameService, game_id: int, viewer: str, number: int) -> dict[str, Any]:
    """The map of one closed phase as ``viewer`` may see it."""
    side = None if viewer == SPECTATOR else viewer
    views = phase_maps.phase_views(service, game_id, [number], side)
    if not views:
        raise NotFound(f"Game #{game_id} has no phase {number}")
    return {"id": game_id, "number": number, "map": map_name(views[0]), "view": _view_part(views[0])}


_MAP_KEYS: dict[str, str] = {}


def map_name(view: dict[str, Any]) -> str:
    """The map's name for the page (its data at /map/<name>), from the view's map key."""
    key = key_of(view.get("map"), view.get("game"))
    name = str(map_payload(key)["name"])
    _MAP_KEYS[name] = key
    return name


def map_by_name(name: str) -> dict[str, Any]:
    key = _MAP_KEYS.get(name)
    if key is None:
        raise NotFound("No such map")
    return map_payload(key)
