"""Orders from a side's board page (issue 37): what the page may send, checked, and the order it gives.

A page never sends an order's arguments: it sends the version it was drawn at and the index of one of
the orders the rules list for its side at that version (``rules.legal_actions``, the listing ``apply``
accepts), with a nonce of its own. The server lists the orders again, refuses a stale version
(``StaleVersion``: the page redraws), and gives ``actions[index]`` through ``engine.service.flow`` as the
side's seated player, with the nonce as the entry's interaction id: a double click or a replayed POST is
answered from the entry the first one made, never applied twice. So an order from the board is exactly
one a typed command could give, and hostile arguments have nowhere to go.

Where the order goes after that is the host's (``Desk``): the bot posts it to the game's thread as a typed
order is posted, the table prints it at the terminal, a board on its own runs the bots and nothing more.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from engine import registry
from engine.errors import Forbidden, IllegalAction, NotFound, StaleVersion
from engine.game import Action, GameRules
from engine.listing import listing as held_still
from engine.service import GameInfo, GameService, Outcome
from engine.service import flow as play_flow
from engine.service.board_links import SPECTATOR
from engine.service.flow import Flow, Move

MAX_BODY = 512  # bytes of an order's body: {"version": ..., "index": ..., "nonce": ...}
MAX_INDEX = 100_000  # far above any listing (Panzer Leader's set-up lists about 3,200)
MAX_VERSION = 10**12
NONCE = re.compile(r"[A-Za-z0-9_-]{8,64}")
MAX_UNIT_ORDERS = 400  # one unit's orders sent to the page
MAX_LABEL = 120
MAX_COST = 80  # an order's cost in words (engine.contract.MAX_COST)
MAX_UNIT_NAME = 40  # a unit's id in ?unit= (the longest is far shorter)
HEX_ARGS = ("to", "at", "target", "hex")


@dataclass(frozen=True)
class BoardOrder:
    """One order from a side's page, checked: who gives it (the side's seated player) and what."""

    game_id: int
    side: str
    user_id: str
    user_name: str
    version: int
    nonce: str
    action: Action | None  # None: take back the side's last order (undo)
    done: Outcome | None = None  # a replay: the entry its nonce made already (answered, nothing applied)

    @property
    def key(self) -> str:
        """The entry's interaction id: one order per nonce, per game and side (a replay is answered, not applied)."""
        return f"board:{self.game_id}:{self.side}:{self.nonce}"


Desk = Callable[[BoardOrder], Awaitable[Flow]]  # the host's flow for a board order: the applied part


def parse_body(raw: bytes, *, undo: bool = False) -> tuple[int, int, str]:
    """(version, index, nonce) from an order's body; anything else is refused, naming what is wrong.
    An undo's body has no index (-1 comes back)."""
    if len(raw) > MAX_BODY:
        raise IllegalAction(f"An order's body is at most {MAX_BODY} bytes")
    try:
        body = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        raise IllegalAction("An order's body is JSON: {\"version\": N, \"index\": N, \"nonce\": \"...\"}") from None
    wanted = {"version", "nonce"} | (set() if undo else {"index"})
    if not isinstance(body, dict) or set(body) != wanted:
        raise IllegalAction("An order's body holds exactly " + ", ".join(sorted(wanted)))
    version, nonce = body["version"], body["nonce"]
    index = -1 if undo else body["index"]
    for name, value, top in (("version", version, MAX_VERSION), ("index", index, MAX_INDEX)):
        if type(value) is not int or not (-1 if undo and name == "index" else 0) <= value <= top:
            raise IllegalAction(f"An order's {name} is a whole number from 0 to {top}")
    if not isinstance(nonce, str) or not NONCE.fullmatch(nonce):
        raise IllegalAction("An order's nonce is 8 to 64 letters, digits, '-' or '_'")
    return version, index, nonce


