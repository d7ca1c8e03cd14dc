"""Selfplay: whole games with bots on every side, invariants checked after every action.

Each side plays a policy (``--policy ge=ai:normal --policy us=greedy``; default greedy for every
side): random, greedy, ai:easy, ai:normal, ai:hard. The result gives each side's win rate with its
95% Wilson interval, and (``timing``) the median and 95th percentile of the time per decision and
per bot turn (a maximal run of consecutive decisions by one side). Everything but the timing
fields and ``seconds`` is the same for the same seed.
"""

from __future__ import annotations

import importlib
import json
import math
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from engine import registry
from engine.ai.policy import PolicySpec, UnknownPolicy, parse_policy
from engine.errors import UmpireError
from engine.game import GameRules
from engine.options import BadOption
from engine.rng import seed_from

MAX_ACTIONS = 20000  # a game longer than this is a dead end, reported as an error
DEFAULT_LEVEL = "greedy"


def default_level(rules: GameRules) -> str:
    """``greedy`` where the game's bot has it, else ``normal`` (SAF's bot plays at random and normal)."""
    return DEFAULT_LEVEL if DEFAULT_LEVEL in rules.levels else "normal"


@dataclass
class Clock:
    """Decision and bot-turn times (seconds), by side."""

    decisions: dict[str, list[float]] = field(default_factory=dict)
    turns: dict[str, list[float]] = field(default_factory=dict)


def game_module(rules: GameRules, name: str) -> Any:
    """The game's module ``engine.games.<game>.<name>`` (its waste tally, its styles), or None."""
    path = f"engine.games.{rules.key}.{name}"
    try:
        return importlib.import_module(path)
    except ModuleNotFoundError as exc:
        if exc.name == path:
            return None
        raise


def new_tally(rules: GameRules) -> Any:
    """A fresh waste tally for one game (``ai_waste.tally``), or None where the game counts none."""
    module = game_module(rules, "ai_waste")
    return None if module is None else module.tally(rules)


def bot_action(rules: GameRules, state: Any, side: str, level: str) -> tuple[Any, str]:
    """A side's order: a style (``style:NAME``, the game's ``ai_styles``) or a level of the game's bot."""
    if level.startswith("style:"):
        return game_module(rules, "ai_styles").choose(rules, state, side, level.removeprefix("style:"))
    return rules.bot_action(state, side, level)


def play_one(rules: GameRules, scenario: str, seed: int, levels: dict[str, str] | None = None,
             clock: Clock | None = None, options: dict[str, str] | None = None,
             tally: Any = None) -> tuple[str | None, int, list[str]]:
    """Play one game to its end (with the game options given). Returns (winner, actions, errors).

    ``tally`` (the game's ``ai_waste`` tally) sees every order before and after it is applied."""
    levels = levels or {}
    state = rules.new_state(scenario, seed, dict(options or {}))
    errors: list[str] = []
    actions = 0
    run_side: str | None = None
    run_time = 0.0
    while not rules.is_over(state):
        side = rules.to_act(state)
        assert side is not None
        try:
            started = time.perf_counter()
            action, _why = bot_action(rules, state, side, levels.get(side, default_level(rules)))
            spent = time.perf_counter() - started
            if clock is not None:
                clock.decisions.setdefault(side, []).append(spent)
                if side != run_side and run_side is not None:
                    clock.turns.setdefault(run_side, []).append(run_time)
                    run_time = 0.0
                run_side, run_time = side, run_time + spent
            legal = rules.legal_actions(state, side)
            if action not in legal:
                errors.append(f"seed {seed}: bot chose {action.kind} {action.args}, not among the legal actions")
                break
            if tally is not None:
                tally.see(state, side, action)
            events = rules.apply(state, side, action)
            if tally is not None:
                tally.seen(state, events)
        except UmpireError as exc:
            errors.append(f"seed {seed} action {actions}: a legal action was refused: {exc}")
            break
        except Exception as exc:  # a crash is exactly what selfplay is for
            errors.append(f"seed {seed} action {actions}: {type(exc).__name__}: {exc}")
            break
        actions += 1
        broken = rules.invariants(state)
        if broken:
            errors.append(f"seed {seed} action {actions}: {'; '.join(broken)}")
            break
        if actions >= MAX_ACTIONS:
            errors.append(f"seed {seed}: no end after {MAX_ACTIONS} actions")
            break
    if clock is not None and run_side is not None:
        clock.turns.setdefault(run_side, []).append(run_time)
    if tally is not None:
        tally.result = tally.figures(state)
    return rules.winner(state), actions, errors


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def _ms(values: list[float]) -> dict[str, float]:
    return {"median": round(1000 * percentile(values, 50), 1), "p95": round(1000 * percentile(values, 95), 1),
            "count": len(values)}


