"""Geography Pursuit: the Trivial Pursuit master game with six geography categories.

The phases follow the rulebook's headings: ``roll`` (the die), ``move`` (pick one of the legal
destinations), ``choose_category`` (the hub is a wild space), ``question`` (answer a card),
``vote`` (the opponents choose the game-winning category), ``over``.

House rules decided here, where the rulebook is silent or leaves it to the players:

* Who answers acts: an ``answer`` action carries a typed ``text`` (judged by the quiz checker),
  a ``choice`` of the card's own options (judged here: right if and only if it is the answer;
  a class game's device, which never holds the answer, answers so) or an honor ``mark``
  ("right"/"wrong") given by the player who read the card. All are always allowed, so a
  teacher may overrule the checker by marking.
* ``precision`` (rulebook: "how exact an answer must be"): ``"forgiving"`` (default) accepts
  small typos and every alias on the card; ``"strict"`` accepts only the answer or an alias,
  ignoring case, accents and punctuation.
* ``time_limit`` (seconds, default none): an answer may say how long it took (``seconds``); a
  late answer counts as wrong.
* ``reveal_answer`` (default true): the right answer is shown after a wrong one.
* ``consultation`` (default true): team members may talk over an answer (shown to the table;
  the game cannot police it).
* "Must leave the headquarters (or the hub) on the next turn" needs no extra rule here: a move
  never ends where it started, because a path never visits a space twice.
* The final category is the opponents' vote: most votes wins, a tie is drawn by lot.
* "Players who have not yet had a turn" after a first-turn win each play one turn; every
  player who also wins shares the victory.
* Team play: up to six tokens (teams), up to 24 people in all.
* Questions: each category's deck is shuffled at the start; a used card goes to the back.
  The built-in sixth category is "Borders & Neighbours", not "Exploration & History": every
  built-in card is generated from ``geoteach.data``, and history facts would have to be typed
  in by hand. A teacher adds their own decks with ``questions.bank_from_decks``.
* A bank of one's own is checked card by card when the game starts (a flag or map code
  geoteach cannot show, a card that is not a question): such a game does not start, so no
  move is ever made whose question cannot be shown.
* The answer is hidden from the player answering and from the projector (``view(None)``);
  every other player may see it, to read it out in honor mode.
* Honor mode ("read by another player. Answers are on the opposite side of each card"): the
  one who marks reads the back of the card from ``card_back()``. In a class game the teacher
  is that reader, on the projector: the team answering sees the question on its own device and
  says its answer out loud, the projector shows the question, **Show the answer**, then the
  answers and **Right** / **Wrong**, and its mark is the team's move. A team's device can
  never mark an answer right (``marks_right``): it answers typed or by an option, or not at all.
"""

from __future__ import annotations

import marshal
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from geoteach.games import dice, fields
from geoteach.games.answer_facts import card_answer, typed_or_marked
from geoteach.games.answer_moves import (
    ANSWER_FIELDS,
    MARKS,
    PRECISIONS,
    AnswerMove,
    card_back,
    check_answer_move,
    check_choice,
    given_of,
    judge_answer,
    marked_right,
)
from geoteach.games.base import Action, CardBack, Game, IllegalAction, detached, listed
from geoteach.games.deck import Deck
from geoteach.games.geography_pursuit.board import CATEGORIES, HUB, SPACES, destinations
from geoteach.games.geography_pursuit.views import (
    CategoryMove,
    GeographyPursuitView,
    Media,
    MoveMove,
    QuestionShown,
    RollMove,
)
from geoteach.i18n import N_, _, said, said_plural
from geoteach.quiz.question import Question, check_cards

#: The six categories geoteach plays by default, in colour order (see ``board``).
DEFAULT_CATEGORIES: tuple[str, ...] = (
    N_("Capitals & Cities"),
    N_("Countries & Flags"),
    N_("Physical World"),
    N_("People & Population"),
    N_("Borders & Neighbours"),
    N_("U.S. States"),
)
#: ``questions=`` value of the built-in decks (generated from ``geoteach.data``), in English;
#: ``"geography:es"`` names them in Spanish (``built_in_language``).
BUILT_IN = "geography"
#: Most people at the table when playing in teams (rulebook: "as many as 24 players").
MAX_PEOPLE = 24
_NEWS_KEPT = 12
#: This game's wording of the answer move's one-of-them rule (see ``answer_moves``).
TEXT_OR_MARK = N_(
    "Give either a typed answer, a chosen option or a mark (right or wrong): one only."
)


