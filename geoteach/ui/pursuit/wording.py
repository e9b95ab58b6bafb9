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

from geoteach.data.place_names import place_name, region_name
from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.geography_pursuit.board import CATEGORIES, SPACES
from geoteach.games.table import Table
from geoteach.i18n import N_, _, list_words, ngettext
from geoteach.quiz.answers import said_answers
from geoteach.quiz.places import place_kind, question_places
from geoteach.quiz.question import LEVELS, Question
from geoteach.render.pursuit_pieces import chip, die_html
from geoteach.ui import aloud
from geoteach.ui.theme import is_you, seat_badge

View = Mapping[str, Any]

#: What a player reads when the clock runs out on a question (translated where shown).
TIME_UP = N_("Time is up: the answer counts as wrong.")

#: The step in the hub before all six wedges (translated where shown: ``wild_hub_html``).
WILD_HUB = N_(
    "The hub is a <b>wild space</b>: before you have all six wedges, "
    "you choose the category of your question."
)

#: The U.S. Census regions and divisions of the state table, for the catalogs.
CENSUS_WORDS = (
    N_("Midwest"),
    N_("Northeast"),
    N_("South"),
    N_("West"),
    N_("East North Central"),
    N_("West North Central"),
    N_("Middle Atlantic"),
    N_("New England"),
    N_("East South Central"),
    N_("South Atlantic"),
    N_("West South Central"),
    N_("Mountain"),
    N_("Pacific"),
)


def _who(table: Table, seat: int, you: str, other: str, badge: bool = True, **values: Any) -> str:
    """A whole sentence about a seat, in the page's language: ``you`` for a student alone
    ("{player} win", since "You win" is not "You wins"), else ``other``, both with the seat as
    ``{player}`` (its badge in HTML, or its plain name: ``badge=False``). With a badge the
    sentence is HTML: its words are escaped here, ``values`` must be HTML already."""
    template = _(you) if is_you(table, seat) else _(other)
    if badge:
        return html_text(template).format(player=seat_badge(table, seat), **values)
    return template.format(player=table.seats[seat].name, **values)


def _say(sentence: str, **values: Any) -> str:
    """A sentence of the catalog (translated) as HTML: its own words escaped, ``values`` HTML
    already."""
    return html_text(sentence).format(**values)


def wild_hub_html() -> str:
    """The step in the hub before all six wedges, in the page's language."""
    return f"<p>{_(WILD_HUB)}</p>"


def describe_space(space_id: str, categories: Sequence[str]) -> str:
    """A space in words for a button: "Physical World headquarters", "Roll again", ..."""
    space = SPACES[space_id]
    kind, a, b = space.place
    if space.kind == "hub":
        return _("The hub")
    if kind == "spoke":
        where = _("spoke {spoke}, {out} out").format(spoke=a + 1, out=b)
    else:
        where = _("ring space {number}").format(number=a + 1)
    if space.kind == "roll_again":
        return _("Roll again ({where})").format(where=where)
    if space.category is None:  # only the hub and "roll again", answered above, have none
        raise ValueError(f"space {space.id} has no category")
    name = categories[space.category]
    if space.kind == "headquarters":
        return _("{category} headquarters").format(category=name)
    return _("{category} ({where})").format(category=name, where=where)


def spaces(roll: int) -> str:
    """ "1 space" / "4 spaces"."""
    return ngettext("{n} space", "{n} spaces", roll).format(n=roll)


# ----- who has won -----------------------------------------------------------------------------
def winners_of(view: View) -> list[int]:
    """The winners: all of them in seat order once the game is over, else those so far."""
    return sorted(view["winners"]) if view["phase"] == "over" else list(view["winners"])


def _winners(view: View, table: Table, one: tuple[str, str], many: str, badge: bool) -> str:
    """A sentence about the winners: ``one`` (the "you" and the other form) for one winner,
    ``many`` (with ``{players}``) for several; HTML with badges, or plain text."""
    winners = winners_of(view)
    if len(winners) == 1:
        return _who(table, winners[0], *one, badge=badge)
    if badge:
        names = list_words([seat_badge(table, s) for s in winners], "and")
        return html_text(_(many)).format(players=names)
    return _(many).format(players=list_words([table.name_of(s) for s in winners], "and"))


def winners_text(view: View, table: Table) -> str:
    """ "Ana wins the game!" / "You win the game!" / "Ana and Ben win the game!", plain text."""
    one = (N_("{player} win the game!"), N_("{player} wins the game!"))
    return _winners(view, table, one, N_("{players} win the game!"), badge=False)


