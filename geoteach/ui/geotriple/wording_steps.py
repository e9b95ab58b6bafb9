"""GeoTriple's sentences for the step controls and the board (the map's caption, the trick
table, the hand): the second half of ``wording``, which re-exports all of it, so a translator
still finds every sentence through ``wording``. Pure functions of a view, like ``wording``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geoteach.escape import html_text
from geoteach.games.geotriple.borders import BORDER_RULE
from geoteach.games.geotriple.game import GUESSES, MAX_WRONG_CLAIMS
from geoteach.games.geotriple.tricks import DISCARDS, HAND_SIZE, TRICKS
from geoteach.games.table import Table
from geoteach.ui.geotriple.wording import (
    GEOPLUNGING,
    RANKS_SAID,
    STAGE3,
    View,
    census_words,
    plural,
    rank_labels,
    whose,
)
from geoteach.ui.shell import number_text, places_of
from geoteach.ui.theme import does, seat_badge


# ----- the race clock ----------------------------------------------------------------------
def clock_words(used: float, left: float | None, against: str) -> str:
    """The race clock's line: "Race clock: 12 s · Computer can shout GeoPlunge in 13 s"."""
    if left is None:
        return f"Race clock: {used:.0f} s. {against}".strip()
    return f"Race clock: {used:.0f} s · {against}"


def computer_due(table: Table, seat: int) -> str:
    """What the clock counts down to against a computer (``{left}``: seconds left)."""
    return f"{table.name_of(seat)} can shout GeoPlunge in {{left}} s"


def computer_gave_up(table: Table, seat: int) -> str:
    return f"{table.name_of(seat)} gave up: take your time."


def time_to_beat(table: Table, seat: int) -> str:
    """Racing in turns, against the held claim of ``seat`` (``{left}``: seconds left)."""
    return f"{{left}} s left to beat {table.name_of(seat)}'s time"


def first_racer_out(table: Table, seat: int) -> str:
    return f"{table.name_of(seat)} is out of this race."


def wait_to_shout(seconds: int) -> str:
    return f"Wait {seconds} more seconds before you shout again."


def claim_button_text(wait: int) -> str:
    return f"GeoPlunge! (wait {wait} s)" if wait > 0 else "GeoPlunge!"


def not_your_card(name: str) -> str:
    return f"{name} is not one of your cards: yours are the blue states."


def picked_enough(limit: int) -> str:
    return f"You have {limit} cards picked already: click one again to take it back."


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
    heads = "".join(f"<th>Round {r['round']}</th>" for r in history)
    return (
        "<details><summary><b>Score sheet</b> (points won each round)</summary>"
        f"<table><tr><th>Place</th><th>Player</th>{heads}<th>Total</th></tr>"
        + "".join(rows)
        + "</table></details>"
    )


def score_title(view: View) -> str:
    return f"Points (first to {view['target']})"


def tricks_detail(view: View, seat: int) -> str:
    """The leaderboard's second column in Stage 3: "2 of 6"."""
    s3 = view.get("stage3")
    return f"{s3['won'][seat]} of {TRICKS}" if s3 else ""


# ----- the step controls ----------------------------------------------------------------------
def stage1_step(view: View, table: Table, seat: int, *, interactive: bool) -> tuple[str, str]:
    """Stage 1 as ``seat`` sees it (HTML) and the row of controls it needs: "clue", "guess"
    or ""."""
    s1 = view["stage1"]
    names = {c: card["name"] for c, card in view["cards"].items()}
    guesser, holder = s1["guesser"], s1["holder"]
    mine = names[s1["my_card"]]
    other = 1 - seat
    parts = [
        f"<p>Your secret card: <b>{html_text(mine)}</b> "
        f"({html_text(table.name_of(other))} tries to guess it).</p>"
    ]
    if s1["waiting_for_clue"] and seat == holder:
        parts.append(
            f"<p>GeoChallenge card for {html_text(table.name_of(guesser))}: "
            f"<i>{html_text(s1['challenge']['ask'])}</i><br>Pick a true clue about "
            f"{html_text(mine)}:</p>"
        )
        return "".join(parts), "clue"
    clues = "".join(f"<li>{html_text(c['text'])}</li>" for c in s1["clues"][guesser])
    tried = ", ".join(names[c] for c in s1["guesses"][guesser]) or "none yet"
    if guesser == seat:
        parts.append(f"<p>Clues about {html_text(whose(table, other))} state:</p>")
    else:
        parts.append(f"<p>Clues {html_text(table.name_of(guesser))} got about your card:</p>")
    parts.append(f"<ol>{clues}</ol>" if clues else "<p><i>The clue is coming…</i></p>")
    parts.append(f"<p>Guesses so far: {html_text(tried)}</p>")
    if guesser != seat or s1["waiting_for_clue"]:
        return "".join(parts), ""
    number = len(s1["guesses"][seat]) + 1
    route = "click a state on the map, or type it" if interactive else "type a state"
    parts.append(f"<p><b>Guess {number} of {GUESSES}:</b> {route}.</p>")
    return "".join(parts), "guess"


