"""Movement phase: terrain costs, the road bonus, streams, stacking, mines and blocks, a stack's path
and its move.

These rules interlock in one step cost (a road bonus, a stream, mines and a block all change the
same path search), so they stay together; the orders built on a step cost live beside it: overrun.py
(moving through an enemy hex), transport.py (loading and unloading), engineers.py (clearing a
minefield or block) and forts.py.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.chance import Chance
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex, shortest_path
from engine.listing import remember
from engine.refusal import FINE, Why

from .board import (
    STACK_LIMIT,
    cliff_between,
    elevation,
    fort_at,
    fort_stack,
    gmap,
    hx,
    is_bridge,
    label_of,
    own_unit,
    road_link,
    stack_count,
    tec,
    terrain,
    utype,
)
from .combat import Attack, elements_at, roll_and_apply
from .state import PlState, Unit

R_MOVE = "II. Movement Phase"
R_ROAD = "II. Road Bonus"
R_STACK = "II. Stacking"
R_STREAM = "II. Streams"
R_MINES = "Mines (optional)"
R_BLOCKS = "Blocks (optional)"
R_ENGINEERS = "Engineers (optional): clearing minefields and blocks"


def is_vehicle(u: Unit) -> bool:
    return utype(u).vehicle


def mine_at(state: PlState, label: str) -> bool:
    return bool(state.options.get("mines")) and label in state.mines


def mine_known(state: PlState, label: str, side: str) -> bool:
    """A minefield the side knows of: its own, or an enemy one a unit has entered. Paths are chosen
    with these only: an unseen enemy minefield is found by entering it."""
    return mine_at(state, label) and (state.mines[label] == side or label in state.mines_seen)


def block_at(state: PlState, label: str) -> bool:
    return label in state.blocks and (bool(state.options.get("blocks")) or label in state.built_blocks)


def bridge_up(state: PlState, label: str) -> bool:
    return is_bridge(label) and label not in state.bridges_down


def engineer_vehicles(state: PlState) -> bool:
    return bool(state.options.get("engineer_vehicles"))


def special(u: Unit) -> str:
    return utype(u).special


def lone_bridgelayer(state: PlState, movers: list[Unit]) -> bool:
    return engineer_vehicles(state) and len(movers) == 1 and special(movers[0]) == "bridgelayer"


Occupancy = dict[str, list[Unit]]


def occupancy(state: PlState) -> Occupancy:
    occ: Occupancy = {}
    for u in state.units.values():
        if u.status == "on_map" and u.hex:
            occ.setdefault(u.hex, []).append(u)
    return occ


def _count(state: PlState, occ: Occupancy, label: str, exclude: set[str]) -> int:
    n = fort_stack(state, label, occ.get(label, []), exclude)
    n += state.wrecks.get(label, 0)
    return n + (1 if block_at(state, label) else 0)


def stack_size(state: PlState, occ: Occupancy, label: str) -> int:
    """board.stack_count from an occupancy table (the same count)."""
    return _count(state, occ, label, set())


def step_cost(
    state: PlState, movers: list[Unit], a: Hex, b: Hex, road_bonus: bool = True, occ: Occupancy | None = None
) -> float | None:
    """MP to step from a to b for a group, or None where it may not enter."""
    if b not in gmap():
        return None
    return label_step_cost(state, movers, label_of(a), label_of(b), road_bonus,
                           occ if occ is not None else occupancy(state))


def road_bonus_lost(state: PlState, movers: list[Unit], lb: str, occ: Occupancy, true_mines: bool = False) -> bool:
    """II. Road Bonus: "negated if hex contains 2+ units (not including moving unit) or any block,
    fortification, or minefield". Units only: wrecks are not units (they count for stacking, not
    here); a carrier with its cargo, or a fortification with the units in it, is one. A path is
    planned with the minefields the movers' side knows of; ``true_mines``: the step as walked, where an
    unseen minefield negates the bonus too (option road_bonus_old: wrecks counted, unseen mines not)."""
    side = movers[0].side
    ids = {u.id for u in movers}
    if block_at(state, lb) or fort_at(state, lb):
        return True
    if state.options.get("road_bonus_old"):
        return mine_known(state, lb, side) or _count(state, occ, lb, ids) >= 2
    if mine_known(state, lb, side) or (true_mines and mine_at(state, lb)):
        return True
    return fort_stack(state, lb, occ.get(lb, []), ids) >= 2


def label_step_cost(state: PlState, movers: list[Unit], la: str, lb: str, road_bonus: bool, occ: Occupancy,
                    true_mines: bool = False) -> float | None:
    """step_cost between two adjacent board hexes given by label (the movement searches' hot path)."""
    side = movers[0].side
    enemies = [u for u in occ.get(lb, []) if u.side != side]
    if enemies and not (fort_at(state, lb) and not any(u.on_fort for u in enemies)):
        return None  # only an overrun passes through enemy units (or a unit going ON an enemy fortification)
    if cliff_between(la, lb):
        return None  # no unit crosses a cliff hexside (ruling: Swamp, sea, beach and cliffs)
    vehicle = any(is_vehicle(u) for u in movers)
    t = tec(state)
    kind_b = terrain(lb)
    entry = t.terrain[kind_b]
    road = road_link(la, lb)
    if vehicle and (is_bridge(la) and not road):
        return None  # vehicles leave a bridge along its road
    if vehicle and kind_b == "stream" and lb in state.temp_bridges:
        return float(t.terrain["clear"].vehicle or 1) + (t.climb_cost if elevation(lb) > elevation(la) else 0)
    if vehicle and kind_b == "stream" and lone_bridgelayer(state, movers):
        return float(entry.infantry or 2)  # a bridgelayer drives into the stream, and stops there
    if vehicle and kind_b == "stream" and not (bridge_up(state, lb) and road):
        return None  # vehicles cross streams only on bridges
    if block_at(state, lb) and vehicle and "woods" in (terrain(la), kind_b):
        return None  # no vehicle enters a block across a woods hexside
    if road and road_bonus and not road_bonus_lost(state, movers, lb, occ, true_mines):
        return t.road_cost
    base = entry.vehicle if vehicle else entry.infantry
    if base is None:
        if not road:
            return None
        base = entry.infantry if entry.infantry is not None else 1.0
    if elevation(lb) > elevation(la):
        base += t.climb_cost
    return float(base)


def step_bar(state: PlState, movers: list[Unit], la: str, lb: str) -> str:
    """Why the movers may not step from la into lb at all, in words naming the terrain or units that
    bar it ('' if they may): the conditions under which label_step_cost gives None."""
    side = movers[0].side
    occ = occupancy(state)
    enemies = [u for u in occ.get(lb, []) if u.side != side]
    if enemies and not (fort_at(state, lb) and not any(u.on_fort for u in enemies)):
        return f"{lb} holds enemy units (only an overrun moves through them)"
    if cliff_between(la, lb):
        return f"a cliff hexside lies between {la} and {lb}: no unit crosses one"
    vehicle = any(is_vehicle(u) for u in movers)
    kind = terrain(lb)
    entry = tec(state).terrain[kind]
    road = road_link(la, lb)
    if vehicle and is_bridge(la) and not road:
        return f"vehicles leave the bridge at {la} along its road"
    if vehicle and kind == "stream" and lone_bridgelayer(state, movers):
        return ""  # a bridgelayer drives into a stream hex (and stops there: stop_bar)
    if vehicle and kind == "stream" and lb not in state.temp_bridges and not (bridge_up(state, lb) and road):
        return f"{lb} is a stream hex: vehicles cross streams only on an intact bridge, along its road (II. Streams)"
    if block_at(state, lb) and vehicle and "woods" in (terrain(la), kind):
        return f"vehicles may not enter the block at {lb} across a woods hexside (Blocks)"
    if (entry.vehicle if vehicle else entry.infantry) is None and not road:
        if entry.vehicle is None and entry.infantry is None:
            return f"{lb} is {kind}: no unit enters it"
        return f"{lb} is {kind}: {'vehicles' if vehicle else 'infantry'} enter it only along a road"
    return ""


def barred(state: PlState, movers: list[Unit], start: str, goal: str) -> str:
    """Why no path leads from start to goal: what bars the goal from every side, or the direct step."""
    if hx(start).distance(hx(goal)) == 1:
        why = step_bar(state, movers, start, goal)
        if why:
            return why
    sides = [step_bar(state, movers, n.label, goal) for n in gmap().neighbors(hx(goal))]
    if sides and all(sides):
        own = [s for s in sides if s.startswith(goal)]  # what the goal hex itself is, first
        return (own or sides)[0]
    # The goal may be entered, but not reached: name what bars the way nearest the goal.
    cost_of = label_cost_fn(state, movers, start)
    seen, todo, walls = {start}, [start], []
    while todo:
        a = todo.pop()
        for n in gmap().neighbors(hx(a)):
            if n.label in seen:
                continue
            if cost_of(a, n.label) is not None:
                seen.add(n.label)
                todo.append(n.label)
            elif why := step_bar(state, movers, a, n.label) or stop_bar(state, movers, start, a, n.label):
                walls.append((n.distance(hx(goal)), n.label, why))
    return f"the way is barred: {min(walls)[2]}" if walls else ""


def stop_bar(state: PlState, movers: list[Unit], start: str, a: str, b: str) -> str:
    """Why a path may not go on from a into b though the step itself is allowed: a stops the move
    (the conditions under which label_cost_fn gives None before label_step_cost)."""
    if a != start and (mine_known(state, a, movers[0].side) or block_at(state, a)):
        return f"a unit entering the {'minefield' if mine_at(state, a) else 'block'} at {a} stops there"
    if a != start and enemy_fort(state, movers[0].side, a):
        return f"a unit going ON the enemy fortification at {a} stops there"
    if a != start and lone_bridgelayer(state, movers) and terrain(a) == "stream" and a not in state.temp_bridges:
        return f"the bridgelayer stops in stream hex {a} (it lays its bridge leaving it in a later phase)"
    if block_at(state, b):
        return f"the block at {b} is entered only from the hex where the phase began (Blocks)"
    return ""


def movers_of(state: PlState, side: str, ids: list[str], phase: str) -> list[Unit]:
    units = [own_unit(state, side, i, R_MOVE) for i in ids]
    if not units:
        raise IllegalAction("name at least one unit to move", R_MOVE)
    here = {u.hex for u in units}
    if len(here) != 1:
        raise IllegalAction("units moving as a stack must start in the same hex", R_MOVE)
    for u in units:
        move_refusal(state, u, phase).raise_if()
    return units


def move_refusal(state: PlState, u: Unit, phase: str) -> Why:
    ut = utype(u)
    if phase == "move_vehicles" and not ut.vehicle:
        return Why(f"{u.id} is not a vehicle: infantry moves after all vehicles (II.iii)", R_MOVE)
    if phase == "move_infantry" and ut.vehicle:
        return Why(f"{u.id} is a vehicle: vehicles moved first (II.i)", R_MOVE)
    if u.carrier:
        return Why(f"{u.id} is loaded on {u.carrier} and moves with it", R_MOVE)
    if u.dispersed:
        return Why(f"{u.id} is dispersed and may not move", R_MOVE)
    if u.fired:
        return Why(f"{u.id} fired this turn and may not move", R_MOVE)
    if u.unloaded_turn == state.turn:
        return Why(f"{u.id} unloaded this turn and may not move", R_MOVE)
    if u.mine_stop:
        return Why(f"{u.id} stopped on a minefield this phase", R_MOVE)
    if besieged(state, u):
        return Why(f"enemy units are ON the fortification at {u.hex}: units IN it may not leave it (Fortifications)", R_MOVE)
    if ut.movement <= 0:
        return Why(f"{u.id} has no movement allowance: it moves only when carried", R_MOVE)
    if u.moved and u.mp_left <= 0:
        return Why(f"{u.id} has no movement points left", R_MOVE)
    return FINE


def besieged(state: PlState, u: Unit) -> bool:
    """u is IN a fortification with enemy units ON it."""
    return bool(u.hex) and fort_at(state, u.hex or "") and not u.on_fort and \
        any(o.side != u.side and o.on_fort for o in state.at(u.hex or ""))


def cost_fn(state: PlState, movers: list[Unit], start: Hex, true_mines: bool = False) -> Callable[[Hex, Hex], float | None]:
    by_label = label_cost_fn(state, movers, label_of(start), true_mines)
    g = gmap()

    def cost(a: Hex, b: Hex) -> float | None:
        return by_label(label_of(a), label_of(b)) if b in g else None

    return cost


def label_cost_fn(state: PlState, movers: list[Unit], start: str,
                  true_mines: bool = False) -> Callable[[str, str], float | None]:
    """The MP cost of a step between adjacent board hexes (labels) for movers starting at start. Within a
    listing (engine.listing: the state holds still) each step's answer is remembered for these movers
    from this start, so the costs of a unit's many moves (``Contract.order_cost``) search on the same
    answers."""
    occ = occupancy(state)
    lone = lone_bridgelayer(state, movers)
    side = movers[0].side
    known: dict[tuple[str, str], float | None] = remember(
        ("pl-steps", id(state), tuple(sorted(u.id for u in movers)), start, true_mines), dict)

    def cost(a: str, b: str) -> float | None:
        if (a, b) not in known:
            known[(a, b)] = _cost(a, b)
        return known[(a, b)]

    def _cost(a: str, b: str) -> float | None:
        if a != start and (mine_known(state, a, side) or block_at(state, a)):
            return None  # a unit entering a minefield or block stops there
        if a != start and enemy_fort(state, movers[0].side, a, occ):
            return None  # a unit going ON an enemy-held fortification stops there
        if a != start and lone and terrain(a) == "stream" and a not in state.temp_bridges:
            return None  # the bridgelayer stops in the stream hex
        if a == start and lone and terrain(a) == "stream" and a not in state.temp_bridges and not movers[0].moved:
            base = label_step_cost(state, movers, a, b, True, occ, true_mines)
            return None if base is None else 3.0  # exiting the stream leaves the bridge: 3 MP
        if block_at(state, b) and (a != start or any(u.moved for u in movers)):
            return None  # enter a block only from the hex where the phase began
        return label_step_cost(state, movers, a, b, True, occ, true_mines)

    return cost


def enemy_fort(state: PlState, side: str, label: str, occ: Occupancy | None = None) -> bool:
    """A fortification with enemy units IN it (and none ON it): side's units may go ON it."""
    if not fort_at(state, label):
        return False
    here = (occ if occ is not None else occupancy(state)).get(label, [])
    enemies = [u for u in here if u.side != side]
    return bool(enemies) and not any(u.on_fort for u in enemies)


def flail_reserve(state: PlState, movers: list[Unit]) -> float:
    """A Sherman Flail leaving a minefield spends half its movement, clearing it."""
    if not engineer_vehicles(state) or not mine_at(state, movers[0].hex or ""):
        return 0.0
    return max((utype(u).movement / 2 for u in movers if special(u) == "flail"), default=0.0)


def mp_after(mp_left: float, spent: float, fresh: bool) -> float:
    """A unit's MP after a move that spent ``spent``: what is left, none when a fresh unit's one hex cost
    more than it had ("all units may move at least one hex")."""
    # an int 0, as the move always set it: the AI's position key prints mp_left (0 and 0.0 differ there),
    # so a float here would change which of two equal orders the bots pick
    return 0 if (fresh and spent > mp_left) else max(0.0, mp_left - spent)


def planned_spend(state: PlState, side: str, ids: list[str], goal: str, via: tuple[str, ...] = ()
                  ) -> tuple[list[Unit], float]:
    """The movers and the MP their move to goal spends as the side knows the map (``plan``'s route, and a
    flail's half allowance leaving its minefield): what ``do_move`` spends unless a draw or an unseen
    minefield halts it. Raises the refusal ``move_problem`` gives."""
    movers = movers_of(state, side, ids, state.phase)
    if movers[0].hex == goal and not via:
        raise IllegalAction(f"{', '.join(ids)} already at {goal}", R_MOVE)
    return movers, plan(state, movers, goal, via)[1] + flail_reserve(state, movers)


def plan(state: PlState, movers: list[Unit], goal: str, via: tuple[str, ...] = ()) -> tuple[list[Hex], float]:
    """The route: the cheapest path to goal, or through the waypoints ``via`` in order (each leg the
    cheapest), within the movers' remaining allowance (a stack moves at its lowest)."""
    start = hx(movers[0].hex or "")
    target = hx(goal)
    cost_of = cost_fn(state, movers, start)
    path: list[Hex] = [start]
    cost = 0.0
    for a, b in zip((start.label, *via), (*via, goal), strict=True):
        if a == b:
            raise IllegalAction(f"the route names {b} twice in a row", R_MOVE)
        found = shortest_path(hx(a), hx(b), cost_of)
        if found is None:
            leg = f" (the leg {a} > {b} of the route)" if via else ""
            why = barred(state, movers, a, b)
            raise IllegalAction(f"no path from {start.label} to {goal} for {', '.join(u.id for u in movers)}{leg}"
                                + (f": {why}" if why else ""), R_STREAM if "stream" in why else R_MOVE)
        path += found[0][1:]
        cost += found[1]
    budget = min(u.mp_left for u in movers) - flail_reserve(state, movers)
    fresh = all(not u.moved for u in movers)
    if cost > budget + 1e-9 and fresh and start.distance(target) == 1 and not via:
        # All units may move at least one hex: straight into the adjacent hex, whatever it costs.
        direct = cost_fn(state, movers, start)(start, target)
        if direct is not None:
            path, cost = [start, target], direct
    if cost > budget + 1e-9 and not (fresh and len(path) == 2):
        barrier = step_bar(state, movers, start.label, goal) if start.distance(target) == 1 and not via else ""
        way = f"; the way round costs {cost:g} MP" if barrier else f"{goal} costs {cost:g} MP from {start.label}"
        raise IllegalAction((f"{start.label} to {goal} directly is barred: {barrier}" if barrier else "") + way +
                            f"; {budget:g} left (a stack moves at its lowest allowance)", R_MOVE)
    if stack_count(state, goal, exclude={u.id for u in movers}) + len([u for u in movers if not u.carrier]) > STACK_LIMIT:
        raise IllegalAction(f"{goal} would hold more than {STACK_LIMIT} units", R_STACK)
    return path, cost


def do_move(state: PlState, events: list[Event], side: str, ids: list[str], goal: str,
            via: tuple[str, ...] = ()) -> list[str]:
    """Move the stack toward goal (stream rolls, minefields, flails, bridgelayers); the hexes walked."""
    movers = movers_of(state, side, ids, state.phase)
    if movers[0].hex == goal and not via:
        raise IllegalAction(f"{', '.join(ids)} already at {goal}", R_MOVE)
    path, cost = plan(state, movers, goal, via)
    start = len(events)  # the move's own event goes first, before the rolls and finds on the way
    walked = [path[0]]
    walk_cost = cost_fn(state, movers, path[0], true_mines=True)
    budget = min(u.mp_left for u in movers) - flail_reserve(state, movers)
    one_hex = all(not u.moved for u in movers) and len(path) == 2  # "may move at least one hex"
    so_far = 0.0
    for step in path[1:]:
        if terrain(step.label) == "stream" and step.label not in state.temp_bridges \
                and not any(utype(u).vehicle for u in movers) \
                and not (bridge_up(state, step.label) and gmap().road_between(walked[-1], step)):
            chance = Chance(state, events)
            die = chance.die()
            ok = die <= 3
            chance.tell(Event("dice", f"{', '.join(ids)} entering stream hex {step.label}: die {die}: "
                              f"{'across' if ok else 'stop at ' + walked[-1].label}", R_STREAM + " (1-3 enters)",
                              side, {"die": die}))
            if not ok:
                break
        if mine_at(state, step.label) and not mine_known(state, step.label, side):
            # An unseen minefield: the move stops on entering it (and it is attacked there).
            if stack_count(state, step.label, exclude={u.id for u in movers}) + \
                    len([u for u in movers if not u.carrier]) > STACK_LIMIT:
                state.mines_seen.append(step.label)
                events.append(Event("note", f"{', '.join(ids)} find a minefield at {step.label} and stop short "
                                    "(no room there)", R_MINES, side, {"hex": step.label}))
                for u in movers:
                    u.mine_stop = True
                break
            if not one_hex and so_far + (walk_cost(walked[-1], step) or 0) > budget + 1e-9 \
                    and not state.options.get("road_bonus_old"):
                # The minefield negates the road bonus: with too few MP left to enter it at the
                # terrain's rate, the movers stop before it, having found it.
                state.mines_seen.append(step.label)
                events.append(Event("note", f"{', '.join(ids)} find a minefield at {step.label} (no road bonus "
                                    "there) and stop short: too few MP left to enter it", R_MINES, side,
                                    {"hex": step.label}))
                for u in movers:
                    u.mine_stop = True
                break
            walked.append(step)
            break
        so_far += walk_cost(walked[-1], step) or 0
        walked.append(step)
    if len(walked) < len(path) and not state.options.get("halt_overstack"):
        # Halted short (a failed stream roll, an unseen minefield with no room): units "may not stop
        # there if doing so would violate stacking limits", so the move ends in the last hex passed
        # that has room for them (the hex it began in always has).
        while len(walked) > 1 and not _room(state, walked[-1].label, movers):
            walked.pop()
    start_cost = cost_fn(state, movers, walked[0], true_mines=True)
    spent = sum(start_cost(walked[i], walked[i + 1]) or 0 for i in range(len(walked) - 1))
    reserve = flail_reserve(state, movers)
    if reserve:
        spent += reserve
        origin = walked[0].label
        state.mines.pop(origin, None)
        if origin in state.inverted:
            state.inverted.remove(origin)
        events.append(Event("clear", f"The flail clears the minefield at {origin} as it leaves ({reserve:g} MP)",
                            "Engineer vehicles (optional): Sherman Flail", side, {"hex": origin}))
    laid = ""
    if lone_bridgelayer(state, movers) and terrain(walked[0].label) == "stream" and len(walked) > 1 \
            and walked[0].label not in state.temp_bridges:
        laid = walked[0].label
        state.temp_bridges[laid] = side
        events.append(Event("bridge", f"{movers[0].id} leaves a temporary bridge at {laid}",
                            "Engineer vehicles (optional): Valentine Bridgelayer", side, {"hex": laid}))
    if len(walked) < len(path):
        spent = max(spent, min(u.mp_left for u in movers))  # a failed stream roll (or a minefield) ends its move
    end = walked[-1].label
    fresh = all(not u.moved for u in movers)
    on_fort = enemy_fort(state, side, end)
    for u in movers:
        u.mp_left = mp_after(u.mp_left, spent, fresh)
        if len(walked) < len(path):
            u.mp_left = 0
        u.moved = True
        u.hex = end
        u.on_fort = on_fort
        if on_fort:
            u.mp_left = 0  # ON an enemy fortification: it stops there
        if u.cargo:
            state.units[u.cargo].hex = end
            state.units[u.cargo].on_fort = on_fort
        if any(terrain(h.label) == "clear" for h in walked[1:]):
            u.revealed = True
    labels = [h.label for h in walked]
    state.overlays.append({"kind": "move", "side": side, "path": labels})
    events.insert(start, Event("move", f"{', '.join(ids)} move {' > '.join(labels)} ({spent:g} MP)", R_MOVE,
                               side, {"units": ids, "path": labels}))
    if mine_at(state, end):
        mine_attack(state, events, movers, end)
    if block_at(state, end) or (lone_bridgelayer(state, movers) and terrain(end) == "stream"
                                and end not in state.temp_bridges):
        for u in movers:
            u.mp_left = 0
    return labels


def _room(state: PlState, label: str, movers: list[Unit]) -> bool:
    """The movers may stop in label without breaking the stacking limit (II. Stacking)."""
    ids = {u.id for u in movers}
    return stack_count(state, label, exclude=ids) + len([u for u in movers if not u.carrier]) <= STACK_LIMIT


def mine_attack(state: PlState, events: list[Event], units: list[Unit], label: str) -> None:
    """Each unit entering a minefield stops and is attacked at 2-1 (mines are never used up)."""
    from .board import crt

    table = crt(state)
    col = table.columns.index("2-1") if "2-1" in table.columns else len(table.columns) // 2
    if label not in state.mines_seen:
        state.mines_seen.append(label)
    for u in units:
        if u.status != "on_map":
            continue
        if engineer_vehicles(state) and special(u) == "flail":
            events.append(Event("note", f"{u.id} (flail) stops on the minefield at {label}: no attack; it clears "
                                "it as it leaves", "Engineer vehicles (optional): Sherman Flail", u.side))
            u.mine_stop = True
            u.mp_left = 0
            continue
        if label in state.inverted and utype(u).kind == "engineer" and state.options.get("engineers"):
            events.append(Event("note", f"{u.id} moves onto the minefield being cleared at {label}: no attack",
                                R_ENGINEERS, u.side))
            u.mine_stop = True
            u.mp_left = 0
            continue
        u.mine_stop = True
        u.mp_left = 0
        els = [e for e in elements_at(state, label) if e.head.id == u.id]
        if not els:
            continue
        a, d = table.ratios[col]
        att = Attack([], [], label, els, els[0].armoured, float(a), float(d), col)
        roll_and_apply(state, events, att, state.mines.get(label, ""), R_MINES + " (always 2-1)",
                       f"Minefield at {label} against {els[0].label}")
        hold_on_minefield(state, events, els[0].units, label)


def hold_on_minefield(state: PlState, events: list[Event], units: list[Unit], label: str) -> None:
    """Units dispersed on a minefield may not move and are attacked again every Combat phase until an
    attack misses them (Mines): they do not turn face up at the end of their segment."""
    if state.options.get("mine_recovery"):
        return
    held = [u for u in units if u.status == "on_map" and u.dispersed and u.hex == label and not u.mine_held]
    for u in held:
        u.mine_held = True
    if not held:
        return
    until = "an attack misses" if state.options.get("mine_miss_recovers") else \
        "they turn face up, at the end of their next segment"
    events.append(Event("note", f"{', '.join(u.id for u in held)} dispersed on the minefield at {label}: "
                        f"no movement, attacked again every Combat phase until {until}", R_MINES,
                        held[0].side, {"units": [u.id for u in held]}))

def move_problem(state: PlState, side: str, ids: list[str], goal: str, via: tuple[str, ...] = ()) -> IllegalAction | None:
    """Why these units may not move (as a stack) to goal now, by the route via if given; None if they may."""
    try:
        movers = movers_of(state, side, ids, state.phase)
        if movers[0].hex == goal and not via:
            return IllegalAction(f"{', '.join(ids)} already at {goal}", R_MOVE)
        plan(state, movers, goal, via)
    except IllegalAction as exc:
        return exc
    return None
