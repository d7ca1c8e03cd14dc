"""The local table: a game at the terminal with the same commands as Discord.

Prints each result with the rule it applied; the bot plays every side no human holds; a map image
of every phase (of that phase: its moves, fire and results) goes to an output folder. Table
commands are slash-prefixed (``/help``, ``/map``, ``/quit``), so every order of the game works bare
(``exit unit:Spitze``). When the game ends the table prints the result and the seed and stays open
for ``/log``, ``/map``, ``/seed`` and ``/export`` until ``/quit``; a finished game reopens read-only.
With a script, exits 0 when every command was accepted and 2 at the first one refused.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

from engine import registry
from engine.errors import GameOver, IllegalAction, InternalFault, UmpireError, new_fault_id
from engine.events import Event
from engine.game import Action, GameRules
from engine.rulebook import SUMMARY_FILE, GameSummary, load_summary
from engine.service import GameService, event_from_dict, flow
from engine.service.flow import SECRET_TEXT, Ending, Flow, Move
from engine.service.phases import current_phase_view, phase_views, phases

from .board import ordering
from .board.ordering import BoardOrder
from .commandline import TABLE_COMMANDS, Typed, parse, to_action, usage
from .completion import line_completions, word_completions
from .recap import recap, unit_lines

CONSOLE = "console"
TABLE_HELP = ("Table: /help [order]  /rules [section or words]  /status  /log [n]  /undo  "
              "/map [hex [radius]] [phase:N]  /odds <order>  /seed  /export [file]  /quit")


def summary_of(rules: GameRules) -> GameSummary | None:
    """The game's rule summaries (``rules.rules_summary()``; else the file in its package)."""
    try:
        return rules.rules_summary()
    except (AttributeError, UmpireError):
        pass
    try:
        package = Path(sys.modules[type(rules).__module__].__file__ or "").parent
        return load_summary(package / "data" / SUMMARY_FILE)
    except (KeyError, UmpireError):
        return None


