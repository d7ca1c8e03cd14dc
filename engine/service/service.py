"""The game service: the one facade the cogs, the table, the board and the tools call.

Every change is one log entry in one transaction with the game's new state and version, so a
game survives any restart and replays from its seed and log to the same state.

``GameService`` holds the database engine, the cache of games' newest rows and the one write path
(``writes.Writer``); each method hands them to the module of its concern:

- ``games``: creating a game, its info and seats, invitations, notices, the deadline;
- ``orders``: an order checked, applied and recorded (``orders.record``), the bots' moves;
- ``writes``: the log and its writes: ``Writer.write``, the one function every entry goes through;
- ``rulings``: undo and the GM's rulings (correction, revert, rewind, re-roll);
- ``reads``: the state, the view, the log and its pages, lists of games, seeds, replays;
- ``replay``, ``hidden``, ``phases``: the replay of a log, what a viewer may not see yet, phase maps;
- ``transfer``: an export read back and stored (the export itself is ``export`` below).

Composition, not mixins: each concern is a module of plain functions taking what it needs (the engine
for a read, the writer for a write), so a module's dependencies are its arguments and its imports, the
modules import each other downwards only (import-linter's circles contract holds them to it), and this
facade keeps every public name and signature callers had. The values callers use (``Outcome``,
``GameInfo``, ``Seat``, ``BrokenInvariant``, ``event_from_dict``...) are importable from here as before.
"""

from __future__ import annotations

import secrets  # noqa: F401  (tests seed new games through engine.service.service.secrets.randbits)
from typing import Any

from sqlalchemy.engine import Engine

from engine import registry
from engine.errors import IllegalAction
from engine.game import Action, GameRules
from engine.maps import shown_key

from . import games, orders, reads, rulings, transfer
from .database import make_engine
from .hidden import SECRET_TEXT, entry_hidden, pending_secrets, redacted
from .hidden import visible as _visible
from .models import GameRecord, LogEntry
from .orders import MAX_ARGS, MAX_TEXT
from .phases import replay_frames as _replay_frames
from .records import (
    BOT,
    RULING_KINDS,
    SNAPSHOT_EVERY,
    STATE_KINDS,
    BrokenInvariant,
    GameInfo,
    Outcome,
    Seat,
    commitment,
    event_from_dict,
)
from .records import event_dict as _event_dict
from .replay import fresh_seed, reshuffle
from .writes import GameCache, Writer

__all__ = [
    "BOT", "CACHED_GAMES", "MAX_ARGS", "MAX_TEXT", "RULING_KINDS", "SECRET_TEXT", "SNAPSHOT_EVERY", "STATE_KINDS",
    "BrokenInvariant", "GameInfo", "GameService", "Outcome", "Seat", "_event_dict", "commitment", "entry_hidden",
    "event_from_dict", "fresh_seed", "pending_secrets", "redacted", "reshuffle",
]

CACHED_GAMES = 4096  # games whose newest row a service keeps in memory (writes.GameCache)


