"""Fire and assault for both sides (6.3.3-6.3.6.7, 7.2.2-7.2.6.2, 7.5)."""

from __future__ import annotations

from engine.events import Event
from engine.hexgrid import Hex

from .los import terrain_cover
from .state import Unit
from .table import CHIT_ORDER, DAMAGE_ORDER, GERMAN_INFANTRY, Table

COVER_DRM = {"none": 0, "light": 1, "hard": 2, "bunker": 0}


# --- who may shoot at whom -------------------------------------------------------------------------
def in_range(t: Table, u: Unit, a: Hex, b: Hex, rng: int | None = None) -> bool:
    r = t.spec(u).range if rng is None else rng
    return r == 0 or a.distance(b) <= r


def fire_targets(t: Table, u: Unit, frm: Hex | None = None, *, tanks: bool = False, rng: int | None = None,
                 ignore: str = "") -> list[Unit]:
    """Enemy units the firer could shoot from ``frm``: in range and LOS (6.3.3 K)."""
    a = frm or t.hex(u)
    key = ("fire", u.id, u.hex, a, tanks, rng, ignore)
    if t.memo is not None and key in t.memo:
        return list(t.memo[key])
    enemy = "ge" if u.side == "us" else "us"
    out = []
    for e in t.s.on_map(enemy):
        if t.is_tank(e) != tanks or (not tanks and t.spec(e).hit <= 0):
            continue
        b = t.hex(e)
        if in_range(t, u, a, b, rng) and t.los(u, a, b, ignore=ignore):
            out.append(e)
    if t.memo is not None:
        t.memo[key] = list(out)
    return out


def _after_fired_on(t: Table, g: Unit) -> None:
    if g.status == "on_map" and g.state == "calm" and not t.is_tank(g):
        g.state = "alert"
        t.events.append(Event("status", f"{t.name(g)} is now Alert after being fired on", "6.3.5 F", "ge"))


def _overlay(t: Table, a: Unit, b: Unit, hit: bool) -> None:
    if a.hex and b.hex:
        t.s.overlays.append({"kind": "fire", "from": a.hex, "to": b.hex, "hit": hit, "unit": a.id})


def damage_german(t: Table, g: Unit, rule: str = "6.3.5 D") -> None:
    """A German unit is hit: draw a damage chit (infantry) or a tank damage chit (6.3.6.7 H)."""
    if t.is_tank(g):
        chit = t.draw_chit("tank_damage", f"Tank damage chit for {t.name(g)}", "6.3.6.7 H")
        if chit["result"] == "bounce":
            return
        t.eliminate(g, "6.3.6.7 H")
        word = "crew bails out" if chit["result"] == "bail_out" else "is destroyed"
        t.morale(chit["morale"], f"{t.name(g)} {word}", "6.3.6.7 H")
        return
    chit = t.draw_chit("damage", f"Damage chit for {t.name(g)}", rule)
    if chit["result"] == "destroyed":
        t.eliminate(g, "6.3.5 E")
        t.morale(chit["morale"], f"{t.name(g)} destroyed", "6.3.5 E")


# --- American fire ---------------------------------------------------------------------------------
def us_drm(t: Table, u: Unit, target: Unit, *, mortar: bool = False) -> tuple[int, list[str]]:
    drm, why = 0, list[str]()
    if t.spec(u).veteran:
        drm, why = drm + 1, [*why, "+1 veteran"]
    if t.americans_near_lt(u):
        drm, why = drm + 1, [*why, "+1 1st Lieutenant"]
    if target.spotted and not mortar:
        drm, why = drm + 1, [*why, "+1 spotted by sniper"]
    if u.state == "panic":
        drm, why = drm - 1, [*why, "-1 panicked"]
    return drm, why


