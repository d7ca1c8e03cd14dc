"""engine.datafile: the one reader of the games' data files (issue 29, one dialect): a bad file names
the file, the entry and the problem, whichever game's file it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from engine.datafile import load_yaml, parse_file, validate
from engine.errors import DataFileError


class Entry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    strength: int


class File(BaseModel):
    model_config = ConfigDict(extra="forbid")
    units: list[Entry]


def test_validate_names_the_file_the_entry_and_the_problem() -> None:
    with pytest.raises(DataFileError) as err:
        validate(File, {"units": [{"id": "A", "strength": 2}, {"id": "B", "strength": "lots"}]}, "units.yaml")
    assert (err.value.file, err.value.entry) == ("units.yaml", "units.1.strength")
    assert "integer" in err.value.problem


def test_validate_puts_the_key_an_entry_was_found_under_first() -> None:
    with pytest.raises(DataFileError) as err:
        validate(Entry, {"id": "A"}, "units.yaml", prefix="us_rifle")
    assert err.value.entry == "us_rifle.strength"


def test_validate_a_file_that_is_not_a_mapping_is_refused_at_the_top_level() -> None:
    with pytest.raises(DataFileError) as err:
        validate(File, ["not", "a", "mapping"], "units.yaml")
    assert err.value.entry == "(top level)"


def test_a_good_file_reads_as_its_model(tmp_path: Path) -> None:
    path = tmp_path / "units.yaml"
    path.write_text("units:\n  - {id: A, strength: 3}\n", encoding="utf-8")
    assert parse_file(File, path) == File(units=[Entry(id="A", strength=3)])


def test_a_missing_file_and_bad_syntax_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(DataFileError) as err:
        load_yaml(tmp_path / "gone.yaml")
    assert err.value.entry == "(file)" and "gone.yaml" in err.value.file
    bad = tmp_path / "bad.yaml"
    bad.write_text("units: [unclosed\n", encoding="utf-8")
    with pytest.raises(DataFileError) as err:
        parse_file(File, bad)
    assert err.value.entry == "(syntax)" and "\n" not in err.value.problem
