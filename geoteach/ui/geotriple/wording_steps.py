"""GeoTriple's sentences for the step controls and the board (the race clock, the map's
caption, the trick table, the hand, the score sheet), in the page's language. Pure functions
of a view, like ``wording``; the words both share are in ``terms``, which both import (neither
imports the other)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geoteach.escape import html_text
from geoteach.games.geotriple.borders import BORDER_RULE
from geoteach.games.geotriple.game import GUESSES, MAX_WRONG_CLAIMS
from geoteach.games.geotriple.tricks import DISCARDS, HAND_SIZE, TRICKS
from geoteach.games.table import Table
from geoteach.i18n import N_, _, ngettext
from geoteach.ui.geotriple.terms import (
    GEOPLUNGING,
    RANKS_SAID,
    STAGE3,
    View,
    answer_said,
    ask_said,
    category_title,
    census_words,
    clue_said,
    rank_labels,
    rank_parts,
    rank_word,
    state,
    state_names,
    who,
    who_html,
)
from geoteach.ui.shell import number_text, places_of
from geoteach.ui.theme import seat_badge


# ----- the race clock ----------------------------------------------------------------------
def clock_words(used: float, left: float | None, against: str) -> str:
    """The race clock's line: "Race clock: 12 s · Computer can shout GeoPlunge in 13 s"."""
    seconds = f"{used:.0f}"
    if left is None:
        said = _("Race clock: {seconds} s.").format(seconds=seconds)
        return f"{said} {against}".strip()
    return _("Race clock: {seconds} s · {against}").format(seconds=seconds, against=against)


def computer_due(table: Table, seat: int) -> str:
    """What the clock counts down to against a computer (``{left}``: seconds left)."""
    return _("{player} can shout GeoPlunge in {left} s").format(
        player=table.name_of(seat), left="{left}"
    )


def computer_gave_up(table: Table, seat: int) -> str:
    return _("{player} gave up: take your time.").format(player=table.name_of(seat))


def time_to_beat(table: Table, seat: int) -> str:
    """Racing in turns, against the held claim of ``seat`` (``{left}``: seconds left)."""
    return _("{left} s left to beat {player}'s time").format(
        player=table.name_of(seat), left="{left}"
    )


def first_racer_out(table: Table, seat: int) -> str:
    return _("{player} is out of this race.").format(player=table.name_of(seat))


def wait_to_shout(seconds: int) -> str:
    return ngettext(
        "Wait {n} more second before you shout again.",
        "Wait {n} more seconds before you shout again.",
        seconds,
    ).format(n=seconds)


def claim_button_text(wait: int) -> str:
    return _("GeoPlunge! (wait {seconds} s)").format(seconds=wait) if wait > 0 else "GeoPlunge!"


def not_your_card(name: str) -> str:
    return _("{state} is not one of your cards: yours are the blue states.").format(state=name)


def picked_enough(limit: int) -> str:
    return _("You have {n} cards picked already: click one again to take it back.").format(n=limit)


# ----- the score sheet ----------------------------------------------------------------------
def sheet_html(view: View, table: Table, standings: Sequence[Any]) -> str:
    """The score sheet: points each round, players sorted by place (HTML)."""
    history = view["history"]
    if not history:
        return ""
    rows = []
    for place, row in places_of(standings):
        before, cells = 0.0, []
        for rnd in history:
            cells.append(f"<td class='gt-num'>{number_text(rnd['scores'][row.seat] - before)}</td>")
            before = rnd["scores"][row.seat]
        rows.append(
            f"<tr><td>{place}</td><td>{seat_badge(table, row.seat)}</td>"
            f"{''.join(cells)}<td class='gt-num'><b>{row.shown}</b></td></tr>"
        )
    round_head = _("Round {number}")
    heads = "".join(f"<th>{html_text(round_head.format(number=r['round']))}</th>" for r in history)
    words = [
        html_text(w)
        for w in (_("Score sheet"), _("(points won each round)"), _("Place"), _("Player"))
    ]
    total = html_text(_("Total"))
    return (
        f"<details><summary><b>{words[0]}</b> {words[1]}</summary>"
        f"<table><tr><th>{words[2]}</th><th>{words[3]}</th>{heads}"
        f"<th>{total}</th></tr>" + "".join(rows) + "</table></details>"
    )


# ----- the step controls ----------------------------------------------------------------------
def clue_options(view: View) -> list[tuple[str, str]]:
    """The clue menu of the card's holder: (the answer in the page's language, the answer)."""
    return [(answer_said(a, view["cards"]), a) for a in view["stage1"]["clue_choices"]]


