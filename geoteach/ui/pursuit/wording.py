"""Geography Pursuit in words: every sentence the screen shows, from a view or a move.

Pure functions: each takes the game's ``view`` (``GeographyPursuit.view``), the ``Table`` (names,
"You"), the category names and, for a move, the move itself, and returns a sentence (plain text)
or a few lines of HTML. Nothing here holds a widget or reads the engine, so the wording is
tested without a screen and is the one place a translator would touch.

Names a person typed reach HTML only through ``html_text`` (the seat badges escape theirs).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.geography_pursuit.board import CATEGORIES, SPACES
from geoteach.games.table import Table
from geoteach.quiz.answers import said_answers
from geoteach.quiz.places import place_kind, question_places
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.pursuit_pieces import chip, die_html
from geoteach.ui import aloud
from geoteach.ui.theme import does, does_text, is_you, seat_badge

View = Mapping[str, Any]

#: What a player reads when the clock runs out on a question.
TIME_UP = "Time is up: the answer counts as wrong."

#: The step in the hub before all six wedges.
WILD_HUB = (
    "<p>The hub is a <b>wild space</b>: before you have all six wedges, "
    "you choose the category of your question.</p>"
)


def describe_space(space_id: str, categories: Sequence[str]) -> str:
    """A space in words for a button: "Physical World headquarters", "Roll again", ..."""
    space = SPACES[space_id]
    kind, a, b = space.place
    if space.kind == "hub":
        return "The hub"
    where = f"spoke {a + 1}, {b} out" if kind == "spoke" else f"ring space {a + 1}"
    if space.kind == "roll_again":
        return f"Roll again ({where})"
    name = categories[space.category]
    if space.kind == "headquarters":
        return f"{name} headquarters"
    return f"{name} ({where})"


def spaces(roll: int) -> str:
    """ "1 space" / "4 spaces"."""
    return "1 space" if roll == 1 else f"{roll} spaces"


# ----- who has won -----------------------------------------------------------------------------
def winners_of(view: View) -> list[int]:
    """The winners: all of them in seat order once the game is over, else those so far."""
    return sorted(view["winners"]) if view["phase"] == "over" else list(view["winners"])


def winners_text(view: View, table: Table) -> str:
    """ "Ana wins" / "You win" / "Ana and Ben win", in plain text."""
    winners = winners_of(view)
    if len(winners) == 1:
        return does_text(table, winners[0], "wins", "win")
    return " and ".join(table.name_of(s) for s in winners) + " win"


def winners_html(view: View, table: Table) -> str:
    """ "Ana wins" / "You win" / "Ana and Ben win", with the seats' badges."""
    winners = winners_of(view)
    names = " and ".join(seat_badge(table, s) for s in winners)
    verb = "win" if len(winners) > 1 or is_you(table, winners[0]) else "wins"
    return f"{names} {verb}"


def over_html(view: View, table: Table) -> str:
    """The last step: who won, and how to play again."""
    return (
        f"<p style='font-size:1.3em'><b>{winners_html(view, table)} the game</b> with all six "
        "wedges and the final question.</p><p>Press <b>New game</b> to play again.</p>"
    )


def tie_words(view: View, table: Table) -> str:
    """The rulebook's first-turn win: who has not played yet may try to tie."""
    winner = table.name_of(view["winners"][0])
    waiting = [view["player"], *view["tie_chance"]]
    names = " and ".join(table.name_of(s) for s in waiting)
    if len(waiting) == 1:
        who = f"{names}, who has not had a turn yet, gets one turn"
    else:
        who = f"{names}, who have not had a turn yet, get one turn each"
    return f"{winner} won on the first turn, so {who} to tie the game."


