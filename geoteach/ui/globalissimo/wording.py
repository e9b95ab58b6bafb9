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

from geoteach.escape import html_text
from geoteach.games.globalissimo import GAME_OVER, HURDLE
from geoteach.games.table import Table
from geoteach.render.globalissimo import value_text
from geoteach.ui.theme import CHECKERED_FLAG, does, does_text, is_you, seat_badge

#: What each hurdle asks about, in one word.
HURDLE_WORDS = {"A": "map", "B": "capital"}

Info = Mapping[str, Any]


def top_word(card: Info) -> str:
    """Which end of the category is number 1: "highest" or "lowest"."""
    return "highest" if card.get("rank1", "highest") == "highest" else "lowest"


def category_html(card: Info) -> str:
    """The category card: what is ranked, in which unit, which year, from which source."""
    return (
        '<div class="gt-category" style="border:2px solid #333;border-radius:8px;'
        'padding:4px 10px;margin-bottom:4px">'
        f"<b style='font-size:125%'>{html_text(card['label'])}</b> "
        f"({html_text(card['unit'])}, {html_text(card.get('years') or card['year'])}) · "
        f"<b>Number 1 = the {top_word(card)} value.</b><br>"
        f"{html_text(card.get('description') or '')} "
        f"<small>Source: {html_text(card['source'])}</small></div>"
    )


def flag_alt(name: str) -> str:
    return f"Flag of {name}"


def locator_alt(name: str) -> str:
    return f"Where {name} is"


# ----- the banner and the step -----------------------------------------------------------------
def your_turn_html(table: Table, seat: int) -> str:
    """ "Your turn" for a student alone, "Ana's turn" at a shared table."""
    return "Your turn" if is_you(table, seat) else f"{seat_badge(table, seat)}'s turn"


def banner_html(table: Table, view: Info, computer: bool) -> str:
    """The banner: the round, who holds the checkered flag, and who must do what now
    (``computer``: the seat to act is a computer player)."""
    rnd = view["round"]
    flag = does(table, rnd["checkered_flag"], "starts", "start")
    head = f"Round {rnd['number']} of {view['rounds']} · {CHECKERED_FLAG} {flag}"
    if view["phase"] == GAME_OVER:
        return f'{head}<br><span class="gt-turn">The game is over.</span>'
    seat = view["to_act"][0]
    if computer:
        doing = "is at a hurdle" if view["phase"] == HURDLE else "is choosing a country"
        now = f"{seat_badge(table, seat)} {doing}…"
    elif view["phase"] == HURDLE:
        kind, name = view["hurdle"]["kind"], html_text(view["hurdle"]["name"])
        if view.get("honor"):
            what = f"the number of {name} on the map" if kind == "A" else f"the capital of {name}"
            task = f"say {what} out loud"
        else:
            task = f"click {name} on the map" if kind == "A" else f"name the capital of {name}"
        now = f"▶ {your_turn_html(table, seat)}: hurdle {kind}, {task}."
    else:
        now = f"▶ {your_turn_html(table, seat)}: pick a country, then the number you put on it."
    return f'{head}<br><span class="gt-turn">{now}</span>'


def thinking_html(table: Table, seat: int) -> str:
    return f"<p><i>{seat_badge(table, seat)} is thinking…</i></p>"


def pick_step_html(table: Table, view: Info, seat: int) -> str:
    """The step while ranking: pick a country, and which end number 1 is."""
    card = view["round"]["category_card"]
    return (
        f"<p><b>{does(table, seat, 'picks', 'pick')} a country</b> (1 = the {top_word(card)}):</p>"
    )


