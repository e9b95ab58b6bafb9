"""Globe Works: networks of banks, airlines, freighters, information or energy round the world.

Modules: ``regions`` (the 12 regions as unions of real countries, with colours, codes and hatch
patterns), ``cards`` (the deck, from data/globe_works_cities.csv), ``networks`` (what a network
is and the scoring table, as pure functions), ``engine`` (the game).

The deck and the map (designed here; the rulebook's "cosmopolis" does not exist):

* **12 regions**, unions of UN M49 subregions: NA Northern America, CC Central America &
  Caribbean, SA South America, WE Western Europe (Northern, Western and Southern Europe), EE
  Eastern Europe (with Russia), MN Middle East & North Africa, WC West & Central Africa, ES East
  & Southern Africa, CS Central & South Asia (with Iran), EA East Asia, SE Southeast Asia, OC
  Oceania. Each has a colour, a two-letter code and a hatch pattern.
* **All land is in a region, by geography.** Territories take the region of their own UN M49
  subregion (Greenland: Northern America, Western Sahara: Middle East & North Africa, Puerto
  Rico: Central America & Caribbean, New Caledonia: Oceania, Hong Kong: East Asia), and so do
  overseas pieces of a country that M49 lists on their own (French Guiana: South America, not
  Western Europe). Only Antarctica, south of the map, is not drawn. See data/SOURCES.md.
* **60 regional city cards**, one real city per region and icon, each with a reason and a
  source. **Duplicates**: one card per region is printed twice, the icons taken in turn
  (NA coins, CC airplane, SA freighter, WE satellite, EE power, MN coins, ...): 72 regional cards.
* **18 linking cities** (white-centred) at the meeting of regions (Istanbul: WE+EE+MN, Panama
  City: CC+SA, Singapore: SE+CS, ...). The ring Reykjavík–Vienna–Istanbul–Baku–Singapore–
  Kunming–Anchorage goes round the world, and every region can be joined: with all links open,
  the 12 regions form one network. 90 cards in all.

House rules (where the rulebook is silent or loose, decided here):

* **Turn.** Play one card and draw one, *or* draw one card (draw pile or top of the discard
  pile) and discard one. The discard may be the card just drawn, or a played city whose token
  you take back (the card goes to the discard pile). A card drawn this way cannot be played
  this turn, because the turn ends with the discard. If you can neither play nor draw, you
  pass.
* **Draw pile runs out.** In an ordinary round the discard pile is shuffled into a new draw
  pile. In the final round it is not: after playing you take the top of the discard pile
  instead, so both piles run out, as the rulebook expects.
* **Playing.** A linking card goes to the north edge (kept in west–east order of longitude)
  and opens its colours to everyone for the rest of the round; it needs no token and never
  scores. A regional card may be played if a linking card at the north edge shows its region's
  colour, you have a token left (12 each) and you have not already played that same card (a
  duplicate).
* **Network** (see ``networks``): a player's played cities of one icon whose regions are
  joined through open linking cities, a linking card joining every pair of regions it shows.
  A chain needs each step: regions joined only through a region you do not hold are separate
  networks. Each network scores by its number of cards (1: 0, 2: -20, 3: 4, ... 12: 2000).
* **Partnerships.** Two players for one icon; a player has at most one partner per icon but
  may have partners for other icons. The partners' cities of that icon form one network and
  its points are split evenly; the partners do not also score that icon alone. Partnerships
  last until the end of the round.
* **Duplicates in partnerships** ("both partners can play duplicates in their individual
  hands and gain points"): one player may never have both copies of a duplicate down, but
  each partner may have one copy down, and both copies count in the partnership's network.
  Example: Reykjavík (NA+WE) and Vienna (WE+EE) are open; Ana has New York City (NA, banks)
  and London (WE, banks) down, Ben the other New York City and Warsaw (EE, banks). Alone, Ana
  scores -20 (2 cards) and Ben 0 (NA and EE meet only through WE, which he does not hold). As
  banking partners they have one network of 4 cards: 8 points, 4 each (counting New York City
  once would give 3 cards, 4 points, 2 each). A network of more than 12 cards, possible only
  this way, scores as 12: 2000.
* **Trades.** One card for one card, from hand or from the cities played. A played card that
  changes hands either stays on the map, the receiver's token replacing the giver's (the
  receiver needs a free token and must not have that card down already), or goes into the
  receiver's hand: the rulebook allows both ("game tokens must either reflect these changes on
  the map or the trading partner must retrieve the card to his/her hand"). The receiver
  chooses: the proposer in the offer (``into``), the other player in the answer. The proposer
  may name a played card of the other player or leave the choice to them (hand cards are
  secret). In the final round, once the draw pile is empty, a traded city stays on the map.
* **When deals happen.** Once every player has had 6 turns, each turn opens with a deals
  window: everyone except the player whose turn it is (and except a player who called the
  end) may make one offer (trade or partnership) or say "no deal"; the player offered to
  accepts or declines. The turn's player then plays.
* **Ending a round.** After everyone has had 6 turns, any player may call the end whenever
  the game waits for them: at any step of their own turn, or when they make or answer a deal
  (computer players move at once, so there is no other moment). Called during their own turn,
  that turn is their last; otherwise their next turn is. Every other player then takes 3 more
  turns (a turn under way at the call is not one of them) and the caller sits out: no more
  deals, and an open offer to them lapses. If nobody has called by the time everyone has had
  ``max_turns`` turns (20), the end is called for the player whose turn it is.
* **Unplayed pairs in hand** (the rulebook's exception): at the end of a round, two cards of
  the same icon left in a hand whose regions are the same or joined by an open linking card
  form a pair, and each pair scores as a 2-card network, -20. Pairs are counted as the largest
  set of disjoint pairs. This keeps players from hiding the second card of a network. Hands
  are secret, so pairs count only when the round ends, when they are shown: during a round
  the scores on screen are those of the cards down, and each player sees the pairs in their
  own hand.
* **The game.** ``rounds`` is agreed beforehand and is at least the number of players, so each
  player deals at least once; the dealer moves one seat to the left each round, and the player
  to the dealer's left starts (``Table.first`` is the first dealer). The final round cannot be
  called. Once its draw pile is empty it ends when no player can make a play: nobody holds a
  card they may play and nobody could play the top card of the discard pile. It also ends
  after 3 laps of turns with no card played (a player who will not play counts as unable to).
  In it, tokens can no longer be taken back once the draw pile is empty. The highest total
  wins; ties share the win.
"""

from geoteach.games.globe_works.cards import ICON_SYMBOLS, ICON_WORDS, ICONS, Card, cards, deck
from geoteach.games.globe_works.engine import (
    DEALS,
    GAME_OVER,
    HAND,
    HAND_SIZE,
    MAP,
    PLAY,
    GlobeWorks,
)
from geoteach.games.globe_works.networks import (
    SCORE_TABLE,
    encircles,
    hand_pairs,
    network_points,
    network_score,
    networks,
    unplayed_pairs,
)
from geoteach.games.globe_works.regions import Region, regions

__all__ = [
    "DEALS",
    "GAME_OVER",
    "HAND",
    "HAND_SIZE",
    "ICONS",
    "ICON_SYMBOLS",
    "ICON_WORDS",
    "MAP",
    "PLAY",
    "SCORE_TABLE",
    "Card",
    "GlobeWorks",
    "Region",
    "cards",
    "deck",
    "encircles",
    "hand_pairs",
    "network_points",
    "network_score",
    "networks",
    "regions",
    "unplayed_pairs",
]
