"""Every command and option the bot syncs is within Discord's limits (checked on the JSON sent)."""

from __future__ import annotations

import logging
import re
from typing import Any

import pytest
from fake_discord import FakeDiscord

from bot.discord_app import UmpireBot
from cogs.finding import playable_games
from engine import registry

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


def _chars(option: dict[str, Any]) -> int:
    total = len(option["name"]) + len(option.get("description", ""))
    total += sum(len(c["name"]) + len(str(c["value"])) for c in option.get("choices", []))
    return total + sum(_chars(o) for o in option.get("options", []))


def _check(option: dict[str, Any], where: str, problems: list[str], depth: int = 0) -> None:
    name = option["name"]
    if not NAME.match(name):
        problems.append(f"{where}{name}: name must be 1-32 lowercase characters")
    if not 1 <= len(option.get("description", "")) <= 100:
        problems.append(f"{where}{name}: description must be 1-100 characters")
    if len(option.get("choices", [])) > 25:
        problems.append(f"{where}{name}: more than 25 choices")
    for c in option.get("choices", []):
        if not 1 <= len(c["name"]) <= 100 or len(str(c["value"])) > 100:
            problems.append(f"{where}{name}: choice {c['name']!r} too long")
    children = option.get("options", [])
    if len(children) > 25:
        problems.append(f"{where}{name}: more than 25 options")
    values = [o for o in children if o["type"] not in (1, 2)]
    required = [o.get("required", False) for o in values]
    if required != sorted(required, reverse=True):
        problems.append(f"{where}{name}: a required option follows an optional one")
    # a command holds subcommand groups, which hold subcommands, which hold options: no deeper
    if depth > 3 or depth > 2 and option.get("type") in (1, 2):
        problems.append(f"{where}{name}: nested too deep")
    for child in children:
        _check(child, f"{where}{name} ", problems, depth + 1)


async def test_synced_commands_are_within_discord_limits(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    commands = fake.commands
    assert 0 < len(commands) <= 100
    problems: list[str] = []
    for cmd in commands:
        _check(cmd, "/", problems)
        if _chars(cmd) > 4000:
            problems.append(f"/{cmd['name']}: more than 4000 characters in all")
    assert problems == []


async def test_every_available_game_has_its_order_group(fake: FakeDiscord, rest_bot: UmpireBot) -> None:
    synced = {c["name"]: c for c in fake.commands}
    for key in registry.available():
        group = synced[key]
        assert {o["name"] for o in group["options"]} == {c.name for c in registry.get(key).commands()}


def test_the_checker_catches_a_bad_command() -> None:
    problems: list[str] = []
    bad = {"name": "Bad Name", "description": "", "type": 1,
           "options": [{"name": "a", "description": "x", "type": 3, "required": False},
                       {"name": "b", "description": "x", "type": 3, "required": True,
                        "choices": [{"name": str(i), "value": str(i)} for i in range(26)]}]}
    _check(bad, "/", problems)
    assert len(problems) == 4, problems


def test_a_broken_game_is_left_out_not_fatal(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    real = registry.get

    def get(key: str) -> Any:
        if key == "pl":
            raise RuntimeError("half-written game")
        return real(key)

    monkeypatch.setattr(registry, "get", get)
    with caplog.at_level(logging.ERROR):
        keys = playable_games()
    assert "pl" not in keys and "peiper" in keys
    assert "pl does not load" in caplog.text
