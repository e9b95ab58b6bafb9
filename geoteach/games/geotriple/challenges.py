"""Stage 1's GeoChallenge deck: each card asks the holder of a secret state for one clue.

A card knows every true answer for a state (``answers``), so the engine can compute a clue for a
computer player (always true) and check a clue a person types before passing it on. Answers are
short strings ("West", "3", "yes", "Nevada"); ``clue_text`` turns one into the sentence the
guesser reads. ``possible_states`` is the set of states still consistent with the clues so far:
the bots' guesser and the "states still possible" map both use it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from unidecode import unidecode

from geoteach.games.geotriple.cards import PlungeCard

Cards = Mapping[str, PlungeCard]
YES, NO = "yes", "no"
NONE = "none"
#: Other ways to say yes, no and none; they count only where no answer is spelled that way.
ALIASES = {"y": YES, "true": YES, "n": NO, "false": NO, "no one": NONE, "nobody": NONE}


@dataclass(frozen=True)
class Challenge:
    """One GeoChallenge card: the question read out loud and how to answer it from the data."""

    id: str
    ask: str
    answers: Callable[[PlungeCard, Cards], list[str]]
    #: The clue sentence, with {answer} where the answer goes ("yes|no" sentences for a yes or
    #: no), or a function of the answer where the grammar depends on it ("1 time zone").
    say: str | Callable[[str], str]

    def clue_text(self, answer: str) -> str:
        """The sentence the guesser hears, e.g. "My state is in the West region."."""
        if callable(self.say):
            return self.say(answer)
        if answer in (YES, NO) and "|" in self.say:
            yes, no = self.say.split("|")
            return yes if answer == YES else no
        return self.say.format(answer=answer)


def _yes(flag: bool) -> list[str]:
    return [YES if flag else NO]


def _band(rank: int) -> list[str]:
    low = (rank - 1) // 10 * 10 + 1
    return [f"{low} to {low + 9}"]


def _words(text: str) -> list[str]:
    count = len(text.replace("-", " ").split())
    return ["one word" if count == 1 else f"{count} words"]


def _letters(text: str) -> int:
    return sum(ch.isalpha() for ch in text)


def _initial(text: str) -> str:
    return unidecode(text)[0].upper()


def _neighbour_names(card: PlungeCard, cards: Cards) -> list[str]:
    return sorted(cards[c].name for c in card.neighbours if c in cards) or [NONE]


def _neighbour_letters(card: PlungeCard, cards: Cards) -> list[str]:
    names = _neighbour_names(card, cards)
    return [NONE] if names == [NONE] else sorted({_initial(n) for n in names})


def _other_region(card: PlungeCard, cards: Cards) -> list[str]:
    return _yes(any(cards[c].region != card.region for c in card.neighbours if c in cards))


def _most_people(card: PlungeCard, cards: Cards) -> list[str]:
    others = [cards[c].population for c in card.neighbours if c in cards]
    return _yes(bool(others) and card.population < min(others))


def _biggest(card: PlungeCard, cards: Cards) -> list[str]:
    others = [cards[c].size for c in card.neighbours if c in cards]
    return _yes(bool(others) and card.size < min(others))


def _century(year: int) -> list[str]:
    return [f"{year // 100}00s"]


#: The clue of a state with no neighbour (Alaska, Hawaii), whatever the card asked.
NO_NEIGHBOUR = "My state borders no other state."
#: Said after a question about neighbours, so the count matches the game's border rule.
BORDER_NOTE = " (Corners and borders only in water do not count.)"


def _neighbours_said(answer: str) -> str:
    if answer == "0":
        return NO_NEIGHBOUR
    return f"My state borders {answer} other state{'' if answer == '1' else 's'}."


def _or_no_neighbour(say: str) -> Callable[[str], str]:
    """A clue naming a neighbour, or ``NO_NEIGHBOUR`` when the answer is "none"."""
    return lambda answer: NO_NEIGHBOUR if answer == NONE else say.format(answer=answer)


def _zones_said(answer: str) -> str:
    return f"My state has {answer} time zone{'' if answer == '1' else 's'}."


CHALLENGES: tuple[Challenge, ...] = (
    Challenge(
        "region",
        "Which region is your state in: Northeast, Midwest, South or West?",
        lambda c, _: [c.region],
        "My state is in the {answer} region.",
    ),
    Challenge(
        "division",
        "Which of the nine Census divisions is your state in?",
        lambda c, _: [c.division],
        "My state is in the {answer} division.",
    ),
    Challenge(
        "neighbour_count",
        "How many states share a border with your state?" + BORDER_NOTE,
        lambda c, cs: [str(len(c.neighbours & cs.keys()))],
        _neighbours_said,
    ),
    Challenge(
        "one_neighbour",
        "Name one state that borders your state (or say none)." + BORDER_NOTE,
        _neighbour_names,
        _or_no_neighbour("One state that borders mine: {answer}."),
    ),
    Challenge(
        "neighbour_letter",
        "Say the first letter of one state that borders yours (or say none)." + BORDER_NOTE,
        _neighbour_letters,
        _or_no_neighbour("A state that borders mine starts with: {answer}."),
    ),
    Challenge(
        "capital_letter",
        "What letter does your state's capital start with?",
        lambda c, _: [_initial(c.capital)],
        "My state's capital starts with {answer}.",
    ),
    Challenge(
        "name_letter",
        "What letter does your state's name start with?",
        lambda c, _: [_initial(c.name)],
        "My state's name starts with {answer}.",
    ),
    Challenge(
        "name_last_letter",
        "What letter does your state's name end with?",
        lambda c, _: [unidecode(c.name)[-1].upper()],
        "My state's name ends with {answer}.",
    ),
    Challenge(
        "name_length",
        "How many letters are in your state's name (not counting spaces)?",
        lambda c, _: [str(_letters(c.name))],
        "My state's name has {answer} letters.",
    ),
    Challenge(
        "name_words",
        "Is your state's name one word or more?",
        lambda c, _: _words(c.name),
        "My state's name is {answer}.",
    ),
    Challenge(
        "capital_words",
        "Is your state's capital one word or more?",
        lambda c, _: _words(c.capital),
        "My state's capital is {answer}.",
    ),
    Challenge(
        "capital_length",
        "How many letters are in your state capital's name (not counting spaces or dots)?",
        lambda c, _: [str(_letters(c.capital))],
        "My state's capital has {answer} letters.",
    ),
    Challenge(
        "same_letter",
        "Do your state and its capital start with the same letter?",
        lambda c, _: _yes(_initial(c.name) == _initial(c.capital)),
        "My state and its capital start with the same letter."
        "|My state and its capital start with different letters.",
    ),
    Challenge(
        "coastline",
        "Does your state have an ocean coast?",
        lambda c, _: _yes(c.coastline),
        "My state has an ocean coast.|My state has no ocean coast.",
    ),
    Challenge(
        "great_lakes",
        "Does your state touch one of the Great Lakes?",
        lambda c, _: _yes(bool(c.great_lakes)),
        "My state touches a Great Lake.|My state does not touch a Great Lake.",
    ),
    Challenge(
        "borders_canada",
        "Does your state border Canada?",
        lambda c, _: _yes(c.borders_canada),
        "My state borders Canada.|My state does not border Canada.",
    ),
    Challenge(
        "borders_mexico",
        "Does your state border Mexico?",
        lambda c, _: _yes(c.borders_mexico),
        "My state borders Mexico.|My state does not border Mexico.",
    ),
    Challenge(
        "other_region",
        "Does your state border a state from a different region?",
        _other_region,
        "My state borders a state from another region."
        "|All the states that border mine are in its own region (or it has none).",
    ),
    Challenge(
        "size_band",
        "Where is your state in the size ranking: 1 to 10, 11 to 20, ... 41 to 50?",
        lambda c, _: _band(c.size),
        "My state's size rank is {answer}.",
    ),
    Challenge(
        "population_band",
        "Where is your state in the population ranking: 1 to 10, 11 to 20, ... 41 to 50?",
        lambda c, _: _band(c.population),
        "My state's population rank is {answer}.",
    ),
    Challenge(
        "statehood_band",
        "Where is your state in the order of joining: 1 to 10, 11 to 20, ... 41 to 50?",
        lambda c, _: _band(c.statehood),
        "My state joined the Union at number {answer}.",
    ),
    Challenge(
        "big_half",
        "Is your state one of the 25 biggest states by area?",
        lambda c, _: _yes(c.size <= 25),
        "My state is one of the 25 biggest.|My state is one of the 25 smallest.",
    ),
    Challenge(
        "crowded_half",
        "Is your state one of the 25 states with the most people?",
        lambda c, _: _yes(c.population <= 25),
        "My state is in the top 25 for people.|My state is in the bottom 25 for people.",
    ),
    Challenge(
        "century",
        "In which century did your state join the Union: 1700s, 1800s or 1900s?",
        lambda c, _: _century(c.admitted_year),
        "My state joined the Union in the {answer}.",
    ),
    Challenge(
        "before_1850",
        "Did your state join the Union before 1850?",
        lambda c, _: _yes(c.admitted_year < 1850),
        "My state joined before 1850.|My state joined in 1850 or later.",
    ),
    Challenge(
        "most_people_nearby",
        "Does your state have more people than every state that borders it?",
        _most_people,
        "My state has more people than all its neighbours."
        "|Some neighbour has more people than my state (or it has no neighbour).",
    ),
    Challenge(
        "biggest_nearby",
        "Is your state bigger than every state that borders it?",
        _biggest,
        "My state is bigger than all its neighbours."
        "|Some neighbour is bigger than my state (or it has no neighbour).",
    ),
)

TIME_ZONES = Challenge(
    "time_zones",
    "How many time zones does your state have?",
    lambda c, _: [str(len(c.time_zones))],
    _zones_said,
)


def challenge_deck(cards: Cards) -> dict[str, Challenge]:
    """The GeoChallenge cards this states table can answer (time zones only if it has them)."""
    deck = {c.id: c for c in CHALLENGES}
    if all(card.time_zones for card in cards.values()):
        deck[TIME_ZONES.id] = TIME_ZONES
    return deck


def normalise(answer: str) -> str:
    """Compare answers the way a person means them: case, accents and spaces do not matter."""
    return " ".join(unidecode(str(answer)).casefold().replace(".", "").split())


def true_answers(challenge: Challenge, card: PlungeCard, cards: Cards) -> list[str]:
    """Every answer to ``challenge`` that is true of ``card``."""
    return challenge.answers(card, cards)


def matching_answer(challenge: Challenge, card: PlungeCard, cards: Cards, typed: str) -> str | None:
    """The true answer a typed clue means, or None when the clue is not true of ``card``."""
    wanted = normalise(typed)
    answers = true_answers(challenge, card, cards)
    # The answer itself first: the letter "N" is a letter, not a short "no".
    for answer in answers:
        if normalise(answer) == wanted:
            return answer
    alias = ALIASES.get(wanted)
    return alias if alias in answers else None


def choices(challenge: Challenge, cards: Cards) -> list[str]:
    """Every answer any state could give: the menu a person picks a clue from."""
    found = {a for card in cards.values() for a in challenge.answers(card, cards)}
    return sorted(found, key=lambda a: (len(a) > 2 and a[0].isdigit(), _natural(a)))


def _natural(text: str) -> tuple[int, str]:
    head = text.split()[0]
    return (int(head), text) if head.isdigit() else (10**6, text)


def fits(challenge: Challenge, answer: str, card: PlungeCard, cards: Cards) -> bool:
    """True when ``answer`` is a true clue about ``card``."""
    return answer in challenge.answers(card, cards)


def possible_states(
    clues: Sequence[tuple[str, str]],
    cards: Cards,
    deck: Mapping[str, Challenge],
    exclude: Sequence[str] = (),
) -> list[str]:
    """States (USPS codes) consistent with every (challenge id, answer) clue, minus ``exclude``."""
    return [
        code
        for code, card in cards.items()
        if code not in exclude and all(fits(deck[cid], a, card, cards) for cid, a in clues)
    ]


def likelihood(
    clues: Sequence[tuple[str, str]], card: PlungeCard, cards: Cards, deck: Mapping[str, Challenge]
) -> float:
    """How likely these clues are if ``card`` is the secret: a computer picks any true answer
    at random, so a state with many neighbours is less likely to have named this one."""
    p = 1.0
    for cid, answer in clues:
        answers = deck[cid].answers(card, cards)
        if answer not in answers:
            return 0.0
        p /= len(answers)
    return p


def guess_points(taken: Sequence[int | None]) -> list[int]:
    """Stage 1 points from each guesser's count of guesses (None: never guessed right).

    Fewer guesses wins 10; the same count, or neither right, gives 5 each.
    """
    a, b = (4 if t is None else t for t in taken)
    if a == b:
        return [5, 5]
    return [10, 0] if a < b else [0, 10]
