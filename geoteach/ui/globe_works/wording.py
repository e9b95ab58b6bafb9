"""Globe Works in words: pure functions from a card, a view, a move or a scored round to a
sentence (or a line of HTML), the one place a translator would touch.

Nothing here decides a rule or reads a game: the facts come from ``GlobeWorks.view`` (a seat's
own hand, ``playable``, ``why_not_playable``, ``networks``, the ``history`` records) and from the
moves the screen is told about. Every name a person typed reaches HTML through ``html_text``;
functions whose name ends in ``_html`` return HTML, the others plain text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from geoteach.escape import html_text
from geoteach.games.base import Action
from geoteach.games.globe_works import SCORE_TABLE
from geoteach.games.globe_works.cards import ICON_WORDS, cards
from geoteach.games.globe_works.engine import (
    TOKENS,
    TURNS_AFTER_CALL,
    TURNS_BEFORE_DEALS,
    partner_of,
)
from geoteach.games.globe_works.networks import points_for_cards
from geoteach.games.globe_works.regions import regions
from geoteach.games.table import Table
from geoteach.render.palettes import text_on
from geoteach.ui.shell import number_text
from geoteach.ui.theme import is_you, seat_badge, seat_symbol

#: "two banking cities": each icon as a word that goes before "cities".
ICON_CITIES = {
    "coins": "banking",
    "airplane": "airline",
    "freighter": "port",
    "satellite": "information",
    "power": "energy",
}

View = Mapping[str, Any]


def name_of(table: Table, seat: int) -> str:
    """ "You" for a student alone (seat named You), else the seat's name."""
    return "You" if is_you(table, seat) else table.name_of(seat)


# ----- cards and points in words ----------------------------------------------------------
def card_label(card_id: str) -> str:
    """A card in words, never colour alone: "Busan · ocean freighters · EA"."""
    card = cards()[card_id]
    if card.is_linking:
        return f"{card.city} · linking city · opens {'+'.join(card.links)}"
    return f"{card.city} · {ICON_WORDS[card.icon]} · {card.region}"


def card_words(card_id: str) -> str:
    """A card in a sentence: "Busan (ocean freighters, East Asia)"."""
    card = cards()[card_id]
    if card.is_linking:
        return f"{card.city} (a linking city)"
    return f"{card.city} ({ICON_WORDS[card.icon]}, {regions()[card.region].name})"


def region_names(codes: Sequence[str]) -> str:
    """ "Western Europe, Eastern Europe and Middle East & North Africa"."""
    names = [regions()[c].name for c in codes]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def openers(region: str) -> list[str]:
    """The linking cities whose card shows ``region``'s colour (they open it)."""
    return [c.city for c in cards().values() if c.is_linking and region in c.links]


def points_words() -> str:
    """The rulebook's scoring table as a sentence."""
    said = ", ".join(f"{n} → {p:g}" for n, p in SCORE_TABLE.items())
    return (
        f"Points for a network, by its number of cards: {said}. A network is your cities of "
        "one icon whose regions open linking cities join. Linking cities never score."
    )


def scoring_table_html() -> str:
    """The rulebook's table: cards in a network and their points."""
    head = "".join(f"<th>{n}</th>" for n in SCORE_TABLE)
    body = "".join(f"<td>{p}</td>" for p in SCORE_TABLE.values())
    return (
        "<table class='gt-table gt-sheet'><tr><th>Cards in a network</th>"
        f"{head}</tr><tr><th>Points</th>{body}</tr></table>"
    )


def regions_key_html() -> str:
    """Region codes, names and colours, for the key under the map."""
    items = "".join(
        f"<span style='background:{r.colour};color:{text_on(r.colour)};padding:1px 4px;"
        f"margin:2px;display:inline-block'><b>{r.code}</b> {html_text(r.name)}</span>"
        for r in regions().values()
    )
    return f"<div>{items}</div>"