def winners_html(view: View, table: Table) -> str:
    """ "Ana wins the game!" / "You win the game!", with the seats' badges."""
    one = (N_("{player} win the game!"), N_("{player} wins the game!"))
    return _winners(view, table, one, N_("{players} win the game!"), badge=True)


def over_html(view: View, table: Table) -> str:
    """The last step: who won, and how to play again."""
    one = (
        N_("{player} win the game with all six wedges and the final question."),
        N_("{player} wins the game with all six wedges and the final question."),
    )
    many = N_("{players} win the game with all six wedges and the final question.")
    button = html_text(_("New game"))
    again = _say(_("Press {button} to play again."), button=f"<b>{button}</b>")
    return (
        f"<p style='font-size:1.3em'><b>{_winners(view, table, one, many, badge=True)}</b></p>"
        f"<p>{again}</p>"
    )


def tie_words(view: View, table: Table) -> str:
    """The rulebook's first-turn win: who has not played yet may try to tie."""
    winner = table.name_of(view["winners"][0])
    waiting = [view["player"], *view["tie_chance"]]
    names = list_words([table.name_of(s) for s in waiting], "and")
    if len(waiting) == 1:
        said = _(
            "{winner} won on the first turn, so {players}, who has not had a turn yet, gets "
            "one turn to tie the game."
        )
    else:
        said = _(
            "{winner} won on the first turn, so {players}, who have not had a turn yet, get "
            "one turn each to tie the game."
        )
    return said.format(winner=winner, players=names)


# ----- the banner: who must act and what to do -------------------------------------------------
def _turn(text: str) -> str:
    return f'<span class="gt-turn">{text}</span>'


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
        again = html_text(_("Press New game to play again."))
        return f"{_turn(winners_html(view, table))} {again}"
    seat, phase = view["player"], view["phase"]
    if waiting_for is not None:
        read = html_text(_("Read the result, then press Continue."))
        after = _say(_("{player} plays next."), player=seat_badge(table, waiting_for))
        return f"{_turn(read)} {after}"
    acting = view["to_act"]
    if phase == "vote":
        voters = list_words([seat_badge(table, s) for s in acting], "and")
        said = _say(
            _("{players}: choose the category of {name}'s final question."),
            players=voters,
            name=html_text(table.name_of(seat)),
        )
        return _turn(said)
    category = categories[view["question"]["category"]] if view.get("question") else ""
    final = bool(view["question"]["final"]) if view.get("question") else False
    if phase == "question" and aloud_page:
        if final:
            question = _("the game-winning {category} question").format(category=category)
        else:
            question = _("the {category} question").format(category=category)
        return aloud.banner_html(table, seat, question, aloud_page)
    if acting and acting[0] in computers:
        playing = _say(_("{player} is playing."), player=seat_badge(table, seat))
        watch = html_text(_("Watch the board."))
        return f"{_turn(playing)} {watch}"
    if phase == "roll":
        return _turn(
            _who(
                table,
                seat,
                N_("▶ Your turn: roll the die."),
                N_("▶ {player}, your turn: roll the die."),
            )
        )
    if phase == "move":
        roll = view["roll"]
        if interactive:
            you = N_("▶ You rolled a {roll}: click a lit space on the board to move {spaces}.")
            other = N_(
                "▶ {player} rolled a {roll}: click a lit space on the board to move {spaces}."
            )
        else:
            you = N_("▶ You rolled a {roll}: pick a space to move {spaces}.")
            other = N_("▶ {player} rolled a {roll}: pick a space to move {spaces}.")
        return _turn(_who(table, seat, you, other, roll=roll, spaces=html_text(spaces(roll))))
    if phase == "choose_category":
        return _turn(
            _who(
                table,
                seat,
                N_("▶ You are in the hub: choose the category of the question."),
                N_("▶ {player} is in the hub: choose the category of the question."),
            )
        )
    if final:
        said = _say(
            _("▶ {player}: answer the game-winning {category} question."),
            player=seat_badge(table, seat),
            category=html_text(category),
        )
    else:
        said = _say(
            _("▶ {player}: answer the {category} question."),
            player=seat_badge(table, seat),
            category=html_text(category),
        )
    return _turn(said)


