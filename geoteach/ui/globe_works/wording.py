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

from geoteach.data.place_names import said_here
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
from geoteach.i18n import N_, _, list_words, ngettext, speaking
from geoteach.render.globe_works_names import city_name, region_list, region_name
from geoteach.render.palettes import text_on
from geoteach.ui.shell import number_text
from geoteach.ui.theme import is_you, seat_badge, seat_symbol

View = Mapping[str, Any]


def icon(icon_key: str) -> str:
    """An icon in words in the page's language ("banks", "Banken")."""
    return _(ICON_WORDS[icon_key])


def name_of(table: Table, seat: int) -> str:
    """ "You" for a student alone (seat named You), else the seat's name."""
    return _("You") if is_you(table, seat) else table.name_of(seat)


def cities_and(card_ids: Sequence[str]) -> str:
    """Cities as a person lists them: "London, Paris and Warsaw"."""
    return list_words([city_name(c) for c in card_ids], last="and")


# ----- cards and points in words ----------------------------------------------------------
def card_label(card_id: str) -> str:
    """A card in words, never colour alone: "Busan · ocean freighters · EA"."""
    card = cards()[card_id]
    if card.is_linking:
        return _("{city} · linking city · opens {codes}").format(
            city=city_name(card_id), codes="+".join(card.links)
        )
    return f"{city_name(card_id)} · {icon(card.icon)} · {card.region}"


def card_words(card_id: str) -> str:
    """A card in a sentence: "Busan (ocean freighters, East Asia)"."""
    card = cards()[card_id]
    if card.is_linking:
        return _("{city} (a linking city)").format(city=city_name(card_id))
    return f"{city_name(card_id)} ({icon(card.icon)}, {region_name(card.region)})"


def region_names(codes: Sequence[str]) -> str:
    """ "Western Europe, Eastern Europe and Middle East & North Africa"."""
    return region_list(list(codes))


def openers(region: str) -> list[str]:
    """The linking cities whose card shows ``region``'s colour (they open it)."""
    return [city_name(c.card) for c in cards().values() if c.is_linking and region in c.links]


def points_words() -> str:
    """The rulebook's scoring table as a sentence."""
    said = ", ".join(f"{n} → {number_text(p)}" for n, p in SCORE_TABLE.items())
    return _(
        "Points for a network, by its number of cards: {table}. A network is your cities of "
        "one icon whose regions open linking cities join. Linking cities never score."
    ).format(table=said)


def scoring_table_html() -> str:
    """The rulebook's table: cards in a network and their points."""
    head = "".join(f"<th>{n}</th>" for n in SCORE_TABLE)
    body = "".join(f"<td>{number_text(p)}</td>" for p in SCORE_TABLE.values())
    size, points = html_text(_("Cards in a network")), html_text(_("Points"))
    return (
        f"<table class='gt-table gt-sheet'><tr><th>{size}</th>"
        f"{head}</tr><tr><th>{points}</th>{body}</tr></table>"
    )


def regions_key_html() -> str:
    """Region codes, names and colours, for the key under the map."""
    items = "".join(
        f"<span style='background:{r.colour};color:{text_on(r.colour)};padding:1px 4px;"
        f"margin:2px;display:inline-block'><b>{r.code}</b> {html_text(region_name(r.code))}</span>"
        for r in regions().values()
    )
    return f"<div>{items}</div>"


def pair_words(pair: Sequence[str], north: Sequence[str]) -> str:
    """A pair of cards of one icon that would join: "London and Warsaw, two cities of banks, in
    Western Europe and Eastern Europe, joined by Vienna" or "both Durban cards"."""
    deck = cards()
    a, b = deck[pair[0]], deck[pair[1]]
    if a.card == b.card:
        return _("both {city} cards ({icon}, {region})").format(
            city=city_name(a.card), icon=icon(a.icon), region=region_name(a.region)
        )
    joiner = next((city_name(c) for c in north if {a.region, b.region} <= set(deck[c].links)), "")
    values = {
        "a": city_name(a.card),
        "b": city_name(b.card),
        "icon": icon(a.icon),
        "regions": region_names([a.region, b.region]),
        "joiner": joiner,
    }
    if joiner:
        return _("{a} and {b}, two cities of {icon} in {regions}, joined by {joiner}").format(
            **values
        )
    return _("{a} and {b}, two cities of {icon} in {regions}").format(**values)


