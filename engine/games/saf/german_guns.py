"""The German guns: MG 42 teams (7.2.5), tanks (7.2.6), the AT gun (7.5), a unit firing as it enters
(8.6.2 D) and the Surprise Reinforcement Check (7.3) that may bring a Veteran or an AT gun."""

from __future__ import annotations

from engine.events import Event
from engine.hexgrid import Hex

from . import combat
from .german_sight import americans, nearest, no_target_reason
from .los import terrain_cover
from .movement import choose_hex, move_unit, route_lengths
from .state import Unit
from .table import Table


def mg_action(t: Table, g: Unit) -> None:
    """7.2.5: never moves; closest target, least cover, Veteran first; 2d6 keep the higher."""
    targets = combat.fire_targets(t, g)
    if not targets:
        t.events.append(Event("order", f"{t.name(g)} has no target in range and LOS: the nearest is {no_target_reason(t, g, False)}",
                              "7.2.5 C", "ge"))
        return
    h = t.hex(g)
    target = min(targets, key=lambda u: (t.hex(u).distance(h), terrain_cover(t.m, t.hex(u), h),
                                         not t.spec(u).veteran, u.id))
    combat.german_fire(t, g, target, dice_n=2, reason=" (the closest target)", rule="7.2.5")


def tank_action(t: Table, g: Unit, moves: int = 1) -> None:
    """7.2.6: fire at the closest American tank in range and LOS, else move toward it seeking LOS;
    with no American tanks, fire HE at / move toward infantry (D)."""
    us_tanks = americans(t, tanks=True)
    h = t.hex(g)
    in_sight = combat.fire_targets(t, g, tanks=True)
    if in_sight:
        target = nearest(t, h, in_sight)
        assert target is not None
        t.events.append(Event("order", f"{t.name(g)} fires at the closest American tank in range and LOS, {t.name(target)}",
                              "7.2.6 C", "ge"))
        combat.german_tank_fire(t, g, target)
        return
    if not us_tanks:
        inf = combat.fire_targets(t, g)
        if inf:
            target = nearest(t, h, inf)
            assert target is not None
            combat.german_fire(t, g, target, dice_n=2, reason=" (HE: no American tanks, the closest infantry)",
                               rule="7.2.6 D")
            return
    goal = nearest(t, h, us_tanks or americans(t))
    if goal is None:
        t.events.append(Event("order", f"{t.name(g)} neither fires nor moves: no American on the map", "7.2.6 C", "ge"))
        return
    gh = t.hex(goal)
    # 7.2.6 C: toward the closest American tank along a route the tank may drive (round woods and
    # buildings), not the straight hex count; a hex with no route counts after every hex with one.
    route = route_lengths(t, g, gh)
    far = len(t.m.terrain) + 1

    def sees(x: Hex) -> bool:
        return any(combat.in_range(t, g, x, t.hex(u)) and t.los(g, x, t.hex(u), ignore=g.id) for u in us_tanks)

    dest = choose_hex(t, g, moves, lambda x: (not sees(x), route.get(x, far + x.distance(gh))))
    if dest != h:
        move_unit(t, g, dest, "7.2.6 C", f"moves toward {t.name(goal)}, seeking LOS:")
        return
    rule = "7.2.6 C" if us_tanks else "7.2.6 D"
    cannot = (f"no American tank in range ({t.spec(g).range}) and LOS to fire at" if us_tanks else
              f"no American infantry in range ({t.spec(g).range}) and LOS for HE")
    t.events.append(Event("order", f"{t.name(g)} neither fires nor moves: {cannot}, and no hex within {moves} it may enter brings "
                          f"it nearer {t.name(goal)} or into LOS of an American tank", rule, "ge"))


def at_gun_action(t: Table, g: Unit) -> None:
    """7.5: no move; the closest tank in range, else the closest infantry with HE."""
    tanks = combat.fire_targets(t, g, tanks=True)
    h = t.hex(g)
    if tanks:
        target = nearest(t, h, tanks)
        assert target is not None
        combat.german_tank_fire(t, g, target)
        return
    inf = combat.fire_targets(t, g)
    if inf:
        target = nearest(t, h, inf)
        assert target is not None
        combat.german_fire(t, g, target, dice_n=2, reason=" (HE at the closest infantry)", rule="7.5 B")
        return
    t.events.append(Event("order", f"{t.name(g)} does not fire: no American tank or infantry in range ({t.spec(g).range}) and LOS "
                          f"(the nearest is {no_target_reason(t, g)})", "7.5 A", "ge"))


def entry_fire(t: Table, g: Unit) -> None:
    """8.6.2 D: the Tiger fires at the closest unit, infantry or tank, when entering play."""
    h = t.hex(g)
    tanks = combat.fire_targets(t, g, tanks=True)
    inf = combat.fire_targets(t, g)
    target = nearest(t, h, tanks + inf)
    if target is None:
        t.events.append(Event("order", f"{t.name(g)} enters play with nothing to fire at: the nearest is {no_target_reason(t, g)}",
                              "8.6.2 D", "ge"))
        return
    if t.is_tank(target):
        combat.german_tank_fire(t, g, target)
    else:
        combat.german_fire(t, g, target, dice_n=2, reason=" (on entering play)", rule="8.6.2 D")


def surprise(t: Table) -> None:
    """7.3: on a 6 a Veteran (blue hex) or an AT gun (red hex or a neighbour with better LOS) arrives."""
    if any(u.surprise for u in t.s.on_map("ge")):
        t.events.append(Event("phase", "A surprise unit is already in play: no roll", "7.3 D", "ge"))
        return
    if t.roll(1, "Surprise reinforcement check (6 = arrives)", "7.3 A", "ge")[0] != 6:
        return
    pick = t.roll(1, "Surprise unit (1-3 Veteran, 4-6 AT gun)", "7.3 A", "ge")[0]
    blue, red = t.m.markers["blue"][0], t.m.markers["red"][0]
    options = [("ge_elite", blue), ("at_gun", red)] if pick <= 3 else [("at_gun", red), ("ge_elite", blue)]
    for kind, h in options:
        if any(u.side == "us" for u in t.s.at(h)):
            t.events.append(Event("phase", f"{h.label} is held by Americans: the other result", "7.3 B", "ge"))
            continue
        spot = h
        if kind == "at_gun":
            spot = _at_gun_spot(t, h)
        if not t.room(spot, kind, 1, "ge"):
            break
        u = t.new_unit(kind, hex=spot.label, surprise=True)
        t.events.append(Event("arrive", f"Surprise! {t.name(u)} arrives at {spot.label}",
                              "7.3 A", "ge", {"unit": u.id}))
        return
    t.events.append(Event("phase", "No surprise unit can appear this turn", "7.3 C", "ge"))


def _at_gun_spot(t: Table, red: Hex) -> Hex:
    probe = Unit(id="probe", kind="at_gun", side="ge")

    def seen(h: Hex) -> int:
        return sum(1 for u in americans(t) if h.distance(t.hex(u)) <= 5 and t.los(probe, h, t.hex(u)))

    options = [h for h in [red, *t.m.neighbors(red)] if t.room(h, "at_gun", 1, "ge")]
    if not options:
        return red
    return max(options, key=lambda h: (seen(h), h == red, -h.col, -h.row))
