"""The hard German reads ruling 23 exactly in its fields (ai_stops, the original layout).

Movement: "Units may not move if adjacent to an enemy unit, except to a new hex not adjacent to an
enemy unit" (ruling 23, hex by hex). Spitze in Stoumont (0404) next to 99 BG in Targnon (0304), with
30/117/1 at 0201, has no legal step west: every hex on from Stoumont is next to a US unit too. The
loose fields counted that stop as a small delay and the plan sat there; the strict ones route it
back round (traced on seed 11, historical, the thoughtful US: two turns of cards passed)."""

from __future__ import annotations

from engine.game import Action
from engine.games.peiper import RULES, ai_field, ai_stops
from engine.games.peiper.ai_field import situation
from engine.games.peiper.ai_plan import ranked_plan
from engine.games.peiper.state import ACTIVATE, PeiperState
from engine.games.peiper.units import scenario_map


def _stoumont(scenario: str = "historical") -> PeiperState:
    """Spitze in Stoumont next to 99 BG (Targnon), 30/117/1 at 0201; three Germans already off; turn 3."""
    state = RULES.new_state(scenario, 1, {})
    RULES.apply(state, "us", Action("ready"))
    for u in state.units.values():
        u.status, u.hex, u.reduced = "awaiting", None, False
    for uid in ("3/2 LAH", "3FJ/KG1", "3FJ/KG2"):
        state.units[uid].status = "exited"
        state.exited.append(uid)
    for uid in ("1/1 LAH", "501"):
        state.units[uid].status = "eliminated"
    for uid, at in (("Spitze", "0404"), ("99 BG", "0304"), ("30/117/1", "0201"), ("2/23/2", "1308")):
        state.units[uid].status, state.units[uid].hex = "on_map", at
    state.units["30/117/2"].status = "eliminated"
    state.turn = 3
    state.phase, state.side, state.acts, state.act_units = ACTIVATE, "ge", 3, []
    return state


def test_ai_movement_adjacent_stop_has_no_legal_step_west_from_stoumont() -> None:
    """The position: Spitze's legal moves all lead east or to another hex next to a US unit (none)."""
    with scenario_map("historical"):
        state = _stoumont()
        moves = [a.args["to"] for a in RULES.legal_actions(state, "ge") if a.kind == "move"]
        assert moves and all(to[:2] >= "04" for to in moves)  # no step into columns 01-03


def test_ai_movement_strict_fields_see_stoumont_cut_off() -> None:
    """Loose, Spitze looks a few ACTs from the exit; strict (ruling 23), it must go back round."""
    with scenario_map("historical"):
        state = _stoumont()
        sit = situation(state)
        loose = sit.mech.dist[sit.t.index[next(h for h in sit.t.hexes if h.label == "0404")]]
        with ai_stops.strict(state):
            assert ai_field.STRICT_STOPS.get()
            sit = situation(state)
            strict = sit.mech.dist[sit.t.index[next(h for h in sit.t.hexes if h.label == "0404")]]
        assert not ai_field.STRICT_STOPS.get()
        assert loose < 3.0 and strict >= loose + 2.0  # strict: back round by La Gleize and Neufmoulin


def test_ai_movement_hard_german_leaves_a_dead_end_under_strict_fields() -> None:
    """The hard German's activation: strict, Spitze steps back out of Stoumont (a way round); with the
    rule switched off (STRICT_IN empty) every move looks worse than standing, so it ends."""
    from engine.games.peiper.ai_search import _ge_ranking

    with scenario_map("historical"):
        state = _stoumont()
        legal = RULES.legal_actions(state, "ge")
        best = _ge_ranking(state, legal, "plan")[0]
        assert best[2].kind == "move" and best[2].args["unit"] == "Spitze" and best[0] > 0
        old = ai_stops.STRICT_IN
        try:
            ai_stops.STRICT_IN = ()
            loose_best = _ge_ranking(state, legal, "plan")[0]
        finally:
            ai_stops.STRICT_IN = old
        assert loose_best[2].kind == "end" or loose_best[0] <= 0
        assert ranked_plan(state, legal)[0][2].kind == loose_best[2].kind  # outside the block: loose


def test_ai_movement_strict_fields_only_on_the_original_layout() -> None:
    """The contest layout (and every other decision) keeps the fields as they were."""
    with scenario_map("contest"):
        state = _stoumont("contest")
        with ai_stops.strict(state):
            assert not ai_field.STRICT_STOPS.get()


def test_ai_strict_fields_stay_in_their_own_thread() -> None:
    """The bot decides in worker threads (asyncio.to_thread): the switch is a context variable, so a
    hard German deciding in one thread never makes another game's normal or US decision strict."""
    import threading

    seen: list[bool] = []
    with scenario_map("historical"):
        state = _stoumont()
        with ai_stops.strict(state):
            worker = threading.Thread(target=lambda: seen.append(ai_field.STRICT_STOPS.get()))
            worker.start()
            worker.join()
            assert ai_field.STRICT_STOPS.get()
    assert seen == [False]