def pair_sentence(table: Table, seat: int, pair: Sequence[str], north: Sequence[str]) -> str:
    """Why a pair left in a hand costs 20 points, said when the round is scored."""
    words = pair_words(pair, north)
    if is_you(table, seat):
        return _(
            "−20: you kept a pair in your hand: {pair}. A pair left in hand scores as 2 cards."
        ).format(pair=words)
    return _(
        "−20: {name} kept a pair in their hand: {pair}. A pair left in hand scores as 2 cards."
    ).format(name=table.name_of(seat), pair=words)


def network_sentence(cities: Sequence[str], icon_key: str, points: float) -> str:
    """ "banks: London, Paris, Warsaw (3 cards) = 4 points"."""
    size = len(cities)
    return ngettext(
        "{icon}: {cities} ({n} card) = {points}",
        "{icon}: {cities} ({n} cards) = {points}",
        size,
    ).format(
        icon=icon(icon_key),
        cities=", ".join(city_name(c) for c in cities),
        n=size,
        points=number_text(points),
    )


#: The engine's reasons a held card cannot be played that name a city (``why_not_allowed``),
#: keyed by kind; the page says them again with the city and region in its own language.
ENGINE_REASONS = {
    "region": N_(
        "{city} cannot be played yet: no linking city at the north edge shows the "
        "colour of {region}."
    ),
    "duplicate": N_("You already have {city} down: a duplicate cannot be played twice."),
}


def reason_kind(card_id: str, why: str | None) -> str | None:
    """Which of ``ENGINE_REASONS`` ``why`` is (said in English or the page's language)."""
    card = cards()[card_id]
    for kind, message in ENGINE_REASONS.items():
        said = {_(message).format(city=card.city, region=card.region)}
        with speaking("en"):
            said.add(_(message).format(city=card.city, region=card.region))
        if why in said:
            return kind
    return None


def why_text(card_id: str, why: str | None) -> str | None:
    """The engine's reason ``card_id`` cannot be played, worded by the page (the engine keeps
    its own words for the record; the page names the city and region in its language)."""
    kind = reason_kind(card_id, why)
    if kind is None:
        return why if why is None else said_here(why)  # a class game's view is in English
    region = region_name(cards()[card_id].region)
    return _(ENGINE_REASONS[kind]).format(city=city_name(card_id), region=region)


def why_html(card_id: str, why: str | None) -> str:
    """Why the picked card cannot be played, with the linking cities that would open it."""
    said = why_text(card_id, why)
    if said is None:
        return ""
    if reason_kind(card_id, why) == "region":
        region = cards()[card_id].region
        said += " " + _("Linking cities that open {region}: {cities}.").format(
            region=region_name(region), cities=", ".join(openers(region))
        )
    return f"<p>{html_text(said)}</p>"


# ----- the hand -------------------------------------------------------------------------------
def hand_note_html(table: Table, view: View, *, solo: bool) -> str:
    """Above the hand strip: whose hand, how many tokens, why nothing can be played, each −20."""
    me, hand, playable = view["player"], view["hand"], view["playable"]
    if is_you(table, me) or solo:
        whose = _("Your hand")
    else:
        whose = _("{name}'s hand").format(name=table.name_of(me))
    cards_said = ngettext("{n} card", "{n} cards", len(hand)).format(n=len(hand))
    tokens = view["tokens_left"][me]
    tokens_said = ngettext("{n} token left", "{n} tokens left", tokens).format(n=tokens)
    how = _("✔ = can be played now · pick a card here or click its city on the map")
    head = (
        f"<p><b>{html_text(whose)}</b> ({html_text(cards_said)}, {html_text(tokens_said)}) · "
        f"{html_text(how)}</p>"
    )
    if hand and not playable:
        head += f"<p><b>{html_text(none_playable(view))}</b></p>"
    return head + "".join(f"<p>{html_text(line)}</p>" for line in minus_twenty(table, view))


