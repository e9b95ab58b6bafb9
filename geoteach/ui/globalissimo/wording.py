"""Every sentence of the Globalissimo screen: pure functions from a view (or a part of it: a
round, a hurdle answer) or an action to words.

Nothing here reads the game or draws a widget, so each sentence is tested on its own
(``tests/globalissimo/test_wording.py``) and a translator would touch only this file. The
``table`` passed in gives the players' names ("You start", "Ana starts"). Functions whose name
ends in ``_html`` return HTML with every typed name escaped; the others return plain text, which
the verdict card and the log escape where they show it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from geoteach.data.place_names import place_name, region_name
from geoteach.escape import html_text
from geoteach.games.globalissimo import GAME_OVER, HURDLE
from geoteach.games.table import Table
from geoteach.i18n import N_, _, language, ngettext
from geoteach.render.globalissimo import dated_value_text
from geoteach.ui.theme import CHECKERED_FLAG, is_you, seat_badge

#: What each hurdle asks about, in one word (translated where shown).
HURDLE_WORDS = {"A": N_("map"), "B": N_("capital")}

Info = Mapping[str, Any]


def _who(table: Table, seat: int, you: str, other: str, badge: bool = True, **values: Any) -> str:
    """A whole sentence about a seat, in the page's language: ``you`` for a student alone
    ("{player} start", since "You start" is not "You starts"), else ``other``, both with the
    seat as ``{player}`` (its badge in HTML, or its plain name: ``badge=False``). With a badge
    the sentence is HTML: its words are escaped here, ``values`` must be HTML already."""
    template = _(you) if is_you(table, seat) else _(other)
    if badge:
        return html_text(template).format(player=seat_badge(table, seat), **values)
    return template.format(player=table.seats[seat].name, **values)


def in_page_language(view: Info) -> dict[str, Any]:
    """``view`` with its places named in the page's language (from data: Natural Earth, CLDR;
    ``geoteach.data.place_names``), so every sentence and picture made from it says them so.
    The game's view is language-free: each page words it itself."""
    if language() == "en":
        return dict(view)

    def country(code: str | None, english: str | None) -> str | None:
        return place_name("country", code, english) if code and english else english

    def round_of(rnd: Info | None) -> dict[str, Any] | None:
        if rnd is None:
            return None
        names = {code: country(code, name) for code, name in rnd["names"].items()}
        return {**rnd, "names": names, "hurdles": [attempt(h) for h in rnd.get("hurdles", ())]}

    def attempt(hurdle: Info | None) -> dict[str, Any] | None:
        if hurdle is None:
            return None
        shown = {**hurdle, "name": country(hurdle.get("country"), hurdle.get("name"))}
        if "picked_name" in hurdle:
            shown["picked_name"] = country(hurdle.get("picked"), hurdle.get("picked_name"))
        if hurdle.get("region"):
            shown["region"] = region_name(hurdle["region"])
        return shown

    return {
        **view,
        "round": round_of(view["round"]),
        "last_round": round_of(view.get("last_round")),
        "hurdle": attempt(view.get("hurdle")),
        "last_hurdle": attempt(view.get("last_hurdle")),
    }


def category_html(card: Info) -> str:
    """The category card: what is ranked, in which unit, which year, from which source."""
    top = (
        _("Number 1 = the highest value.")
        if card.get("rank1", "highest") == "highest"
        else _("Number 1 = the lowest value.")
    )
    source = html_text(_("Source: {source}").format(source=_(card["source"])))
    return (
        '<div class="gt-category" style="border:2px solid #333;border-radius:8px;'
        'padding:4px 10px;margin-bottom:4px">'
        f"<b style='font-size:125%'>{html_text(_(card['label']))}</b> "
        f"({html_text(_(card['unit']))}, {html_text(card.get('years') or card['year'])}) · "
        f"<b>{html_text(top)}</b><br>"
        f"{html_text(_(card.get('description') or ''))} "
        f"<small>{source}</small></div>"
    )


def flag_alt(name: str) -> str:
    return _("Flag of {country}").format(country=name)


