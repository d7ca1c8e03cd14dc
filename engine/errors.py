"""One error hierarchy. Every message is safe to show a player as it is."""

from __future__ import annotations


class UmpireError(Exception):
    """Base of every error a player or GM may see. ``rule`` names the rulebook section, if any."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} ({self.rule})" if self.rule else self.message


class IllegalAction(UmpireError):
    """The rules do not allow this action now."""


class NotYourTurn(UmpireError):
    """Another side must act first."""


class UnknownUnit(UmpireError):
    """No such unit in this game."""


class UnknownHex(UmpireError):
    """Not a hex label, or not a hex of this map."""


class GameOver(UmpireError):
    """The game has ended; nothing more can be played."""


class StaleVersion(UmpireError):
    """The board changed after the button or command was made."""


class NotFound(UmpireError):
    """No such game, scenario or record."""


class Forbidden(UmpireError):
    """This person may not do this (not seated, not a GM)."""


class UndoRefused(UmpireError):
    """Undo is not possible here (hidden information was revealed, or nothing to undo)."""


class DataFileError(UmpireError):
    """A map, scenario, deck or unit file is malformed. Names the file, the entry and the problem."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        super().__init__(f"{file}: {entry}: {problem}")
        self.file = file
        self.entry = entry
        self.problem = problem


class InternalFault(UmpireError):
    """A fault in Umpire itself, not the player's mistake: logged with an id, the game left unchanged.

    The service raises it for anything a rules module raises that is not an ``UmpireError``; the
    adapters show its message as it is, and show the same words for any other exception they meet.
    """

    def __init__(self, fault_id: str) -> None:
        super().__init__(f"Internal fault {fault_id}: Umpire could not do this and the game is unchanged. "
                         "Tell the GM or the bot's owner this id.")
        self.fault_id = fault_id


def new_fault_id() -> str:
    import secrets

    return secrets.token_hex(4)
