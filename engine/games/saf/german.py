"""The German turn (7.0), run by the rules' own AI: its steps in order (5.0 B), Adjust Status (7.1),
and the order in which the German units act, closest to the Americans first.

Every choice the rules leave open (8.0 B) is made by a fixed order, written in each event:
targets by the 7.2.2 E priorities then nearest then lowest id; moves as far toward the goal as
the card allows, then best cover (building > woods > hill > clear), then lowest hex label.

The German AI *is* the rulebook's section 7.0, so its modules follow the rulebook's sections, each
to be read beside its clauses: german_infantry.py (7.2 infantry, 7.4 elite), german_guns.py (7.2.5
MG 42, 7.2.6 tanks, 7.5 AT guns, 7.3 surprise reinforcements, 8.6.2 D entry fire), german_sight.py
(the Americans a German sees, the nearest, and why it has no target: words every step shares).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.events import Event

from .german_guns import at_gun_action, entry_fire, mg_action, surprise, tank_action
from .german_infantry import elite_action, holder_action, infantry_action
from .german_sight import americans
from .setup import scheduled_arrivals
from .state import Unit
from .table import Table


def adjust_status(t: Table) -> None:
    """7.1. A: Panicked units drop to Alert unless an American tank is within two hexes (rulings 7.1 A).
    B: Low Supply comes off unless Panicked. C: Alert stays Alert."""
    tanks = [t.hex(u) for u in americans(t, tanks=True)]
    for g in t.s.on_map("ge"):
        if g.state == "panic" and not any(t.hex(g).distance(x) <= 2 for x in tanks):
            g.state = "alert"
            t.events.append(Event("status", f"{t.name(g)} recovers from Panic to Alert", "7.1 A", "ge"))
        if g.supply and g.state != "panic":
            g.supply = ""
            t.events.append(Event("status", f"{t.name(g)} removes its Low Supply marker", "7.1 B", "ge"))


def _closeness(t: Table) -> Callable[[Unit], tuple[int, str]]:
    def key(g: Unit) -> tuple[int, str]:
        h = t.hex(g)
        return (min((t.hex(u).distance(h) for u in americans(t)), default=99), g.id)
    return key


def _infantry_actions(t: Table, closeness: Callable[[Unit], tuple[int, str]], *, legacy: bool = False) -> None:
    """7.2, 7.4, 8.6.2 E: infantry closest to the Americans first (7.2.1 B), then the elite."""
    infantry = sorted([g for g in t.s.on_map("ge") if g.kind in ("ge_infantry", "ge_veteran")], key=closeness)
    for g in infantry:
        if g.status != "on_map" or not americans(t):
            continue
        if g.holds:
            holder_action(t, g)
        else:
            infantry_action(t, g)
        g.acted = True
    for g in sorted([g for g in t.s.on_map("ge") if g.kind == "ge_elite"], key=closeness):
        if legacy or (g.status == "on_map" and americans(t)):  # games stored before german_phases
            elite_action(t, g)
        g.acted = True


def _mg_actions(t: Table, closeness: Callable[[Unit], tuple[int, str]]) -> None:
    for g in sorted([g for g in t.s.on_map("ge") if g.kind == "mg42"], key=closeness):
        if americans(t):
            mg_action(t, g)
        g.acted = True


def _tank_actions_and_turn_end(t: Table, closeness: Callable[[Unit], tuple[int, str]]) -> None:
    """7.2.6 and 7.5, the arrivals after the tank step (8.2.2 C ...), 7.3, and every German flips (7.2 H)."""
    for g in sorted([g for g in t.s.on_map("ge") if g.kind in ("panzer", "tiger", "at_gun")], key=closeness):
        if g.status != "on_map" or not americans(t):
            continue
        if g.kind == "at_gun":
            at_gun_action(t, g)
        else:
            tank_action(t, g, 3 if g.kind == "tiger" else t.spec(g).mp)
        g.acted = True
    for g in scheduled_arrivals(t, "after_tanks"):
        if g.fire_on_entry:
            entry_fire(t, g)
    surprise(t)
    for g in t.s.units.values():
        if g.side == "ge":
            g.acted = g.moved = g.fired = False  # 7.2 H


def infantry_step(t: Table) -> None:
    """5.0 B: Adjust Status (7.1), then German Infantry Actions (7.2, 7.4, 8.6.2 E)."""
    t.events.append(Event("phase", f"German turn {t.s.turn}: adjust status and infantry actions", "5.0 B", "ge"))
    adjust_status(t)
    if not [g for g in t.s.on_map("ge") if g.kind in ("ge_infantry", "ge_veteran", "ge_elite")]:
        t.events.append(Event("order", "No German infantry on the map: nothing to activate", "7.2", "ge"))
    _infantry_actions(t, _closeness(t))


def mg_step(t: Table) -> None:
    """5.0 B, 7.2.5 A: German MG 42 Actions, after the infantry."""
    t.events.append(Event("phase", f"German turn {t.s.turn}: MG 42 actions", "7.2.5 A", "ge"))
    _mg_actions(t, _closeness(t))


def tank_step(t: Table) -> None:
    """5.0 B: German Tank Actions (7.2.6) and the AT gun (7.5), the arrivals after the tank step
    (8.2.2 C ...), the Surprise Reinforcement Check (7.3); every German flips back (7.2 H)."""
    t.events.append(Event("phase", f"German turn {t.s.turn}: tank actions and the surprise reinforcement check",
                          "7.2.6 A", "ge"))
    _tank_actions_and_turn_end(t, _closeness(t))


STEPS: dict[str, tuple[str, Callable[[Table], None]]] = {
    "infantry": ("German infantry actions", infantry_step),
    "mg42": ("German MG 42 actions", mg_step),
    "tanks": ("German tank actions", tank_step),
}


STEP_RULE = {"infantry": "7.2", "mg42": "7.2.5", "tanks": "7.3"}


def next_step(t: Table, step: str) -> str:
    """The step after ``step`` (empty when the German turn is over); the MG 42 step is skipped when no
    MG 42 team is on the map (nothing of it to show)."""
    order = list(STEPS)
    i = order.index(step) + 1 if step else 0
    while i < len(order):
        if order[i] != "mg42" or any(g.kind == "mg42" for g in t.s.on_map("ge")):
            return order[i]
        i += 1
    return ""


def german_step(t: Table, step: str) -> None:
    """One step of the German turn, closing its phase: the service draws a map of it (5.0 B)."""
    STEPS[step][1](t)
    t.events.append(Event("phase", f"{STEPS[step][0]} over", STEP_RULE[step], "ge", phase_end=True))


def german_turn(t: Table) -> None:
    """The whole German turn in one go (option german_phases off: games stored before it). The order
    of activation is fixed once, at the start of the turn, as those games were played."""
    t.events.append(Event("phase", f"German turn {t.s.turn}", "7.0", "ge"))
    adjust_status(t)
    closeness = _closeness(t)
    _infantry_actions(t, closeness, legacy=True)
    _mg_actions(t, closeness)
    _tank_actions_and_turn_end(t, closeness)
    t.events[-1].phase_end = True