def resolve_policies(rules: GameRules, policies: list[str] | dict[str, str] | None) -> dict[str, PolicySpec]:
    """Each side's policy: ``["ge=ai:normal", "us=greedy"]`` or ``{"ge": "normal"}`` (levels)."""
    chosen = {side: PolicySpec(side, default_level(rules)) for side in rules.sides}
    if isinstance(policies, dict):
        for side, level in policies.items():
            text = f"{side}={level if level in ('random', 'greedy') else 'ai:' + level}"
            spec = parse_policy(text, tuple(rules.sides))
            chosen[spec.side] = spec
    else:
        for text in policies or []:
            spec = parse_policy(text, tuple(rules.sides))
            chosen[spec.side] = spec
    return chosen


@dataclass(frozen=True)
class Deal:
    """One game to play: its scenario, its number (the seed comes from it) and each side's level."""

    scenario: str
    number: int
    levels: tuple[tuple[str, str], ...]
    seat_of: tuple[tuple[str, str], ...] = ()  # in a match: side -> "a" or "b"
    options: tuple[tuple[str, str], ...] = ()  # game options (--option name=value)


@dataclass
class Played:
    deal: Deal
    winner: str | None
    actions: int
    errors: list[str]
    clock: Clock | None
    waste: dict[str, dict[str, int]] | None = None


def _play_deal(game: str, seed: int, deal: Deal, timing: bool) -> Played:
    """Play one deal (in this process or a worker): game ``number`` always has the same seed."""
    rules = registry.get(game)
    game_seed = seed_from(game, deal.scenario, seed, deal.number) & ((1 << 63) - 1)
    clock = Clock() if timing else None
    tally = new_tally(rules)
    winner, n, errs = play_one(rules, deal.scenario, game_seed, dict(deal.levels), clock, dict(deal.options), tally)
    return Played(deal, winner, n, errs, clock, None if tally is None else tally.result)


