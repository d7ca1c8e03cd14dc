"""One tuning run of the hard German on a Peiper layout (issue 42): set constants of the Peiper AI
modules in this process, play the deals as `umpire selfplay` does, print one line (wins, ACTs thrown
away, cards passed, turn p95). Every row of docs/ai.md's issue 42 tuning tables is one such run.

    nice -n 19 .venv/bin/python tools/peiper_tune.py --us-style careful --games 20 --seed 11 \
        ai_plan.MECH_FIRST=60 ai_search.CROSSINGS=True

A setting is MODULE.NAME=VALUE: MODULE one of engine/games/peiper/ai_*.py, NAME an existing
upper-case constant of it, VALUE a Python literal (number, string, tuple, True/False).
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import sys
import time

from bot import selfplay

SETTING = re.compile(r"^(ai_[a-z_]{1,30})\.([A-Z][A-Z0-9_]{0,40})=(.{1,200})$")
MAX_GAMES = 1000


def apply(setting: str) -> None:
    """Set one module constant; refuses anything but an existing constant of a Peiper AI module."""
    m = SETTING.match(setting)
    if not m:
        raise SystemExit(f"bad setting {setting[:60]!r}: give ai_module.CONSTANT=literal")
    module, name, raw = m.groups()
    try:
        mod = importlib.import_module(f"engine.games.peiper.{module}")
    except ImportError:
        raise SystemExit(f"no Peiper AI module {module!r}") from None
    if not hasattr(mod, name):
        raise SystemExit(f"{module} has no constant {name}")
    try:
        value = ast.literal_eval(raw)
    except (ValueError, SyntaxError):
        raise SystemExit(f"{name}: {raw[:40]!r} is not a literal") from None
    setattr(mod, name, value)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--scenario", default="historical")
    p.add_argument("--us-style", default="careful")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=11)
    p.add_argument("settings", nargs="*")
    args = p.parse_args()
    if not 1 <= args.games <= MAX_GAMES:
        raise SystemExit(f"--games: 1 to {MAX_GAMES}")
    for s in args.settings:
        apply(s)
    t = time.time()
    r = selfplay.run("peiper", args.games, args.seed, scenario=args.scenario, policies=["ge=ai:hard"],
                     us_style=args.us_style, workers=1, timing=True)
    w, g = r["win_rates"]["ge"], r["waste"]["ge"]
    lo, hi = w["ci95"]
    print(" ".join(args.settings) or "as committed", args.scenario, args.us_style, f"seed {args.seed}:",
          f"{w['wins']}/{w['games']} ({lo:.1%}-{hi:.1%})", f"thrown away {g['acts_thrown_away']:.1%}",
          f"passed {g['per_game']['cards_passed']:.1f}", f"turn p95 {r['timing']['ge']['turn_ms']['p95']} ms",
          f"{time.time() - t:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
