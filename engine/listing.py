"""A memo for one listing: while the contract lists a side's orders (or checks one) the state does not
change, so the questions candidates and refusals ask many times (who stands in a hex, may this unit fire
at that hex, which hexes may it reach) are answered once. Outside a listing nothing is remembered.
``engine.contract`` opens one around ``legal_actions`` and the check of an order; games ask ``remember``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

T = TypeVar("T")
LISTING: ContextVar[dict[Any, Any] | None] = ContextVar("umpire_listing", default=None)


@contextmanager
def listing() -> Iterator[None]:
    """Remember answers until the block ends (the state must not change inside it)."""
    token = LISTING.set({})
    try:
        yield
    finally:
        LISTING.reset(token)


@contextmanager
def outside() -> Iterator[None]:
    """Nothing remembered inside (a scratch copy that changes while a listing is open)."""
    token = LISTING.set(None)
    try:
        yield
    finally:
        LISTING.reset(token)


def remember(key: Any, answer: Callable[[], T]) -> T:
    memo = LISTING.get()
    if memo is None:
        return answer()
    if key in memo:
        got: T = memo[key]
        return got
    value = memo[key] = answer()
    return value


def active() -> bool:
    return LISTING.get() is not None
