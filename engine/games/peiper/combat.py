"""Combat, Off Board Artillery and Bridge Demolition: everything resolved by a card draw."""

from __future__ import annotations

from engine import cards
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex

from .board import TERRAIN_COMBAT, hex_of, in_supply, river_between, spec
from .sequence import after_act, announce_entries, back_to_draw, check_victory, closed_entries, draw, end_turn
from .state import ACTIVATE, FACE, UNIT_ELIMINATED, PeiperState, PendingAttack
from .units import game_map

R_COMBAT = "Combat"
R_OBA = "Off Board Artillery (OBA) Markers"
R_BRIDGE = "Bridge Demolition"
R_SUPPLY = "German Supply"
OBA_STRENGTH = 4


def values(state: PeiperState, uid: str) -> tuple[int, int, int]:
    s = spec(uid)
    return s.reduced if state.units[uid].reduced else s.full


def fire_value(state: PeiperState, uid: str, target: str) -> tuple[int, str]:
    """The firing unit's AT against Mech, AI against Infantry (Combat)."""
    at, _prof, ai = values(state, uid)
    return (at, "AT") if spec(target).mech else (ai, "AI")


def unit_attack(state: PeiperState, uid: str, target: str) -> PendingAttack:
    """Build a unit's attack: its value and the card modifiers, each with its reason."""
    gmap = game_map()
    here, there = hex_of(state, uid), hex_of(state, target)
    assert here is not None and there is not None
    strength, kind = fire_value(state, uid, target)
    modifier, reasons = 0, []
    terrain = gmap.terrain_of(there)
    if TERRAIN_COMBAT.get(terrain):
        modifier += TERRAIN_COMBAT[terrain]
        reasons.append(f"+{TERRAIN_COMBAT[terrain]} {terrain.replace('_', ' ')}")
    if river_between(gmap, here, there):
        modifier += 1
        reasons.append("+1 across the river")
    side = state.units[uid].side
    supplied = in_supply(state, uid)
    if not supplied:
        modifier += 1
        reasons.append("+1 attacker out of supply")
    if there.label in state.oba_support[side] and (side != "ge" or supplied):
        modifier -= 1
        reasons.append("-1 OBA support")
    reasons.insert(0, f"{kind} {strength}")
    return PendingAttack(uid, side, target, strength, modifier, reasons)


def oba_attacks(state: PeiperState, side: str, target_hex: Hex) -> list[PendingAttack]:
    enemies = [
        u.id for u in state.units.values()
        if u.hex == target_hex.label and u.side != side and u.status == "on_map"
    ]
    return [
        PendingAttack("OBA", side, t, OBA_STRENGTH, 0, [f"OBA {OBA_STRENGTH}, terrain ignored"])
        for t in enemies
    ]


def resolve_attacks(state: PeiperState, events: list[Event]) -> None:
    """Draw for each waiting attack in order; stop at a face card for the firer's choice."""
    while state.attacks:
        attack = state.attacks[0]
        if state.units[attack.target].status == UNIT_ELIMINATED:
            state.attacks.pop(0)
            continue
        who = "OBA" if attack.attacker == "OBA" else attack.attacker
        card = draw(state, events, f"Combat draw for {who} against {attack.target}",
                    R_OBA if attack.attacker == "OBA" else R_COMBAT)
        if card is None:
            # Ruling 11: with no card left each waiting attack misses, said for each, and the turn ends.
            for missed in state.attacks:
                if state.units[missed.target].status != UNIT_ELIMINATED:
                    by = "OBA" if missed.attacker == "OBA" else missed.attacker
                    events.append(Event("attack", f"No card is left for the combat draw: {by}'s attack on "
                                        f"{missed.target} misses.", R_OBA if by == "OBA" else R_COMBAT,
                                        side=missed.side, data={"attacker": missed.attacker, "target": missed.target,
                                                                "hit": False}))
            state.attacks = []
            end_turn(state, events, "all cards are drawn")
            return
        if cards.is_joker(card):
            events.append(Event("attack", f"The Joker: {who}'s attack on {attack.target} misses.", R_COMBAT))
            end_turn(state, events, "the Joker was drawn")
            return
        if cards.is_face(card):
            state.phase, state.side = FACE, attack.side
            events.append(
                Event(
                    "prompt",
                    f"{cards.describe(card)} is a face card: redraw, or treat the attack as a miss "
                    "(firer's option).",
                    R_COMBAT,
                    side=attack.side,
                )
            )
            return
        state.attacks.pop(0)
        _resolve_number(state, events, attack, card)
        if check_victory(state, events):
            return
    # All attacks resolved.
    if state.acts > 0 or state.act_units:
        state.phase = ACTIVATE
        after_act(state, events)
    else:
        back_to_draw(state, events)