def seat_player(service: GameService, game_id: int, viewer: str) -> tuple[str, str]:
    """(user id, name) of the player who holds ``viewer``'s seat: the board speaks for them alone."""
    if viewer == SPECTATOR:
        raise Forbidden("The spectators' board gives no orders")
    info = service.info(game_id)
    seat = info.seats.get(viewer)
    if seat is None:
        raise NotFound(f"Game #{game_id} has no side '{viewer[:16]}'")
    if seat.kind != "human":
        raise Forbidden(f"The bot holds this side of game #{game_id}: its page gives no orders")
    if not seat.user_id:
        raise Forbidden(f"Nobody holds this side of game #{game_id} yet: /game join takes it")
    return seat.user_id, seat.user_name


def listing(service: GameService, game_id: int, side: str, version: int) -> tuple[GameRules, Any, list[Action]]:
    """The orders the rules list for ``side`` now, if the game is still at ``version``."""
    info = service.info(game_id)
    if info.version != version:
        raise StaleVersion("The game has moved on since this page was drawn: it is redrawn, look again")
    rules = registry.get(info.game)
    state = service.state(game_id)
    if info.status == "over" or rules.is_over(state):
        raise IllegalAction(f"Game #{game_id} is over: {info.status_line}")
    actions = rules.legal_actions(state, side) if rules.to_act(state) == side else []
    return rules, state, actions


def board_order(service: GameService, game_id: int, viewer: str, version: int, index: int, nonce: str
                ) -> BoardOrder:
    """The order a page asks for, checked against the listing at its version (blocking). A nonce that
    gave an order already is answered from its entry whatever the version now (a replay, a double click)."""
    user_id, user_name = seat_player(service, game_id, viewer)
    key = BoardOrder(game_id, viewer, user_id, user_name, version, nonce, None).key
    done = service.repeated(key)
    if done is not None:
        if done.game_id != game_id or done.side not in (viewer, None):
            raise Forbidden("This nonce was used by another page: the page is redrawn")
        return BoardOrder(game_id, viewer, user_id, user_name, version, nonce, done.action, done)
    if index < 0:  # an undo: the version is checked here and again by the service's undo, in its write
        if service.info(game_id).version != version:
            raise StaleVersion("The game has moved on since this page was drawn: it is redrawn, look again")
        return BoardOrder(game_id, viewer, user_id, user_name, version, nonce, None)
    _, _, actions = listing(service, game_id, viewer, version)
    if not actions:
        play_flow.acting_side(service.info(game_id), [viewer])  # names whose decision it is
        raise IllegalAction("Your side has no order to give now")
    if index >= len(actions):
        raise IllegalAction(f"No order {index} now: {len(actions)} are listed; the page is redrawn")
    return BoardOrder(game_id, viewer, user_id, user_name, version, nonce, actions[index])


def apply(service: GameService, order: BoardOrder) -> Flow:
    """The order's applied part (the flow's ``then_follow=False``): the host carries on from it."""
    if order.action is None:
        return play_flow.undo(service, order.game_id, order.user_id, sides=[order.side], viewer=order.side,
                              interaction_id=order.key, then_follow=False, expected_version=order.version)
    return play_flow.order(service, order.game_id, order.user_id, order.action, actor_name=order.user_name,
                           sides=[order.side], expected_version=order.version, interaction_id=order.key,
                           then_follow=False, reason=play_flow.BOARD_REASON)


def answer(first: Flow | None, order: BoardOrder, info: GameInfo) -> dict[str, Any]:
    """The page's answer to its order: what it gave, its lines as that side may read them (a secret of
    the other side's is never in them), the version and status now; a replay's from the entry it made."""
    move: Move | None
    if order.done is not None:
        done = order.done
        move = Move(done.seq, done.side, done.action, list(done.events), done.reason, repeated=True)
    else:
        move = first.applied[0] if first is not None and first.applied else None
    lines = [] if move is None else [e.line() for e in move.events
                                     if e.kind != "prompt" and (not e.only or e.only == order.side)]
    if order.action is None and order.done is None:
        taken = first.taken_back if first is not None else ""
        words = f"Undone: {taken}" if taken else "Undone"
    elif move is not None and move.action is not None:
        words = move.action.command(info.game)
    else:  # a replayed undo: its entry's words ('Undo of #12: place')
        words = move.events[0].text if move is not None and move.events else "Undone"
    out: dict[str, Any] = {"ok": True, "repeated": order.done is not None or bool(first and first.repeated),
                           "order": words[:MAX_LABEL * 2], "lines": [line[:300] for line in lines[:40]],
                           "version": info.version, "status": info.status_line[:300]}
    return out


