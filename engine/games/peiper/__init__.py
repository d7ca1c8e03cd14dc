"""Just a Peiper Dream?: two sides, card-driven activations, the Amblève valley, December 1944."""

from .rules import PeiperRules

RULES = PeiperRules()

__all__ = ["RULES", "PeiperRules"]
