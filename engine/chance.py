"""The one door through which a game's rules roll dice and draw cards or chits.

A draw stays hidden until it is told: ``tell`` records the event that shows it to the players, marks it
random (undo may not pass it, a replay checks it) and makes it the header's last draw. Nothing else sets
``last_random`` or marks an event random, so the two can never drift apart. Used as a context manager,
a ``Chance`` refuses to close with a draw nobody was told of: a roll cannot reach a game silently.

Shuffling a deck at set-up is not a draw (nothing is shown); the AI rolls on forks of the RNG, never here.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from types import TracebackType
from typing import Protocol, TypeVar

from engine.cards import Deck
from engine.events import Event
from engine.gamestate import GameState

T = TypeVar("T")

# The Chances made while an order is performed (see ``accounted``).
_OPEN: ContextVar[list[Chance] | None] = ContextVar("umpire_open_chances", default=None)


class Script(Protocol):
    """Who decides a draw instead of the RNG: ``engine.odds`` walks every outcome of an order this way."""

    def choose(self, options: Sequence[tuple[str, float]]) -> int: ...


# Set only while engine.odds asks what an order would do; every draw then goes through it.
SCRIPT: ContextVar[Script | None] = ContextVar("umpire_chance_script", default=None)


def _scripted(options: Sequence[tuple[str, float]]) -> int | None:
    script = SCRIPT.get()
    return None if script is None else script.choose(options)


class UntoldDraw(RuntimeError):
    """A die was rolled or a card drawn and no event told the players: a bug in the rules module."""


class Chance:
    def __init__(self, state: GameState, events: list[Event]) -> None:
        self.state = state
        self.events = events
        self._untold: list[str] = []
        opened = _OPEN.get()
        if opened is not None:
            opened.append(self)

    # --- drawing --------------------------------------------------------------------------------
    def _roll(self, sides: int) -> int:
        forced = _scripted([(str(face), 1.0) for face in range(1, sides + 1)])
        return self.state.rng.die(sides) if forced is None else forced + 1

    def die(self, sides: int = 6) -> int:
        rolled = self._roll(sides)
        self._untold.append(f"die {rolled}")
        return rolled

    def dice(self, count: int, sides: int = 6) -> list[int]:
        rolled = [self._roll(sides) for _ in range(count)]
        self._untold.append(" ".join(str(d) for d in rolled))
        return rolled

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items`` at random (a chit from a cup, a counter from a pool)."""
        forced = _scripted(_grouped([str(i) for i in items])) if items else None
        if forced is None:
            item = items[self.state.rng.below(len(items))]
        else:  # the forced option names one value: the first item that shows it
            shown = _grouped([str(i) for i in items])[forced][0]
            item = next(i for i in items if str(i) == shown)
        self._untold.append(str(item))
        return item

    def anonymous(self, n: int) -> int:
        """Which of ``n`` interchangeable things (the numbered counter of a kind taken from a pool): the
        players learn nothing from it, so nothing is told."""
        return self.state.rng.below(n)

    def card(self, deck: Deck) -> str | None:
        """The top card of ``deck`` (it goes to the discards), or None when the pile is empty."""
        forced = _scripted(_grouped(deck.draw_pile)) if deck.draw_pile else None
        if forced is not None:  # bring a card of the chosen face to the top: the pile's order is not read
            shown = _grouped(deck.draw_pile)[forced][0]
            at = len(deck.draw_pile) - 1 - deck.draw_pile[::-1].index(shown)
            deck.draw_pile[at], deck.draw_pile[-1] = deck.draw_pile[-1], deck.draw_pile[at]
        drawn = deck.draw()
        if drawn is not None:
            self._untold.append(drawn)
        return drawn

    def reshuffle(self, deck: Deck, cards: list[str]) -> None:
        """A fresh draw pile from ``cards`` (an emptied deck): a hidden order, so nothing to tell."""
        fresh = Deck.shuffled(cards, self.state.rng)
        deck.draw_pile, deck.discards = fresh.draw_pile, []

    # --- telling --------------------------------------------------------------------------------
    def tell(self, event: Event, shown: str | None = None) -> Event:
        """Record the event that shows the draws made since the last one; ``shown`` is what the header
        prints (by default the last draw as drawn: ``die 4``, ``3 5``, the card's code)."""
        if not self._untold:
            raise UntoldDraw(f"nothing was drawn for '{event.text[:60]}'")
        event.random = True
        self.state.last_random = shown if shown is not None else self._untold[-1]
        self._untold.clear()
        self.events.append(event)
        return event

    @property
    def untold(self) -> tuple[str, ...]:
        return tuple(self._untold)

    def __enter__(self) -> Chance:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if kind is None and self._untold:
            raise UntoldDraw(f"drawn and never told: {', '.join(self._untold)}")


def _grouped(faces: Sequence[str]) -> list[tuple[str, float]]:
    """Each distinct face once, weighted by how many show it, in a fixed order (not the pile's)."""
    counts: dict[str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return [(face, float(n)) for face, n in sorted(counts.items())]


@contextmanager
def accounted() -> Iterator[None]:
    """Within it, every ``Chance`` made must have told all its draws by the end, or ``UntoldDraw`` is
    raised (the contract performs each order inside one, so a rules module cannot roll silently)."""
    token = _OPEN.set([])
    try:
        yield
        untold = [d for chance in _OPEN.get() or [] for d in chance.untold]
        if untold:
            raise UntoldDraw(f"drawn and never told: {', '.join(untold)}")
    finally:
        _OPEN.reset(token)