def locator_alt(name: str) -> str:
    return _("Where {country} is").format(country=name)


# ----- the banner and the step -----------------------------------------------------------------
def your_turn_html(table: Table, seat: int) -> str:
    """ "Your turn" for a student alone, "Ana's turn" at a shared table."""
    if is_you(table, seat):
        return html_text(_("Your turn"))
    return html_text(_("{player}'s turn")).format(player=seat_badge(table, seat))


def banner_html(table: Table, view: Info, computer: bool) -> str:
    """The banner: the round, who holds the checkered flag, and who must do what now
    (``computer``: the seat to act is a computer player)."""
    rnd = view["round"]
    flag = _who(table, rnd["checkered_flag"], N_("{player} start"), N_("{player} starts"))
    head = html_text(_("Round {number} of {rounds}")).format(
        number=rnd["number"], rounds=view["rounds"]
    )
    head = f"{head} · {CHECKERED_FLAG} {flag}"
    if view["phase"] == GAME_OVER:
        over = html_text(_("The game is over."))
        return f'{head}<br><span class="gt-turn">{over}</span>'
    seat = view["to_act"][0]
    if computer:
        if view["phase"] == HURDLE:
            now = html_text(_("{player} is at a hurdle…"))
        else:
            now = html_text(_("{player} is choosing a country…"))
        now = now.format(player=seat_badge(table, seat))
    elif view["phase"] == HURDLE:
        kind, name = view["hurdle"]["kind"], html_text(view["hurdle"]["name"])
        if view.get("honor"):
            task = (
                _("hurdle A, say the number of {country} on the map out loud.")
                if kind == "A"
                else _("hurdle B, say the capital of {country} out loud.")
            )
        else:
            task = (
                _("hurdle A, click {country} on the map.")
                if kind == "A"
                else _("hurdle B, name the capital of {country}.")
            )
        task = html_text(task).format(country=name)
        now = f"▶ {your_turn_html(table, seat)}: {task}"
    else:
        pick = html_text(_("pick a country, then the number you put on it."))
        now = f"▶ {your_turn_html(table, seat)}: {pick}"
    return f'{head}<br><span class="gt-turn">{now}</span>'


def thinking_html(table: Table, seat: int) -> str:
    thinking = html_text(_("{player} is thinking…")).format(player=seat_badge(table, seat))
    return f"<p><i>{thinking}</i></p>"


def pick_step_html(table: Table, view: Info, seat: int) -> str:
    """The step while ranking: pick a country, and which end number 1 is."""
    card = view["round"]["category_card"]
    pick = _who(table, seat, N_("{player} pick a country"), N_("{player} picks a country"))
    if card.get("rank1", "highest") == "highest":
        top = _("(1 = the highest):")
    else:
        top = _("(1 = the lowest):")
    return f"<p><b>{pick}</b> {html_text(top)}</p>"


def hurdle_step_html(hurdle: Info, interactive: bool, flag: str = "", honor: bool = False) -> str:
    """The step at a hurdle: which hurdle, for how many steps, and what to answer (``honor``:
    said out loud, in bigger letters, for a class to read)."""
    kind, name = hurdle["kind"], f"<b>{html_text(hurdle['name'])}</b>"
    steps = hurdle["remaining"]
    more = ngettext(
        "Hurdle {kind} ({what}) for {steps} more step:",
        "Hurdle {kind} ({what}) for {steps} more steps:",
        steps,
    )
    head = html_text(more).format(kind="{kind}", what=html_text(_(HURDLE_WORDS[kind])), steps=steps)
    head = head.replace("{kind}", f"{kind}</b>", 1)
    if honor:
        what = (
            _("Say the number of {country} on the map out loud")
            if kind == "A"
            else _("Say the capital of {country} out loud")
        )
        said = html_text(what).format(country=name)
        task = f"<span class='gt-aloud' style='font-size:1.25em'>{said}</span>"
    elif kind == "A":
        task = (
            _("Click {country} on the map, or type its number")
            if interactive
            else _("Type the number of {country} on the map")
        )
        task = html_text(task).format(country=name)
    else:
        task = html_text(_("Name the capital of {country}")).format(country=name)
    return f"<p><b>{head}<br>{task}. {flag}</p>"