def pair_words(pair: Sequence[str], north: Sequence[str]) -> str:
    """A pair of cards of one icon that would join: "London and Warsaw, two banking cities of
    Western Europe and Eastern Europe, joined by Vienna" or "both Durban cards"."""
    deck = cards()
    a, b = deck[pair[0]], deck[pair[1]]
    kind = ICON_CITIES[a.icon]
    if a.card == b.card:
        return f"both {a.city} cards ({kind} city of {regions()[a.region].name})"
    joiner = next((deck[c].city for c in north if {a.region, b.region} <= set(deck[c].links)), "")
    return f"{a.city} and {b.city}, two {kind} cities of {region_names([a.region, b.region])}" + (
        f", joined by {joiner}" if joiner else ""
    )


def pair_sentence(table: Table, seat: int, pair: Sequence[str], north: Sequence[str]) -> str:
    """Why a pair left in a hand costs 20 points, said when the round is scored."""
    you = is_you(table, seat)
    who, whose = ("you", "your") if you else (table.name_of(seat), "their")
    return (
        f"−20: {who} kept a pair in {whose} hand: {pair_words(pair, north)}. "
        "A pair left in hand scores as 2 cards."
    )


def network_sentence(cities: Sequence[str], icon: str, points: float) -> str:
    """ "banks: London, Paris, Warsaw (3 cards) = 4 points"."""
    names = ", ".join(cards()[c].city for c in cities)
    size = len(cities)
    word = "card" if size == 1 else "cards"
    return f"{ICON_WORDS[icon]}: {names} ({size} {word}) = {points:g}"


def why_html(card_id: str, why: str | None) -> str:
    """Why the picked card cannot be played, with the linking cities that would open it."""
    if why is None:
        return ""
    card = cards()[card_id]
    more = ""
    if not card.is_linking and "linking city" in why:
        more = f" Linking cities that open {card.region}: {', '.join(openers(card.region))}."
    return f"<p>{html_text(why + more)}</p>"


# ----- the hand -------------------------------------------------------------------------------
def hand_note_html(table: Table, view: View, *, solo: bool) -> str:
    """Above the hand strip: whose hand, how many tokens, why nothing can be played, each −20."""
    me, hand, playable = view["player"], view["hand"], view["playable"]
    mine = "Your" if is_you(table, me) or solo else f"{html_text(table.name_of(me))}'s"
    head = (
        f"<p><b>{mine} hand</b> ({len(hand)} cards, {view['tokens_left'][me]} tokens "
        "left) · ✔ = can be played now · pick a card here or click its city on the map</p>"
    )
    if hand and not playable:
        head += f"<p><b>{html_text(none_playable(view))}</b></p>"
    return head + "".join(f"<p>{html_text(line)}</p>" for line in minus_twenty(table, view))


def hidden_hand_html(table: Table, person: int | None) -> str:
    """Where the hand would be while the screen waits to be passed."""
    whose = f"{html_text(table.name_of(person))}'s" if person is not None else "The"
    return f"<p><b>{whose} hand is hidden</b> until they have the screen.</p>"


def hands_on_devices_html() -> str:
    """The projector of a class game, where the hands are: on each team's own device."""
    return "<p><b>Each team sees its own hand</b> on its own device.</p>"


def minus_twenty(table: Table, view: View) -> list[str]:
    """Each −20 the seat of ``view`` has now or would have at the round's end, and why: a
    network of 2 cities down, a pair left in the hand."""
    me = view["player"]
    lines = []
    for icon, groups in view["networks"][me].items():
        for group in groups:
            if len(group) == 2:
                mate = partner_of(view["partnerships"], me, icon)
                shared = ""
                if mate is not None:
                    shared = f" (shared with {table.name_of(mate)}: −10 each)"
                names = " and ".join(cards()[c].city for c in group)
                lines.append(
                    f"−20 now{shared}: your {ICON_WORDS[icon]} network has only 2 cities, "
                    f"{names}. A third joined city makes it +4."
                )
    for pair in view["my_pairs"]:
        lines.append(
            f"−20 if the round ended now: a pair in your hand, {pair_words(pair, view['north'])}"
            ". Play one, or discard one."
        )
    return lines


def none_playable(view: View) -> str:
    """Why no card of the hand can be played, in one sentence, and what to do."""
    me = view["player"]
    if view["tokens_left"][me] == 0:
        return "You have no tokens left: draw a card, then take a token back as your discard."
    shut = sorted({cards()[c].region for c in view["hand"] if c not in view["played"][me]})
    if shut:
        return (
            "No city of yours is open yet: no linking city at the north edge shows "
            f"{', '.join(shut)}. Draw a card (a linking city you draw can be played next "
            "turn and opens its regions)."
        )
    return "Every city in your hand is already down: draw a card and discard one."


