"""Is the Panzer Leader bot sensible to watch? (issue 17) Counts, over selfplay games:

(a) returns: a unit's move onto a hex it left earlier in the same player segment (the only time it
    moves; vehicles and infantry move in their own phases, riders with their carrier), and, apart,
    reversals: a unit's move straight back along its previous move, made in its side's next segment;
(b) orders that cannot succeed: every attack the rules resolve (direct fire, indirect fire a counter
    at a time, overrun, close assault, opportunity fire) whose odds are below the table or whose
    chance of any result is 0, fire cancelled for want of firers or target, indirect fire plotted
    that could not succeed as the hex stood (below the table, no result on any die, or plotted in
    the last turn, to land after the game), and unloads whose rider neither moved nor assaulted in
    the rest of its segment (the rules keep an unloaded rider in place that turn);
(c) decided games: from when the attacking side can no longer meet a victory condition (the reach
    bound of ``attacker_cannot_win``) to the end, how many orders each side gave and what they were.

``python tools/pl_watch.py --games 10 --seed 1 [--level normal] [--scenario utah ...] [--json]``
Each game i of a situation is seeded like selfplay (``seed_from("pl", situation, seed, i)``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import registry  # noqa: E402
from engine.games.pl.ai_attacks import indirect_attacks  # noqa: E402
from engine.games.pl.ai_value import outcome  # noqa: E402
from engine.games.pl.board import crt, distance, utype  # noqa: E402
from engine.games.pl.datafiles import situations  # noqa: E402
from engine.games.pl.indirect import indirect_estimate  # noqa: E402
from engine.games.pl.state import PlState  # noqa: E402
from engine.rng import seed_from  # noqa: E402

SCENARIOS = ("utah", "utah_inland", "hill30", "hill30_v2", "crossing")
ATTACK_KINDS = {"I.ii Direct Fire": "fire", "I.i Indirect Fire": "indirect", "II.ii Overrun": "overrun",
                "III. Close Assault Tactics": "assault", "Opportunity": "opportunity"}


def _attack_kind(rule: str) -> str:
    for key, kind in ATTACK_KINDS.items():
        if rule.startswith(key) or key in rule:
            return kind
    return "other"


def _hurt_chance(state: PlState, odds: str, row: int, die: int) -> float:
    table = crt(state)
    col = table.columns.index(odds)
    mod = row - die
    return sum(1 / 6 for d in range(1, 7) if table.result(col, d + mod) != "-")


def _reach(state: PlState, side: str) -> dict[str, int]:
    """An upper bound on the hexes each unit of side may move in one of its segments: every hex at
    least half a movement point (the road rate), one hex whatever the terrain, and a rider as far as
    any carrier of its side besides."""
    units = [u for u in state.units.values() if u.side == side and u.status in ("on_map", "awaiting")]
    carry = max((utype(u).movement for u in units if utype(u).carrier), default=0)
    return {u.id: 2 * utype(u).movement + 1 + (2 * carry + 1 if carry and not utype(u).vehicle else 0)
            for u in units}


def attacker_segments_left(state: PlState, side: str) -> int:
    """The attacking side's movement phases still to come, this one included if it is under way."""
    order = state.order
    now = order.index(state.side)
    later_this_turn = sum(1 for s in order[now + 1:] if s == side)
    current = 1 if state.side == side and state.phase in ("combat", "move_vehicles", "move_infantry") else 0
    return current + later_this_turn + (state.turns - state.turn) * order.count(side)


def attacker_cannot_win(state: PlState) -> bool:
    """True if no victory condition can be met at the end however the attacker moves (an upper bound
    on every unit's reach: a necessary condition for each victory condition fails)."""
    vic = situations()[state.scenario].victory
    side = vic.side
    k = attacker_segments_left(state, side)
    reach = _reach(state, side)
    # hexes each unit could stand on at the end
    cands: dict[str, list[str]] = {}
    for u in state.units.values():
        if u.side != side or u.status not in ("on_map", "awaiting") or u.carrier and u.hex is None:
            continue
        if u.status == "on_map" and u.hex is not None:
            starts, segs = [u.hex], k
        else:
            if u.enter_turn > state.turns:
                continue
            starts = u.enter_hexes
            segs = min(k, (state.turns - max(u.enter_turn, state.turn) + 1) * state.order.count(side))
        cands[u.id] = [f"{s}|{segs}" for s in starts]
    for cond in vic.any:
        hexes = cond.hold_all or cond.hexes
        need = len(cond.hold_all) if cond.hold_all else cond.hold_n
        able: set[str] = set()
        covered: set[str] = set()
        for uid, starts in cands.items():
            for s in starts:
                start, segs = s.split("|")
                for h in hexes:
                    if distance(start, h) <= int(segs) * reach[uid]:
                        able.add(uid)
                        covered.add(h)
        if cond.hold_all and covered != set(hexes):
            continue
        if len(covered) >= need and len(able) >= need:
            return False
    return True


@dataclass
class Tally:
    games: int = 0
    actions: int = 0
    moves: int = 0
    returns: int = 0
    reversals: int = 0
    attacks: Counter[str] = field(default_factory=Counter)
    futile: Counter[str] = field(default_factory=Counter)
    cancelled: int = 0
    indirect_plotted_futile: int = 0
    unloads: int = 0
    idle_unloads: int = 0
    decided_games: int = 0
    decided_orders: Counter[str] = field(default_factory=Counter)
    winners: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    overrun_returns: int = 0

    def note(self, kind: str, text: str, most: int = 3) -> None:
        if sum(1 for e in self.examples if e.startswith(kind)) < most:
            self.examples.append(f"{kind}: {text}")

    def as_dict(self) -> dict[str, Any]:
        return {k: (dict(v) if isinstance(v, Counter) else v) for k, v in self.__dict__.items()}


