"""Every sentence the GeoTriple screen says in the banner, the log and the verdicts, in the
page's language (``geoteach.i18n``); the step controls' and the board's are in
``wording_steps``, the words both share (stages, ranks, states, clues) in ``terms``.

Pure functions from a view (``GeoTriple.view``), a move, and the table (names, who is "you")
to plain text or small HTML. No widgets, no engine: the tests call them on views alone
(``tests/geotriple/test_wording.py``). Plain-text results are escaped by whoever puts them in
HTML; the HTML ones escape every name themselves. States are named in the page's language
(``terms.state``), from data.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from geoteach.escape import html_text
from geoteach.games.geotriple import borders
from geoteach.games.geotriple.borders import BORDER_RULE
from geoteach.games.geotriple.game import (
    GUESSES,
    LAST_TRY,
    LOCKOUT_SECONDS,
    MAX_WRONG_CLAIMS,
    STAGE_POINTS,
)
from geoteach.games.geotriple.tricks import DISCARDS, HAND_SIZE, TRICKS
from geoteach.games.table import Table
from geoteach.i18n import N_, _, language, ngettext
from geoteach.quiz.facts import state_fact
from geoteach.ui.geotriple.terms import (
    GEOPLUNGING,
    RANKS_SAID,
    STAGE3,
    STAGE_NAMES,
    View,
    category_title,
    census_words,
    clue_said,
    rank_labels,
    rank_word,
    region_word,
    state,
    state_names,
    who,
    who_html,
)
from geoteach.ui.shell import number_text
from geoteach.ui.theme import is_you, seat_badge

__all__ = [
    "GEOPLUNGING",
    "RANKS_SAID",
    "STAGE3",
    "STAGE_NAMES",
    "census_words",
    "rank_labels",
]


def rules_html() -> str:
    """How to play, folded (HTML), in the page's language."""
    return (
        "<details><summary><b>"
        + html_text(_("How to play GeoTriple"))
        + "</b></summary><p>"
        + html_text(
            _("Each round has three stages. The first player to reach the target score wins.")
        )
        + "</p><ol><li><b>"
        + html_text(_("Guess the State."))
        + "</b> "
        + html_text(
            _(
                "You each hold one secret state. Before each guess you get a clue about the "
                "other player's state; 3 guesses at most. Fewer guesses wins 10 points; the "
                "same number (or neither found it) gives 5 points each. The dealer guesses "
                "first."
            )
        )
        + "</li><li><b>"
        + html_text(_("Race for Borders."))
        + "</b> "
        + html_text(
            _(
                "You get 18 state cards. Find 2 groups of 3 cards, 6 different cards, where "
                "one state of each group borders the other two, and shout GeoPlunge! The first "
                "right GeoPlunge wins 10 points."
            )
        )
        + " "
        + html_text(_(BORDER_RULE))
        + "</li><li><b>"
        + html_text(_("Play the Ranks."))
        + "</b> "
        + html_text(
            _(
                "The race winner deals and leads first. Keep 6 of your 8 cards and say whether "
                "you are GeoPlunging. Six tricks: the leader says Size, Statehood or Population "
                "and plays a card, the other plays one; the lower rank wins the trick and leads "
                "next. 4 tricks win the stage; at 3 to 3 whoever won the last trick wins."
            )
        )
        + " "
        + html_text(_(GEOPLUNGING))
        + "</li></ol></details>"
    )


#: Hints for a click that did nothing (translated where shown).
NOT_YOUR_GUESS = N_("It is not your turn to guess: wait for the next clue.")
OUT_OF_RACE = N_("You are out of this race: wait for the result.")
PLAY_BELOW = N_("In Stage 3 you play the cards under “Your cards”.")
TYPE_A_STATE = N_("Type a state's name and pick it from the list first.")
PICK_SIX = N_("Pick 6 cards first: the first 3 you pick are group 1, the next 3 group 2.")
WAIT_YOUR_TURN = N_("Wait for your turn.")
ANNOUNCE_FIRST = N_("First say whether you are GeoPlunging.")
CATEGORY_FIRST = N_("First pick what counts for this trick: Size, Statehood or Population.")
CATEGORY_TIPS = [N_("Bigger wins"), N_("Joined the Union earlier wins"), N_("More people wins")]


def pick_to_put_away() -> str:
    """The hint when the wrong number of cards is picked to put away."""
    return _("Pick {n} cards to put away: click them under Your cards.").format(n=DISCARDS)


