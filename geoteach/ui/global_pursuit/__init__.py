"""Global Pursuit on the shared screen: the table of map cards, your hand, challenges, trivia.

The screen holds no rules. Every button and click builds an action, hands it to the engine
through the shell (``Screen.act``) and redraws from ``game.view(seat)``; it reads nothing
else of the engine but its public verbs (``tests/kit/public_api.py``). Computer players
move through the shell too: paced, one short sentence each in the log, and never while a verdict
waits for Continue.

The board (left): the table from above, zoomed to fit, with the free places numbered; under it
the hand of the person playing (or, while a card is judged, the joint up close). The side
column: the leaderboard, the controls of the current step, the verdict card, the log.

Laying a card, by mouse or by keyboard:

* **Your hand** shows each card as a map ``HAND_PX`` wide, with its set, its number (1-12, as
  printed) and its edges numbered 1-5. Click a card to choose it; click near one of its edges
  to choose the edge that will touch the table.
* **The table** numbers each free place (an orange open edge with a number badge). Click the
  badge, the edge or the empty place to choose it. A ghost of your card then lies there, turned
  as it would be laid; click one of the ghost's edges to turn the card so that edge touches.
* **The controls** do the same without a mouse (card, place, touching edge), then
  **Lay the card**. Clicking needs live matplotlib canvases (ipympl, installed with geoteach;
  ``interactive=False`` shows plain pictures and keeps the controls).

Challenges: while the opponents decide, the joint of the card just laid is shown up close, both
edges side by side, so the class can see whether the coasts and lines go on. A person has
``challenge_seconds`` to challenge a computer's card (a visible countdown); then it stands.

Trivia is the shared ``QuestionCard`` (typed, choice or honor answers). The level is chosen
first (the engine's ``level`` action, "Ask me"), then the card shows the question; a question
that names its options ("Which of these countries ...") lists them in every answer mode. The
answer goes to the engine's ``answer`` action (typed ``text``, which the engine judges again
with the same checker, or a ``mark``); the verdict card then shows right or wrong, every answer
that counts, where the place is and one fact, until Continue.

Hot seat: when two or more people share the screen, a hand is secret. It sits behind a
``HotSeatGuard`` and is built only after its owner clicks "I am <name>"; it is covered again
whenever the hand to show changes owner, a new turn begins, or someone else acts on the screen
(a challenge, the trivia question), so its owner confirms again. With one person (against
computers) there is no guard, and that person's hand stays in view during the others' turns.

Time limit (the VARIATION, option ``time_limit``): a ``Countdown`` starts when a person's turn
starts. Every move of that turn carries the measured ``seconds`` and the engine ends the turn of
a late one; when the clock runs out the screen says so and sends ``time_up``. The clock stops
while the opponents decide on a challenge, while cards are given back, and while a verdict waits
for Continue.

The package, one job per module: ``screen`` (``GlobalPursuitScreen``, the shared shell
``Screen`` composed with ``GlobalPursuitParts``: what each step shows, the hand behind the
guard), ``board`` (the board panel: the table, the hand's cards, the joint,
drawn from a view), ``step`` (the step panel: the controls and clocks, handing moves to
``on_move``), ``verdicts`` (what a move led to: the log's sentences, the verdict card),
``wording`` (every sentence, pure functions of a view or a move), ``hand_card`` (one card of
the hand, the live canvases), ``cards_fit`` (how the cards fit, set by set) and ``app`` (the
set-up screen's game, ``play``). The drawing is in ``geoteach.render.globe_cards``
and ``geoteach.render.global_pursuit``; the rules in ``geoteach.games.global_pursuit``.
"""

from geoteach.ui.global_pursuit.app import build_screen, new_game, play
from geoteach.ui.global_pursuit.board import JOINT_PX, TABLE_SIZE, BoardPanel
from geoteach.ui.global_pursuit.cards_fit import HowTheCardsFit
from geoteach.ui.global_pursuit.hand_card import (
    HAND_PX,
    HandCard,
    can_click,
    canvas_class,
    live_figure,
)
from geoteach.ui.global_pursuit.screen import LARGE_SCALE, GlobalPursuitParts, GlobalPursuitScreen
from geoteach.ui.global_pursuit.step import StepPanel
from geoteach.ui.global_pursuit.wording import STEPS, TIME_UP, news_since

__all__ = [
    "HAND_PX",
    "JOINT_PX",
    "LARGE_SCALE",
    "STEPS",
    "TABLE_SIZE",
    "TIME_UP",
    "BoardPanel",
    "GlobalPursuitParts",
    "GlobalPursuitScreen",
    "HandCard",
    "HowTheCardsFit",
    "StepPanel",
    "build_screen",
    "can_click",
    "canvas_class",
    "live_figure",
    "new_game",
    "news_since",
    "play",
]
