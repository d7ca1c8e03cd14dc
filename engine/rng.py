"""Seeded randomness kept inside the game state.

The generator is SplitMix64: its whole state is one integer, so it serialises with the game, and
its output never changes between Python versions (unlike ``random.Random``'s derived methods).
No module-level random anywhere: every roll goes through an ``Rng`` held by a game state.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


def seed_from(*parts: object) -> int:
    """A 64-bit seed derived from any values (game seed plus an index, say)."""
    digest = hashlib.sha256("/".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def seed_hash(seed: int) -> str:
    """What players see before the game ends: a commitment to the seed, not the seed."""
    return hashlib.sha256(f"umpire-seed:{seed}".encode()).hexdigest()


@dataclass
class Rng:
    state: int = 0

    @classmethod
    def seeded(cls, seed: int) -> Rng:
        return cls(seed_from("umpire", seed))

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        return self.below(sides) + 1

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, label: object) -> Rng:
        """An independent generator (for an AI's sampling), leaving this one untouched."""
        return Rng(seed_from(self.state, label))