def us_fire(t: Table, u: Unit, g: Unit, mode: str = "rifle") -> bool:
    """An American fire action at a German unit (6.3.3 K-6.3.5); mode rifle, he (6.3.6.7 I-J), sniper."""
    u.fired = True
    need = t.spec(g).hit
    ground = t.m.terrain.get(t.hex(g), "clear")
    cover_txt = ""
    if mode != "sniper":  # 6.3.6.5 D: no cover card against a sniper
        _, clear, cover = t.draw_cover()
        entry = clear if (ground not in ("woods", "building") or mode == "he") else cover
        if entry == "bunker":
            t.events.append(Event("fire", f"{t.name(g)} is in a bunker: {t.name(u)}'s fire order is wasted",
                                  "6.3.4 C", "ge"))
            _overlay(t, u, g, False)
            return False
        need += COVER_DRM[entry]
        cover_txt = f", {entry} cover +{COVER_DRM[entry]}" if COVER_DRM[entry] else ", no cover"
    drm, why = us_drm(t, u, g)
    dice = t.roll(2 if mode == "he" else 1, f"{t.name(u)} fires at {t.name(g)} (needs {need}+{cover_txt})",
                  "6.3.6.7 I" if mode == "he" else "6.3.3 K")
    natural = max(dice)
    total = natural + drm
    hit = natural == 6 or total >= need
    mods = (" " + " ".join(why)) if why else ""
    t.events.append(Event("fire", f"{natural}{mods} = {total} against {need}+: {'hit' if hit else 'miss'}"
                          + (" (natural 6)" if natural == 6 and total < need else ""), "6.3.5 C", "us", {"hit": hit}))
    _overlay(t, u, g, hit)
    if hit:
        damage_german(t, g)
    _after_fired_on(t, g)
    if natural == 1:
        u.supply = "low_ammo"
        t.events.append(Event("status", f"{t.name(u)} rolled a natural 1 and is low on ammunition", "6.3.5 G", "ge"))
    return hit


def tank_chit(t: Table, firer: Unit, draws: int, rule: str) -> str:
    results = [t.draw_chit("tank", f"Tank chit for {t.name(firer)}", rule)["result"] for _ in range(draws)]
    return max(results, key=lambda r: CHIT_ORDER[r])


def us_tank_fire(t: Table, u: Unit, g: Unit) -> bool:
    """6.3.6.7 E-H: Sherman one chit, M10 two keeping the better; one or two crosshairs hit."""
    u.fired = True
    best = tank_chit(t, u, 2 if u.kind == "m10" else 1, "6.3.6.7 F")
    hit = best != "miss"
    t.events.append(Event("fire", f"{t.name(u)} fires at {t.name(g)}: {'hit' if hit else 'miss'}",
                          "6.3.6.7 G", "us", {"hit": hit}))
    _overlay(t, u, g, hit)
    if hit:
        damage_german(t, g)
    return hit


def mortar_fire(t: Table, u: Unit, g: Unit, second: Unit | None) -> bool:
    """6.3.6.4 B-I: range in on 3+, then 2d6 take the higher against the printed number."""
    u.fired = True
    if t.roll(1, f"{t.name(u)} ranges in on {t.name(g)} (needs 3+)", "6.3.6.4 B")[0] < 3:
        t.events.append(Event("fire", f"{t.name(u)} fails to range in and may not fire", "6.3.6.4 B", "ge"))
        return False
    need = t.spec(g).hit
    dice = t.roll(2, f"{t.name(u)} mortar fire at {t.name(g)} (needs {need}+, no cover card)", "6.3.6.4 E")
    hit = max(dice) >= need
    t.events.append(Event("fire", f"Higher die {max(dice)} against {need}+: {'hit' if hit else 'miss'}",
                          "6.3.6.4 E", "us", {"hit": hit}))
    _overlay(t, u, g, hit)
    if hit:
        _mortar_hit(t, g)
        if dice == [6, 6] and second is not None and second.status == "on_map":
            t.events.append(Event("fire", f"Double 6: {t.name(second)} is hit too", "6.3.6.4 G", "us"))
            _mortar_hit(t, second)
    else:
        _after_fired_on(t, g)
    if max(dice) == 1:
        u.supply = "low_ammo"
        t.events.append(Event("status", f"{t.name(u)} rolled a natural 1 and is low on ammunition", "6.3.5 G", "ge"))
    return hit


def _mortar_hit(t: Table, g: Unit) -> None:
    if t.is_tank(g):
        damage_german(t, g)  # 6.3.6.4 I
        return
    t.eliminate(g, "6.3.6.4 H")
    t.morale(5, f"{t.name(g)} destroyed by mortar fire", "6.3.6.4 H")


