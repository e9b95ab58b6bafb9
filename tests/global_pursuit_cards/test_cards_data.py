"""The shipped card drawings (data/globe_cards.npz): complete, faithful, rebuilt byte for byte,
and the one source of the screen, the printed cards and the nets."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest
import shapely

from geoteach.data import globe_cards as shipped
from geoteach.games.global_pursuit import dodecahedron as d
from geoteach.render import globe_card_layers as cardsets
from geoteach.render import globe_cards
from geoteach.render.mapview import to_png

ROOT = Path(__file__).resolve().parents[2]


def test_the_file_holds_all_48_cards_in_their_own_pentagons():
    assert shipped.card_sets() == cardsets.SETS
    for set_name in cardsets.SETS:
        for face in d.FACES:
            art = shipped.card_art(set_name, face)
            card = d.face_polygon_xy(face)
            assert np.allclose(art.corners, np.asarray(card.exterior.coords)[:-1])
            assert art.relief == (set_name == "Planet Earth")
            drawn = [v for v, *_ in art.areas + art.lines]
            assert drawn or art.relief, f"{set_name} {face} is blank"
            # Every vertex lies on the card (to within the 16-bit step).
            points = np.vstack(drawn) if drawn else np.zeros((0, 2))
            inside = shapely.contains_xy(card.buffer(2 / shipped.STEPS), *points.T)
            assert inside.all(), f"{set_name} {face}"


def test_a_card_from_the_file_is_the_card_the_build_computes():
    for set_name, face in (("People and Places", 4), ("People and Products", 9)):
        art = shipped.card_art(set_name, face)
        live = cardsets.card_layers(set_name, face)
        assert [a[2:] for a in art.areas] == [a[1:] for a in live.areas if not a[0].is_empty]
        assert [tuple(p[2:]) for p in art.points] == [tuple(p[2:]) for p in live.points]
        assert [p[2] for p in art.labels] == [p[2] for p in live.labels]
        # The shapes, simplified by a tenth of a millimetre, cover the same area.
        for (vertices, codes, *_), (geom, *_) in zip(art.areas, live.areas, strict=False):
            rings = np.split(vertices, np.flatnonzero(codes == shipped.MOVETO)[1:])
            area = sum(
                shapely.Polygon(r).area * (1 if shapely.Polygon(r).exterior.is_ccw else -1)
                for r in rings
            )
            assert area == pytest.approx(geom.area, rel=0.02, abs=2e-4)


def _signed_area(ring: np.ndarray) -> float:
    x, y = ring[:, 0], ring[:, 1]
    return float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y)) / 2.0


def test_the_drawings_are_made_from_the_committed_files():
    """A source file changed since (a merge, a rebuilt world table) makes the cards stale."""
    made = shipped.made_from()
    assert sorted(made) == sorted(shipped.CARD_INPUTS)
    stale = [
        name
        for name, digest in made.items()
        if hashlib.sha256((ROOT / "data" / name).read_bytes()).hexdigest() != digest
    ]
    assert not stale, (
        f"data/{shipped.FILE} was drawn from older versions of {', '.join(stale)}: "
        "run python scripts/build_globe_cards.py cards and commit the new file"
    )


def test_an_unknown_card_is_named_in_the_error():
    with pytest.raises(shipped.UnknownCardError, match="Planet Earth"):
        shipped.card_art("Planet Mars", 3)
    with pytest.raises(shipped.UnknownCardError):
        shipped.card_art("Planet Earth", 12)


def test_screen_and_printouts_draw_from_the_file_only(monkeypatch, tmp_path):
    """Nothing is projected or clipped while drawing: the build did it once."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("card_layers computes a card; drawing must read the shipped file")

    monkeypatch.setattr(cardsets, "card_layers", refuse)
    monkeypatch.setattr(cardsets, "clip_to_card", refuse)
    assert to_png(globe_cards.card_tile("Historic Happenings", 2)).startswith(b"\x89PNG")
    globe_cards.card_picture.cache_clear()
    assert globe_cards.card_picture("people_places:6").size == (256, 256)
    net = globe_cards.net_pdf("Planet Earth", str(tmp_path / "net.pdf"))
    assert Path(net).read_bytes()[:4] == b"%PDF"


def test_printed_cards_carry_the_numbers_people_see():
    from matplotlib.figure import Figure

    fig = Figure()
    ax = globe_cards._card_axes(fig)
    globe_cards.draw_card(ax, "Planet Earth", 7, edge_numbers=True)
    words = [t.get_text() for t in ax.texts]
    assert "Planet Earth  ·  card 8" in words
    assert sorted(w for w in words if w.isdigit()) == ["1", "2", "3", "4", "5"]


def test_loading_the_box_takes_milliseconds(benchmark):
    def load():
        shipped._box.cache_clear()
        shipped.card_art.cache_clear()
        return shipped.card_art("Planet Earth", 0)

    art = benchmark(load)
    assert art.face == 0
