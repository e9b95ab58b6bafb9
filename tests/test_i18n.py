"""Sentences in the page's language: the catalogs, the language a page picks, numbers, and the
check that a translated module has no English sentence left outside the catalogs (issue 37)."""

from __future__ import annotations

import ast
import re
import runpy
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from geoteach import i18n
from geoteach.i18n import _, format_area, format_number, ngettext, speaking

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "geoteach" / "locale"
#: The languages whose catalogs must be complete.
COMPLETE = ("es", "fr", "de")
#: Modules whose every sentence a player reads goes through the catalogs. The list grows as
#: modules are translated; ``test_translated_modules_have_no_english_sentence`` keeps it so.
TRANSLATED = (
    "geoteach/ui/table_setup.py",
    "geoteach/ui/apps.py",
    "geoteach/games/registry.py",
    "geoteach/ui/messages.py",
    "geoteach/ui/shell.py",
    "geoteach/ui/leaderboard.py",
    "geoteach/ui/live.py",
    "geoteach/quiz/answers.py",
    "geoteach/ui/theme.py",
    "geoteach/ui/explore.py",
    "geoteach/ui/globalissimo/wording.py",
    "geoteach/ui/globalissimo/screen.py",
    "geoteach/ui/globalissimo/cards.py",
    "geoteach/ui/globalissimo/board.py",
    "geoteach/ui/globalissimo/step.py",
    "geoteach/games/globalissimo/engine.py",
    "geoteach/data/statistic_words.py",
    "geoteach/ui/aloud.py",
    "geoteach/ui/hotseat.py",
    "geoteach/ui/countdown.py",
    "geoteach/ui/question_card.py",
    "geoteach/render/globalissimo.py",
    "geoteach/quiz/generators.py",
    "geoteach/quiz/facts.py",
    "geoteach/quiz/data_words.py",
    "geoteach/games/global_pursuit/trivia_cards.py",
    "geoteach/games/geography_pursuit/questions.py",
    "geoteach/ui/pursuit/wording.py",
    "geoteach/ui/pursuit/screen.py",
    "geoteach/ui/pursuit/step.py",
    "geoteach/ui/pursuit/board.py",
    "geoteach/games/geography_pursuit/game.py",
    "geoteach/render/board.py",
    "geoteach/ui/global_pursuit/wording.py",
    "geoteach/ui/global_pursuit/screen.py",
    "geoteach/ui/global_pursuit/board.py",
    "geoteach/ui/global_pursuit/step.py",
    "geoteach/ui/global_pursuit/verdicts.py",
    "geoteach/ui/global_pursuit/cards_fit.py",
    "geoteach/ui/global_pursuit/hand_card.py",
    "geoteach/ui/global_pursuit/app.py",
    "geoteach/render/globe_cards.py",
    "geoteach/render/globe_card_words.py",
    "geoteach/ui/globe_works/wording.py",
    "geoteach/ui/globe_works/step.py",
    "geoteach/ui/globe_works/board.py",
    "geoteach/ui/globe_works/screen.py",
    "geoteach/render/globe_works.py",
    "geoteach/render/globe_works_names.py",
    "geoteach/ui/geotriple/__init__.py",
    "geoteach/ui/geotriple/terms.py",
    "geoteach/ui/geotriple/wording.py",
    "geoteach/ui/geotriple/wording_steps.py",
    "geoteach/ui/geotriple/map_words.py",
    "geoteach/ui/geotriple/screen.py",
    "geoteach/ui/geotriple/controls.py",
    "geoteach/ui/geotriple/board.py",
    "geoteach/ui/geotriple/race_clock.py",
    "geoteach/render/geotriple.py",
    "geoteach/games/geotriple/borders.py",
    "geoteach/games/geotriple/game.py",
    "geoteach/games/globe_works/engine.py",
    "geoteach/classroom/wire.py",
    "geoteach/classroom/remote.py",
    "geoteach/classroom/referee.py",
    "geoteach/ui/class_game/join.py",
    "geoteach/ui/class_game/host_app.py",
    "geoteach/ui/class_game/seats.py",
    "geoteach/ui/class_game/follow.py",
    "geoteach/ui/class_game/links.py",
    "geoteach/ui/lesson_report.py",
    "geoteach/classroom/report.py",
    "geoteach/classroom/asked.py",
    "geoteach/lessons/handouts.py",
    "geoteach/lessons/printing.py",
    "geoteach/store/savedata.py",
    "geoteach/store/savefile.py",
    "geoteach/store/saves.py",
)
#: Sentences in those modules that a player never reads, each with why (programmers' errors).
#: The Globalissimo engine's own are in ``RECORD_WORDS``, for that module only.
NOT_FOR_PLAYERS = {
    "Who starts is decided by": "a programmer's error: the game class names an unknown rule",
    "There is no app called": "a programmer's error: app() called with an unknown key",
    "There is no game called": "a programmer's error: an unknown key asked of the registry",
    "warm up": "the warm-up thread's name, for the server's log",
    "A message is one of": "a programmer's error: an unknown kind of message",
    "Answer mode must be one of": "a programmer's error: an unknown answer mode",
    "of a number question is no number": "a curriculum author's error, caught by the deck check",
    "geoteach could not read": "a warning for the server's log",
    "There is no seat": "a programmer's error: a seat the table does not have",
    "This card has no deck": "a programmer's error: ask_next() without a deck",
    "In honor mode the answer is revealed": "a programmer's error: a typed answer in honor mode",
    "(see data/SOURCES.md)": "a card's source, for the teacher who checks it (never read out)",
    "latitudes from data/": "a card's source, for the teacher who checks it (never read out)",
    "Encyclopaedia Britannica": "a card's source, for the teacher who checks it (never read out)",
    "America": "a continent's key in the table; a card says it from CLDR (place_names)",
    "Australia and New Zealand": "a UN region's key in the table; said from CLDR",
    "highest points": "a kind of generated question, as a program asks for it",
    "U.S. state capitals": "a category: the engine's and the record's key; a screen words it",
    "U.S. coasts and lakes": "a category: the engine's and the record's key; a screen words it",
    "Physical World": "a category: the engine's and the record's key; a screen words it",
    "land neighbour on another continent": "why a continent is left out, for the tests",
    "UN M49 puts": "why a continent is left out, for the tests",
    "km of {}": "why a continent is left out, for the tests",
    "Unknown question kinds": "a programmer's error: an unknown kind of question",
    "table has no column": "a programmer's error: a table without its columns",
    "has no questions at some level": "a programmer's error: a deck too small to make",
    "Geography Pursuit": "the game's own name, as the registry's title: not translated",
    "Globe Works": "the game's own name, as the registry's title: not translated",
    "that this version cannot write": "a maintainer's error: a card file of another version",
    "Answer precision must be": "a programmer's error: the set-up screen offers only the two",
    "The time limit is a number of seconds": "a programmer's error: the set-up offers numbers",
    "has no questions: give it a deck": "a curriculum author's error, caught by the deck check",
    "Two questions have the same id": "a curriculum author's error, caught by the deck check",
    "Global Pursuit": "the game's own name, as the registry's title: not translated",
    "Choose one of the sets": "a programmer's error: HowTheCardsFit called with an unknown set",
    "no flat net found": "a programmer's error: the net search always finds one",
    "There is no card set": "a programmer's error: a handout asked for an unknown set",
    "The questions are decks or": "a programmer's error: the set-up offers only decks",
    "geoteach has no cards in the language": "a programmer's error: a language with no catalog",
    "row wrap": "a layout's CSS value (flex_flow), not a sentence",
    "This screen may not see": "a programmer's error: a screen asked for another seat's view",
    "A class-game screen read": "a programmer's error: a screen read what no page may know",
    "The referee's secret must be": "a programmer's error: the class service's set-up",
    "the referee failed on a request": "the class service's log",
    "the lesson record of room": "the class service's log",
    "is not offered:": "the class service's log",
    "race time could not be worked out": "the class service's log",
    "a computer's move in room": "the class service's log",
    "a computer player failed in room": "the class service's log",
    "showing a class-game problem": "the page's log",
    "following the class game's room": "the page's log",
    "d MMM HH:mm": "a date pattern (CLDR's), not words",
    "time up": "the record's name of an answer mode, never shown",
    "center left": "matplotlib's place for a legend",
    "the whole save": "where a hand-edited save differs from its replay, a path of the save's "
    "own keys (state › scores › 2) in games/base.py's message about the replay",
}
#: Globalissimo's engine: what it writes into the lesson record (the teacher's report, kept in
#: English so that one class's record reads the same whatever each page spoke).
RECORD_WORDS = {
    "is number": "the record's verdict of a hurdle A answer",
    "hurdle {}": "the scoreboard's note, for the record",
    "World map": "the record's category of a hurdle A question",
    "where does": "the record's question of a rank move",
    "game over": "the name of a phase, never shown",
    "The country deck ran out": "a programmer's error: a deck with too few countries",
    "The app starts without": "the server's log",
}
#: GeoTriple's engine: the lesson record's words (as ``RECORD_WORDS``) and programmers' errors.
GEOTRIPLE_RECORD_WORDS = {
    "Guess the state. ": "the record's question of a Stage 1 guess",
    "Guess the State": "the record's topic of a Stage 1 guess",
    "Three states in which one borders": "the record's question of a Stage 2 group",
    "Race for Borders": "the record's topic of a Stage 2 group",
    "GeoTriple needs at least": "a programmer's error: a states table with too few states",
    "The target score must be": "a programmer's error: the set-up screen offers whole numbers",
    "No GeoPlunge could be dealt": "a programmer's error: an empty border table",
}
#: Globe Works' engine: the name of a phase and programmers' errors.
GLOBE_WORKS_ENGINE_WORDS = {
    "game over": "the name of a phase, never shown",
    "Every player must deal at least once": "a programmer's error: the set-up offers enough rounds",
    "max_turns must be at least": "a programmer's error: an option below the rulebook's turns",
}