def hidden_hand_html(table: Table, person: int | None) -> str:
    """Where the hand would be while the screen waits to be passed."""
    if person is None:
        said = _("The hand is hidden until its player has the screen.")
    else:
        said = _("{name}'s hand is hidden until they have the screen.").format(
            name=table.name_of(person)
        )
    return f"<p><b>{html_text(said)}</b></p>"


def hands_on_devices_html() -> str:
    """The projector of a class game, where the hands are: on each team's own device."""
    said = html_text(_("Each team sees its own hand on its own device."))
    return f"<p><b>{said}</b></p>"


def minus_twenty(table: Table, view: View) -> list[str]:
    """Each −20 the seat of ``view`` has now or would have at the round's end, and why: a
    network of 2 cities down, a pair left in the hand."""
    me = view["player"]
    lines = []
    for icon_key, groups in view["networks"][me].items():
        for group in groups:
            if len(group) == 2:
                mate = partner_of(view["partnerships"], me, icon_key)
                values = {"icon": icon(icon_key), "cities": cities_and(group)}
                if mate is None:
                    line = _(
                        "−20 now: your {icon} network has only 2 cities, {cities}. A third "
                        "joined city makes it +4."
                    ).format(**values)
                else:
                    line = _(
                        "−20 now (shared with {partner}: −10 each): your {icon} network has "
                        "only 2 cities, {cities}. A third joined city makes it +4."
                    ).format(partner=table.name_of(mate), **values)
                lines.append(line)
    for pair in view["my_pairs"]:
        lines.append(
            _(
                "−20 if the round ended now: a pair in your hand, {pair}. Play one, or discard one."
            ).format(pair=pair_words(pair, view["north"]))
        )
    return lines


def none_playable(view: View) -> str:
    """Why no card of the hand can be played, in one sentence, and what to do."""
    me = view["player"]
    if view["tokens_left"][me] == 0:
        return _("You have no tokens left: draw a card, then take a token back as your discard.")
    shut = sorted({cards()[c].region for c in view["hand"] if c not in view["played"][me]})
    if shut:
        return _(
            "No city of yours is open yet: no linking city at the north edge shows {regions}. "
            "Draw a card (a linking city you draw can be played next turn and opens its "
            "regions)."
        ).format(regions=region_list(shut))
    return _("Every city in your hand is already down: draw a card and discard one.")


def hand_tooltip(card_id: str, why: str | None) -> str:
    """A hand card's tooltip: the card, and why it cannot be played (or that it can)."""
    said = why_text(card_id, why)
    return f"{card_words(card_id)}. " + (said if said else _("Can be played."))


# ----- the banner -----------------------------------------------------------------------------
def round_head_html(table: Table, view: View, humans: Sequence[int]) -> str:
    """ "Round 2 of 3 · Ana deals · turn 4: deals and calling the end open after 6 turns each"."""
    if view["final_round"]:
        head = _("Round {round} of {rounds} (the final round)")
    else:
        head = _("Round {round} of {rounds}")
    head = head.format(round=view["round"], rounds=view["rounds"])
    deals = _("You deal") if is_you(table, view["dealer"]) else _("{name} deals")
    dealer = _with_badge(deals, seat_badge(table, view["dealer"]))
    return f"{html_text(head)} · {dealer} · {lap_words(table, view, humans)}"


def lap_words(table: Table, view: View, humans: Sequence[int]) -> str:
    """Where the round is: turns so far, what 6 turns open, who called the end (HTML)."""
    least = min(view["turns"])
    if view["called_by"] is not None:
        caller = view["called_by"]
        left = [f"{name_of(table, s)} {view['after_call'][s]}" for s in humans if s != caller]
        n = TURNS_AFTER_CALL
        if is_you(table, caller):
            said = ngettext(
                "You called the end: {n} more turn each",
                "You called the end: {n} more turns each",
                n,
            ).format(n=n)
        else:
            said = ngettext(
                "{name} called the end: {n} more turn each",
                "{name} called the end: {n} more turns each",
                n,
            ).format(name=table.name_of(caller), n=n)
        if left:
            said += " " + _("(turns left: {list})").format(list=", ".join(left))
        return html_text(said)
    turn = least + 1
    if least < TURNS_BEFORE_DEALS:
        said = _("turn {turn}: deals and calling the end open after {n} turns each")
    elif view["final_round"]:
        said = _("turn {turn}: deals are open; the round ends when nobody can play")
    else:
        said = _("turn {turn}: deals are open and anyone may call the end")
    return html_text(said.format(turn=turn, n=TURNS_BEFORE_DEALS))


