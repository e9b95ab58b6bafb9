"""Every sentence the GeoTriple screen says: the single place a translator touches.

Pure functions from a view (``GeoTriple.view``), a move, and the table (names, who is "you")
to plain text or small HTML. No widgets, no engine: the tests call them on views alone
(``tests/geotriple/test_wording.py``). Plain-text results are escaped by whoever puts them in
HTML; the HTML ones escape every name themselves.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from geoteach.escape import html_text
from geoteach.games.geotriple.borders import BORDER_RULE
from geoteach.games.geotriple.game import GUESSES, LOCKOUT_SECONDS, MAX_WRONG_CLAIMS, STAGE_POINTS
from geoteach.games.geotriple.tricks import DISCARDS, HAND_SIZE, TRICKS
from geoteach.games.table import Table
from geoteach.quiz.facts import state_fact
from geoteach.ui.shell import number_text
from geoteach.ui.theme import does, does_text, is_you, seat_badge

View = Mapping[str, Any]

#: What each phase is called on screen (the rulebook's headings).
STAGE_NAMES = {
    "guess": "Stage 1 · Guess the State",
    "race": "Stage 2 · Race for Borders",
    "discard": "Stage 3 · Play the Ranks",
    "announce": "Stage 3 · Play the Ranks",
    "trick": "Stage 3 · Play the Ranks",
    "round_over": "End of the round",
    "game_over": "Game over",
}
STAGE3 = ("discard", "announce", "trick")

#: Said where a player decides whether to GeoPlunge: what it changes (only the points).
GEOPLUNGING = (
    "GeoPlunging does not change how you play, only the points: the winner of Stage 3 gets 10 "
    "points instead of 5 if one of you GeoPlunges, and 20 if you both do."
)
#: What the numbers on a card mean (lower wins a trick).
RANKS_SAID = (
    "Lower numbers win: #1 is the biggest state, the first to join the Union, or the one with "
    "the most people."
)

RULES_HTML = (
    "<details><summary><b>How to play GeoTriple</b></summary>"
    "<p>Each round has three stages. The first player to reach the target score wins.</p><ol>"
    "<li><b>Guess the State.</b> You each hold one secret state. Before each guess you get a "
    "clue about the other player's state; 3 guesses at most. Fewer guesses wins 10 points; the "
    "same number (or neither found it) gives 5 points each. The dealer guesses first.</li>"
    "<li><b>Race for Borders.</b> You get 18 state cards. Find 2 groups of 3 cards, 6 different "
    "cards, where one state of each group borders the other two, and shout GeoPlunge! The "
    f"first right GeoPlunge wins 10 points. {html_text(BORDER_RULE)}</li>"
    "<li><b>Play the Ranks.</b> The race winner deals and leads first. Keep 6 of your 8 cards "
    "and say whether you are GeoPlunging. Six tricks: the leader says Size, Statehood or "
    "Population and plays a card, the other plays one; the lower rank wins the trick and leads "
    "next. 4 tricks win the stage; at 3 to 3 whoever won the last trick wins. "
    f"{html_text(GEOPLUNGING)}</li></ol></details>"
)

#: Hints for a click that did nothing.
NOT_YOUR_GUESS = "It is not your turn to guess: wait for the next clue."
OUT_OF_RACE = "You are out of this race: wait for the result."
PLAY_BELOW = "In Stage 3 you play the cards under “Your cards”."
TYPE_A_STATE = "Type a state's name and pick it from the list first."
PICK_SIX = "Pick 6 cards first: the first 3 you pick are group 1, the next 3 group 2."
PICK_TO_PUT_AWAY = f"Pick {DISCARDS} cards to put away: click them under Your cards."
WAIT_YOUR_TURN = "Wait for your turn."
ANNOUNCE_FIRST = "First say whether you are GeoPlunging."
CATEGORY_FIRST = "First pick what counts for this trick: Size, Statehood or Population."
CATEGORY_TIPS = ["Bigger wins", "Joined the Union earlier wins", "More people wins"]
YOUR_CARDS = "<p><b>Your cards</b></p>"


def _get(card: Any, key: str) -> Any:
    """A card's fact, from a view's card (a dict) or an engine's ``PlungeCard``."""
    return card[key] if isinstance(card, Mapping) else getattr(card, key)


