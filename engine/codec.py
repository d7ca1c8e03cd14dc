"""Game states to JSON-safe dicts and back, for snapshots, the database and exports.

States are plain dataclasses; pydantic's TypeAdapter does the conversion and validates on load.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter

T = TypeVar("T")


class StateCodec(Generic[T]):
    def __init__(self, cls: type[T]) -> None:
        self._adapter: TypeAdapter[T] = TypeAdapter(cls)

    def dump(self, state: T) -> dict[str, Any]:
        data: dict[str, Any] = self._adapter.dump_python(state, mode="json")
        return data

    def load(self, data: dict[str, Any]) -> T:
        return self._adapter.validate_python(data)