def _with_badge(sentence: str, badge: str) -> str:
    """``sentence`` (plain text with ``{name}``) as HTML with the seat's badge for ``{name}``."""
    before, sep, after = sentence.partition("{name}")
    return html_text(before) + (badge if sep else "") + html_text(after)


def your_step_html(table: Table, view: View, person: int) -> str:
    """What ``person``, who has the screen, does now (the banner's second line)."""
    you = is_you(table, person)
    badge = seat_badge(table, person)
    if view["phase"] == "deals" and view["proposal"] is not None:
        offerer = table.name_of(view["proposal"]["from"])
        if you:
            said = _("Your answer: {offerer} makes you an offer. Accept or decline.")
        else:
            said = _("{name}'s answer: {offerer} makes you an offer. Accept or decline.")
        return _with_badge(said.replace("{offerer}", offerer), badge)
    if view["phase"] == "deals":
        if you:
            said = _("Your deals: offer a trade or a partnership, or press No deal.")
        else:
            said = _("{name}'s deals: offer a trade or a partnership, or press No deal.")
    elif view["step"] == "drawn":
        if you:
            said = _("Your turn: discard one card (pick it, then press Discard).")
        else:
            said = _("{name}'s turn: discard one card (pick it, then press Discard).")
    elif you:
        said = _(
            "Your turn: play a card marked ✔ (click it in your hand or on the map), or draw a card."
        )
    else:
        said = _(
            "{name}'s turn: play a card marked ✔ (click it in your hand or on the map), or "
            "draw a card."
        )
    return _with_badge(said, badge)


# ----- the steps ------------------------------------------------------------------------------
def _bold_then(bold: str, rest: str) -> str:
    return f"<p><b>{html_text(bold)}</b> {html_text(rest)}</p>"


def pass_step_html() -> str:
    return _bold_then(_("You can neither play nor draw:"), _("pass your turn."))


def turn_step_html() -> str:
    return _bold_then(
        _("Your turn:"), _("play a card marked ✔, or draw a card (then you discard one).")
    )


def take_back_html() -> str:
    said = html_text(_("Or take a token back: that city becomes your discard."))
    return f"<p>{said}</p>"


def partnership_form_html() -> str:
    return _bold_then(
        _("Offer a partnership:"),
        _(
            "your cities of one icon and theirs make one network; its points are shared half "
            "and half."
        ),
    )


def trade_form_html() -> str:
    return _bold_then(
        _("Offer a trade:"),
        _(
            "one of your cards for one of theirs. Their hands are secret: ask for a city they "
            "have down, or let them choose."
        ),
    )


def call_note_html() -> str:
    said = ngettext(
        "Any time now (everyone has had {turns} turns): you take this last turn, everyone "
        "else {n} more, then the round is scored.",
        "Any time now (everyone has had {turns} turns): you take this last turn, everyone "
        "else {n} more, then the round is scored.",
        TURNS_AFTER_CALL,
    ).format(turns=TURNS_BEFORE_DEALS, n=TURNS_AFTER_CALL)
    return f"<p><small>{html_text(said)}</small></p>"


def discard_step_html(drawn: str) -> str:
    return _bold_then(
        _("You drew {card}.").format(card=card_words(drawn)),
        _("Now discard one card: the picked one, or pick another in your hand or on the map."),
    )


def deal_step_html(table: Table, current: int) -> str:
    return _bold_then(
        _("Deals"),
        _(
            "(during {name}'s turn, once a lap): offer one trade or one partnership, or say "
            "No deal."
        ).format(name=table.name_of(current)),
    )