def your_cards_html() -> str:
    """The heading over the Stage 3 hand (HTML)."""
    heading = _("Your cards")
    return f"<p><b>{html_text(heading)}</b></p>"


def where(view: View, code: str) -> str:
    """ "Ohio is in the Midwest (East North Central)."."""
    card = view["cards"][code]
    return _("{state} is in the {region} ({division}).").format(
        state=state(view, code),
        region=region_word(str(card["region"])),
        division=region_word(str(card["division"])),
    )


def groups_said(view: View, groups: Sequence[Sequence[str]], hubs: Sequence[Any]) -> str:
    """ "Ohio borders Indiana and Kentucky; Texas borders ..." for a GeoPlunge (``hubs``: the
    state of each group that borders the other two, None when there is none)."""
    names = state_names(view)
    said = []
    for group, hub in zip(groups, hubs, strict=True):
        if hub is None:
            said.append(", ".join(names[c] for c in group))
            continue
        a, b = (names[c] for c in group if c != hub)
        said.append(_("{hub} borders {a} and {b}").format(hub=names[hub], a=a, b=b))
    return "; ".join(said)


# ----- the banner -------------------------------------------------------------------------
def prompt(view: View, table: Table, acting: Sequence[int], computers: Collection[int]) -> str:
    """The banner (HTML): the round, the stage, who deals, and who must do what now."""
    phase = view["phase"]
    head = html_text(
        _("Round {number} · {stage}").format(number=view["round"], stage=_(STAGE_NAMES[phase]))
    )
    head = f"{head} · {deal_words(view, table)}"
    if phase == "game_over":
        over = _("The game is over.")
        return f'{head}<br><span class="gt-turn">{html_text(over)}</span>'
    return f'{head}<br><span class="gt-turn">{now_words(view, table, acting, computers)}</span>'


def deal_words(view: View, table: Table) -> str:
    """ "Ana deals this round", or in Stage 3 who deals it and who leads the trick (HTML)."""
    s3 = view.get("stage3")
    if s3 is None or view["phase"] not in STAGE3:
        return who_html(
            table, view["dealer"], N_("You deal this round"), N_("{player} deals this round")
        )
    if view["phase"] != "trick":
        return who_html(table, s3["dealer"], N_("You deal Stage 3"), N_("{player} deals Stage 3"))
    return who_html(
        table,
        s3["leader"],
        N_("{dealer} · You lead trick {number} of {tricks}"),
        N_("{dealer} · {player} leads trick {number} of {tricks}"),
        dealer=who_html(table, s3["dealer"], N_("You deal Stage 3"), N_("{player} deals Stage 3")),
        number=len(s3["tricks"]) + 1,
        tricks=TRICKS,
    )


def _turn(table: Table, seat: int, you: str, other: str, /, **values: Any) -> str:
    """ "▶ Your turn: ..." / "▶ Ana's turn: ..." (HTML; ``values`` are plain text)."""
    said = {k: html_text(str(v)) for k, v in values.items()}
    return "▶ " + who_html(table, seat, you, other, **said)


