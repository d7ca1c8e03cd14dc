"""German infantry actions (7.2, the card drawn for each unit deciding A-I), the units holding a hex
(8.6.2 E) and the elite (7.4): whom they fire at (7.2.2 E), where they move (as far toward the goal
as the card allows, then best cover), when they fall back or close assault."""

from __future__ import annotations

from engine.events import Event
from engine.hexgrid import Hex

from . import combat
from .data import Step
from .german_sight import americans, nearest, no_target_reason
from .los import cover_rank, terrain_cover
from .movement import away, card_count, choose_hex, hex_steps, move_unit
from .state import Unit
from .table import US_INFANTRY, Table

STATE_RANK = {"panic": 0, "alert": 1, "calm": 2}


def infantry_target(t: Table, g: Unit, drm_note: str = "") -> tuple[Unit | None, str]:
    """7.2.2 E: the target and why."""
    targets = combat.fire_targets(t, g)
    if not targets:
        return None, ""
    h = t.hex(g)
    adjacent = [u for u in targets if t.hex(u).distance(h) == 1]
    first = ""
    if len(adjacent) > 1:
        def cover(u: Unit) -> int:
            return terrain_cover(t.m, t.hex(u), h)

        if t.option("german_target") != "priorities":  # games stored before the ruling: lowest id
            return min(adjacent, key=lambda u: (cover(u), u.id)), "the adjacent American with the least cover"
        least = min(cover(u) for u in adjacent)
        targets = [u for u in adjacent if cover(u) == least]
        if len(targets) == 1:
            return targets[0], "the adjacent American with the least cover"
        # rulings 7.2.2 E: a tie under the first priority falls through to the next ones
        first = "of the adjacent Americans with the least cover, "
    keyed = [u for u in targets if g.number and u.number == g.number and u.kind in US_INFANTRY]
    if keyed:
        return keyed[0], f"{first}the American with its number {g.number}"
    best = min(targets, key=lambda u: (STATE_RANK[u.state], not t.spec(u).veteran, t.hex(u).distance(h), u.id))
    rest = [u for u in targets if u is not best]
    if any(STATE_RANK[u.state] > STATE_RANK[best.state] for u in rest):
        why = f"{'a Panicked' if best.state == 'panic' else 'an Alert'} unit first"
    elif t.spec(best).veteran and any(not t.spec(u).veteran and u.state == best.state for u in rest):
        why = "a Veteran over regular infantry"
    elif any(t.hex(u).distance(h) == t.hex(best).distance(h) for u in rest
             if (u.state, t.spec(u).veteran) == (best.state, t.spec(best).veteran)):
        why = "the closest American in range, then the lowest id"
    else:
        why = "the closest American in range"
    return best, first + why


def goal_for(t: Table, g: Unit) -> tuple[Unit | None, str]:
    """7.2.1 A/C: the keyed American unit, else the closest American."""
    keyed = [u for u in t.s.on_map("us") if g.number and u.number == g.number and u.kind in US_INFANTRY]
    if keyed:
        return keyed[0], f"its keyed American {t.name(keyed[0])}"
    u = nearest(t, t.hex(g), americans(t))
    return u, (f"the closest American {t.name(u)}" if u else "")


def _move_toward(t: Table, g: Unit, n: int, rule: str) -> bool:
    goal, why = goal_for(t, g)
    if goal is None:
        t.events.append(Event("order", f"{t.name(g)} has no American to move toward: the move is not carried out",
                              rule, "ge"))
        return False
    if g.moved:
        t.events.append(Event("order", f"{t.name(g)} has already moved this turn: it cannot move again", "7.2 E", "ge"))
        return False
    gh = t.hex(goal)
    here = t.hex(g)
    note = ""
    # 7.2.1 A: the card's count of hexes, fewer only where the full count is not possible (rulings
    # 7.2.1 A; option german_move_count "within": anywhere up to it, as stored games were played)
    counted = t.option("german_move_count") == "card"
    pool = card_count(t, g, n, lambda h: h.distance(gh) < here.distance(gh)) if counted else None
    if t.option("german_move") == "sensible":
        dest, note = sensible_hex(t, g, n, gh, pool)
    else:
        # (option german_move=closest) as close as the card allows, then best cover, then fewest
        # American rifles with a shot at the hex, then lowest label.
        def key(h: Hex) -> tuple[object, ...]:
            return (h.distance(gh), -cover_rank(t.m, h), exposure(t, h), h.col, h.row)

        dest = min(pool, key=key) if pool else here if counted else choose_hex(t, g, n, key)
    if dest == here:
        t.events.append(Event("order", f"{t.name(g)} cannot move toward {why}: no hex within {n} it may enter is nearer "
                              f"({here.distance(gh)} hexes away)", rule, "ge"))
        return False
    move_unit(t, g, dest, rule, f"moves toward {why}{note}:")
    return True