def offer_html(table: Table, view: View) -> str:
    """The offer made to the seat of ``view``, to accept or decline."""
    prop = view["proposal"]
    who = table.name_of(prop["from"])
    if prop["kind"] == "partnership":
        return _bold_then(
            _("{name} offers you a partnership in {icon}:").format(
                name=who, icon=icon(prop["icon"])
            ),
            _(
                "your cities of {icon} and theirs make one network, its points shared half "
                "and half."
            ).format(icon=icon(prop["icon"])),
        )
    values = {"name": who, "card": card_words(prop["give"])}
    if prop["take"] is None:
        head = _("{name} offers you {card} for a card you choose.").format(**values)
    else:
        want = card_words(prop["take"])
        head = _("{name} offers you {card} for {want}.").format(want=want, **values)
    where = ""
    if prop["give"] in view["played"][prop["from"]]:
        where = " " + _(
            "It is a city on the map: your token can go on it, or the card into your hand."
        )
    return f"<p><b>{html_text(head)}</b>{html_text(where)}</p>"


# ----- the computers' moves, one sentence each -------------------------------------------------
def _took_words(who: str, took: str | None, then: str, card: str) -> str:
    """ "Ana drew a card and discarded …" / "… took Busan from the discard pile and took back …"."""
    values = {"name": who, "took": card_words(took) if took else "", "card": card_words(card)}
    if then == "discard":
        if took:
            said = _("{name} took {took} from the discard pile and discarded {card}.")
        else:
            said = _("{name} drew a card and discarded {card}.")
    elif took:
        said = _("{name} took {took} from the discard pile and took back the token on {card}.")
    else:
        said = _("{name} drew a card and took back the token on {card}.")
    return said.format(**values)


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
    card = str(action.get("card", ""))  # a play, a discard or a take-back names its card
    if kind == "play":
        info = cards()[card]
        if info.is_linking:
            return _(
                "{name} opened {city} at the north edge: {regions} are open to everyone."
            ).format(name=who, city=city_name(card), regions=region_names(info.links))
        return _("{name} played {card}.").format(name=who, card=card_words(card))
    if kind in ("discard", "take_back"):
        return _took_words(who, took, kind, card)
    if kind == "pass":
        return _("{name} can neither play nor draw, and passes.").format(name=who)
    if kind == "call_end":
        return ngettext(
            "{name} calls the end of the round: everyone else takes {n} more turn.",
            "{name} calls the end of the round: everyone else takes {n} more turns.",
            TURNS_AFTER_CALL,
        ).format(name=who, n=TURNS_AFTER_CALL)
    if kind in ("propose_trade", "propose_partnership"):
        to_you = action["to"] in humans
        if kind == "propose_partnership":
            said = (
                _("{name} offers you a partnership in {icon}.")
                if to_you
                else _("{name} offers {other} a partnership in {icon}.")
            )
            return said.format(
                name=who, other=table.name_of(action["to"]), icon=icon(action["icon"])
            )
        if to_you:
            if action.get("take"):
                return _("{name} offers you {card} for {want}.").format(
                    name=who, card=card_words(action["give"]), want=card_words(action["take"])
                )
            return _("{name} offers you {card} for a card you choose.").format(
                name=who, card=card_words(action["give"])
            )
        return _("{name} offers {other} a trade.").format(
            name=who, other=table.name_of(action["to"])
        )
    if kind in ("accept", "decline") and deal is not None:
        return _answer_sentence(table, who, kind == "accept", deal, humans)
    return ""


