"""The lesson report in the teacher's language (issue 37): the questions, topics, right answers
and places of a recorded class worded in Spanish, French and German from the rows' ids and codes,
with the same numbers as in English; a row whose id is not known keeps its recorded words."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pandas as pd
import pytest

from geoteach.classroom import asked, demo, report
from geoteach.classroom.recorder import open_record
from geoteach.data.figures import country_rows
from geoteach.data.maps import MAP_KINDS
from geoteach.data.place_names import names_in, place_name
from geoteach.games.registry import GAMES
from geoteach.i18n import speaking
from geoteach.store.lesson_record import Lesson
from tests.languages import english_fragments

LANGUAGES = ("es", "fr", "de")
SAID = ("question", "topic", "right_answer")


@pytest.fixture(scope="module")
def lesson(tmp_path_factory: pytest.TempPathFactory) -> Lesson:
    """A class recorded as a class is: the demo's lessons (Geography Pursuit, Globalissimo,
    GeoTriple), a Global Pursuit game (trivia, matches, challenges) and a Geography Pursuit
    game played on a Spanish page (its questions recorded in Spanish)."""
    path = tmp_path_factory.mktemp("record") / "class.sqlite"
    demo.demo_record(path)
    record = open_record(path)
    rng = random.Random(3)
    clock = demo._Clock(pd.Timestamp.now().timestamp(), rng)
    demo._play_game(GAMES["global_pursuit"], record, "Week 3", clock, rng, 400)
    with speaking("es"):
        demo._play_game(GAMES["geography_pursuit"], record, "Semana 4", clock, rng, 150)
    return record


@pytest.fixture(scope="module")
def answers(lesson: Lesson) -> pd.DataFrame:
    return lesson.answers(bots=True)


@cache
def english_places(code: str) -> tuple[re.Pattern[str], ...]:
    """The English names of countries and states whose name in ``code`` is another one (and
    is in no place's name in ``code``: the state "Georgia", the German "Volksrepublik China",
    the capital "Port of Spain")."""
    names = [
        (english, place_name(kind.place, place, english, code))
        for kind in MAP_KINDS.values()
        for place, english in kind.names().items()
    ]
    # Capitals too: said from the data, in English where the data has no name in ``code``
    # ("Kuwait City" in French: counted by geoteach.data.place_names.missing).
    capitals = [str(row["capital"]) for row in country_rows().values() if row.get("capital")]
    localized = [name for name, _aliases in names_in(code).values()]
    here = " | ".join([*(said for _english, said in names), *capitals, *localized])
    found = []
    for english, said in names:
        pattern = re.compile(rf"(?<!\w){re.escape(english)}(?!\w)")
        if said != english and not pattern.search(here):
            found.append(pattern)
    return tuple(found)


def english_left(code: str, text: str) -> list[str]:
    """The English sentences and English place names in ``text``."""
    fragments = [f for f in english_fragments(code) if f in text]
    return fragments + [p.pattern for p in english_places(code) if p.search(text)]


def test_the_class_has_every_kind_of_question(answers: pd.DataFrame) -> None:
    kinds = set(answers["question_id"].str.split(":").str[0])
    assert {"rank", "map_number", "capital", "guess_state", "bordering_triple"} <= kinds
    assert {"match", "challenge"} <= kinds
    assert set(answers["game"]) == {
        "geography_pursuit",
        "globalissimo",
        "geotriple",
        "global_pursuit",
    }
    assert answers["question"].str.contains("¿").any()  # the game played on a Spanish page


def test_on_an_english_page_a_game_s_own_questions_read_as_recorded(
    answers: pd.DataFrame,
) -> None:
    """The wording reads back what the engines recorded, word for word, for every English row
    (so the same ids make the same question in the other languages); a card asked on the
    Spanish page is said from the English bank."""
    with speaking("en"):
        said = report.in_words(answers)
    spanish = answers["lesson"] == "Semana 4"
    assert (said.loc[~spanish, "question"] == answers.loc[~spanish, "question"]).all()
    first = answers["accepted"].str.split("; ").str[0]
    assert (said.loc[~spanish, "right_answer"] == first[~spanish]).all()
    assert not said.loc[spanish, "question"].str.contains("¿").any()
    assert said["topic"].equals(answers["topic"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_question_topic_and_right_answer_is_said_in_the_language(
    answers: pd.DataFrame, code: str
) -> None:
    with speaking(code):
        said = report.in_words(answers)
    kept = said["question"] == answers["question"]
    if code == "es":  # the game played on a Spanish page was recorded in Spanish
        kept &= answers["lesson"] != "Semana 4"
    # No English question keeps its words in this class.
    assert kept.sum() == 0, said.loc[kept, "question"].head().tolist()
    for column in SAID:
        left = {
            text: english_left(code, text)
            for text in said[column].unique()
            if english_left(code, text)
        }
        assert not left, (column, list(left.items())[:5])
    # The answers a game worded (a card placed, a challenge, a state chosen, a country clicked);
    # what a player typed stays as typed.
    worded = answers["mode"].isin(["match", "challenge", "click"]) | (
        answers["game"] == "geotriple"
    )
    assert worded.sum() > 50
    left = {
        text: english_left(code, text)
        for text in said.loc[worded, "answer"].unique()
        if english_left(code, text)
    }
    assert not left, list(left.items())[:5]
    typed = answers["mode"] == "typed"
    assert said.loc[typed, "answer"].equals(answers.loc[typed, "answer"])


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_numbers_are_the_same_in_every_language(answers: pd.DataFrame, code: str) -> None:
    english = report.hardest(answers, n=40)
    places = report.by_place(answers)
    topics = report.accuracy(answers, "topic")
    with speaking(code):
        hardest = report.hardest(answers, n=40)
        here = report.by_place(answers)
        here_topics = report.accuracy(answers, "topic")
        summary = report.summary_line(answers)
    numbers = ["answers", "right", "share"]
    assert hardest[numbers].equals(english[numbers])
    assert (hardest["question"] != english["question"]).all()
    assert here.drop(columns="name").equals(places.drop(columns="name"))
    assert (here["name"] != places["name"]).any()
    assert (
        here_topics[numbers]
        .sort_values(numbers)
        .reset_index(drop=True)
        .equals(topics[numbers].sort_values(numbers).reset_index(drop=True))
    )
    assert not set(here_topics["topic"]) & set(topics["topic"])
    assert str(len(answers)) in summary


def test_the_spanish_words_of_one_row_of_each_kind(answers: pd.DataFrame) -> None:
    def row(qid: str) -> dict[str, str]:
        found = answers[answers["question_id"] == qid].iloc[0].to_dict()
        return dict(found, said=report.in_words(pd.DataFrame([found])).iloc[0].to_dict())

    with speaking("es"):
        capital = next(
            r
            for q in answers["question_id"].unique()
            if q.startswith("capital:")
            for r in [row(q)]
            if r["game"] == "globalissimo"
        )
        assert capital["said"]["question"].startswith("Di la capital de ")
        rank = row(
            answers.loc[answers["question_id"].str.startswith("rank:"), "question_id"].iloc[0]
        )
        assert ": ¿en qué puesto está " in rank["said"]["question"]
        assert rank["said"]["topic"].startswith("Ordenar: ")
        guess = row(
            answers.loc[answers["question_id"].str.startswith("guess_state:"), "question_id"].iloc[
                0
            ]
        )
        assert guess["said"]["question"] == "Adivina el estado con sus pistas."
        match = row(
            answers.loc[answers["question_id"].str.startswith("match:"), "question_id"].iloc[0]
        )
        assert match["said"]["right_answer"].startswith("al lado de ")
        assert ", carta " in match["said"]["question"]
        assert match["said"]["answer"].startswith("al lado de ")


def test_a_row_whose_id_is_not_known_keeps_its_words() -> None:
    rows = [
        {  # an author's deck in Spanish only
            "game": "geography_pursuit",
            "question_id": "rios:3",
            "question": "¿Qué río pasa por Sevilla?",
            "topic": "Ríos de España",
            "accepted": "Guadalquivir",
        },
        {  # an author's card with a built-in card's id: its own words, not the bank's
            "game": "geography_pursuit",
            "question_id": "capital:FRA",
            "question": "Which city is the seat of the French government?",
            "topic": "Capitals & Cities",
            "accepted": "Paris",
        },
        {  # an old record's question of a kind not known here
            "game": "globalissimo",
            "question_id": "rank:an_old_statistic:FRA",
            "question": "Old statistic: where does France rank among France, Chad?",
            "topic": "Ranking: Old statistic",
            "accepted": "1",
        },
    ]
    with speaking("fr"):
        said = asked.worded(rows)
    assert [s["question"] for s in said] == [r["question"] for r in rows]
    assert [s["right_answer"] for s in said] == ["Guadalquivir", "Paris", "1"]
    assert [s["topic"] for s in said] == ["Ríos de España", "Capitales et villes", rows[2]["topic"]]


def test_the_spanish_report_page(lesson: Lesson, tmp_path: Path) -> None:
    """The widget's tables at es: no English sentence or place name but the students' typed
    answers and their names."""
    from geoteach.ui.lesson_report import LessonReport

    with speaking("es"):
        page = LessonReport(lesson)
        page.bots.value = True
        for part in (page.topics, page.places):
            left = english_left("es", re.sub(r"<[^>]+>", " ", part.value))
            assert not left, left
        assert "Ordenar: " in page.topics.value
        assert "Map of" not in page.world_box.text