def watch_game(scenario: str, seed: int, levels: dict[str, str], tally: Tally,
               options: dict[str, Any] | None = None) -> None:
    rules = registry.get("pl")
    state = rules.new_state(scenario, seed, dict(options or {}))
    segment: tuple[int, str] = (-1, "")
    seen: dict[str, list[str]] = {}  # unit -> hexes stood on this segment, oldest first
    last_move: dict[str, tuple[int, str, str]] = {}  # unit -> (its side's segment number, from, to)
    segs: Counter[str] = Counter()
    unloaded: dict[str, str] = {}  # rider -> its hex when unloaded this segment
    acted: set[str] = set()
    decided = False
    attacker = situations()[scenario].victory.side
    while not rules.is_over(state):
        if (state.turn, state.side) != segment and state.phase != "setup":
            for uid in unloaded:
                if uid not in acted:
                    tally.idle_unloads += 1
                    tally.note("idle unload", f"seed {seed} turn {segment[0]}: {uid} unloaded at {unloaded[uid]},"
                               f" then neither moved nor assaulted")
            segment = (state.turn, state.side)
            segs[state.side] += 1
            seen = {u.id: [u.hex] for u in state.on_map(state.side) if u.hex}
            unloaded, acted = {}, set()
            if not decided and attacker_cannot_win(state):
                decided = True
                tally.decided_games += 1
        side = rules.to_act(state)
        assert side is not None
        action, why = rules.bot_action(state, side, levels[side])
        if decided:
            tally.decided_orders[f"{'attacker' if side == attacker else 'defender'} {action.kind}"] += 1
        if action.kind == "indirect":
            uid, target = action.args["unit"], action.args["target"]
            _odds, hits = indirect_estimate(state, side, uid, target)
            if state.turn >= state.turns or not hits or not any(
                    outcome(state, a).hurt > 0 for a in indirect_attacks(state, side, uid, target)):
                tally.indirect_plotted_futile += 1
                tally.note("futile plot", f"seed {seed} turn {state.turn}: {why}")
        if action.kind == "unload":
            tally.unloads += 1
            cargo = state.units[action.args["unit"]].cargo
            unloaded[cargo] = state.units[action.args["unit"]].hex or ""
        before = {u.id: u.hex for u in state.on_map(side)}
        events = rules.apply(state, side, action)
        tally.actions += 1
        if action.kind in ("move", "assault", "overrun"):
            for uid in str(action.args.get("units", "")).split(","):
                acted.add(uid)
        for u in state.on_map(side):
            a, b = before.get(u.id), u.hex
            if a is None or b is None or a == b or u.carrier:
                continue
            tally.moves += 1
            hist = seen.setdefault(u.id, [a])
            if b in hist:
                if action.kind == "overrun":
                    tally.overrun_returns += 1
                else:
                    tally.returns += 1
                tally.note("return" if action.kind != "overrun" else "overrun return",
                           f"seed {seed} turn {state.turn}: {u.id} back to {b} ({' -> '.join(hist)} -> {b}); {why}")
            prev = last_move.get(u.id)
            if prev and prev[0] == segs[side] - 1 and prev[1] == b and prev[2] == a:
                tally.reversals += 1
                tally.note("reversal", f"seed {seed} turn {state.turn}: {u.id} {a} -> {b}, back along its last move; {why}")
            last_move[u.id] = (segs[side], a, b)
            hist.append(b)
        for e in events:
            if e.kind == "attack":
                kind = _attack_kind(e.rule or "")
                if "cancelled" in e.text:
                    tally.cancelled += 1
                    continue
                tally.attacks[kind] += 1
                d = e.data or {}
                if "below" in e.text and "no attack" in e.text:
                    tally.futile[kind] += 1
                    tally.note(f"futile {kind}", f"seed {seed} turn {state.turn}: {e.text}")
                elif "odds" in d and _hurt_chance(state, d["odds"], d["row"], d["die"]) == 0:
                    tally.futile[kind] += 1
                    tally.note(f"futile {kind}", f"seed {seed} turn {state.turn}: {e.text} (no result possible)")
    tally.games += 1
    tally.winners[str(rules.winner(state))] += 1


def run(scenarios: tuple[str, ...], games: int, seed: int, level: str, options: dict[str, Any] | None = None
        ) -> dict[str, dict[str, Any]]:
    out = {}
    for sc in scenarios:
        t = Tally()
        for i in range(games):
            watch_game(sc, seed_from("pl", sc, seed, i) & ((1 << 63) - 1), {"us": level, "ge": level}, t, options)
        out[sc] = t.as_dict()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="normal")
    ap.add_argument("--scenario", action="append")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = run(tuple(args.scenario or SCENARIOS), args.games, args.seed, args.level)
    if args.json:
        print(json.dumps(res, indent=1, sort_keys=True))
        return 0
    for sc, t in res.items():
        print(f"{sc}: {t['games']} games, {t['actions']} orders, {t['moves']} unit moves; returns {t['returns']},"
              f" reversals next segment {t['reversals']}; attacks {t['attacks']}, futile {t['futile']},"
              f" cancelled {t['cancelled']}, indirect plotted that cannot succeed {t['indirect_plotted_futile']};"
              f" overrun returns {t['overrun_returns']}; unloads {t['unloads']} (idle {t['idle_unloads']}); decided {t['decided_games']}:"
              f" {t['decided_orders']}; winners {t['winners']}")
        for ex in t["examples"]:
            print("   ", ex)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
