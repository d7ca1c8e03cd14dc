"""Turn Sequence, card draws, Game Length and Victory.

Section names follow the rulebook: "Turn Begins", "Game Length", "Who Wins".
"""

from __future__ import annotations

from engine import cards
from engine.cards import Deck
from engine.chance import Chance
from engine.events import Event

from .board import hex_of, occupants, side_at, spec
from .state import ACTIVATE, DRAW, OVER, SETUP, UNIT_AWAITING, UNIT_ON_MAP, PeiperState
from .units import SIDE_NAMES, game_map

R_TURN = "Turn Sequence: Turn Begins"
R_LENGTH = "Game Length"
R_WIN = "Who Wins"
R_DEPOT = "German Supply: Fuel Depot"
R_SETUP = "Set-Up"


def deck_cards(state: PeiperState) -> list[str]:
    return cards.standard_deck(jokers=int(state.options.get("jokers", 1)))


def start_turn(state: PeiperState, events: list[Event]) -> None:
    state.turn += 1
    state.deck = Deck.shuffled(deck_cards(state), state.rng)
    state.spent = {"ge": False, "us": False}
    state.oba_used = {"ge": False, "us": False}
    state.oba_support = {"ge": [], "us": []}
    state.acts, state.act_units, state.card = 0, [], ""
    state.phase, state.side = DRAW, "ge"
    events.append(
        Event(
            "turn",
            f"Turn {state.turn} of {state.turns} begins: the deck of {len(state.deck)} cards "
            f"(with {state.options.get('jokers', 1)} joker) is shuffled. German card draw.",
            R_TURN,
            data={"turn": state.turn},
        )
    )
    fuel_depot_check(state, events)


def joker_ignored(state: PeiperState) -> bool:
    """Game Length: ignore the Joker if drawn before both players have spent an ACT."""
    return not (state.spent["ge"] and state.spent["us"])


def draw(state: PeiperState, events: list[Event], purpose: str, rule: str = R_TURN) -> str | None:
    """A card draw (CD). Ignored jokers are set aside and the draw made again. None: deck empty."""
    with Chance(state, events) as chance:
        while True:
            card = chance.card(state.deck)
            if card is None:
                events.append(Event("card", f"{purpose}: no card is left to draw.", R_LENGTH))
                return None
            if cards.is_joker(card) and joker_ignored(state):
                back = state.options.get("ignored_joker", "set_aside") == "shuffled_back" and len(state.deck) > 0
                if back:
                    # Ruling 10: the ignored Joker goes back into the undrawn cards (never on top), so
                    # the turn can still end by it; with no other card left it stays aside.
                    state.deck.discards.remove(card)
                    state.deck.draw_pile.insert(chance.anonymous(len(state.deck)), card)
                where = "shuffled back into the deck" if back else "set aside"
                chance.tell(Event("card", f"{purpose}: the Joker is drawn and ignored (not both sides have spent "
                                  f"an ACT yet); it is {where}; draw again.", R_LENGTH), cards.describe(card))
                continue
            chance.tell(Event("card", f"{purpose}: {cards.describe(card)}.", rule, data={"card": card}),
                        cards.describe(card))
            return card


def end_turn(state: PeiperState, events: list[Event], why: str) -> None:
    state.attacks = []
    state.acts, state.act_units, state.card = 0, [], ""
    events.append(Event("turn_end", f"Turn {state.turn} ends: {why}.", R_LENGTH, phase_end=True))
    if check_victory(state, events):
        return
    if state.turn >= state.turns:
        finish(state, events, "us", f"the Germans did not win by the end of turn {state.turns}")
        return
    before = out_of_game(state)
    start_turn(state, events)
    announce_out(state, events, before)
    check_victory(state, events)  # a unit that could enter only in the turn just ended is out of the game


def back_to_draw(state: PeiperState, events: list[Event]) -> None:
    """The activations are over: return to the card draw, or end the turn if no card is left."""
    if state.phase == OVER:
        return
    state.acts, state.act_units, state.card = 0, [], ""
    if len(state.deck) == 0:
        end_turn(state, events, "all cards are drawn")
        return
    state.phase, state.side = DRAW, "ge"
    events.append(Event("phase", "Back to the card draw: German player draws.", R_TURN, phase_end=True))


def after_act(state: PeiperState, events: list[Event]) -> None:
    """After an ACT is spent: keep activating while ACTs remain, else back to the draw."""
    if state.phase == OVER or state.phase != ACTIVATE:
        return
    state.act_units = [u for u in state.act_units if state.units[u].status == UNIT_ON_MAP]
    if state.acts <= 0 and not state.act_units:
        back_to_draw(state, events)


