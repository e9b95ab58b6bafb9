"""What the Global Pursuit screen says: pure functions from a view or a move to a sentence.

Every sentence of the screen is made here, from the engine's ``view`` (or a move, or the last
verdict in the view's ``last``) and the table's names; nothing here touches a widget, so the
functions are tested without one and a translator would find every sentence in one file. A
name a person typed reaches HTML only through ``html_text`` (``seat_badge`` escapes its own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geoteach.escape import html_text
from geoteach.games.global_pursuit.engine import (
    CHALLENGE_POINTS,
    LEFT_IN_HAND,
    ONE_MAP,
    tokens_text,
)
from geoteach.games.global_pursuit.layout import SET_NAMES, card_name
from geoteach.games.table import Table
from geoteach.quiz.answers import said_answers
from geoteach.quiz.question import Question
from geoteach.render.globe_cards import SlotMark
from geoteach.ui import aloud as said_aloud
from geoteach.ui.shell import number_text
from geoteach.ui.theme import does_text, is_you, seat_badge

View = Mapping[str, Any]

#: What a player reads when the clock runs out on a turn.
TIME_UP = "Time is up: your turn ends."
#: How a person reads each step (``{who}`` is "Your turn" or "Ana's turn").
STEPS = {
    "match": "{who}: lay a card of your hand on a numbered place.",
    "roll": "{who}: a ROLL card! Roll the die.",
    "level": "{who}: choose a level for the {deck} question.",
    "answer": "{who}: answer the {deck} question.",
    "wild": "{who}: right! Try the WILD CARD flag question, or not.",
    "return": "Nobody matched this round: {who} gives back one card.",
}
#: The guard's note on the board while the hands are hidden (several people at the screen).
HIDDEN_HANDS = "<p><i>The cards in the hands are hidden.</i></p>"


def first_up(text: str) -> str:
    """ "your turn" -> "Your turn" (``str.capitalize`` would make "McKay" "Mckay")."""
    return text[:1].upper() + text[1:]


def whose(table: Table, seat: int) -> str:
    """ "your" or "Ana's"."""
    return "your" if is_you(table, seat) else f"{table.name_of(seat)}'s"


def scores_words(table: Table, seat: int) -> str:
    """ "Ana scores" / "you score", in the middle of a sentence."""
    words = does_text(table, seat, "scores", "score")
    return f"you{words[3:]}" if is_you(table, seat) else words


def news_since(seen: Sequence[str], news: Sequence[str]) -> list[str]:
    """The lines of ``news`` added since ``seen`` (the engine keeps only the last few)."""
    for added in range(len(news) + 1):
        kept = len(news) - added
        if kept <= len(seen) and list(seen[len(seen) - kept :]) == list(news[:kept]):
            return list(news[kept:])
    return list(news)


# ----- the start, the banner ------------------------------------------------------------------
def who_starts(view: View, table: Table) -> str:
    """The rulebook's start: everyone rolls the die, the highest number starts."""
    rolls = view["first_rolls"]
    last = ", ".join(f"{table.name_of(s)} {v}" for s, v in rolls[-1])
    again = " (after a tie, again)" if len(rolls) > 1 else ""
    first = view["round"]["first"]
    return f"Everyone rolls the die{again}: {last}. {does_text(table, first, 'starts', 'start')}."


def round_head(view: View) -> str:
    """The banner's first line: the round, the cards on the table and in the draw pile."""
    laid, pile = len(view["table"]), view["draw_pile"]
    return (
        f"Round {view['round']['number']} · {laid} card{'s' * (laid != 1)} on the table · "
        f"{pile} in the draw pile"
    )


def acting_badges(table: Table, seats: Sequence[int]) -> str:
    """ "Ana and Ben" as badges: who must act now."""
    return " and ".join(seat_badge(table, s) for s in seats)


def turn_words(table: Table, seat: int) -> str:
    """ "Your turn" or "Ana's turn" (a badge)."""
    badge = seat_badge(table, seat)
    return "Your turn" if is_you(table, seat) else f"{badge}'s turn"


