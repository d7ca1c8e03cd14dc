"""The turn sequence (5.0): Enemy Spotted check, order dice, reserves check, German turn, victory."""

from __future__ import annotations

from engine.events import Event
from engine.hexgrid import Hex

from .german import german_step, german_turn, next_step
from .setup import scheduled_arrivals
from .table import GERMAN_INFANTRY, US_INFANTRY, Table

# 6.1 A, Enemy Spotted Table: roll -> (infantry, veterans)
SPOTTED = {1: (2, 0), 2: (3, 0), 3: (3, 2), 4: (4, 3), 5: (4, 3), 6: (5, 4)}
TURNS = 12


def spotting(t: Table) -> None:
    """6.1: fewer than five German infantry + MG 42 units in play -> roll on the table."""
    n = sum(1 for u in t.s.on_map("ge") if u.kind in (*GERMAN_INFANTRY, "mg42"))
    if n >= 5:
        t.events.append(Event("phase", f"Enemy Spotted check: {n} German infantry and MG 42 units in play, no roll",
                              "6.1 A", "ge"))
        return
    roll = t.roll(1, f"Enemy Spotted check ({n} in play, fewer than five)", "6.1 A", "ge")[0]
    inf, vet = SPOTTED[roll]
    t.events.append(Event("phase", f"Enemy spotted: {inf} infantry and {vet} veterans", "6.1 A", "ge"))
    units = []
    for kind, count in (("ge_infantry", inf), ("ge_veteran", vet)):
        for _ in range(count):
            if not t.s.pool.get(kind):
                t.events.append(Event("phase", f"No {t.d.counters[kind].name} counters left to place", "3.0 B", "ge"))
                break
            units.append(t.from_pool(kind))
    t.arrive_german(units, "6.1 B")


def order_dice_count(t: Table) -> int:
    """6.2 A: 5d6; 6.2 B (optional): 6d6 when the Germans outnumber the Americans."""
    if t.s.options.get("outnumbered"):
        ge = len(t.s.on_map("ge"))
        us = len([u for u in t.s.on_map("us") if u.kind != "us_lt"])
        if ge > us:
            return 6
    return 5


def roll_orders(t: Table) -> None:
    if t.s.turn == 1 and t.s.phase == "setup":
        spotting(t)
    n = order_dice_count(t)
    t.s.dice = sorted(t.roll(n, f"Order dice ({n}d6{', we are outnumbered!' if n == 6 else ''})", "6.2 A"))
    t.s.adjusted = False
    t.s.phase = "orders"


def start_turn(t: Table) -> None:
    t.events.append(Event("turn", f"American turn {t.s.turn} of {TURNS}", "6.0", "us"))
    scheduled_arrivals(t, "start")
    spotting(t)
    t.s.phase = "roll"


def reserves_check(t: Table) -> None:
    """6.4: from turn 3, a 6 brings one American infantry counter on at the blue hex."""
    if t.s.turn < 3:
        return
    if t.roll(1, "American reserves check (6 = arrive)", "6.4")[0] != 6:
        return
    blue = t.m.markers["blue"][0]
    spots = sorted((h for h in t.m.hexes() if t.room(h, "us_infantry", 1, "us")),
                   key=lambda h: (h.distance(blue), h.col, h.row))
    if not spots:
        return
    u = t.new_unit("us_infantry", hex=spots[0].label)
    t.events.append(Event("arrive", f"American reserves: {t.name(u)} arrives at {spots[0].label}",
                          "6.4", "us", {"unit": u.id}))


def end_turn(t: Table) -> None:
    """The end of the American turn (6.2 D, 6.4, 6.2 E). With the option german_phases (the default)
    the German turn follows as its own steps, each an entry of the German side that closes a phase
    (5.0 B), so the service draws a map of the American turn, then of each German step."""
    s = t.s
    if s.dice:
        t.events.append(Event("order", f"Unused order dice are lost: {' '.join(map(str, s.dice))}", "6.2 D", "us"))
    s.dice = []
    reserves_check(t)
    for u in s.units.values():
        if u.side == "us":
            u.acted = u.moved = u.fired = False  # 6.2 E
        u.spotted = False
    t.events.append(Event("phase", "End of the American turn", "6.0", "us", phase_end=True))
    if t.option("german_phases"):
        s.phase, s.german_step = "german", next_step(t, "")
        return
    german_turn(t)
    close_turn(t)


