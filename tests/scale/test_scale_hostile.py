"""Hostile input, property-based: random and malicious values for every command and option of every game
in ``engine.registry.available()``, typed at the command parser and submitted to the service, GM
corrections without a reason, stale versions, the wrong side, malformed data files.

Whatever comes in: a refused order leaves the stored game exactly as it was (dump and version), every
refusal is an ``UmpireError`` whose message names the reason, and nothing else escapes.
"""

from __future__ import annotations

import copy
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.commandline import parse, to_action
from engine import registry
from engine.errors import DataFileError, Forbidden, InternalFault, UmpireError
from engine.game import Action, GameRules
from engine.maps import key_path, map_of, parse_map
from engine.service import GameService, Seat

GAMES = registry.available()
NASTY = [
    "", " ", "\t", "0000", "9999", "0101", "ZZ99", "-1", "1e9", "NaN", "null", "None", "[]", "{}", "0x10",
    "'; DROP TABLE games; --", "1 OR 1=1", "\"; DELETE FROM log; --", "Robert'); DROP TABLE seats;--",
    "@everyone", "@here", "<@123456789012345678>", "<@&1>", "<#1>", "**bold** __u__ ~~s~~", "`code`", "```x```",
    "||spoiler||", "<script>alert(1)</script>", "${jndi:ldap://x}", "{{7*7}}", "%s%s%n", "../../etc/passwd",
    "\x00", "\u202e\u0644", "\ufeff", "💥" * 40, "A" * 5000, "unit:to:at", "a\nb", "\\", "\"", "'",
]
VERSIONS = st.sampled_from(["none", "current", "stale", "future", "negative", "huge"])
SETTINGS = settings(max_examples=30, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def hostile_text() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(NASTY), st.text(max_size=40))


