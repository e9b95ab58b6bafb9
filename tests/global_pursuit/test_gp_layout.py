"""The table: cards edge to edge, correct matches, overlaps, the edge of the table."""

from __future__ import annotations

import numpy as np
import pytest

from geoteach.games.global_pursuit import dodecahedron as d
from geoteach.games.global_pursuit.layout import (
    Layout,
    card_id,
    corners,
    lay_out_set,
    parse_card,
    to_table,
    upright_turn,
)


def one_card(face: int = 3, set_name: str = "planet_earth") -> Layout:
    layout = Layout()
    layout.put(card_id(set_name, face), 0.0, 0.0, upright_turn(face))
    return layout


def test_card_ids_round_trip():
    assert parse_card(card_id("people_products", 11)) == ("people_products", 11)
    with pytest.raises(ValueError):
        parse_card("planet_earth:12")


@pytest.mark.parametrize("edge", range(5))
def test_the_true_neighbour_matches_and_other_turns_do_not(edge):
    layout = one_card(3)
    face, its_edge = d.neighbour(3, edge)
    card = card_id("people_places", face)
    assert layout.judge(card, 0, edge, its_edge).correct
    for wrong_edge in set(range(5)) - {its_edge}:
        judgement = layout.judge(card, 0, edge, wrong_edge)
        assert not judgement.correct
        assert judgement.wrong
    stranger = next(f for f in d.FACES if f not in (3, face))
    assert not layout.judge(card_id("planet_earth", stranger), 0, edge, 0).correct


def test_shared_edge_is_the_same_segment_and_the_map_meets_there():
    layout = one_card(4)
    face, its_edge = d.neighbour(4, 2)
    layout.place(card_id("planet_earth", face), 0, 2, its_edge)
    a, b = layout.cards
    ca = corners(a["x"], a["y"], a["turn"])
    cb = corners(b["x"], b["y"], b["turn"])
    # Edge 2 of A runs from corner 2 to 3; the same edge on B runs the other way.
    assert np.allclose(ca[2], cb[(its_edge + 1) % 5]) and np.allclose(ca[3], cb[its_edge])
    # A point of the globe on that edge lands on the same spot of the table from both cards.
    lat, lon = d.edge_points(4, 2, n=7)
    pa = to_table(4, a["x"], a["y"], a["turn"], np.column_stack(d.to_card(4, lat, lon)))
    pb = to_table(face, b["x"], b["y"], b["turn"], np.column_stack(d.to_card(face, lat, lon)))
    assert np.allclose(pa, pb, atol=1e-6)


def test_card_drawing_turns_onto_the_table_pentagon():
    for face in d.FACES:
        for turn in (0, 3, 7):
            drawn = np.asarray(d.face_polygon_xy(face).exterior.coords)[:5]
            assert np.allclose(to_table(face, 2.0, -1.0, turn, drawn), corners(2.0, -1.0, turn))


def test_corner_angle_is_the_angle_of_the_projected_corner():
    """Worked out on the sphere, without PROJ, it is the gnomonic card's own corner angle."""
    for face in d.FACES:
        x, y = np.asarray(d.face_polygon_xy(face).exterior.coords)[0]
        assert abs(np.degrees(np.arctan2(y, x)) - d.corner_angle(face)) < 1e-9


def test_a_set_is_laid_out_without_proj():
    import subprocess
    import sys

    code = (
        "import sys; from geoteach.games.global_pursuit.layout import lay_out_set;"
        "lay_out_set('planet_earth'); print('pyproj' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False"]


def test_upright_turn_shows_north_up():
    for face in d.FACES:
        north = np.asarray(
            d.to_card(face, [d.face_centre(face)[0] + 1.0], [d.face_centre(face)[1]])
        )
        up = to_table(face, 0, 0, upright_turn(face), north.T)[0]
        assert abs(np.degrees(np.arctan2(up[1], up[0])) - 90.0) <= 18.0


def test_one_set_lays_out_fully_and_correctly():
    from geoteach.bots.global_pursuit import matches_where_it_lies

    layout = lay_out_set("historic_happenings")
    faces = [parse_card(c["card"])[1] for c in layout.cards]
    assert sorted(faces) == list(d.FACES)
    assert [d.is_polar(f) for f in faces] == [False] * 6 + [True] * 6
    assert all(matches_where_it_lies(layout, i) for i in range(len(layout)))
    # 11 joins hold 12 cards together: 60 - 22 edges stay open.
    assert len(layout.open_edges()) == 38


def test_a_card_touching_two_cards_must_match_both():
    layout = lay_out_set("planet_earth")
    two = []
    for index, edge in layout.free_slots():
        slot = layout.slot(index, edge)
        if len(slot.contacts) >= 2:
            two.append((index, edge, slot))
    assert two, "a laid-out set has notches where a card touches two cards"
    index, edge, slot = two[0]
    # Any card laid there: right against the anchor is not enough unless the other edge joins.
    face, its_edge = d.neighbour(layout.face(index), edge)
    judgement = layout.judge(card_id("people_places", face), index, edge, its_edge)
    others = [c for c in slot.contacts if c.index != index]
    m = (others[0].slot_edge + its_edge) % 5
    expect = d.neighbour(face, m) == (layout.face(others[0].index), others[0].edge)
    assert judgement.correct == expect


def test_overlap_and_falling_off_are_refused():
    layout = one_card(3)
    face, its_edge = d.neighbour(3, 0)
    layout.place(card_id("planet_earth", face), 0, 0, its_edge)
    with pytest.raises(ValueError, match="already a card"):
        layout.place(card_id("people_places", 5), 0, 0, 0)
    small = Layout(bounds=(-1.0, -1.0, 1.0, 1.0))
    small.put(card_id("planet_earth", 3), 0.0, 0.0, 0)
    assert all(not small.slot(0, e).fits for e in range(5))
    assert "fall off" in small.slot(0, 0).problem
    assert small.free_slots() == []


def table_of(n: int) -> Layout:
    """A table of ``n`` cards laid by a hard bot's rule (first correct place found)."""
    from geoteach.games.global_pursuit.layout import all_cards

    layout = Layout()
    cards = all_cards()
    layout.put(cards[3], 0.0, 0.0, 0)
    pile = [c for c in cards if c != cards[3]]
    while len(layout) < n:
        for card in pile:
            places = layout.correct_placements(card)
            if places:
                layout.place(card, *places[0])
                pile.remove(card)
                break
        else:
            break
    return layout


def test_a_table_of_forty_cards_builds_without_overlap():
    layout = table_of(40)
    assert len(layout) == 40
    area = sum(layout.polygon(i).area for i in range(40))
    from shapely import union_all

    assert union_all([layout.polygon(i) for i in range(40)]).area == pytest.approx(area)


def test_legality_check_on_forty_cards(benchmark):
    layout = table_of(40)
    index, edge = layout.free_slots()[0]
    face, its_edge = d.neighbour(layout.face(index), edge)
    judgement = benchmark(layout.judge, card_id("people_places", face), index, edge, its_edge)
    assert judgement.joined
