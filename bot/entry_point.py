"""The global commands synced without removing the app's Entry Point command (issue 39).

When Activities are enabled for the application, Discord makes an Entry Point command ("Launch", type 4,
opened from the App Launcher; Discord's own handler launches the Activity). Discord refuses a bulk
overwrite of the global commands that leaves it out, and discord.py's ``CommandTree.sync`` knows nothing of
it: so when the application has one, the tree's commands are sent with it, as Discord keeps it.
"""

from __future__ import annotations

from typing import Any

import discord

ENTRY_POINT = 4  # the application command type PRIMARY_ENTRY_POINT
KEPT = ("id", "type", "name", "description", "handler", "integration_types", "contexts", "name_localizations",
        "description_localizations", "default_member_permissions", "nsfw")


async def sync_global(bot: Any) -> list[discord.app_commands.AppCommand]:
    """``bot.tree.sync()``, keeping the application's Entry Point command if it has one."""
    existing = await bot.http.get_global_commands(bot.application_id)
    entry = [c for c in existing if c.get("type") == ENTRY_POINT][:1]
    if not entry:
        return list(await bot.tree.sync())
    tree = bot.tree
    commands = tree._get_all_commands(guild=None)
    if tree.translator:
        payload = [await c.get_translated_payload(tree, tree.translator) for c in commands]
    else:
        payload = [c.to_dict(tree) for c in commands]
    payload.append({k: v for k, v in entry[0].items() if k in KEPT})
    data = await bot.http.bulk_upsert_global_commands(bot.application_id, payload=payload)
    return [discord.app_commands.AppCommand(data=d, state=bot._connection) for d in data
            if d.get("type") != ENTRY_POINT]