def hex_labels(rules: GameRules, state: Any) -> list[str]:
    gmap = map_of(rules.view(state, None))
    return sorted(h.label for h in gmap.terrain)[:: max(1, len(gmap.terrain) // 40)]


class Table:
    """One game in mid-play, and what a check needs to know about it."""

    def __init__(self, service: GameService, key: str) -> None:
        self.service = service
        self.rules = registry.get(key)
        self.key = key
        seats = {s: Seat("human", f"player-{s}", s) for s in self.rules.sides}
        self.gid = service.create_game(key, seed=31, seats=seats).id
        import random

        rnd = random.Random(5)
        for _ in range(6):  # into the game, past the set-up
            info = service.info(self.gid)
            if info.to_act is None:
                break
            legal = self.rules.legal_actions(service.state(self.gid), info.to_act)
            service.submit(self.gid, info.to_act, rnd.choice(legal), f"player-{info.to_act}")
        state = service.state(self.gid)
        self.units = [u["id"] for u in self.rules.view(state, None)["units"]]
        self.hexes = hex_labels(self.rules, state)

    def snapshot(self) -> tuple[int, dict[str, Any], int]:
        info = self.service.info(self.gid)
        return info.version, self.rules.dump(self.service.state(self.gid)), len(self.service.log(self.gid))

    def version(self, how: str) -> int | None:
        v = self.service.info(self.gid).version
        return {"none": None, "current": v, "stale": v - 1, "future": v + 3, "negative": -5, "huge": 2**62}[how]

    def value(self, kind: str, choices: tuple[str, ...]) -> st.SearchStrategy[str]:
        real: list[str] = {"unit": self.units, "hex": self.hexes, "choice": list(choices)}.get(kind, [])
        numbers = st.integers(-(10**12), 10**12).map(str)
        return st.one_of(st.sampled_from(real or ["1"]), hostile_text(), numbers)


def check_refused_or_applied(table: Table, before: tuple[int, dict[str, Any], int], exc: UmpireError | None) -> None:
    after = table.snapshot()
    if exc is None:
        assert after[0] == before[0] + 1 and after[2] == before[2] + 1, "an accepted order is one entry"
        return
    assert after == before, f"refused ({exc.message!r}) but the game changed"
    assert exc.message.strip(), "a refusal without a reason"
    assert "Traceback" not in exc.message
    assert not isinstance(exc, InternalFault), f"a game module slipped on hostile input: {exc.message}"


@pytest.fixture(params=GAMES)
def table(request: pytest.FixtureRequest, db_url: str) -> Table:
    return Table(GameService(db_url), str(request.param))


@SETTINGS
@given(data=st.data())
def test_typed_commands_with_hostile_values_refuse_cleanly(table: Table, data: st.DataObject) -> None:
    specs = table.rules.commands()
    spec = data.draw(st.sampled_from(specs), "command")
    name = data.draw(st.one_of(st.just(spec.name), hostile_text()), "name")
    words = [f"/{table.key}", shlex.quote(name) if name else "''"]
    for opt in spec.options:
        if data.draw(st.booleans(), f"give {opt.name}"):
            value = data.draw(table.value(opt.kind, opt.choices), opt.name)
            named = data.draw(st.booleans(), "named")
            words.append(f"{opt.name}:{shlex.quote(value)}" if named else shlex.quote(value))
    if data.draw(st.booleans(), "extra option"):
        words.append(f"{data.draw(st.sampled_from(['zz', 'unit', 'to', 'DROP']))}:{shlex.quote(data.draw(hostile_text()))}")
    line = data.draw(st.one_of(st.just(" ".join(words)), hostile_text()), "line")
    side = data.draw(st.one_of(st.sampled_from(table.rules.sides), hostile_text()), "side")
    actor = data.draw(st.sampled_from([f"player-{s}" for s in table.rules.sides] + ["bot", "mallory", ""]), "actor")
    version = table.version(data.draw(VERSIONS, "version"))
    before = table.snapshot()
    refused: UmpireError | None = None
    try:
        typed = parse(line, table.key)
        if typed.group in ("", "game"):
            return  # a table command (/help, /log ...): not an order
        action = to_action(typed, specs, table.key)
        table.service.submit(table.gid, side, action, actor, expected_version=version)
    except UmpireError as exc:
        refused = exc
    check_refused_or_applied(table, before, refused)


ARG_VALUES = st.one_of(hostile_text(), st.integers(), st.none(), st.booleans(), st.floats(allow_nan=True),
                       st.lists(st.text(max_size=5), max_size=3), st.dictionaries(st.text(max_size=5), st.integers(), max_size=2))


@SETTINGS
@given(data=st.data())
def test_raw_actions_for_any_side_and_gm_corrections_refuse_cleanly(table: Table, data: st.DataObject) -> None:
    """What a buggy cog or a forged button might send the service directly, bypassing the parser."""
    kinds = [c.name for c in table.rules.commands()] + ["move", "remove", "end", "morale", "turn"]
    kind = data.draw(st.one_of(st.sampled_from(kinds), hostile_text()), "kind")
    keys = st.one_of(st.sampled_from(["unit", "to", "at", "target", "hex", "units", "die", "delta", "winner"]),
                     hostile_text())
    args = data.draw(st.dictionaries(keys, st.one_of(st.sampled_from(table.units + table.hexes), ARG_VALUES),
                                     max_size=4), "args")
    action = Action(kind, args)
    what = data.draw(st.sampled_from(["submit", "gm", "gm_no_reason", "revert", "rewind", "reroll", "undo"]))
    reason = data.draw(st.sampled_from(["", "  ", "\n"]) if what != "gm" else st.sampled_from(["ruling", "x" * 300]))
    seq = data.draw(st.integers(-5, 10**6), "seq")
    side = data.draw(st.one_of(st.sampled_from(table.rules.sides), hostile_text()), "side")
    before = table.snapshot()
    refused: UmpireError | None = None
    try:
        svc, gid = table.service, table.gid
        if what == "submit":
            svc.submit(gid, side, action, f"player-{side}", expected_version=table.version(data.draw(VERSIONS)))
        elif what in ("gm", "gm_no_reason"):
            svc.gm(gid, action, "gm", reason)
        elif what == "revert":
            svc.gm_revert(gid, seq, "gm", reason)
        elif what == "rewind":
            svc.gm_rewind(gid, seq, "gm", reason)
        elif what == "reroll":
            svc.gm_reroll(gid, "gm", reason)
        else:
            svc.undo(gid, data.draw(st.sampled_from(["mallory", "bot", ""])), side)
    except UmpireError as exc:
        refused = exc
    if what in ("gm_no_reason", "revert", "rewind", "reroll"):
        assert isinstance(refused, Forbidden) and "reason" in refused.message, refused
    check_refused_or_applied(table, before, refused)


# --- malformed data files -------------------------------------------------------------------------------
DATA = Path(registry.__file__).parent / "games"
FILE_OPTIONS = {  # a GM may hand a game its own deck, cup or table file at creation
    "saf": {"cover_file": "cover_cards.yaml", "chits_file": "chits.yaml", "actions_file": "action_cards.yaml",
            "reserves_file": "reserve_cards.yaml"},
    "pl": {"crt": "crt.yaml", "tec": "tec.yaml", "wec": "wec.yaml"},
}
CASES = [(g, opt, f) for g in GAMES for opt, f in FILE_OPTIONS.get(g, {}).items()
         if opt in {o.name for o in registry.get(g).option_specs()}]


def paths(node: Any, prefix: tuple[Any, ...] = (), depth: int = 0) -> list[tuple[Any, ...]]:
    out = [prefix]
    if depth < 5 and isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, (*prefix, k), depth + 1)
    elif depth < 5 and isinstance(node, list):
        for i, v in enumerate(node[:6]):
            out += paths(v, (*prefix, i), depth + 1)
    return out


def mutated(data: st.DataObject, raw: Any) -> Any:
    raw = copy.deepcopy(raw)
    where = data.draw(st.sampled_from(paths(raw)[1:] or [()]), "where")
    junk = data.draw(st.one_of(st.sampled_from([None, -1, 0, 10**9, "", "x" * 3000, [], {}, [1, "a"], {"a": None}]),
                               hostile_text()), "junk")
    if not where:
        return junk
    parent = raw
    for key in where[:-1]:
        parent = parent[key]
    if data.draw(st.booleans(), "delete") and isinstance(parent, dict):
        del parent[where[-1]]
    else:
        parent[where[-1]] = junk
    return raw


@pytest.mark.skipif(not CASES, reason="no game that takes a data file as an option is available")
@pytest.mark.parametrize(("game", "option", "base"), CASES)
@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_malformed_deck_or_table_file_refuses_the_game_and_names_the_file(
        game: str, option: str, base: str, data: st.DataObject, tmp_path_factory: pytest.TempPathFactory) -> None:
    raw = yaml.safe_load((DATA / game / "data" / base).read_text(encoding="utf-8"))
    bad = mutated(data, raw)
    if game == "pl":  # Panzer Leader takes the table itself as the option's value
        value: Any = bad
        names = (f"option {option}",)
    else:  # Scream, Aim, Fire! takes the path of a deck or cup file
        path = tmp_path_factory.mktemp("files") / f"bad-{base}"
        path.write_text(data.draw(st.one_of(st.just(yaml.safe_dump(bad)), st.sampled_from(
            ["", ":", "- [", "{{{", "\x00\x01", "a: &a [*a]", "!!python/object:os.system 'x'"])), "text"),
            encoding="utf-8")
        value, names = str(path), (str(path), path.name)
    service = GameService("sqlite://")
    try:
        service.create_game(game, options={option: value})
    except DataFileError as exc:
        assert exc.entry and exc.problem, exc
        assert exc.file in names or base in exc.file, exc
        assert service.list_games() == []
    except UmpireError as exc:  # refused for another named reason (the option itself)
        assert exc.message.strip() and service.list_games() == []
    else:
        assert len(service.list_games()) == 1  # the mutation left a valid file


@settings(max_examples=40, deadline=None, derandomize=True)
@given(data=st.data())
def test_a_malformed_map_file_raises_a_data_file_error_naming_the_entry(data: st.DataObject) -> None:
    key = data.draw(st.sampled_from(GAMES), "game")
    rules = registry.get(key)
    source = key_path(rules.view(rules.new_state(rules.scenarios()[0].key, 1, {}), None)["map"])
    raw = yaml.safe_load(source.read_text(encoding="utf-8"))
    try:
        parse_map(mutated(data, raw), source.name)
    except DataFileError as exc:
        assert exc.file == source.name and exc.entry and exc.problem
