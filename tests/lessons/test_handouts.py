"""Every handout is written, opened with pypdf and checked for its pages and its words; the
first page of each is rendered with pypdfium2 to test-artifacts/handouts/ for a person to look at.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pypdf = pytest.importorskip("pypdf")
pdfium = pytest.importorskip("pypdfium2")

from geoteach.lessons import geography_pursuit, geotriple, globalissimo, globe_works  # noqa: E402
from geoteach.lessons.handouts import write_handouts  # noqa: E402

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "handouts"
#: Page sizes in points (1/72 inch), portrait.
SIZES = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}


def opened(path: Path, name: str) -> tuple[list[str], list[tuple[float, float]]]:
    """The text and size of every page; the first page saved as a PNG under test-artifacts."""
    reader = pypdf.PdfReader(path)
    texts = [p.extract_text() for p in reader.pages]
    sizes = [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader.pages]
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdfium.PdfDocument(str(path))[0].render(scale=150 / 72).to_pil().save(ARTIFACTS / f"{name}.png")
    return texts, sizes


def same_size(size: tuple[float, float], paper: str) -> bool:
    want = SIZES[paper]
    return all(abs(a - b) < 1.0 for a, b in zip(sorted(size), sorted(want), strict=True))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_globalissimo_map_has_the_world_the_zooms_and_the_key(tmp_path, paper) -> None:
    path = globalissimo.world_map_pdf(tmp_path / "map.pdf", paper)
    texts, sizes = opened(path, f"globalissimo_world_map_{paper}")
    assert len(texts) == 2 + len(globalissimo.ZOOMS)
    assert "The numbered world map" in texts[0]
    for (title, _), text in zip(globalissimo.ZOOMS, texts[1:], strict=False):
        assert f"Larger: {title}" in text
    assert all(same_size(s, paper) for s in sizes)
    assert sizes[0][0] > sizes[0][1], "the maps are printed landscape"
    # The key lists every numbered country with its number.
    import geoteach.data

    countries = geoteach.data.countries()
    key = texts[-1]
    for iso in ("CAN", "NZL", "VAT", "FRA"):
        number, name = int(countries.loc[iso, "map_number"]), countries.loc[iso, "name"]
        assert re.search(rf"(^|\n){number}\s+{re.escape(name)}\n", key)


def test_globalissimo_score_sheet_has_the_rounds_and_the_names_as_typed(tmp_path) -> None:
    names = ["Ana $5", "<b>Ben</b>", "Team 3"]
    path = globalissimo.score_sheet_pdf(tmp_path / "sheet.pdf", names, rounds=6)
    texts, sizes = opened(path, "globalissimo_score_sheet")
    assert len(texts) == 1 and same_size(sizes[0], "A4")
    for word in [*names, "Round", "Category", "Hurdles", "Total", "exactly right = 3"]:
        assert word in texts[0]
    assert "6" in texts[0].split() and "7" not in texts[0].split()


def test_geotriple_cards_have_every_state_with_its_three_ranks(tmp_path) -> None:
    import geoteach.data

    path = geotriple.state_cards_pdf(tmp_path / "cards.pdf", "Letter")
    texts, sizes = opened(path, "geotriple_state_cards")
    assert len(texts) == 6  # 50 cards, nine to a page
    assert all(same_size(s, "Letter") for s in sizes)
    text = "\n".join(texts)
    states = geoteach.data.us_states()
    for _code, row in states.iterrows():
        assert row["name"] in text
    alaska = texts[0]
    assert "Size" in alaska and "Statehood" in alaska and "Population" in alaska
    assert "2020 Census" in alaska and "733,391" in alaska  # the population and its year
    ak = states.loc["AK"]
    for rank in (ak["area_rank"], ak["statehood_rank"], ak["population_rank"]):
        assert f"{rank}" in alaska


@pytest.mark.parametrize("deck", ["built-in", "csv"])
def test_geography_pursuit_cards_have_questions_then_answers(tmp_path, deck) -> None:
    from geoteach.data import data_dir

    source = "built-in" if deck == "built-in" else data_dir() / "decks/example_world_capitals.csv"
    cards = geography_pursuit.choose_cards(source, count=12, seed=3)
    path = geography_pursuit.question_cards_pdf(tmp_path / "q.pdf", source, count=12, seed=3)
    texts, _ = opened(path, f"geography_pursuit_cards_{deck}")
    assert len(texts) == 4  # 12 cards: two sheets, each a front and a back
    fronts, backs = texts[0] + texts[2], texts[1] + texts[3]
    for n, card in enumerate(cards, start=1):
        assert f"#{n}" in fronts and f"Answer to #{n}" in backs
        assert card.prompt.split()[-1].rstrip("?") in fronts.replace("\n", " ")
        assert card.answer in backs.replace("\n", " ")
    assert not any(card.media.flag for card in cards), "flags are not printed"


def test_geography_pursuit_cards_of_one_level(tmp_path) -> None:
    cards = geography_pursuit.choose_cards("built-in", count=9, level=1)
    assert {c.level for c in cards} == {1}
    assert len({c.category for c in cards}) == 6, "spread over the six categories"


def test_globe_works_map_and_scoring_table(tmp_path) -> None:
    from geoteach.games.globe_works import SCORE_TABLE, cards

    path = globe_works.globe_works_pdf(tmp_path / "gw.pdf")
    texts, sizes = opened(path, "globe_works_map_and_scores")
    assert len(texts) == 2 and sizes[0][0] > sizes[0][1]
    assert "the 12 regions and the 18 linking cities" in texts[0]
    assert "Northern America" in texts[0] and "Oceania" in texts[0]
    for points in SCORE_TABLE.values():
        assert str(points) in texts[1]
    for card in cards().values():
        if card.is_linking:
            assert card.city in texts[1]


def test_global_pursuit_handouts_are_the_kits_cards_and_net(tmp_path) -> None:
    table = write_handouts("global_pursuit", tmp_path, sets=["historic_happenings"])
    files = [Path(f) for f in table["file"]]
    assert [f.name for f in files] == [
        "global_pursuit_cards.pdf",
        "global_pursuit_net_historic_happenings.pdf",
    ]
    cards_text, _ = opened(files[0], "global_pursuit_cards")
    net_text, _ = opened(files[1], "global_pursuit_net")
    assert len(cards_text) == 2  # 12 cards, six to a page
    assert len(net_text) == 1 and "Historic Happenings" in net_text[0]


def test_write_handouts_says_where_and_refuses_what_it_cannot_print(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("GEOTEACH_HANDOUTS", str(tmp_path / "here"))
    table = write_handouts("globe_works")
    assert Path(table["file"][0]).parent == tmp_path / "here"
    assert Path(table["file"][0]).exists()
    with pytest.raises(ValueError, match="A4 or Letter"):
        write_handouts("globe_works", paper="A3")
    with pytest.raises(ValueError, match="not for 'chess'"):
        write_handouts("chess")
    with pytest.raises(ValueError, match="no card set"):
        write_handouts("global_pursuit", tmp_path, sets=["moon"])