def hurdle_step_html(hurdle: Info, interactive: bool, flag: str = "", honor: bool = False) -> str:
    """The step at a hurdle: which hurdle, for how many steps, and what to answer (``honor``:
    said out loud, in bigger letters, for a class to read)."""
    kind, name = hurdle["kind"], html_text(hurdle["name"])
    steps = hurdle["remaining"]
    more = f"{steps} more step{'s' if steps != 1 else ''}"
    if honor:
        what = f"the capital of <b>{name}</b>"
        if kind == "A":
            what = f"the number of <b>{name}</b> on the map"
        task = f"<span class='gt-aloud' style='font-size:1.25em'>Say {what} out loud</span>"
    elif kind == "A":
        task = (
            f"Click <b>{name}</b> on the map, or type its number"
            if interactive
            else f"Type the number of <b>{name}</b> on the map"
        )
    else:
        task = f"Name the capital of <b>{name}</b>"
    return f"<p><b>Hurdle {kind}</b> ({HURDLE_WORDS[kind]}) for {more}:<br>{task}. {flag}</p>"


def honor_answer_html(accepted: str) -> str:
    """Honor mode: the answers the teacher may accept."""
    return f"<p class='gt-answer-big'>Accept: <b>{html_text(accepted)}</b></p>"


def answer_placeholder(kind: str) -> str:
    return "its number, e.g. 54" if kind == "A" else "the city"


def find_caption_html(hurdle: Info) -> str:
    return f"<p><b>Find {html_text(hurdle['name'])}</b> · zoom in to see every number</p>"


def answer_caption_html(attempt: Info) -> str:
    return f"<p><b>{html_text(attempt['name'])}</b> is number {attempt['number']}.</p>"


def map_alt(name: str) -> str:
    """The hurdle A map in words (a number per country; the answer box takes the number too)."""
    return (
        f"World map with a number on every country. Find {name}: click it on the map, "
        "or type its number in the answer box."
    )


def answer_map_alt(attempt: Info) -> str:
    picked = attempt.get("picked_name")
    wrong = f" Your pick, {picked}, is in orange." if picked and not attempt["correct"] else ""
    return f"World map: {attempt['name']}, number {attempt['number']}, is in green.{wrong}"


def learn_html(card: Info) -> str:
    """Under the reveal: what the category means and where the numbers come from."""
    return (
        f"<p><b>Learn:</b> {html_text(str(card.get('description') or ''))} "
        f"<small>Source: {html_text(card['source'])}, "
        f"{html_text(card.get('years') or card['year'])}.</small></p>"
    )


# ----- what a move led to --------------------------------------------------------------------
def rank_sentence(table: Table, action: Info, names: Mapping[str, str]) -> str:
    """The log line of a rank move: "Ana puts 2 on Japan."."""
    seat = action["player"]
    name = names[action["country"]]
    return f"{does_text(table, seat, 'puts', 'put')} {action['rank']} on {name}."


def hurdle_sentence(table: Table, attempt: Info) -> str:
    """The log line of a hurdle answer (``view["last_hurdle"]``), with its verdict."""
    seat, name = attempt["player"], attempt["name"]
    mark = "right" if attempt["correct"] else "wrong"
    if attempt.get("marked"):  # said out loud, marked by the teacher
        if attempt["kind"] == "A":
            what, answer = f"the number of {name}", f"number {attempt['number']}"
        else:
            what, answer = f"the capital of {name}", attempt["accepted"]
        return (
            f"Hurdle {attempt['kind']}: {does_text(table, seat, 'says', 'say')} {what} out "
            f"loud: marked {mark} ({answer})."
        )
    if attempt["kind"] == "A":
        said = attempt["picked_name"] or str(attempt["answer"])
        return (
            f"Hurdle A: {does_text(table, seat, 'points', 'point')} to {said} for "
            f"{name}: {mark} (number {attempt['number']})."
        )
    return (
        f"Hurdle B: {does_text(table, seat, 'says', 'say')} “{attempt['answer']}” for "
        f"the capital of {name}: {mark} ({attempt['accepted']})."
    )