# --- assault (6.3.6.6, 7.2.4) ----------------------------------------------------------------------
def assault_roll(t: Table, att: Unit, h: Hex) -> bool | None:
    """Roll 4d6 + DRMs against 14 (6.3.6.6 C-F); None when a bunker aborts the assault (G)."""
    defenders = t.s.at(h)
    us_attacks = att.side == "us"
    drm, why = 0, list[str]()
    if t.spec(att).veteran:
        drm, why = drm + 1, [*why, "+1 veteran"]
    if us_attacks and t.americans_near_lt(att):
        drm, why = drm + 1, [*why, "+1 1st Lieutenant"]
    if us_attacks:
        _, clear, cover = t.draw_cover()
        entry = cover if t.m.terrain.get(h) in ("woods", "building") else clear
        if entry == "bunker":
            t.events.append(Event("assault", f"The defenders of {h.label} sit in a bunker: the assault is aborted",
                                  "6.3.6.6 G", "ge"))
            return None
        if COVER_DRM[entry]:
            drm, why = drm - COVER_DRM[entry], [*why, f"-{COVER_DRM[entry]} {entry} cover"]
    else:
        c = terrain_cover(t.m, h, t.hex(att))
        if c:
            drm, why = drm - c, [*why, f"-{c} terrain"]
    if any(d.supply for d in defenders):
        drm, why = drm + 1, [*why, "+1 low supply"]
    if any(d.state == "panic" for d in defenders):
        drm, why = drm + 1, [*why, "+1 panicked"]
    counted = [d for d in defenders if d.kind not in ("us_sniper", "us_lt")]
    if not us_attacks and len(defenders) - (1 if t.lt() in defenders else 0) == 1 and \
            defenders[0].kind in ("us_sniper", "us_mortar"):
        drm, why = drm + 2, [*why, "+2 sniper or mortar alone"]
    if len(counted) > 1:
        drm, why = drm - 2 * (len(counted) - 1), [*why, f"-{2 * (len(counted) - 1)} extra defenders"]
    names = ", ".join(t.name(d) for d in defenders)
    dice = t.roll(4, f"{t.name(att)} assaults {h.label} ({names}), needs 14+", "6.3.6.6 C", att.side)
    total = sum(dice) + drm
    ok = total >= 14
    mods = (" " + " ".join(why)) if why else ""
    t.events.append(Event("assault", f"{sum(dice)}{mods} = {total}: {'success' if ok else 'failure'}",
                          "6.3.6.6 C", att.side, {"hit": ok}))
    if att.hex:
        t.s.overlays.append({"kind": "fire", "from": att.hex, "to": h.label, "hit": ok, "unit": att.id})
    return ok


def assault(t: Table, att: Unit, h: Hex) -> bool:
    """An assault (6.3.6.6, 7.2.4): success destroys every defender and the attacker moves in."""
    defenders = t.s.at(h)
    us_attacks = att.side == "us"
    ok = assault_roll(t, att, h)
    if ok:
        for d in defenders:
            if d.status != "on_map":
                continue
            if us_attacks:
                t.eliminate(d, "6.3.6.6 D")
                t.morale(10, f"{t.name(d)} destroyed in the assault", "6.3.6.6 D")
            elif d.kind != "us_lt":
                t.lose_american(d, 10, "7.2.4 C", "is destroyed in the assault")
        from .movement import move_unit

        move_unit(t, att, h, "6.3.6.6 D", "moves into")
    else:
        if us_attacks:  # 6.3.6.6 G: "American units will receive a Low Supply counter"; a German gets
            att.supply = "low_supply"  # one only from its card's icon (7.2 F)
            t.events.append(Event("status", f"{t.name(att)} receives a Low Supply counter", "6.3.6.6 G", att.side))
        if not us_attacks:
            for d in defenders:
                t.lt_check(d)
        for d in defenders:
            if d.side == "ge":
                _after_fired_on(t, d)
    return bool(ok)


def assault_lt(t: Table, g: Unit, lt: Unit, unit: Unit | None) -> bool:
    """7.4 C: the German Veterans assault the 1st Lieutenant's hex."""
    t.events.append(Event("assault", f"{t.name(g)} ends adjacent to the 1st Lieutenant and assaults", "7.4 C", "ge"))
    ok = bool(assault_roll(t, g, t.hex(lt)))
    if ok:
        if unit is not None and unit.status == "on_map":
            t.eliminate(unit, "7.4 C")
        t.eliminate(lt, "7.4 C")
        t.morale(-10, "the 1st Lieutenant is captured and his unit eliminated", "7.4 C")
        g.status, g.hex = "eliminated", None  # removed from play, not destroyed: no supply credit
        t.events.append(Event("status", f"{t.name(g)} leaves with its prisoner", "7.4 C", "ge"))
    else:
        t.eliminate(g, "7.4 C")
        t.morale(10, f"{t.name(g)} is wiped out in the failed assault", "7.4 C")
    return ok