def german(t: Table) -> None:
    """One step of the German turn (the German side's entry); after the last, the turn ends."""
    s = t.s
    german_step(t, s.german_step)
    s.german_step = next_step(t, s.german_step)
    if not s.german_step:
        close_turn(t)


def close_turn(t: Table) -> None:
    """After the German turn: victory (8.x.3), the end after turn 12, else the next American turn."""
    s = t.s
    s.phase, s.german_step = "roll", ""
    check_victory(t)
    if s.winner:
        return
    if s.turn >= TURNS:  # the game ends with turn 12: it stays "turn 12 of 12"
        met, where = goal_met(t)
        missing = [f"morale {s.morale} of {t.sc.morale_goal}"] if s.morale < t.sc.morale_goal else []
        if not met:
            missing.append(where)
        finish(t, "ge", f"after turn {s.turn} of {TURNS} the American victory conditions are not met: "
               f"{' and '.join(missing)}", victory_rule(t, "C" if s.scenario == "1" else "B"))
        return
    s.turn += 1
    start_turn(t)


def setup_rule(t: Table) -> str:
    return f"8.{t.s.scenario}.1"


def victory_rule(t: Table, clause: str = "") -> str:
    return f"8.{t.s.scenario}.3" + (f" {clause}" if clause else "")


SIDE_WORDS = {"us": "American", "ge": "German"}


def finish(t: Table, winner: str, reason: str, rule: str) -> None:
    """The game ends: the winner and why (``reason``, shown as 'German wins (why)')."""
    t.s.end(winner, reason, rule)
    t.events.append(Event("end", f"{SIDE_WORDS[winner]} victory: {reason}", rule, winner, phase_end=True))


def goal_met(t: Table) -> tuple[bool, str]:
    """The scenario's condition besides morale, and a line saying where it stands."""
    s, sc, m = t.s, t.sc, t.m
    inf = [u for u in s.on_map("us") if u.kind in US_INFANTRY]
    if sc.victory == "objective":
        obj = m.markers["objective"][0]
        held = any(u.hex == obj.label for u in inf)
        clear = not s.on_map("ge")
        if clear and not held:
            return True, "no German unit left on the map"
        return held, f"objective {obj.label} {'held' if held else 'not held'}"
    if sc.victory == "panzer_kill":
        return s.panzers_destroyed >= 1, f"Panzer IVs destroyed {s.panzers_destroyed}/1"
    if sc.victory == "near_red":
        red = m.markers["red"][0]
        n = sum(1 for u in inf if Hex.parse(u.hex or "0101").distance(red) <= 2)
        return n >= 2, f"infantry near the red hex {n}/2"
    if sc.victory == "fresh_infantry":
        n = sum(1 for u in inf if u.state == "calm")
        return n >= 8, f"fresh infantry {n}/8"
    if sc.victory == "supply":
        return s.supply >= 5, f"supply counters {s.supply}/5"
    held_n = sum(1 for h in m.markers["centre_buildings"] if any(u.hex == h.label for u in inf))
    return held_n == 3, f"centre buildings held {held_n}/3"


def check_victory(t: Table) -> None:
    s = t.s
    if not [u for u in s.on_map("us") if u.kind != "us_lt"]:
        finish(t, "ge", f"every American unit is gone (turn {s.turn} of {TURNS})", victory_rule(t))
        return
    met, where = goal_met(t)
    if s.morale >= t.sc.morale_goal and met:
        finish(t, "us", f"morale {s.morale} of {t.sc.morale_goal} and {where} at the end of turn {s.turn} "
               f"of {TURNS}", victory_rule(t, "A"))
