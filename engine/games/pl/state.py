"""The Panzer Leader game state: plain dataclasses, JSON-safe through engine.codec.StateCodec."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.codec import StateCodec
from engine.gamestate import GameState
from engine.listing import LISTING

# Phases of a player segment, in order; "setup" comes once before turn 1.
PHASES = ("combat", "move_vehicles", "move_infantry", "assault")
PHASE_NAMES = {
    "setup": "Set-up",
    "combat": "Combat phase",
    "move_vehicles": "Movement phase (vehicles)",
    "move_infantry": "Movement phase (infantry)",
    "assault": "Close Assault phase",
    "opportunity": "Opportunity fire",
    "over": "Game over",
}


@dataclass
class Unit:
    id: str
    type: str
    side: str
    hex: str | None = None
    status: str = "on_map"  # on_map, awaiting, eliminated
    enter_turn: int = 0
    enter_hexes: list[str] = field(default_factory=list)
    dispersed: bool = False
    fired: bool = False  # fired (or overran, assaulted) this turn: may not move
    fired_target: str = ""  # the one hex it attacked this turn
    revealed: bool = False  # fired, or moved through a clear hex: may be spotted from afar
    carrier: str = ""  # the unit carrying it
    cargo: str = ""  # the unit it carries
    mp_left: float = 0.0
    moved: bool = False  # has spent movement this phase
    loaded_turn: int = 0
    unloaded_turn: int = 0
    overran: bool = False
    assaulted: bool = False
    mine_stop: bool = False  # entered a minefield: no further movement this phase
    mine_held: bool = False  # dispersed entering a minefield: misses the recovery at the end of that segment
    mine_waited: bool = False  # held through one end of its segment: turns face up at the next
    work_hex: str = ""  # engineers: the hex it has held through whole friendly movement phases
    work_phases: int = 0
    block_tries: int = 0  # engineers: attempts at its one block (-1 once placed)
    placed: bool = False  # re-placed during set-up (offered once in legal_actions)
    no_fire_turn: int = 0  # the turn its indirect fire order could not take place: no fire at all then
    of_runs: dict[str, float] = field(default_factory=dict)  # enemy unit -> MP spent in its sight, continuously
    of_marker: bool = False  # fired opportunity fire: no fire until the end of its own next segment
    on_fort: bool = False  # ON an enemy-held fortification (not IN it); see forts.py


@dataclass
class OfWindow:
    """Opportunity fire (optional): the other side may fire at units that just moved."""

    movers: list[str]
    hex: str
    firers: list[str]
    mover_side: str
    phase: str
    # A window a load or unload opened: {"kind": "load"|"unload", "carrier": id, "cargo": id}; each firer
    # declares its fire before or after the un/load (fire when:before; after when left out).
    transport: dict[str, str] = field(default_factory=dict)
    # Firer -> the hex where it fires at the movers, when not the hex they ended in: the last hex of
    # the run of its LOS in which they spent the quarter (the fire takes place during the move).
    seen: dict[str, str] = field(default_factory=dict)


@dataclass
class IndirectOrder:
    unit: str
    target: str
    turn: int  # the turn it fires in
    spotters: list[str] = field(default_factory=list)
    spotter_hexes: list[str] = field(default_factory=list)


@dataclass
class AttackOrder:
    """A fire group (direct fire) or a close assault group against one hex (or one unit there)."""

    units: list[str]
    target: str
    unit: str = ""


@dataclass
class PlState(GameState):
    turn: int = 0
    turns: int = 10
    board: str = ""  # the board in play (datafiles.BOARDS); "" the first board, as stored games before the beach
    order: list[str] = field(default_factory=lambda: ["us", "ge"])
    setup_order: list[str] = field(default_factory=lambda: ["ge", "us"])
    units: dict[str, Unit] = field(default_factory=dict)
    wrecks: dict[str, int] = field(default_factory=dict)
    mines: dict[str, str] = field(default_factory=dict)  # hex -> side that laid it
    mines_seen: list[str] = field(default_factory=list)  # minefields the other side has found (entered)
    blocks: list[str] = field(default_factory=list)
    forts: dict[str, str] = field(default_factory=dict)  # hex -> side that built it
    inverted: list[str] = field(default_factory=list)  # mines/blocks being cleared by engineers
    of_window: OfWindow | None = None
    bridges_down: list[str] = field(default_factory=list)
    bridge_tries: dict[str, int] = field(default_factory=dict)
    temp_bridges: dict[str, str] = field(default_factory=dict)  # hex -> side that laid it
    built_blocks: list[str] = field(default_factory=list)  # blocks made by engineers (in play without the option)
    indirect: list[IndirectOrder] = field(default_factory=list)
    fire_queue: list[AttackOrder] = field(default_factory=list)
    assault_queue: list[AttackOrder] = field(default_factory=list)
    overrun_hexes: list[str] = field(default_factory=list)
    indirect_hexes: list[str] = field(default_factory=list)  # hit by indirect fire this phase

    def unit(self, uid: str) -> Unit:
        return self.units[uid]

    def on_map(self, side: str | None = None) -> list[Unit]:
        return [u for u in self.units.values() if u.status == "on_map" and (side is None or u.side == side)]

    def at(self, label: str) -> list[Unit]:
        memo = LISTING.get()
        if memo is None:
            return [u for u in self.units.values() if u.status == "on_map" and u.hex == label]
        key = ("at", id(self))
        occ = memo.get(key)
        if occ is None:
            occ = memo[key] = {}
            for u in self.units.values():
                if u.status == "on_map" and u.hex:
                    occ.setdefault(u.hex, []).append(u)
        return list(occ.get(label, ()))

    def enemy(self, side: str) -> str:
        return "ge" if side == "us" else "us"


# Stored games from before the common GameState: `over` is the phase key now.
CODEC = StateCodec(PlState, renamed={"result_text": "result", "last_overlays": "overlays"}, dropped=("over",))