def honor_answer_html(accepted: str) -> str:
    """Honor mode: the answers the teacher may accept."""
    label = html_text(_("Accept:"))
    return f"<p class='gt-answer-big'>{label} <b>{html_text(accepted)}</b></p>"


def answer_placeholder(kind: str) -> str:
    return _("its number, e.g. 54") if kind == "A" else _("the city")


def find_caption_html(hurdle: Info) -> str:
    find = html_text(_("Find {country}")).format(country=html_text(hurdle["name"]))
    zoom = html_text(_("zoom in to see every number"))
    return f"<p><b>{find}</b> · {zoom}</p>"


def answer_caption_html(attempt: Info) -> str:
    said = html_text(_("{country} is number {number}.")).format(
        country=f"<b>{html_text(attempt['name'])}</b>", number=attempt["number"]
    )
    return f"<p>{said}</p>"


def map_alt(name: str) -> str:
    """The hurdle A map in words (a number per country; the answer box takes the number too)."""
    return _(
        "World map with a number on every country. Find {country}: click it on the map, "
        "or type its number in the answer box."
    ).format(country=name)


def answer_map_alt(attempt: Info) -> str:
    picked = attempt.get("picked_name")
    said = _("World map: {country}, number {number}, is in green.").format(
        country=attempt["name"], number=attempt["number"]
    )
    if picked and not attempt["correct"]:
        said += " " + _("Your pick, {country}, is in orange.").format(country=picked)
    return said


def years_note(years: Mapping[str, Any] | None) -> str:
    """Said when a round's values are not all of one year (each value shows its own): a
    ranking may mix values up to three years apart (``geoteach.data.figures.MAX_AGE``)."""
    known = sorted({int(y) for y in (years or {}).values() if y is not None})
    if len(known) < 2:
        return ""
    return _(
        "These numbers are not all from the same year: from {first} to {last}. Each one shows "
        "its year in brackets."
    ).format(first=known[0], last=known[-1])


def learn_html(card: Info, years: Mapping[str, Any] | None = None) -> str:
    """Under the reveal: what the category means and where the numbers come from (and, when
    the round's values are of different years, that they are: ``years``, country to year)."""
    learn = html_text(_("Learn:"))
    source = _("Source: {source}, {year}.").format(
        source=_(card["source"]), year=card.get("years") or card["year"]
    )
    note = years_note(years)
    said = f" {html_text(note)}" if note else ""
    return (
        f"<p><b>{learn}</b> {html_text(_(str(card.get('description') or '')))}{said} "
        f"<small>{html_text(source)}</small></p>"
    )


# ----- what a move led to --------------------------------------------------------------------
def rank_sentence(table: Table, action: Info, names: Mapping[str, str]) -> str:
    """The log line of a rank move: "Ana puts 2 on Japan."."""
    return _who(
        table,
        action["player"],
        N_("{player} put {rank} on {country}."),
        N_("{player} puts {rank} on {country}."),
        badge=False,
        rank=action["rank"],
        country=names[action["country"]],
    )