def _answer_sentence(
    table: Table, who: str, accepted: bool, deal: Mapping[str, Any], humans: Sequence[int]
) -> str:
    """A computer's answer to an offer, for the log."""
    yours = deal["from"] in humans and is_you(table, deal["from"])
    values = {"name": who, "other": table.name_of(deal["from"])}
    if deal["kind"] == "partnership":
        values["icon"] = icon(deal["icon"])
        if accepted:
            said = (
                _("{name} accepts your partnership in {icon}.")
                if yours
                else _("{name} accepts {other}'s partnership in {icon}.")
            )
        else:
            said = (
                _("{name} declines your partnership in {icon}.")
                if yours
                else _("{name} declines {other}'s partnership in {icon}.")
            )
        return said.format(**values)
    if accepted and deal["from"] in humans:
        return _("{name} accepts your trade: you get {got} for {gave}.").format(
            name=who, got=card_words(deal["take"]), gave=card_words(deal["give"])
        )
    if accepted:
        said = _("{name} accepts your trade.") if yours else _("{name} accepts {other}'s trade.")
    else:
        said = _("{name} declines your trade.") if yours else _("{name} declines {other}'s trade.")
    return said.format(**values)


# ----- verdicts: (headline, lines) -------------------------------------------------------------
def play_verdict(table: Table, view: View, seat: int, card_id: str) -> dict[str, Any]:
    """After a person plays: what it did to their networks (``show_verdict``'s headline and
    details; the deck's reason for the city goes with it)."""
    card = cards()[card_id]
    city = city_name(card_id)
    if card.is_linking:
        return {
            "headline": _("{city} is open at the north edge").format(city=city),
            "lines": [
                _(
                    "{regions} are open to everyone now: cities of these regions can be "
                    "played, and networks join across them."
                ).format(regions=region_names(card.links))
            ],
        }
    groups = view["networks"][seat][card.icon]
    group = next((g for g in groups if card_id in g), [card_id])
    points = points_for_cards(len(group))
    lines = [
        ngettext(
            "Your {icon} network: {cities} ({n} card). Points: {points}.",
            "Your {icon} network: {cities} ({n} cards). Points: {points}.",
            len(group),
        ).format(
            icon=icon(card.icon),
            cities=", ".join(city_name(c) for c in group),
            n=len(group),
            points=number_text(points),
        )
    ]
    mate = partner_of(view["partnerships"], seat, card.icon)
    if mate is not None:
        lines.append(
            _("Shared with your partner {name}: {points} points each.").format(
                name=table.name_of(mate), points=number_text(points / 2)
            )
        )
    if len(group) == 2:
        lines.append(
            _(
                "−20 for now: a network of 2 cards costs 20 points. A third city of {icon} "
                "joined to it makes it +4."
            ).format(icon=icon(card.icon))
        )
    lines.append(
        _("Tokens left: {n} of {total}.").format(n=view["tokens_left"][seat], total=TOKENS)
    )
    if is_you(table, seat):
        headline = _("You played {city}").format(city=city)
    else:
        headline = _("{name} played {city}").format(name=table.name_of(seat), city=city)
    return {
        "headline": headline,
        "lines": lines,
        "where": _("{city} is in {region} ({code}).").format(
            city=city, region=region_name(card.region), code=card.region
        ),
    }


def call_verdict(table: Table, view: View, caller: int, humans: Sequence[int]) -> dict[str, Any]:
    """A computer called the end of the round: what happens now."""
    left = [
        f"{name_of(table, s)} {view['after_call'][s]}"
        for s in humans
        if s != caller and view["after_call"][s] > 0
    ]
    name = table.name_of(caller)
    return {
        "headline": _("{name} called the end of the round").format(name=name),
        "lines": [
            ngettext(
                "Everyone else takes {n} more turn (turns left: {list}); {name} plays no "
                "more this round.",
                "Everyone else takes {n} more turns (turns left: {list}); {name} plays no "
                "more this round.",
                TURNS_AFTER_CALL,
            ).format(n=TURNS_AFTER_CALL, list=", ".join(left), name=name),
            _("Then the round is scored: cards down, and −20 for each pair left in a hand."),
        ],
    }


def answer_verdict(table: Table, deal: Mapping[str, Any]) -> dict[str, Any]:
    """A computer answered a person's offer (``deal``: the offer, with ``accepted`` and, for a
    trade, the ``take`` given in return)."""
    to = table.name_of(deal["to"])
    if not deal["accepted"]:
        return {"headline": _("{name} declined your offer").format(name=to)}
    if deal["kind"] == "partnership":
        said = icon(deal["icon"])
        return {
            "headline": _("{name} is your partner in {icon}").format(name=to, icon=said),
            "lines": [
                _(
                    "Your cities of {icon} and theirs make one network; its points are shared "
                    "half and half."
                ).format(icon=said)
            ],
        }
    return {
        "headline": _("{name} accepted your trade").format(name=to),
        "lines": [
            _("You gave {gave} and got {got}.").format(
                gave=card_words(deal["give"]), got=card_words(deal["take"])
            )
        ],
    }


