"""Rule fixes of issue 14, each checked against the rulebook's own words."""

from __future__ import annotations

from geoteach.bots.global_pursuit import matches_where_it_lies
from geoteach.games.deck import check_conservation
from geoteach.games.global_pursuit import dodecahedron as d
from geoteach.games.global_pursuit.engine import NO_ROOM, GlobalPursuit
from geoteach.games.global_pursuit.layout import Layout, all_cards, card_id, card_name
from geoteach.games.table import Table
from geoteach.ui.global_pursuit.wording import news_line

# Two cards of a table built from right matches only (a hard bot's game). The place across
# edge 3 (edge "4") of the first is where its true neighbour, face 11, goes with its edge 2 ...
ANCHOR = {"card": "people_places:10", "x": 1.618033988749896, "y": 3.603414649294386, "turn": 3}
# ... and there that card's edge 1 would lie along part (0.38 of an edge) of this card's edge 3.
GRAZED = {"card": "historic_happenings:3", "x": 3.118033988749896, "y": 5.142256417882013}
GRAZED["turn"] = 5
NEIGHBOUR = card_id("planet_earth", 11)


def test_every_touching_edge_counts_however_short_the_contact():
    """ "If the MAP CARD from a player's hand will touch more than one MAP CARD on the playing
    surface, all touching edges must match correctly." """
    layout = Layout([dict(ANCHOR), dict(GRAZED)])
    face, its_edge = d.neighbour(layout.face(0), 3)
    assert card_id("planet_earth", face) == NEIGHBOUR and its_edge == 2
    slot = layout.slot(0, 3)
    assert slot.fits and [c.index for c in slot.contacts] == [0]
    assert [c.index for c in slot.partial] == [1]  # the grazed card is touched too

    judgement = layout.judge(NEIGHBOUR, 0, 3, its_edge)
    assert not judgement.correct
    assert judgement.wrong == (
        "edge 4 of the card only partly touches edge 4 of Historic Happenings card 4, "
        "so the map cannot go on across it",
    )
    # The same verdict for the card once it lies there (what a challenger checks).
    layout.place(NEIGHBOUR, 0, 3, its_edge)
    assert not layout.judge_laid(2).correct
    assert not matches_where_it_lies(layout, 2)  # what the computer players check


def game_with_table(lying: list[dict], hand_card: str, seed: int = 2) -> GlobalPursuit:
    """A two-player game whose table holds ``lying`` and whose player holds ``hand_card``."""
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=seed)
    on_table = {c["card"] for c in lying}
    rest = [c for c in all_cards() if c not in on_table and c != hand_card]
    game.layout = Layout([dict(c) for c in lying])
    player = game.player
    game.state["hands"][player] = [hand_card, *rest[:4]]
    game.state["hands"][1 - player] = rest[4:9]
    game.deck.cards[:] = rest[9:]
    check_conservation(all_cards(), *game.card_places())
    return game


def test_a_rightful_challenger_of_a_card_that_only_partly_touches_wins():
    """ "The player who challenges takes 2 points from the player who made the mismatch." """
    game = game_with_table([ANCHOR, GRAZED], NEIGHBOUR)
    player, challenger = game.player, 1 - game.player
    game.apply({"player": player, "type": "place", "card": NEIGHBOUR, "at": [0, 3], "card_edge": 2})
    assert game.phase == "challenge"
    game.apply({"player": challenger, "type": "challenge"})
    assert game.scores()[challenger] == 2 and game.scores()[player] == -2
    assert NEIGHBOUR in game.hand(player) and NEIGHBOUR not in game.table_cards()
    said = news_line(game.state["news"][-1])
    assert said.startswith("Ben is right" if challenger else "Ana is right")
    why = " ".join(game.state["last"]["why"])
    assert "only partly touches edge 4 of Historic Happenings card 4" in why


def test_without_the_honor_system_such_a_card_is_refused():
    game = game_with_table([ANCHOR, GRAZED], NEIGHBOUR)
    game.options["honor"] = False
    places = [m for m in game.legal_actions(game.player) if m["type"] == "place"]
    assert not any(m["card"] == NEIGHBOUR and m["at"] == [0, 3] for m in places)


def test_a_table_with_no_room_for_any_card_ends_the_game_at_once():
    """ "The game ends when: ... there is no more room on the playing surface." """
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=1, table_size=[3, 3])
    assert game.is_terminal() and game.state["ended"] == NO_ROOM
    assert game.legal_actions() == []


def test_the_four_points_per_card_left_are_announced():
    """ "players holding MAP CARDS they cannot match must subtract 4 points for each MAP CARD in
    their hands." """
    game = GlobalPursuit(Table.of("Ana", "Ben"), seed=1, table_size=[3, 3])
    assert game.scores() == [-20, -20]
    assert [news_line(line) for line in game.state["news"][-3:]] == [
        f"Game over: {NO_ROOM}",
        "Ana still holds 5 map cards: -20 points (-4 for each).",
        "Ben still holds 5 map cards: -20 points (-4 for each).",
    ]


def test_people_read_card_numbers_1_to_12_as_printed():
    assert card_name("planet_earth:0") == "Planet Earth card 1"
    assert card_name("people_products:11") == "People and Products card 12"
    game = game_with_table([ANCHOR], NEIGHBOUR)
    game.apply(
        {"player": game.player, "type": "place", "card": NEIGHBOUR, "at": [0, 3], "card_edge": 2}
    )
    assert news_line(game.state["news"][-1]).endswith("lays Planet Earth card 12.")