def task_text(
    view: View, table: Table, person: int | None, reader: int | None, verdict_open: bool
) -> str:
    """Who must act now and what to do, in words (``person``: the person to act, None when
    the computers must; ``reader``: whom an open verdict speaks to)."""
    phase, acting = view["phase"], view["to_act"]
    if verdict_open and reader is not None:
        who = "You" if is_you(table, reader) else seat_badge(table, reader)
        return f"{who}: read the verdict, then press Continue."
    if phase == "challenge":
        if person is not None:
            layer = view["turn_of"]
            return f"{seat_badge(table, layer)} laid a card. Challenge it, or let it stand?"
        verb = "looks" if len(acting) == 1 else "look"
        return f"{acting_badges(table, acting)} {verb} at the card just laid…"
    if person is None:
        return f"{acting_badges(table, acting)} {'is' if len(acting) == 1 else 'are'} playing…"
    trivia = view["trivia"] or {}
    return STEPS[phase].format(
        who=turn_words(table, person), deck=html_text(trivia.get("deck_name", ""))
    )


def question_words(trivia: Mapping[str, Any]) -> str:
    """ "the Planet Earth question" (HTML), as a banner names the question being asked."""
    return f"the {html_text(trivia.get('deck_name', ''))} question"


def playing_html(table: Table, seats: Sequence[int]) -> str:
    """The controls while the computers play."""
    verb = "is" if len(seats) == 1 else "are"
    return f"<p><i>{acting_badges(table, seats)} {verb} playing…</i></p>"


# ----- the controls of each step -----------------------------------------------------------------
def place_label(view: View, mark: SlotMark) -> str:
    """A numbered place as the Place menu lists it: "3: beside Planet Earth card 8, its edge 2"."""
    beside = card_name(view["table"][mark.index]["card"])
    return f"{mark.number}: beside {beside}, its edge {mark.edge + 1}"


MATCH_STEP = (
    "<p>Choose a card of your hand, then a numbered place (click them, or pick them "
    "below): a faded copy shows where it would lie. Choose the edge that should touch "
    "(click it, or its number below), then <b>Lay the card</b>.</p>"
)
RETURN_STEP = (
    "<p><b>Nobody matched this round.</b> Choose one card to give back (click it "
    "or pick it below); you draw a new one.</p>"
)
CHALLENGE_STEP = (
    "<p>Look at the joint up close under the table: do the coasts, the Equator "
    "and the tropics go on from one card to the other?</p>"
)
ROLL_STEP = "<p>This trivia card has a <b>ROLL</b> symbol: roll the die.</p>"
WILD_STEP = (
    "<p>Right! This card has a <b>WILD CARD</b> symbol: try a flag question for "
    "more points? A wrong answer costs 1 token.</p>"
)


def question_head(trivia: Mapping[str, Any]) -> str:
    """ "<b>Planet Earth</b> question (ROLL). The die shows 8." (the deck, symbol, die)."""
    die = f" The die shows {trivia['die']}." if trivia["die"] else ""
    symbol = f" ({html_text(trivia['symbol'])})" if trivia["symbol"] else ""
    return f"<b>{html_text(trivia['deck_name'])}</b> question{symbol}.{die}"


def level_step(trivia: Mapping[str, Any], fixed: int | None) -> str:
    """Choosing a level (or, with the fixed levels, being told one's own)."""
    if fixed is not None:
        return (
            f"<p>{question_head(trivia)} Your level is {fixed}: every "
            "right answer is worth 2 points.</p>"
        )
    return (
        f"<p>{question_head(trivia)} Choose a level: 1 point for a "
        "Beginner question, 2 for Intermediate, 3 for Expert.</p>"
    )


def options_html(choices: Sequence[str]) -> str:
    """The options a question names, listed under it when they are not buttons."""
    items = "".join(f"<li>{html_text(c)}</li>" for c in choices)
    return f"<div class='gt-options'><b>The options:</b><ol>{items}</ol></div>"


def asked_html(
    trivia: Mapping[str, Any], table: Table, seats: Sequence[int], aloud: bool = False
) -> str:
    """A class game's pages while a team answers: the question as everyone may see it (no
    answer), its options, and who is answering (``aloud``: out loud, for the teacher to
    mark)."""
    question = trivia.get("question") or {}
    parts = [f"<p>{question_head(trivia)}</p>"]
    if question.get("prompt"):
        parts.append(f"<p style='font-size:1.15em'>{html_text(question['prompt'])}</p>")
    if question.get("choices"):
        parts.append(options_html(question["choices"]))
    if aloud:
        parts.append(said_aloud.waiting_html(table, seats[0]))
    else:
        verb = "is" if len(seats) == 1 else "are"
        parts.append(f"<p><i>{acting_badges(table, seats)} {verb} answering…</i></p>")
    return "".join(parts)