def hurdle_sentence(table: Table, attempt: Info) -> str:
    """The log line of a hurdle answer (``view["last_hurdle"]``), with its verdict."""
    seat, name, right = attempt["player"], attempt["name"], bool(attempt["correct"])
    if attempt.get("marked"):  # said out loud, marked by the teacher
        if attempt["kind"] == "A":
            you, other = (
                (
                    N_(
                        "Hurdle A: {player} say the number of {country} out loud: marked right "
                        "(number {number})."
                    ),
                    N_(
                        "Hurdle A: {player} says the number of {country} out loud: marked right "
                        "(number {number})."
                    ),
                )
                if right
                else (
                    N_(
                        "Hurdle A: {player} say the number of {country} out loud: marked wrong "
                        "(number {number})."
                    ),
                    N_(
                        "Hurdle A: {player} says the number of {country} out loud: marked wrong "
                        "(number {number})."
                    ),
                )
            )
        else:
            you, other = (
                (
                    N_(
                        "Hurdle B: {player} say the capital of {country} out loud: marked right "
                        "({accepted})."
                    ),
                    N_(
                        "Hurdle B: {player} says the capital of {country} out loud: marked right "
                        "({accepted})."
                    ),
                )
                if right
                else (
                    N_(
                        "Hurdle B: {player} say the capital of {country} out loud: marked wrong "
                        "({accepted})."
                    ),
                    N_(
                        "Hurdle B: {player} says the capital of {country} out loud: marked wrong "
                        "({accepted})."
                    ),
                )
            )
    elif attempt["kind"] == "A":
        you, other = (
            (
                N_("Hurdle A: {player} point to {said} for {country}: right (number {number})."),
                N_("Hurdle A: {player} points to {said} for {country}: right (number {number})."),
            )
            if right
            else (
                N_("Hurdle A: {player} point to {said} for {country}: wrong (number {number})."),
                N_("Hurdle A: {player} points to {said} for {country}: wrong (number {number})."),
            )
        )
    else:
        you, other = (
            (
                N_(
                    "Hurdle B: {player} say “{said}” for the capital of {country}: right "
                    "({accepted})."
                ),
                N_(
                    "Hurdle B: {player} says “{said}” for the capital of {country}: right "
                    "({accepted})."
                ),
            )
            if right
            else (
                N_(
                    "Hurdle B: {player} say “{said}” for the capital of {country}: wrong "
                    "({accepted})."
                ),
                N_(
                    "Hurdle B: {player} says “{said}” for the capital of {country}: wrong "
                    "({accepted})."
                ),
            )
        )
    said = attempt["answer"]
    if attempt["kind"] == "A" and not attempt.get("marked"):
        said = attempt["picked_name"] or str(attempt["answer"])
    return _who(
        table,
        seat,
        you,
        other,
        badge=False,
        country=name,
        number=attempt["number"],
        accepted=attempt.get("accepted"),
        said=said,
    )


def hurdle_verdict(attempt: Info, whose: str | None = None) -> dict[str, Any]:
    """The verdict card of a hurdle answer: ``headline``, ``answer`` (the right one, when
    wrong), ``lines`` (what the answer was) and ``where`` the country is. ``whose`` answer it
    was: None for the player's own ("Your answer"), or on a class game's other pages the
    team's name ("Team Amber's answer")."""
    name, right = attempt["name"], bool(attempt["correct"])
    lines: list[str] = []
    if attempt["kind"] == "A":
        number = attempt["number"]
        if right:
            headline = _("Right! {country} is number {number}.").format(country=name, number=number)
        else:
            headline = _("Not quite.")
        answer = (
            ""
            if right
            else _("{country} is number {number} on the map.").format(country=name, number=number)
        )
        if not right and attempt["picked"] is not None:
            said = (
                _("Your answer, number {number}, is {country} (orange on the map).")
                if whose is None
                else _("{player}'s answer, number {number}, is {country} (orange on the map).")
            )
            lines.append(
                said.format(
                    player=whose, number=attempt["picked_number"], country=attempt["picked_name"]
                )
            )
    else:
        accepted = attempt["accepted"]
        headline = _("Right! {answer}.").format(answer=accepted) if right else _("Not quite.")
        answer = (
            ""
            if right
            else _("The capital of {country}: {answer}").format(country=name, answer=accepted)
        )
        if not right and not attempt.get("marked") and attempt["answer"] not in ("right", "wrong"):
            said = (
                _("Your answer was “{answer}”.")
                if whose is None
                else _("{player}'s answer was “{answer}”.")
            )
            lines.append(said.format(player=whose, answer=attempt["answer"]))
    where = _("{country} is in {region}: green on the map.").format(
        country=name, region=attempt["region"]
    )
    return {"headline": headline, "answer": answer, "lines": lines, "where": where}


def round_headline(rnd: Info) -> str:
    return _("Round {number}: the true order — {category}").format(
        number=rnd["number"], category=_(rnd["category_card"]["label"])
    )


