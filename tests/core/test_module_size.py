"""Readable: small modules named for what they hold, none over 600 lines (the developers' guide; issue 40
split the last four). This holds it for every Python module of Umpire and its tests and tools."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("bot", "cogs", "engine", "images", "tests", "tools")
LIMIT = 600


def long_modules(root: Path = ROOT, limit: int = LIMIT) -> list[str]:
    """Each module over ``limit`` lines, as 'path: lines'."""
    out = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                out.append(f"{path.relative_to(root)}: {lines}")
    return out


def test_no_module_is_over_600_lines() -> None:
    assert long_modules() == [], "split these along what they hold (docs/architecture.md)"


def test_the_check_sees_a_long_module(tmp_path: Path) -> None:
    (tmp_path / "engine").mkdir()
    (tmp_path / "engine" / "long.py").write_text("x = 1\n" * (LIMIT + 1), encoding="utf-8")
    (tmp_path / "engine" / "short.py").write_text("x = 1\n" * LIMIT, encoding="utf-8")
    assert long_modules(tmp_path) == [f"{Path('engine/long.py')}: {LIMIT + 1}"]
