"""tools/peiper_tune.py: a setting changes only an existing constant of a Peiper AI module, and
anything else is refused with its reason (no code run from the command line)."""

from __future__ import annotations

import pytest

from engine.games.peiper import ai_plan
from tools.peiper_tune import apply


def test_a_setting_sets_the_constant(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ai_plan, "MECH_FIRST", ai_plan.MECH_FIRST)  # put back after the test
    monkeypatch.setattr(ai_plan, "MECH_FIRST_IN", ai_plan.MECH_FIRST_IN)
    apply("ai_plan.MECH_FIRST=60")
    assert ai_plan.MECH_FIRST == 60
    apply("ai_plan.MECH_FIRST_IN=('historical', 'contest')")
    assert ai_plan.MECH_FIRST_IN == ("historical", "contest")


@pytest.mark.parametrize(("setting", "reason"), [
    ("ai_plan.mech_first=3", "give ai_module.CONSTANT=literal"),
    ("plan.MECH_FIRST=3", "give ai_module.CONSTANT=literal"),
    ("ai_plan.NO_SUCH=3", "has no constant NO_SUCH"),
    ("ai_nowhere.MECH_FIRST=3", "no Peiper AI module"),
    ("ai_plan.MECH_FIRST=__import__('os').getcwd()", "is not a literal"),
    ("ai_plan.MECH_FIRST=" + "9" * 300, "give ai_module.CONSTANT=literal"),
])
def test_anything_else_is_refused(setting: str, reason: str) -> None:
    before = ai_plan.MECH_FIRST
    with pytest.raises(SystemExit, match=reason):
        apply(setting)
    assert before == ai_plan.MECH_FIRST