# ----- the step to take ------------------------------------------------------------------------
def computer_step_html(view: View, table: Table, *, held: bool) -> str:
    """The step while a computer plays (or plays next, once the verdict has been read)."""
    die = die_html(view["roll"], 56) + " " if view["roll"] else ""
    tie = f"<p>{html_text(tie_words(view, table))}</p>" if view["winners"] else ""
    if held:
        doing = N_("{player} plays next, once the result has been read (Continue).")
    else:
        doing = N_("{player} is playing…")
    return f"<p>{die}{_say(_(doing), player=seat_badge(table, view['player']))}</p>{tie}"


def roll_html(view: View, table: Table, last: Action | None) -> str:
    """What to know before rolling (``last``: the move made before, if any)."""
    seat = view["player"]
    if view["winners"]:
        return f"<p>{html_text(tie_words(view, table))}</p>"
    if view["must_leave"][seat]:
        if view["positions"][seat] == "hub":
            leave = _("Your token must leave the hub now and may come back later.")
        else:
            leave = _("Your token must leave this headquarters now and may come back later.")
        return f"<p>{html_text(leave)}</p>"
    if len(view["wedges"][seat]) == CATEGORIES:
        return (
            "<p>"
            + html_text(_("You have all six wedges: reach the hub with an exact roll."))
            + "</p>"
        )
    last = last or {}
    if last.get("type") == "move" and SPACES[last["to"]].kind == "roll_again":
        said = _who(
            table,
            seat,
            N_("{player} land on Roll again: one more roll."),
            N_("{player} lands on Roll again: one more roll."),
        )
        return f"<p>{said}</p>"
    return ""


def move_html(view: View, table: Table, *, interactive: bool) -> str:
    """The die rolled, shown big, and how to move."""
    roll, seat = view["roll"], view["player"]
    if interactive:
        how = N_(
            "Move exactly {spaces} in one direction: click a lit space (dashed ring) on the "
            "board, or pick it here."
        )
    else:
        how = N_(
            "Move exactly {spaces} in one direction: pick one of the lit spaces (dashed rings "
            "on the board)."
        )
    rolled = _who(
        table, seat, N_("You rolled a {roll}."), N_("{player} rolled a {roll}."), roll=roll
    )
    lines = [
        f'<div style="display:flex;align-items:center;gap:12px">{die_html(roll)}'
        f'<span style="font-size:1.3em"><b>{rolled}</b></span></div>',
        f"<p>{_say(_(how), spaces=html_text(spaces(roll)))}</p>",
    ]
    if len(view["wedges"][seat]) == CATEGORIES and "hub" not in view["destinations"]:
        out = _(
            "The hub is out of reach with this roll: land on a space, answer its question "
            "right and roll again."
        )
        lines.append(f"<p>{html_text(out)}</p>")
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
        "<p>"
        + _(
            "<b>{name} has all six wedges and is in the hub.</b> For the game-winning question the "
            "<b>other players choose the category</b> (the rulebook: by agreement or a vote; "
            "here the most votes win and a tie is drawn by lot). Pick the category you think "
            "{name} knows least. Right, and {name} wins; wrong, and {name} must leave the hub "
            "and come back."
        ).format(name=name)
        + "</p>"
    )
    if cast:
        votes = _say(_("Votes so far: {votes}."), votes="; ".join(cast))
        text += f"<p>{votes}</p>"
    yours = _say(_("▶ {player}, your vote:"), player=seat_badge(table, voter))
    return text + f"<p>{yours}</p>"


def question_head(view: View, categories: Sequence[str]) -> str:
    """The card's category (its colour chip) and level; "the game-winning question" if so."""
    asked = view["question"]
    level = int(asked["level"])
    head = _say(
        _("{category} · level {level} ({name})"),
        category=chip(asked["category"], categories),
        level=level,
        name=html_text(_(LEVELS[level])),
    )
    if asked["final"]:
        head = _("<b>The game-winning question</b>, chosen by the others: {head}").format(head=head)
    return head


