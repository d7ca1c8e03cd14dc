"""Selfplay: whole games with bots on every side, invariants checked after every action."""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from typing import Any

from engine import registry
from engine.errors import UmpireError
from engine.game import GameRules
from engine.rng import seed_from

MAX_ACTIONS = 20000  # a game longer than this is a dead end, reported as an error


def play_one(rules: GameRules, scenario: str, seed: int, levels: dict[str, str] | None = None
             ) -> tuple[str | None, int, list[str]]:
    """Play one game to its end. Returns (winner, actions, errors)."""
    levels = levels or {}
    state = rules.new_state(scenario, seed, {})
    errors: list[str] = []
    actions = 0
    while not rules.is_over(state):
        side = rules.to_act(state)
        assert side is not None
        try:
            action, _why = rules.bot_action(state, side, levels.get(side, "normal"))
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
    return rules.winner(state), actions, errors


def run(game: str, games: int, seed: int, scenario: str = "", progress: bool = False) -> dict[str, Any]:
    rules = registry.get(game)
    scenarios = [s.key for s in rules.scenarios()] if scenario == "all" else [scenario or rules.scenarios()[0].key]
    winners: Counter[str] = Counter()
    per_scenario: dict[str, dict[str, int]] = {}
    errors: list[str] = []
    finished = actions = 0
    started = time.perf_counter()
    total = games * len(scenarios)
    done = 0
    for sc in scenarios:
        sc_wins: Counter[str] = Counter()
        for i in range(games):
            game_seed = seed_from(game, sc, seed, i) & ((1 << 63) - 1)
            winner, n, errs = play_one(rules, sc, game_seed)
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
    }
    if len(scenarios) > 1:
        result["scenarios"] = per_scenario
    return result


def main(game: str, games: int, seed: int, as_json: bool, scenario: str = "") -> int:
    progress = not as_json and sys.stderr.isatty()
    result = run(game, games, seed, scenario, progress)
    if as_json:
        print(json.dumps(result, sort_keys=False))
    else:
        print(f"{registry.GAME_TITLES[game]}: {result['finished']}/{result['games']} games finished, "
              f"{result['actions']} actions in {result['seconds']} s")
        for side, n in result["winners"].items():
            print(f"  {side}: {n} wins ({100 * n / max(1, result['finished']):.0f}%)")
        for err in result["errors"][:20]:
            print(f"  error: {err}")
    return 1 if result["errors"] else 0