def hand_tooltip(card_id: str, why: str | None) -> str:
    """A hand card's tooltip: the card, and why it cannot be played (or that it can)."""
    return card_words(card_id) + (f". {why}" if why else ". Can be played.")


# ----- the banner -----------------------------------------------------------------------------
def round_head_html(table: Table, view: View, humans: Sequence[int]) -> str:
    """ "Round 2 of 3 · Ana deals · turn 4: deals and calling the end open after 6 turns each"."""
    return (
        f"Round {view['round']} of {view['rounds']}"
        + (" (the final round)" if view["final_round"] else "")
        + f" · {seat_badge(table, view['dealer'])} deals · {lap_words(table, view, humans)}"
    )


def lap_words(table: Table, view: View, humans: Sequence[int]) -> str:
    """Where the round is: turns so far, what 6 turns open, who called the end (HTML)."""
    least = min(view["turns"])
    if view["called_by"] is not None:
        caller = view["called_by"]
        who = "You" if is_you(table, caller) else html_text(table.name_of(caller))
        left = [
            f"{html_text(name_of(table, s))} {view['after_call'][s]}" for s in humans if s != caller
        ]
        more = f" (turns left: {', '.join(left)})" if left else ""
        return f"{who} called the end: {TURNS_AFTER_CALL} more turns each{more}"
    if least < TURNS_BEFORE_DEALS:
        return (
            f"turn {least + 1}: deals and calling the end open after "
            f"{TURNS_BEFORE_DEALS} turns each"
        )
    if view["final_round"]:
        return f"turn {least + 1}: deals are open; the round ends when nobody can play"
    return f"turn {least + 1}: deals are open and anyone may call the end"


def your_step_html(table: Table, view: View, person: int) -> str:
    """What ``person``, who has the screen, does now (the banner's second line)."""
    badge = "Your" if is_you(table, person) else f"{seat_badge(table, person)}'s"
    if view["phase"] == "deals" and view["proposal"] is not None:
        now = f"{badge} answer: {html_text(table.name_of(view['proposal']['from']))} "
        return now + "makes you an offer. Accept or decline."
    if view["phase"] == "deals":
        return f"{badge} deals: offer a trade or a partnership, or press No deal."
    if view["step"] == "drawn":
        return f"{badge} turn: discard one card (pick it, then press Discard)."
    return (
        f"{badge} turn: play a card marked ✔ (click it in your hand or on the map), or draw a card."
    )


# ----- the steps ------------------------------------------------------------------------------
PASS_STEP_HTML = "<p><b>You can neither play nor draw:</b> pass your turn.</p>"
TURN_STEP_HTML = (
    "<p><b>Your turn:</b> play a card marked ✔, <i>or</i> draw a card (then you discard one).</p>"
)
TAKE_BACK_HTML = "<p>Or take a token back: that city becomes your discard.</p>"
PARTNERSHIP_FORM_HTML = (
    "<p><b>Offer a partnership:</b> your cities of one icon and theirs make one "
    "network; its points are shared half and half.</p>"
)
TRADE_FORM_HTML = (
    "<p><b>Offer a trade:</b> one of your cards for one of theirs. Their hands are "
    "secret: ask for a city they have down, or let them choose.</p>"
)
CALL_NOTE_HTML = (
    "<p><small>Any time now (everyone has had 6 turns): you take this last turn, "
    f"everyone else {TURNS_AFTER_CALL} more, then the round is scored.</small></p>"
)


def discard_step_html(drawn: str) -> str:
    return (
        f"<p><b>You drew {html_text(card_words(drawn))}.</b> Now discard one card: the "
        "picked one, or pick another in your hand or on the map.</p>"
    )


def deal_step_html(table: Table, current: int) -> str:
    return (
        f"<p><b>Deals</b> (during {html_text(table.name_of(current))}'s "
        "turn, once a lap): offer one trade or one partnership, or say No deal.</p>"
    )