def finish(state: PeiperState, events: list[Event], winner: str, why: str) -> None:
    state.end(winner, why, R_WIN)
    state.attacks = []
    events.append(Event("game_over", f"{SIDE_NAMES[winner]} player wins: {why}.", R_WIN, phase_end=True))


def barred(state: PeiperState, uid: str) -> str:
    """Why a unit still waiting to enter never can any more ('' if it still may): it is out of the game."""
    s = spec(uid)
    if state.units[uid].status != UNIT_AWAITING:
        return ""
    if s.condition == "no_ss_exited" and any(spec(x).ss for x in state.exited):
        return "an SS unit has exited the west map edge"
    if s.only_turn and state.options.get("kg2_turn_4_only", True) and state.turn > s.from_turn:
        return f"it may enter on turn {s.from_turn} only (\"Turn {s.from_turn} the GE player may enter\")"
    if state.options.get("one_30th_battalion", True):
        entered = [x for x in s.excludes if state.units[x].status != UNIT_AWAITING]
        if entered:
            return f"{entered[0]} entered instead, and only one of them may (\"30/177/1 or 2\")"
    return ""


def out_of_game(state: PeiperState) -> list[str]:
    """The units waiting to enter that never can any more (ruling 29)."""
    return [uid for uid, u in state.units.items() if u.status == UNIT_AWAITING and barred(state, uid)]


def announce_out(state: PeiperState, events: list[Event], before: list[str]) -> None:
    """Say so of each unit an order just put out of the game (it was not out before), with the reason."""
    for uid in out_of_game(state):
        if uid not in before:
            events.append(Event("out", f"{uid} is out of the game: {barred(state, uid)} (ruling 29).", R_SETUP,
                                side=spec(uid).side, data={"unit": uid, "consequence": True}))


def entry_closed(state: PeiperState, uid: str) -> str:
    """Why a unit waiting to enter may not enter now by its condition ('' if it may): 2/23/3 while a
    German unit occupies Stoumont."""
    if spec(uid).condition != "stoumont_not_german" or state.units[uid].status != UNIT_AWAITING:
        return ""
    stoumont = game_map().places["Stoumont"].label
    if any(u.side == "ge" and u.hex == stoumont and u.status == UNIT_ON_MAP for u in state.units.values()):
        return "a German unit occupies Stoumont"
    return ""


def closed_entries(state: PeiperState) -> list[str]:
    return [uid for uid in state.units if entry_closed(state, uid) and not barred(state, uid)]


def announce_entries(state: PeiperState, events: list[Event], before: list[str]) -> None:
    """Say so when an order closes a unit's entry by its condition, or opens it again."""
    now = closed_entries(state)
    for uid in now:
        if uid not in before:
            events.append(Event("entry", f"{uid} cannot enter while {entry_closed(state, uid)} (Set-Up: \"2/23/3 "
                                "unit cannot enter if Stoumont occupied by a GE unit\").", R_SETUP,
                                side=spec(uid).side, data={"unit": uid, "closed": True}))
    for uid in before:
        if uid not in now and state.units[uid].status == UNIT_AWAITING and not barred(state, uid):
            events.append(Event("entry", f"{uid} may enter again: no German unit occupies Stoumont any more.",
                                R_SETUP, side=spec(uid).side, data={"unit": uid, "closed": False}))


def in_the_game(state: PeiperState, side: str) -> list[str]:
    """A side's units still in the game: on the map, or waiting to enter and still able to."""
    return [u.id for u in state.units.values() if u.side == side and
            (u.status == UNIT_ON_MAP or (u.status == UNIT_AWAITING and not barred(state, u.id)))]


def hits_to_eliminate(state: PeiperState) -> int:
    """The fewest hits that could leave no US unit in the game: 1 for a flipped unit, 2 for any other,
    none for a unit still to enter that may yet drop out without one (CCB/3/1 while an SS unit could
    still exit), and one battalion's 2 for the 30th Division's two while either may enter (ruling 26)."""
    total, groups = 0, set()
    ss_left = any(spec(g).ss for g in in_the_game(state, "ge"))
    for uid in in_the_game(state, "us"):
        unit, s = state.units[uid], spec(uid)
        if unit.status == UNIT_ON_MAP:
            total += 1 if unit.reduced else 2
            continue
        if s.condition == "no_ss_exited" and ss_left:
            continue
        if s.excludes and state.options.get("one_30th_battalion", True):
            group = frozenset((uid, *s.excludes))
            if group in groups:
                continue
            groups.add(group)
        total += 2
    return total


