"""Selfplay: whole games with bots on every side, invariants checked after every action.

Each side plays a policy (``--policy ge=ai:normal --policy us=greedy``; default greedy for every
side): random, greedy, ai:easy, ai:normal, ai:hard. The result gives each side's win rate with its
95% Wilson interval, and (``timing``) the median and 95th percentile of the time per decision and
per bot turn (a maximal run of consecutive decisions by one side). Everything but the timing
fields and ``seconds`` is the same for the same seed.
"""

from __future__ import annotations

import json
import math
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.ai.policy import PolicySpec, parse_policy
from engine.errors import UmpireError
from engine.game import GameRules
from engine.rng import seed_from

MAX_ACTIONS = 20000  # a game longer than this is a dead end, reported as an error
DEFAULT_LEVEL = "greedy"


@dataclass
class Clock:
    """Decision and bot-turn times (seconds), by side."""

    decisions: dict[str, list[float]] = field(default_factory=dict)
    turns: dict[str, list[float]] = field(default_factory=dict)


def play_one(rules: GameRules, scenario: str, seed: int, levels: dict[str, str] | None = None,
             clock: Clock | None = None) -> tuple[str | None, int, list[str]]:
    """Play one game to its end. Returns (winner, actions, errors)."""
    levels = levels or {}
    state = rules.new_state(scenario, seed, {})
    errors: list[str] = []
    actions = 0
    run_side: str | None = None
    run_time = 0.0
    while not rules.is_over(state):
        side = rules.to_act(state)
        assert side is not None
        try:
            started = time.perf_counter()
            action, _why = rules.bot_action(state, side, levels.get(side, DEFAULT_LEVEL))
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
            rules.apply(state, side, action)
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
    chosen = {side: PolicySpec(side, DEFAULT_LEVEL) for side in rules.sides}
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


def run(game: str, games: int, seed: int, scenario: str = "", progress: bool = False,
        policies: list[str] | dict[str, str] | None = None, timing: bool = False) -> dict[str, Any]:
    rules = registry.get(game)
    chosen = resolve_policies(rules, policies)
    levels = {side: spec.level for side, spec in chosen.items()}
    scenarios = [s.key for s in rules.scenarios()] if scenario == "all" else [scenario or rules.scenarios()[0].key]
    winners: Counter[str] = Counter()
    per_scenario: dict[str, dict[str, int]] = {}
    errors: list[str] = []
    finished = actions = 0
    clock = Clock() if timing else None
    started = time.perf_counter()
    total = games * len(scenarios)
    done = 0
    for sc in scenarios:
        sc_wins: Counter[str] = Counter()
        for i in range(games):
            game_seed = seed_from(game, sc, seed, i) & ((1 << 63) - 1)
            winner, n, errs = play_one(rules, sc, game_seed, levels, clock)
            actions += n
            errors += [f"{sc}: {e}" for e in errs] if len(scenarios) > 1 else errs
            if not errs:
                finished += 1
                winners[winner or "draw"] += 1
                sc_wins[winner or "draw"] += 1
            done += 1
            if progress:
                bar = "#" * (30 * done // total)
                print(f"\r[{bar:30}] {done}/{total} games, {len(errors)} errors", end="", file=sys.stderr, flush=True)
        per_scenario[sc] = dict(sorted(sc_wins.items()))
    if progress:
        print(file=sys.stderr)
    result: dict[str, Any] = {
        "game": game,
        "games": total,
        "finished": finished,
        "winners": dict(sorted(winners.items())),
        "errors": errors,
        "actions": actions,
        "seconds": round(time.perf_counter() - started, 2),
        "policies": {side: spec.label for side, spec in chosen.items()},
        "win_rates": {},
    }
    for side in rules.sides:
        wins = winners.get(side, 0)
        lo, hi = wilson(wins, finished)
        result["win_rates"][side] = {"wins": wins, "rate": round(wins / finished, 4) if finished else 0.0,
                                     "ci95": [round(lo, 4), round(hi, 4)]}
    if clock is not None:
        result["timing"] = {
            side: {"decision_ms": _ms(clock.decisions.get(side, [])), "turn_ms": _ms(clock.turns.get(side, []))}
            for side in rules.sides
        }
    if len(scenarios) > 1:
        result["scenarios"] = per_scenario
    return result


def main(game: str, games: int, seed: int, as_json: bool, scenario: str = "",
         policies: list[str] | None = None) -> int:
    progress = not as_json and sys.stderr.isatty()
    try:
        result = run(game, games, seed, scenario, progress, policies, timing=True)
    except UmpireError as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2
    if as_json:
        print(json.dumps(result, sort_keys=False))
    else:
        pairing = ", ".join(f"{side} {label}" for side, label in result["policies"].items())
        print(f"{registry.GAME_TITLES[game]} ({pairing}): {result['finished']}/{result['games']} games finished, "
              f"{result['actions']} actions in {result['seconds']} s")
        for side, rate in result["win_rates"].items():
            lo, hi = rate["ci95"]
            print(f"  {side}: {rate['wins']} wins ({100 * rate['rate']:.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)")
        for side, t in result.get("timing", {}).items():
            d, b = t["decision_ms"], t["turn_ms"]
            print(f"  {side} time: decision median {d['median']} ms, p95 {d['p95']} ms; "
                  f"bot turn median {b['median']} ms, p95 {b['p95']} ms")
        for err in result["errors"][:20]:
            print(f"  error: {err}")
    return 1 if result["errors"] else 0