def deals_open_verdict(final_round: bool) -> dict[str, Any]:
    """The moment everyone has had 6 turns: deals, and (not in the final round) the call."""
    lines = [
        _(
            "Deals: once a lap you may offer one trade (a card for a card) or one partnership "
            "(shared networks of one icon), or just press No deal."
        )
    ]
    if final_round:
        lines.append(
            _(
                "This is the final round: nobody can call its end. It ends when nobody can "
                "play any more."
            )
        )
    else:
        lines.append(
            ngettext(
                "Anyone may now call the end of the round: the caller takes one last turn, "
                "everyone else {n} more, then the round is scored.",
                "Anyone may now call the end of the round: the caller takes one last turn, "
                "everyone else {n} more, then the round is scored.",
                TURNS_AFTER_CALL,
            ).format(n=TURNS_AFTER_CALL)
        )
    return {
        "headline": _("Everyone has had {n} turns").format(n=TURNS_BEFORE_DEALS),
        "lines": lines,
    }


# ----- a scored round --------------------------------------------------------------------------
def _by_score(record: Mapping[str, Any]) -> list[int]:
    return sorted(range(len(record["scores"])), key=lambda s: -record["scores"][s])


def round_lines(table: Table, record: Mapping[str, Any], rounds: int) -> list[str]:
    """The round's end: who scored what and why, the −20 of each pair left in a hand."""
    order = _by_score(record)
    lines = []
    if record["called_by"] is not None:
        caller = record["called_by"]
        if is_you(table, caller):
            lines.append(_("You called the end."))
        else:
            lines.append(_("{name} called the end.").format(name=table.name_of(caller)))
    elif record["round"] == rounds:
        lines.append(_("Nobody could play any more."))
    for s in order:
        pen = record["pair_penalties"][s]
        values = {
            "name": table.name_of(s),
            "points": number_text(record["scores"][s]),
            "down": number_text(record["cards_down"][s]),
            "pairs": number_text(pen),
        }
        if pen:
            lines.append(
                _("{name}: {points} points (cards down {down}, pairs {pairs}).").format(**values)
            )
        else:
            lines.append(_("{name}: {points} points.").format(**values))
    for s in order:
        for pair in record["pairs"][s]:
            lines.append(pair_sentence(table, s, pair, record["north"]))
    return lines


def result_html(table: Table, record: Mapping[str, Any]) -> str:
    """A round's scores in a table: networks, pairs left in hand, the round's points
    (``record``: a ``history`` record of the view, with its ``networks``)."""
    rows = []
    none = _("no network of 2 or more")
    for s in _by_score(record):
        nets = []
        for icon_key, groups in record["networks"][s].items():
            for group in groups:
                if len(group) > 1:
                    mate = partner_of(record["partnerships"], s, icon_key)
                    said = network_sentence(group, icon_key, points_for_cards(len(group)))
                    if mate is not None:
                        said = _("{network}, shared with {name}").format(
                            network=said, name=table.name_of(mate)
                        )
                    nets.append(said)
        pairs = record["pairs"][s]
        kept = "; ".join(cities_and(pair) for pair in pairs)
        seat = table.seats[s]
        rows.append(
            f"<tr><td><span style='color:{seat.colour}'>{seat_symbol(s)}</span> "
            f"{html_text(seat.name)}</td>"
            f"<td>{html_text('; '.join(nets) or none)}</td>"
            f"<td>{html_text(kept + ' = ' if kept else '')}"
            f"{number_text(record['pair_penalties'][s])}</td>"
            f"<td><b>{number_text(record['scores'][s])}</b></td></tr>"
        )
    head = _("Round {round}: the scores").format(round=record["round"])
    under = _("the map shows the cards down at the end")
    columns = [_("Player"), _("Networks (cards down)"), _("Pairs left in hand"), _("Round")]
    return (
        f"<p><b>{html_text(head)}</b> · {html_text(under)}</p><table><tr>"
        + "".join(f"<th>{html_text(c)}</th>" for c in columns)
        + "</tr>"
        + "".join(rows)
        + f"</table><p><small>{html_text(points_words())}</small></p>"
    )


