"""Kinds of map: each knows its places, tells its own codes apart, and draws with its key strip."""

from __future__ import annotations

import pytest

from geoteach.data.maps import MAP_KINDS, USA, WORLD, kind_of, map_kind, place_codes, place_names


def test_each_kind_holds_its_own_places_and_no_other_kinds() -> None:
    assert USA.holds("TX") and not USA.holds("FRA")
    assert WORLD.holds("FRA") and not WORLD.holds("TX")
    assert len(USA.codes()) == 50 and not USA.codes() & WORLD.codes()
    assert kind_of("TX") is USA and kind_of("FRA") is WORLD and kind_of("XX") is None
    assert place_codes() == USA.codes() | WORLD.codes()
    assert place_names()["KS"] == "Kansas" and WORLD.names()["FRA"] == "France"


def test_a_kind_is_found_by_its_key_and_an_unknown_one_is_said() -> None:
    assert [map_kind(k) for k in MAP_KINDS] == [WORLD, USA] and map_kind(USA) is USA
    with pytest.raises(ValueError, match="'world' or 'us'"):
        map_kind("moon")


def test_the_map_leaves_its_key_strip_free() -> None:
    from geoteach.render.place_maps import colour_places, place_map

    view = place_map(USA, dpi=50)
    # The axes as laid out (the map's equal aspect then shrinks the drawing inside them).
    _left, bottom, _width, height = view.ax.get_position(original=True).bounds
    assert bottom == pytest.approx(USA.key_strip) and height == pytest.approx(1 - USA.key_strip)
    colours = colour_places(view, USA, {"TX": 1.0, "OH": 2.0}, title="test")
    assert set(colours) == {"TX", "OH"}
    assert place_map("world", dpi=50).ax.get_position(original=True).bounds[1] == 0.0


def test_every_kind_has_its_drawing_and_every_drawing_its_kind() -> None:
    """The drawing layer says how each kind is drawn (the data layer names no drawing)."""
    from geoteach.render.place_maps import DRAWINGS

    assert set(DRAWINGS) == set(MAP_KINDS)