# --- German fire on Americans (7.2.2-7.2.3, 7.2.6, 7.5) --------------------------------------------
def german_fire(t: Table, g: Unit, target: Unit, drm: int = 0, dice_n: int = 1, reason: str = "",
                rule: str = "7.2.2") -> bool:
    """A German fire action at an American (7.2.2, as 6.3.5): the printed number plus the terrain
    (7.2.2 C), the roll plus Veteran (7.2.2 B) and the card's DRM, each named in the line as American
    lines name theirs; ``rule`` is the firer's clause (7.2.5 MG 42, 7.2.6 D tank HE, 7.5 B AT gun)."""
    g.fired = True
    base = t.spec(target).hit
    cover = terrain_cover(t.m, t.hex(target), t.hex(g))
    need = base + cover
    ground = t.m.terrain.get(t.hex(target), "clear")
    cover_txt = (f", {'hill above the firer' if ground == 'hill' else ground} +{cover}" if cover else ", no cover")
    mods, why = 0, list[str]()
    if t.spec(g).veteran:
        mods, why = mods + 1, [*why, "+1 veteran"]
    if drm:
        mods, why = mods + drm, [*why, f"{drm:+d} card"]
    dice = t.roll(dice_n, f"{t.name(g)} fires at {t.name(target)}{reason} (needs {need}+: printed {base}"
                  f"{cover_txt}{', 2d6 keep the higher' if dice_n == 2 else ''})", rule, "ge")
    natural = max(dice)
    total = natural + mods
    hit = natural == 6 or total >= need
    kept = "Higher die " if dice_n == 2 else ""
    t.events.append(Event("fire", f"{kept}{natural}{(' ' + ' '.join(why)) if why else ''} = {total} against {need}+: "
                          f"{'hit' if hit else 'miss'}" + (" (natural 6)" if natural == 6 and total < need else ""), "7.2.2 D" if natural == 6 and total < need else rule, "ge", {"hit": hit}))
    _overlay(t, g, target, hit)
    if hit:
        hit_american(t, target)
    t.lt_check(target)
    return hit


def hit_american(t: Table, u: Unit) -> None:
    """7.2.3: calm -> Alert -> Panic -> destroyed (-5 morale, -10 with the 1st Lieutenant)."""
    if u.state == "calm":
        u.state = "alert"
        t.events.append(Event("status", f"{t.name(u)} is hit and becomes Alert", "7.2.3 A", "ge"))
    elif u.state == "alert":
        u.state = "panic"
        t.events.append(Event("status", f"{t.name(u)} is hit again and Panics", "7.2.3 A", "ge"))
    else:
        t.lose_american(u, 5, "7.2.3 B", "is destroyed")


def german_tank_fire(t: Table, g: Unit, target: Unit) -> None:
    """7.2.6.1-7.2.6.2: chits, armour saves, tank damage (Tiger draws two of each, keeps the worse for you);
    the AT gun fires as a Panzer IV (7.5 A)."""
    g.fired = True
    draws = 2 if g.kind == "tiger" else 1
    best = tank_chit(t, g, draws, "7.5 A" if g.kind == "at_gun" else "7.2.6.1")
    spec = t.spec(target)
    _overlay(t, g, target, best != "miss")
    if best == "miss":
        t.events.append(Event("fire", f"{t.name(g)} fires at {t.name(target)}: miss", "7.2.6.1", "us"))
        return
    if best == "explosion":
        t.events.append(Event("fire", f"{t.name(g)} fires at {t.name(target)}: explosion, no save", "7.2.6.2 C", "ge"))
        t.eliminate(target, "7.2.6.2 C")
        t.morale(-10, f"{t.name(target)} destroyed", "7.2.6.2 C")
        return
    armour = spec.front if best == "one" else spec.flank
    side = "front" if best == "one" else "flank"
    if armour <= 0:
        t.events.append(Event("fire", f"{t.name(target)} has no {side} armour: no save", "2.0 C", "ge"))
        saved = False
    else:
        roll = t.roll(1, f"{t.name(target)} {side} armour save (needs {armour}+)", "7.2.6.2 A" if best == "one" else "7.2.6.2 B")
        saved = roll[0] >= armour
    if saved:
        t.events.append(Event("fire", f"{t.name(target)} saves", "7.2.6.2", "us"))
        return
    results = [t.draw_chit("tank_damage", f"Tank damage chit for {t.name(target)}", "7.2.6.2 D")["result"]
               for _ in range(draws)]
    worst = max(results, key=lambda r: DAMAGE_ORDER[r])
    if worst == "bounce":
        t.events.append(Event("fire", "The shot bounces off", "7.2.6.2 D", "us"))
    elif worst == "bail_out":
        t.eliminate(target, "7.2.6.2 D")
        t.morale(-5, f"{t.name(target)}'s crew bails out", "7.2.6.2 D")
    else:
        t.eliminate(target, "7.2.6.2 D")
        t.morale(-10, f"{t.name(target)} destroyed", "7.2.6.2 D")


def is_german_infantry(u: Unit) -> bool:
    return u.kind in GERMAN_INFANTRY
