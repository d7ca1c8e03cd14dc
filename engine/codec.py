"""Game states to JSON-safe dicts and back, for snapshots, the database and exports.

States are plain dataclasses; pydantic's TypeAdapter does the conversion and validates on load.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import TypeAdapter

T = TypeVar("T")


class StateCodec(Generic[T]):
    """``renamed`` maps a field's old name in stored states to its name now; ``dropped`` lists old
    fields now derived (stored games are read as they were written, whatever the version)."""

    def __init__(self, cls: type[T], renamed: dict[str, str] | None = None, dropped: tuple[str, ...] = ()) -> None:
        self._adapter: TypeAdapter[T] = TypeAdapter(cls)
        self._renamed = dict(renamed or {})
        self._dropped = dropped

    def dump(self, state: T) -> dict[str, Any]:
        data: dict[str, Any] = self._adapter.dump_python(state, mode="json")
        return data

    def load(self, data: dict[str, Any]) -> T:
        if any(old in data for old in self._renamed) or any(old in data for old in self._dropped):
            data = {self._renamed.get(k, k): v for k, v in data.items() if k not in self._dropped}
        return self._adapter.validate_python(data)