def sheet_html(table: Table, view: View, places: Sequence[tuple[int, int]]) -> str:
    """The score sheet: each round's points, players in ``places`` order ((place, seat))."""
    history = view["history"]
    if not history:
        return ""
    round_said = _("Round {round}")
    heads = "".join(f"<th>{html_text(round_said.format(round=r['round']))}</th>" for r in history)
    rows = []
    for place, seat in places:
        cells = "".join(f"<td>{number_text(r['scores'][seat])}</td>" for r in history)
        rows.append(
            f"<tr><td>{place}</td><td>{seat_badge(table, seat)}</td>{cells}"
            f"<td><b>{number_text(view['totals'][seat])}</b></td></tr>"
        )
    summary, total = html_text(_("Score sheet")), html_text(_("Total"))
    note = html_text(_("(points of each round)"))
    columns = "".join(f"<th>{html_text(c)}</th>" for c in (_("Place"), _("Player")))
    return (
        f"<details><summary><b>{summary}</b> {note}</summary>"
        f"<table class='gt-sheet'><tr>{columns}{heads}"
        f"<th>{total}</th></tr>" + "".join(rows) + "</table></details>"
    )


def map_key_html(table: Table, *, rings: bool, playable: str, picked: str) -> str:
    """Under the map: the tokens' colours, what the rings say (``rings``), the north edge."""
    tokens = " ".join(
        f"<span style='color:{s.colour}'>{seat_symbol(i)}</span>&nbsp;{html_text(s.name)}"
        for i, s in enumerate(table.seats)
    )
    said = ""
    if rings:
        # The ring's colour as a swatch beside its words: the words stay in the page's text
        # colour (green and orange text on white are 3.4:1 and 3.9:1, under 4.5:1).
        words = [_("rings: your cards"), _("thick ✔"), _("can be played"), _("orange")]
        rings_said, thick, can, orange = (html_text(w) for w in words)
        picked_said = html_text(_("picked"))
        said = (
            f" · {rings_said} (<b><span style='color:{playable}' "
            f"aria-hidden='true'>●</span> {thick}</b> "
            f"{can}, <b><span style='color:{picked}' "
            f"aria-hidden='true'>●</span> {orange}</b> "
            f"{picked_said})"
        )
    north = _(
        "top strip: the north edge, linking cities open to everyone · lines: networks (one "
        "line style per icon)"
    )
    head = html_text(_("Tokens:"))
    return f"<p>{head} {tokens}{said} · {html_text(north)}</p>"


def rules_html() -> str:
    """How to play, folded under the board."""
    items = [
        _(
            "Each turn: play a card and draw one, or draw one (draw pile or top discard) and "
            "discard one. Your discard may be a city of yours: you take its token back."
        ),
        _(
            "Linking cities go to the north edge (the strip at the top) and open their regions "
            "to everyone. A city can be played only when its region is open. You have {n} "
            "tokens."
        ).format(n=TOKENS),
        _(
            "A network is your cities of one icon whose regions open linking cities join. Its "
            "points: see the table. Careful: 2 cards cost 20 points."
        ),
        _(
            "After {n} turns each: trades and partnerships (once a lap), and anyone may call "
            "the end of the round (not in the final round)."
        ).format(n=TURNS_BEFORE_DEALS),
        _(
            "At the end of a round, every pair of cities of one icon left in a hand that would "
            "join scores −20."
        ),
    ]
    title = html_text(_("How to play Globe Works"))
    return (
        f"<details><summary><b>{title}</b></summary><ul>"
        + "".join(f"<li>{html_text(item)}</li>" for item in items)
        + f"</ul>{scoring_table_html()}{regions_key_html()}</details>"
    )
