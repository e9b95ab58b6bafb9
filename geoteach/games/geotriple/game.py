"""GeoTriple: two players, U.S. states, three stages a round, first to 100 points.

Phases (the rulebook's headings): "guess" (Stage 1, Guess the State), "race" (Stage 2, Race for
Borders), "discard", "announce" and "trick" (Stage 3, Play the Ranks), "round_over" and
"game_over".

See the package docstring (``geoteach.games.geotriple``) for every house rule decided here.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from geoteach.games import fields
from geoteach.games.answer_facts import answer_fact
from geoteach.games.base import Action, Game, IllegalAction, detached
from geoteach.games.deck import Deck
from geoteach.games.geotriple import borders, tricks
from geoteach.games.geotriple.cards import (
    CATEGORIES,
    PlungeCard,
    StateRows,
    neighbour_map,
    plunge_cards,
)
from geoteach.games.geotriple.challenges import (
    challenge_deck,
    choices,
    guess_points,
    matching_answer,
    possible_states,
    true_answers,
)
from geoteach.games.geotriple.views import (
    AnnounceMove,
    ClueMove,
    DiscardMove,
    FollowMove,
    GeoplungeMove,
    GeoTripleView,
    GuessMove,
    HeldClaim,
    LeadMove,
    PlainMove,
    Results,
    StateCard,
)
from geoteach.games.scoreboard import Scoreboard
from geoteach.games.table import Table
from geoteach.i18n import N_, _, place, said, said_plural

if TYPE_CHECKING:  # pandas only for a states table a teacher passes in (issue 24)
    import pandas as pd

GUESSES = 3
RACE_HAND = 18
STAGE_POINTS = 10
MAX_WRONG_CLAIMS = 3
LOCKOUT_SECONDS = 5
MAX_REDEALS = 1000
PHASES = ("guess", "race", "discard", "announce", "trick", "round_over", "game_over")


def default_states() -> pd.DataFrame:
    """``geoteach.data.us_states()``, the 50 GeoPlunge cards' facts."""
    from geoteach.data import us_states

    return us_states()


def population_year(states: pd.DataFrame | StateRows) -> int | None:
    """The year of the cards' population ranks (the latest ``population_year``), if known."""
    rows = states if isinstance(states, Mapping) else states.to_dict("index")
    years = [_year_number(row.get("population_year")) for row in rows.values()]
    known = [year for year in years if year is not None]
    return max(known) if known else None


def _year_number(value: Any) -> int | None:
    """A cell as a whole year, or None when it holds no number."""
    if isinstance(value, bool) or value is None:
        return None
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return int(number) if math.isfinite(number) else None


def _other(seat: int) -> int:
    return 1 - seat


#: Added to the reason of a third wrong claim (kept in English in the state; a screen says it).
LAST_TRY = N_("That was your last try: you are out of this race.")


