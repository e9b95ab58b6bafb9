"""Every word drawn on a Global Pursuit map card in the page's language (issue 37).

The card file holds keys ("country:FRA", "product:oil"), not words; a card is worded when it is
drawn. These tests draw every card of the four sets at es, fr and de, catch the texts as they
are drawn (the labels and the legend are glyph outlines, the caption and edge numbers Text
artists), and check: no English sentence from the catalogs, each name from its source, and a
name left in English only where no shipped source has one (counted per language).
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from babel import Locale
from matplotlib.figure import Figure

from geoteach.data.figures import country_rows
from geoteach.data.globe_cards import card_art
from geoteach.data.place_names import names_in
from geoteach.games.global_pursuit import dodecahedron as d
from geoteach.i18n import speaking, translations
from geoteach.render import globe_card_layers as cardsets
from geoteach.render import globe_card_words as words
from geoteach.render import globe_cards
from tests.languages import english_fragments

LANGUAGES = ("es", "fr", "de")


@pytest.fixture
def drawn(monkeypatch) -> Iterator[list[str]]:
    """The texts of every glyph outline drawn while the fixture is in use."""
    seen: list[str] = []
    outline = globe_cards._text_path

    def spy(text: str, *args):
        seen.append(text)
        return outline(text, *args)

    monkeypatch.setattr(globe_cards, "_text_path", spy)
    yield seen


def _draw(set_name: str, face: int, code: str, drawn: list[str]) -> tuple[list[str], list[str]]:
    """One card drawn with its names, key, caption and edge numbers at ``code``: the outlined
    texts and the Text artists' texts."""
    drawn.clear()
    fig = Figure()
    ax = globe_cards._card_axes(fig)
    with speaking(code):
        globe_cards.draw_card(ax, set_name, face, edge_numbers=True)
    return list(drawn), [t.get_text() for t in ax.texts]


def _source_name(key: str, code: str) -> str | None:
    """The name the key's source gives in ``code`` (None: no source has one)."""
    kind, _sep, rest = key.partition(":")
    iso3, _sep, english = rest.partition(":")
    if kind in ("country", "capital"):
        found = names_in(code).get((kind, iso3))
        return found[0].replace("\xad", "") if found else None
    if kind == "city":  # a city that is no capital: GeoNames' English name
        assert str(country_rows()[iso3]["capital"]) != english
        return None
    if kind == "continent":
        territory = {"Australia": "AU", "Antarctica": "AQ"}.get(rest)
        codes = {n: c for c, n in Locale("en").territories.items()}
        return Locale.parse(code).territories[territory or codes[rest]].upper()
    return None  # features: no shipped source names them in another language


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_card_is_worded_in_the_page_language(code: str, drawn: list[str]) -> None:
    english = english_fragments(code)
    catalog = translations(code)
    fallbacks = total = 0
    for set_name in cardsets.SETS:
        for face in d.FACES:
            art = card_art(set_name, face)
            outlined, texts = _draw(set_name, face, code, drawn)
            names, rows = words.card_words(set_name, face, code)
            legend = list(rows[:8])
            # What was drawn is the card's words: its names, then its legend rows.
            assert outlined == list(names) + legend, f"{set_name} {face}"
            set_words = catalog.gettext(set_name)
            caption = catalog.gettext("{set}  ·  card {number}")
            assert caption.format(set=set_words, number=face + 1) in texts
            assert set_words != set_name
            for text in outlined + texts:
                left = [f for f in english if f in text]
                assert not left, f"English on {set_name} {face} at {code}: {left}"
            for (_x, _y, key, *_rest), name in zip(art.labels, names, strict=True):
                total += 1
                source = _source_name(key, code)
                english_name = words.words(key)  # the test runs in English
                if source is None:
                    fallbacks += 1
                    assert words.fallback(key, code), key
                    assert name == english_name, key
                else:
                    assert not words.fallback(key, code), key
                    assert name == source, key
            for (key, *_style), row in zip(art.legend, rows, strict=True):
                kind, _sep, rest = key.partition(":")
                if kind == "explorer":
                    explorer = rest.rsplit(":", 2)[0]
                    assert row.startswith(catalog.gettext(explorer) + " "), key
                else:
                    word = words.LEGEND_WORDS[rest] if kind == "legend" else rest
                    assert row == catalog.gettext(word), key
    print(f"{code}: {fallbacks} of {total} names on the 48 cards are in English (no source)")
    assert 0 < fallbacks < total / 2


