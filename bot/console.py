"""The local table: a game at the terminal with the same commands as Discord.

Prints each result with the rule it applied; the bot plays every side no human holds; map images
go to an output folder after every phase. With a script, exits 0 when every command was accepted
and 2 at the first one refused.
"""

from __future__ import annotations

import logging
import secrets
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TextIO

from engine import registry
from engine.errors import IllegalAction, UmpireError
from engine.events import Event
from engine.game import Action, GameRules
from engine.service import GameService, Outcome, Seat, event_from_dict

from .commandline import Typed, parse, to_action, usage

CONSOLE = "console"


class Table:
    def __init__(self, service: GameService, game_id: int, human_sides: list[str], out_dir: Path | None,
                 out: TextIO | None = None, images: bool = True) -> None:
        self.service = service
        self.game_id = game_id
        self.info = service.info(game_id)
        self.rules: GameRules = registry.get(self.info.game)
        self.group = self.info.game
        self.human_sides = human_sides
        self.out_dir = out_dir
        self.out = out
        self.images = images
        self.frame = 0

    # --- output ----------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out or sys.stdout, flush=True)

    def show_events(self, events: Iterable[Event], who: str = "") -> None:
        for e in events:
            if e.kind == "prompt" and e.side and e.side not in self.human_sides:
                continue
            self.say(f"  {e.line()}")

    def show_outcome(self, o: Outcome) -> None:
        if o.reason and o.action is not None:
            self.say(f"[bot {o.side}] {o.action.command(self.group)}  - {o.reason}")
        self.show_events(o.events, "bot" if o.reason else "")
        if o.phase_ended:
            self.render()

    def render(self) -> Path | None:
        if not self.images or self.out_dir is None:
            return None
        try:
            from engine.maps import load_map
            from images import render_png
        except ImportError:
            return None
        view = self.service.view(self.game_id, None)
        self.frame += 1
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / f"game{self.game_id}-{self.frame:04d}.png"
        path.write_bytes(render_png(load_map(Path(view["map"])), view))
        self.say(f"  map: {path}")
        return path

    def status(self) -> None:
        info = self.service.info(self.game_id)
        self.say(f"#{self.game_id} {info.title}: {info.status_line}")

    def prompt(self) -> str:
        info = self.service.info(self.game_id)
        return f"{self.group} #{self.game_id} [{info.to_act or 'over'}]> "

    # --- flow ------------------------------------------------------------------------------
    def bots(self) -> None:
        for o in self.service.run_bots(self.game_id):
            self.show_outcome(o)

    def over(self) -> bool:
        return self.service.info(self.game_id).status == "over"

    def handle(self, line: str) -> bool:
        """Run one typed command. True if it was accepted."""
        try:
            typed = parse(line, self.group)
            self._dispatch(typed)
            return True
        except UmpireError as exc:
            self.say(f"Refused: {exc}")
            return False
        except (ValueError, KeyError, TypeError, AttributeError, AssertionError) as exc:
            # A fault of ours, not of the order: say so with an id, keep the details in the log.
            error_id = secrets.token_hex(4)
            logging.getLogger("umpire.table").exception("error %s on %r", error_id, line)
            self.say(f"Internal error {error_id}: the order was not applied ({type(exc).__name__}). "
                     "The game is unchanged; please report the id.")
            return False

    def _dispatch(self, typed: Typed) -> None:
        name = typed.name
        if typed.group in ("", "game"):
            if name == "help":
                self.help()
            elif name == "status":
                self.status()
            elif name == "log":
                self.log(int(typed.args.get("count", typed.args.get("_positional", "20")) or 20))
            elif name == "undo":
                side = self.acting_side(allow_any=True)
                o = self.service.undo(self.game_id, CONSOLE, side)
                self.say(f"  Undone. {self.service.info(self.game_id).status_line}")
                del o
            elif name == "map":
                path = self.render()
                if path is None:
                    self.say("  (no image: the renderer is not available)")
            elif name == "seed":
                hashed, seed = self.service.seed(self.game_id)
                self.say(f"  seed hash {hashed}" + (f", seed {seed}" if seed is not None else " (the seed is shown "
                                                                                            "when the game ends)"))
            elif name == "gm":
                self.gm(typed)
            elif name in ("quit", "exit"):
                raise SystemExit(0)
            else:
                self.say(f"  /{name} is not available at the table; try /help")
            return
        action = to_action(typed, self.rules.commands(), self.group)
        side = self.acting_side()
        o = self.service.submit(self.game_id, side, action, CONSOLE, "console")
        self.show_outcome(o)

    def gm(self, typed: Typed) -> None:
        """At the table the player is the GM: /gm move unit:X to:0503 reason:"..." [rule:"..."]."""
        args = dict(typed.args)
        words = args.pop("_positional", "").split("\x1f") if "_positional" in args else []
        if not words or not words[0]:
            raise IllegalAction("Usage: /gm <move|place|remove|flip|restore|turn|bridge|depot|end|revert|rewind|"
                                "reroll|rulings> ... reason:\"...\" [rule:\"...\"]")
        kind, reason, rule = words[0].lower(), args.pop("reason", ""), args.pop("rule", "")
        if kind == "rulings":
            for e in self.service.rulings(self.game_id):
                what = Action.from_dict(e.action).command("gm") if e.action and e.kind == "gm" else e.kind
                self.say(f"#{e.seq} {what} by {e.actor_name or e.actor}: {e.reason}"
                         + (f" [{e.rule}]" if e.rule else "") + (" (reverted)" if e.undone else ""))
            return
        if kind == "revert":
            o = self.service.gm_revert(self.game_id, int(args.get("entry", "0") or 0), CONSOLE, reason)
        elif kind == "rewind":
            o = self.service.gm_rewind(self.game_id, int(args.get("to", "0") or 0), CONSOLE, reason)
        elif kind == "reroll":
            o = self.service.gm_reroll(self.game_id, CONSOLE, reason)
        else:
            o = self.service.gm(self.game_id, Action(kind, args), CONSOLE, reason, rule, "console GM")
        self.say(f"  GM ruling #{o.seq} recorded: {reason}")
        self.show_events(o.events)

    def acting_side(self, allow_any: bool = False) -> str:
        info = self.service.info(self.game_id)
        if info.to_act in self.human_sides:
            return info.to_act
        if allow_any and self.human_sides:
            return self.human_sides[0]
        from engine.errors import NotYourTurn

        raise NotYourTurn(f"It is the bot's decision ({info.to_act}); wait for it")

    def help(self) -> None:
        self.say(f"{self.rules.title}: orders (also without the /{self.group} prefix):")
        for spec in self.rules.commands():
            self.say(f"  {usage(self.group, spec):48} {spec.description} [{spec.rule}]")
            if spec.example:
                self.say(f"      e.g. {spec.example}")
        self.say("Table: /help  /status  /log [n]  /undo  /map  /seed  /quit")
        self.say('GM:    /gm move unit:<unit> to:<hex> reason:"..." [rule:"..."]  /gm revert entry:<n> reason:"..."'
                 '  /gm rewind to:<n> reason:"..."  /gm reroll reason:"..."  /gm rulings')
        side = self.service.info(self.game_id).to_act
        if side in self.human_sides:
            legal = self.rules.legal_actions(self.service.state(self.game_id), side)
            kinds = sorted({a.kind for a in legal})
            self.say(f"Now you may: {', '.join(kinds)}")

    def log(self, count: int) -> None:
        entries = self.service.log(self.game_id)[-count:]
        for e in entries:
            mark = " (undone)" if e.undone else ""
            group = "gm" if e.kind == "gm" else self.group
            head = Action.from_dict(e.action).command(group) if e.action else e.kind
            self.say(f"#{e.seq} {e.side or ''} {head}{mark}" + (f" - {e.reason}" if e.reason else ""))
            for ev in e.events:
                self.say(f"    {event_from_dict(ev).line()}")

    # --- completion ------------------------------------------------------------------------
    def completions(self, text: str, line: str) -> list[str]:
        """Tab completion from the legal actions, as Discord's autocomplete offers them."""
        words = line.split()
        table = ["/help", "/status", "/log", "/undo", "/map", "/seed", "/quit", f"/{self.group}"]
        if len(words) <= 1 and not line.endswith(" "):
            return [w for w in table + [c.name for c in self.rules.commands()] if w.startswith(text)]
        info = self.service.info(self.game_id)
        side = info.to_act
        legal = self.rules.legal_actions(self.service.state(self.game_id), side) if side else []
        cmd = words[1] if words[0].lstrip("/") == self.group and len(words) > 1 else words[0]
        if words[0].lstrip("/") == self.group and (len(words) == 1 or (len(words) == 2 and not line.endswith(" "))):
            return [c.name for c in self.rules.commands() if c.name.startswith(text)]
        typed = {}
        for w in words[1:]:
            key, sep, value = w.partition(":")
            if sep and value and w != text:
                typed[key] = value.strip('"')
        options: set[str] = set()
        for a in legal:
            if a.kind != cmd or any(str(a.args.get(k, "")).lower() != v.lower() for k, v in typed.items()):
                continue
            for k, v in a.args.items():
                value = f'"{v}"' if " " in str(v) else str(v)
                options.add(f"{k}:{value}")
        return sorted(o for o in options if o.startswith(text))