def rank_labels(card: Any, census: str = "") -> str:
    """A card's ranks as the screen writes them: "size #29 · statehood #25 · population #33",
    with the population's year when known ("population #33 (2020 Census)")."""
    year = f" ({census})" if census else ""
    size, statehood, population = (_get(card, k) for k in ("size", "statehood", "population"))
    return f"size #{size} · statehood #{statehood} · population #{population}{year}"


def census_words(year: int | None) -> str:
    """The population's year as the cards say it: "2020 Census" for a census year."""
    if year is None:
        return ""
    return f"{year} Census" if year % 10 == 0 else str(year)


def plural(count: int, word: str) -> str:
    """ "1 guess", "2 guesses", "3 tricks"."""
    ending = "es" if word.endswith("s") else "s"
    return f"{count} {word}" if count == 1 else f"{count} {word}{ending}"


def whose(table: Table, seat: int, upper: bool = False) -> str:
    """ "your" (or "Your") or "Ana's" (plain text)."""
    if is_you(table, seat):
        return "Your" if upper else "your"
    return f"{table.name_of(seat)}'s"


def turn_html(table: Table, seat: int) -> str:
    """ "Your turn" or "Ana's turn" (HTML)."""
    if is_you(table, seat):
        return "Your turn"
    return f"{seat_badge(table, seat)}'s turn"


def where(view: View, code: str) -> str:
    """ "Ohio is in the Midwest (East North Central)."."""
    card = view["cards"][code]
    return f"{card['name']} is in the {card['region']} ({card['division']})."


def groups_said(view: View, groups: Sequence[Sequence[str]], hubs: Sequence[Any]) -> str:
    """ "Ohio borders Indiana and Kentucky; Texas borders ..." for a GeoPlunge (``hubs``: the
    state of each group that borders the other two, None when there is none)."""
    names = {c: card["name"] for c, card in view["cards"].items()}
    said = []
    for group, hub in zip(groups, hubs, strict=True):
        if hub is None:
            said.append(", ".join(names[c] for c in group))
            continue
        a, b = (names[c] for c in group if c != hub)
        said.append(f"{names[hub]} borders {a} and {b}")
    return "; ".join(said)


# ----- the banner -------------------------------------------------------------------------
def prompt(view: View, table: Table, acting: Sequence[int], computers: Collection[int]) -> str:
    """The banner (HTML): the round, the stage, who deals, and who must do what now."""
    phase = view["phase"]
    head = f"Round {view['round']} · {STAGE_NAMES[phase]} · {deal_words(view, table)}"
    if phase == "game_over":
        return f'{head}<br><span class="gt-turn">The game is over.</span>'
    return f'{head}<br><span class="gt-turn">{now_words(view, table, acting, computers)}</span>'


def deal_words(view: View, table: Table) -> str:
    """ "Ana deals this round", or in Stage 3 who deals it and who leads the trick (HTML)."""
    s3 = view.get("stage3")
    if s3 is None or view["phase"] not in STAGE3:
        return does(table, view["dealer"], "deals this round", "deal this round")
    words = does(table, s3["dealer"], "deals Stage 3", "deal Stage 3")
    if view["phase"] == "trick":
        number = len(s3["tricks"]) + 1
        leads = does(table, s3["leader"], "leads", "lead")
        words += f" · {leads} trick {number} of {TRICKS}"
    return words


