"""export, then import: a finished game recreated from its export (with the seed) by replaying its log."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

from engine import registry
from engine.errors import Forbidden, IllegalAction, UmpireError
from engine.game import Action
from engine.service import GameService, Seat


def finished_game(service: GameService, key: str, seed: int) -> int:
    """A game with orders, an undo, GM rulings (a correction, a revert, a re-roll) and an end."""
    rules = registry.get(key)
    gid = service.create_game(key, seed=seed, seats={s: Seat("human", f"p-{s}", s) for s in rules.sides}).id
    rnd = random.Random(seed)

    def order() -> None:
        info = service.info(gid)
        assert info.to_act is not None
        service.submit(gid, info.to_act, rnd.choice(rules.legal_actions(service.state(gid), info.to_act)),
                       f"p-{info.to_act}")

    for i in range(30):
        if service.info(gid).status == "over":
            break
        order()
        last = service.log(gid)[-1]
        # Refusals (hidden information, a later order depends on it) are fine: the tries are on the record.
        with contextlib.suppress(UmpireError):
            if i == 5:
                service.undo(gid, last.actor, last.side)
            elif i == 9:
                service.gm_revert(gid, last.seq, "gm", "misread the table")
            elif last.random and i > 10:
                service.gm_reroll(gid, "gm", "the die fell off the table")
    if key == "peiper":
        service.gm(gid, Action("end", {"winner": "us"}), "gm", "conceded")
    for _ in range(600):
        if service.info(gid).status == "over":
            break
        order()
    if service.info(gid).status != "over":
        pytest.skip(f"{rules.title} did not end within 600 random orders")
    kinds = {e.kind for e in service.log(gid)}
    assert {"action", "gm"} & kinds
    return gid


@pytest.mark.parametrize("key", [k for k in registry.available() if k in ("peiper", "saf")])
def test_an_exported_finished_game_imports_to_the_same_state(db_url: str, key: str) -> None:
    service = GameService(db_url)
    gid = finished_game(service, key, seed=41)
    rules = registry.get(key)
    export = json.loads(json.dumps(service.export(gid)))  # as a file would carry it
    assert export["seed"] == 41
    copy = service.import_game(export)
    assert copy.id != gid and copy.status == "over" and copy.winner == service.info(gid).winner
    assert rules.dump(service.state(copy.id)) == rules.dump(service.state(gid))
    assert rules.dump(service.replay(copy.id)) == rules.dump(service.state(copy.id))
    strip = [(e.seq, e.kind, e.side, e.action, e.undone, e.refers_to, e.salt) for e in service.log(gid)]
    assert [(e.seq, e.kind, e.side, e.action, e.undone, e.refers_to, e.salt) for e in service.log(copy.id)] == strip
    # The copy is a whole game: its export is the original's, but for the id.
    again = service.export(copy.id)
    assert {k: v for k, v in again.items() if k not in ("id", "view", "log", "seats")} == {
        k: v for k, v in export.items() if k not in ("id", "view", "log", "seats")}
    assert [{**e, "actor": ""} for e in again["log"]] == [{**e, "actor": ""} for e in export["log"]]
    assert all(e["actor"].endswith("(imported)") for e in again["log"])
    assert all(seat["kind"] == "bot" for seat in again["seats"].values()), "no seat that nobody holds"
    service.engine.dispose()


def test_a_game_in_progress_or_a_tampered_export_is_refused(db_url: str) -> None:
    service = GameService(db_url)
    gid = finished_game(service, "peiper", seed=42)
    export: dict[str, Any] = service.export(gid)
    before = len(service.list_games())
    with pytest.raises(Forbidden, match="finished game"):
        service.import_game({**export, "seed": None})
    tampered = json.loads(json.dumps(export))
    moves = [e for e in tampered["log"] if e["kind"] == "action" and not e["undone"] and e["action"]["args"]]
    moves[0]["action"]["args"] = {k: "0101" for k in moves[0]["action"]["args"]}
    with pytest.raises(IllegalAction):
        service.import_game(tampered)
    reseeded = {**json.loads(json.dumps(export)), "seed": 43}
    with pytest.raises(IllegalAction):
        service.import_game(reseeded)
    for junk in ({}, {"game": "chess", "seed": 1}, {**export, "log": "x"}, {**export, "log": [1, 2]}):
        with pytest.raises(UmpireError):
            service.import_game(junk)
    assert len(service.list_games()) == before
    service.engine.dispose()