def stage1_step(view: View, table: Table, seat: int, *, interactive: bool) -> tuple[str, str]:
    """Stage 1 as ``seat`` sees it (HTML) and the row of controls it needs: "clue", "guess"
    or ""."""
    s1 = view["stage1"]
    names = state_names(view)
    guesser, holder = s1["guesser"], s1["holder"]
    mine = html_text(names[s1["my_card"]])
    other = html_text(table.name_of(1 - seat))
    parts = [
        "<p>"
        + html_text(_("Your secret card: {state} ({other} tries to guess it)."))
        .replace("{state}", "<b>{state}</b>")
        .format(state=mine, other=other)
        + "</p>"
    ]
    if s1["waiting_for_clue"] and seat == holder:
        ask = html_text(ask_said(s1["challenge"]["id"], s1["challenge"]["ask"]))
        parts.append(
            "<p>"
            + html_text(_("GeoChallenge card for {player}:")).format(
                player=html_text(table.name_of(guesser))
            )
            + f" <i>{ask}</i><br>"
            + html_text(_("Pick a true clue about {state}:")).format(state=mine)
            + "</p>"
        )
        return "".join(parts), "clue"
    clues = "".join(
        f"<li>{html_text(clue_said(c, view['cards']))}</li>" for c in s1["clues"][guesser]
    )
    tried = ", ".join(names[c] for c in s1["guesses"][guesser]) or _("none yet")
    if guesser == seat:
        about = who(
            table,
            1 - seat,
            N_("Clues about your state:"),
            N_("Clues about {player}'s state:"),
        )
    else:
        about = _("Clues {player} got about your card:").format(player=table.name_of(guesser))
    parts.append(f"<p>{html_text(about)}</p>")
    coming = "<p><i>" + html_text(_("The clue is coming…")) + "</i></p>"
    parts.append(f"<ol>{clues}</ol>" if clues else coming)
    so_far = _("Guesses so far: {states}").format(states=tried)
    parts.append(f"<p>{html_text(so_far)}</p>")
    if guesser != seat or s1["waiting_for_clue"]:
        return "".join(parts), ""
    number = len(s1["guesses"][seat]) + 1
    head = _("Guess {number} of {guesses}:").format(number=number, guesses=GUESSES)
    route = _("click a state on the map, or type it.") if interactive else _("type a state.")
    parts.append(f"<p><b>{html_text(head)}</b> {html_text(route)}</p>")
    return "".join(parts), "guess"


def race_out_step(view: View, seat: int) -> str:
    race = view["race"]
    if race["wrong"][seat] < MAX_WRONG_CLAIMS:
        said = _(
            "You gave up: you are out of this race. The other player may still find a GeoPlunge."
        )
    else:
        said = _(
            "You made 3 wrong claims: you are out of this race. The other player may still "
            "find a GeoPlunge."
        )
    return f"<p>{html_text(said)}</p>"


def race_waits() -> str:
    """The race step while a verdict is open (HTML)."""
    waits, go_on = _("The race clock waits while you read."), _("Press Continue to race on.")
    return f"<p><b>{html_text(waits)}</b> {html_text(go_on)}</p>"


def race_step(*, interactive: bool) -> str:
    route = (
        _("Click your blue states on the map or below: the first 3 are group 1.")
        if interactive
        else _("Click their names below: the first 3 are group 1.")
    )
    head = _("Find 2 groups of 3 of your cards")
    rule = _("in each group one state borders the other two.")
    return (
        f"<p><b>{html_text(head)}</b>: {html_text(rule)} {html_text(route)}</p>"
        f'<p class="gt-small">{html_text(_(BORDER_RULE))}</p>'
    )


def groups_line(view: View, selected: Sequence[str]) -> str:
    names = state_names(view)
    groups = [selected[:3], selected[3:6]]
    heads = (_("Group {number}").format(number=1), _("Group {number}").format(number=2))
    colours = (_("(orange):"), _("(pink):"))
    return (
        "<p>"
        + " · ".join(
            f"<b>{html_text(heads[i])}</b> {html_text(colours[i])} "
            + (html_text(", ".join(names[c] for c in g)) or "—")
            for i, g in enumerate(groups)
        )
        + "</p>"
    )


def round_over_step(view: View, table: Table) -> str:
    nxt = who_html(
        table,
        1 - view["dealer"],
        N_("Next round: you deal and guess first."),
        N_("Next round: {player} deals and guesses first."),
    )
    over = _("The round is over.")
    return f"<p><b>{html_text(over)}</b> {nxt}</p>"


