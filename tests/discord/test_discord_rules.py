"""/rules: Umpire's own rule summaries, validated on load and searchable."""

from __future__ import annotations

from pathlib import Path

import pytest

from cogs.help import game_help, table_help
from cogs.rules import search, summaries
from engine import registry
from engine.errors import DataFileError
from engine.rulebook import load_summary


def test_every_game_has_summaries_and_search_finds_topics_then_words() -> None:
    assert set(registry.GAME_PACKAGES) <= set(summaries())
    assert search("peiper", "combat")[0].topic == "combat"
    assert [s.topic for s in search("peiper", "joker")][:1] == ["card draw"]
    assert search("peiper", "no such words at all") == []


def test_a_bad_summary_file_names_the_file_and_entry(tmp_path: Path) -> None:
    bad = tmp_path / "rules_summary.yaml"
    bad.write_text("title: x\nsections:\n  - topic: ''\n    rule: A\n    text: t\n")
    with pytest.raises(DataFileError) as err:
        load_summary(bad)
    assert "rules_summary.yaml" in str(err.value) and "sections" in str(err.value)


def test_help_lists_every_order_with_its_example_within_embed_limits() -> None:
    for key in registry.available():
        embed = game_help(key)
        for spec in registry.get(key).commands():
            assert f"/{key} {spec.name}" in (embed.description or "")
            if spec.example:
                assert spec.example in (embed.description or "")
        assert len(embed) <= 6000
    assert len(table_help()) <= 6000
