"""What a move led to on the Global Pursuit screen: the log line, the verdict card, the end.

A part of ``GlobalPursuitParts``, composed (not a mixin): the screen's parts hand it every
move after it was applied (``describe`` for the log, ``after`` for the verdict) and, before a
person's move, what the verdict will need (``before``: the scores, the trivia card, the
question with its answer, whether it was late). It compares the public view before and after
the move (the news, the scores, the last verdict in ``last``) and shows the sentences of
``wording`` on the ``Host``'s verdict card. Nothing is judged here: the engine has judged the
card, the challenge and the answer; this only says what it decided. It also counts the turns
(a new one covers a hand that was shown, starts a person's clock).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from geoteach.games.base import Action
from geoteach.games.global_pursuit.engine import GlobalPursuit
from geoteach.i18n import _
from geoteach.quiz.question import Question
from geoteach.ui.global_pursuit import wording
from geoteach.ui.shell import Host


class Verdicts:
    """The explanations of the Global Pursuit screen. ``seen`` is the screen's parts' view
    of a seat made once per move (``GlobalPursuitParts.seen``)."""

    def __init__(
        self, host: Host, game: GlobalPursuit, seen: Callable[[int | None], Mapping[str, Any]]
    ) -> None:
        self.host = host
        self.game = game
        self.table = game.table
        self.seating = host.seating
        self.bots = host.seating.bots
        self.seen = seen
        start = seen(None)
        self.news_seen = list(start["news"])
        self.scores_seen = list(game.scores())
        #: What a person's move found before it (``GlobalPursuitParts.stamp``).
        self.before: dict[str, Any] = {}
        #: The trivia card as the public view showed it before the last move (a class game's
        #: verdict of a move made elsewhere says its symbol and die).
        self.trivia_seen = start["trivia"]
        #: What the board explains while a verdict is open ("joint": the card just judged).
        self.explaining: str | None = None
        self.reader: int | None = None  # the person a verdict speaks to
        #: Turns begun so far, and whose turn it is.
        self.turns = 0
        self.turn_of = start["turn_of"]

    def describe(self, action: Action) -> str:
        """A computer's move in words: the engine's news of it, or a sentence of our own (and
        of our own words about a person's card: "lets your card stand: you score 4")."""
        kind = action["type"]
        view = self.seen(None)
        added, over = wording.until_game_over(wording.news_since(self.news_seen, view["news"]))
        # A person's card at one screen (hot seat) is said in that person's words; a class
        # game's pages say every move in one sentence, the one the projector says.
        if (
            kind in ("accept", "challenge")
            and self._layer() not in self.bots
            and not self.seating.class_game
        ):
            layer = self._layer()
            who = self.table.name_of(action["player"])
            said = wording.about_a_persons_card(
                kind, who, layer, self.table, view, self._gained(layer)
            )
            return " ".join([said, _("The game is over.")]) if over else said
        return wording.computer_move(action, self.table, added)

    def _gained(self, seat: int) -> float:
        """Points ``seat`` made with the move just applied (the scores before it and now)."""
        return float(self.game.scores()[seat] - self.scores_seen[seat])

    def after(self, action: Action, by_human: bool) -> None:
        """The verdict a move led to: a late move, a challenge, an answer, a card let stand,
        the end."""
        kind = action["type"]
        self._count_turns()
        before, self.before = (self.before if by_human else {}), {}
        if by_human and before.get("late"):
            self.host.show_verdict(
                _("Time is up: the turn ends."),
                correct=False,
                lines=[_("A move made after the time limit does not count.")],
            )
        elif kind == "challenge":
            layer = self._layer()
            last = self.seen(None)["last"] or {}
            if by_human:
                self._show(
                    *wording.own_challenge_verdict(self.table, action["player"], layer, last)
                )
            elif layer not in self.bots:
                self.reader = layer
                self._show(*wording.challenged_verdict(self.table, action["player"], layer, last))
        elif by_human and kind == "answer":
            self._explain_answer(action["player"], before)
        elif kind == "answer" and self.seating.class_game:
            self._explain_answer(action["player"], {}, wait=False)
        elif by_human and kind == "time_up":
            self.host.show_verdict(_("Time is up: the turn ends."), correct=False)
        elif kind in ("place", "accept") and self.game.phase != "challenge":
            self._say_the_card_stands()
        if self.game.is_terminal():
            self.explain_end()
        self.news_seen = list(self.seen(None)["news"])
        self.scores_seen = list(self.game.scores())
        self.trivia_seen = self.seen(None)["trivia"]

    def _show(self, headline: str, correct: bool, lines: list[str]) -> None:
        """A verdict about the card just judged: the board keeps its joint in view."""
        self.explaining = "joint"
        self.host.show_verdict(headline, correct=correct, lines=lines)

    def _say_the_card_stands(self) -> None:
        """A person's card was let stand (or nobody could challenge it): the points, in words."""
        places = [a for a in self.game.log if a["type"] == "place"]
        layer = places[-1]["player"] if places else None
        table = self.seen(None)["table"]
        if layer is None or layer in self.bots or not table:
            return
        if table[-1]["card"] != places[-1]["card"]:
            return  # the card was taken back (a late move, or a right challenge)
        gained = self._gained(layer)
        if gained > 0:
            self.host.messages.success(wording.card_stands(self.table, layer, gained))

    def _layer(self) -> int:
        """Who laid the card a challenge was about: the last card laid."""
        return int(next(a["player"] for a in reversed(self.game.log) if a["type"] == "place"))

    def _explain_answer(self, seat: int, before: Mapping[str, Any], wait: bool = True) -> None:
        """The verdict of a trivia answer: big, with every answer that counts, where the place
        is and one fact; a person's stays until Continue (``wait``).

        A class game's screen never held the question with its answer: it takes the question
        from the engine's verdict (``last``), and the card as it was asked from the public view
        before the move (a move made elsewhere: ``before`` is empty, the points are counted
        from the scores seen before it)."""
        question: Question | None = before.get("question")
        last = self.seen(None)["last"] or {}
        if question is None and self.seating.class_game and last.get("card"):
            question = Question.from_dict(last["card"])
        if question is None:
            return
        scores = before.get("scores", self.scores_seen)
        gained = self.game.scores()[seat] - scores[seat]
        trivia = before.get("trivia") or self.trivia_seen or {}
        view = self.seen(None)
        said = wording.answer_verdict(
            self.table, seat, question, trivia, view, gained, elsewhere=not wait
        )
        self.host.show_verdict(said.pop("headline"), **said, wait=wait)

    def explain_end(self) -> None:
        """The end: why it ended, what each card left in a hand cost, who won."""
        self.host.show_game_over(wording.end_lines(self.seen(None), self.table))

    def _count_turns(self) -> None:
        # A new turn (even a computer's in between) covers a hand that was shown. A turn that
        # starts again for the same seat (one player alone) starts in "match" with nothing laid.
        view = self.seen(None)
        fresh = view["phase"] == "match" and view["played"] == 0
        if view["turn_of"] != self.turn_of or fresh:
            self.turn_of = view["turn_of"]
            self.turns += 1
            # A verdict that does not hold the game (a move made on another device, a
            # computer's) spoke of the turn that is over ("Team Amber's turn goes on"): it
            # goes with that turn. One that holds this screen stays until Continue.
            feedback = self.host.feedback
            if feedback.text and not feedback.is_open:
                feedback.put_away()
