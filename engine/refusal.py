"""The one shape of a rules helper's "why not": ``Why(reason, rule)``, falsy when nothing fails.

Every game's helpers (PL's ``*_refusal``, SAF's ``*_problem``, Peiper's ``why_not``) answer in it; the
order table's refusal turns it into the ``IllegalAction`` the contract raises with ``why.error()``.
Falsy-when-fine keeps the listing's ``if not fire_refusal(...)`` filters as cheap as a string test.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import IllegalAction

__all__ = ["FINE", "Why", "first"]


@dataclass(frozen=True, slots=True)
class Why:
    """Why an order may not be given: the reason in words and its one rule section; empty when it may."""

    reason: str = ""
    rule: str = ""

    def __bool__(self) -> bool:
        return bool(self.reason)

    def error(self, prefix: str = "") -> IllegalAction:
        """The refusal the contract raises: the reason (after prefix) and its rule."""
        return IllegalAction(prefix + self.reason, self.rule)

    def raise_if(self, prefix: str = "") -> None:
        """Raise the refusal when something fails (a perform checking as it acts)."""
        if self:
            raise self.error(prefix)


FINE = Why()


def first(*whys: Why) -> Why:
    """The first that fails, else FINE."""
    return next((w for w in whys if w), FINE)
