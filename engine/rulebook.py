"""Umpire's own short summaries of a game's rules, by section, searchable by word (/rules).

Each game package keeps ``data/rules_summary.yaml``; it is validated on load. The table and the
Discord cog both answer ``/rules [section or words]`` from here.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, Field, ValidationError

from engine.errors import DataFileError

SUMMARY_FILE = "rules_summary.yaml"


class Section(BaseModel):
    topic: str = Field(min_length=1, max_length=90)
    rule: str = Field(min_length=1)
    text: str = Field(min_length=1, max_length=1500)


class GameSummary(BaseModel):
    title: str
    sections: list[Section] = Field(min_length=1)

    def search(self, query: str) -> list[Section]:
        """Sections whose topic matches first, then those whose rule or text holds every word."""
        words = query.lower().split()
        if not words:
            return list(self.sections)
        exact = [s for s in self.sections if s.topic.lower() == query.lower().strip()]
        topical = [s for s in self.sections if all(w in s.topic.lower() for w in words) and s not in exact]
        text = [s for s in self.sections if s not in exact + topical
                and all(w in f"{s.rule} {s.text}".lower() for w in words)]
        return exact + topical + text


@lru_cache(maxsize=8)
def load_summary(path: Path) -> GameSummary:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise DataFileError(path.name, "file", type(exc).__name__) from None
    try:
        return GameSummary.model_validate(raw)
    except ValidationError as exc:
        raise DataFileError(path.name, "sections", str(exc).splitlines()[0]) from None