def race_out_step(view: View, seat: int) -> str:
    race = view["race"]
    why = "gave up" if race["wrong"][seat] < MAX_WRONG_CLAIMS else "made 3 wrong claims"
    return (
        f"<p>You {why}: you are out of this race. The other player may still find a GeoPlunge.</p>"
    )


RACE_WAITS = "<p><b>The race clock waits while you read.</b> Press Continue to race on.</p>"


def race_step(*, interactive: bool) -> str:
    route = (
        "Click your blue states on the map or below" if interactive else "Click their names below"
    )
    return (
        "<p><b>Find 2 groups of 3 of your cards</b>: in each group one state borders the "
        f"other two. {route}: the first 3 are group 1.</p>"
        f'<p class="gt-small">{html_text(BORDER_RULE)}</p>'
    )


def groups_line(view: View, selected: Sequence[str]) -> str:
    names = {c: card["name"] for c, card in view["cards"].items()}
    groups = [selected[:3], selected[3:6]]
    return (
        "<p>"
        + " · ".join(
            f"<b>Group {i + 1}</b> ({('orange', 'pink')[i]}): "
            + (html_text(", ".join(names[c] for c in g)) or "—")
            for i, g in enumerate(groups)
        )
        + "</p>"
    )


def round_over_step(view: View, table: Table) -> str:
    nxt = does(table, 1 - view["dealer"], "deals", "deal")
    return f"<p><b>The round is over.</b> Next round: {nxt} and guesses first.</p>"


def stage3_step(
    view: View, table: Table, seat: int, acting: bool, selected: Sequence[str]
) -> tuple[str, str]:
    """Stage 3 as ``seat`` sees it (HTML) and the control it needs: "put_away", "plunge",
    "category" or ""."""
    s3 = view["stage3"]
    phase = view["phase"]
    cards = view["cards"]
    other = html_text(table.name_of(1 - seat))
    if phase == "discard":
        if not acting:
            return f"<p>Waiting for {other} to put 2 cards away…</p>", ""
        picked = ", ".join(cards[c]["name"] for c in selected) or "none yet"
        return (
            f"<p><b>Put {DISCARDS} of your {HAND_SIZE} cards away:</b> click them under "
            f"Your cards, then press the button. Picked: {html_text(picked)}.</p>"
        ), "put_away"
    if phase == "announce":
        said = s3["geoplunging"][1 - seat]
        heard = ""
        if said is not None:
            word = "is GeoPlunging" if said else "is not GeoPlunging"
            heard = f"<p>{other} {word}.</p>"
        if not acting:
            return f"<p>{other} decides first…</p>", ""
        return (
            f"{heard}<p><b>Are you GeoPlunging this round?</b> {html_text(GEOPLUNGING)}</p>"
            '<p class="gt-small">Say yes when you think your cards will win Stage 3.</p>'
        ), "plunge"
    trick = s3["trick"]
    if not acting:
        return f"<p>{other} is choosing a card…</p>", ""
    if trick is None:
        number = len(s3["tricks"]) + 1
        return (
            f"<p><b>You lead trick {number} of {TRICKS}.</b> First pick what counts, then "
            f"click one of your cards.</p><p class='gt-small'>{html_text(RANKS_SAID)}</p>"
        ), "category"
    lead = cards[trick["lead"]]
    category = trick["category"]
    rank = lead[category]
    task = (
        f"Nothing beats {category} #1: click a card you can spare."
        if rank == 1
        else f"Click one of your cards: a {category} number lower than {rank} wins the trick."
    )
    return (
        f"<p>{other} led <b>{html_text(lead['name'])}</b> and said "
        f"<b>{category.title()}</b>: {category} #{rank}.</p><p>{task}</p>"
    ), ""


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
    names = {c: card["name"] for c, card in view["cards"].items()}
    explaining = explaining or {}
    kind = explaining.get("kind")
    if kind == "guess":
        picked, answer = explaining["picked"], explaining["answer"]
        tried = [c for c in explaining["tried"] if c not in (picked, answer)]
        caption = []
        if picked != answer:
            caption.append(f"Your guess, {html_text(names[picked])}, is red-orange")
        if answer:
            caption.append(f"the answer, {html_text(names[answer])}, is green")
        if tried:
            caption.append("earlier guesses are striped")
        return "On the map: " + "; ".join(caption) + "."
    if kind == "stage1":
        secret = explaining["secret"]
        held = "; ".join(
            f"{html_text(whose(table, s))} card, {html_text(names[secret[s]])}" for s in (0, 1)
        )
        return f"In green: {held}."
    if kind == "groups":
        return (
            f"{html_text(whose(table, explaining['whose'], upper=True))} groups: group 1 "
            "orange (marked 1), group 2 pink (marked 2)."
        )
    if kind == "trick":
        trick = explaining["trick"]
        said = " and ".join(html_text(names[c]) for c in trick["cards"])
        return f"The trick on the map: {said}, with their {trick['category']} ranks."
    phase = view["phase"]
    if phase == "guess":
        s1 = view["stage1"]
        guesser = s1["guesser"]
        caption = []
        if seat in (guesser, None) and not s1["waiting_for_clue"]:
            if show_possible:
                left = view["possible"]
                caption.append(
                    f"Yellow, with a thick border: the {plural(len(left), 'state')} that "
                    f"{'fits' if len(left) == 1 else 'fit'} every clue so far"
                )
            if seat == guesser:
                caption.append(f"{'click' if interactive else 'type'} the state you think it is")
        elif seat is not None:
            caption.append(f"Your card, {html_text(names[s1['my_card']])}, is blue")
        if s1["guesses"][guesser]:
            caption.append("states already guessed are striped")
        text = "; ".join(caption) or "The 50 states"
        return text[0].upper() + text[1:] + "."
    if phase == "race" and seat is not None:
        race = view["race"]
        if not race["hand"] or race["out"][seat]:
            return "Your race is over: wait for the result."
        how = "Click them" if interactive else "Pick them on the right"
        return (
            f"Your 18 cards are blue. {how} to make group 1 (orange, marked 1) and "
            "group 2 (pink, marked 2)."
        )
    if phase in STAGE3 and seat is not None:
        trick = view["stage3"]["trick"]
        if trick is None:
            return "Your cards are blue."
        return f"Your cards are blue; the card led, {html_text(names[trick['lead']])}, is orange."
    return "The 50 states."