def now_words(view: View, table: Table, acting: Sequence[int], computers: Collection[int]) -> str:
    """Who must act now and what to do (HTML)."""
    phase = view["phase"]

    def busy(seat: int, text: str, **values: Any) -> str:
        said = {k: html_text(str(v)) for k, v in values.items()}
        return html_text(_(text)).format(player=seat_badge(table, seat), **said)

    if phase == "guess":
        s1 = view["stage1"]
        guesser, holder = s1["guesser"], s1["holder"]
        number = len(s1["guesses"][guesser]) + 1
        if s1["waiting_for_clue"]:
            if holder in computers:
                return busy(holder, N_("{player} is giving a clue…"))
            return _turn(
                table,
                holder,
                N_("Your turn: give {other} a true clue about your card."),
                N_("{player}'s turn: give {other} a true clue about your card."),
                other=table.name_of(guesser),
            )
        if guesser in computers:
            text = (
                N_("{player} is guessing your state (guess {number} of {guesses})…")
                if is_you(table, holder)
                else N_("{player} is guessing {other}'s state (guess {number} of {guesses})…")
            )
            return busy(guesser, text, other=table.name_of(holder), number=number, guesses=GUESSES)
        return _turn(
            table,
            guesser,
            N_("Your turn: click the state you think {other} holds (guess {number} of {guesses})."),
            N_(
                "{player}'s turn: click the state you think {other} holds "
                "(guess {number} of {guesses})."
            ),
            other=table.name_of(holder),
            number=number,
            guesses=GUESSES,
        )
    if phase == "race":
        people = [s for s in acting if s not in computers]
        if not people:
            return busy(acting[0], N_("{player} is still looking for a GeoPlunge…"))
        return _turn(
            table,
            people[0],
            N_(
                "Your turn: race! Find 2 groups of 3 bordering states in your cards and press "
                "GeoPlunge!"
            ),
            N_(
                "{player}'s turn: race! Find 2 groups of 3 bordering states in your cards and "
                "press GeoPlunge!"
            ),
        )
    if phase == "discard":
        people = [s for s in acting if s not in computers]
        if not people:
            return busy(acting[0], N_("{player} is putting 2 cards away…"))
        return _turn(
            table,
            people[0],
            N_("Your turn: put {away} of your {hand} cards away."),
            N_("{player}'s turn: put {away} of your {hand} cards away."),
            away=DISCARDS,
            hand=HAND_SIZE,
        )
    if phase == "announce":
        seat = acting[0]
        if seat in computers:
            return busy(seat, N_("{player} is deciding whether to GeoPlunge…"))
        return _turn(
            table,
            seat,
            N_("Your turn: say whether you are GeoPlunging (it changes the points)."),
            N_("{player}'s turn: say whether you are GeoPlunging (it changes the points)."),
        )
    if phase == "trick":
        seat = acting[0]
        s3 = view["stage3"]
        number = len(s3["tricks"]) + 1
        trick = s3["trick"]
        if seat in computers:
            return busy(seat, N_("{player} is choosing a card for trick {number}…"), number=number)
        if trick is None:
            return _turn(
                table,
                seat,
                N_(
                    "Your turn: lead trick {number} of {tricks}: pick Size, Statehood or "
                    "Population, then click a card."
                ),
                N_(
                    "{player}'s turn: lead trick {number} of {tricks}: pick Size, Statehood or "
                    "Population, then click a card."
                ),
                number=number,
                tricks=TRICKS,
            )
        lead = trick["lead"]
        category = trick["category"]
        return _turn(
            table,
            seat,
            N_("Your turn: answer {state} ({rank}): click a card; the lower number wins."),
            N_("{player}'s turn: answer {state} ({rank}): click a card; the lower number wins."),
            state=state(view, lead),
            rank=rank_word(category, view["cards"][lead][category]),
        )
    return "▶ " + who_html(
        table,
        1 - view["dealer"],
        N_("Round {round} is over: press Next round (you deal round {next})."),
        N_("Round {round} is over: press Next round ({player} deals round {next})."),
        round=view["round"],
        next=view["round"] + 1,
    )


# ----- the computer's moves, for the log ----------------------------------------------------
def guess_record(view: View, seat: int) -> tuple[list[str], list[str], str | None, bool]:
    """Stage 1 of ``seat`` (during or just after it): its guesses, the clue sentences it got
    (in the page's language), the card it was guessing (None while it may still guess) and
    whether it found it."""
    cards = view["cards"]
    if "stage1" in view:
        s1 = view["stage1"]
        texts = [clue_said(c, cards) for c in s1["clues"][seat]]
        return list(s1["guesses"][seat]), texts, s1["answers"][seat], s1["taken"][seat] is not None
    result = view["results"]["stage1"]
    secret = result["secret"][1 - seat]
    found = result["taken"][seat] is not None
    if language() == "en" or "clues" not in result:
        texts = list(result["clue_texts"][seat])
    else:
        texts = [
            clue_said({"challenge": c, "answer": a, "text": t}, cards)
            for (c, a), t in zip(result["clues"][seat], result["clue_texts"][seat], strict=True)
        ]
    return list(result["guesses"][seat]), texts, secret, found


def guess_sentence(view: View, table: Table, action: Mapping[str, Any]) -> str:
    """ "Clue 2: “...” Computer guesses Ohio: right!"."""
    seat = action["player"]
    guesses, clues, _secret, found = guess_record(view, seat)
    number = len(guesses)
    clue = clues[number - 1] if 0 < number <= len(clues) else ""
    right = found and guesses[-1] == action["state"]
    if right:
        said = who(
            table,
            seat,
            N_("You guess {state}: right!"),
            N_("{player} guesses {state}: right!"),
            state=state(view, action["state"]),
        )
    else:
        said = who(
            table,
            seat,
            N_("You guess {state}: not it."),
            N_("{player} guesses {state}: not it."),
            state=state(view, action["state"]),
        )
    if not clue:
        return said
    return _("Clue {number}: “{clue}” {guess}").format(number=number, clue=clue, guess=said)


