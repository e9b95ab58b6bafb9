"""Globalissimo: rank the countries by a statistic, then clear the hurdles of the world map.

Modules: ``ranking`` (Olympic places, points for a guess), ``track`` (runners and the 14
hurdles), ``atlas`` (country and category cards from ``geoteach.data``), ``engine`` (the game).

House rules (where the rulebook is silent, decided here):

* **Starting player.** "Pick a starting player and give him/her the marker with the checkered
  flag": the table setup picks that player (``Table.first``; the first player named, unless
  the setup screen picks another or draws one at random). The flag passes clockwise each round.
* **Category first, then countries.** Each round turns over the category card first, then draws
  country cards from the top; a card without a value for that category goes back under the
  deck and the next one is drawn, so every round has N distinct countries with data.
  Categories for which the (restricted) country deck has fewer than N countries with data are
  left out of the category deck at the start.
* **Direction of a category.** Number 1 is the highest value, as the rulebook says; a catalogue
  entry whose ``rank1`` is ``"lowest"`` is ranked the other way round, and its card says so.
* **Decks running out.** With 10 or more categories no category repeats; otherwise the used
  category cards are reshuffled when the pile is empty. Used country cards are reshuffled back
  under the draw pile when it runs out (a small restricted deck, or many hurdle questions).
* **When the cards are discarded.** The round's country cards go to the discard pile when they
  are turned over, before any hurdle question, so a hurdle card is never a card on the table.
* **Hurdle positions.** First hurdle (A) at space 3, then every second space up to 29,
  alternating A, B; a runner on the hurdle's space faces it (see ``track``). That makes the
  rulebook's example exact: David (2 points) scores 3 and stops on 3; Linda passes to 5.
* **Taking a hurdle.** The player who passes a hurdle takes it off the track, so the other
  runners on that space go on freely. Passing does not cost a step.
* **Hurdle cards.** Each question is about the top country card; a card that cannot be asked
  (no number on the map for A, no capital for B) goes under the deck and the next one is used.
  The question card is discarded, right or wrong.
* **Hurdle answers.** A: the map number (typed, e.g. "54", with the digits 0-9) or a click on
  the map (the country's iso3 code). Anything else ("5²", "⑤", "5.0", a name, a number too long
  for the map) is refused with "Type the country's number on the map, for example 54." and can
  be typed again; a number that no country has is a wrong answer. B: the official capital or
  the seat of government; case, accents and a small typo are forgiven, another place's name is
  not (``geoteach.quiz.answers``). In honor mode the teacher marks the spoken answer "right" or
  "wrong" instead, and the screen shows every answer that counts ("Sucre or La Paz",
  "Amsterdam or The Hague").
* **Who checks a spoken answer** (honor mode; the rulebook: "checked by another player on the
  back of the country cards"). The back of the card, every answer that counts, is given by
  ``card_back()`` to the one who marks, never in a view (a view reaches every team's device
  and the spectators). In a class game the teacher is that player: the team at the hurdle sees
  the question on its own device and says its answer out loud; the projector shows the
  question, **Show the answer**, then the answers and **Right** / **Wrong**, and its mark is
  the team's move. A team's device can never mark an answer right (``marks_right``).
* **Points** are the runner's space: points lost at a hurdle are lost for good. The winner has
  the most points; then the most hurdles; a tie in both is shared.
"""

from geoteach.games.globalissimo.atlas import Atlas
from geoteach.games.globalissimo.engine import GAME_OVER, HURDLE, RANKING, Globalissimo
from geoteach.games.globalissimo.ranking import olympic_places, score_rank_guess, true_places
from geoteach.games.globalissimo.track import HURDLE_KINDS, HURDLE_SPACES, run

__all__ = [
    "GAME_OVER",
    "HURDLE",
    "HURDLE_KINDS",
    "HURDLE_SPACES",
    "RANKING",
    "Atlas",
    "Globalissimo",
    "olympic_places",
    "run",
    "score_rank_guess",
    "true_places",
]
