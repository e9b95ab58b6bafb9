"""The board graph and legal destinations, checked against positions counted by hand."""

from __future__ import annotations

from collections import Counter

import pytest

from geoteach.games.geography_pursuit.board import (
    CATEGORIES,
    HUB,
    NEIGHBOURS,
    SPACES,
    category_at_distance,
    compute_destinations,
    destinations,
    headquarters,
)


def test_the_board_has_a_hub_six_spokes_of_five_and_a_ring_of_42() -> None:
    kinds = Counter(s.kind for s in SPACES.values())
    assert len(SPACES) == 1 + 6 * 5 + 42
    assert kinds == {"hub": 1, "category": 30 + 24, "headquarters": 6, "roll_again": 12}
    ring = [s for s in SPACES.values() if s.place[0] == "ring"]
    assert len(ring) == 42
    ring_categories = Counter(s.category for s in ring if s.kind == "category")
    assert ring_categories == {c: 4 for c in range(CATEGORIES)}
    assert len(NEIGHBOURS[HUB]) == 6
    assert all(len(NEIGHBOURS[headquarters(k)]) == 3 for k in range(6))


@pytest.mark.parametrize("distance", range(1, 7))
def test_all_six_categories_at_every_roll_out_from_the_hub(distance: int) -> None:
    assert category_at_distance(distance) == list(range(CATEGORIES))


def test_ring_spaces_show_every_category_twice_at_seven_and_nine_steps() -> None:
    assert category_at_distance(7) == sorted(list(range(6)) * 2)
    assert category_at_distance(8) == []  # the Roll again spaces
    assert category_at_distance(9) == sorted(list(range(6)) * 2)


def test_no_two_neighbouring_spaces_share_a_colour() -> None:
    for a, near in NEIGHBOURS.items():
        for b in near:
            if SPACES[a].category is not None:
                assert SPACES[a].category != SPACES[b].category, (a, b)


def test_each_spoke_leaves_out_its_own_headquarters_colour() -> None:
    for k in range(6):
        spoke = {SPACES[f"spoke{k}.{d}"].category for d in range(1, 6)}
        assert spoke == set(range(6)) - {k}
        assert SPACES[headquarters(k)].category == k


HAND_COUNTED = [
    (HUB, 1, {f"spoke{k}.1" for k in range(6)}),
    (HUB, 3, {f"spoke{k}.3" for k in range(6)}),
    (HUB, 6, {"ring0", "ring7", "ring14", "ring21", "ring28", "ring35"}),
    ("ring0", 2, {"spoke0.4", "ring2", "ring40"}),
    # 1 step to the headquarters, then 2 either way round the ring; or 3 back toward the hub.
    ("spoke0.5", 3, {"spoke0.2", "ring2", "ring40"}),
    # 2 in to the hub and 2 out along the five other spokes; or 4 out to the headquarters.
    ("spoke0.2", 4, {"spoke1.2", "spoke2.2", "spoke3.2", "spoke4.2", "spoke5.2", "ring0"}),
    (
        "spoke0.2",
        6,
        {"spoke1.4", "spoke2.4", "spoke3.4", "spoke4.4", "spoke5.4", "ring2", "ring40"},
    ),
    # 3 either way round the ring; 3 to headquarters 0 then 3 up its spoke; 4 to headquarters 1
    # then 2 up its spoke.
    ("ring3", 6, {"ring9", "ring39", "spoke0.3", "spoke1.4"}),
    ("ring41", 1, {"ring40", "ring0"}),
    ("ring41", 2, {"ring39", "ring1", "spoke0.5"}),
]


@pytest.mark.parametrize(("start", "roll", "expected"), HAND_COUNTED)
def test_destinations_match_hand_counted_positions(start: str, roll: int, expected: set) -> None:
    assert set(destinations(start, roll)) == expected


def test_a_move_never_ends_where_it_started_and_is_symmetric() -> None:
    for start in SPACES:
        for roll in range(1, 7):
            ends = destinations(start, roll)
            assert start not in ends
            assert ends == compute_destinations(start, roll)
            for end in ends:
                assert start in destinations(end, roll)


def test_bad_rolls_and_spaces_are_refused() -> None:
    with pytest.raises(ValueError, match="1 to 6"):
        compute_destinations(HUB, 7)
    with pytest.raises(ValueError, match="no space"):
        compute_destinations("moon", 2)


def test_benchmark_legal_destinations(benchmark) -> None:
    """Figure: time to compute every legal destination of every roll from every space."""

    def every_destination() -> int:
        return sum(len(compute_destinations(s, r)) for s in SPACES for r in range(1, 7))

    assert benchmark(every_destination) > 0