def choose_game(ask: Callable[[str], str], say: Callable[[str], None]) -> str:
    keys = registry.available()
    say("Umpire local table - which game?")
    for i, key in enumerate(keys, 1):
        say(f"  {i} {registry.GAME_TITLES[key]}")
    while True:
        answer = ask("game> ").strip().lower()
        if answer.isdigit() and 1 <= int(answer) <= len(keys):
            return keys[int(answer) - 1]
        if answer in keys:
            return answer
        say(f"Type 1-{len(keys)} or one of {', '.join(keys)}.")


def choose_side(game: str, ask: Callable[[str], str], say: Callable[[str], None]) -> str:
    rules = registry.get(game)
    sides = list(rules.sides)
    names = getattr(rules, "side_names", {s: s for s in sides})
    while True:
        answer = ask(f"which side? {' / '.join(f'{s} ({names.get(s, s)})' for s in sides)} / both> ").strip().lower()
        if answer in sides or answer == "both":
            return answer
        say(f"Type one of {', '.join(sides)} or both.")


def run_table(game: str | None, side: str | None, seed: int | None, script: Path | None, db: str | None,
              game_id: int | None, scenario: str, out_dir: Path | None, images: bool = True,
              level: str = "normal", options: list[str] | None = None) -> int:
    interactive = script is None and sys.stdin.isatty()
    if game is None and game_id is None:
        game = choose_game(input, print) if interactive else "peiper"
    service = GameService(db)
    if game_id is not None:
        info = service.info(game_id)
        humans = [s for s, seat in info.seats.items() if seat.kind == "human"]
    else:
        assert game is not None
        rules = registry.get(game)
        if side is None:
            side = choose_side(game, input, print) if interactive else "both"
        humans = list(rules.sides) if side == "both" else [side]
        for h in humans:
            if h not in rules.sides:
                print(f"Unknown side '{h}': {rules.title} has {', '.join(rules.sides)}", file=sys.stderr)
                return 2
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
    table.say(f"Game #{info.id}: {info.title} - you hold {', '.join(humans) or 'no side'}; seed hash "
              f"{info.seed_hash[:16]}...")
    table.bots()
    table.status()
    if script is not None:
        return _run_script(table, script)
    if interactive:
        _install_completion(table)
    while not table.over():
        try:
            line = input(table.prompt())
        except EOFError:
            break
        if line.strip():
            table.handle(line)
            table.bots()
    table.status()
    return 0


def _run_script(table: Table, script: Path) -> int:
    try:
        lines = script.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        print(f"Cannot read the script {script}: {exc}", file=sys.stderr)
        return 2
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
                matches = table.completions(text, readline.get_line_buffer())
            except Exception:  # completion must never break the prompt
                matches = []
        return matches[state] if state < len(matches) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
