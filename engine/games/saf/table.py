"""The table: one game state with its data and map, the order's collector, and the helpers every rule uses.

A ``Table`` wraps a ``SafState`` for one action and is handed the collector the order's perform made
(``Table(state, events)``: the rules append to ``t.events``, engine.events); ``Table(state)`` is for
reading, and telling anything through it raises. It holds dice, card and chit draws (through its
``engine.chance.Chance``: each told as a random event), morale with the German reserve track (6.5.2),
unit creation, placement through the reinforcement hexes (6.1 B-C), stacking (6.3.2), LOS between
units and eliminations.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, SupportsIndex

from engine.cards import Deck
from engine.chance import Chance
from engine.events import Event
from engine.hexgrid import Hex
from engine.maps import GameMap
from engine.refusal import FINE, Why

from .data import CounterSpec, GameData, ScenarioSpec, data_for, scenario_map
from .los import has_los, los_blockers
from .state import MoraleEvent, SafState, Unit

PREFIX = {
    "us_infantry": "I", "us_veteran": "V", "us_mortar": "MO", "us_sniper": "SN", "us_lt": "LT",
    "m4": "SH", "m10": "TD", "ge_infantry": "R", "ge_veteran": "GV", "ge_elite": "EV",
    "mg42": "MG", "panzer": "PZ", "tiger": "TG", "at_gun": "AT",
}
GERMAN_INFANTRY = ("ge_infantry", "ge_veteran", "ge_elite")
US_INFANTRY = ("us_infantry", "us_veteran")
# Units that count toward the stacking limit of two (6.3.2 A); tanks stand alone (B, C).
STACKING = ("us_infantry", "us_veteran", "us_mortar", "us_sniper", "us_lt", "ge_infantry", "ge_veteran",
            "ge_elite", "mg42", "at_gun")
# The value each rules option has in a game stored before the option existed (it was played that way);
# rules.OPTIONS declares the options, and a state whose options lack a name reads it as this.
LEGACY: dict[str, Any] = {
    "german_phases": False,  # the German turn in one entry (one map per turn)
    "sniper_hex": "middle",  # the sniper set up in the middle building of the list
    "pass_friendly": False,  # tanks could not pass through friendly units, nor infantry through tanks
    "arrival_nearest": False,  # a scheduled American tank arrival waited a turn when its hex was occupied
    "german_move": "closest",  # German moves: as close as possible first, cover only to break ties
    "setup_place": "free",  # a unit could be set up again and again before the first roll
    "german_target": "cover_then_id",  # 7.2.2 E: adjacent Americans under the same cover: the lowest id
    "german_move_count": "within",  # 7.2.1 A: a card's move of n hexes could stop short anywhere
    "fall_back": "nearest",  # a fall back ran from the nearest American only
    "tiger_zone": "numbered",  # 8.4.2 C, 8.5.2 C: the red hex and its five numbered hexes
    "german_arrival": "wait",  # a German scheduled arrival with no room in its zone waited a turn
}
# The clause each kind of LOS blocker falls under (6.3.3 C, F-J).
LOS_RULE = {"woods": "6.3.3 C", "building": "6.3.3 C", "hill": "6.3.3 F", "infantry": "6.3.3 I", "tank": "6.3.3 J"}
CHIT_ORDER = {"miss": 0, "one": 1, "two": 2, "explosion": 3}
DAMAGE_ORDER = {"bounce": 0, "bail_out": 1, "destroyed": 2}


@lru_cache(maxsize=4096)
def parse_hex(label: str) -> Hex:
    return Hex.parse(label)


class ReadOnly(list[Event]):
    """The collector of a table made for reading (``Table(state)``): an event told there would be lost,
    so telling one is a bug in the rules module."""

    def append(self, event: Event) -> None:
        raise RuntimeError(f"'{event.text[:60]}' told on a Table made for reading: hand it the order's events")

    def extend(self, events: Any) -> None:
        raise RuntimeError("events told on a Table made for reading: hand it the order's events")

    def insert(self, index: SupportsIndex, event: Event) -> None:
        self.append(event)


class Table:
    def __init__(self, state: SafState, events: list[Event] | None = None) -> None:
        self.s = state
        # Read-only memo for legal-action enumeration (no state change while it is set).
        self.memo: dict[Any, Any] | None = None
        self.d: GameData = data_for(state.options)
        self.sc: ScenarioSpec = self.d.scenarios[state.scenario]
        self.m: GameMap = scenario_map(self.sc)
        self.events: list[Event] = events if events is not None else ReadOnly()
        self.chance = Chance(state, self.events)  # every roll and draw goes through it (engine.chance)

    def option(self, name: str) -> Any:
        """A rules option; a stored game whose options predate it reads its legacy value (LEGACY)."""
        return self.s.options[name] if name in self.s.options else LEGACY.get(name)

    # --- units ---------------------------------------------------------------------------------
    def spec(self, u: Unit) -> CounterSpec:
        return self.d.counters[u.kind]

    def name(self, u: Unit) -> str:
        base = f"{self.spec(u).name} {u.id}"
        if u.side == "ge" and u.kind in GERMAN_INFANTRY and u.number:
            base += f" [{u.number}]"
        return base

    def unit(self, uid: str) -> Unit | None:
        for u in self.s.units.values():
            if u.id.lower() == str(uid).strip().lower():
                return u
        return None

    def hex(self, u: Unit) -> Hex:
        assert u.hex is not None, f"{u.id} is not on the map"
        return parse_hex(u.hex)

    def is_tank(self, u: Unit) -> bool:
        return self.spec(u).tank

    def lt(self) -> Unit | None:
        for u in self.s.on_map("us"):
            if u.kind == "us_lt":
                return u
        return None

    def lt_of(self, u: Unit) -> Unit | None:
        lt = self.lt()
        return lt if lt is not None and lt.attached_to == u.id else None

    def new_unit(self, kind: str, number: int = 0, **kw: Any) -> Unit:
        side = self.d.counters[kind].side
        key = "us_inf" if kind in US_INFANTRY else kind
        n = self.s.next_id.get(key, 0) + 1
        self.s.next_id[key] = n
        if kind in US_INFANTRY:
            number = n
        uid = f"{PREFIX[kind]}{n}"
        u = Unit(id=uid, kind=kind, side=side, number=number, **kw)
        self.s.units[uid] = u
        return u

    # --- events and randomness -------------------------------------------------------------------
    def tell(self, kind: str, text: str, rule: str, side: str, shown: str, **data: Any) -> Event:
        """The event that shows a draw (engine.chance): random, and ``shown`` in the header."""
        return self.chance.tell(Event(kind, text, rule, side, dict(data)), shown)

    def roll(self, n: int, why: str, rule: str, side: str = "us") -> list[int]:
        dice = self.chance.dice(n)
        shown = " ".join(str(x) for x in dice)
        self.tell("dice", f"{why}: rolled {shown}", rule, side, shown, dice=dice)
        return dice

    def _deck_draw(self, deck: Deck, all_ids: list[str], what: str) -> str:
        card = self.chance.card(deck)
        if card is None:
            self.chance.reshuffle(deck, deck.discards or list(all_ids))
            self.events.append(Event("card", f"The {what} deck is reshuffled", "3.0 A"))
            card = self.chance.card(deck)
        assert card is not None
        return card

    def cover_ids(self) -> list[str]:
        return [str(i) for i in range(len(self.d.cover))]

    def action_ids(self) -> list[str]:
        return [str(i) for i in range(len(self.d.actions))]

    def draw_cover(self) -> tuple[int, str, str]:
        """Draw a cover card (6.3.4): its index, clear-hex entry and cover-hex entry."""
        idx = int(self._deck_draw(self.s.cover_deck, self.cover_ids(), "cover"))
        card = self.d.cover[idx]
        self.tell("card", f"Cover card: '{card.name}'", "6.3.4", "us", card.name, card=idx)
        return idx, card.clear, card.cover

    def draw_action(self, who: Unit) -> int:
        """An action card for ``who`` (7.2 A): the caller tells it with the steps it orders."""
        return int(self._deck_draw(self.s.action_deck, self.action_ids(), "action"))

    def draw_chit(self, cup: str, why: str, rule: str) -> dict[str, Any]:
        entries: list[Any] = getattr(self.d.chits, cup)
        chits = [e for e in entries for _ in range(e.count)]
        chit = self.chance.pick(chits)
        label = chit.result.replace("_", " ").upper()
        if getattr(chit, "morale", 0):
            label += f" ({chit.morale} morale)"
        self.tell("chit", f"{why}: {label}", rule, "", label, cup=cup, result=chit.result)
        return {"result": chit.result, "morale": getattr(chit, "morale", 0)}

    # --- morale and the German reserve track (6.5.2) -------------------------------------------------
    def morale(self, delta: int, reason: str, rule: str) -> None:
        if delta == 0:
            return
        self.s.morale_log.append(MoraleEvent(delta, reason, self.s.turn))
        self.s.morale += delta
        sign = "+" if delta > 0 else ""
        self.events.append(Event("morale", f"Morale {sign}{delta}: {reason} (now {self.s.morale})",
                                 rule, "us" if delta > 0 else "ge", {"delta": delta}))
        if delta < 0:
            self.s.reserve_moves += 1
            if self.s.reserve_track >= self.s.reserve_at:
                self.german_reserves()

    def german_reserves(self) -> None:
        self.s.reserve_arrivals += 1
        cid = self._deck_draw(self.s.reserve_deck, list(self.d.reserves), "German reserve")
        card = self.d.reserves[cid]
        self.tell("card", f"German reserves arrive: '{card.title}'", "6.5.2", "ge", card.title, card=cid)
        self.arrive_german([self.from_pool(kind) for kind in card.units], "6.5.2")

    def from_pool(self, kind: str) -> tuple[str, int]:
        pool = self.s.pool.get(kind)
        if not pool:
            return kind, 0
        return kind, pool.pop(self.chance.anonymous(len(pool)))

    # --- stacking (6.3.2) ----------------------------------------------------------------------------
    def stack(self, h: Hex) -> int:
        return sum(1 for u in self.s.at(h) if u.kind in STACKING)

    def room(self, h: Hex, kind: str, need: int = 1, side: str = "") -> bool:
        """May a unit of ``kind`` (with ``need`` stacking points) end its move in h?"""
        if h not in self.m.terrain:
            return False
        here = self.s.at(h)
        if side and any(u.side != side for u in here):
            return False
        if self.d.counters[kind].tank:
            return not here and self.m.terrain[h] not in ("woods", "building")
        if any(self.d.counters[u.kind].tank for u in here):
            return False
        return self.stack(h) + need <= 2

    # --- LOS between units -------------------------------------------------------------------------
    def _friendly_hexes(self, firer: Unit, ignore: str) -> tuple[list[Hex], list[Hex]]:
        """The hexes of the firer's own infantry and own tanks (6.3.3 I, J), but the firer's and ``ignore``'s."""
        inf: list[Hex] = []
        tanks: list[Hex] = []
        for u in self.s.on_map(firer.side):
            if u.id in (firer.id, ignore) or u.hex is None:
                continue
            (tanks if self.is_tank(u) else inf).append(Hex.parse(u.hex))
        return inf, tanks

    def los(self, firer: Unit, a: Hex, b: Hex, *, mortar: bool = False, ignore: str = "") -> bool:
        inf, tanks = self._friendly_hexes(firer, ignore)
        return has_los(self.m, a, b, inf, tanks, tank=self.is_tank(firer), mortar=mortar)

    def _blockers(self, firer: Unit, a: Hex, b: Hex, mortar: bool, ignore: str) -> tuple[list[Any], list[str]]:
        """What blocks the firer's LOS from a to b (hex, cause), and each in words ('building 0906',
        'friendly Infantry I2 at 0805')."""
        inf, tanks = self._friendly_hexes(firer, ignore)
        found = los_blockers(self.m, a, b, inf, tanks, tank=self.is_tank(firer), mortar=mortar)
        words = []
        for h, cause in found:
            if cause in ("infantry", "tank"):
                who = [self.name(u) for u in self.s.at(h) if u.side == firer.side and u.id != firer.id
                       and self.is_tank(u) == (cause == "tank")]
                words.append(f"friendly {' and '.join(who) or cause} at {h.label}")
            else:
                words.append(f"{cause} {h.label}")
        return list(found), words

    def los_why(self, firer: Unit, a: Hex, b: Hex, *, mortar: bool = False, ignore: str = "") -> tuple[str, str]:
        """What blocks the firer's LOS from a to b, in words, and the one clause that blocks it ("", "" when
        clear): ('building 0906', '6.3.3 C'); both sides of a hexside line blocked: 6.3.3 D."""
        found, words = self._blockers(firer, a, b, mortar, ignore)
        if len(found) > 1:
            return " and ".join(words) + ", either side of the hexside line", "6.3.3 D"
        if not found:
            return "", ""
        return words[0], LOS_RULE[found[0][1]]

    def los_block(self, firer: Unit, a: Hex, b: Hex, *, mortar: bool = False, ignore: str = "") -> str:
        """The same for an event line, each blocker with its clause: 'building 0906 (6.3.3 C)'."""
        found, named = self._blockers(firer, a, b, mortar, ignore)
        words = [f"{word} ({LOS_RULE[cause]})" for word, (_, cause) in zip(named, found, strict=True)]
        if len(found) > 1:
            return " and ".join(words) + ", either side of the hexside line (6.3.3 D)"
        return words[0] if words else ""

    def shot_why(self, firer: Unit, a: Hex, b: Hex, rng: int | None = None, range_rule: str = "6.3.3 K", *,
                 mortar: bool = False, ignore: str = "") -> Why:
        """Why the firer at a cannot shoot at b and the one clause that fails: out of range (the distance
        and the range, ``range_rule``) or no line of sight (what blocks it); FINE when it can."""
        r = self.spec(firer).range if rng is None else rng
        d = a.distance(b)
        if r and d > r:
            return Why(f"out of range ({d} hexes, range {r})", range_rule)
        block, rule = self.los_why(firer, a, b, mortar=mortar, ignore=ignore)
        return Why(f"no line of sight (blocked by {block})", rule) if block else FINE

    def no_shot(self, firer: Unit, a: Hex, b: Hex, rng: int | None = None, *, mortar: bool = False,
                ignore: str = "") -> str:
        """Why the firer at a cannot shoot at b, for an event line: out of range (the distance and the
        range) or no line of sight (what blocks it, each with its clause); "" when it can."""
        r = self.spec(firer).range if rng is None else rng
        d = a.distance(b)
        if r and d > r:
            return f"out of range ({d} hexes, range {r})"
        block = self.los_block(firer, a, b, mortar=mortar, ignore=ignore)
        return f"no line of sight (blocked by {block})" if block else ""

    # --- placement (6.1 B-C) -----------------------------------------------------------------------
    def entry_hexes(self) -> dict[int, Hex]:
        out = {1: self.m.markers["red"][0]}
        for n in range(2, 7):
            out[n] = self.m.markers[f"reinforcement_{n}"][0]
        return out

    def arrive_german(self, units: list[tuple[str, int]], rule: str) -> list[Unit]:
        entries = self.entry_hexes()
        placed = []
        for kind, number in units:
            label = self.d.counters[kind].name + (f" [{number}]" if number else "")
            roll = self.roll(1, f"Arrival roll for {label}", "6.1 B", "ge")[0]
            need = 1 if kind in STACKING else 0
            spot = entries[roll]
            if not self.room(spot, kind, max(need, 1), "ge"):
                spot = next((h for n, h in sorted(entries.items()) if self.room(h, kind, max(need, 1), "ge")),
                            Hex(-99, -99))
                if spot.q == -99:
                    self.events.append(Event("arrive", f"{label} cannot arrive: every reinforcement hex is full",
                                             "6.1 C", "ge"))
                    if number and kind in self.s.pool:
                        self.s.pool[kind].append(number)
                    continue
                self.events.append(Event("arrive", f"Hex {entries[roll].label} is full; {label} goes to {spot.label}",
                                         "6.1 C", "ge"))
            u = self.new_unit(kind, number, hex=spot.label)
            placed.append(u)
            where = "the red hex" if spot == entries[1] else f"reinforcement hex {spot.label}"
            self.events.append(Event("arrive", f"{self.name(u)} arrives at {where}",
                                     rule, "ge", {"unit": u.id, "hex": spot.label}))
        self.panic_check()
        return placed

    def panic_check(self) -> None:
        """6.3.6.7 C: German infantry within two hexes of an American tank panics."""
        tanks = [self.hex(u) for u in self.s.on_map("us") if self.is_tank(u)]
        for g in self.s.on_map("ge"):
            if g.kind in GERMAN_INFANTRY and g.state != "panic":
                h = self.hex(g)
                if any(h.distance(t) <= 2 for t in tanks):
                    g.state = "panic"
                    self.events.append(Event("status", f"{self.name(g)} panics: an American tank is within two hexes",
                                             "6.3.6.7 C", "us"))

    # --- losses -------------------------------------------------------------------------------------
    def eliminate(self, u: Unit, rule: str) -> None:
        u.status, u.hex, u.medic = "eliminated", None, False
        if u.side == "ge":
            self.s.german_destroyed += 1
            if u.kind == "panzer":
                self.s.panzers_destroyed += 1
            if u.number and u.kind in self.s.pool:
                self.s.pool[u.kind].append(u.number)
            if self.s.german_destroyed // 2 > self.s.supply_earned:
                self.s.supply_earned += 1
                self.s.supply += 1
                self.events.append(Event("supply", f"Two more German units destroyed: the player gains a Supply counter ({self.s.supply})",
                                         "6.5.1 B", "us"))

    def lose_american(self, u: Unit, per_unit: int, rule: str, why: str) -> None:
        """An American unit is eliminated; its 1st Lieutenant goes with it (6.5.3 C, 7.2.3 B-C).

        7.2.3 C states the loss with the Lieutenant as one "-10" (German fire) and 7.2.4 C as one
        "15" (assault): one morale change, so the German reserve track moves one box (6.5.2)."""
        lt = self.lt_of(u)
        self.eliminate(u, rule)
        if lt is None:
            self.morale(-per_unit, f"{self.name(u)} {why}", rule)
            return
        self.eliminate(lt, "6.5.3 C")
        self.morale(-(per_unit + 5), f"{self.name(u)} {why} with the 1st Lieutenant", rule)

    def lt_check(self, u: Unit) -> None:
        """6.5.3 A-B: the unit with the 1st Lieutenant took fire or was assaulted: on a 1 he is killed."""
        lt = self.lt_of(u)
        if lt is None or u.status != "on_map":
            return
        if self.roll(1, "1st Lieutenant check", "6.5.3 A", "ge")[0] == 1:
            self.eliminate(lt, "6.5.3 A")
            self.morale(-10, "the 1st Lieutenant is killed", "6.5.3 A")

    def americans_near_lt(self, u: Unit) -> bool:
        """6.3.5 A: the Lieutenant's unit and the units adjacent to him gain +1."""
        lt = self.lt()
        if lt is None or lt.hex is None or u.hex is None:
            return False
        return lt.attached_to == u.id or self.hex(u).distance(self.hex(lt)) == 1
