from matplotlib.colors import to_rgb

from geoteach.games.table import SEAT_COLOURS
from geoteach.render import palettes


def test_categorical_is_okabe_ito_starting_with_the_seat_colours():
    assert list(palettes.CATEGORICAL[: len(SEAT_COLOURS)]) == SEAT_COLOURS
    assert set(palettes.CATEGORICAL) <= set(palettes.OKABE_ITO)
    assert len(set(palettes.CATEGORICAL)) == len(palettes.CATEGORICAL) == 7
    assert "#000000" not in palettes.CATEGORICAL  # black is kept for outlines


def test_okabe_ito_has_its_eight_colours():
    assert palettes.OKABE_ITO == (
        "#000000", "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7",
    )  # fmt: skip


def test_map_furniture_is_distinct_from_the_highlight():
    furniture = {palettes.LAND, palettes.NOT_PLAYED, palettes.OCEAN, palettes.NO_DATA}
    assert len({to_rgb(c) for c in furniture}) == 4
    assert palettes.HIGHLIGHT not in furniture
