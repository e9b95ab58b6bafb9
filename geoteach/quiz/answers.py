"""Judging answers in the three ways a teacher can choose: typed, multiple choice, honor.

House rules decided here, where the rulebooks leave "how exact an answer must be" to the
players (Trivial Pursuit, Notes on play):

* Typed answers forgive case, accents, punctuation, curly apostrophes, a leading "the", the
  short forms "St."/"Mt." and every alias on the card ("Ivory Coast" for Côte d'Ivoire).
* Small typos count: up to 1 wrong letter in names of 4 to 7 letters, 2 in longer names, none
  in names of 3 letters or fewer (optimal string alignment distance, so swapped letters count 1).
* A different place is never a typo: when the typed answer is closer to another known place
  ("Niger", "Austria", "Guinea", "Dominica") than to the answer, it is wrong, even when it is
  only a letter or two away. Ties go to the player ("Nigera" for Nigeria is right).
* Numbers are right within the card's ``tolerance``; "1,234", "1 234" and "1.2 thousand" read.
* On a page in another language (``geoteach.i18n``) a place may be typed in that language or in
  English ("Allemagne", "Alemania", "Deutschland" or "Germany"), its names from data
  (``geoteach.data.place_names``); the answer is said back in the page's language, and the
  other places a typo could be taken for include their names in that language.
* The answer is always shown back, right or wrong, with the card's explanation (Global
  Pursuit's "information in parentheses"), so the class hears it either way. It is shown with
  every answer that counts ("Sucre or La Paz", ``said_answers``), so a player who gave the
  other one, or a teacher marking a spoken answer in honor mode, sees that it is right too.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from random import Random
from typing import Any, Literal

from rapidfuzz import process
from rapidfuzz.distance import OSA
from unidecode import unidecode

from geoteach.i18n import _, language, list_words
from geoteach.quiz.question import Question

Mode = Literal["typed", "choice", "honor"]
MODES: tuple[str, ...] = ("typed", "choice", "honor")

_APOSTROPHES = re.compile(r"['`´\u2018\u2019\u02bc.]")
_NON_WORD = re.compile(r"[^a-z0-9]+")
_SHORT_FORMS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"}
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}


@dataclass(frozen=True)
class Verdict:
    """The result of judging one answer, with kind words for the player."""

    correct: bool
    canonical: str
    message: str
    given: str | None = None
    explanation: str = ""
    mode: Mode = "typed"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-able data, for a game's log."""
        return asdict(self)


def normalize(text: str) -> str:
    """The form in which two spellings of the same answer look the same.

    >>> normalize("  Côte d’Ivoire ")
    'cote divoire'
    >>> normalize("The Netherlands"), normalize("Washington, D.C.")
    ('netherlands', 'washington dc')
    """
    text = unidecode(str(text)).lower()
    text = _APOSTROPHES.sub("", text)
    words = _NON_WORD.sub(" ", text).split()
    words = [_SHORT_FORMS.get(w, w) for w in words]
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return " ".join(words)


def spoken_list(words: Sequence[str], last: str = "or") -> str:
    """Words as a person lists them: "A", "A or B", "A, B or C" (``last="and"``: "A, B and C")."""
    items = [str(w) for w in words]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def said_answers(question: Question) -> str:
    """Every answer that counts as right, as said out loud: "Sucre or La Paz", "Amsterdam or
    The Hague", "Hungary, Slovakia or Slovenia". Shown wherever an answer is revealed, so a
    right answer is never marked wrong.

    Each place is said once: spellings a typed answer is forgiven anyway ("Bogota") and a
    country's other names ("Upper Peru", "Plurinational State of Bolivia") fold into the first
    name listed, as one answer is enough to recognise them by."""
    said: dict[Any, str] = {}
    for answer in question.accepted:
        said.setdefault(_same_answer(answer), page_name(answer))
    return list_words(list(said.values()))