def built_in_language(questions: Any) -> str | None:
    """The language of the built-in decks that a ``questions`` option names ("geography":
    "en", "geography:es": "es"), or None for decks of one's own."""
    if not isinstance(questions, str):
        return None
    name, _, code = questions.partition(":")
    if name != BUILT_IN:
        return None
    from geoteach.i18n import supported

    if code and supported(code) != code:
        raise ValueError(f"geoteach has no cards in the language {code!r}.")
    return code or "en"


class GeographyPursuit(Game):
    """The master game: six wedges from six headquarters, then the hub for the final question.

    Options: ``questions`` (``"geography"``, the default: the built-in decks; or category name ->
    list of question dicts, as ``Question.to_dict`` makes them; see
    ``geoteach.games.geography_pursuit.questions``), ``categories`` (the six names in
    colour order; default: the keys of ``questions``), ``precision``, ``time_limit``,
    ``reveal_answer``, ``consultation`` (see the module notes).

    Without ``questions`` the built-in decks are dealt in the language the page speaks when
    the game starts (``geoteach.i18n``), and that language is saved with the game
    (``"geography:fr"``; English ``"geography"``, as before), so a game resumes with the very
    cards it was played with, on a page of any language. A class game's cards are in the
    language of the page that started it. The checker's verdicts, which the state keeps, are
    said in the cards' language too (for decks of one's own: ``language``, their language,
    such as a deck's ``Deck.language``; without it, the page's), so a save replays the same.
    """

    name: ClassVar[str] = "geography_pursuit"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6

    # ----- set-up ------------------------------------------------------------------
    def setup(self) -> None:
        """Check the options, shuffle the six decks, roll for who starts."""
        self._read_options()
        n = len(self.table.seats)
        people = sum(max(1, len(seat.members)) for seat in self.table.seats)
        if people > MAX_PEOPLE:
            raise ValueError(
                _(
                    "Geography Pursuit is played by at most {most} people; these teams have "
                    "{people}."
                ).format(most=MAX_PEOPLE, people=people)
            )
        decks = [
            Deck.shuffled([q["id"] for q in self._bank[c]], self.rng).to_dict()
            for c in self.categories
        ]
        first, history = dice.roll_for_first(self.rng, list(range(n)))
        self.state: dict[str, Any] = {
            "phase": "roll",
            "player": first,
            "roll": None,
            "positions": [HUB] * n,
            "wedges": [[] for _ in range(n)],
            "decks": decks,
            "question": None,
            "votes": [None] * n,
            "record": [[[0, 0] for _ in range(CATEGORIES)] for _ in range(n)],
            "must_leave": [False] * n,
            "turns": [0] * n,
            "turn": 0,
            "winners": [],
            "tie_chance": [],
            "first_rolls": [[[seat, value] for seat, value in r.items()] for r in history],
            "last": None,
            "news": [],
        }
        rolls = ", ".join(f"{self.table.name_of(s)} {v}" for s, v in history[-1].items())
        self._news(
            N_("Rolls for who starts: {rolls}. {player} goes first."),
            rolls=rolls,
            player=self.table.name_of(first),
        )
        self._start_turn(first)

    def _read_options(self) -> None:
        questions = self.options.get("questions")
        if questions is None:
            from geoteach.i18n import language

            code = language()
            questions = BUILT_IN if code == "en" else f"{BUILT_IN}:{code}"
        built_in = built_in_language(questions)
        if built_in is not None:
            # Saved as a name, not as thousands of cards: a load regenerates the same decks.
            from geoteach.games.geography_pursuit.questions import default_questions

            self.options["questions"] = questions
            questions = default_questions(built_in)
        if not isinstance(questions, dict):
            raise ValueError(f"The questions are decks or 'geography', not {questions!r}.")
        categories = list(self.options.get("categories") or list(questions))
        self.options["categories"] = categories
        if len(categories) != CATEGORIES or len(set(categories)) != CATEGORIES:
            raise ValueError(
                f"Geography Pursuit needs six different categories, got {len(set(categories))}: "
                f"{', '.join(categories)}."
            )
        self._bank: dict[str, list[dict[str, Any]]] = {}
        self._by_id: dict[str, dict[str, Any]] = {}
        for category in categories:
            cards = questions.get(category) or []
            if not cards:
                raise ValueError(f"The category '{category}' has no questions: give it a deck.")
            self._bank[category] = list(cards)
        if built_in is None:  # the built-in cards are right by construction
            check_cards((card for c in categories for card in self._bank[c]), "Geography Pursuit")
        for card in (card for c in categories for card in self._bank[c]):
            if card["id"] in self._by_id:
                raise ValueError(f"Two questions have the same id {card['id']!r}.")
            self._by_id[card["id"]] = card
        precision = self.options.setdefault("precision", "forgiving")
        if precision not in PRECISIONS:
            raise ValueError(
                f"Answer precision must be 'forgiving' or 'strict', not {precision!r}."
            )
        limit = self.options.setdefault("time_limit", None)
        if limit is not None and not (isinstance(limit, int | float) and limit > 0):
            raise ValueError(f"The time limit is a number of seconds above 0, not {limit!r}.")
        self.options.setdefault("reveal_answer", True)
        self.options.setdefault("consultation", True)

    @property
    def categories(self) -> list[str]:
        """The six category names, in colour order (category ``i`` is headquarters ``i``)."""
        names: list[str] = self.options["categories"]
        return names

    # ----- whose move ----------------------------------------------------------------
    @property
    def phase(self) -> str:
        phase: str = self.state["phase"]
        return phase

    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "vote":
            player = self.state["player"]
            return [
                s for s in self.table.clockwise_from(player)[1:] if self.state["votes"][s] is None
            ]
        return [self.state["player"]]

    def legal_destinations(self) -> list[str]:
        """Where the token of the player to move may go with the roll made (``move`` phase)."""
        if self.phase != "move":
            return []
        return destinations(self.state["positions"][self.state["player"]], self.state["roll"])

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Legal actions; in ``question`` the two honor marks (a typed ``text`` and a
        ``choice`` of the card's options are legal too, and not listed: they are endless, or
        would tell a computer player which options the card has)."""
        if player is None:
            acting = self.to_act()
            player = acting[0] if acting else None
        if not fields.whole(player, self.to_act()):
            return []
        phase = self.phase
        if phase == "roll":
            return [{"player": player, "type": "roll"}]
        if phase == "move":
            return [{"player": player, "type": "move", "to": s} for s in self.legal_destinations()]
        if phase in ("choose_category", "vote"):
            kind = "choose" if phase == "choose_category" else "vote"
            return [{"player": player, "type": kind, "category": c} for c in self.categories]
        if phase == "question":
            return [{"player": player, "type": "answer", "mark": m} for m in MARKS]
        return []

    move_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "roll": (),
        "move": ("to",),
        "choose": ("category",),
        "vote": ("category",),
        "answer": ANSWER_FIELDS,
    }

    def _check(self, action: Action) -> None:
        if action["type"] != "answer" or self.phase != "question":
            # Exactly a listed move, field types included: a category of 1.0 is no category.
            if not listed(action, self.legal_actions(action["player"])):
                raise IllegalAction(self._why_not(action))
            return
        check_answer_move(action, _(TEXT_OR_MARK))
        check_choice(self._by_id[self.state["question"]["id"]], action)
        if "seconds" in action and not fields.seconds(action["seconds"]):
            raise IllegalAction(_("The time taken must be a number of seconds, 0 or more."))

    def _why_not(self, action: Action) -> str:
        phase, kind = self.phase, action["type"]
        needed = {
            "roll": N_("Now is the time to roll the die."),
            "move": N_("Now is the time to move your token to one of the lit spaces."),
            "choose_category": N_("Now is the time to choose a category for your question."),
            "vote": N_("Now is the time to vote for the category of the final question."),
            "question": N_("Now is the time to answer the question."),
        }.get(phase, N_("Now is the time to wait."))
        if phase == "move" and kind == "move":
            roll = self.state["roll"]
            return said_plural(
                "You cannot reach {space} with a {roll}: move exactly {n} space in one "
                "direction, to one of the lit spaces.",
                "You cannot reach {space} with a {roll}: move exactly {n} spaces in one "
                "direction, to one of the lit spaces.",
                roll,
                space=repr(action.get("to")),
                roll=roll,
                n=roll,
            )
        if kind in ("choose", "vote") and phase in ("choose_category", "vote"):
            return said(
                N_("{category} is not a category of this game."),
                category=repr(action.get("category")),
            )
        return _(needed)

    # ----- the moves -------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        getattr(self, f"_do_{action['type']}")(action)

    def _do_roll(self, action: RollMove) -> None:
        value = dice.roll(self.rng)
        self.state["roll"] = value
        self.state["phase"] = "move"
        self._news(N_("{player} rolls a {roll}."), player=self._who(), roll=value)

    def _do_move(self, action: MoveMove) -> None:
        seat, to = action["player"], action["to"]
        self.state["positions"][seat] = to
        self.state["must_leave"][seat] = False
        self.state["roll"] = None
        space = SPACES[to]
        if space.kind == "roll_again":
            self._news(N_("{player} lands on Roll again."), player=self._who())
            self.state["phase"] = "roll"
        elif space.kind == "hub" and len(self.state["wedges"][seat]) == CATEGORIES:
            self._news(
                N_("{player} reaches the hub! The other players choose the category."),
                player=self._who(),
            )
            self.state["votes"] = [None] * len(self.table.seats)
            self.state["phase"] = "vote"
        elif space.kind == "hub":
            self._news(N_("{player} lands in the hub and picks any category."), player=self._who())
            self.state["phase"] = "choose_category"
        else:
            assert space.category is not None  # every space but the hub and Roll again has one
            self._ask(space.category, final=False)

    def _do_choose(self, action: CategoryMove) -> None:
        self._ask(self.categories.index(action["category"]), final=False)

    def _do_vote(self, action: CategoryMove) -> None:
        self.state["votes"][action["player"]] = self.categories.index(action["category"])
        if self.to_act():
            return
        counts = Counter(v for v in self.state["votes"] if v is not None)
        most = max(counts.values())
        tied = sorted(c for c, n in counts.items() if n == most)
        chosen = tied[0] if len(tied) == 1 else self.rng.choice(tied)
        self._news(
            N_("The other players chose {category} for the final question."),
            category=self.categories[chosen],
        )
        self._ask(chosen, final=True)

    def _do_answer(self, action: AnswerMove) -> None:
        seat = action["player"]
        asked = self.state["question"]
        card = self._by_id[asked["id"]]
        category = asked["category"]
        correct, message = self._judge(card, action)
        record = self.state["record"][seat][category]
        record[0] += int(correct)
        record[1] += 1
        show = correct or self.options["reveal_answer"]
        if not show:
            # The record keeps the English words (N_: a page that shows them translates them).
            message = N_("Not quite.") if not message.startswith("Time") else message
        self.state["last"] = {
            "seat": seat,
            "category": category,
            "correct": correct,
            "given": given_of(action),
            "answer": card["answer"] if show else None,
            "explanation": card.get("explanation", "") if show else "",
            "message": message,
            # The whole card once it has been answered (if the table reads answers out): the
            # verdict of a screen that never held it (a class game's) says it in full.
            "card": dict(card) if show else None,
        }
        self.state["question"] = None
        where = SPACES[self.state["positions"][seat]]
        name = self._who()
        if not correct:
            if where.kind in ("headquarters", "hub"):
                self.state["must_leave"][seat] = True
            self._news(self._leave_note(where.kind), player=name)
            self._end_turn()
            return
        if asked["final"]:
            self.state["winners"].append(seat)
            self._news(N_("{player} answers the final question right and wins!"), player=name)
            self._after_win(seat)
            return
        wedges = self.state["wedges"][seat]
        if where.kind == "headquarters" and category not in wedges:
            wedges.append(category)
            wedges.sort()
            self._news(
                N_("{player} wins the {category} wedge ({wedges} of 6)."),
                player=name,
                category=self.categories[category],
                wedges=len(wedges),
            )
        else:
            self._news(N_("{player} is right and rolls again."), player=name)
        self.state["phase"] = "roll"

    # ----- rules helpers -------------------------------------------------------------
    def _judge(self, card: dict[str, Any], action: Mapping[str, Any]) -> tuple[bool, str]:
        limit = self.options["time_limit"]
        seconds = action.get("seconds")
        if limit is not None and seconds is not None and seconds > limit:
            return False, N_("Time is up ({limit} seconds).").format(limit=limit)
        code = built_in_language(self.options["questions"]) or self.options.get("language")
        if code is None:
            return judge_answer(card, action, self.options["precision"])
        from geoteach.i18n import speaking

        with speaking(code):  # the verdict in the cards' language (see the class notes)
            return judge_answer(card, action, self.options["precision"])

    def _ask(self, category: int, final: bool) -> None:
        deck = Deck.from_dict(self.state["decks"][category])  # a copy: see ``_snapshot``
        qid = deck.draw()
        deck.to_bottom(qid)  # used questions go to the back of the box
        self.state["decks"][category] = deck.to_dict()
        self.state["question"] = {"id": qid, "category": category, "final": final}
        self.state["phase"] = "question"

    def _leave_note(self, kind: str) -> str:
        """The news of a wrong answer, where the token must leave its space or not."""
        if kind == "headquarters":
            return N_(
                "{player}: not this time. The token must leave this headquarters on the next turn."
            )
        if kind == "hub":
            return N_("{player}: not this time. The token must leave the hub on the next turn.")
        return N_("{player}: not this time.")

    def _start_turn(self, seat: int) -> None:
        self.state["player"] = seat
        self.state["phase"] = "roll"
        self.state["roll"] = None
        self.state["turns"][seat] += 1
        self.state["turn"] += 1

    def _end_turn(self) -> None:
        if self.state["winners"]:
            self._next_tie_chance()
            return
        self._start_turn(self.table.next_seat(self.state["player"]))
        self._news(N_("Now it is {player}'s turn."), player=self._who())

    def _after_win(self, seat: int) -> None:
        if len(self.state["winners"]) == 1 and self.state["turns"][seat] == 1:
            waiting = [s for s in self.table.clockwise_from(seat) if self.state["turns"][s] == 0]
            if waiting:
                names = ", ".join(self.table.name_of(s) for s in waiting)
                self._news(N_("A win on the first turn! {players} may try to tie."), players=names)
            self.state["tie_chance"] = waiting
        self._next_tie_chance()

    def _next_tie_chance(self) -> None:
        if not self.state["tie_chance"]:
            self.state["phase"] = "over"
            self.state["question"] = None
            return
        seat = self.state["tie_chance"].pop(0)
        self._start_turn(seat)
        self._news(N_("{player} tries to tie."), player=self._who())

    def _who(self) -> str:
        return self.table.name_of(self.state["player"])

    def _news(self, text: str, **values: Any) -> None:
        """A line of news: its English sentence and the values that fill it, so that each page
        says it in its own language (``geoteach.ui.pursuit.wording.news_line``); the state
        stays the same whatever language the pages speak."""
        line = {"text": text, "values": values}
        self.state["news"] = [*self.state["news"], line][-_NEWS_KEPT:]

    # ----- results, views, state -------------------------------------------------------------
    def is_terminal(self) -> bool:
        return bool(self.state["phase"] == "over")

    def scores(self) -> list[float]:
        """Wedges of each seat, plus one for a winner (so the winners have the top score)."""
        winners = set(self.state["winners"])
        return [len(w) + (1 if s in winners else 0) for s, w in enumerate(self.state["wedges"])]

    def winners(self) -> list[int]:
        return sorted(self.state["winners"]) if self.is_terminal() else []

    def question_card(self, qid: str) -> dict[str, Any]:
        """The question with id ``qid`` as a dict (``Question.to_dict`` form)."""
        return dict(self._by_id[qid])

    # ----- answers, for the lesson record ------------------------------------------------
    def answer_context(self) -> dict[str, Any]:
        """The card being asked, if any (the answer clears it)."""
        asked = self.state["question"]
        return {"question": dict(asked)} if asked else {}

    def answers_in(self, action: Action, before: dict[str, Any]) -> list[dict[str, Any]]:
        """One answer per ``answer`` action: the card, what was typed or marked, the verdict."""
        asked = before.get("question")
        if action["type"] != "answer" or not asked:
            return []
        given, mode = typed_or_marked(action)
        return [
            card_answer(
                action["player"],
                Question.from_dict(self._by_id[asked["id"]]),
                given=given,
                correct=self.state["last"]["correct"],
                mode=mode,
                topic=self.categories[asked["category"]],
                seconds=action.get("seconds"),
            )
        ]

    def card_back(self) -> CardBack | None:
        """The back of the card being asked, for the one who marks the spoken answer (see
        ``Game.card_back``); None when no question is asked."""
        asked = self.state["question"]
        if asked is None:
            return None
        return card_back(self.state["player"], Question.from_dict(self._by_id[asked["id"]]))

    def marks_right(self, action: Action) -> bool:
        """The reader's "right" mark of an answer."""
        return marked_right(action)

    def view(self, player: int | None) -> GeographyPursuitView:
        """Everything is on the table except the answer of the card being asked.

        The reader (any other player, in honor mode) sees the answer; the player answering and a
        spectator (``None``, the projector) do not. The reader's ``question`` also holds the
        whole ``card`` (``Question.to_dict`` form: its id, answer, aliases, explanation, kind),
        which a screen at the table needs to put the card on screen and judge it as the reader
        would; the id is kept from the others too, since a built-in card's id names its place.
        """
        s = self.state
        question: QuestionShown | None = None
        if s["question"] is not None:
            card = self._by_id[s["question"]["id"]]
            shown: QuestionShown = {
                "category": s["question"]["category"],
                "final": s["question"]["final"],
                "prompt": card["prompt"],
                "level": card.get("level", 1),
                "choices": list(card.get("choices") or []),
                "media": card.get("media") or Media(),
            }
            if player is not None and player != s["player"]:
                shown["answer"] = card["answer"]
                shown["card"] = dict(card)
            question = shown
        view: GeographyPursuitView = {
            "phase": s["phase"],
            "player": s["player"],
            "to_act": self.to_act(),
            "roll": s["roll"],
            "destinations": self.legal_destinations(),
            "positions": list(s["positions"]),
            "wedges": [list(w) for w in s["wedges"]],
            "categories": list(self.categories),
            "question": question,
            "votes": list(s["votes"]) if s["phase"] == "vote" else [],
            "record": [[list(r) for r in rec] for rec in s["record"]],
            "must_leave": list(s["must_leave"]),
            "turns": list(s["turns"]),
            "turn": s["turn"],
            "winners": list(s["winners"]),
            "tie_chance": list(s["tie_chance"]),
            "last": s["last"].copy() if s["last"] else None,
            "news": list(s["news"]),
            "house_rules": {
                "precision": self.options["precision"],
                "time_limit": self.options["time_limit"],
                "reveal_answer": self.options["reveal_answer"],
                "consultation": self.options["consultation"],
            },
        }
        return detached(view)

    def _get_state(self) -> dict[str, Any]:
        return self.state

    def _snapshot(self) -> dict[str, Any]:
        # Bot simulations apply thousands of moves a game, so the undo copy must be cheap. The
        # state is plain data, so marshal copies it exactly and faster than deepcopy. The decks
        # (thousands of ids) are never changed in place, only replaced (see ``_ask``), so the
        # snapshot keeps the old ones by reference instead of copying them.
        rest = {k: v for k, v in self.state.items() if k != "decks"}
        return {
            "state": marshal.dumps(rest),
            "decks": list(self.state["decks"]),
            "rng": self.rng.getstate(),
            "log_len": len(self.log),
        }

    def _restore(self, saved: dict[str, Any]) -> None:
        state = marshal.loads(saved["state"])
        state["decks"] = list(saved["decks"])
        self._set_state(state)
        self.rng.setstate(saved["rng"])
        del self.log[saved["log_len"] :]

    def _set_state(self, state: dict[str, Any]) -> None:
        self.state = state
