import numpy as np
import pytest
import shapely

import geoteach.data
from geoteach.render import palettes, split_at_antimeridian, world_frame, world_map_view
from geoteach.render.labels import text_box
from geoteach.render.world import projected_world


def test_every_country_is_drawn_and_every_playable_one_numbered(world):
    data = geoteach.data.world_map("110m")
    assert len(world.collection.get_paths()) == len(data) == len(world.codes)
    playable = set(data.index[data["playable"]])
    assert set(world.numbers) == playable
    for code, placement in world.numbers.items():
        assert placement.text == str(int(data.loc[code, "map_number"]))


def test_territories_not_played_are_grey_unnumbered_and_not_clickable(world):
    for code in ("GRL", "ATA", "ESH"):
        assert world.colours()[code][:3] == pytest.approx(_rgb(palettes.NOT_PLAYED))
        assert code not in world.numbers
    assert world.feature_at(*world.project(-42.0, 72.0)) is None  # middle of Greenland


def test_tiny_countries_get_a_dot(world):
    data = geoteach.data.world_map("110m")
    tiny = set(data.index[data["tiny"] & data["playable"]])
    dotted = {world.codes[i] for i in world._dot_index}
    assert {"VAT", "TUV", "MDV", "SGP"} <= tiny <= dotted


def test_numbers_do_not_overlap_and_stay_on_the_globe(world):
    upp = world.units_per_point()
    boxes = [text_box(p.at, p.text, 5.5, upp) for p in world.numbers.values()]
    tree = shapely.STRtree(boxes)
    overlaps = [(i, j) for i, b in enumerate(boxes) for j in tree.query(b, "intersects") if j > i]
    assert overlaps == []
    globe = projected_world("110m", "equal-earth").background
    assert all(globe.contains(b) for b in boxes)


@pytest.mark.parametrize("code", ["RUS", "FJI", "USA", "KIR", "NZL"])
@pytest.mark.parametrize("scale", ["110m", "50m"])
def test_no_polygon_runs_across_the_antimeridian(code, scale):
    frame = world_frame(scale)
    if code not in frame.index:
        pytest.skip(f"{code} is not on the {scale} map")
    x0, _, x1, _ = projected_world(scale, "equal-earth").background.bounds
    parts = shapely.get_parts(frame.geometry[code])
    widths = [p.bounds[2] - p.bounds[0] for p in parts]
    # The widest real piece (mainland Russia) spans under half the map; a seam artefact all of it.
    assert max(widths) < 0.5 * (x1 - x0)


def test_split_at_antimeridian_cuts_a_wrapping_ring_and_keeps_a_polar_one():
    wrapping = shapely.Polygon([(170, -20), (-170, -20), (-170, -10), (170, -10)])
    pieces = shapely.get_parts(split_at_antimeridian(wrapping))
    assert len(pieces) == 2
    assert sorted(round(p.area) for p in pieces) == [100, 100]
    assert all(p.bounds[2] - p.bounds[0] <= 10 + 1e-9 for p in pieces)
    polar = shapely.Polygon([(-180, -90), (-180, -70), (0, -65), (180, -70), (180, -90)])
    assert split_at_antimeridian(polar).equals(polar)


def test_click_finds_france_at_paris_tiny_states_by_their_dot_and_nothing_at_sea(world):
    assert world.feature_at(*world.project(2.35, 48.86)) == "FRA"
    assert world.feature_at(*world.project(12.4534, 41.9029)) == "VAT"  # inside Italy
    assert world.feature_at(*world.project(103.82, 1.35)) == "SGP"
    assert world.feature_at(*world.project(16.0, 40.5)) == "ITA"  # Basilicata
    assert world.feature_at(*world.project(-30.0, 0.0)) is None  # mid-Atlantic


def test_click_near_a_dot_at_sea_finds_the_island_state(world):
    x, y = world.anchors[world.codes.index("TUV")]
    dx = 4.0 * world.units_per_point()  # four points to the right, open ocean
    assert world.feature_at(x + dx, y) == "TUV"
    assert world.feature_at(x + 40 * dx, y) is None


def test_bad_scale_and_projection_are_named():
    with pytest.raises(ValueError, match="110m"):
        world_map_view("10m")
    with pytest.raises(ValueError, match="projection"):
        world_map_view(projection="flat-earth")


def test_robinson_is_offered():
    view = world_map_view(projection="robinson", numbers=False)
    assert "54030" in str(view.crs)
    assert view.feature_at(*view.project(2.35, 48.86)) == "FRA"


def test_cached_geometry_is_immune_to_changes_by_the_caller():
    first = world_frame("110m")
    before = first.geometry["FRA"].wkb
    first.loc["FRA", "geometry"] = shapely.Point(0, 0)
    first.loc["FRA", "name"] = "Gaul"
    first["continent"] = "Atlantis"
    again = world_frame("110m")
    assert again.geometry["FRA"].wkb == before
    assert again.loc["FRA", "name"] == "France"
    assert again.loc["ITA", "continent"] == "Europe"
    assert not projected_world("110m", "equal-earth").anchors.flags.writeable


def test_names_are_written_where_they_fit():
    view = world_map_view(names=True, figsize=(24.0, 12.2))
    # numbers (halo + glyphs) and names (halo + glyphs) in the fixed layer on top of the map,
    # after the rings of the tiny countries' dots
    text_layers = [a for a in view.fixed_labels.artists if a.get_zorder() == 5]
    assert len(text_layers) == 4
    assert len(text_layers[2].get_paths()) == len(view.written_names) > 30
    assert {"BRA", "RUS", "AUS", "CAN", "DZA"} <= set(view.written_names)
    assert view.written_names["BRA"].text == "Brazil"


def _rgb(colour):
    from matplotlib.colors import to_rgb

    return np.array(to_rgb(colour))