def _same_answer(answer: str) -> Any:
    """What ``answer`` stands for, so that a card's names of one place or word in two
    languages are said once: the place it names (in English or in the page's language:
    "Alemania" and "Germany"), else the word it is in the page's language ("Yes" on a card
    whose answer is "Sí", "North America" beside "América del Norte")."""
    from geoteach.data.place_names import region_name

    key = normalize(answer)
    place = _place_keys().get(key) or _page_place_keys(language()).get(key)
    if place is not None:
        return place
    return normalize(region_name(_(answer)))


@cache
def _page_place_keys(code: str) -> dict[str, tuple[str, str]]:
    """A place's name or alias in language ``code`` (normalized) -> ``(kind, code)``."""
    if code == "en":
        return {}
    from geoteach.data.place_names import names_in

    keys: dict[str, tuple[str, str]] = {}
    for place, (name, aliases) in names_in(code).items():
        for text in (name, *aliases):
            keys.setdefault(normalize(text), place)
    return keys


@cache
def _place_keys() -> dict[str, tuple[str, str]]:
    """A place's English name or alias (normalized) -> ``(kind, code)`` in place_names.csv.

    Countries by name and aliases, U.S. states by name, capitals by their own name only (an
    accepted other city, La Paz beside Sucre, is not the capital's other name).
    """
    keys: dict[str, tuple[str, str]] = {}
    try:
        from geoteach.data.figures import country_rows
        from geoteach.data.rows import state_rows

        for iso3, row in country_rows().items():
            if row["capital"]:
                keys[normalize(row["capital"])] = ("capital", iso3)
        for usps, row in state_rows().items():
            keys[normalize(row["name"])] = ("state", usps)
    except (ImportError, AttributeError, FileNotFoundError, KeyError) as error:
        warnings.warn(f"geoteach could not read its tables ({error}).", stacklevel=2)
    keys.update({name: ("country", iso3) for name, iso3 in country_names().items()})
    return keys


def page_names(answer: str, code: str | None = None) -> tuple[str, ...]:
    """The names of the place ``answer`` (an English name) in the page's language, from
    data: its name first, then its other accepted names (none on an English page, or for a
    place the data does not name)."""
    if (code or language()) == "en":
        return ()
    place = _place_keys().get(normalize(answer))
    if place is None:
        return ()
    from geoteach.data.place_names import other_names

    return other_names(*place, language=code or language())


def page_name(answer: str) -> str:
    """``answer`` as the page's language names it ("Alemania" for "Germany" on a Spanish
    page); as it is when the data has no other name."""
    names = page_names(answer)
    return names[0] if names else answer


def accepted_forms(question: Question) -> set[str]:
    """Every normalized answer that counts: the card's, their names in the page's language,
    and the English names of a place the card names in the page's language (an author's
    Spanish deck answered "Germany" for "Alemania")."""
    forms = {normalize(a) for a in question.accepted}
    for answer in question.accepted:
        forms.update(normalize(name) for name in page_names(answer))
        place = _page_place_keys(language()).get(normalize(answer))
        if place is not None:
            forms.update(_english_keys().get(place, ()))
    return forms - {""}


@cache
def _english_keys() -> dict[tuple[str, str], tuple[str, ...]]:
    """``(kind, code)`` -> every normalized English name and alias of that place."""
    out: dict[tuple[str, str], list[str]] = {}
    for key, place in _place_keys().items():
        out.setdefault(place, []).append(key)
    return {place: tuple(keys) for place, keys in out.items()}


@cache
def country_names() -> dict[str, str]:
    """Every normalized name and alias of a country -> its iso3 code (empty without data)."""
    try:
        from geoteach.data.figures import country_rows  # plain rows: no pandas (issue 24)

        names = {
            normalize(name): iso3
            for iso3, row in country_rows().items()
            for name in (row["name"], *(row["aliases"] or ()))
            if isinstance(name, str)
        }
    except (ImportError, AttributeError, FileNotFoundError, KeyError, TypeError) as error:
        warnings.warn(
            f"geoteach could not read its country table ({error}); a country's other names are "
            "listed with it when an answer is shown.",
            stacklevel=2,
        )
        return {}
    return names