def side_names(rules: GameRules) -> dict[str, str]:
    """The sides in the game's own words (``rules.side_names``)."""
    return {s: str(rules.side_names.get(s, s)) for s in rules.sides}


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
        # one command at a time: a typed line, or an order clicked on the board beside (``from_board``)
        self.lock = threading.RLock()
        self.reprompt = False  # after a board order's lines, the prompt again (a person is typing)
        self.drawn = len(phases(service, game_id))  # phases whose maps were written (or predate this table)
        self.ended = self.over()  # the ending was announced
        self.bare_group = False  # the line being handled named the game (/peiper ...)
        # Image names: the game, its number and a tag of the database and seed, so a resumed game
        # writes on from its last phase and two databases' game 1 never collide.
        where = service.engine.url.render_as_string(hide_password=True)
        if service.engine.url.database and service.engine.url.drivername.startswith("sqlite"):
            where = str(Path(service.engine.url.database).resolve())
        tag = hashlib.sha256(f"{where}|{game_id}|{self.info.seed_hash}".encode()).hexdigest()[:8]
        self.stem = f"{self.group}-game{game_id}-{tag}"

    # --- output ----------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.out or sys.stdout, flush=True)

    @property
    def viewer(self) -> str | None:
        """Whose secrets the table may show: the one human side's (several at one screen: nobody's)."""
        return self.human_sides[0] if len(self.human_sides) == 1 else None

    def show_events(self, events: Iterable[Event], who: str = "") -> None:
        secret = False
        for e in events:
            if e.kind == "prompt" and e.side and e.side not in self.human_sides:
                continue
            if e.only and e.only not in self.human_sides:
                secret = True  # the other side's secret (indirect fire plotted): shown when it lands
                continue
            self.say(f"  {e.line()}")
        if secret:
            self.say(f"  {SECRET_TEXT}")

    def show_outcome(self, m: Move) -> None:
        if m.by_bot and m.action is not None:
            if m.secret_from(self.human_sides):
                self.say(f"[bot {m.side}] /{self.group} {m.action.kind}  - a secret order")
            else:
                self.say(f"[bot {m.side}] {m.action.command(self.group)}  - {m.reason}")
        self.show_events(m.events, "bot" if m.by_bot else "")

    def show(self, flow: Flow, first: Callable[[Move], None] | None = None) -> None:
        """A flow at the terminal: each entry's lines (the first one by ``first``, when given), the map of
        each phase right after the lines that closed it, and the ending once."""
        for n, m in enumerate(flow.moves):
            (first if first is not None and n == 0 else self.show_outcome)(m)
            if m.phase_ended:
                self.draw_phases(m.seq)  # each phase's map right after its lines
        self.draw_phases()
        if flow.ending is not None and not self.ended:
            self.ended = True
            self.ending(flow.ending)

    def _write(self, name: str, data: bytes) -> Path | None:
        if self.out_dir is None:
            return None
        self.out_dir.mkdir(parents=True, exist_ok=True)
        path = self.out_dir / name
        path.write_bytes(data)
        return path

    def _renderer(self) -> Any:
        if not self.images or self.out_dir is None:
            return None
        try:
            from images import maps
        except ImportError:
            return None
        return maps  # images.maps: views to pictures, the map from the view's key

    def draw_phases(self, upto: int | None = None) -> list[Path]:
        """A map of every phase closed since the last one drawn (up to log entry ``upto``: the bot's
        outcomes are shown one by one after they all ran), each of that phase."""
        done = phases(self.service, self.game_id)
        self.drawn = min(self.drawn, len(done))  # an undo took phases back
        new = [p.number for p in done if p.number > self.drawn and (upto is None or p.seq <= upto)]
        self.drawn = max(new, default=self.drawn)
        images = self._renderer()
        if images is None or not new:
            return []
        paths = []
        try:
            views = phase_views(self.service, self.game_id, new)
        except (UmpireError, ValueError, KeyError, TypeError, AttributeError) as exc:  # the orders stand
            logging.getLogger("umpire.table").exception("phase maps of game %s", self.game_id)
            self.say(f"  (no phase maps: {type(exc).__name__}; /map draws the map now)")
            return []
        for view in views:
            number = view["phase_map"]["number"]
            path = self._write(f"{self.stem}-phase{number:04d}.png", images.view_png(view))
            if path is not None:
                self.say(f"  map of phase {number}: {path}")
                paths.append(path)
        return paths

    def render(self, hex_label: str | None = None, radius: int = 2, phase: int | None = None) -> Path | None:
        images = self._renderer()
        if images is None:
            return None
        from engine.maps import map_of

        if phase is not None:
            view = phase_views(self.service, self.game_id, [phase])[0]
            name = f"{self.stem}-phase{phase:04d}"
        else:
            view = current_phase_view(self.service, self.game_id)
            name = f"{self.stem}-now-v{view.get('version', 0)}"
        if hex_label:
            radius = max(0, min(int(radius), 6))
            data = images.view_png(view, hex_label, radius)
            label = map_of(view).hex(hex_label).label
            name += f"-{label}-r{radius}"
        else:
            data = images.view_png(view)
        path = self._write(f"{name}.png", data)
        if path is not None:
            self.say(f"  map: {path}")
        return path

    def draw_opening(self) -> None:
        """The map before the first phase ends (a new game), once."""
        if self.drawn or self.out_dir is None or self._renderer() is None:
            return
        if (self.out_dir / f"{self.stem}-opening.png").exists():
            return
        view = self.service.view(self.game_id, None)
        path = self._write(f"{self.stem}-opening.png", self._renderer().view_png(view))
        self.say(f"  opening map: {path}")

    def status(self) -> None:
        """The game's line, then the units of the sides held here: hexes and states, from the view."""
        info = self.service.info(self.game_id)
        self.say(f"#{self.game_id} {info.title}: {info.status_line}")
        view = self.service.view(self.game_id, self.viewer)
        for line in unit_lines(view, self.human_sides, side_names(self.rules)):
            self.say(line)

    def recap(self) -> None:
        """A resumed game: what happened in its last turn, as the log tells it (bounded; /log for more)."""
        entries, _, _ = self.service.log_page(self.game_id, 1, 40, self.viewer)
        lines = recap(entries, self.group)
        if lines:
            self.say("Last turn, as the log tells it:")
            for line in lines:
                self.say(line)

    def prompt(self) -> str:
        info = self.service.info(self.game_id)
        return f"{self.group} #{self.game_id} [{info.to_act or 'over'}]> "

    # --- flow ------------------------------------------------------------------------------
    def bots(self) -> None:
        """The bots' decisions still owed (at the start, after a command that gave no order), shown."""
        with self.lock:
            self.show(flow.follow(self.service, self.game_id, decide=False))

    def from_board(self, order: BoardOrder, answered: Callable[[Flow], None]) -> None:
        """An order (or undo) clicked on a side's page of the board beside the table (``umpire play --board``):
        given under the table's lock as a typed one, ``answered`` (the page) once applied, then printed as
        the typed line would be, noted, with the bots' replies and the phases' maps."""
        with self.lock:
            done = ordering.apply(self.service, order)
            answered(done)
            if done.repeated:
                return
            rest = flow.carry_on(self.service, done)
            if self.reprompt:  # the prompt is showing: the board's lines start below it
                self.say()
            if order.action is None:
                self.say(f"> /undo  ({flow.BOARD_REASON})")
                self.drawn = min(self.drawn, len(phases(self.service, self.game_id)))
                back = f" {done.taken_back}" if done.taken_back else ""
                self.show(rest, lambda m: self.say(f"  Undone{back}. {rest.info.status_line}"))
            else:
                self.say(f"> {order.action.command(self.group)}  ({flow.BOARD_REASON})")
                self.show(rest)
            if self.reprompt:
                print(self.prompt(), end="", file=self.out or sys.stdout, flush=True)

    def over(self) -> bool:
        return self.service.info(self.game_id).status == "over"

    def result_text(self) -> str:
        text, rule = flow.result_text(self.service, self.game_id)
        return text + (f" [{rule}]" if rule else "")

    def ending(self, end: Ending | None = None) -> None:
        """The game is over: the result and why, the seed, and what the table still offers."""
        end = end or flow.ending_of(self.service, self.game_id)
        self.say(f"Game over: {end.line}")
        self.say(f"  seed {end.seed_record['seed']} (hash {end.seed_record['seed_hash'][:16]}..., shown at the start): "
                 "replay the log from it to check every card and die.")
        self.say("  The table stays open: /log, /map, /seed, /export, /rules; /quit to leave.")

    def handle(self, line: str) -> bool:
        """Run one typed command. True if it was accepted."""
        with self.lock:
            return self._handle(line)

    def _handle(self, line: str) -> bool:
        try:
            if line.strip().lower().startswith("/odds"):
                self.odds(line.strip()[5:])
                return True
            typed = parse(line, self.group)
            self.bare_group = line.strip().lower().startswith(f"/{self.group}")
            self._dispatch(typed)
            return True
        except UmpireError as exc:
            self.say(f"Refused: {exc}")
            return False
        except Exception as exc:
            if disk_full(exc):
                raise  # not a fault of ours: the command line says so in one line (bot/cli.py)
            # A fault of ours, not of the order: the same words as the service's, the details in the log.
            fault = new_fault_id()
            logging.getLogger("umpire.table").exception("internal fault %s on %r", fault, line[:200])
            self.say(f"Refused: {InternalFault(fault)}")
            return False

    def _dispatch(self, typed: Typed) -> None:
        name = typed.name
        if typed.group == self.group and name in TABLE_COMMANDS and not self.bare_group \
                and all(c.name != name for c in self.rules.commands()):
            typed = Typed("", name, typed.args)  # a bare table word the game has no order for: still works
        if typed.group in ("", "game"):
            args = dict(typed.args)
            words = args.pop("_positional", "").split("\x1f") if "_positional" in args else []
            if name == "help":
                self.help(words[0] if words else args.get("order", ""))
            elif name == "rules":
                self.rules_text(" ".join(words + list(args.values())))
            elif name == "status":
                self.status()
            elif name == "log":
                self.log(_number(args.get("count") or (words[0] if words else "20"), "count"))
            elif name == "undo":
                done = flow.undo(self.service, self.game_id, CONSOLE, sides=self.human_sides, viewer=self.viewer,
                                 group=self.group)
                self.drawn = min(self.drawn, len(phases(self.service, self.game_id)))
                back = f" {done.taken_back}" if done.taken_back else ""
                self.show(done, lambda m: self.say(f"  Undone{back}. {done.info.status_line}"))
            elif name == "map":
                self.map(words, args)
            elif name == "seed":
                hashed, seed = self.service.seed(self.game_id)
                self.say(f"  seed hash {hashed}" + (f", seed {seed}" if seed is not None else " (the seed is shown "
                                                                                            "when the game ends)"))
            elif name == "export":
                self.export(words[0] if words else args.get("file", ""))
            elif name == "gm":
                self.gm(typed)
            elif name == "quit":
                raise SystemExit(0)
            else:
                self.say(f"  /{name} is not available at the table; try /help")
            return
        if name == "exit" and not typed.args and self.rules.commands() and \
                all(c.name != "exit" for c in self.rules.commands()):
            raise SystemExit(0)  # /exit where the game has no order of that name
        if self.over():
            raise GameOver(f"Game #{self.game_id} is over: {self.result_text()}. /log, /map, /seed and /export "
                           "still answer; /quit leaves")
        action = to_action(typed, self.rules.commands(), self.group)
        self.show(flow.order(self.service, self.game_id, CONSOLE, action, actor_name="console",
                             sides=self.human_sides))

    def _odds_example(self) -> str:
        """An order of this game's own to show /odds with (its fire or move, from the order's example)."""
        specs = {c.name: c for c in self.rules.commands()}
        spec = next((specs[n] for n in ("attack", "fire", "order", "move") if n in specs and specs[n].example), None)
        return spec.example.removeprefix(f"/{self.group} ") if spec is not None else "<order>"

    def odds(self, order: str) -> None:
        """/odds <order>: what the order would do, with the chance of each outcome, without doing it."""
        from engine.odds import odds

        if not order.strip():
            raise IllegalAction(f"Usage: /odds <order>, such as /odds {self._odds_example()}")
        if self.over():
            raise GameOver(f"Game #{self.game_id} is over: {self.result_text()}")
        action = to_action(parse(order, self.group), self.rules.commands(), self.group)
        self.say("  " + odds(self.rules, self.service.state(self.game_id), self.acting_side(), action).text())

    def map(self, words: list[str], args: dict[str, str]) -> None:
        """/map (now), /map 0404 2 (a close-up), /map phase:7 (an earlier phase's map), or both."""
        hex_label = args.get("hex") or (words[0] if words else "")
        radius = _number(args.get("radius") or (words[1] if len(words) > 1 else "2"), "radius")
        phase = _number(args["phase"], "phase") if args.get("phase") else None
        if hex_label.lower().startswith("phase") and hex_label[5:].isdigit():
            phase, hex_label = int(hex_label[5:]), ""
        if hex_label and self._renderer() is not None:
            from engine.maps import map_of

            map_of(self.service.view(self.game_id, None)).hex(hex_label)  # UnknownHex, plainly
        if self.render(hex_label or None, radius, phase) is None:
            self.say("  (no image: the renderer is not available, or --no-images)")

    def export(self, name: str) -> None:
        record = self.service.export(self.game_id, viewer=self.viewer)
        path = Path(name) if name else (self.out_dir or Path(".")) / f"{self.stem}.json"
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(record, indent=1, ensure_ascii=False, default=str), encoding="utf-8")
        except OSError as exc:
            if disk_full(exc):
                raise  # the command line says so in one line (bot/cli.py)
            raise IllegalAction(f"Cannot write the record to {str(path)[:200]}: {exc.strerror or exc}") from None
        self.say(f"  the record: {path}" + ("" if record.get("seed") is not None else " (no seed before the end)"))

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
        if kind in ("revert", "rewind", "reroll"):
            entry = args.get("entry" if kind == "revert" else "to", "0") or "0"
            done = flow.ruling(self.service, self.game_id, kind, CONSOLE, reason, entry=int(entry))
        else:
            done = flow.ruling(self.service, self.game_id, "gm", CONSOLE, reason, action=Action(kind, args), rule=rule,
                               actor_name="console GM")

        def ruled(m: Move) -> None:
            self.say(f"  GM ruling #{m.seq} recorded: {reason}")
            self.show_events(m.events)

        self.show(done, ruled)

    def acting_side(self) -> str:
        """The side whose decision it is, of those the table holds (the flow's one check of whose turn)."""
        return flow.acting_side(self.service.info(self.game_id), self.human_sides)

    def help(self, order: str = "") -> None:
        if order:
            self.order_help(order.lstrip("/").lower())
            return
        for note in self.rules.help_notes(self.service.state(self.game_id)):
            self.say(note)
        self.say(f"{self.rules.title}: orders (also without the /{self.group} prefix):")
        for spec in self.rules.commands():
            self.say(f"  {usage(self.group, spec):48} {spec.description} [{spec.rule}]")
            if spec.example:
                self.say(f"      e.g. {spec.example}")
        self.say(TABLE_HELP)
        self.say('GM:    /gm move unit:<unit> to:<hex> reason:"..." [rule:"..."]  /gm revert entry:<n> reason:"..."'
                 '  /gm rewind to:<n> reason:"..."  /gm reroll reason:"..."  /gm rulings')
        self.say("Tab completes commands, orders legal now, units and hexes.  /help <order> explains one order.")
        legal = self.legal_now()
        if legal:
            self.say(f"Now you may: {', '.join(sorted({a.kind for a in legal}))}")

    def order_help(self, name: str) -> None:
        """One order: what it does, its options, the rule, an example, what is legal now, the rule summary."""
        spec = next((c for c in self.rules.commands() if c.name == name), None)
        if spec is None:
            names = ", ".join(c.name for c in self.rules.commands())
            raise IllegalAction(f"{self.rules.title} has no order '{name[:20]}': orders are {names}")
        self.say(f"{usage(self.group, spec)}  - {spec.description}" + (f" [{spec.rule}]" if spec.rule else ""))
        for opt in spec.options:
            extra = f" one of {', '.join(opt.choices)}" if opt.choices else ""
            self.say(f"  {opt.name}: {opt.description} ({opt.kind}{', optional' if not opt.required else ''}{extra})")
        if spec.example:
            self.say(f"  e.g. {spec.example}")
        for note in self.rules.help_notes(self.service.state(self.game_id)):
            if name in note.lower():  # what this order costs now (Peiper: an attack ends the activations)
                self.say(f"  {note}")
        legal = [a for a in self.legal_now() if a.kind == name]
        if legal:
            shown = "; ".join(a.command(self.group) for a in legal[:6])
            self.say(f"  Now: {shown}" + (f" ... ({len(legal)} in all)" if len(legal) > 6 else ""))
        elif self.service.info(self.game_id).to_act in self.human_sides:
            self.say("  Not an order you may give now.")
        summary = summary_of(self.rules)
        if summary is not None:
            found = (summary.search(spec.rule) if spec.rule else []) or summary.search(name)
            if found:
                self.say(f"  Rules - {found[0].topic} [{found[0].rule}]: {found[0].text}")

    def rules_text(self, query: str) -> None:
        """/rules [section or words]: the same summaries Discord's /rules answers from."""
        summary = summary_of(self.rules)
        if summary is None:
            raise IllegalAction(f"No rule summaries for {self.rules.title}")
        if not query.strip():
            self.say(f"{summary.title}: topics (/rules <topic or words>)")
            for s in summary.sections:
                self.say(f"  {s.topic} [{s.rule}]")
            return
        from engine.charts import find

        charts = find(self.rules.charts(self.service.state(self.game_id)), query)
        for chart in charts:  # a chart the query names: the table itself, as the game is played
            self.say(f"{chart.title} [{chart.rule}]")
            for line in chart.text().splitlines():
                self.say(f"  {line}")
            for note in chart.notes:
                self.say(f"  {note}")
        found = summary.search(query)
        if charts and not found:
            return
        if not found:
            raise IllegalAction(f"No rule summary of {summary.title} mentions '{query[:40]}': /rules lists them")
        first = found[0]
        self.say(f"{first.topic} [{first.rule}]")
        self.say(f"  {first.text}")
        self.say("  (Umpire's summary; the rulebook decides.)")
        if len(found) > 1:
            self.say(f"  Also: {', '.join(s.topic for s in found[1:6])}")

    def legal_now(self) -> list[Action]:
        side = self.service.info(self.game_id).to_act
        if side is None or side not in self.human_sides:
            return []
        return self.rules.legal_actions(self.service.state(self.game_id), side)

    def log(self, count: int) -> None:
        """/log [n]: the newest n entries (1 to LOG_MOST; /log 0 once printed the whole log)."""
        if not 1 <= count <= LOG_MOST:
            raise IllegalAction(f"/log shows 1 to {LOG_MOST} entries, not {count}")
        entries = self.service.visible_log(self.game_id, self.viewer)[-count:]
        if not entries:
            self.say("  Nothing has happened yet.")
        for e in entries:
            mark = " (undone)" if e.undone else ""
            group = "gm" if e.kind == "gm" else self.group
            head = Action.from_dict(e.action).command(group) if e.action else e.kind
            self.say(f"#{e.seq} {e.side or ''} {head}{mark}" + (f" - {e.reason}" if e.reason else ""))
            for ev in e.events:
                self.say(f"    {event_from_dict(ev).line()}")

    # --- completion ------------------------------------------------------------------------
    def completions(self, text: str, line: str) -> list[str]:
        """The words Tab offers for the word being typed at the end of ``line`` (``text``, kept for
        readline's sake): table commands, the orders legal now, their options' legal values."""
        del text
        legal = self.legal_now()
        view = self.service.view(self.game_id, None)
        side = self.service.info(self.game_id).to_act
        units = [str(u.get("name") or u.get("id")) for u in view.get("units", []) if u.get("side") == side]
        hexes: list[str] = []
        if line.lstrip().startswith("/map"):
            from engine.maps import map_of

            hexes = sorted(h.label for h in map_of(view).terrain)
        summary = summary_of(self.rules)
        topics = [s.topic for s in summary.sections] if summary is not None else []
        return word_completions(line, self.group, self.rules.commands(), legal, units, hexes, topics)

    def line_completions(self, line: str) -> list[str]:
        return line_completions(line, self.completions("", line))


LOG_MOST = 200  # entries one /log shows (the whole record: /export)


def _number(text: str, name: str) -> int:
    text = str(text).strip()
    if not text.isdigit() or len(text) > 6:
        raise IllegalAction(f"{name} is a whole number, not '{text[:12]}'")
    return int(text)


def disk_full(exc: BaseException) -> bool:
    """A write the disk had no room for: an OSError, or SQLite's 'database or disk is full'."""
    import errno

    if isinstance(exc, OSError):
        return exc.errno in (errno.ENOSPC, errno.EFBIG, getattr(errno, "EDQUOT", 122))
    original = getattr(exc, "orig", None)
    return original is not None and ("disk is full" in str(original) or disk_full(original))
