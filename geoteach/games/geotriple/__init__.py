"""GeoTriple: two players, U.S. states, three stages a round, first to 100 points.

Modules: ``cards`` (the 50 GeoPlunge cards from ``geoteach.data.us_states()``), ``challenges``
(Stage 1's GeoChallenge deck and its clues), ``borders`` (Stage 2: winning groups, the solver
and the border rule), ``tricks`` (Stage 3), ``game`` (the engine, ``GeoTriple``).

House rules (where the rulebook is silent, decided here):

* **Dealer.** The table setup picks the first dealer (``Table.first``), who deals round 1;
  the deal passes to the other player each round. The round's dealer deals Stage 1 and
  guesses first ("The dealer makes his or her guesses first"); the Stage 2 winner deals
  Stage 3.
* **Clues.** When the card holder is a computer, or a computer is guessing, the engine answers
  the GeoChallenge card itself (always true; where several answers are true, e.g. "name one
  neighbour", it picks one at random). When two people play, the holder chooses or types the
  clue (``typed_clues`` option) and the engine checks it is true before passing it on. A typed
  clue is compared with the true answers first, so the letter "N" or "Y" is a letter; "y", "n",
  "true", "false" and "nobody" stand for yes, no and none only where no answer is spelled so. To the
  cards that ask how many neighbours a state has, or for one of them, a state with none
  (Alaska, Hawaii) says "My state borders no other state." (a clue never names the secret
  state), and counts are said in good English ("1 other state", "1 time zone", "2 time
  zones").
* **Borders.** Two states border each other when they share a line on land or along a river.
  States that meet only at a corner (the Four Corners: Arizona and Colorado, New Mexico and
  Utah) or only in water (Illinois and Michigan in Lake Michigan, Michigan and Minnesota in
  Lake Superior, New York and Rhode Island in Block Island Sound) are not neighbours, in
  Stage 2 and in the neighbour clues. The race screen says so, the neighbour cards add
  "Corners and borders only in water do not count", and a refused GeoPlunge gives the reason
  ("Arizona and Colorado meet only at a corner, which does not count here").
* **Stage 1** counts a miss of all 3 guesses as 4, so "fewer guesses" and "neither guessed
  right" (a tie) both follow.
* **Cards.** Every round starts with all 50 GeoPlunge cards shuffled (and the GeoChallenge
  deck shuffled). The two Stage 1 cards stay face up beside the players during Stage 2, which
  is dealt from the other 48 (the rulebook shuffles only after Stage 2). After Stage 2 all 50
  are gathered and shuffled for Stage 3.
* **Stage 2.** If neither hand of 18 holds a GeoPlunge, the 36 cards go back, the 48 are
  shuffled and dealt again (counted in ``redeals``). A claim made of 6 cards from your hand
  that is not a winner is told why (which pair does not border, and why not) and the race goes
  on; it costs no points, and a player's ``MAX_WRONG_CLAIMS``-th (3rd) wrong claim puts them
  out of the race. A claim may say when it was shouted (``seconds`` on the claimer's race
  clock; the engine has no clock, the screen measures it): after a wrong timed claim, that
  player's next timed claim is refused until ``LOCKOUT_SECONDS`` (5) later
  (``locked_until`` in the view). A player may also give up. If both are out, nobody scores
  Stage 2 and the round's dealer deals Stage 3.
* **Racing in turns.** Two people at one screen cannot race at once, so they race one after
  the other (option ``race_in_turns``; by default when no computer sits at the table): the
  dealer first, then the other player. The first racer's right claim is *held* with its time
  (the other sees that time, not the groups) and the turn passes; so does it when the first
  racer gives up or is out. The second racer wins with a right claim that is faster than the
  held one; a right claim that is not faster, giving up, a 3rd wrong claim or ``time_up``
  (the screen's clock reached the held time) gives the race to the held claim. With nothing
  held, the second racer's right claim wins at once, and if both are out nobody scores.
* **Stage 3.** Two states never share a rank in one category; if a states table ever had a
  tie, the leader would win the trick.
* **End.** The game ends at the end of the stage in which a player reaches ``target`` points
  (100); the highest score wins, and equal scores share the win.
"""

from geoteach.games.geotriple.game import GeoTriple

__all__ = ["GeoTriple"]