def parse_number(text: str) -> float | None:
    """The number a player typed ("8,849", "8 849 m", "1.4 billion"), or None."""
    plain = unidecode(str(text)).lower()
    plain = re.sub(r"(?<=\d)[,\s](?=\d{3}\b)", "", plain)
    match = _NUMBER.search(plain)
    if not match:
        return None
    value = float(match.group())
    rest = plain[match.end() :].split()
    if rest and rest[0] in _SCALES:
        value *= _SCALES[rest[0]]
    return value


def typos_allowed(answer: str) -> int:
    """How many letters may be wrong in a typed answer of this length (see module notes)."""
    letters = len(answer.replace(" ", ""))
    if letters <= 3:
        return 0
    return 1 if letters <= 7 else 2


def known_places(code: str | None = None) -> tuple[str, ...]:
    """Normalized names of every country, capital, U.S. state and state capital we know, in
    English and in the page's language (``code``: another language).

    A typed answer that is one of these (or closer to one of these than to the answer) names a
    different place and is wrong, however close its spelling.
    """
    return _known_places(code or language())


@cache
def _known_places(code: str) -> tuple[str, ...]:
    names: set[str] = set(_english_places())
    if code != "en":
        from geoteach.data.place_names import names_in

        for name, aliases in names_in(code).values():
            names.update(normalize(n) for n in (name, *aliases))
    return tuple(sorted(names - {"", "nan"}))


@cache
def _english_places() -> tuple[str, ...]:
    names: set[str] = set()
    try:
        # The tables' plain rows: a student's kernel needs no pandas (issue 24).
        from geoteach.data.figures import country_rows
        from geoteach.data.rows import state_rows

        for row in country_rows().values():
            names.update(str(row[column]) for column in ("name", "capital") if row[column])
            for column in ("aliases", "capital_aliases"):
                names.update(str(a) for a in row.get(column) or ())
        for row in state_rows().values():
            names.update(str(row[column]) for column in ("name", "capital") if row[column])
    except (ImportError, AttributeError, FileNotFoundError, KeyError) as error:
        warnings.warn(
            f"geoteach could not read its country tables ({error}); typed answers are checked "
            "without the list of other places.",
            stacklevel=2,
        )
    return tuple(sorted({normalize(n) for n in names} - {"", "nan"}))


