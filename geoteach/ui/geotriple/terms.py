"""GeoTriple's own words, shared by ``wording`` (the banner, the log, the verdicts) and
``wording_steps`` (the step controls, the board): the stages' names, the ranks of a card, the
states' names and a clue in the page's language, and whole sentences about a seat.

Both wording modules import this one and neither imports the other (issue 38: no import
cycle inside a screen package). Sentences are whole, with named fields, so a translator can put
the words in any order (``geoteach.i18n``); the game's terms (GeoPlunge, the stages' names)
follow the rulebook.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geoteach.data.place_names import place_name
from geoteach.escape import html_text
from geoteach.games.geotriple.challenges import NO, NONE, YES
from geoteach.games.table import Table
from geoteach.i18n import N_, _, language, list_words, ngettext
from geoteach.ui.theme import is_you, seat_badge

View = Mapping[str, Any]

#: What each phase is called on screen (the rulebook's headings).
STAGE_NAMES = {
    "guess": N_("Stage 1 · Guess the State"),
    "race": N_("Stage 2 · Race for Borders"),
    "discard": N_("Stage 3 · Play the Ranks"),
    "announce": N_("Stage 3 · Play the Ranks"),
    "trick": N_("Stage 3 · Play the Ranks"),
    "round_over": N_("End of the round"),
    "game_over": N_("Game over"),
}
STAGE3 = ("discard", "announce", "trick")

#: Said where a player decides whether to GeoPlunge: what it changes (only the points).
GEOPLUNGING = N_(
    "GeoPlunging does not change how you play, only the points: the winner of Stage 3 gets 10 "
    "points instead of 5 if one of you GeoPlunges, and 20 if you both do."
)
#: What the numbers on a card mean (lower wins a trick).
RANKS_SAID = N_(
    "Lower numbers win: #1 is the biggest state, the first to join the Union, or the one with "
    "the most people."
)

#: A card's three ranks, as the cards name them (lower case inside a sentence).
CATEGORY_WORDS = {"size": N_("size"), "statehood": N_("statehood"), "population": N_("population")}
#: The same, as the leader says them out loud ("Size!").
CATEGORY_TITLES = {
    "size": N_("Size"),
    "statehood": N_("Statehood"),
    "population": N_("Population"),
}
#: A card's rank in one category: "size #29".
RANK_WORDS = {
    "size": N_("size #{rank}"),
    "statehood": N_("statehood #{rank}"),
    "population": N_("population #{rank}"),
}
#: The Census regions and divisions the states table names (said in clues and verdicts).
REGION_WORDS = {
    word: word
    for word in (
        N_("Northeast"),
        N_("Midwest"),
        N_("South"),
        N_("West"),
        N_("New England"),
        N_("Middle Atlantic"),
        N_("East North Central"),
        N_("West North Central"),
        N_("South Atlantic"),
        N_("East South Central"),
        N_("West South Central"),
        N_("Mountain"),
        N_("Pacific"),
    )
}


def category_word(category: str) -> str:
    """ "size", "statehood" or "population" in the page's language."""
    return _(CATEGORY_WORDS.get(category, category))


def category_title(category: str) -> str:
    """ "Size", "Statehood" or "Population" in the page's language."""
    return _(CATEGORY_TITLES.get(category, category))


def rank_word(category: str, rank: int) -> str:
    """ "size #29" in the page's language."""
    return _(RANK_WORDS[category]).format(rank=rank)


def region_word(region: str) -> str:
    """A Census region or division in the page's language (as the table names it otherwise)."""
    return _(REGION_WORDS[region]) if region in REGION_WORDS else region


def _get(card: Any, key: str) -> Any:
    """A card's fact, from a view's card (a dict) or an engine's ``PlungeCard``."""
    return card[key] if isinstance(card, Mapping) else getattr(card, key)


def rank_parts(card: Any) -> dict[str, str]:
    """A card's ranks, each as the screen writes it: {"size": "size #29", ...}."""
    return {c: rank_word(c, _get(card, c)) for c in ("size", "statehood", "population")}


def rank_labels(card: Any, census: str = "") -> str:
    """A card's ranks as the screen writes them: "size #29 · statehood #25 · population #33",
    with the population's year when known ("population #33 (2020 Census)")."""
    said = " · ".join(rank_parts(card).values())
    return f"{said} ({census})" if census else said


def census_words(year: int | None) -> str:
    """The population's year as the cards say it: "2020 Census" for a census year."""
    if year is None:
        return ""
    return _("{year} Census").format(year=year) if year % 10 == 0 else str(year)


def state(view: View, code: str) -> str:
    """The state ``code``'s name in the page's language (from data: iso-codes; English when
    the data has none)."""
    card = view["cards"].get(code)
    english = str(card["name"]) if card else str(code)
    return place_name("state", code, english)


