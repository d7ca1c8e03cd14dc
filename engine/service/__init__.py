"""The game service, persisted with SQLModel (SQLite by default, Postgres by DATABASE_URL)."""

from .database import make_engine
from .service import GameInfo, GameService, Outcome, Seat, event_from_dict

__all__ = ["GameInfo", "GameService", "Outcome", "Seat", "event_from_dict", "make_engine"]