def describe(view: View, table: Table, action: Mapping[str, Any]) -> str:
    """One sentence for the log about a move just made (plain text); ``view`` is
    ``view(None)`` after it."""
    seat, kind = action["player"], action["type"]

    def said(you: str, other: str, **values: Any) -> str:
        return who(table, seat, you, other, **values)

    cards = view["cards"]
    if kind == "clue":
        clues = view.get("stage1", {}).get("clues", [[], []])[1 - seat]
        if not clues:
            return said(N_("You give a clue"), N_("{player} gives a clue"))
        clue = clue_said(clues[-1], cards)
        return said(
            N_("You give a clue: “{clue}”"), N_("{player} gives a clue: “{clue}”"), clue=clue
        )
    if kind == "guess":
        return guess_sentence(view, table, action)
    if kind == "geoplunge":
        result = view["results"].get("race")
        if result and result["winner"] == seat:
            groups = groups_said(view, result["solutions"][seat], result["hubs"][seat])
            return said(
                N_("You shout GeoPlunge! {groups}."),
                N_("{player} shouts GeoPlunge! {groups}."),
                groups=groups,
            )
        return said(
            N_("You shout GeoPlunge!, but it does not work."),
            N_("{player} shouts GeoPlunge!, but it does not work."),
        )
    if kind == "give_up":
        return said(
            N_("You give up the race: no GeoPlunge found."),
            N_("{player} gives up the race: no GeoPlunge found."),
        )
    if kind == "time_up":
        return said(
            N_("You run out of time in the race."), N_("{player} runs out of time in the race.")
        )
    if kind == "discard":
        return said(N_("You put {n} cards away."), N_("{player} puts {n} cards away."), n=DISCARDS)
    if kind == "announce":
        if action["geoplunging"]:
            return said(N_("You are GeoPlunging."), N_("{player} is GeoPlunging."))
        return said(N_("You are not GeoPlunging."), N_("{player} is not GeoPlunging."))
    if kind == "lead":
        code, category = action["card"], action["category"]
        return said(
            N_("You lead {state} and say {category}: {rank}."),
            N_("{player} leads {state} and says {category}: {rank}."),
            state=state(view, code),
            category=category_title(category),
            rank=rank_word(category, cards[code][category]),
        )
    if kind == "follow":
        tricks = view["stage3"]["tricks"] if view.get("stage3") else []
        code = action["card"]
        if not tricks:
            return said(
                N_("You play {state}."), N_("{player} plays {state}."), state=state(view, code)
            )
        last = tricks[-1]
        winner = who(
            table,
            last["winner"],
            N_("You win trick {number}"),
            N_("{player} wins trick {number}"),
            number=len(tricks),
        )
        return said(
            N_("You play {state} ({rank}): {winner}."),
            N_("{player} plays {state} ({rank}): {winner}."),
            state=state(view, code),
            rank=rank_word(last["category"], cards[code][last["category"]]),
            winner=winner,
        )
    return ""


# ----- the verdicts -----------------------------------------------------------------------
@dataclass
class Verdict:
    """A verdict being put together from what one move led to (shown once, at the end)."""

    headline: str = ""
    correct: bool | None = None
    answer: str = ""
    where: str = ""
    fact: str = ""
    lines: list[str] = field(default_factory=list)
    #: What the map shows while the verdict is read.
    explaining: dict[str, Any] | None = None


def _fact(code: str) -> str:
    """A fact about a state: in English only (the facts file is English; a page in another
    language shows none rather than an English sentence)."""
    return state_fact(code) if language() == "en" else ""