def exposure(t: Table, h: Hex) -> int:
    """How many American rifles, mortars excepted, could fire at a German in hex h (8.0 B)."""
    probe_from = [u for u in americans(t) if not t.is_tank(u) and u.kind != "us_mortar"]
    return sum(1 for u in probe_from if combat.in_range(t, u, t.hex(u), h) and t.los(u, t.hex(u), h))


def threats(t: Table, h: Hex) -> list[Unit]:
    """The Americans that could fire at a German in hex h next turn: rifles, the sniper and tanks (HE)
    in range and LOS (8.0 B's "easy shot"); mortars, which see over everything, are left out."""
    return [u for u in americans(t) if u.kind != "us_mortar" and combat.in_range(t, u, t.hex(u), h)
            and t.los(u, t.hex(u), h)]


TERRAIN_WORD = {3: "a building", 2: "woods", 1: "a hill", 0: "open ground"}


def sensible_hex(t: Table, g: Unit, n: int, gh: Hex, pool: list[Hex] | None = None) -> tuple[Hex, str]:
    """7.2.1 A and 8.0 B (option german_move=sensible): among the hexes within the card's n hexes that
    bring the unit nearer its goal (a move "toward" it), the one that does not panic it next to an
    American tank (6.3.6.7 C), then the one that gives the Americans the fewest easy shots (shots at
    a unit in the open: clear or hill), then the nearest to the goal, then the best cover (building >
    woods > hill > clear), then the fewest shots of any kind, then the lowest label."""
    here = t.hex(g)
    options = pool if pool is not None else [h for h in hex_steps(t, g, n) if h.distance(gh) < here.distance(gh)]
    if not options:
        return here, ""
    tanks = [t.hex(u) for u in americans(t, tanks=True)]
    seen = {h: len(threats(t, h)) for h in options}

    def panics(h: Hex) -> bool:
        return g.state != "panic" and any(h.distance(x) <= 2 for x in tanks)

    def key(h: Hex) -> tuple[object, ...]:
        rank = cover_rank(t.m, h)
        return (panics(h), seen[h] if rank < 2 else 0, h.distance(gh), -rank, seen[h], h.col, h.row)

    best = min(options, key=key)
    word = TERRAIN_WORD[cover_rank(t.m, best)]
    shots = seen[best]
    why = f" by the sensible hex (8.0 B): {word}, {shots} American{'s' if shots != 1 else ''} with a shot"
    if any(panics(h) for h in options) and not panics(best):
        why += ", clear of American tanks (6.3.6.7 C)"
    return best, why


def _fire(t: Table, g: Unit, drm: int, reason: str = "") -> bool:
    if g.fired:
        t.events.append(Event("order", f"{t.name(g)} has already fired: it cannot fire again", "7.2 E", "ge"))
        return False
    if g.supply:
        t.events.append(Event("order", f"{t.name(g)} has a Low Supply marker: it cannot fire", "6.5.1 A", "ge"))
        return False
    target, why = infantry_target(t, g)
    if target is None:
        t.events.append(Event("order", f"{t.name(g)} cannot fire: no American in range and LOS; the nearest is "
                              f"{no_target_reason(t, g, False)}", "7.2 D", "ge"))
        return False
    combat.german_fire(t, g, target, drm, reason=f" ({why}{reason})")
    return True


def _assault_target(t: Table, g: Unit) -> Unit | None:
    h = t.hex(g)
    adj = [u for u in americans(t) if t.hex(u).distance(h) == 1]
    if not adj:
        return None
    return min(adj, key=lambda u: (len(t.s.at(t.hex(u))), terrain_cover(t.m, t.hex(u), h), u.id))


