"""Who sits at the table: players or teams, colours, computer opponents, who starts."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, cast

Kind = Literal["human", "bot"]
Level = Literal["easy", "medium", "hard"]

#: Okabe–Ito colours: distinguishable with the common colour-vision deficiencies.
SEAT_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#D55E00", "#56B4E9"]
SEAT_COLOUR_NAMES = ["blue", "orange", "green", "pink", "red", "sky blue"]


@dataclass
class Seat:
    """One player or one team at the table."""

    name: str
    kind: Kind = "human"
    level: Level | None = None
    colour: str = ""
    members: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = " ".join(str(self.name).split()) or "Player"
        # Tidy typed member lists: "Ana,  Ben ," -> ["Ana", "Ben"].
        self.members = [" ".join(str(m).split()) for m in self.members]
        self.members = [m for m in self.members if m]
        if self.kind not in ("human", "bot"):
            raise ValueError(f"A seat is a 'human' or a 'bot', not {self.kind!r}.")
        if self.kind == "bot" and self.level is None:
            self.level = "medium"
        if self.level not in (None, "easy", "medium", "hard"):
            raise ValueError(f"Computer level must be easy, medium or hard, not {self.level!r}.")
        # A colour reaches style attributes: only "#rrggbb" (the setup screen's choices) is kept.
        if self.colour and not re.fullmatch(r"#[0-9A-Fa-f]{6}", str(self.colour)):
            raise ValueError(f"A seat colour is written like #0072B2, not {self.colour!r}.")

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def is_team(self) -> bool:
        return len(self.members) > 1

    @property
    def colour_name(self) -> str:
        """The colour in words ("blue"), so colour is never the only way to tell seats apart."""
        upper = self.colour.upper()
        if upper in SEAT_COLOURS:
            return SEAT_COLOUR_NAMES[SEAT_COLOURS.index(upper)]
        return self.colour


@dataclass
class Table:
    """The seats in clockwise order and who starts (the rulebooks' "to the left" is +1)."""

    seats: list[Seat]
    first: int = 0

    def __post_init__(self) -> None:
        if not self.seats:
            raise ValueError("A table needs at least one player.")
        names = [s.name.casefold() for s in self.seats]
        if len(set(names)) != len(names):
            raise ValueError("Two players have the same name: give each player or team its own.")
        if not 0 <= self.first < len(self.seats):
            raise ValueError(f"The starting seat must be 0 to {len(self.seats) - 1}.")
        for i, seat in enumerate(self.seats):
            if not seat.colour:
                seat.colour = SEAT_COLOURS[i % len(SEAT_COLOURS)]
        seen: dict[str, str] = {}
        for seat in self.seats:
            for member in seat.members:
                other = seen.setdefault(member.casefold(), seat.name)
                if other != seat.name:
                    raise ValueError(f"{member} is in two teams ({other} and {seat.name}).")
                if [m.casefold() for m in seat.members].count(member.casefold()) > 1:
                    raise ValueError(f"{member} is listed twice in {seat.name}.")

    @classmethod
    def of(cls, *names: str, bots: dict[str, str] | None = None, first: int = 0) -> Table:
        """Quick set-up: ``Table.of("Ana", "Ben", "Computer", bots={"Computer": "hard"})``."""
        bots = bots or {}
        # A level is checked by Seat itself ("Computer level must be easy, medium or hard").
        levels = cast("dict[str, Level]", bots)
        seats = [Seat(n, kind="bot" if n in bots else "human", level=levels.get(n)) for n in names]
        return cls(seats, first=first)

    def __len__(self) -> int:
        return len(self.seats)

    def name_of(self, seat: int) -> str:
        if isinstance(seat, int) and 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return f"seat {seat}"

    def next_seat(self, seat: int, step: int = 1) -> int:
        """The seat ``step`` places clockwise (to the left) of ``seat``."""
        return (seat + step) % len(self.seats)

    def clockwise_from(self, seat: int) -> list[int]:
        """All seats in turn order, starting with ``seat``."""
        return [(seat + k) % len(self.seats) for k in range(len(self.seats))]

    def bots(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.is_bot]

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    @property
    def is_team_game(self) -> bool:
        """True when any seat lists members: the rulebooks' team play."""
        return any(s.members for s in self.seats)

    def seat_of(self, name: str) -> int:
        """The seat of a player or team called ``name``, or of the team that ``name`` plays in."""
        key = " ".join(str(name).split()).casefold()
        for i, seat in enumerate(self.seats):
            if seat.name.casefold() == key or key in (m.casefold() for m in seat.members):
                return i
        raise KeyError(f"Nobody called {name} sits at this table.")

    def to_dict(self) -> dict[str, Any]:
        return {"seats": [asdict(s) for s in self.seats], "first": self.first}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Table:
        return cls([Seat(**s) for s in data["seats"]], first=data.get("first", 0))