def guess_verdict(
    after: View, mine: View, table: Table, action: Mapping[str, Any], *, by_human: bool, how: str
) -> Verdict:
    """What a guess led to: ``after`` is ``view(None)``, ``mine`` the guesser's view; ``how``
    is "click" or "type" (how the next guess is made)."""
    verdict = Verdict()
    seat, code = action["player"], action["state"]
    other = 1 - seat
    guesses, _clues, secret, found = guess_record(after, seat)
    name = state(after, code)
    right = found and guesses[-1] == code
    done = right or len(guesses) >= GUESSES
    if by_human:
        verdict.correct = right
        verdict.explaining = {
            "kind": "guess",
            "picked": code,
            "answer": secret if done else None,
            "tried": guesses,
        }
        if right:
            verdict.headline = _("Yes! It is {state}.").format(state=name)
            verdict.answer = ngettext(
                "Found in {n} guess.", "Found in {n} guesses.", len(guesses)
            ).format(n=len(guesses))
        elif done:
            verdict.headline = _("Not {state}: that was your last guess.").format(state=name)
            if secret is not None:
                verdict.answer = who(
                    table,
                    other,
                    N_("Your state was {state}."),
                    N_("{player}'s state was {state}."),
                    state=state(after, secret),
                )
        else:
            verdict.headline = _("Not {state}.").format(state=name)
            verdict.lines.append(where(after, code))
            s1 = mine.get("stage1")
            if s1 and s1["waiting_for_clue"]:
                verdict.lines.append(
                    _("{player} gives you a new clue next.").format(player=table.name_of(other))
                )
            elif s1 and s1["clues"][seat]:
                clue = clue_said(s1["clues"][seat][-1], after["cards"])
                verdict.lines.append(_("A new clue: “{clue}”").format(clue=clue))
            step = (
                N_("Guess {number} of {guesses}: click another state.")
                if how == "click"
                else N_("Guess {number} of {guesses}: type another state.")
            )
            verdict.lines.append(_(step).format(number=len(guesses) + 1, guesses=GUESSES))
        if done and secret is not None:
            verdict.where = _("{where} It is green on the map.").format(where=where(after, secret))
            verdict.fact = _fact(secret)
    results = after["results"]
    if after["phase"] != "guess" and "stage1" in results:
        said, headline = stage1_said(after, table)
        if verdict.headline:
            verdict.lines += [*said, headline]
        else:
            verdict.lines += said
            verdict.headline = headline
            verdict.explaining = {"kind": "stage1", "secret": results["stage1"]["secret"]}
    return verdict


def stage1_said(view: View, table: Table) -> tuple[list[str], str]:
    """Stage 1's result: one line per guesser and who scores; and a headline."""
    result = view["results"]["stage1"]
    lines = []
    dealer = view["dealer"]
    for seat in (dealer, 1 - dealer):
        taken = result["taken"][seat]
        card = state(view, result["secret"][1 - seat])
        if taken is None:
            lines.append(
                who(
                    table,
                    seat,
                    N_("You do not find {state}."),
                    N_("{player} does not find {state}."),
                    state=card,
                )
            )
        else:
            text = (
                ngettext(
                    "You find {state} in {n} guess.", "You find {state} in {n} guesses.", taken
                )
                if is_you(table, seat)
                else ngettext(
                    "{player} finds {state} in {n} guess.",
                    "{player} finds {state} in {n} guesses.",
                    taken,
                )
            )
            lines.append(text.format(player=table.name_of(seat), state=card, n=taken))
    points = result["points"]
    if points[0] == points[1]:
        headline = _("Stage 1 is a tie: {points} points each.").format(points=points[0])
    else:
        winner = 0 if points[0] > points[1] else 1
        headline = who(
            table,
            winner,
            N_("Stage 1: You win {points} points."),
            N_("Stage 1: {player} wins {points} points."),
            points=max(points),
        )
    return lines, headline


def claim_problem_said(mine: View, seat: int, groups: Sequence[Sequence[str]]) -> str:
    """Why a GeoPlunge claim failed, in the page's language: the engine's reason (kept in
    English in its state) said again from the view, with the same rule (``borders``)."""
    race = mine["race"]
    if language() == "en" or not race["problem"]:
        return race["problem"] or ""
    neighbours = {c: frozenset(card["neighbours"]) for c, card in mine["cards"].items()}
    names = state_names(mine)
    problem = borders.claim_problem(groups, race["hand"], neighbours, names, say=_) or ""
    if race["wrong"][seat] >= MAX_WRONG_CLAIMS:
        problem = f"{problem} {_(LAST_TRY)}"
    return problem