# ----- the banner: who must act and what to do -------------------------------------------------
def prompt_html(
    view: View,
    table: Table,
    categories: Sequence[str],
    *,
    interactive: bool,
    computers: Sequence[int] = (),
    waiting_for: int | None = None,
    aloud_page: str = "",
) -> str:
    """Who must act and what to do, in a sentence.

    ``computers`` are the computer seats; ``waiting_for`` the computer that plays next once the
    verdict on screen has been read (``None`` when nothing waits); ``aloud_page`` which page of
    a class game in honor mode this is while a team says its answer out loud (``aloud``).
    """
    if view["phase"] == "over":
        return (
            f'<span class="gt-turn">{winners_html(view, table)} the game!</span> '
            "Press New game to play again."
        )
    seat, phase = view["player"], view["phase"]
    if waiting_for is not None:
        return (
            '<span class="gt-turn">Read the result, then press Continue.</span> '
            f"{seat_badge(table, waiting_for)} plays next."
        )
    acting = view["to_act"]
    if phase == "vote":
        voters = " and ".join(seat_badge(table, s) for s in acting)
        return (
            f'<span class="gt-turn">{voters}: choose the category of '
            f"{html_text(table.name_of(seat))}'s final question.</span>"
        )
    who = seat_badge(table, seat)
    if phase == "question" and aloud_page:
        category = categories[view["question"]["category"]]
        final = "the game-winning" if view["question"]["final"] else "the"
        question = f"{final} {html_text(category)} question"
        return aloud.banner_html(table, seat, question, aloud_page)
    if acting and acting[0] in computers:
        return f'<span class="gt-turn">{who} is playing.</span> Watch the board.'
    if phase == "roll":
        turn = "Your turn" if is_you(table, seat) else f"{who}, your turn"
        return f'<span class="gt-turn">▶ {turn}: roll the die.</span>'
    if phase == "move":
        roll = view["roll"]
        where = "click a lit space on the board" if interactive else "pick a space"
        return (
            f'<span class="gt-turn">▶ {does(table, seat, "rolled", "rolled")} a {roll}: '
            f"{where} to move {spaces(roll)}.</span>"
        )
    if phase == "choose_category":
        return (
            f'<span class="gt-turn">▶ {does(table, seat, "is", "are")} in the hub: '
            "choose the category of the question.</span>"
        )
    category = categories[view["question"]["category"]]
    final = " the game-winning" if view["question"]["final"] else " the"
    return f'<span class="gt-turn">▶ {who}: answer{final} {html_text(category)} question.</span>'


# ----- the step to take ------------------------------------------------------------------------
def computer_step_html(view: View, table: Table, *, held: bool) -> str:
    """The step while a computer plays (or plays next, once the verdict has been read)."""
    die = die_html(view["roll"], 56) + " " if view["roll"] else ""
    tie = f"<p>{html_text(tie_words(view, table))}</p>" if view["winners"] else ""
    doing = "plays next, once the result has been read (Continue)" if held else "is playing…"
    return f"<p>{die}{seat_badge(table, view['player'])} {doing}</p>{tie}"


def roll_html(view: View, table: Table, last: Action | None) -> str:
    """What to know before rolling (``last``: the move made before, if any)."""
    seat = view["player"]
    if view["winners"]:
        return f"<p>{html_text(tie_words(view, table))}</p>"
    if view["must_leave"][seat]:
        where = "hub" if view["positions"][seat] == "hub" else "headquarters"
        return f"<p>Your token must leave this {where} now and may come back later.</p>"
    if len(view["wedges"][seat]) == CATEGORIES:
        return "<p>You have all six wedges: reach the hub with an exact roll.</p>"
    last = last or {}
    if last.get("type") == "move" and SPACES[last["to"]].kind == "roll_again":
        return f"<p>{does(table, seat, 'lands', 'land')} on Roll again: one more roll.</p>"
    return ""


