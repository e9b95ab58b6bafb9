"""One scoreboard for every game: points and other counters per seat, with a running history."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Scoreboard:
    """Counters per seat ("points", "hurdles", "wedges", "tokens", ...) and what changed them."""

    seats: int
    counters: dict[str, list[float]] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)

    def add(
        self,
        seat: int,
        amount: float,
        counter: str = "points",
        why: str = "",
        round: int | None = None,
    ) -> None:
        """Add ``amount`` (may be negative) to ``seat``'s ``counter`` and record why.

        ``round`` (optional) lets the scoreboard widget group the history by round.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise ValueError(f"There is no seat {seat} on this scoreboard.")
        values = self.counters.setdefault(counter, [0] * self.seats)
        values[seat] += amount
        entry: dict[str, Any] = {"seat": seat, "counter": counter, "amount": amount, "why": why}
        if round is not None:
            entry["round"] = round
        self.history.append(entry)

    def running(self) -> list[dict[str, Any]]:
        """The history with each entry's new total (``"total"``): the running score sheet."""
        totals: dict[str, list[float]] = {}
        out = []
        for entry in self.history:
            column = totals.setdefault(entry["counter"], [0] * self.seats)
            column[entry["seat"]] += entry["amount"]
            out.append({**entry, "total": column[entry["seat"]]})
        return out

    def get(self, seat: int, counter: str = "points") -> float:
        return self.counters.get(counter, [0] * self.seats)[seat]

    def column(self, counter: str = "points") -> list[float]:
        return list(self.counters.get(counter, [0] * self.seats))

    def ranking(self, *counters: str) -> list[int]:
        """Seats from best to worst by ``counters`` in order (later ones break ties)."""
        keys = counters or ("points",)
        return sorted(range(self.seats), key=lambda s: tuple(-self.get(s, c) for c in keys))

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "counters": {k: list(v) for k, v in self.counters.items()},
            "history": [dict(h) for h in self.history],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Scoreboard:
        return cls(
            data["seats"],
            {k: list(v) for k, v in data["counters"].items()},
            [dict(h) for h in data.get("history", [])],
        )
