"""The scoring table and the network definition, as pure functions."""

from __future__ import annotations

import pytest

from geoteach.games.globe_works import (
    SCORE_TABLE,
    cards,
    deck,
    encircles,
    network_points,
    network_score,
    networks,
    regions,
    unplayed_pairs,
)
from geoteach.games.globe_works.cards import ICONS, duplicated, linking_cards

RULEBOOK_TABLE = [
    (1, 0),
    (2, -20),
    (3, 4),
    (4, 8),
    (5, 16),
    (6, 30),
    (7, 60),
    (8, 120),
    (9, 250),
    (10, 500),
    (11, 1000),
    (12, 2000),
]


@pytest.mark.parametrize(("size", "points"), RULEBOOK_TABLE)
def test_network_points_follow_the_rulebook_table(size: int, points: int) -> None:
    assert network_points(size) == points
    assert SCORE_TABLE[size] == points


def test_no_network_of_thirteen() -> None:
    with pytest.raises(ValueError):
        network_points(13)


def test_a_chain_needs_every_link() -> None:
    links = [("NA", "WE"), ("WE", "EE")]
    # NA and EE are joined only through WE: without a WE city they are two networks.
    assert networks(["NA", "EE"], links) == [{"EE"}, {"NA"}]
    assert network_score(["NA", "EE"], links) == 0
    assert networks(["NA", "WE", "EE"], links) == [{"NA", "WE", "EE"}]
    assert network_score(["NA", "WE", "EE"], links) == 4


def test_a_three_colour_link_joins_every_pair_it_shows() -> None:
    assert network_score(["WE", "MN"], [("WE", "EE", "MN")]) == -20


def test_every_card_counts_so_both_copies_of_a_duplicate_count() -> None:
    """ "in partnerships, both partners can play duplicates in their individual hands and gain
    points": the table counts "Cards in a Network", so a region held twice counts twice."""
    assert network_score(["NA", "NA", "WE", "EE"], [("NA", "WE"), ("WE", "EE")]) == 8


def test_a_network_of_more_than_twelve_cards_scores_as_twelve() -> None:
    links = [c.links for c in cards().values() if c.is_linking]
    assert network_score([*regions(), "NA", "MN", "SE"], links) == 2000


def test_twelve_joined_regions_score_2000() -> None:
    links = [c.links for c in cards().values() if c.is_linking]
    assert network_score(list(regions()), links) == 2000


def test_unplayed_pairs_are_a_maximum_matching() -> None:
    links = [("NA", "WE"), ("WE", "EE")]
    assert unplayed_pairs(["NA", "WE", "EE"], links) == 1
    assert unplayed_pairs(["NA", "EE"], links) == 0
    assert unplayed_pairs(["SA", "SA"], links) == 1  # both copies of a duplicate
    assert unplayed_pairs(["NA", "WE", "WE", "EE"], links) == 2


def test_the_deck_has_60_regional_cities_one_per_region_and_icon() -> None:
    regional = [c for c in cards().values() if not c.is_linking]
    assert len(regional) == 60
    assert {(c.region, c.icon) for c in regional} == {(r, i) for r in regions() for i in ICONS}
    assert len(duplicated()) == 12
    assert len(deck()) == 60 + 12 + len(linking_cards())
    assert all(c.source and c.reason for c in cards().values())


def test_linking_cities_can_encircle_the_world() -> None:
    links = [cards()[c].links for c in linking_cards()]
    assert encircles(links, list(regions()))
    ring = ["L-reykjavik", "L-vienna", "L-istanbul", "L-baku", "L-singapore", "L-kunming"]
    ring_links = [cards()[c].links for c in [*ring, "L-anchorage"]]
    assert encircles(ring_links, ["NA", "WE", "EE", "MN", "CS", "SE", "EA"])


def test_north_edge_is_west_to_east() -> None:
    lons = [cards()[c].lon for c in linking_cards()]
    assert lons == sorted(lons)


def test_regions_cover_every_country_once() -> None:
    from geoteach.data import countries

    isos = [iso for r in regions().values() for iso in r.countries]
    assert len(isos) == len(set(isos))
    assert set(isos) == set(countries().reset_index()["iso3"])


def test_every_city_lies_in_a_country_of_its_region() -> None:
    for card in cards().values():
        if not card.is_linking:
            assert card.iso3 in regions()[card.region].countries, card.card
        else:
            from geoteach.games.globe_works.regions import region_of_country

            assert region_of_country()[card.iso3] in card.links, card.card
