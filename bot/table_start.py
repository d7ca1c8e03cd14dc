"""Opening a table: the start-up menus (game, scenario, side, level), the game it creates or resumes,
the board beside it, and the read loop or script that feeds ``bot.console.Table`` its lines.

``umpire play`` calls ``run_table``; the table itself (what a line does, how a flow is shown) is
``bot/console.py``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from engine import registry
from engine.errors import UmpireError
from engine.service import GameService, Seat

from .completion import shown
from .console import CONSOLE, Table, side_names
from .recap import note as scenario_note

Ask = Callable[[str], str]
Say = Callable[[str], None]
LEAVE = ("quit", "/quit", "exit")  # words that leave a start-up menu, as /quit leaves the table


class LeftTable(Exception):
    """The player left at a start-up menu (a word of ``LEAVE``, or the end of input: Ctrl-D)."""


def _menu(title: str, options: list[tuple[str, str]], ask: Ask, say: Say, prompt: str,
          completer: Callable[[list[str]], None] | None = None, keys: bool = True,
          notes: dict[str, str] | None = None) -> str:
    """A numbered menu: the answer is a number, a key or a name (any case); Tab completes them. ``notes``:
    a line under a choice saying what it is."""
    say(title)
    for i, (key, label) in enumerate(options, 1):
        say(f"  {i} {label}" + (f" ({key})" if keys and key.lower() != label.lower() else ""))
        if notes and notes.get(key):
            say(f"      {notes[key]}")
    if completer is not None:
        completer([label for _, label in options])
    while True:
        try:
            answer = ask(prompt).strip().lower()
        except EOFError:
            raise LeftTable from None
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return options[int(answer) - 1][0]
        for key, label in options:
            if answer in (key.lower(), label.lower()):
                return key
        begun = {key for key, label in options if answer and (key.lower().startswith(answer)
                                                              or label.lower().startswith(answer))}
        if len(begun) == 1:  # the start of one name is enough
            return begun.pop()
        if answer in LEAVE:
            raise LeftTable
        say(f"Type a number from 1 to {len(options)}, or a name; quit leaves.")


def choose_game(ask: Ask, say: Say, completer: Callable[[list[str]], None] | None = None) -> str:
    keys = registry.available()
    return _menu("Umpire local table - which game?", [(k, registry.title(k)) for k in keys], ask, say,
                 "game> ", completer)


def choose_scenario(game: str, ask: Ask, say: Say, completer: Callable[[list[str]], None] | None = None) -> str:
    rules = registry.get(game)
    found = rules.scenarios()
    if len(found) == 1:
        return found[0].key
    return _menu(f"{rules.title} - which scenario?", [(s.key, s.title) for s in found], ask, say, "scenario> ",
                 completer, notes={s.key: scenario_note(s.summary) for s in found})


def choose_side(game: str, ask: Ask, say: Say, completer: Callable[[list[str]], None] | None = None) -> str:
    """The side the player holds, in the game's own words; none asked in a solitaire game."""
    rules = registry.get(game)
    if rules.solitaire:
        return rules.sides[0]
    names = side_names(rules)
    options = [(s, names[s]) for s in rules.sides] + [("both", "both sides (hot seat)")]
    return _menu(f"{rules.title} - which side do you hold?", options, ask, say, "side> ", completer, keys=False)


def choose_level(game: str, ask: Ask, say: Say, completer: Callable[[list[str]], None] | None = None) -> str:
    rules = registry.get(game)
    levels = list(rules.levels)
    return _menu("How well does the bot play?", [(lv, lv) for lv in levels], ask, say, "level> ", completer,
                 keys=False)


def run_table(game: str | None, side: str | None, seed: int | None, script: Path | None, db: str | None,
              game_id: int | None, scenario: str, out_dir: Path | None, images: bool = True,
              level: str | None = None, options: list[str] | None = None, board: str | None = None,
              board_url: str = "") -> int:
    lines = None
    if script is not None:  # read before any game is made: a script that cannot be read leaves nothing behind
        try:
            lines = script.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            print(f"Cannot read the script {script}: {exc}", file=sys.stderr)
            return 2
    try:
        return _open_table(game, side, seed, lines, db, game_id, scenario, out_dir, images, level, options, board,
                           board_url)
    except LeftTable:
        print("\nLeft the table: no game was made.")
        return 0