def most_hits_left(state: PeiperState) -> int:
    """An upper bound on the hits the Germans can still score: each needs a combat draw of its own (a
    card of this turn's deck or of a later turn's), and without a ground unit only the OBA can fire
    (once a turn, one attack per unit in its hex)."""
    later = state.turns - state.turn
    cards_left = sum(1 for c in state.deck.draw_pile if not cards.is_joker(c)) + later * 52
    if in_the_game(state, "ge"):
        return cards_left
    oba_uses = (0 if state.oba_used["ge"] else 1) + later
    return min(cards_left, oba_uses * int(state.options.get("stack_limit", 2)))


def why_decided(state: PeiperState) -> str:
    """Why no German win can still happen (ruling 29); '' while one can."""
    needed = int(state.options.get("exits_to_win", 4))
    german = in_the_game(state, "ge")
    if len(state.exited) + len(german) >= needed:
        return ""
    exits = f"the Germans can no longer exit {needed} units: {len(state.exited)} exited and {len(german)} left " \
            "in the game"
    if not state.options.get("decided_counts_eliminations", False):
        return exits
    need, most = hits_to_eliminate(state), most_hits_left(state)
    if need <= most:
        return ""
    return f"{exits}, and the {need} hits that would leave no US unit are more than the {most} they can still score"


def check_victory(state: PeiperState, events: list[Event]) -> bool:
    """Who Wins: four GE units off the west edge, or no US units left; checked after every action.

    With ``end_when_decided`` (ruling 29), the game also ends for the US as soon as no German win can
    still happen (``decided_counts_eliminations``; before it, as soon as too few German units were left
    in the game to exit enough)."""
    if state.phase == OVER:
        return True
    needed = int(state.options.get("exits_to_win", 4))
    if len(state.exited) >= needed:
        finish(state, events, "ge", f"{len(state.exited)} German units have exited the west map edge")
        return True
    if not in_the_game(state, "us"):
        finish(state, events, "ge", "no US units are left in the game")
        return True
    if state.options.get("end_when_decided", True):
        decided = why_decided(state)
        if decided:
            finish(state, events, "us", f"{decided} (ruling 29)")
            return True
    return False


def fuel_depot_check(state: PeiperState, events: list[Event]) -> None:
    """German Supply: a German unit occupying Stavelot makes a free CD for the Fuel Depot marker."""
    if state.fuel_depot != "held" or state.phase in (OVER, SETUP):
        return  # in the set-up, the first turn's start makes the draw
    gmap = game_map()
    depot = gmap.markers["fuel_depot"][0]
    where = occupants(state)
    if side_at(state, where, depot) != "ge" and not state.depot_owed:
        return
    us_adjacent = any(side_at(state, where, n) == "us" for n in depot.neighbors())
    card = draw(state, events, "Fuel Depot draw (free)", R_DEPOT)
    if card is None:
        # Made with the next turn's fresh deck: owed whoever then holds Stavelot (ruling 19), or before
        # that option only while the Germans still hold it.
        state.depot_owed = bool(state.options.get("depot_every_occupation", False))
        return
    state.depot_owed = False
    modifier = 2 if us_adjacent else 0
    exact = bool(state.options.get("exactly_10_succeeds", False))
    if cards.is_joker(card) or cards.is_face(card):
        state.fuel_depot = "destroyed"
        text = f"{cards.describe(card)}: the Fuel Depot is destroyed."
    else:
        total = cards.value(card) + modifier
        ok = total < 10 or (exact and total == 10)
        state.fuel_depot = "captured" if ok else "destroyed"
        mod_text = " +2 (US unit adjacent to Stavelot)" if modifier else ""
        verdict = "captured: the Germans ignore supply for the rest of the game" if ok else "destroyed"
        text = f"Fuel Depot: {cards.describe(card)}{mod_text} = {total}, needs under 10: {verdict}."
    events.append(Event("fuel_depot", text, R_DEPOT, side="ge", data={"result": state.fuel_depot}))
    if cards.is_joker(card):
        end_turn(state, events, "the Joker was drawn")


def units_in_hex(state: PeiperState, label: str, side: str) -> list[str]:
    return [
        u.id for u in state.units.values() if u.status == UNIT_ON_MAP and u.hex == label and u.side == side
    ]


def hex_label(state: PeiperState, uid: str) -> str:
    h = hex_of(state, uid)
    return game_map().name_of(h) if h else "off the map"
