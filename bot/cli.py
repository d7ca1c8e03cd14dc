"""The ``umpire`` command line: the Discord bot, the local table, selfplay, rendering, benchmarks."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.logs import configure_logging
from engine import registry
from engine.ai.policy import LEVELS
from engine.errors import UmpireError
from engine.game import Action
from engine.service.settings import Settings, load_settings

DB_HELP = "database URL (default: DATABASE_URL, environment or .env; else umpire.db in UMPIRE_DATA_DIR)"


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="umpire", description="Umpire: a Discord gamemaster for hex wargames.")
    sub = p.add_subparsers(dest="command")

    play = sub.add_parser("play", help="a game at the terminal (the local table)")
    play.add_argument("game", nargs="?", choices=list(registry.GAME_PACKAGES))
    play.add_argument("--scenario", default="")
    play.add_argument("--seed", type=int)
    play.add_argument("--as", dest="side", help="the side you hold: a side key or 'both'")
    play.add_argument("--script", type=Path, help="read commands from a file; exit 2 at the first refused")
    play.add_argument("--db", help=DB_HELP)
    play.add_argument("--game-id", "--game", dest="game_id", type=int, help="resume this game from the database")
    play.add_argument("--out", type=Path, default=Path("out"), help="folder for map images")
    play.add_argument("--no-images", action="store_true")
    play.add_argument("--level", default=None, choices=list(LEVELS),
                      help="how well the bot plays the sides you do not hold")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a game option, such as an optional rule: --option mines=true (repeatable)")
    play.add_argument("--board", nargs="?", const="", default=None, metavar="HOST:PORT",
                      help="serve the game's live board beside the table (default: UMPIRE_BOARD_BIND)")

    sp = sub.add_parser("selfplay", help="bots on every side, invariants checked after every action")
    sp.add_argument("game", choices=list(registry.GAME_PACKAGES))
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--scenario", default="")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--policy", action="append", default=[], metavar="SIDE=NAME[:LEVEL]",
                    help="a side's bot: random, greedy, ai:easy, ai:normal or ai:hard (repeatable; default greedy)")
    sp.add_argument("--match", metavar="A,B",
                    help="two policies (e.g. ai:hard,ai:normal) meeting on every deal twice, seats swapped")
    sp.add_argument("--workers", type=int, default=1, help="processes to spread the games over (same results)")
    sp.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, such as an optional rule: --option opportunity_fire=true (repeatable)")

    render = sub.add_parser("render", help="draw a scenario's opening position")
    render.add_argument("game", choices=list(registry.GAME_PACKAGES))
    render.add_argument("--scenario", default="")
    render.add_argument("--out", type=Path)

    bench = sub.add_parser("bench", help="benchmarks that print figures")
    bench.add_argument("what", choices=["render", "load", "reads", "background", "board"])
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--runs", type=int, default=20)
    bench.add_argument("--db", help=DB_HELP)
    bench.add_argument("--games", type=int, default=500)
    bench.add_argument("--concurrency", type=int, default=50)
    bench.add_argument("--think-ms", type=float, default=200.0,
                       help="bench load: a player's mean thinking time before each order (0: a closed loop)")
    bench.add_argument("--entries", default="100,100000",
                       help="bench reads: the log lengths compared (default 100,100000)")
    bench.add_argument("--pages", type=int, default=100, help="bench board: open pages watching the game")
    bench.add_argument("--orders", type=int, default=10, help="bench board: orders timed with and without pages")
    bench.add_argument("--workers", type=int, default=None,
                       help="bench load: service threads, as the bot's UMPIRE_WORKERS (default 4)")

    db = sub.add_parser("db", help="the database: schema, backup, copy, forget a user, export/import a game")
    db.add_argument("what", choices=["upgrade", "downgrade", "current", "backup", "copy", "forget-user", "export",
                                     "import"])
    db.add_argument("target", nargs="?", help="export: a game id; import: an exported JSON file; backup: the "
                    "file to write; downgrade: a revision (default: one back); forget-user: the Discord user id")
    db.add_argument("--db", help=DB_HELP)
    db.add_argument("--to", help="copy: the database URL to copy every game into (empty)")

    board = sub.add_parser("board", help="serve one game's live board; prints the spectator's link, then each side's")
    board.add_argument("--game-id", "--game", dest="game_id", type=int, required=True)
    board.add_argument("--db", help=DB_HELP)
    board.add_argument("--bind", default=None, help="HOST:PORT to listen on (default: UMPIRE_BOARD_BIND, 127.0.0.1:8787)")
    board.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)  # tests: stop after this long

    sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    sub.add_parser("sync", help="sync the slash-command tree with Discord")
    sub.add_parser("health", help="exit 0 when the running bot is healthy (UMPIRE_HEARTBEAT_FILE or UMPIRE_HEALTH_PORT)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    command = args.command
    try:
        settings = load_settings()
    except ValidationError as exc:
        print(f"umpire: a setting is invalid (environment or .env): {_first_error(exc)}", file=sys.stderr)
        return 2
    configure_logging(settings)
    _old_data_note(settings)
    if command is None:
        if settings.token:
            command = "bot"
        elif sys.stdin.isatty():
            command = "play"
            args = _parser().parse_args(["play"])
        else:
            print("umpire: DISCORD_TOKEN is not set (environment or .env) and there is no terminal for the "
                  "local table: `umpire bot` needs the token, `umpire play --script FILE` plays without one",
                  file=sys.stderr)
            return 2
    try:
        if command == "play":
            from bot.console import run_table

            return run_table(args.game, args.side, args.seed, args.script, args.db, args.game_id, args.scenario,
                             None if args.no_images else args.out, images=not args.no_images, level=args.level,
                             options=args.option,
                             board=None if args.board is None else (args.board or settings.umpire_board_bind),
                             board_url=settings.umpire_board_url)
        if command == "selfplay":
            from bot.selfplay import main as selfplay

            return selfplay(args.game, args.games, args.seed, args.json, args.scenario, args.policy,
                            workers=args.workers, match=args.match, options=args.option)
        if command == "render":
            return _render(args.game, args.scenario, args.out)
        if command == "bench":
            if args.what == "reads":
                from bot.bench_reads import main as bench_reads

                sizes = tuple(int(x) for x in args.entries.split(",") if x.strip())
                return bench_reads(args.db, sizes, args.json)
            if args.what == "board":
                from bot.board.bench import main as bench_board

                return bench_board(max(1, min(args.pages, 2000)), max(1, min(args.orders, 200)), args.json)
            if args.what == "background":
                from bot.bench_background import main as bench_background

                return bench_background(args.db, args.games, args.json)
            if args.what == "load":
                from bot.bench_load import DEFAULT_WORKERS
                from bot.bench_load import main as bench_load

                return bench_load(args.db, args.games, args.concurrency, args.json, think_ms=args.think_ms,
                                  workers=args.workers or DEFAULT_WORKERS)
            from images import bench

            bench.main(args.json)
            return 0
        if command == "db":
            from bot import db_cli

            if args.what == "upgrade":
                return db_cli.db_upgrade(args.db)
            if args.what == "downgrade":
                return db_cli.db_downgrade(args.target, args.db)
            if args.what == "current":
                return db_cli.db_current(args.db)
            if args.what == "copy":
                if not args.to:
                    print("umpire db copy needs --to URL (the database to copy into)", file=sys.stderr)
                    return 2
                return db_cli.db_copy(args.to, args.db)
            if not args.target:
                needs = {"export": "game id", "forget-user": "user id"}.get(args.what, "file")
                print(f"umpire db {args.what} needs a {needs}", file=sys.stderr)
                return 2
            if args.what == "backup":
                return db_cli.db_backup(Path(args.target), args.db)
            if args.what == "forget-user":
                return db_cli.db_forget_user(args.target, args.db)
            if args.what == "export":
                return db_cli.db_export(int(args.target), args.db)
            return db_cli.db_import(Path(args.target), args.db)
        if command == "board":
            from bot.board.cli import run_board
            from bot.board.server import Limits

            return run_board(args.game_id, args.db, args.bind or settings.umpire_board_bind,
                             settings.umpire_board_url, seconds=args.seconds, limits=Limits.from_settings(settings))
        if command == "health":
            from bot.observe import check_health

            healthy, detail = check_health(settings)
            print(detail, file=sys.stdout if healthy else sys.stderr)
            return 0 if healthy else 1
        if command in ("bot", "sync"):
            try:
                from bot.discord_app import run_bot
            except ImportError:
                print("The Discord bot is not built yet in this checkout.", file=sys.stderr)
                return 2
            return run_bot(sync_only=command == "sync", settings=settings)
    except UmpireError as exc:
        print(f"umpire: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


def _old_data_note(settings: Settings) -> None:
    """Games kept in ./data by an older Umpire are not lost silently when the default moved."""
    old = Path("data") / "umpire.db"
    if (settings.database_url or "umpire_data_dir" in settings.model_fields_set or not old.exists()
            or (settings.data_dir / "umpire.db").exists() or old.resolve() == (settings.data_dir / "umpire.db").resolve()):
        return
    print(f"umpire: note: games of an older Umpire are in {old.resolve()}; the data folder is now {settings.data_dir}. "
          f"Set UMPIRE_DATA_DIR={old.parent.resolve()} (environment or .env) to keep using them.", file=sys.stderr)


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())).upper()
    return f"{where}: {err.get('msg', 'invalid')}"


def _render(game: str, scenario: str, out: Path | None) -> int:
    from engine.maps import load_map
    from images import render_png

    rules = registry.get(game)
    state = rules.new_state(scenario or rules.scenarios()[0].key, 0, {})
    # The opening position: finish any set-up with the scenario's own placements.
    side = rules.to_act(state)
    if side is not None and Action("ready") in rules.legal_actions(state, side):
        rules.apply(state, side, Action("ready"))
    view = rules.view(state, None)
    path = out or Path(f"{game}-{scenario or 'opening'}.png")
    path.write_bytes(render_png(load_map(Path(view["map"])), view))
    print(path)
    return 0