def tile_html(view: View, table: Table, code: str, category: str, seat: int, won: bool) -> str:
    """One card on the trick table, the category's rank in bold (HTML)."""
    card = view["cards"][code]
    census = census_words(view["population_year"])
    ranks = html_text(rank_labels(card, census)).replace(
        html_text(f"{category} #{card[category]}"),
        f"<b>{html_text(category)} #{card[category]}</b>",
        1,
    )
    mark = " · won the trick" if won else ""
    return (
        f'<div class="gt-tile{" gt-won" if won else ""}">{seat_badge(table, seat)}'
        f"{mark}<br><b>{html_text(card['name'])}</b><br>{ranks}</div>"
    )


def trick_table_html(view: View, table: Table, explaining: Mapping[str, Any] | None) -> str:
    """Stage 3's table: tricks won, who GeoPlunges, and the cards of the trick (HTML)."""
    s3 = view["stage3"]
    won = ", ".join(f"{html_text(table.name_of(s))} {s3['won'][s]}" for s in (0, 1))
    plunging = []
    for seat in (0, 1):
        said = s3["geoplunging"][seat]
        word = "not decided yet" if said is None else ("yes" if said else "no")
        plunging.append(f"{html_text(table.name_of(seat))} {word}")
    head = (
        f"<p><b>Trick {min(len(s3['tricks']) + 1, TRICKS)} of {TRICKS}</b> · "
        f"Tricks won: {won} · GeoPlunging: {', '.join(plunging)}</p>"
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
    cards = "".join(played) or "<p><i>No card on the table.</i></p>"
    return head + f'<div class="gt-trick">{cards}</div>'


def hand_tile(view: View, code: str, picked: bool) -> tuple[str, str]:
    """A Stage 3 hand card's button text (two lines) and tooltip."""
    card = view["cards"][code]
    away = " (put away)" if picked else ""
    census = census_words(view["population_year"])
    text = f"{card['name']}{away}\n{rank_labels(card, census)}"
    tip = f"Play {card['name']}" if view["phase"] == "trick" else f"Put {card['name']} away"
    return text, tip