# --- what the page shows of the orders --------------------------------------------------------------
def label(action: Action) -> str:
    """An order in words, as a button names it: 'move Spitze to 1308', 'order I1 die 2 type move to 0104'."""
    args = dict(action.args)
    parts = [action.kind]
    for key in ("unit", "units"):
        if key in args:
            parts.append(str(args.pop(key)))
    parts += [f"{k} {v}" for k, v in args.items()]
    return " ".join(parts)[:MAX_LABEL]


def units_of(action: Action) -> list[str]:
    """The units an order is given to (a fire group's each), for the page's per-unit listing."""
    named = action.args.get("unit") or action.args.get("units") or action.args.get("mover") or ""
    return [u.strip() for u in str(named).split(",") if u.strip()]


def target_hex(action: Action, hexes: set[str], unit_hexes: dict[str, str]) -> str | None:
    """The hex an order points at on the map (a destination, a target, a hex to take), if it has one."""
    for key in HEX_ARGS:
        value = str(action.args.get(key, ""))
        if value in hexes:
            return value
        if value in unit_hexes:  # a target named by its unit (SAF's assault, Peiper's attack)
            return unit_hexes[value]
    return None


def shown(index: int, action: Action, group: str, hexes: set[str], unit_hexes: dict[str, str]) -> dict[str, Any]:
    return {"i": index, "kind": action.kind, "label": label(action), "text": action.command(group),
            "units": units_of(action), "hex": target_hex(action, hexes, unit_hexes)}


def unit_orders(service: GameService, game_id: int, viewer: str, version: int, unit: str,
                hexes: set[str], price: Callable[[GameRules, Any, str, Action], str] | None = None,
                budget_s: float = 0.6) -> dict[str, Any]:
    """One unit's orders now (the map highlights their hexes), each with what it costs where the game
    counts a cost (``rules.order_cost``: "3 MP of 6", "1 ACT of 3"), and its odds where the budget allows
    (``price``: ``engine.odds``' short words), the rest priced on the page's ask."""
    seat_player(service, game_id, viewer)
    rules, state, actions = listing(service, game_id, viewer, version)
    view = rules.view(state, viewer)
    unit_hexes = {str(u["id"]): str(u["hex"]) for u in view.get("units", []) if u.get("hex")}
    mine = [(i, a) for i, a in enumerate(actions) if unit in units_of(a)]
    start, out = time.monotonic(), []
    with held_still():  # the state holds still: the rules answer the unit's many costs from one memo
        costs = [rules.order_cost(state, viewer, a) for _, a in mine[:MAX_UNIT_ORDERS]]
    for (i, a), cost in zip(mine[:MAX_UNIT_ORDERS], costs, strict=True):
        item = shown(i, a, rules.key, hexes, unit_hexes)
        if cost:
            item["cost"] = cost[:MAX_COST]
        if price is not None and time.monotonic() - start < budget_s:
            item["odds"] = price(rules, state, viewer, a)[:MAX_LABEL]
        out.append(item)
    known = bool(mine) or unit in unit_hexes  # a name the page sent is echoed only when it is a unit
    return {"unit": unit if known else "", "version": version, "orders": out, "count": len(mine),
            "cut": max(0, len(mine) - MAX_UNIT_ORDERS)}


def short_odds(rules: GameRules, state: Any, side: str, action: Action) -> str:
    """What an order would do, shortly (engine.odds, the figures of /odds): a chance, or what it changes."""
    from engine.errors import UmpireError
    from engine.odds import odds

    try:
        found = odds(rules, state, side, action)
    except UmpireError:
        return ""
    text = found.short()
    if text:
        return text
    if not found.draws:
        return "; ".join(t for t, _ in found.outcomes)[:MAX_LABEL]
    return ""