def move_html(view: View, table: Table, *, interactive: bool) -> str:
    """The die rolled, shown big, and how to move."""
    roll, seat = view["roll"], view["player"]
    how = (
        "click a lit space (dashed ring) on the board, or pick it here"
        if interactive
        else "pick one of the lit spaces (dashed rings on the board)"
    )
    lines = [
        f'<div style="display:flex;align-items:center;gap:12px">{die_html(roll)}'
        f'<span style="font-size:1.3em"><b>{does(table, seat, "rolled", "rolled")} '
        f"a {roll}.</b></span></div>",
        f"<p>Move exactly {spaces(roll)} in one direction: {how}.</p>",
    ]
    if len(view["wedges"][seat]) == CATEGORIES and "hub" not in view["destinations"]:
        lines.append(
            "<p>The hub is out of reach with this roll: land on a space, answer its question "
            "right and roll again.</p>"
        )
    return "".join(lines)


def vote_html(view: View, table: Table, categories: Sequence[str], voter: int) -> str:
    """The category vote explained, the votes cast so far, and whose vote it is."""
    seat = view["player"]
    name = html_text(table.name_of(seat))
    cast = [
        f"{html_text(table.name_of(s))}: {html_text(categories[v])}"
        for s, v in enumerate(view["votes"])
        if v is not None
    ]
    text = (
        f"<p><b>{name} has all six wedges and is in the hub.</b> For the game-winning "
        f"question the <b>other players choose the category</b> (the rulebook: by agreement "
        f"or a vote; here the most votes win and a tie is drawn by lot). Pick the category "
        f"you think {name} knows least. Right, and {name} wins; wrong, and {name} must leave "
        "the hub and come back.</p>"
    )
    if cast:
        text += f"<p>Votes so far: {'; '.join(cast)}.</p>"
    return text + f"<p>▶ {seat_badge(table, voter)}, your vote:</p>"


def question_head(view: View, categories: Sequence[str]) -> str:
    """The card's category (its colour chip) and level; "the game-winning question" if so."""
    asked = view["question"]
    level = int(asked["level"])
    head = f"{chip(asked['category'], categories)} · level {level} ({LEVELS[level]})"
    if asked["final"]:
        head = f"<b>The game-winning question</b>, chosen by the others: {head}"
    return head


def thinking_html(view: View, table: Table, categories: Sequence[str]) -> str:
    """A computer's question: the card's head and prompt while it thinks."""
    prompt = html_text(view["question"]["prompt"])
    return (
        f"<p>{question_head(view, categories)}</p><p style='font-size:1.15em'>{prompt}</p>"
        f"<p>{seat_badge(table, view['player'])} is thinking…</p>"
    )


def aloud_wait_html(view: View, table: Table, categories: Sequence[str]) -> str:
    """Honor mode in a class game, on the other teams' devices and the spectators': the
    question, and who says its answer out loud for the teacher to mark."""
    prompt = html_text(view["question"]["prompt"])
    return (
        f"<p>{question_head(view, categories)}</p><p style='font-size:1.15em'>{prompt}</p>"
        + aloud.waiting_html(table, view["player"])
    )


def question_notes_html(
    view: View,
    table: Table,
    categories: Sequence[str],
    *,
    honor: bool,
    consultation: bool,
) -> str:
    """Above a person's card: its head, whether a team may talk, how honor mode works."""
    notes = [f"<p>{question_head(view, categories)}</p>"]
    if table.seats[view["player"]].members:
        notes.append(
            "<p>Your team may talk it over.</p>"
            if consultation
            else "<p>Answer without talking it over.</p>"
        )
    if honor:
        notes.append("<p>Answer out loud. Another player reveals the answer and marks it.</p>")
    return "".join(notes)


# ----- the computers' moves, after they were made ----------------------------------------------
def question_words(view: View) -> str:
    """The card now asked, in quotes ("" when none is)."""
    asked = view["question"]
    return "" if asked is None else f"“{asked['prompt']}”"