def offer_html(table: Table, view: View) -> str:
    """The offer made to the seat of ``view``, to accept or decline."""
    prop = view["proposal"]
    who = html_text(table.name_of(prop["from"]))
    if prop["kind"] == "partnership":
        icon = prop["icon"]
        return (
            f"<p><b>{who} offers you a partnership in {ICON_WORDS[icon]}:</b> your "
            f"{ICON_CITIES[icon]} cities and theirs make one network, its points shared "
            "half and half.</p>"
        )
    give = html_text(card_words(prop["give"]))
    on_map = prop["give"] in view["played"][prop["from"]]
    where = " (a city on the map: your token can go on it, or the card into your hand)"
    if prop["take"] is None:
        return (
            f"<p><b>{who} offers you {give}</b>{where if on_map else ''} for a card you choose:</p>"
        )
    want = html_text(card_words(prop["take"]))
    return f"<p><b>{who} offers you {give}</b>{where if on_map else ''} for your {want}.</p>"


# ----- the computers' moves, one sentence each -------------------------------------------------
def move_sentence(
    table: Table,
    action: Action,
    humans: Sequence[int],
    *,
    took: str | None = None,
    deal: Mapping[str, Any] | None = None,
) -> str:
    """One sentence for the log of a computer's move ("" for a move with nothing to say: a
    draw is said with the discard after it). ``took`` is the card the player took from the
    discard pile before this move; ``deal`` the offer an accept or a decline answers."""
    seat, kind = action["player"], action["type"]
    who = table.name_of(seat)
    card = action.get("card")
    took_words = f"took {card_words(took)} from the discard pile" if took else "drew a card"
    if kind == "play":
        info = cards()[card]
        if info.is_linking:
            return (
                f"{who} opened {info.city} at the north edge: "
                f"{region_names(info.links)} are open to everyone."
            )
        return f"{who} played {card_words(card)}."
    if kind == "discard":
        return f"{who} {took_words} and discarded {card_words(card)}."
    if kind == "take_back":
        return f"{who} {took_words} and took back the token on {card_words(card)}."
    if kind == "pass":
        return f"{who} can neither play nor draw, and passes."
    if kind == "call_end":
        return (
            f"{who} calls the end of the round: everyone else takes {TURNS_AFTER_CALL} more turns."
        )
    if kind in ("propose_trade", "propose_partnership"):
        to = "you" if action["to"] in humans else table.name_of(action["to"])
        if kind == "propose_partnership":
            return f"{who} offers {to} a partnership in {ICON_WORDS[action['icon']]}."
        if action["to"] in humans:
            want = card_words(action["take"]) if action.get("take") else "a card you choose"
            return f"{who} offers you {card_words(action['give'])} for {want}."
        return f"{who} offers {to} a trade."
    if kind in ("accept", "decline") and deal is not None:
        verb = "accepts" if kind == "accept" else "declines"
        offerer = "your" if deal["from"] in humans else f"{name_of(table, deal['from'])}'s"
        if deal["kind"] == "partnership":
            return f"{who} {verb} {offerer} partnership in {ICON_WORDS[deal['icon']]}."
        if kind == "accept" and deal["from"] in humans:
            got = card_words(deal["take"])
            return f"{who} accepts your trade: you get {got} for {card_words(deal['give'])}."
        return f"{who} {verb} {offerer} trade."
    return ""


# ----- verdicts: (headline, lines) -------------------------------------------------------------
def play_verdict(table: Table, view: View, seat: int, card_id: str) -> dict[str, Any]:
    """After a person plays: what it did to their networks (``show_verdict``'s headline and
    details; the deck's reason for the city goes with it)."""
    card = cards()[card_id]
    if card.is_linking:
        return {
            "headline": f"{card.city} is open at the north edge",
            "lines": [
                f"{region_names(card.links)} are open to everyone now: cities of these "
                "regions can be played, and networks join across them."
            ],
        }
    groups = view["networks"][seat][card.icon]
    group = next((g for g in groups if card_id in g), [card_id])
    points = points_for_cards(len(group))
    lines = [f"Your {network_sentence(group, card.icon, points)} points."]
    mate = partner_of(view["partnerships"], seat, card.icon)
    if mate is not None:
        lines.append(
            f"Shared with your partner {table.name_of(mate)}: "
            f"{number_text(points / 2)} points each."
        )
    if len(group) == 2:
        lines.append(
            "−20 for now: a network of 2 cards costs 20 points. A third city of "
            f"{ICON_WORDS[card.icon]} joined to it makes it +4."
        )
    lines.append(f"Tokens left: {view['tokens_left'][seat]} of {TOKENS}.")
    return {
        "headline": f"{name_of(table, seat)} played {card.city}",
        "lines": lines,
        "where": f"{card.city} is in {regions()[card.region].name} ({card.region}).",
    }


