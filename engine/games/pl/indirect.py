"""Indirect fire (I.i Indirect Fire): an order plotted in secret for the next turn, its spotters,
the scatter when they are lost, and the fire divided among the counters where it lands."""

from __future__ import annotations

from engine.chance import Chance
from engine.errors import IllegalAction
from engine.events import Event
from engine.refusal import FINE, Why

from .board import distance, enemies_at, own_unit, spotters, terrain, utype
from .combat import (
    R_IF,
    Attack,
    bridge_element,
    elements_at,
    neighbour_by_die,
    odds_text,
    roll_and_apply,
    total,
    wec_factor,
)
from .fire import R_SPOT, enemy_bridge
from .state import IndirectOrder, PlState, Unit


def indirect_refusal(state: PlState, u: Unit, target: str) -> Why:
    ut = utype(u)
    if not ut.indirect:
        return Why(f"{u.id} ({ut.weapon}) may not fire indirectly: only M and (H) units", R_IF)
    if u.dispersed or u.carrier:
        return Why(f"{u.id} is {'dispersed' if u.dispersed else 'loaded'}", R_IF)
    assert u.hex is not None
    if terrain(u.hex) == "stream":
        return Why(f"{u.id} is in a stream hex and may not attack", R_IF)
    d = distance(u.hex, target)
    if d > ut.range:
        return Why(f"{target} is {d} hexes away, beyond {u.id}'s range {ut.range}", R_IF)
    if ut.weapon == "(H)" and d * 4 <= ut.range:
        return Why(f"an (H) unit must be over a quarter of its range ({ut.range / 4:g}) from the target; {target} is {d}", R_IF)
    return FINE


def indirect_estimate(state: PlState, side: str, uid: str, target: str) -> tuple[str, bool]:
    """The odds the indirect fire on ``target`` next turn would have as the hex stands now, with the
    orders already plotted on it for that turn and this unit's (in words), and whether any counter
    there could be hit at all (odds on the table). The hex may change before it lands."""
    from .board import crt

    firers = [state.units[o.unit] for o in state.indirect if o.target == target and o.turn == state.turn + 1
              and state.units[o.unit].side == side and o.unit != uid] + [state.units[uid]]
    elements = elements_at(state, target, skip_dispersed=True, enemy_of=side)
    if not elements:
        return "nothing there to hit", False
    n = len(elements_at(state, target, skip_dispersed=True))
    bits, any_on = [], False
    for el in elements:
        share = total([utype(f).attack * wec_factor(state, utype(f).weapon, el.armoured, 0, direct=False)
                       for f in firers]) / n
        col = crt(state).column(share, el.defense)
        any_on = any_on or col is not None
        bits.append(f"{share:.3g} against {el.label} ({el.defense:g}): {odds_text(state, col)}")
    return "; ".join(bits), any_on


def order_indirect(state: PlState, events: list[Event], side: str, uid: str, target: str) -> None:
    u = own_unit(state, side, uid, R_IF)
    if any(o.unit == u.id and o.turn == state.turn + 1 for o in state.indirect):
        raise IllegalAction(f"{u.id} already has an indirect fire order for turn {state.turn + 1}", R_IF)
    indirect_refusal(state, u, target).raise_if()
    live = [e for e in enemies_at(state, side, target) if not e.carrier and not e.dispersed]
    if not live:
        raise IllegalAction(f"no enemy at {target} that may be targeted (loaded and dispersed units may not)", R_IF)
    spot = spotters(state, side, target)
    if not spot:
        raise IllegalAction(f"no friendly unit spots {target} (adjacent, or LOS to an enemy that fired or "
                            "moved in the open; wagons and trucks never spot)", R_SPOT)
    odds, hits = indirect_estimate(state, side, u.id, target)
    state.indirect.append(IndirectOrder(u.id, target, state.turn + 1, [s.id for s in spot],
                                        [s.hex or "" for s in spot]))
    warning = "" if hits else " - WARNING: below the table as the hex stands, it cannot succeed unless more fire joins"
    # Plotted in secret: only the side that gave it sees the order until it lands (secret_key).
    events.append(Event("order", f"{u.id} will fire indirectly at {target} in turn {state.turn + 1} "
                        f"(spotted by {', '.join(s.id for s in spot)}); as the hex stands now: {odds}{warning}",
                        R_IF, side, {"unit": u.id, "target": target}, only=side,
                        until=secret_key(u.id, state.turn + 1)))


def secret_key(uid: str, turn: int) -> str:
    """The secret an indirect-fire order is until it lands (``PanzerLeader.secrets``)."""
    return f"indirect:{uid}:{turn}"