def tokens_html(view: View, table: Table) -> str:
    """Each player's points as tokens (the banker's exchange)."""
    rows = "<br>".join(
        f"{seat_badge(table, s)}: {html_text(tokens_text(p))}" for s, p in enumerate(view["scores"])
    )
    return f"<b>Tokens</b> (the banker changes whites into yellows and blues):<br>{rows}"


def points_html(options: Mapping[str, Any]) -> str:
    """How points are made, as the rulebook counts them (with this game's choices)."""
    bonus = " (+2 when it joins a card of its own set)" if options["maps"] == ONE_MAP else ""
    trivia = (
        "always 2 points"
        if options.get("fixed_levels")
        else "1, 2 or 3 points by level; ROLL adds the die, BONUS ROLL multiplies by it"
    )
    return (
        "<details><summary><b>How points are made</b></summary><ul>"
        f"<li>A card that matches: 2 points{bonus}.</li>"
        f"<li>A right trivia answer: {trivia}.</li>"
        "<li>A right challenge takes 2 points from the player; a wrong one pays 2.</li>"
        "<li>A WILD CARD flag question missed: 1 token back to the bank.</li>"
        f"<li>At the end: {LEFT_IN_HAND} points for each card still in a hand.</li>"
        "</ul></details>"
    )


def cards_fit_caption(set_name: str, n: int, last_card: str) -> str:
    """Under "how the cards fit": how many cards of the set, which, and the last one added."""
    equator = min(n, 6)
    return (
        f"<p>{n} of the 12 {html_text(SET_NAMES[set_name])} cards: {equator} that show the "
        f"Equator{f', then {n - 6} polar' if n > 6 else ''}. The last one added is "
        f"outlined in blue: {html_text(card_name(last_card))}.</p>"
    )


# ----- what a move led to --------------------------------------------------------------------
def computer_move(action: Mapping[str, Any], table: Table, added: Sequence[str]) -> str:
    """A computer's move in words: our own sentence for it, then the engine's news of it."""
    who = table.name_of(action["player"])
    own = {
        "accept": f"{who} lets the card stand.",
        "level": f"{who} chooses level {action.get('level')}.",
        "wild": f"{who} tries the WILD CARD flag question.",
        "no_wild": f"{who} does not try the WILD CARD question.",
        "return": f"{who} gives back one card and draws a new one.",
    }.get(action["type"])
    return " ".join(([own] if own else []) + list(added))


def until_game_over(added: Sequence[str]) -> tuple[list[str], bool]:
    """The news lines up to "Game over", which reads "The game is over." (and whether it is)."""
    over = next((i for i, line in enumerate(added) if line.startswith("Game over")), None)
    if over is None:
        return list(added), False
    return [*added[:over], "The game is over."], True


def about_a_persons_card(
    kind: str, who: str, layer: int, table: Table, view: View, gained: float
) -> str:
    """A computer's decision (``kind``: "challenge" or "accept") on the card a person laid, in
    that person's words."""
    name = table.name_of(layer)
    its = whose(table, layer)
    if kind == "challenge":
        if (view["last"] or {}).get("challenge") == "right":
            return f"{who} challenges {its} card: it does not match."
        return f"{who} challenges {its} card, but it matches: {who} pays {name} 2."
    if view["phase"] == "challenge":
        return f"{who} lets {its} card stand."
    return f"{who} lets {its} card stand: {scores_words(table, layer)} {number_text(gained)}."


def card_stands(table: Table, layer: int, gained: float) -> str:
    """A person's card was let stand: "The card stands: you score 4."."""
    return f"The card stands: {scores_words(table, layer)} {number_text(gained)}."


def _reasons(last: Mapping[str, Any]) -> list[str]:
    return [f"{why[0].upper()}{why[1:]}." for why in last.get("why", [])]


def own_challenge_verdict(
    table: Table, seat: int, layer: int, last: Mapping[str, Any]
) -> tuple[str, bool, list[str]]:
    """A person challenged ``layer``'s card: the headline, whether they were right, the lines."""
    other = table.name_of(layer)
    if last.get("challenge") == "right":
        return (
            "Right! That card does not match.",
            True,
            [
                *_reasons(last),
                f"{does_text(table, seat, 'takes', 'take')} {CHALLENGE_POINTS} points "
                f"from {other}. The card goes back to {other}'s hand.",
            ],
        )
    return (
        "Not this time: that card matches.",
        False,
        [
            f"{does_text(table, seat, 'pays', 'pay')} {other} "
            f"{CHALLENGE_POINTS} points. Look at the joint: the map goes on."
        ],
    )