def infantry_action(t: Table, g: Unit) -> None:
    """7.2 A-I with the card drawn for this unit."""
    idx = t.draw_action(g)
    card = t.d.actions[idx]
    steps: list[Step] = getattr(card, g.state)
    text = " then ".join(_describe(s) for s in steps)
    t.tell("card", f"{g.state.capitalize()} {t.name(g)} draws '{card.name}': {text}"
           + (" [Low Supply icon]" if card.low_supply else ""), "7.2 A", "ge", card.name, card=idx)
    if g.supply:  # 6.5.1 A: "cannot move, fire, or assault" (kept through 7.1 B only when Panicked)
        t.events.append(Event("order", f"{t.name(g)} has a Low Supply marker: it cannot move, fire or assault",
                              "6.5.1 A", "ge"))
        return
    started_adjacent = any(t.hex(u).distance(t.hex(g)) == 1 for u in americans(t))
    assaulted = False
    if started_adjacent and any(s.do == "assault" for s in steps) and not g.supply:
        target = _assault_target(t, g)
        if target is not None:
            t.events.append(Event("assault", f"{t.name(g)} starts adjacent to {t.name(target)}: assault first",
                                  "7.2.4 A", "ge"))
            combat.assault(t, g, t.hex(target))
            assaulted = True
    for step in ([] if assaulted else steps):
        if g.status != "on_map":
            break
        if step.do == "none":
            t.events.append(Event("order", f"{t.name(g)} takes no action", "7.2 I", "ge"))
        elif step.do == "fire":
            if not _fire(t, g, step.drm) and step.else_move and not g.moved:
                t.events.append(Event("order", f"{t.name(g)} has no target: moves {step.else_move} hex then fires if it can",
                                      "7.2 example", "ge"))
                if _move_toward(t, g, step.else_move, "7.2.1 A"):
                    _fire(t, g, step.drm)
        elif step.do in ("move", "cover", "retreat") and started_adjacent:  # 7.2.1 D: all move actions
            t.events.append(Event("order", f"{t.name(g)} started adjacent to an American: the move is a fire action",
                                  "7.2.1 D", "ge"))
            _fire(t, g, 0)
        elif step.do == "move":
            if g.fired:
                t.events.append(Event("order", f"{t.name(g)} has fired: the card's move {step.hexes} is not carried out "
                                      "(no move after a fire)", "7.2 E", "ge"))
            else:
                _move_toward(t, g, step.hexes, "7.2.1 A")
        elif step.do == "assault":
            if g.fired:  # 7.2 E: no fire then assault
                t.events.append(Event("order", f"{t.name(g)} has fired: the card's assault is not carried out (no assault "
                                      "after a fire)", "7.2 E", "ge"))
                continue
            target = _assault_target(t, g)
            if target is None:
                t.events.append(Event("order", f"{t.name(g)} has no American adjacent: the card's assault is not carried out",
                                      "7.2.4 A", "ge"))
                continue
            combat.assault(t, g, t.hex(target))
            assaulted = True
        elif step.do == "cover":
            if g.moved or g.fired:
                t.events.append(Event("order", f"{t.name(g)} has already {'moved' if g.moved else 'fired'}: it cannot take cover",
                                      "7.2 E", "ge"))
                continue
            here = cover_rank(t.m, t.hex(g))
            dest = _cover_hex(t, g)
            if dest != t.hex(g) and cover_rank(t.m, dest) > here:
                move_unit(t, g, dest, "7.2 A", "takes cover:")
            else:
                t.events.append(Event("order", f"{t.name(g)} takes cover where it is: no hex within 1 it may enter has better "
                                      f"cover than {TERRAIN_WORD[here]}", "7.2 D", "ge"))
        elif step.do == "retreat":
            if g.moved or g.fired:
                t.events.append(Event("order", f"{t.name(g)} has already {'moved' if g.moved else 'fired'}: it cannot fall back",
                                      "7.2 E", "ge"))
                continue
            if t.option("fall_back") == "all":
                dest, note = fall_back_hex(t, g, step.hexes)
            else:  # games stored before the ruling: away from the nearest American only
                threat = nearest(t, t.hex(g), americans(t))
                dest = away(t, g, t.hex(threat), step.hexes) if threat is not None else t.hex(g)
                note = ""
            if dest != t.hex(g):
                move_unit(t, g, dest, "7.2 A", f"falls back{note}:")
            else:
                t.events.append(Event("order", f"{t.name(g)} cannot fall back: no hex within {step.hexes} it may enter is farther "
                                      "from the Americans", "7.2 D", "ge"))
    if card.low_supply and (g.fired or assaulted) and g.status == "on_map":
        g.supply = "low_supply"
        t.events.append(Event("status", f"{t.name(g)} gets a Low Supply marker", "7.2 F", "ge"))