def test_the_keys_cover_every_product_and_the_english_card_reads_as_before() -> None:
    assert set(words.PRODUCT_WORDS) == set(cardsets.PRODUCTS)
    with speaking("en"):
        assert words.words("country:DEU:Germany") == "Germany"
        assert words.words("capital:JPN:Tokyo") == "Tokyo"
        assert words.words("continent:North America") == "NORTH AMERICA"
        assert words.words("explorer:James Cook:1768:1771") == "James Cook 1768–1771"
        assert words.words("explorer:Henry Hudson:1609:1609") == "Henry Hudson 1609"
        assert words.words("product:iron ore") == "iron ore"
    with speaking("de"):
        assert words.words("country:DEU:Germany") == "Deutschland"
        assert words.words("capital:JPN:Tokyo") == "Tokio"
        assert words.words("city:JPN:Yokohama") == "Yokohama"  # no source: English
        assert words.words("continent:Antarctica") == "ANTARKTIS"
        assert words.words("explorer:Christopher Columbus:1492:1493") == (
            "Christoph Kolumbus 1492–1493"
        )
        assert words.words("legend:city") == "Großstadt"
    with pytest.raises(words.UnknownWordKeyError, match=r"build_globe_cards\.py"):
        words.words("Shanghai")


def test_the_card_file_holds_keys_not_words() -> None:
    kinds = {"country", "capital", "city", "continent", "feature"} | {
        "legend",
        "product",
        "explorer",
    }
    for set_name in cardsets.SETS:
        for face in d.FACES:
            art = card_art(set_name, face)
            for key in [label[2] for label in art.labels] + [row[0] for row in art.legend]:
                assert key.partition(":")[0] in kinds, key


def test_the_table_pictures_have_no_words_so_one_cache_serves_every_language() -> None:
    globe_cards.card_picture.cache_clear()
    english = np.asarray(globe_cards.card_picture("people_places:0", 128))
    globe_cards.card_picture.cache_clear()
    with speaking("es"):
        spanish = np.asarray(globe_cards.card_picture("people_places:0", 128))
    globe_cards.card_picture.cache_clear()
    assert np.array_equal(english, spanish)


def test_a_hand_card_and_a_joint_are_captioned_in_german() -> None:
    with speaking("de"):
        hand = globe_cards.HandCardPicture("planet_earth:7")
        captions = [t.get_text() for t in hand.captions]
        assert captions == ["Karte 8", globe_cards.set_caption("planet_earth")]
        assert "Planet Earth" not in " ".join(captions)
        cards = [
            {"card": "planet_earth:0", "x": 0.0, "y": 0.0, "turn": 0},
            {"card": "planet_earth:1", "x": 0.0, "y": 2 * 0.6882, "turn": 0},
        ]
        fig = globe_cards.joint_figure(cards, [(0, 0, 1, 0)], maps=False)
        said = [t.get_text() for ax in fig.axes for t in ax.texts]
        assert said == ["Planet Erde, Karte 1, Kante 1", "Planet Erde, Karte 2, Kante 1"]


def test_the_printed_cards_and_nets_are_listed_in_spanish() -> None:
    from geoteach.lessons.global_pursuit import handouts

    with speaking("es"):
        listed = [h.purpose for h in handouts(("planet_earth", "people_places"))]
    assert "Planeta Tierra" in listed[0] and "Planet Earth" not in " ".join(listed)
