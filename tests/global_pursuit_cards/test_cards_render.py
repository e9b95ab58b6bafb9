"""Card tiles, the printable PDFs and the fold-up net."""

from pathlib import Path

import pytest
import shapely
from matplotlib.figure import Figure

from geoteach.games.global_pursuit import dodecahedron as d
from geoteach.render import globe_cards
from geoteach.render.mapview import new_figure, to_png


def test_card_tile_is_a_figure_and_draws_into_axes():
    fig = globe_cards.card_tile("Planet Earth", 3, rotation=2)
    assert isinstance(fig, Figure) and to_png(fig).startswith(b"\x89PNG")
    host = new_figure((4, 4))
    ax = host.add_subplot()
    ax.set_xlim(-1, 1)
    ax.set_ylim(-1, 1)
    assert globe_cards.card_tile("Planet Earth", 3, ax=ax) is ax


def test_rotation_turns_the_drawn_card():
    first = to_png(globe_cards.card_tile("Planet Earth", 7, 0))
    turned = to_png(globe_cards.card_tile("Planet Earth", 7, 1))
    assert first != turned


def test_the_net_has_twelve_cards_and_no_overlap():
    layout = globe_cards.net_layout()
    assert sorted(f for f, _, _ in layout) == list(d.FACES)
    shapes = [shapely.Polygon(globe_cards._corners(f, a, o)) for f, a, o in layout]
    for i in range(12):
        for j in range(i + 1, 12):
            assert shapes[i].intersection(shapes[j]).area < 1e-9


def test_edges_touching_in_the_net_are_true_neighbours():
    folds = globe_cards.net_edges()
    assert len(folds) == 11  # a spanning tree of the twelve cards
    for a, b in folds:
        assert d.neighbour(*a) == b
    linked = {0}
    for _ in range(12):
        for a, b in folds:
            if a[0] in linked or b[0] in linked:
                linked |= {a[0], b[0]}
    assert linked == set(d.FACES)


def test_one_glue_tab_for_every_edge_glued_when_folding():
    tabs = globe_cards.glue_tabs()
    assert len(tabs) == 30 - 11
    glued = {frozenset([k, d.neighbour(*k)]) for k, _ in tabs}
    assert len(glued) == 19


def test_pdfs(tmp_path):
    net = globe_cards.net_pdf("Historic Happenings", str(tmp_path / "net.pdf"))
    assert Path(net).read_bytes()[:4] == b"%PDF"


@pytest.mark.slow
def test_all_48_cards_pdf(tmp_path):
    path = globe_cards.cards_pdf(str(tmp_path / "cards.pdf"))
    assert Path(path).read_bytes()[:4] == b"%PDF"


def test_the_table_pastes_its_cards_again_on_a_denser_screen():
    """ipympl doubles a figure's dots on a high-density screen: the cards must follow."""
    import io

    import numpy as np
    from matplotlib.colors import to_rgb
    from PIL import Image

    from geoteach.games.global_pursuit.layout import lay_out_set

    cards = lay_out_set("people_places").cards[:3]
    picture = globe_cards.TablePicture(size=(4.0, 3.0), dpi=100)
    picture.draw(cards)
    picture.figure.set_dpi(200)  # what the canvas does when the browser reports a ratio of 2
    png = Image.open(io.BytesIO(picture.png())).convert("RGB")
    assert png.size == (800, 600)
    table = np.round(np.array(to_rgb(globe_cards.TABLE)) * 255)
    for card in cards:
        x, y = picture.ax.transData.transform((card["x"], card["y"]))
        pixel = np.array(png.getpixel((int(x), int(600 - y))))
        assert np.abs(pixel - table).max() > 10, "a card's middle shows the bare table"
