"""The turn sequence: set-up, then per player segment Combat, Movement (vehicles, infantry) and
Close Assault; reinforcements, dispersal recovery, the end of the game and victory."""

from __future__ import annotations

from typing import Any

from engine.errors import IllegalAction, NotFound
from engine.events import Event
from engine.refusal import FINE, Why
from engine.rng import Rng

from .assault import resolve_assaults
from .board import STACK_LIMIT, elevation, hx, own_unit, stack_count, step_ok_for_setup, utype
from .combat import elements_at, roll_and_apply
from .datafiles import SIDE_NAMES, situations
from .engineers import count_work
from .fire import resolve_fire_queue
from .indirect import resolve_indirect
from .movement import R_MINES
from .state import PHASE_NAMES, PHASES, PlState, Unit

R_SEQ = "Basic Turn Sequence of Play"
R_SETUP = "Situation set-up"
R_STACK = "II. Stacking"


def new_state(scenario: str, seed: int, options: dict[str, Any]) -> PlState:
    sits = situations()
    if scenario not in sits:
        raise NotFound(f"Unknown situation '{scenario}': choose one of {', '.join(sits)}")
    sit = sits[scenario]
    state = PlState(scenario=scenario, seed=seed, rng=Rng.seeded(seed), options=dict(options), side="ge", turns=sit.turns,
                    order=list(sit.move_order), setup_order=list(sit.setup_order),
                    board="" if options.get("first_board") else sit.board)
    for side, groups in sit.units.items():
        for g in groups:
            if g.enter is None:
                for n, label in enumerate(g.hexes, 1):
                    state.units[f"{g.prefix}{n}"] = Unit(f"{g.prefix}{n}", g.type, side, hex=label)
            else:
                hexes = [str(h) for h in g.enter["hexes"]]
                count = int(g.enter.get("count", len(hexes)))
                for n in range(1, count + 1):
                    state.units[f"{g.prefix}{n}"] = Unit(f"{g.prefix}{n}", g.type, side, status="awaiting",
                                                         enter_turn=int(g.enter["turn"]), enter_hexes=hexes)
    for rider, carrier in sit.carried.items():
        state.units[rider].carrier = carrier
        state.units[carrier].cargo = rider
        state.units[rider].hex = state.units[carrier].hex
    for side, labels in sit.mines.items():
        for label in labels:
            state.mines[label] = side
    for labels in sit.blocks.values():
        state.blocks += labels
    for side, labels in sit.fortifications.items():
        for label in labels:
            state.forts[label] = side
    state.side = state.setup_order[0]
    state.phase = "setup"
    return state


def setup_area(state: PlState, side: str) -> tuple[int, int]:
    cols = situations()[state.scenario].setup_areas[side]["columns"]  # type: ignore[index]
    return int(cols[0]), int(cols[1])


def place_problem(state: PlState, side: str, u: Unit, label: str, count: int | None = None) -> Why:
    """Why u may not be set up at label now (FINE if it may): the one test for set-up placements.
    Each counter is placed once during set-up (so set-up always ends); ``count`` is label's
    stack_count when the caller has it."""
    lo, hi = setup_area(state, side)
    if u.placed:
        return Why(f"{u.id} has already been set up (each counter is placed once; the GM may move it)", R_SETUP)
    if u.carrier:
        return Why(f"{u.id} is loaded on {u.carrier}: place the carrier", R_SETUP)
    if not lo <= hx(label).col <= hi:
        return Why(f"{label} is outside the {SIDE_NAMES[side]} set-up area (columns {lo:02d}-{hi:02d})", R_SETUP)
    if u.hex == label:
        return Why(f"{u.id} is already at {label}", R_SETUP)
    why = step_ok_for_setup(state, u, label)
    if why:
        return Why(why, R_SETUP)
    if any(o.side != side for o in state.at(label)):
        return Why(f"{label} holds enemy units", R_SETUP)
    if (stack_count(state, label, exclude={u.id}) if count is None else count) + 1 > STACK_LIMIT:
        return Why(f"{label} would hold more than {STACK_LIMIT} units", R_STACK)
    return FINE


def do_place(state: PlState, events: list[Event], side: str, uid: str, label: str) -> None:
    if state.phase != "setup":
        raise IllegalAction("units are placed only during set-up", R_SETUP)
    u = own_unit(state, side, uid, R_SETUP)
    place_problem(state, side, u, label).raise_if()
    u.hex = label
    u.placed = True
    if u.cargo:
        state.units[u.cargo].hex = label
    events.append(Event("place", f"{u.id} set up at {label}", R_SETUP, side, {"unit": u.id, "hex": label}))