class GeoTriple(Game):
    """The GeoTriple engine. ``states`` defaults to ``geoteach.data.us_states()``."""

    name: ClassVar[str] = "geotriple"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    # "The dealer makes his or her guesses first."
    first_player_rule: ClassVar[str] = "dealer"
    first_player_note: ClassVar[str] = N_(
        "The dealer deals Stage 1 and makes his or her guesses first; the deal passes to the "
        "other player each round."
    )

    @classmethod
    def title(cls) -> str:
        return "GeoTriple"

    def __init__(
        self,
        table: Table,
        seed: int | None = None,
        states: pd.DataFrame | StateRows | None = None,
        **options: Any,
    ) -> None:
        # No table given: the states table's kept plain rows (``geoteach.data.rows``), the same
        # facts as ``default_states()`` without loading pandas in a student's kernel (issue 24).
        self.states = states
        if states is None:
            from geoteach.data.rows import state_rows

            states = state_rows()
        self.cards: dict[str, PlungeCard] = plunge_cards(states)
        if len(self.cards) < 2 * RACE_HAND + 2:
            raise ValueError(f"GeoTriple needs at least {2 * RACE_HAND + 2} state cards.")
        self.neighbours = neighbour_map(self.cards)
        self.challenges = challenge_deck(self.cards)
        self.names = {code: card.name for code, card in self.cards.items()}
        target = options.setdefault("target", 100)
        if not isinstance(target, int) or target <= 0:
            raise ValueError(f"The target score must be a whole number above 0, not {target!r}.")
        options.setdefault("typed_clues", None)
        options.setdefault("race_in_turns", None)
        super().__init__(table, seed=seed, **options)
        self._cards_view: dict[str, StateCard] = {
            code: {
                "name": card.name,
                "size": card.size,
                "statehood": card.statehood,
                "population": card.population,
                "region": card.region,
                "division": card.division,
                "neighbours": sorted(self.neighbours[code]),
            }
            for code, card in self.cards.items()
        }
        self._population_year = population_year(states)

    # ----- set-up and the deals ---------------------------------------------------------
    def setup(self) -> None:
        self.plunge = Deck.shuffled(list(self.cards), self.rng)
        self.challenge_pile = Deck.shuffled(list(self.challenges), self.rng)
        self.scoreboard = Scoreboard(2)
        self.s: dict[str, Any] = {
            "phase": "guess",
            "round": 1,
            "dealer": self.table.first,
            "secret": [],
            "stage1": None,
            "race": None,
            "stage3": None,
            "results": {},
            "history": [],
        }
        self._start_stage1()

    @property
    def target(self) -> int:
        return int(self.options["target"])

    def typed_clues(self) -> bool:
        """True when the holder gives the clue (two people), False when the engine does."""
        chosen = self.options.get("typed_clues")
        if chosen is None:
            return not any(seat.is_bot for seat in self.table.seats)
        return bool(chosen)

    def race_in_turns(self) -> bool:
        """True when the two players race one after the other (two people at one screen):
        the ``race_in_turns`` option, or by default when no computer sits at the table."""
        chosen = self.options.get("race_in_turns")
        if chosen is None:
            return not any(seat.is_bot for seat in self.table.seats)
        return bool(chosen)

    def _start_stage1(self) -> None:
        self.s["phase"] = "guess"
        self.s["secret"] = self.plunge.draw(2)
        dealer = self.s["dealer"]
        self.s["stage1"] = {
            "order": [dealer, _other(dealer)],
            "turn": 0,
            "challenge": None,
            "pending": False,
            "guesses": [[], []],
            "clues": [[], []],
            "taken": [None, None],
        }
        self._next_challenge()

    def _next_challenge(self) -> None:
        """Read the top GeoChallenge card; the holder (or the engine) answers it."""
        s1 = self.s["stage1"]
        cid = self.challenge_pile.draw()
        self.challenge_pile.to_bottom(cid)
        s1["challenge"] = cid
        if self.typed_clues():
            s1["pending"] = True
            return
        guesser = s1["order"][s1["turn"]]
        card = self.cards[self.s["secret"][_other(guesser)]]
        answer = self.rng.choice(true_answers(self.challenges[cid], card, self.cards))
        self._give_clue(guesser, cid, answer)

    def _give_clue(self, guesser: int, cid: str, answer: str) -> None:
        self.s["stage1"]["clues"][guesser].append([cid, answer])
        self.s["stage1"]["pending"] = False

    def _end_stage1(self) -> None:
        s1 = self.s["stage1"]
        points = guess_points(s1["taken"])
        for seat in (0, 1):
            if points[seat]:
                self.scoreboard.add(seat, points[seat], why=f"round {self.s['round']}: stage 1")
        self.s["results"]["stage1"] = {
            "secret": list(self.s["secret"]),
            "taken": list(s1["taken"]),
            "points": points,
            "guesses": [list(g) for g in s1["guesses"]],
            "clues": [[list(c) for c in cl] for cl in s1["clues"]],
        }
        if not self._game_over():
            self._start_race()

    def _start_race(self) -> None:
        self.s["phase"] = "race"
        redeals = 0
        hands = [self.plunge.draw(RACE_HAND), self.plunge.draw(RACE_HAND)]
        while not any(borders.has_solution(h, self.neighbours) for h in hands):
            if redeals >= MAX_REDEALS:
                raise RuntimeError("No GeoPlunge could be dealt: the border table looks empty.")
            self.plunge.cards.extend(hands[0] + hands[1])
            self.plunge.shuffle(self.rng)
            hands = [self.plunge.draw(RACE_HAND), self.plunge.draw(RACE_HAND)]
            redeals += 1
        self.s["race"] = {
            "hands": hands,
            "wrong": [0, 0],
            "out": [False, False],
            "problem": [None, None],
            "redeals": redeals,
            # When and whether each player may shout again, on that player's race clock.
            "wrong_at": [None, None],
            # Racing in turns: the dealer races first; a right claim is held (with its time)
            # until the other player has raced.
            "order": [self.s["dealer"], _other(self.s["dealer"])],
            "turn": 0,
            "held": None,
        }

    def _end_race(self, winner: int | None, claim: list[list[str]] | None) -> None:
        race = self.s["race"]
        found: list[list[list[str]] | None] = []
        for seat in (0, 1):
            if seat == winner and claim is not None:
                found.append([list(g) for g in claim])
            else:
                one = borders.find_solution(race["hands"][seat], self.neighbours)
                found.append([list(g) for g in one] if one else None)
        if winner is not None:
            self.scoreboard.add(winner, STAGE_POINTS, why=f"round {self.s['round']}: stage 2")
        self.s["results"]["race"] = {
            "winner": winner,
            "hands": [list(h) for h in race["hands"]],
            "solutions": found,
            "wrong": list(race["wrong"]),
            "redeals": race["redeals"],
        }
        # Shuffle all 50 after Stage 2 (the rulebook), then deal Stage 3.
        self.plunge.cards.extend(race["hands"][0] + race["hands"][1] + self.s["secret"])
        self.s["secret"] = []
        self.s["race"] = None
        self.plunge.shuffle(self.rng)
        if self._game_over():
            return
        dealer = self.s["dealer"] if winner is None else winner
        self.s["stage3"] = {
            "dealer": dealer,
            "hands": [self.plunge.draw(tricks.HAND_SIZE), self.plunge.draw(tricks.HAND_SIZE)],
            "discarded": [None, None],
            "geoplunging": [None, None],
            "leader": dealer,
            "trick": None,
            "tricks": [],
        }
        self.s["phase"] = "discard"

    def _end_stage3(self) -> None:
        s3 = self.s["stage3"]
        winners = [t["winner"] for t in s3["tricks"]]
        winner = tricks.stage_winner(winners)
        points = tricks.stage_points(s3["geoplunging"])
        self.scoreboard.add(winner, points, why=f"round {self.s['round']}: stage 3")
        self.s["results"]["stage3"] = {
            "winner": winner,
            "points": points,
            "won": [winners.count(0), winners.count(1)],
            "geoplunging": list(s3["geoplunging"]),
        }
        self.s["history"].append(
            {"round": self.s["round"], "dealer": self.s["dealer"], "scores": self.scores()}
        )
        if not self._game_over():
            self.s["phase"] = "round_over"

    def _game_over(self) -> bool:
        if max(self.scoreboard.column()) >= self.target:
            self.s["phase"] = "game_over"
            return True
        return False

    def _next_round(self) -> None:
        s3 = self.s["stage3"]
        for hand in s3["hands"]:
            self.plunge.cards.extend(hand)
        for gone in s3["discarded"]:
            self.plunge.cards.extend(gone or [])
        for trick in s3["tricks"]:
            self.plunge.cards.extend(trick["cards"])
        self.plunge.shuffle(self.rng)
        self.challenge_pile.shuffle(self.rng)
        self.s["stage3"] = None
        self.s["results"] = {}
        self.s["round"] += 1
        self.s["dealer"] = _other(self.s["dealer"])
        self._start_stage1()

    # ----- the protocol -----------------------------------------------------------------
    @property
    def phase(self) -> str:
        phase: str = self.s["phase"]
        return phase

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == "guess":
            s1 = self.s["stage1"]
            guesser = s1["order"][s1["turn"]]
            return [_other(guesser)] if s1["pending"] else [guesser]
        if phase == "race":
            race = self.s["race"]
            if self.race_in_turns():
                return [race["order"][race["turn"]]]
            return [p for p in (0, 1) if not race["out"][p]]
        s3 = self.s["stage3"]
        if phase == "discard":
            return [p for p in (0, 1) if s3["discarded"][p] is None]
        if phase == "announce":
            first = s3["dealer"]
            return [first] if s3["geoplunging"][first] is None else [_other(first)]
        if phase == "trick":
            return [s3["leader"]] if s3["trick"] is None else [_other(s3["leader"])]
        if phase == "round_over":
            return [0, 1]
        return []

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal moves of ``player``. In the race one example claim (your first six cards) is
        listed with "give_up"; ``check`` decides any other claim."""
        if player is None:
            acting = self.to_act()
            if not acting:
                return []
            player = acting[0]
        if self.is_terminal() or not fields.whole(player, self.to_act()):
            return []
        phase = self.phase
        if phase == "guess":
            s1 = self.s["stage1"]
            if s1["pending"]:
                cid = s1["challenge"]
                card = self.cards[self.s["secret"][player]]
                answers = true_answers(self.challenges[cid], card, self.cards)
                return [{"player": player, "type": "clue", "answer": a} for a in answers]
            tried = s1["guesses"][player]
            return [
                {"player": player, "type": "guess", "state": code}
                for code in self.cards
                if code not in tried
            ]
        if phase == "race":
            hand = self.s["race"]["hands"][player]
            listed = [
                {"player": player, "type": "geoplunge", "groups": [hand[0:3], hand[3:6]]},
                {"player": player, "type": "give_up"},
            ]
            if self.s["race"]["held"] is not None:
                listed.append({"player": player, "type": "time_up"})
            return listed
        s3 = self.s["stage3"]
        hand = s3["hands"][player]
        if phase == "discard":
            return [
                {"player": player, "type": "discard", "cards": [a, b]}
                for i, a in enumerate(hand)
                for b in hand[i + 1 :]
            ]
        if phase == "announce":
            return [
                {"player": player, "type": "announce", "geoplunging": flag}
                for flag in (True, False)
            ]
        if phase == "trick":
            if s3["trick"] is None:
                return [
                    {"player": player, "type": "lead", "category": cat, "card": card}
                    for card in hand
                    for cat in CATEGORIES
                ]
            return [{"player": player, "type": "follow", "card": card} for card in hand]
        return [{"player": player, "type": "next_round"}]

    move_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "clue": ("answer",),
        "guess": ("state",),
        "geoplunge": ("groups", "seconds"),
        "give_up": (),
        "time_up": (),
        "discard": ("cards",),
        "announce": ("geoplunging",),
        "lead": ("category", "card"),
        "follow": ("card",),
        "next_round": (),
    }

    def _check(self, action: Action) -> None:
        kind, player, phase = action["type"], action["player"], self.phase
        expected = {
            "guess": ("clue",) if self.s["stage1"] and self.s["stage1"]["pending"] else ("guess",),
            "race": ("geoplunge", "give_up", "time_up")
            if self.s["race"] and self.s["race"]["held"] is not None
            else ("geoplunge", "give_up"),
            "discard": ("discard",),
            "announce": ("announce",),
            "trick": ("lead",)
            if self.s["stage3"] and self.s["stage3"]["trick"] is None
            else ("follow",),
            "round_over": ("next_round",),
        }.get(phase, ())
        if kind not in expected:
            raise IllegalAction(
                said(
                    N_("Now is the time to {expected}, not {kind}."),
                    expected=" / ".join(expected),  # the moves' own names: no English "or"
                    kind=kind,
                )
            )
        if kind == "clue":
            self._check_clue(player, action.get("answer"))
        elif kind == "guess":
            state = action.get("state")
            if not fields.word(state, self.cards):
                raise IllegalAction(_("That is not a state card: use a code such as 'TX'."))
            if state in self.s["stage1"]["guesses"][player]:
                raise IllegalAction(
                    said(
                        N_("You already guessed {state}: try another."),
                        state=place("state", state, self.names[state]),
                    )
                )
        elif kind == "geoplunge":
            self._check_claim(player, action.get("groups"))
            self._check_lock(player, action)
        elif kind == "discard":
            hand = self.s["stage3"]["hands"][player]
            if not fields.words(action.get("cards"), hand, tricks.DISCARDS):
                raise IllegalAction(_("Pick 2 different cards from your hand to put away."))
        elif kind == "announce":
            if not isinstance(action.get("geoplunging"), bool):
                raise IllegalAction(_("Say whether you are GeoPlunging: True or False."))
        elif kind in ("lead", "follow"):
            if not fields.word(action.get("card"), self.s["stage3"]["hands"][player]):
                raise IllegalAction(_("Play a card from your own hand."))
            if kind == "lead" and not fields.word(action.get("category"), CATEGORIES):
                raise IllegalAction(_("Before you lead, say Size, Statehood or Population."))

    def _check_clue(self, player: int, answer: Any) -> None:
        cid = self.s["stage1"]["challenge"]
        card = self.cards[self.s["secret"][player]]
        if not fields.typed(answer):
            raise IllegalAction(_("Give your clue as a word or a number."))
        if matching_answer(self.challenges[cid], card, self.cards, answer) is None:
            raise IllegalAction(
                said(
                    N_("That clue is not true about {state}. Look at your card and try again."),
                    state=place("state", card.code, card.name),
                )
            )

    def _check_claim(self, player: int, groups: Any) -> None:
        hand = self.s["race"]["hands"][player]
        ok = (
            isinstance(groups, list | tuple)
            and len(groups) == 2
            and all(isinstance(g, list | tuple) and len(g) == 3 for g in groups)
        )
        if not ok:
            raise IllegalAction(_("A GeoPlunge is two groups of 3 cards."))
        cards = [c for g in groups for c in g]
        if not all(fields.word(c, hand) for c in cards):
            raise IllegalAction(_("Use only cards from your own hand."))
        if len(set(cards)) != 6:
            raise IllegalAction(_("Use 6 different cards: no card can be in both groups."))

    def _check_lock(self, player: int, action: Action) -> None:
        """A timed claim (``seconds`` on the claimer's race clock) waits ``LOCKOUT_SECONDS``
        after that player's last wrong claim."""
        if "seconds" not in action:
            return
        used = action["seconds"]
        if not fields.seconds(used):
            raise IllegalAction(_("Say when you shouted as seconds on your race clock, 0 or more."))
        locked = self._locked_until(player)
        if locked is not None and used < locked:
            wait = math.ceil(locked - used)
            raise IllegalAction(
                said_plural(
                    "Wait {n} more second before you shout again.",
                    "Wait {n} more seconds before you shout again.",
                    wait,
                    n=wait,
                )
            )

    def _locked_until(self, player: int) -> float | None:
        """The race clock time at which ``player`` may shout again (None: no lock)."""
        at = self.s["race"]["wrong_at"][player]
        return None if at is None else at + LOCKOUT_SECONDS

    def _apply(self, action: Action) -> None:
        kind, player = action["type"], action["player"]
        getattr(self, f"_do_{kind}")(player, action)

    # ----- Stage 1 moves --------------------------------------------------------------
    def _do_clue(self, player: int, action: ClueMove) -> None:
        s1 = self.s["stage1"]
        cid = s1["challenge"]
        card = self.cards[self.s["secret"][player]]
        answer = matching_answer(self.challenges[cid], card, self.cards, action["answer"])
        assert answer is not None  # _check refuses a clue that is not true of the card
        self._give_clue(_other(player), cid, answer)

    def _do_guess(self, player: int, action: GuessMove) -> None:
        s1 = self.s["stage1"]
        s1["guesses"][player].append(action["state"])
        count = len(s1["guesses"][player])
        right = action["state"] == self.s["secret"][_other(player)]
        if right:
            s1["taken"][player] = count
        if not right and count < GUESSES:
            self._next_challenge()
            return
        if s1["turn"] == 0:
            s1["turn"] = 1
            self._next_challenge()
        else:
            self._end_stage1()

    # ----- Stage 2 moves --------------------------------------------------------------
    def _do_geoplunge(self, player: int, action: GeoplungeMove) -> None:
        race = self.s["race"]
        groups = [list(g) for g in action["groups"]]
        used = action.get("seconds")
        problem = borders.claim_problem(groups, race["hands"][player], self.neighbours, self.names)
        if problem is None:
            if self.race_in_turns():
                self._turn_claim(player, groups, used)
            else:
                self._end_race(player, groups)
            return
        race["wrong"][player] += 1
        race["problem"][player] = problem
        race["wrong_at"][player] = used
        if race["wrong"][player] >= MAX_WRONG_CLAIMS:
            race["problem"][player] = f"{problem} {LAST_TRY}"
            self._out_of_race(player)

    def _turn_claim(self, player: int, groups: list[list[str]], used: float | None) -> None:
        """Racing in turns: the first racer's right claim is held with its time; the second
        racer's right claim wins only when it beats that time."""
        race = self.s["race"]
        held = race["held"]
        if race["turn"] == 0:
            race["held"] = {"player": player, "groups": groups, "seconds": used}
            race["turn"] = 1
        elif held is None or (
            used is not None and held["seconds"] is not None and used < held["seconds"]
        ):
            self._end_race(player, groups)
        else:
            self._end_race(held["player"], held["groups"])

    def _out_of_race(self, player: int) -> None:
        """``player`` stops racing (gave up, 3 wrong claims, or their time ran out)."""
        race = self.s["race"]
        race["out"][player] = True
        if self.race_in_turns():
            held = race["held"]
            if race["turn"] == 0:
                race["turn"] = 1
                return
            if held is not None:
                self._end_race(held["player"], held["groups"])
                return
        if all(race["out"]):
            self._end_race(None, None)

    def _do_give_up(self, player: int, action: PlainMove) -> None:
        self._out_of_race(player)

    def _do_time_up(self, player: int, action: PlainMove) -> None:
        self._out_of_race(player)

    # ----- Stage 3 moves --------------------------------------------------------------
    def _do_discard(self, player: int, action: DiscardMove) -> None:
        s3 = self.s["stage3"]
        s3["discarded"][player] = list(action["cards"])
        s3["hands"][player] = [c for c in s3["hands"][player] if c not in action["cards"]]
        if all(d is not None for d in s3["discarded"]):
            self.s["phase"] = "announce"

    def _do_announce(self, player: int, action: AnnounceMove) -> None:
        s3 = self.s["stage3"]
        s3["geoplunging"][player] = action["geoplunging"]
        if all(g is not None for g in s3["geoplunging"]):
            self.s["phase"] = "trick"

    def _do_lead(self, player: int, action: LeadMove) -> None:
        s3 = self.s["stage3"]
        s3["hands"][player].remove(action["card"])
        s3["trick"] = {"leader": player, "category": action["category"], "lead": action["card"]}

    def _do_follow(self, player: int, action: FollowMove) -> None:
        s3 = self.s["stage3"]
        trick = s3["trick"]
        s3["hands"][player].remove(action["card"])
        leader = trick["leader"]
        side = tricks.trick_winner(
            self.cards[trick["lead"]], self.cards[action["card"]], trick["category"]
        )
        winner = leader if side == "lead" else player
        cards: list[str | None] = [None, None]
        cards[leader], cards[player] = trick["lead"], action["card"]
        s3["tricks"].append(
            {"leader": leader, "category": trick["category"], "cards": cards, "winner": winner}
        )
        s3["trick"] = None
        s3["leader"] = winner
        if len(s3["tricks"]) == tricks.TRICKS:
            self._end_stage3()

    def _do_next_round(self, player: int, action: PlainMove) -> None:
        self._next_round()

    # ----- results and views ------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "game_over"

    def scores(self) -> list[float]:
        return self.scoreboard.column()

    def guesser(self) -> int | None:
        """The seat guessing in Stage 1 now (None outside Stage 1)."""
        if self.phase != "guess":
            return None
        s1 = self.s["stage1"]
        seat: int = s1["order"][s1["turn"]]
        return seat

    def card_places(self) -> list[list[str]]:
        """Every pile, hand and trick that holds GeoPlunge cards (for conservation checks)."""
        places = [self.plunge.cards, self.plunge.discards, self.s["secret"]]
        if self.s["race"]:
            places += self.s["race"]["hands"]
        if self.s["stage3"]:
            s3 = self.s["stage3"]
            places += s3["hands"] + [d or [] for d in s3["discarded"]]
            places += [t["cards"] for t in s3["tricks"]]
            if s3["trick"]:
                places.append([s3["trick"]["lead"]])
        return places

    # ----- answers, for the lesson record ------------------------------------------------
    def answer_context(self) -> dict[str, Any]:
        """In Stage 1: the state being guessed and the clues heard so far."""
        if self.phase != "guess" or self.s["stage1"]["pending"]:
            return {}
        s1 = self.s["stage1"]
        guesser = s1["order"][s1["turn"]]
        return {
            "secret": self.s["secret"][_other(guesser)],
            "clues": [self.challenges[c].clue_text(a) for c, a in s1["clues"][guesser]],
        }

    def answers_in(self, action: Action, before: dict[str, Any]) -> list[dict[str, Any]]:
        """Stage 1 guesses, and each group of three in a Stage 2 GeoPlunge claim."""
        seat = action["player"]
        if action["type"] == "guess" and before.get("secret"):
            secret = before["secret"]
            return [
                answer_fact(
                    seat,
                    question_id=f"guess_state:{secret}",
                    question="Guess the state. " + " ".join(before["clues"]),
                    answer=self.names[action["state"]],
                    accepted=[self.names[secret]],
                    correct=action["state"] == secret,
                    mode="chosen",
                    place=[secret],
                    topic="Guess the State",
                )
            ]
        if action["type"] != "geoplunge":
            return []
        return [
            answer_fact(
                seat,
                question_id="bordering_triple",
                question="Three states in which one borders the other two",
                answer=", ".join(self.names[c] for c in group),
                correct=borders.hub_of(group, self.neighbours) is not None,
                mode="chosen",
                place=list(group),
                topic="Race for Borders",
            )
            for group in action["groups"]
        ]

    def view(self, player: int | None) -> GeoTripleView:
        """What ``player`` sees: own secret card and hands, never the opponent's.

        Besides the round, the dealer, the scores and the ``target``, every view has the
        public facts a screen draws from:

        * ``cards``: each GeoPlunge card by code: ``name``, the ranks ``size``, ``statehood``
          and ``population``, ``region``, ``division`` and ``neighbours`` (the codes it
          borders, under the house border rule); ``population_year``: the year of the
          population ranks (None when the table does not say).
        * ``stage1`` (while guessing): ``answers``, for each player whose guesses are over
          (the first guesser, once the turn has passed), the card they were guessing.
        * ``possible`` (while guessing, beside ``stage1``): the states that fit every clue the
          guesser heard, minus those already guessed. The clues are public, so this is too;
          it names the secret card among others, so it is kept out of ``stage1``.
        * ``race``: ``in_turns`` (two people race one after the other), ``racer`` (whose
          turn it is then, else None), ``held`` (the first racer's right claim waiting for
          the other: its ``player`` and ``seconds``, and its ``groups`` only in that
          player's own view) and ``locked_until`` (the race-clock time each player may shout
          again after a wrong claim, or None).
        * ``results`` (finished stages, public): Stage 1 adds ``clue_texts`` (the clues each
          guesser heard, as sentences); the race adds ``hubs`` (for each player's groups, the
          state of each group that borders the other two).
        """
        mine = player in (0, 1)
        view: GeoTripleView = {
            "game": self.name,
            "phase": self.phase,
            "round": self.s["round"],
            "dealer": self.s["dealer"],
            "you": player,
            "scores": self.scores(),
            "target": self.target,
            # Finished stages are public: both Stage 1 cards and both Stage 2 hands.
            "results": self._results_view(),
            "history": self.s["history"],
            "cards": self._cards_view,
            "population_year": self._population_year,
        }
        if self.phase == "guess":
            s1 = self.s["stage1"]
            guesser = s1["order"][s1["turn"]]
            cid = s1["challenge"]
            view["stage1"] = {
                "guesser": guesser,
                "holder": _other(guesser),
                "my_card": self.s["secret"][player] if mine else None,
                "challenge": {"id": cid, "ask": self.challenges[cid].ask},
                "waiting_for_clue": s1["pending"],
                "clue_choices": (
                    choices(self.challenges[cid], self.cards)
                    if s1["pending"] and player == _other(guesser)
                    else []
                ),
                "guesses": [list(g) for g in s1["guesses"]],
                "clues": [
                    [
                        {"challenge": c, "answer": a, "text": self.challenges[c].clue_text(a)}
                        for c, a in s1["clues"][seat]
                    ]
                    for seat in (0, 1)
                ],
                "taken": list(s1["taken"]),
                # The card each player was guessing, once their guesses are over (the first
                # guesser's, when the turn has passed): the answer their verdict names.
                "answers": [
                    self.s["secret"][_other(seat)]
                    if s1["turn"] == 1 and seat == s1["order"][0]
                    else None
                    for seat in (0, 1)
                ],
            }
            view["possible"] = possible_states(
                s1["clues"][guesser], self.cards, self.challenges, exclude=s1["guesses"][guesser]
            )
        if self.phase == "race":
            race = self.s["race"]
            view["race"] = {
                "hand": list(race["hands"][player]) if mine else [],
                "hand_sizes": [len(h) for h in race["hands"]],
                "secret": list(self.s["secret"]),
                "wrong": list(race["wrong"]),
                "out": list(race["out"]),
                "problem": race["problem"][player] if mine else None,
                "redeals": race["redeals"],
                "in_turns": self.race_in_turns(),
                "racer": race["order"][race["turn"]] if self.race_in_turns() else None,
                "held": self._held_view(player),
                "locked_until": [self._locked_until(seat) for seat in (0, 1)],
            }
        if self.s["stage3"] is not None:
            s3 = self.s["stage3"]
            view["stage3"] = {
                "dealer": s3["dealer"],
                "hand": list(s3["hands"][player]) if mine else [],
                "hand_sizes": [len(h) for h in s3["hands"]],
                "discarded": list(s3["discarded"][player] or []) if mine else [],
                "has_discarded": [d is not None for d in s3["discarded"]],
                "geoplunging": list(s3["geoplunging"]),
                "leader": s3["leader"],
                "trick": s3["trick"].copy() if s3["trick"] else None,
                "tricks": [t.copy() for t in s3["tricks"]],
                "won": [sum(t["winner"] == seat for t in s3["tricks"]) for seat in (0, 1)],
            }
        return detached(view)

    def _held_view(self, player: int | None) -> HeldClaim | None:
        """The held claim as ``player`` may see it: its groups only for the one who made it."""
        held = self.s["race"]["held"]
        if held is None:
            return None
        shown: HeldClaim = {"player": held["player"], "seconds": held["seconds"]}
        if player == held["player"]:
            shown["groups"] = [list(g) for g in held["groups"]]
        return shown

    def _results_view(self) -> Results:
        """The finished stages, with the clue sentences and the groups' hubs said."""
        results: Results = self.s["results"].copy()
        if "stage1" in results:
            stage1 = results["stage1"].copy()
            stage1["clue_texts"] = [
                [self.challenges[c].clue_text(a) for c, a in clues] for clues in stage1["clues"]
            ]
            results["stage1"] = stage1
        if "race" in results:
            race = results["race"].copy()
            race["hubs"] = [
                [borders.hub_of(g, self.neighbours) for g in found] if found else None
                for found in race["solutions"]
            ]
            results["race"] = race
        return results

    def _get_state(self) -> dict[str, Any]:
        return {
            **self.s,
            "plunge": self.plunge.to_dict(),
            "challenge_pile": self.challenge_pile.to_dict(),
            "scoreboard": self.scoreboard.to_dict(),
        }

    def _set_state(self, state: dict[str, Any]) -> None:
        state = dict(state)
        self.plunge = Deck.from_dict(state.pop("plunge"))
        self.challenge_pile = Deck.from_dict(state.pop("challenge_pile"))
        self.scoreboard = Scoreboard.from_dict(state.pop("scoreboard"))
        self.s = state

    def _snapshot(self) -> dict[str, Any]:
        # The state is plain JSON, and a JSON round trip copies it far faster than deepcopy.
        return {
            "state": json.loads(json.dumps(self._get_state())),
            "rng": self.rng.getstate(),
            "log_len": len(self.log),
        }

    # ----- save and replay keep the injected states table --------------------------------
    def _rebuild_options(self) -> dict[str, Any]:
        # Load a game played on another states table with ``GeoTriple.load(path, states=...)``
        # (None: the built-in table).
        return {"states": self.states}