def _open_table(game: str | None, side: str | None, seed: int | None, script: list[str] | None, db: str | None,
                game_id: int | None, scenario: str, out_dir: Path | None, images: bool, level: str | None,
                options: list[str] | None, board: str | None, board_url: str) -> int:
    interactive = script is None and sys.stdin.isatty()
    menu_completion = _menu_completion() if interactive else None
    if game is None and game_id is None:
        game = choose_game(input, print, menu_completion) if interactive else "peiper"
    service = GameService(db)
    if game_id is not None:
        info = service.info(game_id)
        humans = [s for s, seat in info.seats.items() if seat.kind == "human"]
    else:
        assert game is not None
        rules = registry.get(game)
        if not scenario and interactive:
            scenario = choose_scenario(game, input, print, menu_completion)
        if side is None:
            side = choose_side(game, input, print, menu_completion) if interactive else "both"
        humans = list(rules.sides) if side == "both" else [side]
        for h in humans:
            if h not in rules.sides:
                print(f"Unknown side '{h}': {rules.title} has {', '.join(rules.sides)}", file=sys.stderr)
                return 2
        if level is None:
            bot_sides = [s for s in rules.sides if s not in humans]
            level = choose_level(game, input, print, menu_completion) if interactive and bot_sides and \
                not rules.solitaire else rules.default_level
        seats = {s: Seat("human", CONSOLE, "console") if s in humans else Seat("bot", level=level)
                 for s in rules.sides}
        pairs = [o.split("=", 1) for o in options or []]
        if any(len(p) != 2 for p in pairs):
            print("--option takes name=value", file=sys.stderr)
            return 2
        try:
            info = service.create_game(game, scenario, seed, options=dict(pairs) or None, seats=seats)
        except UmpireError as exc:
            print(exc, file=sys.stderr)
            return 2
    table = Table(service, info.id, humans, out_dir, images=images)
    names = side_names(table.rules)
    table.say(f"Game #{info.id}: {info.title} - you hold {', '.join(names.get(h, h) for h in humans) or 'no side'}; "
              f"seed hash {info.seed_hash[:16]}...  (/help lists the orders; Tab completes)")
    beside = None
    if board is not None:
        from bot.board.cli import serve_beside

        table.reprompt = interactive
        beside = serve_beside(service, info.id, board, board_url, table.say, table=table)
    try:
        return _play(table, info.scenario, script, interactive, resumed=game_id is not None)
    finally:
        if beside is not None:
            beside.stop()


def _play(table: Table, scenario: str, script: list[str] | None, interactive: bool, resumed: bool = False) -> int:
    found = [sc for sc in table.rules.scenarios() if sc.key == scenario]
    if found:
        table.say(f"Scenario: {found[0].title} - {found[0].summary}")  # what each side must do to win
    if resumed:
        table.recap()
    if table.ended:
        table.say("This game is over: it opens read-only.")
        table.ending()
    else:
        table.draw_opening()
    table.bots()
    table.status()
    if script is not None:
        return _run_script(table, script)
    if interactive:
        _install_completion(table)
    while True:
        try:
            line = input(table.prompt())
        except EOFError:
            break
        if line.strip():
            table.handle(line)
            table.bots()
    table.status()
    return 0


def _run_script(table: Table, lines: list[str]) -> int:
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        table.say(f"> {line}")
        if not table.handle(line):
            table.say(f"Script stopped at line {n}.")
            return 2
        table.bots()
    table.status()
    return 0


def _menu_completion() -> Callable[[list[str]], None] | None:
    """Tab in the start menus completes their choices (and never inserts a literal tab)."""
    try:
        import readline
    except ImportError:  # not on every platform
        return None
    words: list[str] = []

    def complete(text: str, state: int) -> str | None:
        found = [w for w in words if w.lower().startswith(readline.get_line_buffer().lower())]
        return found[state] if state < len(found) else None

    def set_words(choices: list[str]) -> None:
        words[:] = choices

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
    return set_words


def _install_completion(table: Table) -> None:
    try:
        import readline
    except ImportError:  # not on every platform
        return
    matches: list[str] = []

    def complete(text: str, state: int) -> str | None:
        nonlocal matches
        if state == 0:
            try:
                matches = table.line_completions(readline.get_line_buffer()[:readline.get_endidx()])
            except Exception:  # completion must never break the prompt
                matches = []
        return matches[state] if state < len(matches) else None

    def show(substitution: str, found: list[str], longest: int) -> None:
        """List only the word each match completes, not the whole line."""
        words = shown(readline.get_line_buffer()[:readline.get_endidx()], found)
        print()
        print("  ".join(words))
        print(table.prompt() + readline.get_line_buffer(), end="", flush=True)

    readline.set_completer_delims("")  # whole-line completion: names may hold spaces inside quotes
    readline.set_completer(complete)
    readline.set_completion_display_matches_hook(show)
    readline.parse_and_bind("tab: complete")
