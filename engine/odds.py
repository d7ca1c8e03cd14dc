"""What an order would do, before it is given: its odds, from the rules themselves.

The order is carried out on scratch copies of the state, once for every way its draws can fall: each die
face, each face of the cards left in a pile (weighted by how many show it), each chit in a cup
(``engine.chance.SCRIPT`` decides every draw). So the numbers are those of the code that will resolve
the order, and they read nothing a player cannot know: the pile's order is never read (a card of the
chosen face is brought to the top) and the copies roll on an RNG made from public facts, not the game's.

An order that draws nothing now but is resolved later (Panzer Leader's fire groups, at the phase's end)
is followed by the game's ``odds_follow`` order. Where the ways to fall pass ``MAX_LEAVES``, a fixed
number of them is sampled instead and the odds are said to be about.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Deck
from engine.chance import SCRIPT
from engine.errors import UmpireError
from engine.events import Event
from engine.game import Action
from engine.rng import Rng, seed_from

MAX_LEAVES = 240  # ways an order can fall walked one by one (deeper draws sampled); past it, SAMPLES drawn
SAMPLES = 240


@dataclass
class Odds:
    command: str
    draws: bool  # does the order (or its follow-up) draw anything?
    exact: bool
    ways: int  # outcomes walked (or sampled)
    outcomes: list[tuple[str, float]] = field(default_factory=list)  # what may happen, each with its chance
    note: str = ""
    cost: str = ""  # what the order spends ("3 MP of 6"): the game's ``order_cost``, the board's words

    @property
    def head(self) -> str:
        """The order, with what it costs where the game counts a cost."""
        return f"{self.command} (costs {self.cost})" if self.cost else self.command

    def chance_of(self, label: str) -> float:
        return sum(p for text, p in self.outcomes if text == label)

    def text(self) -> str:
        if not self.draws:
            return f"{self.head}: nothing is drawn; " + ("; ".join(t for t, _ in self.outcomes) or "no change")
        about = "" if self.exact else "about "
        certain = [label for label, p in self.outcomes if p >= CERTAIN]
        parts = [f"{label} {about}{_pct(p)}" for label, p in self.outcomes if p < CERTAIN]
        text = f"{self.head}: " + ", ".join(parts)
        if certain:
            text += "; in every case: " + ", ".join(certain)
        return text + (f" ({self.note})" if self.note else "")

    def short(self) -> str:
        """The likeliest change and its chance, for a completion label ("Spitze reduced 15%")."""
        changes = [(t, p) for t, p in self.outcomes if t != NO_CHANGE and p < CERTAIN]
        if not self.draws or not changes:
            return ""
        label, p = max(changes, key=lambda tp: tp[1])
        return f"{label} {'' if self.exact else '~'}{_pct(p)}"


NO_CHANGE = "no unit changes"
CERTAIN = 0.9995  # a change this likely happens whatever is drawn (the order's own bookkeeping)


def _pct(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{p * 100:.0f}%"


class _Walker:
    """Chooses every draw: down to ``depth`` the given path (then the first option), recording the options
    met; below ``depth`` (and everywhere, with no depth) by weight from ``rng``, a sample."""

    def __init__(self, path: list[int], depth: int | None = None, rng: Rng | None = None) -> None:
        self.path = path
        self.depth = depth
        self.met: list[list[float]] = []
        self.rng = rng
        self.sampled = False

    def choose(self, options: Sequence[tuple[str, float]]) -> int:
        weights = [w for _, w in options]
        at = len(self.met)
        if self.depth is not None and at < self.depth:
            self.met.append(weights)
            return self.path[at] if at < len(self.path) else 0
        assert self.rng is not None
        self.sampled = True
        ticket = self.rng.below(int(sum(weights)))
        for i, w in enumerate(weights):
            ticket -= int(w)
            if ticket < 0:
                return i
        return len(weights) - 1

    def probability(self) -> float:
        """The chance of the walked draws (the sampled ones below ``depth`` stand for their own)."""
        p = 1.0
        for at, weights in enumerate(self.met):
            p *= weights[self.path[at] if at < len(self.path) else 0] / sum(weights)
        return p


def _next_path(path: list[int], met: list[list[float]]) -> list[int] | None:
    """The next way to fall after ``path`` (depth-first), or None when every way was walked."""
    full = [path[d] if d < len(path) else 0 for d in range(len(met))]
    while full:
        at = len(full) - 1
        if full[at] + 1 < len(met[at]):
            full[at] += 1
            return full
        full.pop()
    return None


def _depth(branching: list[int], budget: int) -> int:
    """How many draws deep every way can be walked within ``budget`` (a probe's branching per draw)."""
    ways, depth = 1, 0
    for n in branching:
        if ways * n > budget:
            break
        ways, depth = ways * n, depth + 1
    return depth


def units(rules: Any, state: Any, side: str | None) -> dict[str, tuple[str, Any, Any, tuple[str, ...], str]]:
    view = rules.view(state, side)
    return {u["id"]: (u["status"], u["reduced"], u["hex"], tuple(u.get("markers", [])), u["name"])
            for u in view["units"]}


def changes(before: dict[str, Any], after: dict[str, Any], result: str = "") -> list[str]:
    """What changed for the units, in words ("Spitze reduced", "S1 dispersed"), and the game's result."""
    said = []
    for uid, (status, reduced, where, markers, name) in after.items():
        old = before.get(uid)
        if old is None:
            said.append(f"{name} appears")
            continue
        if status != old[0]:
            said.append(f"{name} {status.replace('_', ' ')}")
        elif reduced and not old[1]:
            said.append(f"{name} reduced")
        elif where != old[2] and status == old[0]:
            said.append(f"{name} to {where}")
        for marker in markers:
            if marker not in old[3] and marker not in ("activated", "fired", "moved"):
                said.append(f"{name} {marker.replace('_', ' ')}")
    if result:
        said.append(result)
    return said


def _prompt(events: list[Event]) -> str:
    asked = [e for e in events if e.kind == "prompt"]
    return f"then a choice ({asked[-1].rule})" if asked and asked[-1].rule else ("then a choice" if asked else "")


def _scratch(state: Any, public_seed: int) -> Any:
    work = copy.deepcopy(state)
    work.rng = Rng.seeded(public_seed)  # the game's own RNG state is a secret: the copies never read it
    return work


def outcome(rules: Any, work: Any, side: str, action: Action, then: tuple[str, Action] | None,
            before: dict[str, Any]) -> list[str]:
    """Carry the order (and its follow-up) out on ``work``, a copy; what came of it, in words."""
    events = rules.apply(work, side, action)
    if then is not None:
        with contextlib.suppress(UmpireError):  # the follow-up may not be open (the game ended): the order alone
            events += rules.apply(work, *then)
    result = rules.result(work)
    said = changes(before, units(rules, work, side), result.text(rules.side_names) if result is not None else "")
    # a consequence the rules announce (Peiper's ACTs lost to an attack, a unit put out of the game) is said too
    said += [e.text.rstrip(".") for e in events if isinstance(e.data, dict) and e.data.get("consequence")]
    prompt = _prompt(events)
    if prompt:
        said.append(prompt)
    return said or [NO_CHANGE]


def odds(rules: Any, state: Any, side: str, action: Action, max_leaves: int = MAX_LEAVES,
         samples: int = SAMPLES) -> Odds:
    """The chances of what ``action`` would do for ``side`` now (refused as ``apply`` would refuse it)."""
    _, parsed = rules.check(state, side, action)  # an illegal order is refused with its reason, as apply would
    cost = rules.order_cost(state, side, parsed) or ""
    then = rules.odds_follow(state, side, action)
    before = units(rules, state, side)
    public_seed = seed_from("odds", rules.key, getattr(state, "turn", 0), action.command(rules.key))
    command = action.command(rules.key)

    def run(script: _Walker) -> list[str]:
        token = SCRIPT.set(script)
        try:
            return outcome(rules, _scratch(state, public_seed), side, action, then, before)
        finally:
            SCRIPT.reset(token)

    # a probe walks the first way to see how the draws branch; every way is then walked down to the depth
    # the budget allows, and each way's later draws (a turn's next card...) are one weighted sample of them
    deep = _Walker([], 10_000)
    token = SCRIPT.set(deep)
    try:
        outcome(rules, _scratch(state, public_seed), side, action, then, before)
    finally:
        SCRIPT.reset(token)
    branching = [len(w) for w in deep.met]
    depth = _depth(branching, max_leaves)
    tally: dict[str, float] = {}
    path: list[int] | None = []
    ways, exact, draws = 0, True, bool(branching)
    while path is not None and ways < max_leaves:
        walker = _Walker(path, depth, Rng.seeded(public_seed ^ (ways + 1) * 0x2545F491))
        said = run(walker)
        exact = exact and not walker.sampled
        draws = draws or bool(walker.met) or walker.sampled
        p = walker.probability()
        for label in set(said):
            tally[label] = tally.get(label, 0.0) + p
        ways += 1
        path = _next_path(walker.path, walker.met)
    if path is not None:  # wider than the probe showed: sample the whole instead
        exact, tally, ways = False, {}, 0
        for n in range(samples):
            for label in set(run(_Walker([], 0, Rng.seeded(public_seed ^ (n + 1) * 0x5DEECE66)))):
                tally[label] = tally.get(label, 0.0) + 1.0 / samples
            ways += 1
    outcomes = sorted(tally.items(), key=lambda kv: (-kv[1], kv[0]))
    note = "resolved at " + then[1].command(rules.key) if then is not None else ""
    return Odds(command, draws, exact, ways, outcomes, note, cost)


def decks(state: Any) -> list[Deck]:
    """Every deck a state holds (in its fields, lists and dicts), for tests that shuffle what is undrawn."""
    found: list[Deck] = []

    def visit(value: Any, depth: int = 0) -> None:
        if depth > 4:
            return
        if isinstance(value, Deck):
            found.append(value)
        elif dataclasses.is_dataclass(value) and not isinstance(value, type):
            for f in dataclasses.fields(value):
                visit(getattr(value, f.name), depth + 1)
        elif isinstance(value, dict):
            for v in value.values():
                visit(v, depth + 1)
        elif isinstance(value, list | tuple):
            for v in value:
                visit(v, depth + 1)

    visit(state)
    return found