def call_verdict(table: Table, view: View, caller: int, humans: Sequence[int]) -> dict[str, Any]:
    """A computer called the end of the round: what happens now."""
    left = [
        f"{name_of(table, s)} {view['after_call'][s]}"
        for s in humans
        if s != caller and view["after_call"][s] > 0
    ]
    return {
        "headline": f"{table.name_of(caller)} called the end of the round",
        "lines": [
            f"Everyone else takes {TURNS_AFTER_CALL} more turns (turns left: "
            f"{', '.join(left)}); {table.name_of(caller)} plays no more this round.",
            "Then the round is scored: cards down, and −20 for each pair left in a hand.",
        ],
    }


def answer_verdict(table: Table, deal: Mapping[str, Any]) -> dict[str, Any]:
    """A computer answered a person's offer (``deal``: the offer, with ``accepted`` and, for a
    trade, the ``take`` given in return)."""
    to = table.name_of(deal["to"])
    if not deal["accepted"]:
        return {"headline": f"{to} declined your offer"}
    if deal["kind"] == "partnership":
        return {
            "headline": f"{to} is your partner in {ICON_WORDS[deal['icon']]}",
            "lines": [
                f"Your {ICON_CITIES[deal['icon']]} cities and theirs make one network; "
                "its points are shared half and half."
            ],
        }
    return {
        "headline": f"{to} accepted your trade",
        "lines": [f"You gave {card_words(deal['give'])} and got {card_words(deal['take'])}."],
    }


def deals_open_verdict(final_round: bool) -> dict[str, Any]:
    """The moment everyone has had 6 turns: deals, and (not in the final round) the call."""
    lines = [
        "Deals: once a lap you may offer one trade (a card for a card) or one partnership "
        "(shared networks of one icon), or just press No deal."
    ]
    if final_round:
        lines.append(
            "This is the final round: nobody can call its end. It ends when nobody can "
            "play any more."
        )
    else:
        lines.append(
            "Anyone may now call the end of the round: the caller takes one last turn, "
            f"everyone else {TURNS_AFTER_CALL} more, then the round is scored."
        )
    return {"headline": f"Everyone has had {TURNS_BEFORE_DEALS} turns", "lines": lines}


# ----- a scored round --------------------------------------------------------------------------
def _by_score(record: Mapping[str, Any]) -> list[int]:
    return sorted(range(len(record["scores"])), key=lambda s: -record["scores"][s])


def round_lines(table: Table, record: Mapping[str, Any], rounds: int) -> list[str]:
    """The round's end: who scored what and why, the −20 of each pair left in a hand."""
    order = _by_score(record)
    lines = []
    if record["called_by"] is not None:
        lines.append(f"{table.name_of(record['called_by'])} called the end.")
    elif record["round"] == rounds:
        lines.append("Nobody could play any more.")
    for s in order:
        pen = record["pair_penalties"][s]
        extra = f" (cards down {record['cards_down'][s]:g}, pairs {pen:g})" if pen else ""
        lines.append(f"{table.name_of(s)}: {number_text(record['scores'][s])} points{extra}.")
    for s in order:
        for pair in record["pairs"][s]:
            lines.append(pair_sentence(table, s, pair, record["north"]))
    return lines