def catalog(code: str) -> Catalog:
    path = LOCALE / code / "LC_MESSAGES" / "geoteach.po" if code != "pot" else None
    with (path or LOCALE / "geoteach.pot").open("rb") as handle:
        return read_po(handle, locale=None if code == "pot" else code)


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w*)\}", text))


def test_the_template_holds_every_wrapped_sentence_of_the_code() -> None:
    """A sentence wrapped in the code but not in geoteach.pot: run scripts/update_catalogs.py."""
    made = runpy.run_path(str(ROOT / "scripts" / "update_catalogs.py"))["template"]()
    kept = catalog("pot")
    assert {m.id for m in made if m.id} == {m.id for m in kept if m.id}


@pytest.mark.parametrize("code", COMPLETE)
def test_each_complete_language_translates_every_sentence(code: str) -> None:
    template = {m.id for m in catalog("pot") if m.id}
    found = catalog(code)
    missing, wrong = [], []
    for message in found:
        if not message.id:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        if not all(forms):
            missing.append(message.id)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        for form in forms:
            if form and placeholders(form) != placeholders(ids[-1]):
                wrong.append((message.id, form))
    assert not missing, f"{code}: {len(missing)} sentences have no translation: {missing[:10]}"
    assert not wrong, f"{code}: placeholders differ from the English: {wrong[:10]}"
    assert template <= {m.id for m in found if m.id}, "run scripts/update_catalogs.py"
    print(f"{code}: {len(template)} of {len(template)} sentences translated")