def now_words(view: View, table: Table, acting: Sequence[int], computers: Collection[int]) -> str:
    """Who must act now and what to do (HTML)."""
    phase = view["phase"]
    cards = view["cards"]

    def badge(seat: int) -> str:
        return seat_badge(table, seat)

    if phase == "guess":
        s1 = view["stage1"]
        guesser, holder = s1["guesser"], s1["holder"]
        number = len(s1["guesses"][guesser]) + 1
        if s1["waiting_for_clue"]:
            if holder in computers:
                return f"{badge(holder)} is giving a clue…"
            return (
                f"▶ {turn_html(table, holder)}: give {html_text(table.name_of(guesser))} a true "
                "clue about your card."
            )
        if guesser in computers:
            return (
                f"{badge(guesser)} is guessing {html_text(whose(table, holder))} state "
                f"(guess {number} of {GUESSES})…"
            )
        return (
            f"▶ {turn_html(table, guesser)}: click the state you think "
            f"{html_text(table.name_of(holder))} holds (guess {number} of {GUESSES})."
        )
    if phase == "race":
        people = [s for s in acting if s not in computers]
        if not people:
            return f"{badge(acting[0])} is still looking for a GeoPlunge…"
        return (
            f"▶ {turn_html(table, people[0])}: race! Find 2 groups of 3 bordering states in your "
            "cards and press GeoPlunge!"
        )
    if phase == "discard":
        people = [s for s in acting if s not in computers]
        if not people:
            return f"{badge(acting[0])} is putting 2 cards away…"
        return f"▶ {turn_html(table, people[0])}: put {DISCARDS} of your {HAND_SIZE} cards away."
    if phase == "announce":
        seat = acting[0]
        if seat in computers:
            return f"{badge(seat)} is deciding whether to GeoPlunge…"
        return (
            f"▶ {turn_html(table, seat)}: say whether you are GeoPlunging (it changes the points)."
        )
    if phase == "trick":
        seat = acting[0]
        s3 = view["stage3"]
        number = len(s3["tricks"]) + 1
        trick = s3["trick"]
        if seat in computers:
            return f"{badge(seat)} is choosing a card for trick {number}…"
        if trick is None:
            return (
                f"▶ {turn_html(table, seat)}: lead trick {number} of {TRICKS}: pick Size, "
                "Statehood or Population, then click a card."
            )
        lead = cards[trick["lead"]]
        category = trick["category"]
        return (
            f"▶ {turn_html(table, seat)}: answer {html_text(lead['name'])} ({category} "
            f"#{lead[category]}): click a card; the lower number wins."
        )
    next_dealer = does(table, 1 - view["dealer"], "deals", "deal")
    return (
        f"▶ Round {view['round']} is over: press Next round ({next_dealer} round "
        f"{view['round'] + 1})."
    )


# ----- the computer's moves, for the log ----------------------------------------------------
def guess_record(view: View, seat: int) -> tuple[list[str], list[str], str | None, bool]:
    """Stage 1 of ``seat`` (during or just after it): its guesses, the clue sentences it got,
    the card it was guessing (None while it may still guess) and whether it found it."""
    if "stage1" in view:
        s1 = view["stage1"]
        texts = [c["text"] for c in s1["clues"][seat]]
        return list(s1["guesses"][seat]), texts, s1["answers"][seat], s1["taken"][seat] is not None
    result = view["results"]["stage1"]
    secret = result["secret"][1 - seat]
    found = result["taken"][seat] is not None
    return list(result["guesses"][seat]), list(result["clue_texts"][seat]), secret, found


def guess_sentence(view: View, table: Table, action: Mapping[str, Any]) -> str:
    """ "Clue 2: “...” Computer guesses Ohio: right!"."""
    seat = action["player"]
    guesses, clues, _secret, found = guess_record(view, seat)
    number = len(guesses)
    clue = clues[number - 1] if 0 < number <= len(clues) else ""
    heard = f"Clue {number}: “{clue}” " if clue else ""
    right = "right!" if found and guesses[-1] == action["state"] else "not it."
    name = view["cards"][action["state"]]["name"]
    return f"{heard}{does_text(table, seat, 'guesses', 'guess')} {name}: {right}"


