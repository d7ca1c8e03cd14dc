"""Engineers (optional rule): destroying bridges and placing blocks, by staying put on the hex for
whole friendly Movement phases and then rolling a die; clearing minefields and blocks (``clear``:
inverting one from beside it, then removing it from on it). What a mine or block does to a move is
movement.py's."""

from __future__ import annotations

from engine.chance import Chance
from engine.errors import IllegalAction
from engine.events import Event
from engine.refusal import FINE, Why

from .board import gmap, hx, is_bridge, own_unit, terrain, utype
from .movement import R_ENGINEERS, block_at, bridge_up, mine_at, mine_known
from .state import PlState, Unit

R_BRIDGE = "Engineers (optional): destroying bridges"
R_BLOCK = "Engineers (optional): placing blocks"
FIRST_BRIDGE_PHASES = 3
TEMP_BRIDGE_PHASES = 2
# Later attempts: phases on the bridge -> highest die that succeeds.
LATER_BRIDGE_ROLLS = {1: 2, 2: 4, 3: 5}


def count_work(state: PlState, side: str) -> None:
    """At the end of a friendly Movement phase: an engineer that began and ended it on its hex
    counts one more phase there; one that moved starts counting afresh."""
    if not state.options.get("engineers"):
        return
    for u in state.on_map(side):
        if utype(u).kind != "engineer" or u.hex is None:
            continue
        if u.moved or u.hex != u.work_hex:
            u.work_hex = u.hex
            u.work_phases = 0 if u.moved else 1
        else:
            u.work_phases += 1


def _ready(state: PlState, u: Unit, rule: str) -> None:
    if not state.options.get("engineers"):
        raise IllegalAction("the engineers optional rule is not in play", rule)
    if utype(u).kind != "engineer":
        raise IllegalAction(f"{u.id} is not an engineer", rule)
    if state.phase != "move_vehicles":
        raise IllegalAction("engineers work at the beginning of the Movement phase (before infantry moves)", rule)
    if u.dispersed or u.fired or u.carrier or u.moved:
        raise IllegalAction(f"{u.id} must be face up, unloaded, and not have fired or moved this turn", rule)


def bridge_need(state: PlState, label: str) -> tuple[int, int]:
    """(phases needed on the bridge, highest successful die) for the next attempt."""
    return (FIRST_BRIDGE_PHASES, 5) if not state.bridge_tries.get(label) else (1, 2)


def demolish_refusal(state: PlState, u: Unit) -> Why:
    assert u.hex is not None
    temporary = u.hex in state.temp_bridges
    if not temporary and (not is_bridge(u.hex) or not bridge_up(state, u.hex)):
        return Why(f"{u.id} is not on a standing bridge", R_BRIDGE)
    need, _ = bridge_need(state, u.hex)
    if temporary and not state.bridge_tries.get(u.hex):
        need = TEMP_BRIDGE_PHASES
    if u.work_hex != u.hex or u.work_phases < need:
        have = u.work_phases if u.work_hex == u.hex else 0
        return Why(f"{u.id} has held the bridge {have} whole Movement phase(s); {need} needed", R_BRIDGE)
    return FINE


def do_demolish(state: PlState, events: list[Event], side: str, uid: str) -> None:
    u = own_unit(state, side, uid, R_BRIDGE)
    _ready(state, u, R_BRIDGE)
    demolish_refusal(state, u).raise_if()
    label = u.hex or ""
    first = not state.bridge_tries.get(label)
    best = 5 if first else LATER_BRIDGE_ROLLS[min(3, u.work_phases)]
    chance = Chance(state, events)
    die = chance.die()
    state.bridge_tries[label] = state.bridge_tries.get(label, 0) + 1
    u.work_phases = 0
    ok = die <= best
    done = "the temporary bridge is destroyed" if label in state.temp_bridges else "bridge destroyed, a block is placed"
    chance.tell(Event("dice", f"{u.id} fires the charges on the bridge at {label}: die {die} (1-{best} succeeds): "
                      f"{done if ok else 'the attempt fails'}", R_BRIDGE, side, {"die": die, "hex": label}))
    if ok and label in state.temp_bridges:
        state.temp_bridges.pop(label)  # a destroyed temporary bridge leaves no block
    elif ok:
        state.bridges_down.append(label)
        if label not in state.blocks:
            state.blocks.append(label)
            state.built_blocks.append(label)