def test_a_sentence_is_said_in_the_page_language_and_english_is_the_fallback() -> None:
    assert _("Start the game") == "Start the game"
    with speaking("es"):
        assert _("Start the game") == "Empezar la partida"
        assert _("A sentence no catalog has.") == "A sentence no catalog has."
        assert _("") == ""
    with speaking("de"):
        assert _("Who is playing {game}?").format(game="Globalissimo") == "Wer spielt Globalissimo?"
    with speaking("it"):  # no catalog: English
        assert i18n.language() == "en"
    assert i18n.language() == "en"


def test_plurals_follow_the_language_rules() -> None:
    for n, english in ((1, "1 point"), (0, "0 points"), (2, "2 points")):
        assert ngettext("{n} point", "{n} points", n).format(n=n) == english
    with speaking("fr"):  # French says 0 in the singular; a missing plural falls back
        assert ngettext("{n} apple", "{n} apples", 0).format(n=0) == "0 apples"


def test_numbers_and_areas_are_written_the_page_way() -> None:
    assert format_area(1234.5, 1) == "1,234.5 km²"
    with speaking("de"):
        assert format_area(1234.5, 1) == "1.234,5 km²"
        assert format_number(83_000_000) == "83.000.000"
    with speaking("fr"):
        assert format_number(1234.5, 1) == "1\u202f234,5"
    with speaking("es"):
        assert format_number(0.5, 2) == "0,50"
        assert format_number(0.012345, significant=3) == "0,0123"
        assert format_number(1.2, significant=3) == "1,2"


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"QUERY_STRING": "lang=es&seed=4"}, "es"),
        ({"QUERY_STRING": "lang=fr-CA"}, "fr"),
        ({"QUERY_STRING": "lang=xx", "HTTP_ACCEPT_LANGUAGE": "de-AT,de;q=0.9"}, "de"),
        ({"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9,fr;q=0.8,en;q=0.7"}, "fr"),
        ({"HTTP_ACCEPT_LANGUAGE": "en;q=0.5, es;q=0.9"}, "es"),
        ({"HTTP_ACCEPT_LANGUAGE": "es;q=0, en"}, "en"),
        ({"HTTP_ACCEPT_LANGUAGE": "it, pt"}, None),
        ({}, None),
    ],
)
def test_the_page_asks_for_its_language(env: dict[str, str], expected: str | None) -> None:
    assert i18n.requested_language(env) == expected


