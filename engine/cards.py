"""Playing cards, decks with jokers, and chit cups.

Cards are short strings: rank then suit (``AS``, ``10H``, ``KD``) or ``JOKER``. Spades and clubs
are black, hearts and diamonds red.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.rng import Rng

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
JOKER = "JOKER"
FACES = ("J", "Q", "K")


def standard_deck(jokers: int = 1) -> list[str]:
    return [f"{rank}{suit}" for suit in SUITS for rank in RANKS] + [JOKER] * jokers


def is_joker(card: str) -> bool:
    return card == JOKER


def rank(card: str) -> str:
    return "" if is_joker(card) else card[:-1]


def suit(card: str) -> str:
    return "" if is_joker(card) else card[-1]


def is_face(card: str) -> bool:
    return rank(card) in FACES


def colour(card: str) -> str:
    """'black', 'red', or '' for a joker."""
    s = suit(card)
    return "black" if s in ("S", "C") else "red" if s in ("H", "D") else ""


def value(card: str) -> int:
    """Number cards count their number, an ace 1; face cards and jokers have no value (0)."""
    r = rank(card)
    if r == "A":
        return 1
    return int(r) if r.isdigit() else 0


def describe(card: str) -> str:
    if is_joker(card):
        return "Joker"
    return f"{rank(card)}{SUIT_SYMBOLS[suit(card)]}"


@dataclass
class Deck:
    """A shuffled draw pile and its discards. Only the count of the draw pile is ever shown."""

    draw_pile: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)

    @classmethod
    def shuffled(cls, cards: list[str], rng: Rng) -> Deck:
        pile = list(cards)
        rng.shuffle(pile)
        return cls(draw_pile=pile, discards=[])

    def draw(self) -> str | None:
        """The top card, or None if the pile is empty. The card goes to the discards."""
        if not self.draw_pile:
            return None
        card = self.draw_pile.pop()
        self.discards.append(card)
        return card

    def __len__(self) -> int:
        return len(self.draw_pile)


@dataclass
class Cup:
    """A cup of chits drawn blind. With replacement (put back after reading) by default."""

    chits: list[str] = field(default_factory=list)
    replace: bool = True

    def draw(self, rng: Rng) -> str:
        if not self.chits:
            raise ValueError("the cup is empty")
        i = rng.below(len(self.chits))
        return self.chits[i] if self.replace else self.chits.pop(i)