def end_phase(state: PlState, events: list[Event], side: str) -> None:
    """Close the current phase: resolve what was ordered, then open the next phase."""
    if state.phase == "setup":
        events.append(Event("phase", f"{SIDE_NAMES[side]} set-up complete", R_SETUP, side, phase_end=True))
        idx = state.setup_order.index(side)
        if idx + 1 < len(state.setup_order):
            state.side = state.setup_order[idx + 1]
            return
        state.turn = 1
        events.append(Event("victory", f"Victory conditions: {victory_text(state)}", "Situation: victory conditions"))
        start_segment(state, events, state.order[0])
        return
    if state.phase == "combat":
        resolve_fire_queue(state, events, side)
        events.append(Event("phase", f"{SIDE_NAMES[side]} combat phase over", R_SEQ, side, phase_end=True))
        state.phase = "move_vehicles"
        state.indirect_hexes = []
        for u in state.on_map(side):
            u.mp_left = float(utype(u).movement)
            u.moved = False
            u.mine_stop = False
            u.of_runs = {}
        state.overrun_hexes = []
    elif state.phase == "move_vehicles":
        events.append(Event("phase", "Vehicles have moved; infantry moves now", R_SEQ, side, phase_end=True))
        state.phase = "move_infantry"
    elif state.phase == "move_infantry":
        count_work(state, side)
        events.append(Event("phase", f"{SIDE_NAMES[side]} movement phase over", R_SEQ, side, phase_end=True))
        state.phase = "assault"
    elif state.phase == "assault":
        resolve_assaults(state, events, side)
        end_segment(state, events, side)
    check_end(state, events)


def start_segment(state: PlState, events: list[Event], side: str) -> None:
    state.side = side
    state.phase = "combat"
    state.indirect_hexes = []
    state.fire_queue = []
    state.assault_queue = []
    events.append(Event("turn", f"Turn {state.turn} of {state.turns}: {SIDE_NAMES[side]} player segment", R_SEQ, side))
    for u in state.units.values():
        if u.side != side:
            continue
        u.fired = False
        u.fired_target = ""
        u.overran = False
        u.assaulted = False
        u.revealed = False
        u.moved = False
        u.mine_stop = False
    reinforcements(state, events, side)
    if state.options.get("mines"):
        mines_on_dispersed(state, events)
    resolve_indirect(state, events, side)


def reinforcements(state: PlState, events: list[Event], side: str) -> None:
    for u in state.units.values():
        if u.side != side or u.status != "awaiting" or u.enter_turn > state.turn:
            continue
        for label in u.enter_hexes:
            if stack_count(state, label) < STACK_LIMIT and not any(o.side != side for o in state.at(label)):
                u.status = "on_map"
                u.hex = label
                events.append(Event("reinforce", f"{u.id} ({utype(u).name}) arrives at {label}", "Situation: "
                                    "reinforcements", side, {"unit": u.id, "hex": label}))
                break


def mines_on_dispersed(state: PlState, events: list[Event]) -> None:
    """Dispersed units on a minefield are attacked again every Combat phase (at 2-1) (Mines). A miss
    has no effect (option mine_miss_recovers: it turns them face up, free to move off)."""
    from .combat import Attack
    from .movement import hold_on_minefield

    for label, layer in sorted(state.mines.items()):
        for el in elements_at(state, label):
            if el.head.dispersed:
                att = Attack([], [], label, [el], el.armoured, 2.0, 1.0, None)
                first = len(events)
                roll_and_apply(state, events, att, layer, R_MINES + " (dispersed on a minefield)",
                               f"Minefield at {label} against {el.label}")
                got = events[first:]
                result = next((e.data.get("result") for e in got if "result" in e.data), None)
                alive = [u for u in el.units if u.status == "on_map"]
                if not state.options.get("mine_miss_recovers") and not state.options.get("mine_recovery"):
                    continue  # a miss has no effect: they turn face up as dispersed units do (end_segment)
                if result == "-" and alive and not state.options.get("mine_recovery"):
                    for u in alive:
                        u.dispersed = False
                        u.mine_held = False
                    events.append(Event("recover", f"The minefield misses {el.label}: turned face up, it may move "
                                        "off in its next Movement phase", R_MINES, el.head.side,
                                        {"units": [u.id for u in alive]}))
                else:
                    hold_on_minefield(state, events, alive, label)


def end_segment(state: PlState, events: list[Event], side: str) -> None:
    held = [u for u in state.on_map(side) if u.dispersed and u.mine_held and u.hex in state.mines
            and state.options.get("mines")]
    if not state.options.get("mine_miss_recovers"):
        # Dispersed entering a minefield: it may not move off in the next Movement phase, so it misses
        # the recovery at the end of this segment and turns face up at the end of the next (Mines).
        held = [u for u in held if not u.mine_waited]
        for u in held:
            u.mine_waited = True
    turned = [u.id for u in state.on_map(side) if u.dispersed and u not in held]
    for u in state.on_map(side):
        if u not in held:
            u.dispersed = False
            u.mine_held = False
            u.mine_waited = False
        u.of_marker = False  # the Opportunity Fire counter goes at the end of its owner's next turn
    if held:
        until = "" if state.options.get("mine_miss_recovers") else \
            " (no moving off in the next Movement phase; face up at the end of the next segment)"
        events.append(Event("note", f"Still dispersed on a minefield: {', '.join(u.id for u in held)}{until}",
                            R_MINES, side, {"units": [u.id for u in held]}))
    if turned:
        events.append(Event("recover", f"Turned face up: {', '.join(turned)}", "Dispersal: units turn back at the end "
                            "of their own player segment", side, {"units": turned}))
    events.append(Event("phase", f"{SIDE_NAMES[side]} player segment over", R_SEQ, side, phase_end=True))
    idx = state.order.index(side)
    if idx + 1 < len(state.order):
        start_segment(state, events, state.order[idx + 1])
        decided_end(state, events)
        return
    if state.turn >= state.turns:
        final_victory(state, events)
        return
    state.turn += 1
    start_segment(state, events, state.order[0])