def _play_all(game: str, seed: int, deals: list[Deal], timing: bool, workers: int,
              progress: bool) -> list[Played]:
    """Every deal, in deal order whatever the number of worker processes."""
    args = (repeat(game), repeat(seed), deals, repeat(timing))
    if workers <= 1:
        return _gather(map(_play_deal, *args), len(deals), progress)
    # fork: the workers inherit the loaded rules and data; each deal is independent
    with ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork")) as pool:
        chunk = max(1, min(8, len(deals) // (4 * workers)))
        return _gather(pool.map(_play_deal, *args, chunksize=chunk), len(deals), progress)


def _gather(results: Iterable[Played], total: int, progress: bool) -> list[Played]:
    played: list[Played] = []
    errors = 0
    for result in results:
        played.append(result)
        errors += bool(result.errors)
        if progress:
            bar = "#" * (30 * len(played) // total)
            print(f"\r[{bar:30}] {len(played)}/{total} games, {errors} errors", end="", file=sys.stderr, flush=True)
    if progress:
        print(file=sys.stderr)
    return played


def _rate(wins: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "games": n, "rate": round(wins / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)]}


def style_spec(rules: GameRules, style: str) -> PolicySpec:
    """The US seat played by one of the game's styles (``--us-style``), refused if it has none."""
    module = game_module(rules, "ai_styles")
    if module is None or "us" not in rules.sides:
        raise UnknownPolicy(f"{rules.title} has no US styles (--us-style is for Just a Peiper Dream?)")
    return PolicySpec("us", f"style:{module.check_style(style.strip().lower())}")


def parse_match(rules: GameRules, text: str) -> tuple[PolicySpec, PolicySpec]:
    """``ai:hard,ai:normal``: two policies that meet with the seats swapped on every deal."""
    names = [t.strip() for t in text.split(",")]
    if len(names) != 2 or not all(names):
        raise UnknownPolicy(f"--match takes two policies, for example ai:hard,ai:normal (not '{text}')")
    if len(rules.sides) != 2:
        raise UnknownPolicy(f"--match needs a two-sided game; this one has {len(rules.sides)} sides")
    first = rules.sides[0]
    a, b = (parse_policy(f"{first}={name}", tuple(rules.sides)) for name in names)
    if a.level == b.level:
        raise UnknownPolicy(f"--match needs two different policies (both are {a.label})")
    return a, b


def run(game: str, games: int, seed: int, scenario: str = "", progress: bool = False,
        policies: list[str] | dict[str, str] | None = None, timing: bool = False, workers: int = 1,
        match: str | None = None, options: list[str] | None = None, us_style: str | None = None) -> dict[str, Any]:
    """Play ``games`` deals per scenario and return the figures (see the module's docstring).

    ``match="ai:hard,ai:normal"`` plays every deal twice, A in the first seat against B and then B in
    the first seat against A, and adds each policy's wins over both seats (``match``). ``workers``
    spreads the games over processes; the result is the same for any number of workers. ``us_style``
    seats one of the game's US styles (``engine/games/<game>/ai_styles.py``) instead of a US policy.
    """
    rules = registry.get(game)
    scenarios = [s.key for s in rules.scenarios()] if scenario == "all" else [scenario or rules.scenarios()[0].key]
    opts = tuple(tuple(o.split("=", 1)) for o in options or [])
    if any(len(o) != 2 for o in opts):
        raise BadOption("--option takes name=value")
    rules.parse_options(dict(opts))  # refused here, with the option's range and ruling, before any game
    deals: list[Deal] = []
    pair: tuple[PolicySpec, PolicySpec] | None = None
    if match and (policies or us_style):
        raise UnknownPolicy("give either --policy (and --us-style) or --match, not both")
    if match:
        pair = parse_match(rules, match)
        s1, s2 = rules.sides
        for sc in scenarios:
            for i in range(games):
                deals.append(Deal(sc, i, ((s1, pair[0].level), (s2, pair[1].level)), ((s1, "a"), (s2, "b")), opts))
                deals.append(Deal(sc, i, ((s1, pair[1].level), (s2, pair[0].level)), ((s1, "b"), (s2, "a")), opts))
        chosen = {side: PolicySpec(side, "match") for side in rules.sides}
    else:
        chosen = resolve_policies(rules, policies)
        if us_style:
            named = policies.keys() if isinstance(policies, dict) else [p.split("=", 1)[0] for p in policies or []]
            if any(str(n).strip().lower() == "us" for n in named):
                raise UnknownPolicy("give the US seat either --policy us=... or --us-style, not both")
            chosen["us"] = style_spec(rules, us_style)
        levels = tuple((side, spec.level) for side, spec in chosen.items())
        deals = [Deal(sc, i, levels, options=opts) for sc in scenarios for i in range(games)]
    started = time.perf_counter()
    played = _play_all(game, seed, deals, timing, workers, progress)

    winners: Counter[str] = Counter()
    per_scenario: dict[str, Counter[str]] = {sc: Counter() for sc in scenarios}
    errors: list[str] = []
    finished = actions = 0
    for p in played:
        actions += p.actions
        errors += [f"{p.deal.scenario}: {e}" for e in p.errors] if len(scenarios) > 1 else p.errors
        if not p.errors:
            finished += 1
            winners[p.winner or "draw"] += 1
            per_scenario[p.deal.scenario][p.winner or "draw"] += 1
    result: dict[str, Any] = {
        "game": game,
        "games": len(deals),
        "finished": finished,
        "winners": dict(sorted(winners.items())),
        "errors": errors,
        "actions": actions,
        "seconds": round(time.perf_counter() - started, 2),
        "policies": {side: spec.label for side, spec in chosen.items()} if pair is None
        else {"a": pair[0].label, "b": pair[1].label},
        "win_rates": {side: _rate(winners.get(side, 0), finished) for side in rules.sides},
    }
    if pair is not None:
        result["match"] = _match_figures(rules, played, pair)
    waste = _waste(rules, played, pair is not None)
    if waste:
        result["waste"] = waste
    if timing and pair is None:
        result["timing"] = _timing(played, lambda side, _level: side)
    elif timing:  # by policy and side
        result["timing"] = dict(sorted(_timing(played, lambda side, level: f"{PolicySpec(side, level).label} as {side}")
                                       .items()))
    if len(scenarios) > 1:
        result["scenarios"] = {sc: dict(sorted(c.items())) for sc, c in per_scenario.items()}
    return result


def _match_figures(rules: GameRules, played: list[Played], pair: tuple[PolicySpec, PolicySpec]) -> dict[str, Any]:
    """Each policy's wins over all its games, and seat by seat."""
    figures: dict[str, Any] = {}
    for key, spec in zip(("a", "b"), pair, strict=True):
        wins = games = 0
        seats: dict[str, dict[str, Any]] = {}
        for side in rules.sides:
            mine = [p for p in played if not p.errors and dict(p.deal.seat_of)[side] == key]
            won = sum(1 for p in mine if p.winner == side)
            seats[side] = _rate(won, len(mine))
            wins, games = wins + won, games + len(mine)
        figures[key] = {"policy": spec.label, **_rate(wins, games), "seats": seats}
    return figures


def _waste(rules: GameRules, played: list[Played], by_policy: bool) -> dict[str, Any]:
    """The waste counters summed over the finished games, by side (in a match: by policy and side),
    with the mean a game and the game's own summary (``ai_waste.summary``, e.g. the ACTs thrown away)."""
    totals: dict[str, Counter[str]] = {}
    games: Counter[str] = Counter()
    for p in played:
        if p.waste is None or p.errors:
            continue
        for side, level in p.deal.levels:
            key = f"{PolicySpec(side, level).label} as {side}" if by_policy else side
            totals.setdefault(key, Counter()).update(p.waste.get(side, {}))
            games[key] += 1
    module = game_module(rules, "ai_waste")
    summary = getattr(module, "summary", None)
    out: dict[str, Any] = {}
    for key in sorted(totals):
        n, counts = games[key], dict(totals[key])
        if not counts:  # a side the game counts nothing for (SAF's German, the rulebook)
            continue
        entry: dict[str, Any] = {"games": n, "totals": counts,
                                 "per_game": {k: round(v / n, 2) for k, v in counts.items()}}
        if summary is not None:
            entry.update(summary(counts))
        out[key] = entry
    return out


def _timing(played: list[Played], key: Callable[[str, str], str]) -> dict[str, Any]:
    """Decision and turn times grouped by ``key(side, level)``."""
    times: dict[str, Clock] = {}
    for p in played:
        if p.clock is None:
            continue
        for side, level in p.deal.levels:
            entry = times.setdefault(key(side, level), Clock())
            entry.decisions.setdefault(side, []).extend(p.clock.decisions.get(side, []))
            entry.turns.setdefault(side, []).extend(p.clock.turns.get(side, []))
    return {k: {"decision_ms": _ms([t for v in c.decisions.values() for t in v]),
                "turn_ms": _ms([t for v in c.turns.values() for t in v])} for k, c in times.items()}


def main(game: str, games: int, seed: int, as_json: bool, scenario: str = "",
         policies: list[str] | None = None, workers: int = 1, match: str | None = None,
         options: list[str] | None = None, us_style: str | None = None) -> int:
    progress = not as_json and sys.stderr.isatty()
    try:
        result = run(game, games, seed, scenario, progress, policies, timing=True, workers=max(1, workers),
                     match=match, options=options, us_style=us_style)
    except UmpireError as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(result, sort_keys=False))
    else:
        pairing = ", ".join(f"{side} {label}" for side, label in result["policies"].items())
        print(f"{registry.title(game)} ({pairing}): {result['finished']}/{result['games']} games finished, "
              f"{result['actions']} actions in {result['seconds']} s")
        for side, rate in result["win_rates"].items():
            lo, hi = rate["ci95"]
            print(f"  {side}: {rate['wins']} wins ({100 * rate['rate']:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
        for figures in result.get("match", {}).values():
            lo, hi = figures["ci95"]
            seats = ", ".join(f"as {side} {100 * r['rate']:.1f}%" for side, r in figures["seats"].items())
            print(f"  {figures['policy']}: {figures['wins']}/{figures['games']} games ({100 * figures['rate']:.1f}%, "
                  f"95% CI {100 * lo:.1f}-{100 * hi:.1f}%; {seats})")
        for side, t in result.get("timing", {}).items():
            d, b = t["decision_ms"], t["turn_ms"]
            print(f"  {side} time: decision median {d['median']} ms, p95 {d['p95']} ms; "
                  f"bot turn median {b['median']} ms, p95 {b['p95']} ms")
        for err in result["errors"][:20]:
            print(f"  error: {err}")
    return 1 if result["errors"] else 0
