"""I.i Indirect fire is plotted in secret: the order and its events reach the other side only when it
lands (Event.only/until, PanzerLeader.secrets, the service's redaction of the log and the export)."""

from __future__ import annotations

import json

from engine.game import Action
from engine.games.pl import RULES
from engine.service import GameService, Seat
from engine.service.phases import current_phase_view, phase_views


def _log_text(service: GameService, gid: int, viewer: str | None) -> str:
    entries, _, _ = service.log_page(gid, 1, 1000, viewer)
    return json.dumps([{"action": e.action, "reason": e.reason, "events": e.events} for e in entries])


def _export_log(service: GameService, gid: int, viewer: str | None) -> str:
    return json.dumps(service.export(gid, viewer=viewer)["log"] + service.export(gid, 50, 1, viewer)["log"])


def _bot_step(service: GameService, gid: int) -> None:
    info = service.info(gid)
    side = info.to_act
    assert side is not None
    action, _ = RULES.bot_action(service.state(gid), side)
    if action.kind == "indirect":
        action = Action("end")  # only the order under test is plotted
    service.submit(gid, side, action, info.seats[side].user_id or "")


def _game(service: GameService) -> tuple[int, str]:
    seats = {"us": Seat(kind="human", user_id="1", user_name="amy"), "ge": Seat(kind="human", user_id="2", user_name="gus")}
    gid = service.create_game("pl", "utah", seed=3, seats=seats).id
    while not any(a.kind == "indirect" for a in RULES.legal_actions(service.state(gid), "us")):
        _bot_step(service, gid)
    order = next(a for a in RULES.legal_actions(service.state(gid), "us") if a.kind == "indirect")
    service.submit(gid, "us", order, "1")
    return gid, str(order.args["target"])


def _names(text: str, target: str) -> bool:
    """The order's target named (its hex is named elsewhere: the victory conditions, the units' hexes)."""
    entries = json.loads(text)
    if isinstance(entries, dict):
        entries = [entries]
    return any(f"indirectly at {target}" in ev["text"] for e in entries for ev in e.get("events", [])) or any(
        (e.get("action") or {}).get("kind") == "indirect" and (e["action"].get("args") or {}).get("target") == target
        for e in entries)


def test_I_i_indirect_fire_order_is_secret_from_the_other_side_until_it_lands(service: GameService) -> None:
    gid, target = _game(service)
    # The side that plotted it sees it; the opponent's /log page and export do not name the target.
    assert _names(_log_text(service, gid, "us"), target) and _names(_export_log(service, gid, "us"), target)
    for viewer in ("ge", None):
        text = _log_text(service, gid, viewer)
        assert not _names(text, target) and "a secret order" in text and '"kind": "indirect"' in text
        assert not _names(_export_log(service, gid, viewer), target)
    # Nor the captions of the phase maps the table is shown.
    views = phase_views(service, gid, side="ge") + [current_phase_view(service, gid, "ge")]
    captions = " ".join(line for v in views for line in v["phase_map"]["lines"])
    assert f"indirectly at {target}" not in captions and "a secret order" in captions
    # The stored log is whole (replay and undo read it).
    assert _names(json.dumps([{"action": e.action, "events": e.events} for e in service.log(gid)]), target)
    # Played on to the US Combat phase of turn 2, where it lands: then everyone sees the order.
    steps = 0
    while RULES.secrets(service.state(gid)):
        assert not _names(_log_text(service, gid, "ge"), target)
        _bot_step(service, gid)
        steps += 1
    assert steps > 3 and service.state(gid).turn == 2
    for viewer in ("ge", None):
        assert _names(_log_text(service, gid, viewer), target)
        assert _names(_export_log(service, gid, viewer), target)
    assert "a secret order" not in _log_text(service, gid, None)


def test_I_i_an_undone_indirect_fire_order_stays_secret(service: GameService) -> None:
    gid, target = _game(service)
    service.undo(gid, "1", "us")
    assert not RULES.secrets(service.state(gid))
    assert not _names(_log_text(service, gid, "ge"), target)
    assert _names(_log_text(service, gid, "us"), target)
