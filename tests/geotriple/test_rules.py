"""Pure rules: the border solver, the GeoChallenge cards, tricks and scoring."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from geoteach.data.usa import us_map
from geoteach.games.geotriple import borders, tricks
from geoteach.games.geotriple.cards import neighbour_map, plunge_cards
from geoteach.games.geotriple.challenges import (
    CHALLENGES,
    challenge_deck,
    choices,
    guess_points,
    matching_answer,
    possible_states,
    true_answers,
)


@pytest.fixture(scope="module")
def real(states):
    cards = plunge_cards(states)
    return cards, neighbour_map(cards)


@pytest.fixture(scope="module")
def gridded(grid):
    cards = plunge_cards(grid)
    return cards, neighbour_map(cards)


# ----- Stage 2 solver ------------------------------------------------------------------
def test_line_of_three_is_a_group_with_the_middle_as_hub(gridded):
    _, nb = gridded
    assert borders.hub_of(["G00", "G01", "G02"], nb) == "G01"
    assert borders.hub_of(["G00", "G02", "G04"], nb) is None
    assert borders.missing_borders(["G00", "G02", "G04"], nb) == [
        ("G00", "G02"),
        ("G00", "G04"),
        ("G02", "G04"),
    ]


def test_solver_finds_exactly_the_grid_geoplunges(gridded):
    _, nb = gridded
    hand = ["G00", "G01", "G02", "G10", "I1", "I2"]
    # Groups: the three L/line shapes among G00, G01, G02, G10 that have a hub.
    assert borders.groups_in(hand, nb) == [("G00", "G01", "G02"), ("G00", "G01", "G10")]
    assert borders.solutions(hand, nb) == []  # they share cards
    hand += ["G05", "G15", "G25"]
    assert borders.solutions(hand, nb) == [
        (("G00", "G01", "G02"), ("G05", "G15", "G25")),
        (("G00", "G01", "G10"), ("G05", "G15", "G25")),
    ]
    assert borders.find_solution(hand, nb) == borders.solutions(hand, nb)[0]


def brute_force(hand, nb):
    """Every split of every 6 cards into two groups, checked one by one."""
    found = set()
    for six in combinations(sorted(hand), 6):
        for g in combinations(six, 3):
            h = tuple(c for c in six if c not in g)
            if borders.hub_of(g, nb) and borders.hub_of(h, nb):
                found.add(frozenset([g, h]))
    return found


def test_solver_agrees_with_brute_force_on_real_hands(real):
    cards, nb = real
    rng = random.Random(3)
    for _ in range(30):
        hand = rng.sample(sorted(cards), 11)
        fast = {frozenset(s) for s in borders.solutions(hand, nb)}
        assert fast == brute_force(hand, nb)
        assert borders.has_solution(hand, nb) == bool(fast)


def test_borders_are_symmetric_and_islands_have_none(real):
    cards, nb = real
    assert len(cards) == 50
    for code, near in nb.items():
        assert code not in near
        assert all(code in nb[other] for other in near)
    alone = sorted(c for c, near in nb.items() if not near)
    assert alone == sorted(c for c in cards if cards[c].name in ("Alaska", "Hawaii"))


def test_claim_problem_says_which_pair_does_not_border(gridded):
    cards, nb = gridded
    names = {c: k.name for c, k in cards.items()}
    hand = ["G00", "G01", "G02", "G05", "G15", "G35", "I1"]
    ok = [["G00", "G01", "G02"], ["G05", "G15", "G35"]]
    why = borders.claim_problem(ok, hand, nb, names)
    assert why.startswith("Group 2 does not work")
    assert "Gridland G05 and Gridland G35 do not touch" in why
    assert "Gridland G15 and Gridland G35 do not touch" in why
    assert "G05 and Gridland G15" not in why
    assert borders.claim_problem([["G00", "G01", "G02"], ["G00", "G05", "G15"]], hand, nb)
    assert "not in your hand" in borders.claim_problem(
        [["G00", "G01", "G02"], ["G20", "G21", "G22"]], hand, nb
    )
    good = [["G00", "G01", "G02"], ["G05", "G15", "I1"]]
    assert borders.claim_problem(good, hand, nb) is not None
    hand.append("G25")
    assert borders.claim_problem([["G00", "G01", "G02"], ["G05", "G15", "G25"]], hand, nb) is None


def test_a_refused_geoplunge_says_a_corner_or_water_border_does_not_count(real):
    """ "1 state in the group borders the other two states in the group." House rule: a corner
    (the Four Corners) or water is not a border here, and the refusal says so truthfully."""
    cards, nb = real
    names = {c: k.name for c, k in cards.items()}
    hand = ["AZ", "CO", "WY", "MI", "IL", "OH", "NY", "RI", "CT", "TX"]
    why = borders.claim_problem([["AZ", "CO", "WY"], ["MI", "IL", "OH"]], hand, nb, names)
    assert "Arizona and Colorado meet only at a corner, which does not count here" in why
    assert "Arizona and Wyoming do not touch" in why
    assert "Arizona and Colorado do not touch" not in why
    why = borders.claim_problem([["NY", "CT", "TX"], ["MI", "IL", "OH"]], hand, nb, names)
    assert why.startswith("Group 1")
    assert "New York and Texas do not touch" in why
    why = borders.claim_problem([["NY", "RI", "TX"], ["MI", "IL", "OH"]], hand, nb, names)
    assert "New York and Rhode Island meet only in the water of Block Island Sound" in why
    why = borders.claim_problem([["NY", "CT", "MA"], ["MI", "IL", "OH"]], [*hand, "MA"], nb, names)
    assert "Michigan and Illinois meet only in the water of Lake Michigan" in why
    assert (
        "which does not count here" in borders.BORDER_RULE or "do not count" in borders.BORDER_RULE
    )


def test_the_corner_and_water_pairs_are_what_the_data_says(real):
    """The curated pairs agree with geoteach.data: none is a neighbour there; the corner pairs
    are exactly the Census outlines that touch without sharing a line; the water pairs both
    touch the named lake (or both have a sea coast)."""
    cards, nb = real
    for pair in [*borders.CORNER_ONLY, *borders.WATER_ONLY]:
        a, b = sorted(pair)
        assert b not in nb[a]
    outlines = us_map(insets=False).geometry
    left, right = outlines.sindex.query(outlines, predicate="intersects")
    touching = {
        frozenset((outlines.index[i], outlines.index[j]))
        for i, j in zip(left, right, strict=True)
        if i < j
    }
    assert {p for p in touching if sorted(p)[1] not in nb[sorted(p)[0]]} == borders.CORNER_ONLY
    for pair, water in borders.WATER_ONLY.items():
        for code in pair:
            if water.startswith("Lake"):
                assert water in cards[code].great_lakes, (code, water)
            else:
                assert cards[code].coastline, code


# ----- Stage 1 GeoChallenge deck --------------------------------------------------------
def test_deck_has_at_least_24_cards_and_each_answers_every_state(real):
    cards, _ = real
    deck = challenge_deck(cards)
    assert len(deck) >= 24
    assert len({c.ask for c in deck.values()}) == len(deck)
    for challenge in deck.values():
        menu = choices(challenge, cards)
        assert len(menu) >= 2, challenge.id  # a clue that never tells anything is no clue
        for card in cards.values():
            answers = true_answers(challenge, card, cards)
            assert answers and set(answers) <= set(menu), (challenge.id, card.code)
            assert "{answer}" not in challenge.clue_text(answers[0])


def test_clues_from_the_data(real):
    cards, _ = real
    deck = challenge_deck(cards)
    by_name = {card.name: card for card in cards.values()}
    alaska = by_name["Alaska"]
    assert true_answers(deck["one_neighbour"], alaska, cards) == ["none"]
    assert true_answers(deck["size_band"], alaska, cards) == ["1 to 10"]  # 1st in size
    assert true_answers(deck["borders_canada"], alaska, cards) == ["yes"]
    california = by_name["California"]
    assert true_answers(deck["population_band"], california, cards) == ["1 to 10"]
    delaware = by_name["Delaware"]
    assert delaware.statehood == 1
    assert true_answers(deck["century"], delaware, cards) == ["1700s"]
    assert deck["coastline"].clue_text("no") == "My state has no ocean coast."
    assert "time_zones" in deck  # the real table lists every state's time zones


def test_clues_for_a_state_without_neighbours_and_counts_read_well(real):
    """The clue a player hears is a sentence about "my state", never "none." or "(s)"."""
    cards, _ = real
    deck = challenge_deck(cards)
    alaska = next(c for c in cards.values() if c.name == "Alaska")
    heard = {
        cid: deck[cid].clue_text(true_answers(deck[cid], alaska, cards)[0])
        for cid in ("neighbour_count", "one_neighbour", "neighbour_letter")
    }
    assert set(heard.values()) == {"My state borders no other state."}
    maine = next(c for c in cards.values() if c.name == "Maine")
    count = true_answers(deck["neighbour_count"], maine, cards)[0]
    assert deck["neighbour_count"].clue_text(count) == "My state borders 1 other state."
    assert deck["neighbour_count"].clue_text("4") == "My state borders 4 other states."
    assert deck["time_zones"].clue_text("1") == "My state has 1 time zone."
    assert deck["time_zones"].clue_text("2") == "My state has 2 time zones."
    for challenge in deck.values():
        for answer in choices(challenge, cards):
            text = challenge.clue_text(answer)
            assert "(s)" not in text and ": none" not in text, (challenge.id, text)
    assert "do not count" in deck["neighbour_count"].ask  # the border rule, on the card


def test_typed_clues_are_checked(real):
    cards, _ = real
    deck = challenge_deck(cards)
    texas = next(c for c in cards.values() if c.name == "Texas")
    neighbour = cards[sorted(texas.neighbours)[0]].name
    assert matching_answer(deck["one_neighbour"], texas, cards, neighbour.upper()) == neighbour
    assert matching_answer(deck["one_neighbour"], texas, cards, "Maine") is None
    assert matching_answer(deck["borders_mexico"], texas, cards, " Yes ") == "yes"
    assert matching_answer(deck["borders_mexico"], texas, cards, "no") is None


def test_possible_states_keep_the_secret_and_shrink(real):
    cards, _ = real
    deck = challenge_deck(cards)
    rng = random.Random(5)
    for secret in sorted(cards):
        clues = []
        for cid in rng.sample(sorted(deck), 3):
            clues.append((cid, rng.choice(true_answers(deck[cid], cards[secret], cards))))
            left = possible_states(clues, cards, deck)
            assert secret in left
        assert len(left) < 50


def test_every_clue_card_has_its_own_id():
    assert len({c.id for c in CHALLENGES}) == len(CHALLENGES)


@pytest.mark.parametrize(
    ("taken", "points"),
    [
        ((1, 2), [10, 0]),
        ((3, None), [10, 0]),
        ((None, 2), [0, 10]),
        ((2, 2), [5, 5]),
        ((None, None), [5, 5]),
    ],
)
def test_stage1_points(taken, points):
    assert guess_points(taken) == points


# ----- Stage 3 tricks -------------------------------------------------------------------
def test_lower_rank_wins_the_named_category(real):
    cards, _ = real
    by_name = {card.name: card for card in cards.values()}
    alaska, delaware = by_name["Alaska"], by_name["Delaware"]
    assert tricks.trick_winner(delaware, alaska, "size") == "follow"  # Alaska is 1st in size
    assert tricks.trick_winner(delaware, alaska, "statehood") == "lead"  # Delaware is 1st
    california = by_name["California"]
    assert tricks.trick_winner(alaska, california, "population") == "follow"
    with pytest.raises(ValueError):
        tricks.trick_winner(alaska, california, "height")


def test_stage_winner_and_points():
    assert tricks.stage_winner([0, 0, 0, 0, 1, 1]) == 0
    assert tricks.stage_winner([0, 1, 1, 1, 1, 0]) == 1
    assert tricks.stage_winner([0, 0, 0, 1, 1, 1]) == 1  # 3-3: the last trick decides
    assert tricks.stage_winner([1, 1, 1, 0, 0, 0]) == 0
    assert tricks.stage_points([False, False]) == 5
    assert tricks.stage_points([True, False]) == 10
    assert tricks.stage_points([False, True]) == 10
    assert tricks.stage_points([True, True]) == 20
