"""Umpire's rules engine: pure and deterministic. No discord, no Pillow."""