def round_lines(table: Table, rnd: Info) -> list[str]:
    """The cards turned over: each guess, the country's true place and the points it earned."""
    names = rnd["names"]
    return [
        _who(
            table,
            g["player"],
            # The same in English; a language whose verb differs for "you" words it so that
            # it fits both (Spanish: "{player}: {rank} en {country}, …").
            N_("{player} put {rank} on {country}: it is number {place}, +{points}."),
            N_("{player} put {rank} on {country}: it is number {place}, +{points}."),
            badge=False,
            rank=g["rank"],
            country=names[g["country"]],
            place=g["place"],
            points=g["points"],
        )
        for g in rnd["guesses"]
    ]


def sheet_html(table: Table, view: Info, places: list[tuple[int, int, str]]) -> str:
    """The score sheet: the steps moved each round, players sorted by place.

    ``places`` lists (place, seat, total shown) from first to last.
    """
    sheet = view["score_sheet"]
    if not sheet:
        return ""
    head = _("R{number}")  # a round's column: R1, R2, …
    heads = "".join(f"<th>{html_text(head.format(number=r['number']))}</th>" for r in sheet)
    rows = []
    for place, seat, total in places:
        cells = "".join(f"<td>{r['steps'][seat]}</td>" for r in sheet)
        rows.append(
            f"<tr><td>{place}</td><td>{seat_badge(table, seat)}</td>{cells}"
            f"<td><b>{total}</b></td></tr>"
        )
    title, steps = html_text(_("Score sheet")), html_text(_("(steps moved each round)"))
    place_word, player, total_word = _("Place"), _("Player"), _("Total")
    return (
        f"<details><summary><b>{title}</b> {steps}</summary>"
        f"<table class='gt-sheet'><tr><th>{html_text(place_word)}</th>"
        f"<th>{html_text(player)}</th>{heads}<th>{html_text(total_word)}</th></tr>"
        + "".join(rows)
        + "</table></details>"
    )


# ----- the pictures in words (their alt text, issue 25) --------------------------------------
def track_alt(table: Table, view: Info) -> str:
    """The track picture: "Track to space 12: You on 3, Robot Ada on 5. Hurdles: A after space 4
    (taken by You), B after space 8." (a hurdle is drawn between two spaces)."""
    runners = ", ".join(
        _("{player} on {space}").format(
            player=table.seats[seat].name, space=_("Go") if int(space) == 0 else int(space)
        )
        for seat, space in enumerate(view["positions"])
    )
    hurdles = []
    for hurdle in view["track"]:
        taken = hurdle["taken_by"]
        if taken is not None:
            said = _("{kind} after space {space} (taken by {player})")
        else:
            said = _("{kind} after space {space}")
        player = table.seats[taken].name if taken is not None else ""
        hurdles.append(said.format(kind=hurdle["kind"], space=hurdle["space"], player=player))
    line = _("Track to space {length}: {runners}.").format(
        length=int(view["track_length"]), runners=runners
    )
    if not hurdles:
        return line
    return line + " " + _("Hurdles: {hurdles}.").format(hurdles=", ".join(hurdles))


def _true_order(rnd: Info) -> list[str]:
    names, places = rnd["names"], rnd["places"]
    return sorted(rnd["countries"], key=lambda c: (places[c], names[c]))


def reveal_alt(rnd: Info) -> str:
    """The reveal chart: the true order with each country's value, the round's guesses after."""
    unit = _(str(rnd["category_card"].get("unit") or ""))
    years = rnd.get("years") or {}
    order = "; ".join(
        f"{rnd['places'][c]}. {rnd['names'][c]}, "
        + dated_value_text(rnd["values"][c], unit, years.get(c))
        for c in _true_order(rnd)
    )
    return _("Chart of the true order, {category}: {order}.").format(
        category=_(rnd["category_card"]["label"]), order=order
    )


def learn_map_alt(rnd: Info) -> str:
    """The learn map: where the round's countries are, coloured by their value."""
    names = ", ".join(rnd["names"][c] for c in _true_order(rnd))
    return _(
        "World map of this round's countries, each coloured by its value: {countries}."
    ).format(countries=names)
