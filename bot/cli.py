"""The ``umpire`` command line: the Discord bot, the local table, selfplay, rendering, benchmarks."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from pydantic import ValidationError

from bot.logs import configure_logging
from bot.version import version
from engine import registry
from engine.ai.policy import LEVELS
from engine.errors import UmpireError
from engine.game import Action
from engine.service.settings import ConfigError, Settings, check_database_url, load_settings

DB_HELP = "database URL (default: DATABASE_URL, environment or .env; else umpire.db in UMPIRE_DATA_DIR)"


class Parser(argparse.ArgumentParser):
    """A mistake in the arguments is one line (and exit 2), not the usage and then the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {' '.join(message.split())[:300]} (see {self.prog} --help)\n")


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, refused naming the range."""

    def read(text: str) -> int:
        value = text.strip()
        if not value.lstrip("+-").isdigit() or len(value) > 20 or not low <= int(value) <= high:
            raise argparse.ArgumentTypeError(f"a whole number from {low} to {high}, not {text[:30]!r}")
        return int(value)

    read.__name__ = "number"
    return read


def milliseconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 60_000:  # also NaN
        raise argparse.ArgumentTypeError(f"a number of milliseconds from 0 to 60000, not {text[:30]!r}")
    return value


SEED = whole(0, 2**63 - 1)
GAME_ID = whole(1, 2**31 - 1)


def _parser() -> argparse.ArgumentParser:
    p = Parser(prog="umpire", description="Umpire: a Discord gamemaster for hex wargames.")
    p.add_argument("--version", action="version", version=f"umpire {version()}")
    sub = p.add_subparsers(dest="command")

    play = sub.add_parser("play", help="a game at the terminal (the local table)")
    play.add_argument("game", nargs="?", choices=list(registry.GAME_PACKAGES))
    play.add_argument("--scenario", default="")
    play.add_argument("--seed", type=SEED)
    play.add_argument("--as", dest="side", help="the side you hold: a side key or 'both'")
    play.add_argument("--script", type=Path, help="read commands from a file; exit 2 at the first refused")
    play.add_argument("--db", help=DB_HELP)
    play.add_argument("--game-id", "--game", dest="game_id", type=GAME_ID, help="resume this game from the database")
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
    sp.add_argument("--games", type=whole(1, 100_000), default=10)
    sp.add_argument("--seed", type=SEED, default=1)
    sp.add_argument("--scenario", default="")
    sp.add_argument("--json", action="store_true")
    sp.add_argument("--policy", action="append", default=[], metavar="SIDE=NAME[:LEVEL]",
                    help="a side's bot: random, greedy, ai:easy, ai:normal or ai:hard (repeatable; default greedy)")
    sp.add_argument("--match", metavar="A,B",
                    help="two policies (e.g. ai:hard,ai:normal) meeting on every deal twice, seats swapped")
    sp.add_argument("--workers", type=whole(1, 64), default=1, help="processes to spread the games over (same results)")
    sp.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, such as an optional rule: --option opportunity_fire=true (repeatable)")
    sp.add_argument("--us-style", metavar="STYLE", type=lambda v: v[:40],
                    help="Peiper: the US seat plays a style (demolisher, town_holder, aggressive, passive, "
                    "thoughtful) instead of --policy us=...")

    render = sub.add_parser("render", help="draw a scenario's opening position")
    render.add_argument("game", choices=list(registry.GAME_PACKAGES))
    render.add_argument("--scenario", default="")
    render.add_argument("--out", type=Path)

    bench = sub.add_parser("bench", help="benchmarks that print figures")
    bench.add_argument("what", choices=["render", "load", "reads", "background", "import", "flood", "board",
                                                "live"])
    bench.add_argument("--json", action="store_true")
    bench.add_argument("--runs", type=whole(1, 10_000), default=20)
    bench.add_argument("--db", help=DB_HELP)
    bench.add_argument("--games", type=whole(1, 1_000_000), default=500)
    bench.add_argument("--concurrency", type=whole(1, 10_000), default=50)
    bench.add_argument("--think-ms", type=milliseconds, default=200.0,
                       help="bench load: a player's mean thinking time before each order (0: a closed loop)")
    bench.add_argument("--entries", default=None,
                       help="bench reads: the log lengths compared (default 100,100000); bench import: the undone "
                       "entries padding the export (default 1500,4500,20000)")
    bench.add_argument("--orders", type=whole(1, 10_000), default=None,
                       help="bench flood: the other server's orders timed, without and with the flood (default 40); "
                       "bench board: orders timed with and without pages open (default 10)")
    bench.add_argument("--length", type=whole(1, 1_000_000), default=2000,
                       help="bench flood: entries of the flooder's long set-up phase and of her GM rulings")
    bench.add_argument("--pages", type=whole(1, 2000), default=None,
                       help="bench board: open pages watching the game (default 100); bench live: open pages in all "
                       "(default 2000)")
    bench.add_argument("--boards", type=whole(1, 16), default=2, help="bench live: board processes")
    bench.add_argument("--orderers", type=whole(1, 16), default=2, help="bench live: order processes")
    bench.add_argument("--rate", type=whole(1, 1000), default=10, help="bench live: orders a second, in all")
    bench.add_argument("--workers", type=whole(1, 256), default=None,
                       help="bench load: service threads, as the bot's UMPIRE_WORKERS (default 4)")

    db = sub.add_parser("db", help="the database: schema, backup, copy, forget a user, export/import a game")
    db.add_argument("what", choices=["upgrade", "downgrade", "current", "check", "backup", "copy", "forget-user",
                                     "export", "import", "prune"])
    db.add_argument("target", nargs="?", help="export: a game id; import: an exported JSON file; backup: the "
                    "file to write; downgrade: a revision (default: one back); forget-user: the Discord user id")
    db.add_argument("--db", help=DB_HELP)
    db.add_argument("--to", help="copy: the database URL to copy every game into (empty)")
    db.add_argument("--live", action="store_true", help="copy, backup: even while a running bot holds the "
                    "database (a snapshot; the orders after it are named and stay behind)")
    db.add_argument("--dry-run", action="store_true", help="prune: list what the retention settings would delete")
    db.add_argument("--name", action="append", default=[], metavar="NAME",
                    help="forget-user: another name the user went by, scrubbed from texts too (repeatable)")

    board = sub.add_parser("board", help="serve one game's live board; prints the spectator's link, then each side's")
    board.add_argument("--game-id", "--game", dest="game_id", type=GAME_ID, required=True)
    board.add_argument("--db", help=DB_HELP)
    board.add_argument("--bind", default=None, help="HOST:PORT to listen on (default: UMPIRE_BOARD_BIND, 127.0.0.1:8787)")
    board.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)  # tests: stop after this long
    served = sub.add_parser("board-server", help="serve every game's live board (by its links), one of any number "
                            "of such processes behind one proxy (docs/board.md)")
    served.add_argument("--db", help=DB_HELP)
    served.add_argument("--bind", default=None, help="HOST:PORT to listen on (default: UMPIRE_BOARD_BIND)")
    served.add_argument("--seconds", type=float, default=None, help=argparse.SUPPRESS)

    sub.add_parser("bot", help="run the Discord bot (needs DISCORD_TOKEN)")
    sub.add_parser("sync", help="sync the slash-command tree with Discord")
    sub.add_parser("health", help="exit 0 when the running bot is healthy (UMPIRE_HEARTBEAT_FILE or UMPIRE_HEALTH_PORT)")
    return p


def main(argv: list[str] | None = None) -> int:
    # the database, its backups and records are the owner's only (0600 files, 0700 folders); the caller's
    # umask comes back afterwards (a test, an embedding program)
    old = os.umask(0o077)
    try:
        return _main(argv)
    finally:
        os.umask(old)


def _main(argv: list[str] | None) -> int:
    args = _parser().parse_args(argv)
    command = args.command
    try:
        settings = load_settings()
    except ValidationError as exc:
        print(f"umpire: a setting is invalid (environment or env file): {_first_error(exc)}", file=sys.stderr)
        return 2
    except ConfigError as exc:
        print(f"umpire: {exc}", file=sys.stderr)
        return 2
    for flag in ("db", "to"):  # a database URL given on the command line is checked as DATABASE_URL is
        value = getattr(args, flag, None)
        if value:
            try:
                check_database_url(value.strip())
            except ValueError as exc:
                print(f"umpire: --{flag}: {exc}", file=sys.stderr)
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
            from bot.table_start import run_table

            return run_table(args.game, args.side, args.seed, args.script, args.db, args.game_id, args.scenario,
                             None if args.no_images else args.out, images=not args.no_images, level=args.level,
                             options=args.option,
                             board=None if args.board is None else (args.board or settings.umpire_board_bind),
                             board_url=settings.umpire_board_url)
        if command == "selfplay":
            from bot.selfplay import main as selfplay

            return selfplay(args.game, args.games, args.seed, args.json, args.scenario, args.policy,
                            workers=args.workers, match=args.match, options=args.option, us_style=args.us_style)
        if command == "render":
            return _render(args.game, args.scenario, args.out)
        if command == "bench":
            if args.what in ("reads", "import"):
                sizes = _sizes(args.entries, "100,100000" if args.what == "reads" else "1500,4500,20000")
                if args.what == "import":
                    from bot.bench_import import main as bench_import

                    return bench_import(args.db, sizes, args.json)
                from bot.bench_reads import main as bench_reads

                return bench_reads(args.db, sizes, args.json)
            if args.what == "board":
                from bot.board.bench import main as bench_board

                return bench_board(args.pages or 100, min(args.orders or 10, 200), args.json)
            if args.what == "live":
                from bot.board.bench_live import main as bench_live

                return bench_live(args.db, min(args.games, 10_000), args.pages or 2000, args.orders or 200,
                                  args.boards, args.orderers, float(args.rate), as_json=args.json)
            if args.what == "background":
                from bot.bench_background import main as bench_background

                return bench_background(args.db, args.games, args.json)
            if args.what == "flood":
                from bot.bench_flood import main as bench_flood

                return bench_flood(args.db, args.orders or 40, args.length, args.json)
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
            if args.what == "check":
                return db_cli.db_check(args.db)
            if args.what == "prune":
                return db_cli.db_prune(args.db, dry_run=args.dry_run)
            if args.what == "copy":
                if not args.to:
                    print("umpire db copy needs --to URL (the database to copy into)", file=sys.stderr)
                    return 2
                return db_cli.db_copy(args.to, args.db, live=args.live)
            if not args.target:
                needs = {"export": "game id", "forget-user": "user id"}.get(args.what, "file")
                print(f"umpire db {args.what} needs a {needs}", file=sys.stderr)
                return 2
            if args.what == "backup":
                return db_cli.db_backup(Path(args.target), args.db, live=args.live)
            if args.what == "forget-user":
                return db_cli.db_forget_user(args.target, args.db, names=args.name)
            if args.what == "export":
                try:
                    game_id = GAME_ID(args.target)
                except argparse.ArgumentTypeError as exc:
                    print(f"umpire db export: the game id is {exc}", file=sys.stderr)
                    return 2
                return db_cli.db_export(game_id, args.db)
            return db_cli.db_import(Path(args.target), args.db)
        if command == "board-server":
            from bot.board.cli import run_board
            from bot.board.server import Limits

            return run_board(None, args.db, args.bind or settings.umpire_board_bind, settings.umpire_board_url,
                             seconds=args.seconds, limits=Limits.from_settings(settings))
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
    except Exception as exc:
        from bot.console import disk_full

        if not disk_full(exc):
            raise
        print(f"umpire: no space left on the device ({_what_failed(exc)}): every order acknowledged before is "
              "kept; free some space and go on with --game-id", file=sys.stderr)
        _mute_stdout()
        return 2
    return 0


def _what_failed(exc: BaseException) -> str:
    name = getattr(exc, "filename", None)
    if name:
        return f"writing {Path(str(name)).name}"
    return "writing the database" if getattr(exc, "orig", None) is not None else "writing the output"


def _mute_stdout() -> None:
    """Output that could not be written is dropped, so leaving does not try (and fail) to flush it again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # a stdout with no file behind it (tests)
        pass