def _resolve_number(state: PeiperState, events: list[Event], attack: PendingAttack, card: str) -> None:
    total = cards.value(card) + attack.modifier
    hit = total <= attack.strength
    target = state.units[attack.target]
    closed = closed_entries(state)
    arithmetic = f"{cards.describe(card)} {'; '.join(attack.reasons[1:]) or 'no modifier'} = {total}"
    need = f"needs {attack.strength} or less ({attack.reasons[0]})"
    if not hit:
        result = "miss"
    elif target.reduced:
        target.status, target.hex = UNIT_ELIMINATED, None
        result = f"hit: {target.id} was already flipped and is eliminated"
    else:
        target.reduced = True
        result = f"hit: {target.id} is flipped to its reduced side"
    who = "OBA" if attack.attacker == "OBA" else attack.attacker
    src = hex_of(state, attack.attacker) if attack.attacker != "OBA" else None
    events.append(
        Event(
            "attack",
            f"{who} fires on {attack.target}: {arithmetic}, {need}: {result}.",
            R_OBA if attack.attacker == "OBA" else R_COMBAT,
            side=attack.side,
            data={"attacker": attack.attacker, "target": attack.target, "hit": hit},
        )
    )
    announce_entries(state, events, closed)  # a German unit eliminated in Stoumont opens 2/23/3's entry
    overlay = {"kind": "fire", "to": _target_hex(state, attack), "hit": hit, "side": attack.side}
    if src is not None:
        overlay["from"] = src.label
    if overlay["to"]:
        state.overlays.append(overlay)


def _target_hex(state: PeiperState, attack: PendingAttack) -> str:
    for o in reversed(state.overlays):
        if o.get("kind") == "artillery" and attack.attacker == "OBA":
            return str(o["hex"])
    h = state.units[attack.target].hex
    return h or ""


def face_choice(state: PeiperState, events: list[Event], redraw: bool) -> None:
    """Combat: redraw a face card, or treat it as a miss (firer's option)."""
    attack = state.attacks[0]
    state.phase = ACTIVATE
    if redraw:
        events.append(Event("choice", f"{attack.side.upper()} redraws the face card.", R_COMBAT, side=attack.side))
    else:
        state.attacks.pop(0)
        events.append(
            Event("attack", f"The face card is treated as a miss: {attack.target} is unharmed.", R_COMBAT,
                  side=attack.side)
        )
    resolve_attacks(state, events)


def demolition(state: PeiperState, events: list[Event], bridge_name: str) -> None:
    """Bridge Demolition: a second CD, -1 US adjacent, +2 GE adjacent, under 10 blows it."""
    gmap = game_map()
    bridge = gmap.bridges[bridge_name]
    near = {bridge.side.a.label, bridge.side.b.label}
    sides_near = {u.side for u in state.units.values() if u.status == "on_map" and u.hex in near}
    modifier, reasons = 0, []
    if "us" in sides_near:
        modifier -= 1
        reasons.append("-1 US unit adjacent")
    if "ge" in sides_near:
        modifier += 2
        reasons.append("+2 German unit adjacent")
    card = draw(state, events, f"Demolition draw for the {bridge.name} bridge", R_BRIDGE)
    if card is None:
        events.append(Event("demolition", f"No card is left for the demolition draw: the {bridge.name} bridge "
                            "remains intact.", R_BRIDGE, side="us", data={"bridge": bridge.name, "blown": False}))
        end_turn(state, events, "all cards are drawn")
        return
    exact = bool(state.options.get("exactly_10_succeeds", False))
    if cards.is_joker(card) or cards.is_face(card):
        what = "the Joker" if cards.is_joker(card) else "a face card"
        blown, arithmetic = False, f"{cards.describe(card)} ({what} always fails, whatever the modifiers)"
    else:
        total = cards.value(card) + modifier
        blown = total < 10 or (exact and total == 10)
        arithmetic = f"{cards.describe(card)} {' '.join(reasons)} = {total}, needs under 10"
    if blown:
        state.bridges_down.append(bridge.name)
        text = f"{arithmetic}: the {bridge.name} bridge is blown. Bridge Down marker placed."
    else:
        text = f"{arithmetic}: the {bridge.name} bridge remains intact."
    events.append(
        Event("demolition", text, R_BRIDGE, side="us", data={"bridge": bridge.name, "blown": blown})
    )
    if cards.is_joker(card):
        end_turn(state, events, "the Joker was drawn")
        return
    after_act(state, events)


def check_attack(state: PeiperState, uid: str, target: str) -> None:
    """Combat: a single adjacent enemy unit."""
    here, there = hex_of(state, uid), hex_of(state, target)
    if here is None:
        raise IllegalAction(f"{uid} is not on the map", R_COMBAT)
    if there is None:
        raise IllegalAction(f"{target} is not on the map", R_COMBAT)
    if state.units[target].side == state.units[uid].side:
        raise IllegalAction(f"{target} is a friendly unit", R_COMBAT)
    if here.distance(there) != 1:
        raise IllegalAction(
            f"{target} in {there.label} is not adjacent to {uid} in {here.label}: the attacker selects a single "
            "adjacent enemy unit",
            R_COMBAT,
        )