def hurdle_verdict(attempt: Info, whose: str = "Your") -> dict[str, Any]:
    """The verdict card of a hurdle answer: ``headline``, ``answer`` (the right one, when
    wrong), ``lines`` (what the answer was) and ``where`` the country is. ``whose`` answer it
    was: "Your", or on a class game's other pages "Team Amber's"."""
    name, right = attempt["name"], bool(attempt["correct"])
    lines: list[str] = []
    if attempt["kind"] == "A":
        number = attempt["number"]
        headline = f"Right! {name} is number {number}." if right else "Not quite."
        answer = "" if right else f"{name} is number {number} on the map."
        if not right and attempt["picked"] is not None:
            lines.append(
                f"{whose} answer, number {attempt['picked_number']}, is "
                f"{attempt['picked_name']} (orange on the map)."
            )
    else:
        accepted = attempt["accepted"]
        headline = f"Right! {accepted}." if right else "Not quite."
        answer = "" if right else f"The capital of {name}: {accepted}"
        if not right and not attempt.get("marked") and attempt["answer"] not in ("right", "wrong"):
            lines.append(f"{whose} answer was “{attempt['answer']}”.")
    where = f"{name} is in {attempt['region']}: green on the map."
    return {"headline": headline, "answer": answer, "lines": lines, "where": where}


def round_headline(rnd: Info) -> str:
    return f"Round {rnd['number']}: the true order — {rnd['category_card']['label']}"


def round_lines(table: Table, rnd: Info) -> list[str]:
    """The cards turned over: each guess, the country's true place and the points it earned."""
    names = rnd["names"]
    return [
        f"{does_text(table, g['player'], 'put', 'put')} {g['rank']} on {names[g['country']]}: "
        f"it is number {g['place']}, +{g['points']}."
        for g in rnd["guesses"]
    ]


def sheet_html(table: Table, view: Info, places: list[tuple[int, int, str]]) -> str:
    """The score sheet: the steps moved each round, players sorted by place.

    ``places`` lists (place, seat, total shown) from first to last.
    """
    sheet = view["score_sheet"]
    if not sheet:
        return ""
    heads = "".join(f"<th>R{r['number']}</th>" for r in sheet)
    rows = []
    for place, seat, total in places:
        cells = "".join(f"<td>{r['steps'][seat]}</td>" for r in sheet)
        rows.append(
            f"<tr><td>{place}</td><td>{seat_badge(table, seat)}</td>{cells}"
            f"<td><b>{total}</b></td></tr>"
        )
    return (
        "<details><summary><b>Score sheet</b> (steps moved each round)</summary>"
        f"<table class='gt-sheet'><tr><th>Place</th><th>Player</th>{heads}<th>Total</th></tr>"
        + "".join(rows)
        + "</table></details>"
    )


# ----- the pictures in words (their alt text, issue 25) --------------------------------------
def track_alt(table: Table, view: Info) -> str:
    """The track picture: "Track to space 12: You on 3, Robot Ada on 5. Hurdles: A after space 4
    (taken by You), B after space 8." (a hurdle is drawn between two spaces)."""
    runners = ", ".join(
        f"{table.seats[seat].name} on {'Go' if int(space) == 0 else int(space)}"
        for seat, space in enumerate(view["positions"])
    )
    hurdles = []
    for hurdle in view["track"]:
        taken = hurdle["taken_by"]
        by = f" (taken by {table.seats[taken].name})" if taken is not None else ""
        hurdles.append(f"{hurdle['kind']} after space {hurdle['space']}{by}")
    line = f"Track to space {int(view['track_length'])}: {runners}."
    return f"{line} Hurdles: {', '.join(hurdles)}." if hurdles else line


def _true_order(rnd: Info) -> list[str]:
    names, places = rnd["names"], rnd["places"]
    return sorted(rnd["countries"], key=lambda c: (places[c], names[c]))


def reveal_alt(rnd: Info) -> str:
    """The reveal chart: the true order with each country's value, the round's guesses after."""
    unit = str(rnd["category_card"].get("unit") or "")
    order = "; ".join(
        f"{rnd['places'][c]}. {rnd['names'][c]}, {value_text(rnd['values'][c], unit)}"
        for c in _true_order(rnd)
    )
    return f"Chart of the true order, {rnd['category_card']['label']}: {order}."


def learn_map_alt(rnd: Info) -> str:
    """The learn map: where the round's countries are, coloured by their value."""
    names = ", ".join(rnd["names"][c] for c in _true_order(rnd))
    return f"World map of this round's countries, each coloured by its value: {names}."
