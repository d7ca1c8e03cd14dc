"""The threat model (docs/security.md) lists every entry point: each slash command, subcommand and option
the cogs register, each CLI verb of ``bot/cli.py``, each setting of the configuration. This fails when one
exists that the document does not list (the lists come from the code, never from this test), or when a
row names a test that does not exist."""

from __future__ import annotations

import argparse
import asyncio
import re
from pathlib import Path

import discord

from bot.cli import _parser
from engine.service.settings import Settings

REPO = Path(__file__).resolve().parents[2]
DOC = REPO / "docs" / "security.md"
OWNER_GUILD = 123456789012345678


def slash_commands(tmp_path: Path) -> dict[str, list[str]]:
    """Every command path the bot registers (global and the owner's server's) and its options."""
    from bot.discord_app import UmpireBot

    async def load() -> dict[str, list[str]]:
        settings = Settings(_env_file=None, discord_token="x", database_url=f"sqlite:///{tmp_path / 'u.db'}",
                            umpire_owner_guild=OWNER_GUILD)
        bot = UmpireBot(settings, background=False, shard_lock=False)
        await bot.setup_hook()  # loads every cog, as the bot does at start-up
        out: dict[str, list[str]] = {}

        def walk(cmd: discord.app_commands.Command | discord.app_commands.Group, prefix: str) -> None:
            path = f"{prefix}{cmd.name}"
            if isinstance(cmd, discord.app_commands.Group):
                out.setdefault(f"/{path}", [])  # a group is listed too
                for child in cmd.commands:
                    walk(child, path + " ")
            else:
                out[f"/{path}"] = [p.name for p in cmd.parameters]

        for scope in (None, discord.Object(OWNER_GUILD)):
            for cmd in bot.tree.get_commands(guild=scope):
                walk(cmd, "")  # type: ignore[arg-type]
        bot.service.engine.dispose()
        return out

    return asyncio.run(load())


def cli_verbs() -> list[str]:
    """``umpire <command>`` and, where a command takes a choice of what to do, ``umpire <command> <what>``."""
    parser = _parser()
    verbs = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                verbs.append(f"umpire {name}")
                for arg in sub._actions:
                    if arg.dest == "what" and arg.choices:
                        verbs += [f"umpire {name} {what}" for what in arg.choices]
    return verbs


def rows() -> dict[str, str]:
    """The document's table rows by the entry point in their first cell (`/game new`, `umpire db copy`)."""
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| `([^`]+)`", line)
        if m:
            out[m[1]] = line
    return out


def test_every_slash_command_subcommand_and_option_is_in_the_threat_model(tmp_path: Path) -> None:
    documented = rows()
    commands = slash_commands(tmp_path)
    assert len(commands) > 40 and "/game new" in commands and "/admin forget" in commands
    missing = sorted(c for c in commands if c not in documented)
    assert not missing, f"slash commands missing from docs/security.md: {missing}"
    unlisted = []
    for command, options in commands.items():
        cells = documented[command].split("|")
        for option in options:
            if not re.search(rf"`{re.escape(option)}`", cells[2]):
                unlisted.append(f"{command} {option}")
    assert not unlisted, f"options missing from their row in docs/security.md: {unlisted}"


def test_every_cli_verb_and_setting_is_in_the_threat_model() -> None:
    documented = rows()
    verbs = cli_verbs()
    assert "umpire db import" in verbs and "umpire bot" in verbs
    missing = sorted(v for v in verbs if v not in documented)
    assert not missing, f"CLI verbs missing from docs/security.md: {missing}"
    text = DOC.read_text(encoding="utf-8")
    settings = sorted(f.upper() for f in Settings.model_fields if f"`{f.upper()}`" not in text)
    assert not settings, f"settings missing from docs/security.md: {settings}"


def test_every_test_the_threat_model_names_exists() -> None:
    """A row's test is `file::name` (or a file): each must exist, so the model cannot cite a test gone."""
    text = DOC.read_text(encoding="utf-8")
    cited = set(re.findall(r"`(tests/[\w/]+\.py)(?:::(\w+))?`", text))
    assert len(cited) > 20
    problems = []
    for file, name in cited:
        path = REPO / file
        if not path.exists():
            problems.append(file)
        elif name and not re.search(rf"def {name}\b", path.read_text(encoding="utf-8")):
            problems.append(f"{file}::{name}")
    assert not problems, f"docs/security.md cites tests that do not exist: {problems}"