def answer_words(view: View, table: Table, categories: Sequence[str], new_wedge: bool) -> str:
    """A computer's answer in the log: right or wrong, the answer, what follows."""
    last = view["last"]
    seat = last["seat"]
    name = table.name_of(seat)
    if last["correct"]:
        if view["phase"] == "over" or seat in view["winners"]:
            return f"{name} answers the final question right ({last['answer']}) and wins!"
        said = f"{does_text(table, seat, 'answers', 'answer')} right: {last['answer']}."
        if new_wedge:
            wedge = categories[last["category"]]
            said += f" {does_text(table, seat, 'wins', 'win')} the {wedge} wedge!"
        return said
    said = f"{does_text(table, seat, 'answers', 'answer')} wrong."
    if last["answer"]:
        said += f" The answer: {last['answer']}."
    return said


def move_words(
    action: Action, view: View, table: Table, categories: Sequence[str], new_wedge: bool = False
) -> str:
    """A computer's move in one sentence, from the view just after it (``new_wedge``: the move
    won a wedge)."""
    seat, kind, phase = action["player"], action["type"], view["phase"]
    if kind == "roll":
        return f"{does_text(table, seat, 'rolls', 'roll')} a {view['roll']}."
    if kind == "move":
        space = SPACES[action["to"]]
        if space.kind == "roll_again":
            return f"{does_text(table, seat, 'lands', 'land')} on Roll again: one more roll."
        if phase == "choose_category":
            return f"{does_text(table, seat, 'lands', 'land')} in the hub and picks a category."
        if phase == "vote":
            return (
                f"{does_text(table, seat, 'reaches', 'reach')} the hub with all six wedges! "
                "The others choose the final category."
            )
        where = describe_space(action["to"], categories)
        return f"{does_text(table, seat, 'moves', 'move')} to {where}: {question_words(view)}"
    if kind == "choose":
        picks = does_text(table, seat, "picks", "pick")
        return f"{picks} {action['category']}: {question_words(view)}"
    if kind == "vote":
        said = f"{does_text(table, seat, 'votes', 'vote')} for {action['category']}."
        if phase == "question":
            said += f" The final question is on {categories[view['question']['category']]}."
        return said
    if kind == "answer":
        return answer_words(view, table, categories, new_wedge)
    return ""


# ----- the verdict on a person's answer --------------------------------------------------------
def card_places(question: Question) -> tuple[list[str], list[str]]:
    """The countries (ISO3) and U.S. states (USPS) a card is about, for "where" and the fact."""
    codes = question_places(question)
    countries = [c for c in codes if place_kind(c) == "country"]
    return countries, [c for c in codes if place_kind(c) == "state"]


def where_text(countries: Sequence[str], states: Sequence[str]) -> str:
    """ "Kenya is in Eastern Africa. Cuba is in the Caribbean, in North America." from the data."""
    from geoteach.data.figures import country_rows
    from geoteach.data.rows import state_rows  # no pandas (issue 24)

    sentences = []
    table = country_rows()
    for iso3 in countries:
        row = table[iso3]
        region, continent = str(row["region"]), str(row["continent"])
        the = "the " if region == "Caribbean" else ""
        also = "" if continent in region else f", in {continent}"
        sentences.append(f"{row['name']} is in {the}{region}{also}.")
    usa = state_rows()
    for usps in states:
        row = usa[usps]
        sentences.append(
            f"{row['name']} is in the {row['division']} division of the {row['region']}."
        )
    return " ".join(sentences)


def fact_text(question: Question, countries: Sequence[str], states: Sequence[str]) -> str:
    """One true sentence from the data about the card's answer (or its first place)."""
    from geoteach import data
    from geoteach.quiz.facts import country_fact, state_fact

    about = None
    with contextlib.suppress(LookupError):
        about = data.find_country(question.answer)
    if about in countries:
        return country_fact(about, Random(question.id))
    if countries:
        return country_fact(countries[0], Random(question.id))
    if states:
        return state_fact(states[0])
    return ""