def victory_text(state: PlState) -> str:
    """The situation's victory conditions, in words (stated at the start, in the status and the view)."""
    return situation_victory(state.scenario, state.turns)


def situation_victory(scenario: str, turns: int | None = None) -> str:
    """A situation's victory conditions in words (``turns``: the game's, else the situation's)."""
    sit = situations()[scenario]
    vic = sit.victory
    enemy = "ge" if vic.side == "us" else "us"
    ways = []
    for cond in vic.any:
        if cond.hold_all:
            where = f"hold {' and '.join(cond.hold_all)}"
        else:
            where = f"hold {cond.hold_n} of {', '.join(cond.hexes)}"
        ways.append(f"{where} ({cond.text})" if cond.text else where)
    return (f"The {SIDE_NAMES[vic.side]} side wins if at the end of turn {turns or sit.turns} it holds "
            + "; or ".join(w.removeprefix("hold ") for w in ways)
            + f" (held: a unit of its own there and no enemy); otherwise the {SIDE_NAMES[enemy]} side wins. "
            "Also: a side with no unit left on the board or to come loses.")


def holds(state: PlState, side: str, label: str) -> bool:
    here = state.at(label)
    return any(u.side == side for u in here) and not any(u.side != side for u in here)


def victory_met(state: PlState) -> str:
    vic = situations()[state.scenario].victory
    for cond in vic.any:
        if cond.hold_all and all(holds(state, vic.side, h) for h in cond.hold_all):
            return cond.text or "objective held"
        if cond.hold_n and sum(holds(state, vic.side, h) for h in cond.hexes) >= cond.hold_n:
            return cond.text or "objective held"
    return ""


def decided_end(state: PlState, events: list[Event]) -> None:
    """Option ``end_when_decided`` (docs/rulings/pl.md, Decided games): in the last turn, once the
    side that must take the objectives has played its last segment (after the next segment's start:
    reinforcements, minefield attacks, its indirect fire), if it meets no victory condition the game
    ends now, won by the other side. Its units neither move nor attack in the other side's segment
    (opportunity fire only hits units that move), so it cannot come to hold a hex it does not hold;
    the other side could still lose only by its own orders (its last unit moved into a minefield or
    under opportunity fire, or its units IN a fortification hit by its own fire at enemy units ON
    it): standing still it wins."""
    vic = situations()[state.scenario].victory
    if state.over or not state.options.get("end_when_decided") or state.turn < state.turns \
            or vic.side in state.order[state.order.index(state.side):] or victory_met(state):
        return
    final_victory(state, events, early=True)


def final_victory(state: PlState, events: list[Event], early: bool = False) -> None:
    vic = situations()[state.scenario].victory
    met = victory_met(state)
    other = state.enemy(vic.side)
    why = met or f"{SIDE_NAMES[vic.side]} objectives not taken"
    if early:
        why += f", and the {SIDE_NAMES[vic.side]} side has played its last segment"
    state.end(vic.side if met else other, why, "Situation: victory conditions")
    assert state.winner is not None
    when = f"in turn {state.turns}" if early else f"after turn {state.turns}"
    events.append(Event("game_over", f"Game over {when}: {SIDE_NAMES[state.winner]} wins ({state.result})",
                        "Situation: victory conditions", state.winner, {"winner": state.winner, "early": early},
                        phase_end=True))


def check_end(state: PlState, events: list[Event]) -> None:
    if state.over:
        return
    for side in state.order:
        if not any(u.status in ("on_map", "awaiting") for u in state.units.values() if u.side == side):
            state.end(state.enemy(side), f"no {SIDE_NAMES[side]} units left", "Situation")
            assert state.winner is not None
            events.append(Event("game_over", f"Game over: {SIDE_NAMES[state.winner]} wins ({state.result})",
                                "Situation", state.winner, {"winner": state.winner}, phase_end=True))
            return


def phase_name(state: PlState) -> str:
    return PHASE_NAMES.get(state.phase, state.phase)


__all__ = ["PHASES", "new_state", "end_phase", "do_place", "phase_name", "elevation"]