def state_names(view: View) -> dict[str, str]:
    """Every card's state name in the page's language, by code."""
    if language() == "en":
        return {c: str(card["name"]) for c, card in view["cards"].items()}
    return {c: state(view, c) for c in view["cards"]}


def names_list(names: list[str], last: str = "and") -> str:
    """ "Ohio, Utah and Texas" in the page's language."""
    return list_words(names, last)


def who(table: Table, seat: int, you: str, other: str, /, **values: Any) -> str:
    """A whole sentence about a seat, in plain text: ``you`` for a student alone ("You win",
    since it is not "You wins"), else ``other`` with the seat's name as ``{player}``. Both are
    marked with ``N_`` by the caller and translated here."""
    template = _(you) if is_you(table, seat) else _(other)
    return template.format(player=table.name_of(seat), **values)


def who_html(table: Table, seat: int, you: str, other: str, /, **values: Any) -> str:
    """``who`` as HTML: the seat as its badge; the sentence's words are escaped here, so
    ``values`` must be HTML already."""
    template = _(you) if is_you(table, seat) else _(other)
    return html_text(template).format(player=seat_badge(table, seat), **values)


# ----- the GeoChallenge cards, in the page's language ---------------------------------------
#: The question of each GeoChallenge card (the engine's English, ``Challenge.ask``, without the
#: border note).
ASKS = {
    "region": N_("Which region is your state in: Northeast, Midwest, South or West?"),
    "division": N_("Which of the nine Census divisions is your state in?"),
    "neighbour_count": N_("How many states share a border with your state?"),
    "one_neighbour": N_("Name one state that borders your state (or say none)."),
    "neighbour_letter": N_("Say the first letter of one state that borders yours (or say none)."),
    "capital_letter": N_("What letter does your state's capital start with?"),
    "name_letter": N_("What letter does your state's name start with?"),
    "name_last_letter": N_("What letter does your state's name end with?"),
    "name_length": N_("How many letters are in your state's name (not counting spaces)?"),
    "name_words": N_("Is your state's name one word or more?"),
    "capital_words": N_("Is your state's capital one word or more?"),
    "capital_length": N_(
        "How many letters are in your state capital's name (not counting spaces or dots)?"
    ),
    "same_letter": N_("Do your state and its capital start with the same letter?"),
    "coastline": N_("Does your state have an ocean coast?"),
    "great_lakes": N_("Does your state touch one of the Great Lakes?"),
    "borders_canada": N_("Does your state border Canada?"),
    "borders_mexico": N_("Does your state border Mexico?"),
    "other_region": N_("Does your state border a state from a different region?"),
    "size_band": N_("Where is your state in the size ranking: 1 to 10, 11 to 20, ... 41 to 50?"),
    "population_band": N_(
        "Where is your state in the population ranking: 1 to 10, 11 to 20, ... 41 to 50?"
    ),
    "statehood_band": N_(
        "Where is your state in the order of joining: 1 to 10, 11 to 20, ... 41 to 50?"
    ),
    "big_half": N_("Is your state one of the 25 biggest states by area?"),
    "crowded_half": N_("Is your state one of the 25 states with the most people?"),
    "century": N_("In which century did your state join the Union: 1700s, 1800s or 1900s?"),
    "before_1850": N_("Did your state join the Union before 1850?"),
    "most_people_nearby": N_("Does your state have more people than every state that borders it?"),
    "biggest_nearby": N_("Is your state bigger than every state that borders it?"),
    "time_zones": N_("How many time zones does your state have?"),
}
#: Said after a question about neighbours, so the count matches the game's border rule.
BORDER_NOTE = N_("(Corners and borders only in water do not count.)")
#: The cards whose question is about neighbours.
ABOUT_NEIGHBOURS = ("neighbour_count", "one_neighbour", "neighbour_letter")
#: The clue of a state with no neighbour (Alaska, Hawaii), whatever the card asked.
NO_NEIGHBOUR = N_("My state borders no other state.")
#: The clue of each card, with {answer}; a yes-or-no card has its two sentences. The clues
#: about letters say "English name": the engine checks them on the English names, and a
#: state's name in another language may start with another letter.
CLUES: dict[str, str | tuple[str, str]] = {
    "region": N_("My state is in the {answer} region."),
    "division": N_("My state is in the {answer} division."),
    "one_neighbour": N_("One state that borders mine: {answer}."),
    "neighbour_letter": N_("The English name of a state that borders mine starts with {answer}."),
    "capital_letter": N_("My state's capital starts with {answer}."),
    "name_letter": N_("My state's English name starts with {answer}."),
    "name_last_letter": N_("My state's English name ends with {answer}."),
    "name_words": N_("My state's English name is {answer}."),
    "capital_words": N_("My state's capital is {answer}."),
    "same_letter": (
        N_("My state's English name and its capital start with the same letter."),
        N_("My state's English name and its capital start with different letters."),
    ),
    "coastline": (N_("My state has an ocean coast."), N_("My state has no ocean coast.")),
    "great_lakes": (
        N_("My state touches a Great Lake."),
        N_("My state does not touch a Great Lake."),
    ),
    "borders_canada": (N_("My state borders Canada."), N_("My state does not border Canada.")),
    "borders_mexico": (N_("My state borders Mexico."), N_("My state does not border Mexico.")),
    "other_region": (
        N_("My state borders a state from another region."),
        N_("All the states that border mine are in its own region (or it has none)."),
    ),
    "size_band": N_("My state's size rank is {answer}."),
    "population_band": N_("My state's population rank is {answer}."),
    "statehood_band": N_("My state joined the Union at number {answer}."),
    "big_half": (
        N_("My state is one of the 25 biggest."),
        N_("My state is one of the 25 smallest."),
    ),
    "crowded_half": (
        N_("My state is in the top 25 for people."),
        N_("My state is in the bottom 25 for people."),
    ),
    "century": N_("My state joined the Union in the {answer}."),
    "before_1850": (N_("My state joined before 1850."), N_("My state joined in 1850 or later.")),
    "most_people_nearby": (
        N_("My state has more people than all its neighbours."),
        N_("Some neighbour has more people than my state (or it has no neighbour)."),
    ),
    "biggest_nearby": (
        N_("My state is bigger than all its neighbours."),
        N_("Some neighbour is bigger than my state (or it has no neighbour)."),
    ),
}
#: A clue menu's yes, no and none.
ANSWER_WORDS = {YES: N_("yes"), NO: N_("no"), NONE: N_("none")}


