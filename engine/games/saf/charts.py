"""Scream, Aim, Fire!'s charts (engine.charts): the counters' values and the key to them, the German's
action cards (its AI, 7.2), the cover cards and the chit cups, as the game is played (a GM's files
included)."""

from __future__ import annotations

from typing import Any

from engine.charts import Chart, cell

from .data import ActionCard, Step, data_for, load_data


def _data(state: Any) -> Any:
    return load_data() if state is None else data_for(state.options)


def _steps(steps: list[Step]) -> str:
    words = []
    for s in steps:
        text: str = s.do
        if s.hexes:
            text += f" {s.hexes}"
        if s.drm:
            text += f" {s.drm:+d}"
        if s.else_move:
            text += f" (else move {s.else_move})"
        words.append(text)
    return ", then ".join(words) or "none"


def _actions(cards: list[ActionCard]) -> tuple[tuple[str, ...], ...]:
    seen: dict[str, tuple[str, ...]] = {}
    for c in cards:  # the expanded deck: one row a card name, with its count
        if c.name not in seen:
            count = sum(1 for d in cards if d.name == c.name)
            seen[c.name] = (c.name, str(count), _steps(c.calm), _steps(c.alert), _steps(c.panic),
                            cell(c.low_supply))
    return tuple(seen.values())


def charts(state: Any) -> list[Chart]:
    data = _data(state)
    counters = tuple((spec.name, spec.side, cell(spec.hit or None), cell(spec.range or "any"), cell(spec.mp),
                      cell(spec.drm or None), f"{spec.front}/{spec.flank}" if spec.tank else "-")
                     for spec in data.counters.values())
    cover: dict[str, int] = {}
    for card in data.cover:
        cover[f"{card.name}|{card.clear}|{card.cover}"] = cover.get(f"{card.name}|{card.clear}|{card.cover}", 0) + 1
    cups = []
    for cup, chits in (("damage", data.chits.damage), ("tank hit", data.chits.tank),
                       ("tank damage", data.chits.tank_damage)):
        for chit in chits:
            cups.append((cup, chit.result.replace("_", " "), cell(getattr(chit, "morale", None)), cell(chit.count)))
    return [
        Chart("key", "Counter values", "2.0 Components", ("counter", "means"),
              (("infantry, guns", "hit-range-MP: the roll a shooter needs to hit it, its range in hexes, its "
                                  "movement points"),
               ("tanks", "front-flank-range-MP: the armour saves of its front and flank, range, movement"),
               ("[n]", "a German's key number (6.1 D): the Enemy Spotted Table places the counter of that number"))),
        Chart("counters", "Counters", "2.0 Components",
              ("counter", "side", "hit on", "range", "MP", "drm", "armour"), counters),
        Chart("actions", "German action cards", "7.2 German AI",
              ("card", "count", "calm (blue)", "alert (red)", "panic (black)", "low supply"), _actions(data.actions),
              ("a card's two steps are done in order (7.2 D); low supply: the icon in the corner (7.2 F)",)),
        Chart("cover", "Cover cards", "6.3.4 Cover", ("card", "in a clear hex", "in cover", "count"),
              tuple((k.split("|")[0], k.split("|")[1], k.split("|")[2], str(n)) for k, n in cover.items())),
        Chart("chits", "Chit cups", "6.3.5", ("cup", "result", "morale", "count"), tuple(cups),
              ("drawn blind, with replacement (6.3.5 E)",)),
    ]


def terrain_notes(state: Any) -> dict[str, str]:
    """The rulebook's words on each terrain (6.3.1 movement, 6.3.3 sight, 6.3.4 cover)."""
    return {"clear": "infantry 1 MP (6.3.1 A); in the open: the cover card's clear entry (6.3.4)",
            "woods": "infantry 2 MP (6.3.1 A); blocks sight through it (6.3.3 C); cover (6.3.4)",
            "building": "infantry 3 MP (6.3.1 A); blocks sight through it (6.3.3 C); cover (6.3.4)",
            "hill": "infantry 2 MP (6.3.1 A); blocks sight through it; a unit on it sees over cover (6.3.3 F-H)"}