def stage3_step(
    view: View, table: Table, seat: int, acting: bool, selected: Sequence[str]
) -> tuple[str, str]:
    """Stage 3 as ``seat`` sees it (HTML) and the control it needs: "put_away", "plunge",
    "category" or ""."""
    s3 = view["stage3"]
    phase = view["phase"]
    names = state_names(view)
    other = table.name_of(1 - seat)

    def p(text: str, **values: Any) -> str:
        return f"<p>{html_text(text.format(**values))}</p>"

    if phase == "discard":
        if not acting:
            return p(_("Waiting for {player} to put 2 cards away…"), player=other), ""
        picked = ", ".join(names[c] for c in selected) or _("none yet")
        head = _("Put {away} of your {hand} cards away:").format(away=DISCARDS, hand=HAND_SIZE)
        rest = _("click them under Your cards, then press the button. Picked: {states}.")
        return (
            f"<p><b>{html_text(head)}</b> {html_text(rest.format(states=picked))}</p>",
            "put_away",
        )
    if phase == "announce":
        said = s3["geoplunging"][1 - seat]
        heard = ""
        if said is not None:
            word = _("{player} is GeoPlunging.") if said else _("{player} is not GeoPlunging.")
            heard = p(word, player=other)
        if not acting:
            return p(_("{player} decides first…"), player=other), ""
        ask = _("Are you GeoPlunging this round?")
        tip = _("Say yes when you think your cards will win Stage 3.")
        return (
            f"{heard}<p><b>{html_text(ask)}</b> {html_text(_(GEOPLUNGING))}</p>"
            f'<p class="gt-small">{html_text(tip)}</p>'
        ), "plunge"
    trick = s3["trick"]
    if not acting:
        return p(_("{player} is choosing a card…"), player=other), ""
    if trick is None:
        number = len(s3["tricks"]) + 1
        head = _("You lead trick {number} of {tricks}.").format(number=number, tricks=TRICKS)
        rest = _("First pick what counts, then click one of your cards.")
        return (
            f"<p><b>{html_text(head)}</b> {html_text(rest)}</p>"
            f"<p class='gt-small'>{html_text(_(RANKS_SAID))}</p>"
        ), "category"
    lead = trick["lead"]
    category = trick["category"]
    rank = view["cards"][lead][category]
    if rank == 1:
        task = _("Nothing beats {rank}: click a card you can spare.").format(
            rank=rank_word(category, 1)
        )
    else:
        task = {
            "size": _("Click one of your cards: a size number lower than {rank} wins the trick."),
            "statehood": _(
                "Click one of your cards: a statehood number lower than {rank} wins the trick."
            ),
            "population": _(
                "Click one of your cards: a population number lower than {rank} wins the trick."
            ),
        }[category].format(rank=rank)
    led = (
        html_text(_("{player} led {state} and said {category}: {rank}."))
        .replace("{state}", "<b>{state}</b>")
        .replace("{category}", "<b>{category}</b>")
        .format(
            player=html_text(other),
            state=html_text(names[lead]),
            category=html_text(category_title(category)),
            rank=html_text(rank_word(category, rank)),
        )
    )
    return f"<p>{led}</p><p>{html_text(task)}</p>", ""


# ----- the board: the map's caption, the trick table, the hand ------------------------------
def map_caption(
    view: View,
    table: Table,
    seat: int | None,
    *,
    explaining: Mapping[str, Any] | None,
    show_possible: bool,
    interactive: bool,
) -> str:
    """The map's colours in words (HTML), case by case as ``render.geotriple.map_paint``."""
    names = state_names(view)
    explaining = explaining or {}
    kind = explaining.get("kind")
    if kind == "guess":
        picked, answer = explaining["picked"], explaining["answer"]
        tried = [c for c in explaining["tried"] if c not in (picked, answer)]
        caption = []
        if picked != answer:
            caption.append(_("Your guess, {state}, is red-orange").format(state=names[picked]))
        if answer:
            caption.append(_("the answer, {state}, is green").format(state=names[answer]))
        if tried:
            caption.append(_("earlier guesses are striped"))
        said = _("On the map: {colours}.").format(colours="; ".join(caption))
        return html_text(said)
    if kind == "stage1":
        secret = explaining["secret"]
        held = "; ".join(
            who(
                table,
                s,
                N_("your card, {state}"),
                N_("{player}'s card, {state}"),
                state=names[secret[s]],
            )
            for s in (0, 1)
        )
        return html_text(_("In green: {cards}.").format(cards=held))
    if kind == "groups":
        return html_text(
            who(
                table,
                explaining["whose"],
                N_("Your groups: group 1 orange (marked 1), group 2 pink (marked 2)."),
                N_("{player}'s groups: group 1 orange (marked 1), group 2 pink (marked 2)."),
            )
        )
    if kind == "trick":
        trick = explaining["trick"]
        a, b = (names[c] for c in trick["cards"])
        return html_text(
            {
                "size": _("The trick on the map: {a} and {b}, with their size ranks."),
                "statehood": _("The trick on the map: {a} and {b}, with their statehood ranks."),
                "population": _("The trick on the map: {a} and {b}, with their population ranks."),
            }[trick["category"]].format(a=a, b=b)
        )
    phase = view["phase"]
    if phase == "guess":
        s1 = view["stage1"]
        guesser = s1["guesser"]
        caption = []
        if seat in (guesser, None) and not s1["waiting_for_clue"]:
            if show_possible:
                left = len(view["possible"])
                caption.append(
                    ngettext(
                        "Yellow, with a thick border: the {n} state that fits every clue so far",
                        "Yellow, with a thick border: the {n} states that fit every clue so far",
                        left,
                    ).format(n=left)
                )
            if seat == guesser:
                caption.append(
                    _("click the state you think it is")
                    if interactive
                    else _("type the state you think it is")
                )
        elif seat is not None:
            caption.append(_("Your card, {state}, is blue").format(state=names[s1["my_card"]]))
        if s1["guesses"][guesser]:
            caption.append(_("states already guessed are striped"))
        if not caption:
            return html_text(_("The 50 states."))
        text = "; ".join(caption)
        return html_text(text[0].upper() + text[1:] + ".")
    if phase == "race" and seat is not None:
        race = view["race"]
        if not race["hand"] or race["out"][seat]:
            return html_text(_("Your race is over: wait for the result."))
        if interactive:
            said = _(
                "Your 18 cards are blue. Click them to make group 1 (orange, marked 1) and "
                "group 2 (pink, marked 2)."
            )
        else:
            said = _(
                "Your 18 cards are blue. Pick them on the right to make group 1 (orange, "
                "marked 1) and group 2 (pink, marked 2)."
            )
        return html_text(said)
    if phase in STAGE3 and seat is not None:
        trick = view["stage3"]["trick"]
        if trick is None:
            return html_text(_("Your cards are blue."))
        return html_text(
            _("Your cards are blue; the card led, {state}, is orange.").format(
                state=names[trick["lead"]]
            )
        )
    return html_text(_("The 50 states."))