def fall_back_hex(t: Table, g: Unit, n: int) -> tuple[Hex, str]:
    """A card's fall back (rulings 7.2 A, fall back): away from every American, not only the nearest:
    among the hexes of the move (the card's count, 7.2.1 A) that leave the unit farther from the nearest
    American than it is now, the one farthest from them all, then the fewest Americans with a shot at it,
    then the best cover, then the lowest label."""
    here = t.hex(g)
    us = [t.hex(u) for u in americans(t)]
    if not us:
        return here, ""

    def gap(h: Hex) -> int:
        return min(h.distance(x) for x in us)

    now = gap(here)
    if t.option("german_move_count") == "card":
        options = card_count(t, g, n, lambda h: gap(h) > now)
    else:
        options = [h for h in hex_steps(t, g, n) if gap(h) > now]
    if not options:
        return here, ""
    best = min(options, key=lambda h: (-gap(h), len(threats(t, h)), -cover_rank(t.m, h), h.col, h.row))
    return best, f" from the Americans (the nearest now {gap(best)} hexes away, was {now})"


def _cover_hex(t: Table, g: Unit) -> Hex:
    goal, _ = goal_for(t, g)
    gh = t.hex(goal) if goal else t.hex(g)
    return choose_hex(t, g, 1, lambda h: (-cover_rank(t.m, h), h.distance(gh)))


def _describe(s: Step) -> str:
    if s.do == "fire":
        return f"fire{f' {s.drm:+d}' if s.drm else ''}" + (f" (else move {s.else_move} and fire)" if s.else_move else "")
    if s.do in ("move", "retreat"):
        return f"{s.do} {s.hexes}"
    return {"none": "no action", "cover": "take cover", "assault": "assault"}[s.do]


def holder_action(t: Table, g: Unit) -> None:
    """8.6.2 E: building holders fire at the closest unit; no action card."""
    targets = combat.fire_targets(t, g)
    if g.supply:
        t.events.append(Event("order", f"{t.name(g)} holds its building: it has a Low Supply marker and cannot fire",
                              "6.5.1 A", "ge"))
        return
    if not targets:
        t.events.append(Event("order", f"{t.name(g)} holds its building: nothing in range and LOS; the nearest is "
                              f"{no_target_reason(t, g, False)}", "8.6.2 E", "ge"))
        return
    target = nearest(t, t.hex(g), targets)
    assert target is not None
    combat.german_fire(t, g, target, reason=" (holding the building: the closest unit)", rule="8.6.2 E")


def elite_action(t: Table, g: Unit) -> None:
    """7.4: two hexes toward the 1st Lieutenant by cover, out of sight; assault him or fire."""
    if g.supply:  # 6.5.1 A
        t.events.append(Event("order", f"{t.name(g)} has a Low Supply marker: it cannot move, fire or assault",
                              "6.5.1 A", "ge"))
        return
    lt = t.lt()
    goal = t.hex(lt) if lt is not None else None
    if goal is None:
        near = nearest(t, t.hex(g), americans(t))
        goal = t.hex(near) if near else None
    if goal is not None:
        dest = choose_hex(t, g, 2, lambda h: (h.distance(goal), exposure(t, h), -cover_rank(t.m, h)))
        if dest != t.hex(g):
            move_unit(t, g, dest, "7.4 A", "closes on the 1st Lieutenant:")
        else:
            t.events.append(Event("order", f"{t.name(g)} stays at {g.hex}: no hex within 2 it may enter is nearer "
                                  f"{'the 1st Lieutenant' if lt is not None else 'the Americans'}", "7.4 A", "ge"))
    if lt is not None and lt.hex and t.hex(lt).distance(t.hex(g)) == 1:
        unit = t.unit(lt.attached_to)
        combat.assault_lt(t, g, lt, unit)
        return
    lt_unit = lt.attached_to if lt else ""
    targets = [u for u in combat.fire_targets(t, g) if u.id != lt_unit]
    if not targets:
        t.events.append(Event("order", f"{t.name(g)} does not fire: no American other than the Lieutenant's unit in range and LOS",
                              "7.4 B", "ge"))
        return
    target = nearest(t, t.hex(g), targets)
    assert target is not None
    combat.german_fire(t, g, target, reason=" (the nearest American without the Lieutenant)", rule="7.4 B")
