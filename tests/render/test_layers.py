"""The fixed layers: borders and numbers drawn once, pasted after, redrawn when they could move."""

import io

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg

from geoteach.render import world_map_view
from geoteach.render.layers import FixedLayer


@pytest.fixture
def fresh():
    view = world_map_view("110m")
    view.figure.canvas.draw()
    return view


def _pixels(view) -> np.ndarray:
    view.figure.canvas.draw()
    return np.asarray(view.figure.canvas.buffer_rgba()).astype(int)


def test_pasted_layers_look_like_drawn_ones(fresh, monkeypatch):
    fresh.highlight(["FRA", "BRA", "VAT"], "#0072B2")
    fresh.outline("BRA")
    fresh.label("FRA")
    pasted = _pixels(fresh)
    monkeypatch.setattr(FixedLayer, "draw", FixedLayer._draw_artists)
    drawn = _pixels(fresh)
    # Only anti-aliasing rounding may differ where a halo meets a fill.
    assert np.abs(pasted - drawn).max() <= 8
    assert (pasted[:, :, :3] != 255).any()  # not a blank picture on both sides


def test_a_recolour_pastes_the_pictures_instead_of_drawing_them(fresh):
    assert fresh.fixed_borders.pictures_made == fresh.fixed_labels.pictures_made == 1
    for codes in (["DEU"], ["PER", "CHL"], ["JPN"]):
        fresh.clear()
        fresh.highlight(codes)
        fresh.outline(codes)
        fresh.figure.canvas.draw()
    assert fresh.fixed_borders.pictures_made == fresh.fixed_labels.pictures_made == 1


def test_the_pictures_follow_zoom_resize_and_a_changed_artist(fresh):
    layer = fresh.fixed_labels
    fresh.focus(["DEU", "POL"])
    fresh.figure.canvas.draw()
    assert layer.pictures_made == 2
    fresh.reset_view()  # the whole map's picture is still kept
    fresh.figure.canvas.draw()
    assert layer.pictures_made == 2
    fresh.figure.set_size_inches(8.0, 4.0)
    fresh.figure.canvas.draw()
    assert layer.pictures_made == 3
    fresh.borders.set_edgecolor("#D55E00")
    fresh.figure.canvas.draw()
    assert fresh.fixed_borders.pictures_made == 4  # whole map, zoomed, resized, recoloured
    assert layer.pictures_made == 3


def test_vector_output_keeps_the_numbers_as_vectors(fresh):
    buffer = io.BytesIO()
    fresh.figure.savefig(buffer, format="svg")
    svg = buffer.getvalue()
    assert b"<image" not in svg  # nothing pasted as a picture
    assert svg.count(b"<path") > 400  # countries, borders and number glyphs


def test_a_figure_for_pictures_draws_only_when_asked(fresh):
    before = _pixels(fresh)
    fresh.highlight("AUS", "#D55E00")  # draw_idle: nothing drawn yet
    assert np.array_equal(np.asarray(fresh.figure.canvas.buffer_rgba()).astype(int), before)
    assert not np.array_equal(_pixels(fresh), before)


def test_an_ipympl_canvas_pastes_the_pictures_too():
    ipympl = pytest.importorskip("ipympl.backend_nbagg")
    view = world_map_view("110m")
    canvas = ipympl._Backend_ipympl.new_figure_manager_given_figure(99, view.figure).canvas
    assert isinstance(canvas, FigureCanvasAgg)
    canvas.draw()
    view.highlight("KEN")
    canvas.draw()
    assert view.fixed_labels.pictures_made == 1
    pixels = np.asarray(canvas.get_renderer().buffer_rgba())
    assert pixels.shape[:2] == (610, 1200)


def test_the_sea_layer_keeps_the_figure_background_it_is_drawn_on(fresh):
    corner = _pixels(fresh)[2, 2, :3]  # outside the globe: the figure's white
    assert list(corner) == [255, 255, 255]
    fresh.figure.patch.set_facecolor("black")
    assert list(_pixels(fresh)[2, 2, :3]) == [0, 0, 0]
    assert fresh.fixed_sea.pictures_made == 2
