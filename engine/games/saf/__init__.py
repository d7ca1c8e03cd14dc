"""Scream, Aim, Fire!: solitaire, the player commands the Americans; the rules run the Germans."""

from .rules import RULES, SafRules

__all__ = ["RULES", "SafRules"]