def verdict(
    view: View,
    table: Table,
    categories: Sequence[str],
    action: Action,
    asked: Question,
    *,
    picked: str | None = None,
    new_wedge: bool = False,
    elsewhere: bool = False,
) -> tuple[str, dict[str, Any]]:
    """The verdict on a person's answer, from the view just after it: the headline (what
    follows) and the card's details (the right answer in every accepted form, the question and
    the answer given, where the place is and one fact). ``picked``: the option clicked.
    ``elsewhere``: the answer was given on another device (a class game), so it is the
    team's answer, not "your" answer."""
    last, seat = view["last"], action["player"]
    over = view["phase"] == "over"
    picked = action.get("text", picked)
    whose = f"{table.name_of(seat)}'s" if elsewhere else "Your"
    given = f" {whose} answer: {picked}." if picked is not None else ""
    lines = [f"{asked.prompt}{given}"]
    answer = where = fact = ""
    if last["answer"] is not None:
        answer = f"The answer: {said_answers(asked)}"
        if asked.explanation:
            lines.append(asked.explanation)
        countries, states = card_places(asked)
        where, fact = where_text(countries, states), fact_text(asked, countries, states)
    else:
        lines.append("The right answer is not read out after a wrong one (house rule).")
    if last["correct"]:
        if seat in view["winners"]:
            headline = f"Right! {does_text(table, seat, 'wins', 'win')} the game!"
            if not over:
                lines.insert(0, tie_words(view, table))
        elif new_wedge:
            wedges = len(view["wedges"][seat])
            category = categories[last["category"]]
            won = does_text(table, seat, "wins", "win")
            headline = f"Right! {won} the {category} wedge ({wedges} of 6). Roll again."
        else:
            headline = "Right! Roll again."
    else:
        headline = "Time is up." if last["message"].startswith("Time") else "Not quite."
        where_now = SPACES[view["positions"][seat]].kind
        if where_now in ("headquarters", "hub"):
            place = "hub" if where_now == "hub" else "headquarters"
            lines.insert(0, f"The token must leave this {place} on the next turn.")
        if not over:
            headline += f" Now it is {table.name_of(view['player'])}'s turn."
    details = {
        "correct": last["correct"],
        "answer": answer,
        "where": where,
        "fact": fact,
        "lines": lines,
    }
    return headline, details


# ----- under the board -------------------------------------------------------------------------
def history_html(news: Sequence[str]) -> str:
    """The table's recent events, newest last (secondary: under the board)."""
    if not news:
        return ""
    items = "".join(f"<li>{html_text(line)}</li>" for line in news)
    return f"<details><summary>What happened</summary><ol>{items}</ol></details>"


def rules_html(options: Mapping[str, Any], teams: bool = False) -> str:
    """How to win and the house rules of this game in words, under the board."""
    limit = options.get("time_limit")
    rules = [
        "Answers must be exact."
        if options.get("precision") == "strict"
        else "Small typos are forgiven.",
        f"{limit} seconds per question." if limit else "No time limit.",
        "The right answer is read out after a wrong one."
        if options.get("reveal_answer", True)
        else "The right answer is not read out after a wrong one.",
    ]
    if teams:
        rules.append(
            "Team members may talk it over."
            if options.get("consultation", True)
            else "Team members answer without talking it over."
        )
    how = [
        "Roll the die and move exactly that many spaces in one direction, along the ring or a "
        "spoke (never forward and back in one move).",
        "Answer the question of the colour you land on. Right: roll again. Wrong: the next "
        "player's turn. Roll again spaces give one more roll.",
        "Answer right in a headquarters (the big hexagons) to win its wedge.",
        "Before you have all six wedges the hub is a wild space: you pick the category.",
        "With all six wedges, reach the hub with an exact roll. The other players then choose "
        "the category of the final question. Answer it right to win.",
    ]
    items = "".join(f"<li>{html_text(r)}</li>" for r in how)
    house = "".join(f"<li>{html_text(r)}</li>" for r in rules)
    return (
        f"<details><summary>How to play</summary><ul>{items}</ul></details>"
        f"<details><summary>House rules</summary><ul>{house}</ul></details>"
    )