def describe(view: View, table: Table, action: Mapping[str, Any]) -> str:
    """One sentence for the log about a move just made (plain text); ``view`` is
    ``view(None)`` after it."""
    seat, kind = action["player"], action["type"]

    def who(third: str, second: str) -> str:
        return does_text(table, seat, third, second)

    cards = view["cards"]
    if kind == "clue":
        clues = view.get("stage1", {}).get("clues", [[], []])[1 - seat]
        said = f": “{clues[-1]['text']}”" if clues else ""
        return f"{who('gives', 'give')} a clue{said}"
    if kind == "guess":
        return guess_sentence(view, table, action)
    if kind == "geoplunge":
        result = view["results"].get("race")
        if result and result["winner"] == seat:
            said = groups_said(view, result["solutions"][seat], result["hubs"][seat])
            return f"{who('shouts', 'shout')} GeoPlunge! {said}."
        return f"{who('shouts', 'shout')} GeoPlunge!, but it does not work."
    if kind == "give_up":
        return f"{who('gives', 'give')} up the race: no GeoPlunge found."
    if kind == "time_up":
        return f"{does_text(table, seat, 'runs', 'run')} out of time in the race."
    if kind == "discard":
        return f"{who('puts', 'put')} {DISCARDS} cards away."
    if kind == "announce":
        return f"{who('is', 'are')} {'' if action['geoplunging'] else 'not '}GeoPlunging."
    if kind == "lead":
        card = cards[action["card"]]
        category = action["category"]
        return (
            f"{who('leads', 'lead')} {card['name']} and says {category.title()}: "
            f"{category} #{card[category]}."
        )
    if kind == "follow":
        tricks = view["stage3"]["tricks"] if view.get("stage3") else []
        card = cards[action["card"]]
        if not tricks:
            return f"{who('plays', 'play')} {card['name']}."
        last = tricks[-1]
        winner = does_text(table, last["winner"], "wins", "win")
        return (
            f"{who('plays', 'play')} {card['name']} ({last['category']} "
            f"#{card[last['category']]}): {winner} trick {len(tricks)}."
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


def guess_verdict(
    after: View, mine: View, table: Table, action: Mapping[str, Any], *, by_human: bool, how: str
) -> Verdict:
    """What a guess led to: ``after`` is ``view(None)``, ``mine`` the guesser's view; ``how``
    is "click" or "type" (how the next guess is made)."""
    verdict = Verdict()
    seat, code = action["player"], action["state"]
    other = 1 - seat
    guesses, _clues, secret, found = guess_record(after, seat)
    names = {c: card["name"] for c, card in after["cards"].items()}
    name = names[code]
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
            verdict.headline = f"Yes! It is {name}."
            verdict.answer = f"Found in {plural(len(guesses), 'guess')}."
        elif done:
            verdict.headline = f"Not {name}: that was your last guess."
            verdict.answer = f"{whose(table, other, upper=True)} state was {names[secret]}."
        else:
            verdict.headline = f"Not {name}."
            verdict.lines.append(where(after, code))
            s1 = mine.get("stage1")
            if s1 and s1["waiting_for_clue"]:
                verdict.lines.append(f"{table.name_of(other)} gives you a new clue next.")
            elif s1 and s1["clues"][seat]:
                verdict.lines.append(f"A new clue: “{s1['clues'][seat][-1]['text']}”")
            verdict.lines.append(f"Guess {len(guesses) + 1} of {GUESSES}: {how} another state.")
        if done and secret is not None:
            verdict.where = f"{where(after, secret)} It is green on the map."
            verdict.fact = state_fact(secret)
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
        card = view["cards"][result["secret"][1 - seat]]["name"]
        if taken is None:
            lines.append(f"{does_text(table, seat, 'does', 'do')} not find {card}.")
        else:
            found = does_text(table, seat, "finds", "find")
            lines.append(f"{found} {card} in {plural(taken, 'guess')}.")
    points = result["points"]
    if points[0] == points[1]:
        headline = f"Stage 1 is a tie: {points[0]} points each."
    else:
        winner = 0 if points[0] > points[1] else 1
        headline = f"Stage 1: {does_text(table, winner, 'wins', 'win')} {max(points)} points."
    return lines, headline


def wrong_claim_verdict(mine: View, seat: int, groups: Sequence[Sequence[str]]) -> Verdict:
    """A person's GeoPlunge! that does not work (the race goes on): why, and the lock."""
    race = mine["race"]
    verdict = Verdict(headline="Not a GeoPlunge yet.", correct=False)
    verdict.lines.append(race["problem"] or "")
    verdict.explaining = {"kind": "groups", "groups": [list(g) for g in groups], "whose": seat}
    if not race["out"][seat]:
        tries = MAX_WRONG_CLAIMS - race["wrong"][seat]
        verdict.lines.append(
            f"Your GeoPlunge! button waits {LOCKOUT_SECONDS} seconds after you press "
            f"Continue. {plural(tries, 'wrong claim')} more and you are out of this race."
        )
    return verdict


def held_verdict(mine: View, table: Table) -> Verdict:
    """Racing in turns: the first racer's right GeoPlunge waits for the other player."""
    held = mine["race"]["held"]
    seat, used = held["player"], held["seconds"] or 0.0
    other = table.name_of(1 - seat)
    return Verdict(
        headline=f"{does_text(table, seat, 'finds', 'find')} a GeoPlunge in {used:.0f} seconds!",
        correct=True,
        lines=[
            f"It stays hidden until {other} has tried. Pass the screen to {other}: "
            f"{other} must find one in less than {used:.0f} seconds to win the race."
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
        verdict.headline = "Nobody found a GeoPlunge: no points for Stage 2."
    else:
        shout = does_text(table, winner, "shouts", "shout")
        verdict.headline = f"{shout} GeoPlunge first: +{STAGE_POINTS} points!"
        verdict.lines.append(groups_said(view, solutions[winner], hubs[winner]) + ".")
        if not neutral:
            verdict.correct = winner not in computers
    for seat in (0, 1):
        if seat == winner:
            continue
        hand = f"{whose(table, seat, upper=True)} cards"
        if solutions[seat]:
            said = groups_said(view, solutions[seat], hubs[seat])
            verdict.lines.append(f"{hand} had one too: {said}.")
        else:
            verdict.lines.append(f"{hand} had no GeoPlunge.")
    shown = winner if winner is not None else next((s for s in (0, 1) if solutions[s]), None)
    if shown is not None:
        groups = solutions[shown]
        verdict.explaining = {"kind": "groups", "groups": groups, "whose": shown}
        verdict.where = (
            f"On the map: {whose(table, shown)} groups, group 1 orange and group 2 pink."
        )
        verdict.fact = state_fact(hubs[shown][0] or groups[0][0])
    s3 = view.get("stage3")
    if s3 is not None:
        deals = does_text(table, s3["dealer"], "deals Stage 3 and leads", "deal Stage 3 and lead")
        why = "the race winner" if winner is not None else "this round's dealer"
        verdict.lines.append(f"{deals} the first trick, as {why}.")
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
    won = cards[trick["cards"][winner]]
    lost = cards[trick["cards"][1 - winner]]
    last = " last" if number == TRICKS else ""
    verdict = Verdict()
    verdict.headline = (
        f"{does_text(table, winner, 'wins', 'win')} the{last} trick ({number} of {TRICKS})."
    )
    if not neutral:
        verdict.correct = winner not in computers
    verdict.lines.append(
        f"{category.title()}: {won['name']} is #{won[category]}, {lost['name']} is "
        f"#{lost[category]}. The lower number wins."
    )
    tally = ", ".join(f"{table.name_of(s)} {s3['won'][s]}" for s in (0, 1))
    verdict.lines.append(f"Tricks won: {tally}.")
    if number < TRICKS:
        verdict.lines.append(f"{does_text(table, winner, 'leads', 'lead')} trick {number + 1}.")
    verdict.explaining = {"kind": "trick", "trick": trick}
    return verdict


def stage3_said(view: View, table: Table) -> str:
    """ "You win Stage 3, 3 tricks to 3: the last trick decided it. +5 points (...)"."""
    result = view["results"]["stage3"]
    winner = result["winner"]
    mine, theirs = result["won"][winner], result["won"][1 - winner]
    text = f"{does_text(table, winner, 'wins', 'win')} Stage 3, {mine} tricks to {theirs}"
    if mine == theirs:
        text += ": the last trick decided it"
    plunged = [table.name_of(s) for s in (0, 1) if result["geoplunging"][s]]
    if not plunged:
        why = "nobody was GeoPlunging"
    elif len(plunged) == 2:
        why = "both were GeoPlunging"
    else:
        why = f"{plunged[0]} {'were' if plunged[0] == 'You' else 'was'} GeoPlunging"
    return f"{text}. +{result['points']} points ({why})."


def round_end_said(view: View, table: Table) -> list[str]:
    """After the last trick of a round that does not end the game: the score, next round."""
    nxt = does_text(table, 1 - view["dealer"], "deals", "deal")
    return [score_said(view, table), f"Press Next round: {nxt} round {view['round'] + 1}."]


def score_said(view: View, table: Table) -> str:
    """ "Score: Ana 45, Computer 30 (first to 100)."."""
    scores = view["scores"]
    said = ", ".join(f"{table.name_of(s)} {number_text(scores[s])}" for s in (0, 1))
    return f"Score: {said} (first to {view['target']})."


# The step controls' and the board's sentences live beside this module (kept under 600 lines).
from geoteach.ui.geotriple.wording_steps import (  # noqa: E402, F401
    RACE_WAITS,
    claim_button_text,
    clock_words,
    computer_due,
    computer_gave_up,
    first_racer_out,
    groups_line,
    hand_tile,
    map_caption,
    not_your_card,
    picked_enough,
    race_out_step,
    race_step,
    round_over_step,
    score_title,
    sheet_html,
    stage1_step,
    stage3_step,
    tile_html,
    time_to_beat,
    trick_table_html,
    tricks_detail,
    wait_to_shout,
)
