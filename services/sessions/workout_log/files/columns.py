"""Finding columns by header name, in any order, whatever else the file has beside them."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from services.sessions.workout_log.files.model import UnreadableFile


def normalized(name: str) -> str:
    """A header as compared: case, surrounding spaces and doubled spaces do not matter."""
    return " ".join(name.split()).lower()


@dataclass(frozen=True, slots=True)
class Columns:
    """Where each known header sits in a file's rows."""

    format_name: str  # "Strong" or "Hevy", for messages
    positions: dict[str, int]  # normalized header -> its index; the first wins when repeated
    # Callers name columns as the format spells them ("Weight (kg)"); lookups normalize.

    @classmethod
    def of(cls, format_name: str, header: Sequence[str]) -> Columns:
        positions: dict[str, int] = {}
        for index, name in enumerate(header):
            positions.setdefault(normalized(name), index)
        return cls(format_name, positions)

    def first_of(self, names: Iterable[str]) -> str | None:
        """The first of ``names`` the file has (the alternatives for one measure), or None."""
        return next((name for name in names if normalized(name) in self.positions), None)

    def pick(self, names: Iterable[str]) -> str:
        """The first of ``names`` the file has; ``UnreadableFile`` when it has none of them."""
        alternatives = tuple(names)
        self.require((alternatives,))
        return next(name for name in alternatives if normalized(name) in self.positions)

    def index(self, name: str | None) -> int | None:
        return None if name is None else self.positions.get(normalized(name))

    def require(self, required: Iterable[tuple[str, ...]]) -> None:
        """Refuse the file unless it has, for each tuple of alternatives, at least one."""
        missing = [
            " or ".join(f'"{name}"' for name in names) for names in required if not self.first_of(names)
        ]
        if missing:
            raise UnreadableFile(
                f"this looks like a {self.format_name} export but lacks the column(s) {', '.join(missing)}"
            )


def cell(cells: list[str], index: int | None) -> str:
    """The cell at ``index``: empty when the column is absent or the row is short."""
    if index is None or index >= len(cells):
        return ""
    return cells[index]
