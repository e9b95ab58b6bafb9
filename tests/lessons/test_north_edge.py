"""The north edge keeps every open linking card on the map, also when all 18 are open."""

import itertools

from geoteach.games.globe_works import cards
from geoteach.render.globe_works import north_slots


def test_all_linking_cards_fit_on_the_north_edge_in_order() -> None:
    width = 19.0
    north = sorted((c.card for c in cards().values() if c.is_linking), key=lambda c: cards()[c].lon)
    slots = north_slots(north, width)
    assert slots[0] - width / 2 >= -180 and slots[-1] + width / 2 <= 180
    assert all(b - a >= width - 1e-9 for a, b in itertools.pairwise(slots))