def result_html(table: Table, record: Mapping[str, Any]) -> str:
    """A round's scores in a table: networks, pairs left in hand, the round's points
    (``record``: a ``history`` record of the view, with its ``networks``)."""
    rows = []
    for s in _by_score(record):
        nets = []
        for icon, groups in record["networks"][s].items():
            for group in groups:
                if len(group) > 1:
                    mate = partner_of(record["partnerships"], s, icon)
                    shared = f", shared with {table.name_of(mate)}" if mate is not None else ""
                    points = points_for_cards(len(group))
                    nets.append(network_sentence(group, icon, points) + shared)
        pairs = record["pairs"][s]
        kept = "; ".join(" and ".join(cards()[c].city for c in pair) for pair in pairs)
        seat = table.seats[s]
        rows.append(
            f"<tr><td><span style='color:{seat.colour}'>{seat_symbol(s)}</span> "
            f"{html_text(seat.name)}</td>"
            f"<td>{html_text('; '.join(nets) or 'no network of 2 or more')}</td>"
            f"<td>{html_text(kept + ' = ' if kept else '')}"
            f"{number_text(record['pair_penalties'][s])}</td>"
            f"<td><b>{number_text(record['scores'][s])}</b></td></tr>"
        )
    return (
        f"<p><b>Round {record['round']}: the scores</b> · the map shows the cards down at "
        "the end</p><table><tr><th>Player</th><th>Networks (cards down)</th>"
        "<th>Pairs left in hand</th><th>Round</th></tr>"
        + "".join(rows)
        + f"</table><p><small>{html_text(points_words())}</small></p>"
    )


def sheet_html(table: Table, view: View, places: Sequence[tuple[int, int]]) -> str:
    """The score sheet: each round's points, players in ``places`` order ((place, seat))."""
    history = view["history"]
    if not history:
        return ""
    heads = "".join(f"<th>Round {r['round']}</th>" for r in history)
    rows = []
    for place, seat in places:
        cells = "".join(f"<td>{r['scores'][seat]:g}</td>" for r in history)
        rows.append(
            f"<tr><td>{place}</td><td>{seat_badge(table, seat)}</td>{cells}"
            f"<td><b>{number_text(view['totals'][seat])}</b></td></tr>"
        )
    return (
        "<details><summary><b>Score sheet</b> (points of each round)</summary>"
        f"<table class='gt-sheet'><tr><th>Place</th><th>Player</th>{heads}"
        "<th>Total</th></tr>" + "".join(rows) + "</table></details>"
    )


def map_key_html(table: Table, *, rings: bool, playable: str, picked: str) -> str:
    """Under the map: the tokens' colours, what the rings say (``rings``), the north edge."""
    tokens = " ".join(
        f"<span style='color:{s.colour}'>{seat_symbol(i)}</span>&nbsp;{html_text(s.name)}"
        for i, s in enumerate(table.seats)
    )
    said = (
        # The ring's colour as a swatch beside its words: the words stay in the page's text
        # colour (green and orange text on white are 3.4:1 and 3.9:1, under 4.5:1).
        f" · rings: your cards (<b><span style='color:{playable}' aria-hidden='true'>●</span>"
        f" thick ✔</b> can be played, <b><span style='color:{picked}' aria-hidden='true'>●"
        "</span> orange</b> picked)"
        if rings
        else ""
    )
    return (
        f"<p>Tokens: {tokens}{said} · top strip: the north edge, linking cities open "
        "to everyone · lines: networks (one line style per icon)</p>"
    )


def rules_html() -> str:
    """How to play, folded under the board."""
    return (
        "<details><summary><b>How to play</b></summary><ul>"
        "<li>Each turn: <b>play</b> a card and draw one, <i>or</i> <b>draw</b> one (draw "
        "pile or top discard) and discard one. Your discard may be a city of yours: you "
        "take its token back.</li>"
        "<li><b>Linking cities</b> go to the north edge (the strip at the top) and open "
        "their regions to everyone. A city can be played only when its region is open. "
        f"You have {TOKENS} tokens.</li>"
        "<li>A <b>network</b> is your cities of one icon whose regions open linking cities "
        "join. Its points: see the table. Careful: 2 cards cost 20 points.</li>"
        f"<li>After {TURNS_BEFORE_DEALS} turns each: trades and partnerships (once a lap), "
        "and anyone may call the end of the round (not in the final round).</li>"
        "<li>At the end of a round, every pair of cities of one icon left in a hand that "
        "would join scores −20.</li></ul>"
        f"{scoring_table_html()}{regions_key_html()}</details>"
    )