class AnswerChecker:
    """Judges answers against a card, knowing which other places exist.

    ``places`` are the names a player might confuse with the answer; by default every country,
    capital, U.S. state and state capital in ``geoteach.data``, in English and in the page's
    language at the time of the answer.
    """

    def __init__(self, places: Iterable[str] | None = None) -> None:
        self._places: tuple[str, ...] | None = None
        if places is not None:
            self._places = tuple(sorted({normalize(p) for p in places} - {""}))

    @property
    def places(self) -> tuple[str, ...]:
        return known_places() if self._places is None else self._places

    def typed(self, question: Question, given: str) -> Verdict:
        """Judge an answer typed on the keyboard (or said aloud and typed by the reader)."""
        if question.kind == "number":
            return self._number(question, given)
        guess = normalize(given)
        accepted = accepted_forms(question)
        if not guess:
            return _wrong(question, given, "typed")
        if guess in accepted:
            return _right(question, given, "typed")
        distance, closest = min((OSA.distance(guess, a), a) for a in accepted)
        if distance > typos_allowed(closest):
            return _wrong(question, given, "typed", _other_place(guess, self.places))
        rivals = process.extract(
            guess, self.places, scorer=OSA.distance, score_cutoff=distance - 1, limit=8
        )
        for place, _score, _index in rivals:
            if place not in accepted:
                return _wrong(question, given, "typed", place)
        note = " " + _("(It is spelled {answer}.)").format(answer=page_name(question.answer))
        return _right(question, given, "typed", note)

    def exact(self, question: Question, given: str) -> Verdict:
        """Judge a typed answer strictly: the answer or an alias, no typo forgiven (only case,
        accents and punctuation, as ``normalize`` reads them)."""
        if question.kind == "number":
            return self.typed(question, given)
        if normalize(given) in accepted_forms(question):
            return _right(question, given, "typed")
        return _wrong(question, given, "typed")

    def choice(self, question: Question, picked: str) -> Verdict:
        """Judge a multiple-choice pick: only the card's answer (or an alias) is right."""
        picked_norm = normalize(picked)
        if picked_norm in accepted_forms(question):
            return _right(question, picked, "choice")
        return _wrong(question, picked, "choice")

    def honor(self, question: Question, marked_right: bool) -> Verdict:
        """Record the teacher's (or the players') mark after the answer was revealed."""
        if marked_right:
            return _right(question, None, "honor")
        return _wrong(question, None, "honor")

    def check(self, question: Question, given: str | bool, mode: Mode = "typed") -> Verdict:
        """Judge ``given`` in ``mode``: a typed string, a picked choice, or an honor mark."""
        if mode == "typed":
            return self.typed(question, str(given))
        if mode == "choice":
            return self.choice(question, str(given))
        if mode == "honor":
            return self.honor(question, bool(given))
        raise ValueError(f"Answer mode must be one of {', '.join(MODES)}, not {mode!r}.")

    def _number(self, question: Question, given: str) -> Verdict:
        target = parse_number(question.answer)
        value = parse_number(given)
        if target is None:
            raise ValueError(f"The answer {question.answer!r} of a number question is no number.")
        if value is None or abs(value - target) > question.tolerance:
            return _wrong(question, given, "typed")
        note = "" if value == target else " " + _("Yours was close enough.")
        return _right(question, given, "typed", note)


def _other_place(guess: str, places: Sequence[str]) -> str | None:
    return guess if guess in places else None


def _right(question: Question, given: str | None, mode: Mode, note: str = "") -> Verdict:
    return Verdict(
        correct=True,
        canonical=question.answer,
        message=_("Right! The answer is {answer}.").format(answer=said_answers(question)) + note,
        given=given,
        explanation=question.explanation,
        mode=mode,
    )


def _wrong(
    question: Question, given: str | None, mode: Mode, other_place: str | None = None
) -> Verdict:
    message = _("Not quite — the answer is {answer}.").format(answer=said_answers(question))
    if other_place and given:
        message += " " + _("{given} is a different place.").format(given=given.strip())
    return Verdict(
        correct=False,
        canonical=question.answer,
        message=message,
        given=given,
        explanation=question.explanation,
        mode=mode,
    )


@cache
def _default_checker() -> AnswerChecker:
    return AnswerChecker()


def check_answer(question: Question, given: str | bool, mode: Mode = "typed") -> Verdict:
    """Judge one answer with the default checker (all places in ``geoteach.data``)."""
    return _default_checker().check(question, given, mode)


def exact_answer(question: Question, given: str) -> Verdict:
    """Judge a typed answer strictly (see ``AnswerChecker.exact``)."""
    return _default_checker().exact(question, given)


def shuffled_choices(
    question: Question, rng: Random, pool: Iterable[str] = (), k: int = 4
) -> list[str]:
    """The options to show in multiple-choice mode, the answer among them, in random order.

    A card's own ``choices`` win. Otherwise the distractors are the first ``k - 1`` entries of
    ``pool`` that are not the answer: callers pass them most-similar first (the neighbours of
    the answer country, then its region; see ``geoteach.quiz.generators.similar_countries``).
    """
    if question.choices:
        options = list(question.choices)
    else:
        accepted = {normalize(a) for a in question.accepted}
        options = [question.answer]
        for option in pool:
            if normalize(option) not in accepted and option not in options:
                options.append(option)
            if len(options) == k:
                break
    rng.shuffle(options)
    return options