def block_need(label: str) -> int:
    """Whole Movement phases an engineer must hold a road hex before placing its block."""
    return 2 if terrain(label) == "woods" else 4


def block_refusal(state: PlState, u: Unit) -> Why:
    assert u.hex is not None
    if u.block_tries < 0:
        return Why(f"{u.id} has placed its one block of the game", R_BLOCK)
    if hx(u.hex) not in gmap().road_hexes or is_bridge(u.hex):
        return Why(f"{u.hex} is not a road hex (bridges are destroyed, not blocked)", R_BLOCK)
    if block_at(state, u.hex) or mine_at(state, u.hex) or u.hex in state.forts:
        return Why(f"{u.hex} already holds a block, minefield or fortification", R_BLOCK)
    need = block_need(u.hex) + u.block_tries  # a repeated attempt after one more stationary turn
    have = u.work_phases if u.work_hex == u.hex else 0
    if have < need:
        return Why(f"{u.id} has held {u.hex} {have} whole Movement phase(s); {need} needed", R_BLOCK)
    return FINE


def do_block(state: PlState, events: list[Event], side: str, uid: str) -> None:
    u = own_unit(state, side, uid, R_BLOCK)
    _ready(state, u, R_BLOCK)
    block_refusal(state, u).raise_if()
    label = u.hex or ""
    chance = Chance(state, events)
    die = chance.die()
    ok = die <= 5
    chance.tell(Event("dice", f"{u.id} builds a block at {label}: die {die} (1-5 succeeds): "
                      f"{'block placed' if ok else 'not yet; try again after one more turn'}", R_BLOCK, side,
                      {"die": die, "hex": label}))
    if ok:
        u.block_tries = -1
        state.blocks.append(label)
        state.built_blocks.append(label)
    else:
        u.block_tries += 1


# --- clearing minefields and blocks --------------------------------------------------------------
def clear_refusal(state: PlState, u: Unit, target: str) -> Why:
    if not state.options.get("engineers"):
        return Why("the engineers optional rule is not in play", R_ENGINEERS)
    if utype(u).kind != "engineer":
        return Why(f"{u.id} is not an engineer", R_ENGINEERS)
    if state.phase != "move_vehicles":
        return Why("engineers work at the beginning of the Movement phase (before infantry moves)", R_ENGINEERS)
    if u.dispersed or u.fired or u.carrier or u.moved:
        return Why(f"{u.id} must be face up, unloaded, and not have fired or moved this turn", R_ENGINEERS)
    if not (mine_known(state, target, u.side) or block_at(state, target)):
        return Why(f"no minefield or block known at {target}", R_ENGINEERS)
    assert u.hex is not None
    if target in state.inverted:
        if u.hex != target:
            return Why(f"{u.id} must be on {target} to remove it (turn 4 of the clearing)", R_ENGINEERS)
    elif hx(u.hex).distance(hx(target)) != 1:
        return Why(f"{u.id} must be adjacent to {target} to start clearing it (turn 2 of the clearing)", R_ENGINEERS)
    return FINE


def do_clear(state: PlState, events: list[Event], side: str, uid: str, target: str) -> None:
    u = own_unit(state, side, uid, R_ENGINEERS)
    clear_refusal(state, u, target).raise_if()
    u.moved = True
    u.mp_left = 0
    what = "minefield" if mine_at(state, target) else "block"
    if target in state.inverted:
        state.inverted.remove(target)
        state.mines.pop(target, None)
        if target in state.blocks:
            state.blocks.remove(target)
        events.append(Event("clear", f"{u.id} removes the {what} at {target}", R_ENGINEERS, side, {"hex": target}))
        return
    state.inverted.append(target)
    events.append(Event("clear", f"{u.id} inverts the {what} at {target}: it may move onto it next turn",
                        R_ENGINEERS, side, {"hex": target}))
