"""What each recorded answer asked, in the report's language: its question, topic and right
answer, worded from the row's ids and codes.

A lesson record keeps each answer's question, topic and right answers as they were said at the
table (``geoteach.games.answer_facts``): English for the questions a game makes itself, the page's
language for a Pursuit card. A teacher reading the report in Spanish should read them in Spanish,
so the report words them again here, from what in the row is the same in every language:

* **A question card** (Geography Pursuit, Global Pursuit) by its id, from the built-in bank of the
  report's language (``data/built/*.es.json``: every language has the same cards by id). It is
  taken only when the row's question is that card's prompt in one of the languages, so a card of
  an author's deck that happens to share an id keeps its own words.
* **A question a game makes** by its ``question_id`` (``rank:{category}:{iso}``,
  ``capital:{iso}``, ``map_number:{iso}``, ``guess_state:{code}``, ``bordering_triple``,
  ``match:{card}``, ``challenge:{card}``): the games' own catalog sentences (Globalissimo's hurdle
  tasks and category labels, Global Pursuit's card names) with the places' names from the data
  in the report's language (``geoteach.data.place_names``). Two parts of such a question are in
  no id: the countries of a ranking round and the player who laid a challenged card. They are read
  back from the recorded sentence, which the engine wrote from the same data, and only by exact
  match (a country by its English name in the data); when that fails the row keeps its words.
  GeoTriple's clues are not in the row either: on a page in another language the question is
  "Guess the state from its clues." (the English page keeps them).
* **A topic** is a fixed phrase of a game (a deck, a task), said through the catalogs; a ranking
  round's topic is "Ranking: {category}".
* **An answer** the game worded (a map card placed "next to" another, a challenge, a state chosen,
  a country clicked) is said again the same way; what a player typed stays as typed.

Decisions:

* **The record is not changed.** One class's record reads the same on every page, old records
  keep working, and the CSV export keeps the words as recorded; only what the report shows is
  worded again.
* **What is not known keeps its recorded text**: an author's card in one language, an id this
  module does not know, a sentence that does not read back. Nothing is lost, and a row recorded
  in English stays English.
* **On an English page** a game's own questions are shown as recorded (they were made in English);
  a card is worded from the English bank, so a card asked on a Spanish page reads in English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from geoteach.data.place_names import place_name
from geoteach.i18n import N_, _, language

Row = Mapping[str, Any]

#: The games whose questions are cards of a built-in bank, and the bank's loader.
CARD_GAMES = ("geography_pursuit", "global_pursuit")
#: Languages whose banks are read to tell a built-in card from an author's card with its id.
BANK_LANGUAGES = ("en", "es", "fr", "de")

#: The topics the games write in English, marked for the catalogs (the Pursuits' decks and card
#: sets are marked where the games name them); a topic's msgid is the recorded topic.
TOPICS = (
    N_("World map"),
    N_("Capitals"),
    N_("Guess the State"),
    N_("Race for Borders"),
    N_("Matching map cards"),
    N_("Spotting mismatches"),
)
#: A ranking round's topic, "Ranking: Population", as Globalissimo writes it.
RANKING = "Ranking: "
RANKING_TOPIC = N_("Ranking: {category}")
RANK_QUESTION = N_("{category}: where does {country} rank among {countries}?")
GUESS_STATE = N_("Guess the state from its clues.")
BORDERING_TRIPLE = N_("Three states in which one borders the other two")
MATCH_QUESTION = N_("Where does {card} join the map?")
NEXT_TO = N_("next to {card}")
CHALLENGE_QUESTION = N_("Does {card} match where {player} laid it?")
#: A challenge's right answers, as Global Pursuit writes them (the msgid is the recorded text).
MATCHES = (N_("It matches."), N_("It does not match."))


# ----- the three columns -------------------------------------------------------------------
def question_text(row: Row) -> str:
    """The row's question in the report's language (its recorded words when not known)."""
    recorded = str(row.get("question", ""))
    game, qid = str(row.get("game", "")), str(row.get("question_id", ""))
    card = _card(game, qid, recorded)
    if card is not None:
        return str(card["prompt"])
    if language() == "en":
        return recorded
    kind, _sep, rest = qid.partition(":")
    if game == "globalissimo":
        return _globalissimo_question(kind, rest, recorded)
    if game == "geotriple":
        if kind == "guess_state":
            return _(GUESS_STATE)
        if qid == "bordering_triple" and recorded == BORDERING_TRIPLE:
            return _(BORDERING_TRIPLE)
    if game == "global_pursuit" and kind in ("match", "challenge"):
        return _global_pursuit_question(kind, rest, recorded)
    return recorded


def topic_text(topic: str) -> str:
    """A recorded topic in the report's language: a deck, a card set or a task of a game
    ("Capitals & Cities", "Planet Earth", "World map", "Ranking: Population"). A topic no
    catalog has (an author's deck) stays as it is."""
    topic = str(topic)
    if topic.startswith(RANKING):
        label = topic[len(RANKING) :]
        if label in _category_keys():
            return _(RANKING_TOPIC).format(category=_(label))
    return _(topic) if topic else topic


def right_answer_text(row: Row) -> str:
    """The row's first right answer in the report's language ("" when none was recorded)."""
    accepted = _accepted(row)
    game, qid = str(row.get("game", "")), str(row.get("question_id", ""))
    card = _card(game, qid, str(row.get("question", "")))
    if card is not None:
        return str(card["answer"])
    first = accepted[0] if accepted else ""
    if language() == "en" or not first:
        return first
    kind, _sep, code = qid.partition(":")
    if game == "globalissimo" and kind == "capital":
        return place_name("capital", code, first)
    if game == "geotriple" and kind == "guess_state":
        return place_name("state", code, first)
    if game == "global_pursuit" and kind == "challenge" and first in MATCHES:
        return _(first)
    if game == "global_pursuit" and kind == "match":
        card_code = _next_to().get(first)
        if card_code is not None:
            return _(NEXT_TO).format(card=_card_words(card_code))
    return first


def answer_text(row: Row) -> str:
    """What the player gave, in the report's language where the game worded it (a map card
    placed "next to" another, a challenge, a state or country clicked or chosen); typed text
    stays as it was typed."""
    given = str(row.get("answer", ""))
    if language() == "en" or not given:
        return given
    game, mode = str(row.get("game", "")), str(row.get("mode", ""))
    if game == "global_pursuit" and mode == "match" and given in _next_to():
        return _(NEXT_TO).format(card=_card_words(_next_to()[given]))
    if game == "global_pursuit" and mode == "challenge" and given in MATCHES:
        return _(given)
    if game == "geotriple" and mode == "chosen":
        codes = _read_names(given, _state_codes())
        if codes is not None:
            return ", ".join(place_name("state", c, _state_names()[c]) for c in codes)
    if game == "globalissimo" and mode == "click" and given in _country_codes():
        code = _country_codes()[given]
        return place_name("country", code, given)
    return given


def _accepted(row: Row) -> list[str]:
    """The recorded right answers: a list (a fact) or "; "-joined text (``Lesson.answers``)."""
    value = row.get("accepted", "")
    if isinstance(value, str):
        return [a for a in value.split("; ") if a]
    return [str(a) for a in value or ()]


# ----- question cards ----------------------------------------------------------------------
def _card(game: str, qid: str, recorded: str) -> dict[str, Any] | None:
    """The built-in card ``qid`` of ``game`` in the report's language, when the row asked that
    very card (its recorded question is the card's prompt in one of the banks' languages)."""
    if game not in CARD_GAMES or not qid:
        return None
    here = _cards(game, language()).get(qid)
    if here is None:
        return None
    if recorded == here["prompt"]:
        return here
    for code in BANK_LANGUAGES:
        card = _cards(game, code).get(qid)
        if card is not None and card["prompt"] == recorded:
            return here
    return None


@cache
def _cards(game: str, code: str) -> Mapping[str, dict[str, Any]]:
    """Every question of ``game``'s built-in bank in language ``code``, by id (2.8 MB a
    language, read once)."""
    found: dict[str, dict[str, Any]] = {}
    if game == "geography_pursuit":
        from geoteach.games.geography_pursuit.questions import default_questions

        for cards in default_questions(code).values():
            found.update((str(c["id"]), c) for c in cards if c.get("id"))
    elif game == "global_pursuit":
        from geoteach.games.global_pursuit.trivia import built_in_bank

        for deck in built_in_bank(code).values():
            for trivia in deck:
                found.update((str(q["id"]), q) for q in trivia["questions"] if q.get("id"))
    return found


# ----- Globalissimo ------------------------------------------------------------------------
def _globalissimo_question(kind: str, rest: str, recorded: str) -> str:
    from geoteach.games.globalissimo.engine import HURDLE_TASKS

    if kind in ("map_number", "capital"):
        english = _country_names().get(rest)
        task = HURDLE_TASKS["A" if kind == "map_number" else "B"]
        if english is None or recorded != task.format(name=english):
            return recorded
        return _(task).format(name=place_name("country", rest, english))
    if kind != "rank":
        return recorded
    category, _sep, iso = rest.partition(":")
    names = _country_names()
    label = _category_labels().get(category)
    if label is None or iso not in names:
        return recorded
    head = RANK_QUESTION.format(category=label, country=names[iso], countries="")[:-1]
    if not recorded.startswith(head) or not recorded.endswith("?"):
        return recorded
    codes = _read_names(recorded[len(head) : -1], _country_codes())
    if codes is None:
        return recorded
    return _(RANK_QUESTION).format(
        category=_(label),
        country=place_name("country", iso, names[iso]),
        countries=", ".join(place_name("country", c, names[c]) for c in codes),
    )


def _read_names(text: str, codes: Mapping[str, str]) -> list[str] | None:
    """The codes of the names listed in ``text`` ("Chad, Korea, Republic of, Peru"), each an
    exact name of ``codes``; None when the text is not such a list."""
    found: list[str] = []
    parts = text.split(", ")
    start = 0
    while start < len(parts):
        # The longest run of parts that is a name: a name may itself hold ", ".
        for end in range(len(parts), start, -1):
            code = codes.get(", ".join(parts[start:end]))
            if code is not None:
                found.append(code)
                start = end
                break
        else:
            return None
    return found


@cache
def _country_names() -> dict[str, str]:
    """ISO3 -> English name, as Globalissimo's country cards have it (the checked figures)."""
    from geoteach.data import figures

    return {iso: str(row["name"]) for iso, row in figures.country_rows().items()}


@cache
def _country_codes() -> dict[str, str]:
    return {name: iso for iso, name in _country_names().items()}


@cache
def _category_labels() -> dict[str, str]:
    """A statistic's key -> its category card's label (English, a catalog msgid)."""
    from geoteach.data.statistic_words import STATISTIC_WORDS

    return {key: words[0] for key, words in STATISTIC_WORDS.items()}


@cache
def _category_keys() -> frozenset[str]:
    return frozenset(_category_labels().values())


@cache
def _state_names() -> dict[str, str]:
    """USPS code -> English name, as GeoTriple's cards have it."""
    from geoteach.data.maps import USA

    return USA.names()


@cache
def _state_codes() -> dict[str, str]:
    return {name: code for code, name in _state_names().items()}


# ----- Global Pursuit ----------------------------------------------------------------------
def _global_pursuit_question(kind: str, card: str, recorded: str) -> str:
    from geoteach.games.global_pursuit.layout import card_name

    if card not in _card_codes().values():
        return recorded
    english = card_name(card)
    if kind == "match":
        if recorded != MATCH_QUESTION.format(card=english):
            return recorded
        return _(MATCH_QUESTION).format(card=_card_words(card))
    head, tail = CHALLENGE_QUESTION.format(card=english, player="\0").split("\0")
    if not (recorded.startswith(head) and recorded.endswith(tail)) or len(recorded) <= len(
        head + tail
    ):
        return recorded
    player = recorded[len(head) : len(recorded) - len(tail)]
    return _(CHALLENGE_QUESTION).format(card=_card_words(card), player=player)


@cache
def _card_codes() -> dict[str, str]:
    """A map card's English name ("Planet Earth card 8") -> its code ("planet_earth:7")."""
    from geoteach.games.global_pursuit.dodecahedron import FACES
    from geoteach.games.global_pursuit.layout import SETS, card_name

    codes = [f"{s}:{face}" for s in SETS for face in FACES]
    return {card_name(code): code for code in codes}


@cache
def _next_to() -> dict[str, str]:
    """A match's recorded right answer ("next to Planet Earth card 8") -> the card's code."""
    return {NEXT_TO.format(card=name): code for name, code in _card_codes().items()}


def _card_words(card: str) -> str:
    """A map card's name in the report's language, as Global Pursuit's screens say it."""
    from geoteach.games.global_pursuit.layout import SET_NAMES, parse_card

    set_name, face = parse_card(card)
    return _("{set} card {number}").format(set=_(SET_NAMES[set_name]), number=face + 1)


#: What ``worded`` says of each row.
WORDED = ("question", "topic", "right_answer", "answer")


def worded(rows: Sequence[Row]) -> list[dict[str, str]]:
    """``question``, ``topic``, ``right_answer`` and ``answer`` of each row in the report's
    language."""
    return [
        {
            "question": question_text(row),
            "topic": topic_text(str(row.get("topic", ""))),
            "right_answer": right_answer_text(row),
            "answer": answer_text(row),
        }
        for row in rows
    ]