class GameService:
    def __init__(self, database_url: str | None = None, engine: Engine | None = None) -> None:
        self.engine = engine or make_engine(database_url)
        self.cache = GameCache(CACHED_GAMES)
        self.writer = Writer(self.engine, self.cache)  # the one write path of the log

    # --- games and seats (games.py) -------------------------------------------------------------
    def create_game(
        self,
        game: str,
        scenario: str = "",
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        seats: dict[str, Seat] | None = None,
        guild_id: str | None = None,
        channel_id: str | None = None,
        title: str = "",
        owner_id: str | None = None,
    ) -> GameInfo:
        return games.create(self.engine, game, scenario, seed, options, seats, guild_id, channel_id, title, owner_id)

    def check_new_game(self, game: str, scenario: str = "", options: dict[str, Any] | None = None,
                       seats: dict[str, Seat] | None = None) -> None:
        """Build the game as ``create_game`` would, writing nothing: raises the refusal, if any, before a
        caller opens anything for the game (a Discord thread)."""
        games.check_new(game, scenario, options, seats)

    def info(self, game_id: int) -> GameInfo:
        return games.info(self.engine, game_id)

    def rules(self, game_id: int) -> GameRules:
        return registry.get(self.info(game_id).game)

    def sides_of(self, game_id: int, user_id: str) -> list[str]:
        return [side for side, seat in self.info(game_id).seats.items() if seat.kind == "human" and seat.user_id == user_id]

    def set_seat(self, game_id: int, side: str, seat: Seat, actor: str, reason: str) -> GameInfo:
        return games.set_seat(self.writer, game_id, side, seat, actor, reason)

    def set_deadline(self, game_id: int, hours: float | None, actor: str = "gm", reason: str = "") -> None:
        """Set (or with None remove) the deadline as a GM: logged, and nobody's agreement needed."""
        self.propose_deadline(game_id, hours, actor, is_gm=True, reason=reason)

    def propose_deadline(self, game_id: int, hours: float | None, actor: str, actor_name: str = "",
                         is_gm: bool = False, reason: str = "") -> list[str]:
        """A deadline (hours per decision; None removes it) applies when every seated player agreed, or a
        GM sets it; then it is a logged entry. Returns the players still to agree ([] once it applies)."""
        return games.propose_deadline(self.writer, game_id, hours, actor, actor_name, is_gm, reason)

    MAX_INVITED = games.MAX_INVITED

    def invite(self, game_id: int, user_id: str) -> list[str]:
        """Invite a member to take a free seat (a server whose join rule is 'invite'); returns the invited."""
        return games.invite(self.writer, game_id, user_id)

    def invited(self, game_id: int) -> list[str]:
        return games.invited(self.engine, game_id)

    def set_notify(self, game_id: int, side: str, notify: str) -> None:
        """Where a seat's turn notices go (channel or dm): a preference, not a ruling, so not logged."""
        games.set_notify(self.writer, game_id, side, notify)

    # --- orders (orders.py) ---------------------------------------------------------------------
    def submit(self, game_id: int, side: str, action: Action, actor: str, actor_name: str = "",
               expected_version: int | None = None, reason: str = "", interaction_id: str | None = None) -> Outcome:
        """Apply an order for a side. Only the seat's holder (or the bot, for a bot seat) may act.

        With ``interaction_id`` (a Discord interaction) the order applies at most once: the id is stored
        with the entry (a unique column), and a second delivery, in this process or another, is answered
        from that entry (``Outcome.repeated``) instead of being applied again.

        Two orders on one game at once: one applies; the other is checked again against the state
        that won (and applied or refused on its own merits), or refused as stale when it carried
        ``expected_version``.
        """
        return orders.submit(self.writer, game_id, side, action, actor, actor_name, expected_version, reason,
                             interaction_id)

    def repeated(self, interaction_id: str | None) -> Outcome | None:
        """The outcome of the entry an interaction already made, if it made one (an indexed read)."""
        return orders.repeated(self.engine, interaction_id)

    def run_bots(self, game_id: int, limit: int = 5000) -> list[Outcome]:
        """Let the bot play every decision its seats hold, until a human must act or the game ends."""
        return orders.run_bots(self.writer, game_id, limit)

    # --- undo and the GM (rulings.py) -----------------------------------------------------------
    def undo(self, game_id: int, actor: str, side: str | None = None, is_gm: bool = False,
             interaction_id: str | None = None, expected_version: int | None = None) -> Outcome:
        """Take back the last order: never past hidden information, never another side's order. With
        ``expected_version`` (the version the undo was shown at: a board page's), refused as stale
        (StaleVersion) unless the game is still at it when the undo is written, as ``submit`` refuses an
        order: two pages drawn at one version take back one order, never the one before it too."""
        return rulings.undo(self.writer, game_id, actor, side, is_gm, interaction_id, expected_version)

    def gm(self, game_id: int, action: Action, actor: str, reason: str, rule: str = "", actor_name: str = "",
           interaction_id: str | None = None) -> Outcome:
        """A GM correction: an entry of its own, with the reason and rule reference, revertible."""
        return rulings.gm(self.writer, game_id, action, actor, reason, rule, actor_name, interaction_id)

    def rulings(self, game_id: int) -> list[LogEntry]:
        return [e for e in self.log(game_id) if e.kind in RULING_KINDS]

    def gm_revert(self, game_id: int, seq: int, actor: str, reason: str, interaction_id: str | None = None
                  ) -> Outcome:
        """Revert one entry (a ruling or an order); refused if later orders depend on it."""
        return rulings.revert(self.writer, game_id, seq, actor, reason, interaction_id)

    def gm_rewind(self, game_id: int, to_seq: int, actor: str, reason: str, interaction_id: str | None = None
                  ) -> Outcome:
        """Revert to the state after entry ``to_seq``: every later live entry is undone (kept in the log)."""
        return rulings.rewind(self.writer, game_id, to_seq, actor, reason, interaction_id)

    def gm_reroll(self, game_id: int, actor: str, reason: str, interaction_id: str | None = None) -> Outcome:
        """Re-roll the last random entry: undo it and apply the same order with a fresh draw of the RNG (a
        card draw draws again from its pile, reshuffled as it stands)."""
        return rulings.reroll(self.writer, game_id, actor, reason, interaction_id)

    # --- reads and pages (reads.py) -------------------------------------------------------------
    def active_game_ids(self) -> list[int]:
        """The ids of the active games (one column read: nothing of a game is loaded)."""
        return reads.active_game_ids(self.engine)

    def version_of(self, game_id: int) -> int:
        """The game's version alone (one column: what a watcher polls; ``info`` reads and loads the state)."""
        return reads.version_of(self.engine, game_id)

    def state(self, game_id: int) -> Any:
        return reads.state(self.engine, game_id)

    def view(self, game_id: int, side: str | None = None) -> dict[str, Any]:
        return reads.view(self.engine, game_id, side)

    def list_games(self, guild_id: str | None = None, channel_id: str | None = None, user_id: str | None = None,
                   active_only: bool = False) -> list[GameInfo]:
        return reads.list_games(self.engine, guild_id, channel_id, user_id, active_only)

    def list_page(self, guild_id: str | None = None, user_id: str | None = None, page: int = 1,
                  size: int = 20) -> tuple[list[GameInfo], int, int]:
        """One page of a server's games (or a user's), newest first: (the page's games, the page shown, the
        count of games)."""
        return reads.list_page(self.engine, guild_id, user_id, page, size)

    def log(self, game_id: int, include_undone: bool = True) -> list[LogEntry]:
        return reads.log(self.engine, game_id, include_undone)

    def log_page(self, game_id: int, page: int = 1, size: int = 12, viewer: str | None = None,
                 everything: bool = False) -> tuple[list[LogEntry], int, int]:
        """One page of the log, page 1 the newest: (its entries, oldest first; the page shown; the pages)."""
        return reads.log_page(self.engine, game_id, page, size, viewer, everything)

    @staticmethod
    def visible(rec: GameRecord, entries: list[LogEntry], viewer: str | None) -> list[LogEntry]:
        """The entries as ``viewer`` may see them: secrets not yet revealed to them redacted."""
        return _visible(rec, entries, viewer)

    def visible_log(self, game_id: int, viewer: str | None) -> list[LogEntry]:
        """The whole log as ``viewer`` may see it (the table's /log; the export)."""
        return reads.visible_log(self.engine, game_id, viewer)

    def rulings_page(self, game_id: int, limit: int = 25) -> tuple[list[LogEntry], int]:
        """The newest ``limit`` rulings, oldest first, and how many there are in all."""
        return reads.rulings_page(self.engine, game_id, limit)

    def replay_frames(self, game_id: int, frames: int = 40, window: int = 2000) -> list[dict[str, Any]]:
        """Views for an animated replay: where the last ``window`` entries start (the opening in a shorter
        game), after each phase end in them (the last ``frames - 2``), and now; at most
        ``phases.REPLAY_BUDGET`` entries applied in all, whatever the window or the phases' lengths
        (``engine.service.phases.replay_frames``)."""
        return _replay_frames(self, game_id, frames, window)

    def replay(self, game_id: int, upto: int | None = None) -> Any:
        """The state rebuilt from the seed and the log alone (entries not undone, up to ``upto``)."""
        return reads.replay(self.engine, game_id, upto)

    def seed(self, game_id: int) -> tuple[str, int | None]:
        """The hash of the game's seed always; the seed itself once it was revealed (at the game's end)."""
        record = self.seed_record(game_id)
        return record["seed_hash"], record["seed"]

    def seed_record(self, game_id: int) -> dict[str, Any]:
        """Every seed of the game with its salted hash; a seed and its salt only once revealed."""
        return reads.seed_record(self.engine, game_id)

    # --- transfer (the export here; the import in transfer.py) ----------------------------------
    def export(self, game_id: int, page_size: int | None = None, page: int = 1, viewer: str | None = None
               ) -> dict[str, Any]:
        """A JSON record of the game: no seed before the end, no RNG state, no undrawn order, no secret
        ``viewer`` (a side; None for anyone) may not see yet.

        With ``page_size``, one page of the log (page 1 the newest; ``log_from``, ``log_to``, ``page`` and
        ``pages`` say which): what Discord hands out, whose cost does not grow with the log. Only a whole
        record (no ``page_size``) imports."""
        info = self.info(game_id)
        chunk: list[LogEntry] = []
        shown = pages = 1
        if page_size is not None:
            chunk, shown, pages = self.log_page(game_id, page, page_size, viewer)
        seeds = self.seed_record(game_id)
        view = self.view(game_id, viewer)
        if isinstance(view.get("map"), str):
            view["map"] = shown_key(view["map"], view.get("game"))  # the map's key, never a host path
        record: dict[str, Any] = {
            "game": info.game, "id": info.id, "scenario": info.scenario, "title": info.title,
            "options": info.options, "status": info.status, "winner": info.winner, **seeds,
            "seats": {k: {"kind": v.kind, "user": v.user_name} for k, v in info.seats.items()},
            "log": [
                {"seq": e.seq, "kind": e.kind, "side": e.side, "actor": e.actor_name or e.actor,
                 "action": e.action, "reason": e.reason, "rule": e.rule, "undone": e.undone,
                 "refers_to": e.refers_to, "salt": e.salt, "rng": e.rng,
                 "events": [{"text": ev["text"], "rule": ev.get("rule", "")} for ev in e.events]}
                for e in (self.visible_log(game_id, viewer) if page_size is None else chunk)
            ],
            "view": view,
        }
        if page_size is not None:
            record.update(page=shown, pages=pages, log_from=chunk[0].seq if chunk else 0,
                          log_to=chunk[-1].seq if chunk else 0)
        return record

    def import_game(self, data: dict[str, Any], guild_id: str | None = None, channel_id: str | None = None
                    ) -> GameInfo:
        """Recreate a game from ``export`` of a finished game (it holds the seed) by replaying its log.

        Accepted only when the export is whole: its seed (and salt) match its published hash, every fresh
        seed matches its hash, the log replays from the seed to the exported final view, and the game
        it gives is over with the exported result. The imported game gets a new id; its log keeps every
        entry (undone ones marked, each attributed "(imported)"); every side is the bot's, so no seat is
        left that nobody holds.
        """
        got = transfer.read_import(data)
        exported = data["view"]
        if not isinstance(exported, dict):
            raise IllegalAction("The export's view must be an object")
        # the final view compared here, beside the export that names the map by its file (_plain)
        if _plain(got.rules.view(got.state, None)) != _plain(exported, drop=("game_id", "version")):
            raise IllegalAction("The export's log does not replay to its final position: refusing the import")
        return transfer.store_import(self.writer, got, data, guild_id, channel_id)


def _plain(value: Any, drop: tuple[str, ...] = ()) -> Any:
    """A view as JSON would carry it (tuples become lists), without the keys a stored game adds."""
    import json

    data = json.loads(json.dumps(value, default=str))
    if isinstance(data, dict):
        for key in drop:
            data.pop(key, None)
        if isinstance(data.get("map"), str):  # an export names the map by its file, not the host's path
            data["map"] = shown_key(data["map"], data.get("game"))
    return data