def test_set_language_picks_the_closest_catalog_or_english() -> None:
    import geoteach

    try:
        assert geoteach.set_language("es_MX") == "es" and i18n.language() == "es"
        assert _("Players") == "Jugadores"
        assert geoteach.set_language("ja") == "en"
    finally:
        geoteach.set_language(None)
    assert i18n.language() == "en"


# ----- no English left in a translated module ---------------------------------------------------
_WORDS = re.compile(r"[A-Za-z]{2,}(?:'[a-z]+)?(?: +[A-Za-z]{2,}){1,}")
_MARKUP = re.compile(r"<[^>]*(?:>|$)|^[^<]*>|\{[^}]*\}|&\w+;")
_CSS = re.compile(r"\{[^{}]*:[^{}]*;")
_WRAPPERS = {"_", "N_", "ngettext", "said_plural"}
#: Calls whose text argument is no sentence: CSS classes, icons, names of threads and tests.
_NOT_TEXT_CALLS = {"add_class", "remove_class", "Layout", "getattr", "setdefault", "get"}


def english_sentences(
    path: Path, allowed: dict[str, str] = NOT_FOR_PLAYERS
) -> list[tuple[int, str]]:
    """Every piece of literal text in ``path`` that reads as English words, outside a catalog
    call (``_``, ``N_``, ``ngettext``), a docstring or markup."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            skip.add(id(first.value))  # a docstring
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name in _WRAPPERS | _NOT_TEXT_CALLS:
                skip.update(id(n) for a in node.args for n in ast.walk(a))
        # Icons, styles, traits; ``title=`` is a game's own name (Globe Works), not translated.
        if isinstance(node, ast.keyword) and node.arg in {"icon", "button_style", "names", "title"}:
            skip.update(id(n) for n in ast.walk(node.value))
        if isinstance(node, ast.Subscript | ast.Compare):  # dict keys, comparisons
            parts = [node.slice] if isinstance(node, ast.Subscript) else node.comparators
            skip.update(id(n) for p in parts for n in ast.walk(p))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):  # an f-string is read as one text
            skip.update(id(n) for n in node.values)
            value = "{}".join(v.value if isinstance(v, ast.Constant) else "" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            value = node.value
        else:
            continue
        if _CSS.search(value):  # a style sheet
            continue
        text = _MARKUP.sub(" ", value)
        if _WORDS.search(text) and not any(k in value for k in allowed):
            found.append((node.lineno, value))
    return found


@pytest.mark.parametrize("module", TRANSLATED)
def test_translated_modules_have_no_english_sentence(module: str) -> None:
    allowed = NOT_FOR_PLAYERS
    if module == "geoteach/games/globalissimo/engine.py":
        allowed = {**NOT_FOR_PLAYERS, **RECORD_WORDS}
    if module == "geoteach/games/geotriple/game.py":
        allowed = {**NOT_FOR_PLAYERS, **GEOTRIPLE_RECORD_WORDS}
    if module == "geoteach/games/globe_works/engine.py":
        allowed = {**NOT_FOR_PLAYERS, **GLOBE_WORKS_ENGINE_WORDS}
    found = english_sentences(ROOT / module, allowed)
    assert not found, "\n".join(f"{module}:{line}: {text!r}" for line, text in found)


def test_the_scan_sees_an_english_sentence(tmp_path: Path) -> None:
    """The scan itself, on a made-up module (so it cannot pass by seeing nothing)."""
    module = tmp_path / "screen.py"
    module.write_text(
        '"""A docstring is fine."""\n'
        "from geoteach.i18n import _\n"
        'A = _("Start the game")\n'
        'B = f"<b>{A}</b>"\n'
        'C = f"{A} is number {B} on the map"\n'
        'D = "gt-answer"\n',
        encoding="utf-8",
    )
    assert [line for line, _text in english_sentences(module)] == [5]


def test_the_category_cards_words_are_the_table_s() -> None:
    """A statistic's label, unit and description reach the catalogs through
    geoteach.data.statistic_words: it must say what data/statistics.csv says."""
    import csv

    from geoteach.data._paths import data_path
    from geoteach.data.statistic_words import STATISTIC_WORDS

    with data_path("statistics.csv").open(encoding="utf-8", newline="") as handle:
        table = {
            r["key"]: (r["label"], r["unit"], r["description"]) for r in csv.DictReader(handle)
        }
    assert table == STATISTIC_WORDS


def test_a_catalog_is_compiled_once_and_again_when_it_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GEOTEACH_CACHE", str(tmp_path / "cache"))
    po = tmp_path / "geoteach.po"
    po.write_bytes((LOCALE / "es" / "LC_MESSAGES" / "geoteach.po").read_bytes())
    first = i18n.compiled(po, "es")
    kept = list((tmp_path / "cache").glob("es-*.mo"))
    assert len(kept) == 1 and kept[0].read_bytes() == first
    assert i18n.compiled(po, "es") == first  # read back, not compiled again
    po.write_text(
        po.read_text(encoding="utf-8").replace('msgstr "Jugadores"', 'msgstr "Jugadoras"'),
        encoding="utf-8",
    )
    changed = i18n.compiled(po, "es")
    assert changed != first and len(list((tmp_path / "cache").glob("es-*.mo"))) == 2
    assert b"Jugadoras" in changed


def test_a_cache_that_cannot_be_written_only_costs_the_compile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("GEOTEACH_CACHE", str(blocked / "cache"))
    po = LOCALE / "fr" / "LC_MESSAGES" / "geoteach.po"
    assert b"Commencer la partie" in i18n.compiled(po, "fr")
