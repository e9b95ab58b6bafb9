"""Globalissimo as a state machine: ranking, reveal, scoring, hurdles, next round.

See the package docstring (``geoteach.games.globalissimo``) for the house rules.
"""

from __future__ import annotations

import marshal
from typing import Any, ClassVar

from geoteach.games import fields
from geoteach.games.answer_facts import answer_fact
from geoteach.games.answer_moves import card_back
from geoteach.games.base import Action, CardBack, Game, IllegalAction, detached
from geoteach.games.deck import Deck
from geoteach.games.globalissimo.atlas import Atlas
from geoteach.games.globalissimo.ranking import score_rank_guess, true_places
from geoteach.games.globalissimo.track import Hurdle, run, starting_hurdles, track_length
from geoteach.games.globalissimo.views import (
    GlobalissimoView,
    HurdleAnswer,
    HurdleAnswerView,
    HurdleNow,
    RoundView,
    SheetRow,
)
from geoteach.games.scoreboard import Scoreboard
from geoteach.games.table import Table
from geoteach.i18n import N_, _, place, said
from geoteach.quiz.answers import Verdict, said_answers
from geoteach.quiz.question import Question

RANKING = "ranking"
HURDLE = "hurdle"
GAME_OVER = "game over"

#: What a hurdle A answer must look like, said to the player who typed something else.
TYPE_A_NUMBER = N_("Type the country's number on the map, for example 54.")
#: One sentence, so that a page that shows it in another language finds it in its catalog.
TOO_LONG = N_("That number is far too long. Type the country's number on the map, for example 54.")
#: Digits of the longest map number read from typed text (the map has a few hundred).
MAX_MAP_DIGITS = 4

#: What each hurdle asks, in the words the card shows.
HURDLE_TASKS = {
    "A": N_("Point out {name} on the world map: give its number."),
    "B": N_("Name the capital of {name}."),
}