def wrong_claim_verdict(mine: View, seat: int, groups: Sequence[Sequence[str]]) -> Verdict:
    """A person's GeoPlunge! that does not work (the race goes on): why, and the lock."""
    race = mine["race"]
    verdict = Verdict(headline=_("Not a GeoPlunge yet."), correct=False)
    verdict.lines.append(claim_problem_said(mine, seat, groups))
    verdict.explaining = {"kind": "groups", "groups": [list(g) for g in groups], "whose": seat}
    if not race["out"][seat]:
        tries = MAX_WRONG_CLAIMS - race["wrong"][seat]
        verdict.lines.append(
            ngettext(
                "Your GeoPlunge! button waits {seconds} seconds after you press Continue. "
                "{n} wrong claim more and you are out of this race.",
                "Your GeoPlunge! button waits {seconds} seconds after you press Continue. "
                "{n} wrong claims more and you are out of this race.",
                tries,
            ).format(seconds=LOCKOUT_SECONDS, n=tries)
        )
    return verdict


def held_verdict(mine: View, table: Table) -> Verdict:
    """Racing in turns: the first racer's right GeoPlunge waits for the other player."""
    held = mine["race"]["held"]
    seat, used = held["player"], held["seconds"] or 0.0
    other = table.name_of(1 - seat)
    seconds = f"{used:.0f}"
    return Verdict(
        headline=who(
            table,
            seat,
            N_("You find a GeoPlunge in {seconds} seconds!"),
            N_("{player} finds a GeoPlunge in {seconds} seconds!"),
            seconds=seconds,
        ),
        correct=True,
        lines=[
            _(
                "It stays hidden until {other} has tried. Pass the screen to {other}: "
                "{other} must find one in less than {seconds} seconds to win the race."
            ).format(other=other, seconds=seconds)
        ],
    )


def race_verdict(view: View, table: Table, *, computers: Collection[int], neutral: bool) -> Verdict:
    """Stage 2's result (``view`` is ``view(None)`` after the race): who shouted first, what
    each hand held, and who deals Stage 3. Marked right or wrong for the one person at the
    screen against ``computers``; ``neutral`` (two people, or nobody) marks neither."""
    verdict = Verdict()
    result = view["results"].get("race")
    if result is None:
        return verdict  # the game ended before the race
    winner = result["winner"]
    solutions, hubs = result["solutions"], result["hubs"]
    if winner is None:
        verdict.headline = _("Nobody found a GeoPlunge: no points for Stage 2.")
    else:
        verdict.headline = who(
            table,
            winner,
            N_("You shout GeoPlunge first: +{points} points!"),
            N_("{player} shouts GeoPlunge first: +{points} points!"),
            points=STAGE_POINTS,
        )
        verdict.lines.append(groups_said(view, solutions[winner], hubs[winner]) + ".")
        if not neutral:
            verdict.correct = winner not in computers
    for seat in (0, 1):
        if seat == winner:
            continue
        if solutions[seat]:
            said = groups_said(view, solutions[seat], hubs[seat])
            verdict.lines.append(
                who(
                    table,
                    seat,
                    N_("Your cards had one too: {groups}."),
                    N_("{player}'s cards had one too: {groups}."),
                    groups=said,
                )
            )
        else:
            verdict.lines.append(
                who(
                    table,
                    seat,
                    N_("Your cards had no GeoPlunge."),
                    N_("{player}'s cards had no GeoPlunge."),
                )
            )
    shown = winner if winner is not None else next((s for s in (0, 1) if solutions[s]), None)
    if shown is not None:
        groups = solutions[shown]
        verdict.explaining = {"kind": "groups", "groups": groups, "whose": shown}
        verdict.where = who(
            table,
            shown,
            N_("On the map: your groups, group 1 orange and group 2 pink."),
            N_("On the map: {player}'s groups, group 1 orange and group 2 pink."),
        )
        verdict.fact = _fact(hubs[shown][0] or groups[0][0])
    s3 = view.get("stage3")
    if s3 is not None:
        if winner is not None:
            verdict.lines.append(
                who(
                    table,
                    s3["dealer"],
                    N_("You deal Stage 3 and lead the first trick, as the race winner."),
                    N_("{player} deals Stage 3 and leads the first trick, as the race winner."),
                )
            )
        else:
            verdict.lines.append(
                who(
                    table,
                    s3["dealer"],
                    N_("You deal Stage 3 and lead the first trick, as this round's dealer."),
                    N_("{player} deals Stage 3 and leads the first trick, as this round's dealer."),
                )
            )
    return verdict