def _sizes(given: str | None, default: str) -> tuple[int, ...]:
    """``--entries 100,2000``: whole numbers from 1 to 1,000,000, refused in one line otherwise."""
    try:
        sizes = tuple(int(x) for x in (given or default).split(",") if x.strip())
    except ValueError:
        raise UmpireError(f"--entries takes whole numbers separated by commas, not {given[:40]!r}") from None
    if not sizes or len(sizes) > 10 or not all(1 <= n <= 1_000_000 for n in sizes):
        raise UmpireError("--entries takes 1 to 10 sizes from 1 to 1000000")
    return sizes


def _old_data_note(settings: Settings) -> None:
    """Games kept in ./data by an older Umpire are not lost silently when the default moved."""
    old = Path("data") / "umpire.db"
    if (settings.database_url or "umpire_data_dir" in settings.model_fields_set or not old.exists()
            or (settings.data_dir / "umpire.db").exists() or old.resolve() == (settings.data_dir / "umpire.db").resolve()):
        return
    print(f"umpire: note: games of an older Umpire are in {old.resolve()}; the data folder is now {settings.data_dir}. "
          f"Set UMPIRE_DATA_DIR={old.parent.resolve()} (environment or .env) to keep using them.", file=sys.stderr)


def _first_error(exc: ValidationError) -> str:
    """The first problem, one line naming the setting (never the value: it may hold a password)."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ())).upper()
    msg = str(err.get("msg", "invalid")).removeprefix("Value error, ").replace("\n", " ")
    return f"{where}: {msg}" if where else msg


def _render(game: str, scenario: str, out: Path | None) -> int:
    from images.maps import view_png

    rules = registry.get(game)
    state = rules.new_state(scenario or rules.scenarios()[0].key, 0, {})
    # The opening position: finish any set-up with the scenario's own placements.
    side = rules.to_act(state)
    if side is not None and Action("ready") in rules.legal_actions(state, side):
        rules.apply(state, side, Action("ready"))
    view = rules.view(state, None)
    path = out or Path(f"{game}-{scenario or 'opening'}.png")
    try:
        path.write_bytes(view_png(view))
    except OSError as exc:  # the caller's path: said in one line, not a traceback
        print(f"umpire render: cannot write {str(path)[:200]}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(path)
    return 0


if __name__ == "__main__":  # `python -m bot.cli ...` as well as `umpire ...` and `python -m bot ...`
    raise SystemExit(main())