def ask_said(challenge_id: str, english: str) -> str:
    """A GeoChallenge card's question in the page's language (``english``: the engine's)."""
    if language() == "en" or challenge_id not in ASKS:
        return english
    said = _(ASKS[challenge_id])
    return f"{said} {_(BORDER_NOTE)}" if challenge_id in ABOUT_NEIGHBOURS else said


def answer_said(answer: str, cards: Mapping[str, Any]) -> str:
    """A clue's answer in the page's language: yes or no, a region, a band of ranks, a
    century, a number of words, a state's name (letters and numbers stay as they are)."""
    if language() == "en":
        return answer
    if answer in ANSWER_WORDS:
        return _(ANSWER_WORDS[answer])
    if answer in REGION_WORDS:
        return region_word(answer)
    words = answer.split()
    if len(words) == 3 and words[1] == "to" and words[0].isdigit() and words[2].isdigit():
        return _("{low} to {high}").format(low=words[0], high=words[2])
    if answer.endswith("00s") and answer[:-1].isdigit():
        start = int(answer[:-1])
        return _("the years {start} to {end}").format(start=start, end=start + 99)
    if answer == "one word":
        return _("one word")
    if len(words) == 2 and words[1] == "words" and words[0].isdigit():
        return _("{n} words").format(n=words[0])
    for code, card in cards.items():
        if card["name"] == answer:
            return place_name("state", code, answer)
    return answer


def clue_said(clue: Mapping[str, Any], cards: Mapping[str, Any]) -> str:
    """One clue in the page's language, from the view's ``{"challenge", "answer", "text"}``
    (its ``text`` is the engine's English sentence, which an English page shows)."""
    cid, answer = clue["challenge"], str(clue["answer"])
    if language() == "en":
        return str(clue["text"])
    if cid in ABOUT_NEIGHBOURS and answer in (NONE, "0"):
        return _(NO_NEIGHBOUR)
    if cid in ("neighbour_count", "time_zones", "name_length", "capital_length"):
        n = int(answer)
        return {
            "neighbour_count": ngettext(
                "My state borders {n} other state.", "My state borders {n} other states.", n
            ),
            "time_zones": ngettext(
                "My state has {n} time zone.", "My state has {n} time zones.", n
            ),
            "name_length": ngettext(
                "My state's English name has {n} letter.",
                "My state's English name has {n} letters.",
                n,
            ),
            "capital_length": ngettext(
                "My state's capital has {n} letter.", "My state's capital has {n} letters.", n
            ),
        }[cid].format(n=n)
    say = CLUES.get(cid)
    if isinstance(say, tuple):
        return _(say[0] if answer == YES else say[1])
    if isinstance(say, str):
        return _(say).format(answer=answer_said(answer, cards))
    return str(clue["text"])


def clue_texts(view: View, clues: list[Mapping[str, Any]]) -> list[str]:
    """The clue sentences of a list of view clues, in the page's language."""
    return [clue_said(c, view["cards"]) for c in clues]
