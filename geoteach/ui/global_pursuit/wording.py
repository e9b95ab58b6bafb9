"""What the Global Pursuit screen says: pure functions from a view or a move to a sentence.

Every sentence of the screen is made here, from the engine's ``view`` (or a move, or the last
verdict in the view's ``last``) and the table's names; nothing here touches a widget, so the
functions are tested without one and a translator would find every sentence in one file. A
name a person typed reaches HTML only through ``html_text`` (``seat_badge`` escapes its own).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geoteach.data.place_names import place_name, region_name
from geoteach.escape import html_text
from geoteach.games.global_pursuit.engine import (
    CHALLENGE_POINTS,
    LEFT_IN_HAND,
    ONE_MAP,
    TOKENS,
    bank_tokens,
)
from geoteach.games.global_pursuit.layout import SET_NAMES, parse_card
from geoteach.games.table import Table
from geoteach.i18n import N_, _, list_words, ngettext
from geoteach.quiz.answers import said_answers
from geoteach.quiz.question import Question
from geoteach.render.globe_cards import SlotMark
from geoteach.ui import aloud as said_aloud
from geoteach.ui.shell import number_text
from geoteach.ui.theme import is_you, seat_badge

View = Mapping[str, Any]

#: What a player reads when the clock runs out on a turn (translated where shown).
TIME_UP = N_("Time is up: your turn ends.")
#: How a person reads each step: the sentence for a student alone ("you") and for a named
#: seat (``{player}``, a badge); ``{deck}`` is the trivia deck's name.
STEPS = {
    "match": (
        N_("Your turn: lay a card of your hand on a numbered place."),
        N_("{player}'s turn: lay a card of your hand on a numbered place."),
    ),
    "roll": (
        N_("Your turn: a ROLL card! Roll the die."),
        N_("{player}'s turn: a ROLL card! Roll the die."),
    ),
    "level": (
        N_("Your turn: choose a level for the {deck} question."),
        N_("{player}'s turn: choose a level for the {deck} question."),
    ),
    "answer": (
        N_("Your turn: answer the {deck} question."),
        N_("{player}'s turn: answer the {deck} question."),
    ),
    "wild": (
        N_("Your turn: right! Try the WILD CARD flag question, or not."),
        N_("{player}'s turn: right! Try the WILD CARD flag question, or not."),
    ),
    "return": (
        N_("Nobody matched this round: you give back one card."),
        N_("Nobody matched this round: {player} gives back one card."),
    ),
}
#: The guard's note on the board while the hands are hidden (several people at the screen).
HIDDEN_HANDS = N_("<p><i>The cards in the hands are hidden.</i></p>")
#: The trivia cards' symbols, as printed (the engine's words), for the catalogs.
SYMBOLS = (N_("ROLL"), N_("BONUS ROLL"), N_("WILD CARD"))
#: The engine's news of the end (``GlobalPursuit._game_over``).
GAME_OVER = N_("Game over: {why}")


def _who(
    table: Table, seat: int, you: str, other: str, /, badge: bool = True, **values: Any
) -> str:
    """A whole sentence about a seat, in the page's language: ``you`` for a student alone, else
    ``other``, both with the seat as ``{player}`` (its badge in HTML, or its plain name:
    ``badge=False``). With a badge the sentence is HTML: its words are escaped here,
    ``values`` must be HTML already."""
    template = _(you) if is_you(table, seat) else _(other)
    if badge:
        return html_text(template).format(player=seat_badge(table, seat), **values)
    return template.format(player=table.seats[seat].name, **values)


def first_up(text: str) -> str:
    """ "your turn" -> "Your turn" (``str.capitalize`` would make "McKay" "Mckay")."""
    return text[:1].upper() + text[1:]


def set_name(key: str) -> str:
    """A set of map cards (or the trivia's "wild" deck) in the page's language."""
    return _(SET_NAMES[key]) if key in SET_NAMES else _(SYMBOLS[2])


def card_name(card: str) -> str:
    """A map card as a person names it, in the page's language: "Planet Earth card 8"."""
    key, face = parse_card(card)
    return _("{set} card {number}").format(set=_(SET_NAMES[key]), number=face + 1)


def deck_words(trivia: Mapping[str, Any]) -> str:
    """The trivia deck being asked, in the page's language (its set, or the wild deck)."""
    if trivia.get("deck") in (*SET_NAMES, "wild"):
        return set_name(trivia["deck"])
    return _(trivia.get("deck_name", "")) if trivia.get("deck_name") else ""


def symbol_name(symbol: str | None) -> str:
    """A trivia card's symbol in the page's language ("" for none)."""
    return _(symbol) if symbol else ""


def news_since(seen: Sequence[Any], news: Sequence[Any]) -> list[Any]:
    """The lines of ``news`` added since ``seen`` (the engine keeps only the last few)."""
    for added in range(len(news) + 1):
        kept = len(news) - added
        if kept <= len(seen) and list(seen[len(seen) - kept :]) == list(news[:kept]):
            return list(news[kept:])
    return list(news)


def news_line(line: Any) -> str:
    """One line of the engine's news in the page's language: the engine keeps each as its
    English sentence and the values that fill it (a card by its id, a set by its key)."""
    if isinstance(line, str):  # a game saved before the news kept their values
        return line
    values = dict(line.get("values", {}))
    if "card" in values:
        values["card"] = card_name(values["card"])
    if "cards" in values:
        values["cards"] = list_words([card_name(c) for c in values["cards"]], "and")
    if "deck" in values:
        values["deck"] = set_name(values["deck"])
    if values.get("symbol"):
        values["symbol"] = symbol_name(values["symbol"])
    if isinstance(values.get("why"), Mapping):
        values["why"] = news_line(values["why"])
    return _(line["text"]).format(**values)


def _is_game_over(line: Any) -> bool:
    if isinstance(line, str):  # a game saved before the news kept their values
        return line.startswith(GAME_OVER[:9])
    return line.get("text") == GAME_OVER


# ----- the start, the banner ------------------------------------------------------------------
def who_starts(view: View, table: Table) -> str:
    """The rulebook's start: everyone rolls the die, the highest number starts."""
    rolls = view["first_rolls"]
    last = ", ".join(f"{table.name_of(s)} {v}" for s, v in rolls[-1])
    first = view["round"]["first"]
    if len(rolls) > 1:
        said = (
            N_("Everyone rolls the die (after a tie, again): {rolls}. {player} start."),
            N_("Everyone rolls the die (after a tie, again): {rolls}. {player} starts."),
        )
    else:
        said = (
            N_("Everyone rolls the die: {rolls}. {player} start."),
            N_("Everyone rolls the die: {rolls}. {player} starts."),
        )
    return _who(table, first, *said, badge=False, rolls=last)


def round_head(view: View) -> str:
    """The banner's first line: the round, the cards on the table and in the draw pile."""
    laid, pile = len(view["table"]), view["draw_pile"]
    cards = ngettext("{n} card on the table", "{n} cards on the table", laid).format(n=laid)
    return _("Round {number} · {cards} · {pile} in the draw pile").format(
        number=view["round"]["number"], cards=cards, pile=pile
    )


def acting_badges(table: Table, seats: Sequence[int]) -> str:
    """ "Ana and Ben" as badges: who must act now."""
    return list_words([seat_badge(table, s) for s in seats], "and")


def task_text(
    view: View, table: Table, person: int | None, reader: int | None, verdict_open: bool
) -> str:
    """Who must act now and what to do, in words (``person``: the person to act, None when
    the computers must; ``reader``: whom an open verdict speaks to)."""
    phase, acting = view["phase"], view["to_act"]
    if verdict_open and reader is not None:
        return _who(
            table,
            reader,
            N_("You: read the verdict, then press Continue."),
            N_("{player}: read the verdict, then press Continue."),
        )
    if phase == "challenge":
        if person is not None:
            layer = view["turn_of"]
            said = html_text(_("{player} laid a card. Challenge it, or let it stand?"))
            return said.format(player=seat_badge(table, layer))
        looks = ngettext(
            "{players} looks at the card just laid…",
            "{players} look at the card just laid…",
            len(acting),
        )
        return html_text(looks).format(players=acting_badges(table, acting))
    if person is None:
        return playing_words(table, acting)
    trivia = view["trivia"] or {}
    return _who(table, person, *STEPS[phase], deck=html_text(deck_words(trivia)))


def playing_words(table: Table, seats: Sequence[int]) -> str:
    """ "Ana is playing…" / "Ana and Ben are playing…" (HTML, badges)."""
    said = ngettext("{players} is playing…", "{players} are playing…", len(seats))
    return html_text(said).format(players=acting_badges(table, seats))


def question_words(trivia: Mapping[str, Any]) -> str:
    """ "the Planet Earth question" (HTML), as a banner names the question being asked."""
    return html_text(_("the {deck} question").format(deck=deck_words(trivia)))


def playing_html(table: Table, seats: Sequence[int]) -> str:
    """The controls while the computers play."""
    return f"<p><i>{playing_words(table, seats)}</i></p>"


# ----- the controls of each step -----------------------------------------------------------------
def place_label(view: View, mark: SlotMark) -> str:
    """A numbered place as the Place menu lists it: "3: beside Planet Earth card 8, its edge 2"."""
    beside = card_name(view["table"][mark.index]["card"])
    return _("{number}: beside {card}, its edge {edge}").format(
        number=mark.number, card=beside, edge=mark.edge + 1
    )


MATCH_STEP = N_(
    "<p>Choose a card of your hand, then a numbered place (click them, or pick them "
    "below): a faded copy shows where it would lie. Choose the edge that should touch "
    "(click it, or its number below), then <b>Lay the card</b>.</p>"
)
RETURN_STEP = N_(
    "<p><b>Nobody matched this round.</b> Choose one card to give back (click it "
    "or pick it below); you draw a new one.</p>"
)
CHALLENGE_STEP = N_(
    "<p>Look at the joint up close under the table: do the coasts, the Equator "
    "and the tropics go on from one card to the other?</p>"
)
ROLL_STEP = N_("<p>This trivia card has a <b>ROLL</b> symbol: roll the die.</p>")
WILD_STEP = N_(
    "<p>Right! This card has a <b>WILD CARD</b> symbol: try a flag question for "
    "more points? A wrong answer costs 1 token.</p>"
)


def question_head(trivia: Mapping[str, Any]) -> str:
    """ "<b>Planet Earth</b> question (ROLL). The die shows 8." (the deck, symbol, die)."""
    deck = f"<b>{html_text(deck_words(trivia))}</b>"
    if trivia["symbol"]:
        head = html_text(_("{deck} question ({symbol}).")).format(
            deck=deck, symbol=html_text(symbol_name(trivia["symbol"]))
        )
    else:
        head = html_text(_("{deck} question.")).format(deck=deck)
    if trivia["die"]:
        head += " " + html_text(_("The die shows {die}.").format(die=trivia["die"]))
    return head


def level_step(trivia: Mapping[str, Any], fixed: int | None) -> str:
    """Choosing a level (or, with the fixed levels, being told one's own)."""
    if fixed is not None:
        said = _("Your level is {level}: every right answer is worth 2 points.")
        return f"<p>{question_head(trivia)} {html_text(said.format(level=fixed))}</p>"
    said = _("Choose a level: 1 point for a Beginner question, 2 for Intermediate, 3 for Expert.")
    return f"<p>{question_head(trivia)} {html_text(said)}</p>"


def options_html(choices: Sequence[str]) -> str:
    """The options a question names, listed under it when they are not buttons."""
    items = "".join(f"<li>{html_text(c)}</li>" for c in choices)
    title = html_text(_("The options:"))
    return f"<div class='gt-options'><b>{title}</b><ol>{items}</ol></div>"


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
        said = ngettext("{players} is answering…", "{players} are answering…", len(seats))
        parts.append(f"<p><i>{html_text(said).format(players=acting_badges(table, seats))}</i></p>")
    return "".join(parts)


#: The tokens' colours, for the catalogs.
TOKEN_WORDS = {"blue": N_("blue"), "yellow": N_("yellow"), "white": N_("white")}


def tokens_words(points: float) -> str:
    """The banker's exchange in words: "23 points = 1 blue (20) + 3 white (1 each)"."""
    tokens = bank_tokens(points)
    shown = number_text(points)
    if points < 0:
        return _("{points} points: owes {owes}, no tokens").format(
            points=shown, owes=number_text(-points)
        )
    parts = []
    for colour, value in TOKENS:
        n = tokens[colour]
        if n == 1:
            parts.append(
                _("1 {colour} ({value})").format(colour=_(TOKEN_WORDS[colour]), value=value)
            )
        elif n:
            parts.append(
                _("{n} {colour} ({value} each)").format(
                    n=n, colour=_(TOKEN_WORDS[colour]), value=value
                )
            )
    tokens_said = " + ".join(parts) if parts else _("no tokens")
    return _("{points} points = {tokens}").format(points=shown, tokens=tokens_said)


def tokens_html(view: View, table: Table) -> str:
    """Each player's points as tokens (the banker's exchange)."""
    rows = "<br>".join(
        f"{seat_badge(table, s)}: {html_text(tokens_words(p))}"
        for s, p in enumerate(view["scores"])
    )
    head = _("<b>Tokens</b> (the banker changes whites into yellows and blues):")
    return f"{head}<br>{rows}"


def points_html(options: Mapping[str, Any]) -> str:
    """How points are made, as the rulebook counts them (with this game's choices)."""
    if options["maps"] == ONE_MAP:
        match = _("A card that matches: 2 points (+2 when it joins a card of its own set).")
    else:
        match = _("A card that matches: 2 points.")
    if options.get("fixed_levels"):
        trivia = _("A right trivia answer: always 2 points.")
    else:
        trivia = _(
            "A right trivia answer: 1, 2 or 3 points by level; ROLL adds the die, BONUS ROLL "
            "multiplies by it."
        )
    rules = [
        match,
        trivia,
        _("A right challenge takes 2 points from the player; a wrong one pays 2."),
        _("A WILD CARD flag question missed: 1 token back to the bank."),
        _("At the end: {points} points for each card still in a hand.").format(
            points=number_text(LEFT_IN_HAND)
        ),
    ]
    items = "".join(f"<li>{html_text(r)}</li>" for r in rules)
    title = html_text(_("How points are made"))
    return f"<details><summary><b>{title}</b></summary><ul>{items}</ul></details>"


def cards_fit_caption(set_key: str, n: int, last_card: str) -> str:
    """Under "how the cards fit": how many cards of the set, which, and the last one added."""
    values = {
        "n": n,
        "set": html_text(set_name(set_key)),
        "equator": min(n, 6),
        "polar": n - 6,
        "card": html_text(card_name(last_card)),
    }
    if n > 6:
        said = _(
            "{n} of the 12 {set} cards: {equator} that show the Equator, then {polar} polar. "
            "The last one added is outlined in blue: {card}."
        )
    else:
        said = _(
            "{n} of the 12 {set} cards: {equator} that show the Equator. The last one added "
            "is outlined in blue: {card}."
        )
    return f"<p>{html_text(said).format(**values)}</p>"


# ----- what a move led to --------------------------------------------------------------------
def computer_move(action: Mapping[str, Any], table: Table, added: Sequence[Any]) -> str:
    """A computer's move in words: our own sentence for it, then the engine's news of it."""
    who = table.name_of(action["player"])
    kind = action["type"]
    own = ""
    if kind == "accept":
        own = _("{player} lets the card stand.").format(player=who)
    elif kind == "level":
        own = _("{player} chooses level {level}.").format(player=who, level=action.get("level"))
    elif kind == "wild":
        own = _("{player} tries the WILD CARD flag question.").format(player=who)
    elif kind == "no_wild":
        own = _("{player} does not try the WILD CARD question.").format(player=who)
    elif kind == "return":
        own = _("{player} gives back one card and draws a new one.").format(player=who)
    return " ".join(([own] if own else []) + [news_line(line) for line in added])


def until_game_over(added: Sequence[Any]) -> tuple[list[Any], bool]:
    """The news lines up to "Game over", which reads "The game is over." (and whether it is)."""
    over = next((i for i, line in enumerate(added) if _is_game_over(line)), None)
    if over is None:
        return list(added), False
    return [*added[:over], _("The game is over.")], True


def about_a_persons_card(
    kind: str, who: str, layer: int, table: Table, view: View, gained: float
) -> str:
    """A computer's decision (``kind``: "challenge" or "accept") on the card a person laid, in
    that person's words."""
    you = is_you(table, layer)
    values = {"who": who, "player": table.name_of(layer), "points": number_text(gained)}
    if kind == "challenge":
        if (view["last"] or {}).get("challenge") == "right":
            said = (
                _("{who} challenges your card: it does not match.")
                if you
                else _("{who} challenges {player}'s card: it does not match.")
            )
        else:
            said = (
                _("{who} challenges your card, but it matches: {who} pays you 2.")
                if you
                else _("{who} challenges {player}'s card, but it matches: {who} pays {player} 2.")
            )
    elif view["phase"] == "challenge":
        said = _("{who} lets your card stand.") if you else _("{who} lets {player}'s card stand.")
    else:
        said = (
            _("{who} lets your card stand: you score {points}.")
            if you
            else _("{who} lets {player}'s card stand: {player} scores {points}.")
        )
    return said.format(**values)


def card_stands(table: Table, layer: int, gained: float) -> str:
    """A person's card was let stand: "The card stands: you score 4."."""
    return _who(
        table,
        layer,
        N_("The card stands: you score {points}."),
        N_("The card stands: {player} scores {points}."),
        badge=False,
        points=number_text(gained),
    )


def _reasons(last: Mapping[str, Any]) -> list[str]:
    """Why a challenged card does not match, each a sentence in the page's language (the
    engine's ``reasons``; a game saved before they were kept says its English ``why``)."""
    said = [news_line(r) for r in last.get("reasons", [])] or list(last.get("why", []))
    return [f"{why[0].upper()}{why[1:]}." for why in said if why]


def own_challenge_verdict(
    table: Table, seat: int, layer: int, last: Mapping[str, Any]
) -> tuple[str, bool, list[str]]:
    """A person challenged ``layer``'s card: the headline, whether they were right, the lines."""
    other = table.name_of(layer)
    if last.get("challenge") == "right":
        takes = _who(
            table,
            seat,
            N_("{player} take {points} points from {other}. The card goes back to {other}'s hand."),
            N_(
                "{player} takes {points} points from {other}. The card goes back to {other}'s hand."
            ),
            badge=False,
            points=CHALLENGE_POINTS,
            other=other,
        )
        return (_("Right! That card does not match."), True, [*_reasons(last), takes])
    pays = _who(
        table,
        seat,
        N_("{player} pay {other} {points} points. Look at the joint: the map goes on."),
        N_("{player} pays {other} {points} points. Look at the joint: the map goes on."),
        badge=False,
        points=CHALLENGE_POINTS,
        other=other,
    )
    return (_("Not this time: that card matches."), False, [pays])


def challenged_verdict(
    table: Table, challenger: int, layer: int, last: Mapping[str, Any]
) -> tuple[str, bool, list[str]]:
    """A computer challenged a person's card: what that person reads (headline, whether it
    went their way, the lines)."""
    who = table.name_of(challenger)
    you = is_you(table, layer)
    values = {"who": who, "player": table.name_of(layer), "points": CHALLENGE_POINTS}
    if last.get("challenge") == "right":
        if you:
            head = _("{who} challenges: your card does not match.")
            line = _(
                "You pay {who} {points} points; the card goes back to your hand and your turn ends."
            )
        else:
            head = _("{who} challenges: {player}'s card does not match.")
            line = _(
                "{player} pays {who} {points} points; the card goes back to {player}'s hand and "
                "{player}'s turn ends."
            )
        return (head.format(**values), False, [*_reasons(last), line.format(**values)])
    if you:
        head = _("{who} challenges, but your card matches!")
    else:
        head = _("{who} challenges, but {player}'s card matches!")
    line = _("{who} pays {points} points. Now the trivia question.")
    return (head.format(**values), True, [line.format(**values)])


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
    lines = [_("The question: {question}").format(question=question.prompt)]
    if not right and last.get("given"):
        if elsewhere:
            given = _("{player}'s answer: “{answer}”").format(
                player=table.name_of(seat), answer=last["given"]
            )
        else:
            given = _("Your answer: “{answer}”").format(answer=last["given"])
        lines.append(given)
    if right and trivia.get("symbol") in ("ROLL", "BONUS ROLL") and trivia.get("die"):
        if trivia["symbol"] == "ROLL":
            how = _("{symbol} card: the level's points plus the die ({die}).")
        else:
            how = _("{symbol} card: the level's points times the die ({die}).")
        lines.append(how.format(symbol=symbol_name(trivia["symbol"]), die=trivia["die"]))
    goes_on = view["phase"] == "match" and view["turn_of"] == seat
    if right:
        headline = _who(
            table,
            seat,
            N_("Right! {player} score {points}."),
            N_("Right! {player} scores {points}."),
            badge=False,
            points=number_text(gained),
        )
        more = ""
        if goes_on:
            more = _who(
                table,
                seat,
                N_("Your turn goes on: lay another card."),
                N_("{player}'s turn goes on: lay another card."),
                badge=False,
            )
    else:
        headline = _("Not this time.")
        if trivia.get("wild"):
            headline = _("Not this time: 1 token goes back to the bank.")
        more = _who(table, seat, N_("Your turn ends."), N_("{player}'s turn ends."), badge=False)
    lines.append(more)
    where, fact = place_words(question)
    return {
        "headline": headline,
        "correct": right,
        "answer": _("The answer: {answer}").format(answer=said_answers(question)),
        "lines": lines,
        "where": where,
        "fact": question.explanation or fact,
    }


def place_words(question: Question) -> tuple[str, str]:
    """Where the question's place is, and one fact about it from the data ("", "" if none):
    the place that is the answer when there is one ("Germany", not the "Austria" beside it),
    named in the page's language."""
    from geoteach.data.figures import country_rows
    from geoteach.data.rows import state_rows  # no pandas (issue 24)
    from geoteach.quiz.facts import country_fact, state_fact
    from geoteach.quiz.places import place_kind, question_places

    def row(code: str) -> Mapping[str, Any]:
        return (country_rows() if place_kind(code) == "country" else state_rows())[code]

    codes = question_places(question)
    names = {c: str(row(c)["name"]) for c in codes}
    ordered = sorted(codes, key=lambda c: names[c] not in question.accepted)
    for code in ordered:
        if place_kind(code) == "country":
            said = _("{country} is in {continent}.").format(
                country=place_name("country", code, names[code]),
                continent=region_name(str(row(code)["continent"])),
            )
            return said, country_fact(code)
        said = _("{state} is a U.S. state in the {region}.").format(
            state=place_name("state", code, names[code]), region=_(str(row(code)["region"]))
        )
        return said, state_fact(code)
    return "", ""


def end_lines(view: View, table: Table) -> list[str]:
    """The end: why it ended and what each card left in a hand cost (the engine's points)."""
    news = view.get("news", [])
    over = [line for line in news if _is_game_over(line) and not isinstance(line, str)]
    why = over[-1]["values"]["why"] if over else None
    lines = [news_line(why) if why else _(str(view["ended"]))]
    for left in view["left_in_hand"]:
        n = left["cards"]
        lines.append(
            _who(
                table,
                left["seat"],
                ngettext(
                    "{player} still hold {n} map card: {points} points ({each} for each).",
                    "{player} still hold {n} map cards: {points} points ({each} for each).",
                    n,
                ),
                ngettext(
                    "{player} still holds {n} map card: {points} points ({each} for each).",
                    "{player} still holds {n} map cards: {points} points ({each} for each).",
                    n,
                ),
                badge=False,
                n=n,
                points=number_text(left["points"]),
                each=number_text(LEFT_IN_HAND),
            )
        )
    return lines
