import pytest

import geoteach.data
from geoteach.render import palettes, us_frame


def test_every_state_is_drawn_and_abbreviated(usa):
    data = geoteach.data.us_map(insets=True)
    assert len(usa.collection.get_paths()) == len(data) == len(usa.codes)
    assert {"AK", "HI", "RI", "DE", "TX"} <= set(usa.codes)
    assert {c: p.text for c, p in usa.numbers.items()} == {c: c for c in usa.codes}


def test_alaska_and_hawaii_are_insets_south_west_of_the_lower_48(usa):
    def where(code):
        return usa.ax.transData.transform(usa.anchors[usa.codes.index(code)])

    ak, hi, wa, tx, fl = (where(c) for c in ("AK", "HI", "WA", "TX", "FL"))
    # On screen (y grows upwards): Alaska and Hawaii sit below Washington, west of Texas.
    assert ak[1] < wa[1] and hi[1] < wa[1]
    assert ak[0] < tx[0] and hi[0] < tx[0]
    assert fl[1] < wa[1]  # north is up


def test_clicks_find_states_small_ones_by_their_label(usa):
    for code in ("KS", "TX", "AK", "HI"):
        assert usa.feature_at(*usa.anchors[usa.codes.index(code)]) == code
    ri = usa.numbers["RI"]
    assert not ri.inside  # Rhode Island's abbreviation sits out in the Atlantic
    assert usa.feature_at(*ri.at) == "RI"
    x0, x1 = usa.ax.get_xlim()
    y0, y1 = usa.ax.get_ylim()
    assert usa.feature_at(x1 - 0.01 * (x1 - x0), min(y0, y1) + 0.01 * abs(y1 - y0)) is None


def test_highlighting_states_by_code_or_name():
    from geoteach.render import us_map_view

    view = us_map_view(abbreviations=False)
    view.highlight(["Kansas", "ne"], palettes.CATEGORICAL[0])
    coloured = {c for c, rgba in view.colours().items() if rgba != view.colours()["TX"]}
    assert coloured == {"KS", "NE"}
    assert view.numbers == {}


def test_us_frame_is_a_copy():
    frame = us_frame()
    frame.loc["TX", "name"] = "Tejas"
    assert us_frame().loc["TX", "name"] == "Texas"


@pytest.mark.parametrize("code", ["XX", "Kansass"])
def test_unknown_state_is_named(usa, code):
    with pytest.raises(LookupError, match="not on this map"):
        usa.highlight(code)
