"""What a move led to on the Global Pursuit screen: the log line, the verdict card, the end.

The part of ``GlobalPursuitScreen`` that the shell calls after every move (``describe`` for a
computer's move, ``after`` for everyone's): it compares the public view before and after the
move (the news, the scores, the last verdict in ``last``) and shows the sentences of
``wording``. Nothing is judged here: the engine has judged the card, the challenge and the
answer; this only says what it decided.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from geoteach.games.base import Action
from geoteach.i18n import _
from geoteach.quiz.question import Question
from geoteach.ui.global_pursuit import wording

if TYPE_CHECKING:
    from geoteach.ui.global_pursuit.parts import ScreenParts

    _Base = ScreenParts
else:
    _Base = object


class Verdicts(_Base):
    """The explanations of ``GlobalPursuitScreen`` (a part of it, not a screen alone)."""

    def describe(self, action: Action) -> str:
        """A computer's move in words: the engine's news of it, or a sentence of our own (and
        of our own words about a person's card: "lets your card stand: you score 4")."""
        kind = action["type"]
        view = self.seen(None)
        added, over = wording.until_game_over(wording.news_since(self._news_seen, view["news"]))
        # A person's card at one screen (hot seat) is said in that person's words; a class
        # game's pages say every move in one sentence, the one the projector says.
        if (
            kind in ("accept", "challenge")
            and self._layer() not in self.bots
            and not self.remote_seats
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
        return self.game.scores()[seat] - self._scores_seen[seat]

    def after(self, action: Action, by_human: bool) -> None:
        kind = action["type"]
        self._count_turns()
        before, self._before = (self._before if by_human else {}), {}
        if by_human and before.get("late"):
            self.show_verdict(
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
                self._reader = layer
                self._show(*wording.challenged_verdict(self.table, action["player"], layer, last))
        elif by_human and kind == "answer":
            self._explain_answer(action["player"], before)
        elif kind == "answer" and not self.holds_readers_card:
            self._explain_answer(action["player"], {}, wait=False)
        elif by_human and kind == "time_up":
            self.show_verdict(_("Time is up: the turn ends."), correct=False)
        elif kind in ("place", "accept") and self.game.phase != "challenge":
            self._say_the_card_stands()
        if self.game.is_terminal():
            self._explain_end()
        self._news_seen = list(self.seen(None)["news"])
        self._scores_seen = list(self.game.scores())
        self._trivia_seen = self.seen(None)["trivia"]

    def _show(self, headline: str, correct: bool, lines: list[str]) -> None:
        """A verdict about the card just judged: the board keeps its joint in view."""
        self.explaining = "joint"
        self.show_verdict(headline, correct=correct, lines=lines)

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
            self.messages.success(wording.card_stands(self.table, layer, gained))

    def _layer(self) -> int:
        """Who laid the card a challenge was about: the last card laid."""
        return next(a["player"] for a in reversed(self.game.log) if a["type"] == "place")

    def _explain_answer(self, seat: int, before: Mapping[str, Any], wait: bool = True) -> None:
        """The verdict of a trivia answer: big, with every answer that counts, where the place
        is and one fact; a person's stays until Continue (``wait``).

        A class game's screen never held the question with its answer: it takes the question
        from the engine's verdict (``last``), and the card as it was asked from the public view
        before the move (a move made elsewhere: ``before`` is empty, the points are counted
        from the scores seen before it)."""
        question: Question | None = before.get("question")
        last = self.seen(None)["last"] or {}
        if question is None and not self.holds_readers_card and last.get("card"):
            question = Question.from_dict(last["card"])
        if question is None:
            return
        scores = before.get("scores", self._scores_seen)
        gained = self.game.scores()[seat] - scores[seat]
        trivia = before.get("trivia") or self._trivia_seen or {}
        view = self.seen(None)
        said = wording.answer_verdict(
            self.table, seat, question, trivia, view, gained, elsewhere=not wait
        )
        self.show_verdict(said.pop("headline"), **said, wait=wait)

    def _explain_end(self) -> None:
        """The end: why it ended, what each card left in a hand cost, who won."""
        self.show_game_over(wording.end_lines(self.seen(None), self.table))

    def _count_turns(self) -> None:
        # A new turn (even a computer's in between) covers a hand that was shown. A turn that
        # starts again for the same seat (one player alone) starts in "match" with nothing laid.
        view = self.seen(None)
        fresh = view["phase"] == "match" and view["played"] == 0
        if view["turn_of"] != self._turn_of or fresh:
            self._turn_of = view["turn_of"]
            self._turns += 1
            # A verdict that does not hold the game (a move made on another device, a
            # computer's) spoke of the turn that is over ("Team Amber's turn goes on"): it
            # goes with that turn. One that holds this screen stays until Continue.
            if self.feedback.text and not self.feedback.is_open:
                self.feedback.put_away()
