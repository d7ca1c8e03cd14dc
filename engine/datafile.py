"""Reading a game's data files (YAML checked by a pydantic schema), one way for every game.

A bad file raises ``DataFileError(file, entry, problem)``: the file, the entry inside it (dotted,
``(top level)``, ``(file)`` or ``(syntax)``) and what is wrong, so a GM editing a file sees where.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from engine.errors import DataFileError

M = TypeVar("M", bound=BaseModel)


def load_yaml(path: Path) -> Any:
    """A YAML file's content; a missing file or bad syntax is a DataFileError naming the file."""
    try:
        with path.open(encoding="utf-8") as fh:
            return yaml.safe_load(fh)
    except FileNotFoundError:
        raise DataFileError(str(path), "(file)", "no such file") from None
    except yaml.YAMLError as exc:
        raise DataFileError(str(path), "(syntax)", str(exc).replace("\n", " ")) from None


def validate(model: type[M], raw: Any, source: str, prefix: str = "") -> M:
    """``raw`` checked against ``model``; the first problem is a DataFileError naming ``source`` and
    the entry (``prefix`` first: the key the entry was found under)."""
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        entry = ".".join([prefix] * bool(prefix) + [str(p) for p in err["loc"]]) or "(top level)"
        raise DataFileError(source, entry, err["msg"]) from None


def parse_file(model: type[M], path: Path) -> M:
    """A data file read and checked against ``model``; errors name the file by its name."""
    return validate(model, load_yaml(path), path.name)