def tile_html(view: View, table: Table, code: str, category: str, seat: int, won: bool) -> str:
    """One card on the trick table, the category's rank in bold (HTML)."""
    card = view["cards"][code]
    census = census_words(view["population_year"])
    parts = [
        f"<b>{html_text(text)}</b>" if c == category else html_text(text)
        for c, text in rank_parts(card).items()
    ]
    ranks = " · ".join(parts) + (f" ({html_text(census)})" if census else "")
    mark = " · " + html_text(_("won the trick")) if won else ""
    return (
        f'<div class="gt-tile{" gt-won" if won else ""}">{seat_badge(table, seat)}'
        f"{mark}<br><b>{html_text(state(view, code))}</b><br>{ranks}</div>"
    )


def trick_table_html(view: View, table: Table, explaining: Mapping[str, Any] | None) -> str:
    """Stage 3's table: tricks won, who GeoPlunges, and the cards of the trick (HTML)."""
    s3 = view["stage3"]
    won = ", ".join(f"{table.name_of(s)} {s3['won'][s]}" for s in (0, 1))
    plunging = []
    for seat in (0, 1):
        said = s3["geoplunging"][seat]
        word = _("not decided yet") if said is None else (_("yes") if said else _("no"))
        plunging.append(f"{table.name_of(seat)} {word}")
    number = min(len(s3["tricks"]) + 1, TRICKS)
    trick_said = _("Trick {number} of {tricks}").format(number=number, tricks=TRICKS)
    won_said = _("Tricks won: {tally}").format(tally=won)
    plunging_said = _("GeoPlunging: {said}").format(said=", ".join(plunging))
    head = (
        f"<p><b>{html_text(trick_said)}</b> · {html_text(won_said)} · "
        f"{html_text(plunging_said)}</p>"
    )
    played = []
    trick = s3["trick"]
    explaining = explaining or {}
    if trick is not None:
        played.append(
            tile_html(view, table, trick["lead"], trick["category"], trick["leader"], False)
        )
    elif explaining.get("kind") == "trick":
        last = explaining["trick"]
        for seat in (last["leader"], 1 - last["leader"]):
            played.append(
                tile_html(
                    view, table, last["cards"][seat], last["category"], seat, seat == last["winner"]
                )
            )
    empty = "<p><i>" + html_text(_("No card on the table.")) + "</i></p>"
    cards = "".join(played) or empty
    return head + f'<div class="gt-trick">{cards}</div>'


def hand_tile(view: View, code: str, picked: bool) -> tuple[str, str]:
    """A Stage 3 hand card's button text (two lines) and tooltip."""
    card = view["cards"][code]
    name = state(view, code)
    census = census_words(view["population_year"])
    shown = _("{state} (put away)").format(state=name) if picked else name
    text = f"{shown}\n{rank_labels(card, census)}"
    if view["phase"] == "trick":
        tip = _("Play {state}").format(state=name)
    else:
        tip = _("Put {state} away").format(state=name)
    return text, tip