class Globalissimo(Game):
    """Rank the countries, clear the hurdles.

    Options (all JSON-able, so they are saved with the game): ``rounds`` (10), ``continent``,
    ``region`` and ``countries`` (a list of typed names, or one text with commas) restrict the
    country deck; ``categories`` (statistic keys) restricts the category deck; ``honor`` makes
    the teacher mark hurdle answers "right" or "wrong" instead of the computer checking them.
    ``atlas`` (not saved) replaces ``geoteach.data`` with another country table.
    """

    name: ClassVar[str] = "globalissimo"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    # "Pick a starting player and give him/her the marker with the checkered flag."
    first_player_rule: ClassVar[str] = "checkered_flag"
    first_player_note: ClassVar[str] = N_(
        "The starting player gets the marker with the checkered flag and ranks a country first; "
        "each round the flag passes to the next player clockwise."
    )

    def __init__(
        self, table: Table, seed: int | None = None, atlas: Atlas | None = None, **options: Any
    ) -> None:
        self.atlas = atlas if atlas is not None else Atlas.default()
        super().__init__(table, seed=seed, **options)

    # ----- preparation of the game -----------------------------------------------
    def setup(self) -> None:
        n = len(self.table.seats)
        opts = self.options
        self.rounds = int(opts.get("rounds", 10))
        if self.rounds < 1:
            raise ValueError(_("A game needs at least one round."))
        self.honor = bool(opts.get("honor", False))
        countries = self.atlas.country_deck(
            opts.get("continent"), opts.get("region"), opts.get("countries")
        )
        categories = [
            key
            for key in self.atlas.category_deck(opts.get("categories"))
            if sum(iso in self.atlas.values[key] for iso in countries) >= n
        ]
        if not categories:
            raise ValueError(
                _(
                    "With {n} players every round needs {n} countries with data. Choose more "
                    "countries or other categories."
                ).format(n=n)
            )
        for kind, has in (("A", self.atlas.map_numbers), ("B", self.atlas.capitals)):
            if not any(has.get(iso) for iso in countries):
                raise ValueError(
                    _("No country in this deck can be asked about at hurdle {kind}.").format(
                        kind=kind
                    )
                )
        self.country_deck = Deck.shuffled(countries, self.rng)
        self.category_deck = Deck.shuffled(categories, self.rng)
        self.scoreboard = Scoreboard(n)
        for counter in ("points", "hurdles", "rank_points"):
            self.scoreboard.counters[counter] = [0] * n
        self.hurdles = starting_hurdles()
        self.history: list[dict[str, Any]] = []
        self._phase = RANKING
        self.scoring: dict[str, Any] = {}
        self.hurdle_card: str | None = None
        self.round: dict[str, Any] = {}
        self._deal(1, self.table.first)

    def _deal(self, number: int, flag: int) -> None:
        """Turn over a category card, then draw the country cards that have data for it."""
        if not self.category_deck.cards:
            self.category_deck.reshuffle_discards(self.rng)
        category = self.category_deck.draw()
        known = self.atlas.values[category]
        chosen: list[str] = []
        skipped: list[str] = []
        while len(chosen) < len(self.table.seats):
            if not self.country_deck.cards:
                if not self.country_deck.discards:
                    raise RuntimeError("The country deck ran out of cards with data.")
                self.country_deck.reshuffle_discards(self.rng)
            card = self.country_deck.draw()
            (chosen if card in known else skipped).append(card)
        self.country_deck.to_bottom(*skipped)
        self.round = {
            "number": number,
            "checkered_flag": flag,
            "category": category,
            "countries": chosen,
            "guesses": [],
            "values": {},
            "years": {},
            "places": {},
            "hurdles": [],
        }
        self._phase = RANKING

    # ----- whose turn -------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._phase

    @property
    def order(self) -> list[int]:
        """Seats in turn order this round, from the holder of the checkered flag."""
        return self.table.clockwise_from(self.round["checkered_flag"])

    def to_act(self) -> list[int]:
        if self._phase == RANKING:
            return [self.order[len(self.round["guesses"])]]
        if self._phase == HURDLE:
            return [self.scoring["order"][self.scoring["index"]]]
        return []

    def picked(self) -> list[str]:
        return [g["country"] for g in self.round["guesses"]]

    def remaining_countries(self) -> list[str]:
        """Country cards nobody has ranked yet this round, in table order."""
        taken = set(self.picked())
        return [c for c in self.round["countries"] if c not in taken]

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """All rank moves; at a hurdle, one answer per map number (A) or capital (B).

        A typed capital need not be on the list: ``check`` accepts any text.
        """
        acting = self.current_player() if player is None else player
        if self.is_terminal() or not fields.whole(acting, self.to_act()):
            return []
        player = acting
        if self._phase == RANKING:
            n = len(self.round["countries"])
            return [
                {"player": player, "type": "rank", "country": c, "rank": r}
                for c in self.remaining_countries()
                for r in range(1, n + 1)
            ]
        if self.honor:
            return [{"player": player, "type": "mark", "verdict": v} for v in ("right", "wrong")]
        if self.facing()["kind"] == "A":
            answers: list[Any] = sorted(self.atlas.by_number)
        else:
            answers = self.atlas.all_capitals()
        return [{"player": player, "type": "answer", "answer": a} for a in answers]

    def facing(self) -> Hurdle:
        """The hurdle the runner now at the hurdle is facing."""
        seat = self.scoring["order"][self.scoring["index"]]
        space = self.scoreboard.get(seat)
        return next(h for h in self.hurdles if h["space"] == space and h["taken_by"] is None)

    # ----- checking moves ------------------------------------------------------------
    move_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "rank": ("country", "rank"),
        "answer": ("answer",),
        "mark": ("verdict",),
    }

    def _check(self, action: Action) -> None:
        kind = action["type"]
        if kind == "rank":
            if self._phase != RANKING:
                raise IllegalAction(_("Ranking is over for this round."))
            country, rank = action.get("country"), action.get("rank")
            n = len(self.round["countries"])
            if not fields.word(country, self.round["countries"]):
                raise IllegalAction(_("Pick one of the country cards on the table."))
            if country in self.picked():
                raise IllegalAction(
                    said(
                        N_("{country} already has a number on it: pick another country."),
                        country=place("country", country, self.atlas.names[country]),
                    )
                )
            if not fields.whole(rank, range(1, n + 1)):
                raise IllegalAction(said(N_("Give the country a number from 1 to {n}."), n=n))
        elif kind == "answer":
            if self._phase != HURDLE:
                raise IllegalAction(_("There is no hurdle to answer now."))
            if self.honor:
                raise IllegalAction(_("The teacher marks this answer right or wrong."))
            answer = action.get("answer")
            if self.facing()["kind"] == "A":
                self.map_pick(answer)
            elif not fields.typed(answer):
                raise IllegalAction(_("Type the capital first."))
        elif kind == "mark":
            if self._phase != HURDLE:
                raise IllegalAction(_("There is no hurdle to mark now."))
            if not self.honor:
                raise IllegalAction(_("The answer is checked by the computer in this game."))
            if not fields.word(action.get("verdict"), ("right", "wrong")):
                raise IllegalAction(_("Mark the answer 'right' or 'wrong'."))

    def map_pick(self, answer: Any) -> str | None:
        """The country a hurdle A answer points at: its map number (typed, or a whole number)
        or its code (a click on the map); None for a number no country has (a wrong answer).

        Raises ``IllegalAction`` for anything that is not a number, so "5²", "⑤", "5.0" or a
        country's name can be typed again.
        """
        if answer is None or (type(answer) is str and not answer.strip()):
            raise IllegalAction(_("Type a number first."))
        given = answer.strip() if type(answer) is str else answer
        if type(given) is str and given.upper() in self.atlas.names:
            return given.upper()
        # Only the digits 0-9: str.isdigit() also takes "²" and "⑤", which int() refuses.
        if type(given) is str and given.isascii() and given.isdigit():
            if len(given) > MAX_MAP_DIGITS:
                raise IllegalAction(_(TOO_LONG))
            given = int(given)
        if not fields.whole(given):
            raise IllegalAction(_(TYPE_A_NUMBER))
        return self.atlas.by_number.get(given)

    # ----- carrying out moves ----------------------------------------------------------
    def _apply(self, action: Action) -> None:
        kind = action["type"]
        if kind == "rank":
            self.round["guesses"].append(
                {"player": action["player"], "country": action["country"], "rank": action["rank"]}
            )
            if len(self.round["guesses"]) == len(self.round["countries"]):
                self._reveal()
                self._award()
        else:
            verdict = self.judge(action)
            self._hurdle_answered(action, verdict)
            self._award()

    def _reveal(self) -> None:
        """Turn the cards over: values, Olympic places, points for every guess."""
        rnd = self.round
        category = self.atlas.categories[rnd["category"]]
        values = [self.atlas.values[rnd["category"]][c] for c in rnd["countries"]]
        places = true_places(values, category["rank1"])
        rnd["values"] = dict(zip(rnd["countries"], values, strict=True))
        # Each value's own year, shown beside it: a ranking may mix values a few years apart.
        rnd["years"] = {
            c: year
            for c in rnd["countries"]
            if (year := self.atlas.year(c, rnd["category"])) is not None
        }
        rnd["places"] = dict(zip(rnd["countries"], places, strict=True))
        for guess in rnd["guesses"]:
            guess["place"] = rnd["places"][guess["country"]]
            guess["points"] = score_rank_guess(guess["rank"], guess["place"])
            guess["moved"] = 0
            self.scoreboard.add(
                guess["player"], guess["points"], "rank_points", f"round {rnd['number']}"
            )
        # House rule: the round's cards go to the discard pile before any hurdle question.
        self.country_deck.discard(*rnd["countries"])
        self.category_deck.discard(rnd["category"])
        order = [g["player"] for g in rnd["guesses"]]
        self.scoring = {
            "order": order,
            "index": 0,
            "remaining": rnd["guesses"][0]["points"],
        }

    def _award(self) -> None:
        """Move runners in turn order until one faces a hurdle (then wait) or all have moved."""
        rnd, sc = self.round, self.scoring
        standing = {h["space"] for h in self.hurdles if h["taken_by"] is None}
        while sc["index"] < len(sc["order"]):
            seat = sc["order"][sc["index"]]
            start = int(self.scoreboard.get(seat))
            result = run(start, sc["remaining"], standing)
            if result.space != start:
                self.scoreboard.add(seat, result.space - start, "points", f"round {rnd['number']}")
                rnd["guesses"][sc["index"]]["moved"] += result.space - start
            sc["remaining"] = result.remaining
            if result.facing_hurdle:
                self._phase = HURDLE
                self.hurdle_card = self._draw_hurdle_card(self.facing()["kind"])
                return
            sc["index"] += 1
            if sc["index"] < len(sc["order"]):
                sc["remaining"] = rnd["guesses"][sc["index"]]["points"]
        self._end_round()

    def _draw_hurdle_card(self, kind: str) -> str:
        """The top country card that can be asked about at this hurdle (others go under)."""
        fits = self.atlas.map_numbers if kind == "A" else self.atlas.capitals
        skipped: list[str] = []
        while True:
            if not self.country_deck.cards:
                self.country_deck.reshuffle_discards(self.rng)
            card = self.country_deck.draw()
            if fits.get(card):
                self.country_deck.to_bottom(*skipped)
                return card
            skipped.append(card)

    def judge(self, action: Action) -> Verdict:
        """Right or wrong for an answer at the hurdle now faced (does not change the game)."""
        kind = self.facing()["kind"]
        question = self.hurdle_question()
        if action["type"] == "mark":
            return self.atlas.checker.honor(question, action["verdict"] == "right")
        if kind == "B":
            return self.atlas.checker.typed(question, str(action["answer"]))
        card = self._card_faced()
        name, number = self.atlas.names[card], self.atlas.map_numbers[card]
        picked = self.map_pick(action["answer"])
        given = str(action["answer"]).strip()
        right = picked == card
        if right:
            message = f"Right! {name} is number {number} on the map."
        else:
            message = f"Not quite — {name} is number {number} on the map."
            if picked is not None:
                shown = f"Number {self.atlas.map_numbers[picked]}" if given.isdigit() else "That"
                message += f" {shown} is {self.atlas.names[picked]}."
        return Verdict(right, str(number), message, given=given)

    def hurdle_question(self) -> Question:
        """The question on the card drawn for the hurdle now faced, as a quiz question."""
        return self.question_at_hurdle(self.facing()["kind"], self._card_faced())

    def _card_faced(self) -> str:
        """The country card drawn for the hurdle now faced (there is one while a runner faces a
        hurdle; a ``KeyError`` in ``check`` is the plain "missing something" refusal)."""
        if self.hurdle_card is None:
            raise KeyError("hurdle_card")
        return self.hurdle_card

    def question_at_hurdle(self, kind: str, card: str) -> Question:
        """Hurdle ``kind``'s question ("A": the map number, "B": the capital) about ``card``."""
        name = self.atlas.names[card]
        if kind == "A":
            return Question(
                category="World map",
                level=2,
                prompt=HURDLE_TASKS["A"].format(name=name),
                answer=str(self.atlas.map_numbers[card]),
                kind="number",
            )
        return Question(
            category="Capitals",
            level=2,
            prompt=HURDLE_TASKS["B"].format(name=name),
            answer=str(self.atlas.capitals[card]),
            aliases=tuple(self.atlas.capital_aliases[card]),
            kind="place",
        )

    def _hurdle_answered(self, action: Action, verdict: Verdict) -> None:
        hurdle = self.facing()
        seat = action["player"]
        card = self._card_faced()
        self.round["hurdles"].append(
            {
                "player": seat,
                "space": hurdle["space"],
                "kind": hurdle["kind"],
                "country": card,
                "answer": action.get("answer", action.get("verdict")),
                "correct": verdict.correct,
                "canonical": verdict.canonical,
                "message": verdict.message,
            }
        )
        self.country_deck.discard(card)
        self.hurdle_card = None
        self._phase = RANKING
        if verdict.correct:
            hurdle["taken_by"] = seat
            self.scoreboard.add(seat, 1, "hurdles", f"hurdle {hurdle['kind']} at {hurdle['space']}")
        else:
            # Wrong: the runner and the hurdle stay; the points still to go are lost.
            self.scoring["remaining"] = 0

    def _end_round(self) -> None:
        self.history.append(self.round)
        self.scoring = {}
        if self.round["number"] >= self.rounds:
            self._phase = GAME_OVER
            return
        flag = self.table.next_seat(self.round["checkered_flag"])
        self._deal(self.round["number"] + 1, flag)

    # ----- end of the game -------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._phase == GAME_OVER

    def scores(self) -> list[float]:
        return self.scoreboard.column("points")

    def winners(self) -> list[int]:
        """Most points; on a tie, most hurdles taken (both tied: all of them win)."""
        if not self.is_terminal():
            return []
        key = [
            (self.scoreboard.get(s), self.scoreboard.get(s, "hurdles"))
            for s in range(len(self.table))
        ]
        best = max(key)
        return [s for s, k in enumerate(key) if k == best]

    def standings(self) -> list[int]:
        """Seats from first to last: points, then hurdles."""
        return self.scoreboard.ranking("points", "hurdles")

    # ----- answers, for the lesson record ------------------------------------------------
    def answer_context(self) -> dict[str, Any]:
        """The round being played (a round's ranks are scored together, at the reveal)."""
        return {"round": self.round["number"], "phase": self._phase}

    def answers_in(self, action: Action, before: dict[str, Any]) -> list[dict[str, Any]]:
        """Every rank of a round once its cards are turned over; each hurdle answer."""
        number = before.get("round")
        played = [r for r in (self.round, *self.history[-1:]) if r["number"] == number]
        if not played:
            return []
        rnd = played[0]
        if action["type"] == "rank":
            if len(rnd["guesses"]) < len(rnd["countries"]) or not rnd["places"]:
                return []  # the cards are turned over only when every country has a number
            return self._rank_answers(rnd)
        if before.get("phase") != HURDLE or not rnd["hurdles"]:
            return []
        return [self._hurdle_answer(action, rnd["hurdles"][-1])]

    def _rank_answers(self, rnd: dict[str, Any]) -> list[dict[str, Any]]:
        category = self.category_card(rnd["category"])
        names = ", ".join(self.atlas.names[c] for c in rnd["countries"])
        # A round's rank moves come one after another, the last one being the move just made.
        first_step = len(self.log) - len(rnd["guesses"])
        return [
            answer_fact(
                guess["player"],
                question_id=f"rank:{rnd['category']}:{guess['country']}",
                question=(
                    f"{category['label']}: where does {self.atlas.names[guess['country']]} "
                    f"rank among {names}?"
                ),
                answer=guess["rank"],
                accepted=[guess["place"]],
                correct=guess["rank"] == guess["place"],
                points=guess["points"],
                mode="rank",
                place=[guess["country"]],
                topic=f"Ranking: {category['label']}",
                step=first_step + k,
            )
            for k, guess in enumerate(rnd["guesses"])
        ]

    def _hurdle_answer(self, action: Action, hurdle: dict[str, Any]) -> dict[str, Any]:
        question = self.question_at_hurdle(hurdle["kind"], hurdle["country"])
        given = action.get("answer")
        if action["type"] == "mark":
            mode, given = "honor", None
        elif hurdle["kind"] == "A" and not str(given).strip().isdigit():
            # A click on the map gives the country's code: keep the name the student saw.
            mode, code = "click", str(given).strip().upper()
            given = self.atlas.names.get(code, given)
        else:
            mode = "typed"
        accepted = question.accepted
        if hurdle["kind"] == "A":
            accepted = (question.answer, self.atlas.names[hurdle["country"]])
        return answer_fact(
            hurdle["player"],
            question_id=f"{'map_number' if hurdle['kind'] == 'A' else 'capital'}:"
            f"{hurdle['country']}",
            question=question.prompt,
            answer=given,
            accepted=accepted,
            correct=hurdle["correct"],
            mode=mode,
            place=[hurdle["country"]],
            topic=question.category,
            level=question.level,
            card=question.to_dict(),
        )

    # ----- honor mode: the back of the hurdle card, for the one who marks ------------------
    def card_back(self) -> CardBack | None:
        """At a hurdle, the back of its country card as the one who marks the spoken answer
        reads it ("checked by another player on the back of the country cards"): every answer
        that counts ("Sucre or La Paz", "54"). None between hurdles. See ``Game.card_back``."""
        if self._phase != HURDLE:
            return None
        return card_back(self.to_act()[0], self.hurdle_question())

    def marks_right(self, action: Action) -> bool:
        """The teacher's "right" mark of a hurdle answer (honor mode)."""
        return action.get("type") == "mark" and action.get("verdict") == "right"

    # ----- what a player may see --------------------------------------------------------
    def category_card(self, key: str | None = None) -> dict[str, Any]:
        """The category card: label, unit, year, source, which end is number 1, description."""
        return dict(self.atlas.categories[key or self.round["category"]])

    def view(self, player: int | None) -> GlobalissimoView:
        """Everything on the table; the values stay hidden until the cards are turned over.

        Nothing here is secret between players (the numbers lie face up on the cards), so every
        seat sees the same. The answer of the hurdle now faced is in no view (a view reaches
        every team's device and the spectators): in honor mode the one who marks it reads it
        from ``card_back()``.

        Besides the game's own records the view carries what a screen needs to say and draw a
        move without the atlas (all JSON-able):

        * ``round`` and ``last_round`` (the round last finished, or None) each have
          ``category_card``, ``names`` (country code to name, for the round's cards),
          ``revealed`` (the cards are turned over) and ``hurdles``, each hurdle answer with
          ``name`` and ``number`` of its card's country, ``region`` (or the continent),
          ``picked``, ``picked_name`` and ``picked_number`` (the country a hurdle A answer
          pointed at, or None), ``accepted`` (every answer that counts, as said aloud) and
          ``marked`` (said out loud and marked by the teacher: honor mode).
        * ``last_hurdle``: the latest hurdle answer of the game, in that form (or None).
        * ``score_sheet``: per finished round, its ``number`` and the ``steps`` each seat's
          runner moved.
        """
        rnd = self.round
        revealed = self._phase != RANKING or len(rnd["guesses"]) == len(rnd["countries"])
        current = self._round_view(rnd, revealed)
        hurdle: HurdleNow | None = None
        if self._phase == HURDLE:
            facing = self.facing()
            card = self._card_faced()
            name = self.atlas.names[card]
            hurdle = {
                "player": self.to_act()[0],
                "space": facing["space"],
                "kind": facing["kind"],
                "country": card,
                "name": name,
                "task": HURDLE_TASKS[facing["kind"]].format(name=name),
                "remaining": self.scoring["remaining"],
            }
        # At the end of the game the round on the table is the last one of the history.
        played = self.history if self._phase == GAME_OVER else [*self.history, rnd]
        last_hurdle = next((r["hurdles"][-1] for r in reversed(played) if r["hurdles"]), None)
        view: GlobalissimoView = {
            "player": player,
            "phase": self._phase,
            "rounds": self.rounds,
            "round": current,
            "to_act": self.to_act(),
            "n_ranks": len(rnd["countries"]),
            "remaining_countries": self.remaining_countries() if self._phase == RANKING else [],
            "positions": self.scoreboard.column("points"),
            "hurdles_taken": self.scoreboard.column("hurdles"),
            "track": [h.copy() for h in self.hurdles],
            "track_length": track_length(self.rounds),
            "hurdle": hurdle,
            "honor": self.honor,
            "last_round": self._round_view(self.history[-1], True) if self.history else None,
            "last_hurdle": self._hurdle_view(last_hurdle) if last_hurdle else None,
            "score_sheet": [self._sheet_row(r) for r in self.history],
            "winners": self.winners(),
        }
        return detached(view)

    def _round_view(self, rnd: dict[str, Any], revealed: bool) -> RoundView:
        """A round as the table shows it: its cards with their names, and (once the cards are
        turned over) the true values and places."""
        shown: RoundView = {
            "number": rnd["number"],
            "checkered_flag": rnd["checkered_flag"],
            "category": rnd["category"],
            "category_card": self.category_card(rnd["category"]),
            "countries": list(rnd["countries"]),
            "names": {c: self.atlas.names[c] for c in rnd["countries"]},
            "revealed": revealed,
            "guesses": [g.copy() for g in rnd["guesses"]],
            "hurdles": [self._hurdle_view(h) for h in rnd["hurdles"]],
        }
        if revealed:
            shown["values"] = dict(rnd["values"])
            shown["years"] = dict(rnd["years"])
            shown["places"] = dict(rnd["places"])
        return shown

    def _hurdle_view(self, attempt: HurdleAnswer) -> HurdleAnswerView:
        """A hurdle answer with the facts needed to say it: the card's name and number, the
        country a hurdle A answer pointed at, every answer that counts."""
        card = attempt["country"]
        picked = None
        if attempt["kind"] == "A":
            try:
                picked = self.map_pick(attempt["answer"])
            except IllegalAction:
                picked = None  # a teacher's mark in honor mode, not a typed answer
        question = self.question_at_hurdle(attempt["kind"], card)
        return {
            **attempt,
            "name": self.atlas.names[card],
            "number": self.atlas.map_numbers.get(card),
            "region": self.atlas.regions.get(card) or self.atlas.continents.get(card),
            "picked": picked,
            "picked_name": self.atlas.names[picked] if picked else None,
            "picked_number": self.atlas.map_numbers.get(picked) if picked else None,
            "accepted": said_answers(question),
            # Honor mode: the answer was said out loud and the teacher marked it.
            "marked": self.honor,
        }

    def _sheet_row(self, rnd: dict[str, Any]) -> SheetRow:
        """One line of the score sheet: the steps each seat's runner moved in ``rnd``."""
        steps = [0] * len(self.table.seats)
        for guess in rnd["guesses"]:
            steps[guess["player"]] += guess.get("moved", 0)
        return {"number": rnd["number"], "steps": steps}

    # ----- saving ---------------------------------------------------------------------
    def _get_state(self) -> dict[str, Any]:
        return {
            "rounds": self.rounds,
            "honor": self.honor,
            "phase": self._phase,
            "round": self.round,
            "scoring": self.scoring,
            "hurdle_card": self.hurdle_card,
            "hurdles": self.hurdles,
            "history": self.history,
            "country_deck": self.country_deck.to_dict(),
            "category_deck": self.category_deck.to_dict(),
            "scoreboard": self.scoreboard.to_dict(),
        }

    def _upgraded_state(self, saved: dict[str, Any]) -> dict[str, Any]:
        """A save written before rounds kept each value's year (issue 36): its rounds get the
        years of the replayed game's, which come from the same values. Nothing else changes,
        so a save changed by hand is still refused."""
        if not isinstance(saved, dict):
            return saved
        pairs = [(saved.get("round"), self.round)]
        history = saved.get("history")
        if isinstance(history, list) and len(history) == len(self.history):
            pairs += zip(history, self.history, strict=True)
        for old, replayed in pairs:
            if isinstance(old, dict) and "years" not in old:
                old["years"] = dict(replayed["years"])
        return saved

    def _set_state(self, state: dict[str, Any]) -> None:
        self.rounds = state["rounds"]
        self.honor = state["honor"]
        self._phase = state["phase"]
        self.round = state["round"]
        self.scoring = state["scoring"]
        self.hurdle_card = state["hurdle_card"]
        self.hurdles = state["hurdles"]
        self.history = state["history"]
        self.country_deck = Deck.from_dict(state["country_deck"])
        self.category_deck = Deck.from_dict(state["category_deck"])
        self.scoreboard = Scoreboard.from_dict(state["scoreboard"])

    def _snapshot(self) -> dict[str, Any]:
        # The state is plain data, and a marshal round trip copies it ten times faster than
        # deepcopy, which was most of the time of a simulated game. Never written to disk.
        return {
            "copy": marshal.dumps(self._get_state()),
            "rng": self.rng.getstate(),
            "log_len": len(self.log),
        }

    def _restore(self, saved: dict[str, Any]) -> None:
        self._set_state(marshal.loads(saved["copy"]))
        self.rng.setstate(saved["rng"])
        del self.log[saved["log_len"] :]

    def _rebuild_options(self) -> dict[str, Any]:
        # Replay on the same atlas; load a game played on another with ``load(path, atlas=...)``.
        return {"atlas": self.atlas}