def thinking_html(view: View, table: Table, categories: Sequence[str]) -> str:
    """A computer's question: the card's head and prompt while it thinks."""
    prompt = html_text(view["question"]["prompt"])
    thinking = _say(_("{player} is thinking…"), player=seat_badge(table, view["player"]))
    return (
        f"<p>{question_head(view, categories)}</p><p style='font-size:1.15em'>{prompt}</p>"
        f"<p>{thinking}</p>"
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
        talk = (
            _("Your team may talk it over.")
            if consultation
            else _("Answer without talking it over.")
        )
        notes.append(f"<p>{html_text(talk)}</p>")
    if honor:
        aloud_note = _("Answer out loud. Another player reveals the answer and marks it.")
        notes.append(f"<p>{html_text(aloud_note)}</p>")
    return "".join(notes)


# ----- the computers' moves, after they were made ----------------------------------------------
def question_words(view: View) -> str:
    """The card now asked, in quotes ("" when none is)."""
    asked = view["question"]
    return "" if asked is None else _("“{prompt}”").format(prompt=asked["prompt"])


def answer_words(view: View, table: Table, categories: Sequence[str], new_wedge: bool) -> str:
    """A computer's answer in the log: right or wrong, the answer, what follows."""
    last = view["last"]
    seat = last["seat"]
    name = table.name_of(seat)
    if last["correct"]:
        if view["phase"] == "over" or seat in view["winners"]:
            said = _("{player} answers the final question right ({answer}) and wins!")
            return said.format(player=name, answer=last["answer"])
        if new_wedge:
            said = _("{player} answers right ({answer}) and wins the {category} wedge!")
            return said.format(
                player=name, answer=last["answer"], category=categories[last["category"]]
            )
        return _("{player} answers right: {answer}.").format(player=name, answer=last["answer"])
    if last["answer"]:
        said = _("{player} answers wrong. The answer: {answer}.")
        return said.format(player=name, answer=last["answer"])
    return _("{player} answers wrong.").format(player=name)


def move_words(
    action: Action, view: View, table: Table, categories: Sequence[str], new_wedge: bool = False
) -> str:
    """A computer's move in one sentence, from the view just after it (``new_wedge``: the move
    won a wedge). ``categories`` are the names shown; a move names a category by the game's."""
    seat, kind, phase = action["player"], action["type"], view["phase"]
    name = table.name_of(seat)
    if kind == "roll":
        return _("{player} rolls a {roll}.").format(player=name, roll=view["roll"])
    if kind == "move":
        space = SPACES[action["to"]]
        if space.kind == "roll_again":
            return _("{player} lands on Roll again: one more roll.").format(player=name)
        if phase == "choose_category":
            return _("{player} lands in the hub and picks a category.").format(player=name)
        if phase == "vote":
            said = _(
                "{player} reaches the hub with all six wedges! The others choose the final "
                "category."
            )
            return said.format(player=name)
        where = describe_space(action["to"], categories)
        said = _("{player} moves to {space}: {question}")
        return said.format(player=name, space=where, question=question_words(view))
    if kind == "choose":
        said = _("{player} picks {category}: {question}")
        return said.format(
            player=name, category=_(action["category"]), question=question_words(view)
        )
    if kind == "vote":
        if phase == "question":
            said = _("{player} votes for {category}. The final question is on {final}.")
            final = categories[view["question"]["category"]]
            return said.format(player=name, category=_(action["category"]), final=final)
        return _("{player} votes for {category}.").format(
            player=name, category=_(action["category"])
        )
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
    """ "Kenya is in Eastern Africa. Cuba is in the Caribbean, in North America." from the data,
    the places named in the page's language."""
    from geoteach.data.figures import country_rows
    from geoteach.data.rows import state_rows  # no pandas (issue 24)

    sentences = []
    table = country_rows()
    for iso3 in countries:
        row = table[iso3]
        region, continent = str(row["region"]), str(row["continent"])
        if continent in region:
            said = _("{country} is in {region}.")
        elif region == "Caribbean":
            said = _("{country} is in the {region}, in {continent}.")
        else:
            said = _("{country} is in {region}, in {continent}.")
        country = place_name("country", iso3, str(row["name"]))
        sentences.append(
            said.format(
                country=country, region=region_name(region), continent=region_name(continent)
            )
        )
    usa = state_rows()
    for usps in states:
        row = usa[usps]
        said = _("{state} is in the {division} division of the {region}.")
        sentences.append(
            said.format(
                state=place_name("state", usps, str(row["name"])),
                division=_(str(row["division"])),
                region=_(str(row["region"])),
            )
        )
    return " ".join(sentences)


def fact_text(question: Question, countries: Sequence[str], states: Sequence[str]) -> str:
    """One true sentence from the data about the card's answer (or its first place)."""
    from geoteach import data
    from geoteach.quiz.facts import country_fact, state_fact

    about = None
    with contextlib.suppress(LookupError):
        about = data.find_country(question.answer)
    if about is not None and about in countries:
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
    name = table.name_of(seat)
    given = ""
    if picked is not None:
        given = " " + (
            _("{player}'s answer: {answer}.").format(player=name, answer=picked)
            if elsewhere
            else _("Your answer: {answer}.").format(answer=picked)
        )
    lines = [f"{asked.prompt}{given}"]
    answer = where = fact = ""
    if last["answer"] is not None:
        answer = _("The answer: {answer}").format(answer=said_answers(asked))
        if asked.explanation:
            lines.append(asked.explanation)
        countries, states = card_places(asked)
        where, fact = where_text(countries, states), fact_text(asked, countries, states)
    else:
        lines.append(_("The right answer is not read out after a wrong one (house rule)."))
    if last["correct"]:
        if seat in view["winners"]:
            headline = _who(
                table,
                seat,
                N_("Right! {player} win the game!"),
                N_("Right! {player} wins the game!"),
                badge=False,
            )
            if not over:
                lines.insert(0, tie_words(view, table))
        elif new_wedge:
            headline = _who(
                table,
                seat,
                N_("Right! {player} win the {category} wedge ({wedges} of 6). Roll again."),
                N_("Right! {player} wins the {category} wedge ({wedges} of 6). Roll again."),
                badge=False,
                category=categories[last["category"]],
                wedges=len(view["wedges"][seat]),
            )
        else:
            headline = _("Right! Roll again.")
    else:
        late = last["message"].startswith("Time")  # the engine's record, in English
        where_now = SPACES[view["positions"][seat]].kind
        if where_now == "hub":
            lines.insert(0, _("The token must leave the hub on the next turn."))
        elif where_now == "headquarters":
            lines.insert(0, _("The token must leave this headquarters on the next turn."))
        if over:
            headline = _("Time is up.") if late else _("Not quite.")
        else:
            said = (
                _("Time is up. Now it is {player}'s turn.")
                if late
                else _("Not quite. Now it is {player}'s turn.")
            )
            headline = said.format(player=table.name_of(view["player"]))
    details = {
        "correct": last["correct"],
        "answer": answer,
        "where": where,
        "fact": fact,
        "lines": lines,
    }
    return headline, details


# ----- under the board -------------------------------------------------------------------------
def history_html(news: Sequence[Any]) -> str:
    """The table's recent events, newest last (secondary: under the board), in the page's
    language (``news_line``)."""
    if not news:
        return ""
    items = "".join(f"<li>{html_text(news_line(line))}</li>" for line in news)
    summary = html_text(_("What happened"))
    return f"<details><summary>{summary}</summary><ol>{items}</ol></details>"


def news_line(line: Any) -> str:
    """One line of the game's news in the page's language: the engine keeps each as its
    English sentence and the values that fill it (``GeographyPursuit._news``), so every page
    says it in its own language; a category is named as the page names it."""
    if isinstance(line, str):  # a game saved before the news kept their values
        return line
    values = dict(line.get("values", {}))
    for key in ("category", "final"):
        if key in values:
            values[key] = _(values[key])
    return _(line["text"]).format(**values)


def rules_html(options: Mapping[str, Any], teams: bool = False) -> str:
    """How to win and the house rules of this game in words, under the board."""
    limit = options.get("time_limit")
    rules = [
        _("Answers must be exact.")
        if options.get("precision") == "strict"
        else _("Small typos are forgiven."),
        ngettext("{n} second per question.", "{n} seconds per question.", limit).format(n=limit)
        if limit
        else _("No time limit."),
        _("The right answer is read out after a wrong one.")
        if options.get("reveal_answer", True)
        else _("The right answer is not read out after a wrong one."),
    ]
    if teams:
        rules.append(
            _("Team members may talk it over.")
            if options.get("consultation", True)
            else _("Team members answer without talking it over.")
        )
    how = [
        _(
            "Roll the die and move exactly that many spaces in one direction, along the ring or "
            "a spoke (never forward and back in one move)."
        ),
        _(
            "Answer the question of the colour you land on. Right: roll again. Wrong: the next "
            "player's turn. Roll again spaces give one more roll."
        ),
        _("Answer right in a headquarters (the big hexagons) to win its wedge."),
        _("Before you have all six wedges the hub is a wild space: you pick the category."),
        _(
            "With all six wedges, reach the hub with an exact roll. The other players then "
            "choose the category of the final question. Answer it right to win."
        ),
    ]
    items = "".join(f"<li>{html_text(r)}</li>" for r in how)
    house = "".join(f"<li>{html_text(r)}</li>" for r in rules)
    how_to_play, house_rules = html_text(_("How to play")), html_text(_("House rules"))
    return (
        f"<details><summary>{how_to_play}</summary><ul>{items}</ul></details>"
        f"<details><summary>{house_rules}</summary><ul>{house}</ul></details>"
    )