def resolve_indirect(state: PlState, events: list[Event], side: str) -> None:
    """Indirect fire ordered last turn: scatter if the spotters are gone, then divide and resolve."""
    due = [o for o in state.indirect if o.turn == state.turn and state.units[o.unit].side == side]
    state.indirect = [o for o in state.indirect if o not in due]
    by_target: dict[str, list[IndirectOrder]] = {}
    for o in due:
        u = state.units[o.unit]
        why = "" if u.status == "on_map" else f"{u.id} is gone"
        if not why and u.fired:
            why = f"{u.id} already fired"
        why = why or indirect_refusal(state, u, o.target).reason
        if why:
            text = f"{u.id}'s indirect fire at {o.target} does not take place: {why}"
            if u.status == "on_map" and not u.fired:
                u.no_fire_turn = state.turn
                text += "; it may not fire at all this turn"
            events.append(Event("attack", text, R_IF, side))
            continue
        by_target.setdefault(o.target, []).append(o)
    for target, orders in by_target.items():
        firers = [state.units[o.unit] for o in orders]
        for f in firers:
            f.fired = True
            f.fired_target = target
        kept = any(
            state.units[s].status == "on_map" and not state.units[s].dispersed and state.units[s].hex == h
            for o in orders
            for s, h in zip(o.spotters, o.spotter_hexes, strict=False)
        )
        where = target
        if not kept:
            chance = Chance(state, events)
            die = chance.die()
            if die <= 2:
                chance.tell(Event("dice", f"Spotters for {target} lost: scatter die {die}: on target", R_IF, side,
                                  {"die": die}))
            elif die <= 5:
                d2 = chance.die()
                from .board import gmap

                nb = neighbour_by_die(target, d2)
                on_map = nb in gmap()
                chance.tell(Event("dice", f"Spotters for {target} lost: scatter die {die}, direction die {d2}: "
                                  f"lands on {nb.label if on_map else 'off the board'}", R_IF, side,
                                  {"die": die, "direction": d2}), f"die {die}")
                if not on_map:
                    continue
                where = nb.label
            else:
                chance.tell(Event("dice", f"Spotters for {target} lost: scatter die {die}: ineffective", R_IF, side,
                                  {"die": die}))
                continue
        indirect_attack(state, events, side, firers, where)


def indirect_attack(state: PlState, events: list[Event], side: str, firers: list[Unit], where: str) -> None:
    """Add the firers' strength, divide by the counters in the hex, resolve each counter alone."""
    state.indirect_hexes.append(where)
    elements = elements_at(state, where, skip_dispersed=True)
    state.overlays.append({"kind": "artillery", "hex": where})
    bridge = enemy_bridge(state, side, where)
    if not elements and not bridge:
        events.append(Event("attack", f"Indirect fire lands on {where}: nothing there to hit", R_IF, side))
        return
    counts_bridge = bool(state.options.get("if_bridge_share"))
    n = len(elements) + (1 if bridge and counts_bridge else 0)
    raw = total([utype(f).attack for f in firers])
    if n:
        events.append(Event("attack", f"Indirect fire on {where}: {raw:g} factors / {n} unit{'s' if n > 1 else ''} = "
                            f"{raw / n:.4g} each", R_IF, side))
    for el in elements:
        share = total([utype(f).attack * wec_factor(state, utype(f).weapon, el.armoured, 0, direct=False) for f in firers]) / n
        share = round(share, 6)
        att = Attack(firers, [share], where, [el], el.armoured, share, el.defense, None)
        head = f"{', '.join(f.id for f in firers)} (indirect, {share:.4g} each) against {el.label} " \
               f"(defense {el.defense:g}, {'armoured' if el.armoured else 'soft'})"
        roll_and_apply(state, events, att, side, R_IF, head)
    if bridge:
        # "Attacks against temporary bridges by Indirect Fire are always at half strength": half the
        # fire's whole strength; the bridge is no unit, so it takes no share of the division
        # (option if_bridge_share: it counts as one more counter and takes half its share).
        el = bridge_element(state, where)
        # Half strength is the bridge's one factor: the WEC's halving of H and M against armoured
        # targets is not applied on top (option if_bridge_wec: it was, a quarter in all).
        wec_too = bool(state.options.get("if_bridge_wec"))
        full = total([utype(f).attack * (wec_factor(state, utype(f).weapon, True, 0, direct=False) if wec_too else 1)
                      for f in firers])
        share = round(full / (n if counts_bridge else 1) / 2, 6)
        att = Attack(firers, [share], where, [el], True, share, el.defense, None)
        roll_and_apply(state, events, att, side, R_IF + " (half strength against a temporary bridge)",
                       f"{', '.join(f.id for f in firers)} (indirect, {share:.4g}) against {el.label} "
                       f"(defense {el.defense:g})")