def challenged_verdict(
    table: Table, challenger: int, layer: int, last: Mapping[str, Any]
) -> tuple[str, bool, list[str]]:
    """A computer challenged a person's card: what that person reads (headline, whether it
    went their way, the lines)."""
    who = table.name_of(challenger)
    its = whose(table, layer)
    if last.get("challenge") == "right":
        return (
            f"{who} challenges: {its} card does not match.",
            False,
            [
                *_reasons(last),
                f"{does_text(table, layer, 'pays', 'pay')} {who} {CHALLENGE_POINTS} "
                f"points; the card goes back to {its} hand and {its} turn ends.",
            ],
        )
    return (
        f"{who} challenges, but {its} card matches!",
        True,
        [f"{who} pays {CHALLENGE_POINTS} points. Now the trivia question."],
    )


def answer_verdict(
    table: Table,
    seat: int,
    question: Question,
    trivia: Mapping[str, Any],
    view: View,
    gained: float,
    elsewhere: bool = False,
) -> dict[str, Any]:
    """The verdict of ``seat``'s trivia answer: the headline, every answer that counts, the
    lines, where the place is and one fact (``trivia``: the card as it was asked; ``view``:
    after the answer; ``elsewhere``: answered on another device of a class game, so the
    team's answer, not "your" answer). The keywords of ``show_verdict``."""
    last = view["last"] or {}
    right = bool(last.get("correct"))
    lines = [f"The question: {question.prompt}"]
    if not right and last.get("given"):
        said = f"{table.name_of(seat)}'s answer" if elsewhere else "Your answer"
        lines.append(f"{said}: “{last['given']}”")
    if right and trivia.get("symbol") in ("ROLL", "BONUS ROLL") and trivia.get("die"):
        how = "plus" if trivia["symbol"] == "ROLL" else "times"
        lines.append(
            f"{trivia['symbol']} card: the level's points {how} the die ({trivia['die']})."
        )
    if right:
        headline = f"Right! {does_text(table, seat, 'scores', 'score')} {number_text(gained)}."
        goes_on = view["phase"] == "match" and view["turn_of"] == seat
        more = f"{first_up(whose(table, seat))} turn goes on: lay another card." if goes_on else ""
    else:
        headline = "Not this time."
        if trivia.get("wild"):
            headline = "Not this time: 1 token goes back to the bank."
        more = f"{first_up(whose(table, seat))} turn ends."
    lines.append(more)
    where, fact = place_words(question)
    return {
        "headline": headline,
        "correct": right,
        "answer": f"The answer: {said_answers(question)}",
        "lines": lines,
        "where": where,
        "fact": question.explanation or fact,
    }


def place_words(question: Question) -> tuple[str, str]:
    """Where the question's place is, and one fact about it from the data ("", "" if none):
    the place that is the answer when there is one ("Germany", not the "Austria" beside it)."""
    from geoteach.data.figures import country_rows
    from geoteach.data.rows import state_rows  # no pandas (issue 24)
    from geoteach.quiz.facts import country_fact, state_fact
    from geoteach.quiz.places import place_kind, question_places

    def row(code: str) -> Mapping[str, Any]:
        return (country_rows() if place_kind(code) == "country" else state_rows())[code]

    codes = question_places(question)
    names = {c: str(row(c)["name"]) for c in codes}
    codes = sorted(codes, key=lambda c: names[c] not in question.accepted)
    for code in codes:
        if place_kind(code) == "country":
            return f"{names[code]} is in {row(code)['continent']}.", country_fact(code)
        return f"{names[code]} is a U.S. state in the {row(code)['region']}.", state_fact(code)
    return "", ""


def end_lines(view: View, table: Table) -> list[str]:
    """The end: why it ended and what each card left in a hand cost (the engine's points)."""
    lines = [str(view["ended"])]
    for left in view["left_in_hand"]:
        n = left["cards"]
        lines.append(
            f"{does_text(table, left['seat'], 'still holds', 'still hold')} {n} map "
            f"card{'s' * (n != 1)}: {left['points']} points ({LEFT_IN_HAND} for each)."
        )
    return lines