def trick_verdict(
    view: View, table: Table, *, computers: Collection[int], neutral: bool
) -> Verdict:
    """The trick just played (``view`` is ``view(None)`` after it); marked as
    ``race_verdict`` marks."""
    s3 = view["stage3"]
    cards = view["cards"]
    trick = s3["tricks"][-1]
    number = len(s3["tricks"])
    winner = trick["winner"]
    category = trick["category"]
    won = trick["cards"][winner]
    lost = trick["cards"][1 - winner]
    verdict = Verdict()
    if number == TRICKS:
        verdict.headline = who(
            table,
            winner,
            N_("You win the last trick ({number} of {tricks})."),
            N_("{player} wins the last trick ({number} of {tricks})."),
            number=number,
            tricks=TRICKS,
        )
    else:
        verdict.headline = who(
            table,
            winner,
            N_("You win the trick ({number} of {tricks})."),
            N_("{player} wins the trick ({number} of {tricks})."),
            number=number,
            tricks=TRICKS,
        )
    if not neutral:
        verdict.correct = winner not in computers
    verdict.lines.append(
        _(
            "{category}: {won} is #{won_rank}, {lost} is #{lost_rank}. The lower number wins."
        ).format(
            category=category_title(category),
            won=state(view, won),
            won_rank=cards[won][category],
            lost=state(view, lost),
            lost_rank=cards[lost][category],
        )
    )
    tally = ", ".join(f"{table.name_of(s)} {s3['won'][s]}" for s in (0, 1))
    verdict.lines.append(_("Tricks won: {tally}.").format(tally=tally))
    if number < TRICKS:
        verdict.lines.append(
            who(
                table,
                winner,
                N_("You lead trick {number}."),
                N_("{player} leads trick {number}."),
                number=number + 1,
            )
        )
    verdict.explaining = {"kind": "trick", "trick": trick}
    return verdict


def stage3_said(view: View, table: Table) -> str:
    """ "You win Stage 3, 3 tricks to 3: the last trick decided it. +5 points (...)"."""
    result = view["results"]["stage3"]
    winner = result["winner"]
    mine, theirs = result["won"][winner], result["won"][1 - winner]
    plunged = [s for s in (0, 1) if result["geoplunging"][s]]
    if not plunged:
        why = _("nobody was GeoPlunging")
    elif len(plunged) == 2:
        why = _("both were GeoPlunging")
    else:
        why = who(table, plunged[0], N_("You were GeoPlunging"), N_("{player} was GeoPlunging"))
    values = {"mine": mine, "theirs": theirs, "points": result["points"], "why": why}
    if mine == theirs:
        return who(
            table,
            winner,
            N_(
                "You win Stage 3, {mine} tricks to {theirs}: the last trick decided it. "
                "+{points} points ({why})."
            ),
            N_(
                "{player} wins Stage 3, {mine} tricks to {theirs}: the last trick decided it. "
                "+{points} points ({why})."
            ),
            **values,
        )
    return who(
        table,
        winner,
        N_("You win Stage 3, {mine} tricks to {theirs}. +{points} points ({why})."),
        N_("{player} wins Stage 3, {mine} tricks to {theirs}. +{points} points ({why})."),
        **values,
    )


def round_end_said(view: View, table: Table) -> list[str]:
    """After the last trick of a round that does not end the game: the score, next round."""
    nxt = who(
        table,
        1 - view["dealer"],
        N_("Press Next round: you deal round {number}."),
        N_("Press Next round: {player} deals round {number}."),
        number=view["round"] + 1,
    )
    return [score_said(view, table), nxt]


def score_said(view: View, table: Table) -> str:
    """ "Score: Ana 45, Computer 30 (first to 100)."."""
    scores = view["scores"]
    said = ", ".join(f"{table.name_of(s)} {number_text(scores[s])}" for s in (0, 1))
    return _("Score: {scores} (first to {target}).").format(scores=said, target=view["target"])


def score_title(view: View) -> str:
    """The leaderboard's heading: "Points (first to 100)"."""
    return _("Points (first to {target})").format(target=view["target"])


def tricks_detail(view: View, seat: int) -> str:
    """The leaderboard's second column in Stage 3: "2 of 6"."""
    s3 = view.get("stage3")
    return _("{won} of {tricks}").format(won=s3["won"][seat], tricks=TRICKS) if s3 else ""
