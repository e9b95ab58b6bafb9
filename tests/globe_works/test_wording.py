"""Globe Works' sentences, from views and moves alone: no widgets, no screen."""

from __future__ import annotations

from geoteach.games.globe_works import GlobeWorks
from geoteach.games.globe_works.cards import cards
from geoteach.games.table import Table
from geoteach.ui.globe_works import wording


def _table() -> Table:
    return Table.of(
        "You", "Robot Ada", "Robot Ben", bots={"Robot Ada": "easy", "Robot Ben": "easy"}
    )


def test_a_card_is_named_in_words_with_its_icon_and_region() -> None:
    assert wording.card_label("EA-freighter") == "Busan · ocean freighters · EA"
    assert wording.card_words("EA-freighter") == "Busan (ocean freighters, East Asia)"
    assert wording.card_words("L-istanbul") == "Istanbul (a linking city)"


def test_regions_are_listed_with_and() -> None:
    assert wording.region_names(["EA"]) == "East Asia"
    assert wording.region_names(["WE", "EE", "MN"]).endswith(" and Middle East & North Africa")


def test_a_network_says_its_cards_and_points() -> None:
    line = wording.network_sentence(["EA-freighter"], "freighter", 1)
    assert line == "ocean freighters: Busan (1 card) = 1"


def test_computer_moves_are_short_sentences_about_their_cards() -> None:
    table = _table()
    played = wording.move_sentence(
        table, {"player": 1, "type": "play", "card": "EA-freighter"}, [0]
    )
    assert played == "Robot Ada played Busan (ocean freighters, East Asia)."
    opened = wording.move_sentence(table, {"player": 2, "type": "play", "card": "L-istanbul"}, [0])
    assert opened.startswith("Robot Ben opened Istanbul at the north edge:")
    taken = wording.move_sentence(
        table, {"player": 1, "type": "discard", "card": "EA-freighter"}, [0], took="L-istanbul"
    )
    assert taken == (
        "Robot Ada took Istanbul (a linking city) from the discard pile and discarded "
        "Busan (ocean freighters, East Asia)."
    )
    assert wording.move_sentence(table, {"player": 1, "type": "draw"}, [0]) == ""


def test_a_hand_with_nothing_open_says_what_to_do_from_the_view_alone() -> None:
    game = GlobeWorks(_table(), seed=3)
    view = game.view(0)
    sentence = wording.none_playable(view)
    assert "draw" in sentence.lower()
    # The sentence names only regions of the seat's own hand (nothing of another hand).
    own = {cards()[c].region for c in view["hand"]}
    others = {cards()[c].region for seat in (1, 2) for c in game.hands[seat]} - own
    assert not any(f" {region}" in sentence for region in others if len(region) == 2)


def test_typed_names_reach_the_html_escaped() -> None:
    table = Table.of("<b>Ana</b>", "Robot Ada", bots={"Robot Ada": "easy"})
    shown = wording.hidden_hand_html(table, 0)
    assert "&lt;b&gt;Ana&lt;/b&gt;" in shown and "<b>Ana</b>" not in shown
