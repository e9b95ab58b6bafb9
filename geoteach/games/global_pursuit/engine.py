"""Global Pursuit as a state machine: match a map card, answer trivia, match again.

Phases, in the rulebook's words: ``match`` (lay a card from the hand, or say you cannot),
``challenge`` (the opponents may challenge the card just laid), ``roll`` (a ROLL or BONUS ROLL
trivia card: roll the die first), ``level`` (choose 1-3 before hearing the question),
``answer``, ``wild`` (after a right answer on a WILD CARD card: try a flag or not),
``return`` (end of a round in which nobody matched: everyone swaps one card), ``over``.

House rules (where the rulebook is silent, decided here):

* **Beginning cards.** The banker's pick is the top card of the shuffled deck (one large map),
  or the first card of each set in the deck (four maps); they lie north up, the four maps far
  apart. Then five cards each are dealt, then the d12 decides who starts.
* **No match in the opening rounds.** While no card has been matched yet, a round without a
  match puts every beginning card under the deck and lays the next card (of the same set, with
  four maps) in its place; the same player starts the next round.
* **Honor system.** A card may be laid where it does not match (``honor=True``, the default).
  The computer knows, but tells nobody. The opponents then act in turn order: ``challenge`` or
  ``accept``. The first challenge decides: a right challenge takes 2 points from the player, the
  mismatched card goes back to the player's hand and the turn ends (the card was "played").
  A wrong challenge pays the player 2, and the match stands. A mismatch nobody challenges stays
  on the table and counts as a match. With ``honor=False`` the computer refuses a mismatch.
* **Points** can fall below zero (a challenge or the -4 per card left may cost more tokens than
  a player has); tokens (``bank_tokens``) are shown for what a player has above zero. A missed
  WILD CARD question costs 1 point (one white token).
* **One large map**: the 2 bonus points are paid once per match when at least one of the cards
  it joins is of the same set.
* **Trivia**: the question comes from the deck of the card just matched; the trivia card goes
  to the back of its deck whether the answer was right or wrong. An answer is typed ``text``
  (checked by ``geoteach.quiz``), a ``choice`` of the question's own options (right if and
  only if it is the answer: a class game's device, which never holds the answer, answers so)
  or a ``mark`` ("right"/"wrong") from the reader.
* **The reader** ("the player to the right asks a TRIVIA CARD question") reads the answer
  from the back of the card, ``card_back()``. In a class game the teacher is the reader when
  answers are said out loud: the team answering sees the question on its own device (its level,
  ROLL and WILD CARD choices stay its own) and says its answer; the projector shows the
  question, **Show the answer**, then the answers and **Right** / **Wrong**, and its mark is
  the team's move. A team's device can never mark an answer right (``marks_right``).
* **Fixed levels** (the VARIATION, option ``fixed_levels``, one level per seat): every right
  answer is worth 2 points and nobody chooses a level; ROLL adds the die to 2, BONUS ROLL
  multiplies 2 by it.
* **Time limit** (the VARIATION, option ``time_limit`` seconds): a move may say how long the
  turn has taken (``seconds``); a late move ends the turn instead, and so does ``time_up``.
* **Ending a round** without a match and with no cards left to draw ends the game ("no player
  can match and there are no cards left"). When every card in the draw pile has been through a
  hand since the last match (rounds without a match x players >= cards in the pile + players),
  the map is stuck and the game ends too.
* **No room.** A bounded table (``table_size``) with no place left where a card would fit ends
  the game at once ("there is no more room on the playing surface"), also when that is so
  from the start (a table too small for any card beside the beginning card).
* **The end.** The -4 points for each card left in a hand are announced, player by player.
* **Card numbers** that people read (news, reasons for a mismatch) are 1-12 and edges 1-5, as
  printed on the cards; saved games keep the ids 0-11 (``planet_earth:7`` is card 8).
* **Matching only** (``matching_only=True``): the rulebook's matching game with just the map
  cards, for one player or more: no trivia, a player goes on matching after each match.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from geoteach.games import dice, fields
from geoteach.games.answer_facts import answer_fact, card_answer, typed_or_marked
from geoteach.games.answer_moves import (
    ANSWER_FIELDS,
    MARKS,
    AnswerMove,
    card_back,
    check_answer_move,
    check_choice,
    given_of,
    judge_answer,
    marked_right,
)
from geoteach.games.base import Action, CardBack, Game, IllegalAction, detached
from geoteach.games.deck import Deck
from geoteach.games.global_pursuit.layout import (
    SET_NAMES,
    SETS,
    Judgement,
    Layout,
    all_cards,
    card_name,
    parse_card,
    upright_turn,
)
from geoteach.games.global_pursuit.views import (
    GlobalPursuitView,
    LeftInHand,
    LevelMove,
    PendingMatch,
    PlaceMove,
    PlainMove,
    ReturnMove,
    TriviaShown,
)
from geoteach.games.scoreboard import Scoreboard
from geoteach.i18n import N_, _, said
from geoteach.quiz.answers import said_answers
from geoteach.quiz.question import Question

MATCH = "match"
CHALLENGE = "challenge"
ROLL = "roll"
LEVEL = "level"
ANSWER = "answer"
WILD = "wild"
RETURN = "return"
OVER = "over"

ONE_MAP = "one_map"
FOUR_MAPS = "four_maps"
HAND = 5
MATCH_POINTS = 2
BONUS_POINTS = 2
CHALLENGE_POINTS = 2
LEFT_IN_HAND = -4
#: Token colours and values, highest first (the banker changes whites up).
TOKENS: tuple[tuple[str, int], ...] = (("blue", 20), ("yellow", 10), ("white", 1))
#: Where the four maps begin (card edges from the middle of the table).
FOUR_MAP_SPREAD = 8.0
_NEWS_KEPT = 12
#: The rulebook's words for a table that has no place left for a card.
NO_ROOM = N_("There is no more room on the playing surface.")


def bank_tokens(points: float) -> dict[str, int]:
    """The fewest tokens worth ``points``: the banker's exchange (23 -> 1 blue, 0 yellow, 3 white).

    Points below zero are a debt: no tokens.
    """
    left = max(0, int(points))
    out = {}
    for colour, value in TOKENS:
        out[colour], left = divmod(left, value)
    return out


def tokens_text(points: float) -> str:
    """The exchange in words: ``"23 points = 1 blue (20) + 3 white (1 each)"``."""
    tokens = bank_tokens(points)
    parts = [f"{n} {c} ({v if n == 1 else f'{v} each'})" for c, v in TOKENS if (n := tokens[c])]
    if points < 0:
        return f"{points:g} points: owes {-points:g}, no tokens"
    return f"{points:g} points = " + (" + ".join(parts) if parts else "no tokens")


def left_in_hand_points(cards: int) -> int:
    """What the cards still in a hand cost at the end: 4 points each (3 cards -> -12).

    >>> left_in_hand_points(3)
    -12
    """
    return LEFT_IN_HAND * cards


def trivia_points(level_points: int, symbol: str | None, die: int | None) -> int:
    """Points for a right answer: the level's, plus the die (ROLL) or times the die (BONUS ROLL).

    >>> trivia_points(2, "ROLL", 8), trivia_points(2, "BONUS ROLL", 8)
    (10, 16)
    """
    if symbol == "ROLL":
        return level_points + int(die or 0)
    if symbol == "BONUS ROLL":
        return level_points * int(die or 0)
    return level_points


class GlobalPursuit(Game):
    """Map cards edge to edge, trivia after each match.

    Options (JSON-able, saved with the game): ``maps`` ("one_map" or "four_maps"), ``honor``
    (default True), ``matching_only`` (default False), ``table_size`` ([width, height] in card
    edges, or None for no edge), ``fixed_levels`` (one level 1-3 per seat: the 2-points
    variation), ``time_limit`` (seconds per turn), ``quick_end`` (the VARIATION end: the game
    ends when a hand is empty and the draw pile too), ``trivia`` ("built-in" or a bank as made by
    ``geoteach.games.global_pursuit.trivia``; without it, the built-in decks in the page's
    language, saved as "built-in:es"), ``language`` (the language of a bank of one's own).
    The checker's verdicts, which the state keeps, are said in the cards' language, so a save
    replays the same on a page of any language.
    """

    name: ClassVar[str] = "global_pursuit"
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 6
    first_player_rule: ClassVar[str] = "highest_roll"
    first_player_note: ClassVar[str] = N_(
        "Each player rolls the dodecahedron die when the game begins; the highest number starts "
        "and ties roll again."
    )
    die_sides: ClassVar[int] = 12

    # ----- preparation -----------------------------------------------------------------
    def setup(self) -> None:
        self._read_options()
        n = len(self.table.seats)
        self.deck = Deck.shuffled(all_cards(), self.rng)
        self.layout = Layout(bounds=self._bounds())
        self._lay_beginning_cards()
        hands = self.deck.deal(n, HAND)
        first, history = dice.roll_for_first(self.rng, list(range(n)), dice.D12)
        self.scoreboard = Scoreboard(n)
        self.scoreboard.counters["points"] = [0] * n
        trivia_decks = {}
        if not self.options["matching_only"]:
            trivia_decks = {
                name: Deck.shuffled([c["id"] for c in cards], self.rng).to_dict()
                for name, cards in self._bank.items()
            }
        self.state: dict[str, Any] = {
            "phase": MATCH,
            "player": first,
            "hands": hands,
            "round": {"number": 1, "first": first, "matched": False},
            "opening": True,
            "stalled": 0,
            "played": 0,
            "pending": None,
            "trivia": None,
            "trivia_decks": trivia_decks,
            "returns": [],
            "last": None,
            "ended": "",
            "first_rolls": [[[s, v] for s, v in sorted(r.items())] for r in history],
            "news": [],
        }
        rolls = ", ".join(f"{self.table.name_of(s)} {v}" for s, v in history[-1].items())
        self._news(
            N_("Rolls for who starts: {rolls}. {player} goes first."),
            rolls=rolls,
            player=self.table.name_of(first),
        )
        self._start_turn(first)
        if not self._room_left():  # a table too small for any card next to the first one
            self._game_over(NO_ROOM)

    def _read_options(self) -> None:
        o = self.options
        o.setdefault("maps", ONE_MAP)
        o.setdefault("honor", True)
        o.setdefault("matching_only", False)
        o.setdefault("quick_end", False)
        if o["maps"] not in (ONE_MAP, FOUR_MAPS):
            raise ValueError("Make one large map ('one_map') or four smaller ones ('four_maps').")
        n = len(self.table.seats)
        if n < 2 and not o["matching_only"]:
            raise ValueError(
                "Global Pursuit needs 2 to 6 players or teams; one player can play the matching "
                "game (matching_only=True)."
            )
        size = o.get("table_size")
        if size is not None and (len(size) != 2 or min(size) < 3):
            raise ValueError("The table must be at least 3 card edges wide and long.")
        levels = o.get("fixed_levels")
        if levels is not None and (len(levels) != n or any(lv not in (1, 2, 3) for lv in levels)):
            raise ValueError(f"Give each of the {n} players a level of 1, 2 or 3.")
        limit = o.get("time_limit")
        if limit is not None and not (isinstance(limit, int | float) and limit > 0):
            raise ValueError(f"The time limit is a number of seconds above 0, not {limit!r}.")
        self._bank: dict[str, list[dict[str, Any]]] = {}
        if not o["matching_only"]:
            from geoteach.games.global_pursuit.trivia import (
                built_in_bank,
                built_in_name,
                built_in_name_language,
            )

            # Without a bank: the built-in decks in the page's language, saved by name with
            # their language ("built-in:es"; English "built-in"), so a load rebuilds the same.
            trivia = o.get("trivia")
            if trivia is None:
                trivia = built_in_name()
            code = built_in_name_language(trivia)
            if code is not None:
                o["trivia"] = trivia
                trivia = built_in_bank(code)
            if not isinstance(trivia, dict):
                raise ValueError(f"The trivia is a bank of cards or 'built-in', not {trivia!r}.")
            missing = [d for d in (*SETS, "wild") if not trivia.get(d)]
            if missing:
                raise ValueError(f"The trivia has no cards for: {', '.join(missing)}.")
            self._bank = trivia
        self._cards = {c["id"]: c for cards in self._bank.values() for c in cards}

    def _bounds(self) -> tuple[float, float, float, float] | None:
        size = self.options.get("table_size")
        if size is None:
            return None
        w, h = float(size[0]), float(size[1])
        return (-w / 2, -h / 2, w / 2, h / 2)

    def _map_centres(self) -> list[tuple[float, float]]:
        if self.options["maps"] == ONE_MAP:
            return [(0.0, 0.0)]
        bounds = self._bounds()
        sx, sy = (
            (FOUR_MAP_SPREAD, FOUR_MAP_SPREAD) if bounds is None else (bounds[2] / 2, bounds[3] / 2)
        )
        return [(-sx, sy), (sx, sy), (-sx, -sy), (sx, -sy)]

    def _lay_beginning_cards(self) -> None:
        """The banker's beginning card(s), north up, in the middle (or one per quarter)."""
        wanted = [None] if self.options["maps"] == ONE_MAP else list(SETS)
        for (x, y), set_name in zip(self._map_centres(), wanted, strict=True):
            card = self._draw_of_set(set_name)
            self.layout.put(card, x, y, upright_turn(parse_card(card)[1]))

    def _draw_of_set(self, set_name: str | None) -> str:
        """The top card of the deck, or the first card of ``set_name`` in it."""
        for i, card in enumerate(self.deck.cards):
            if set_name is None or parse_card(card)[0] == set_name:
                del self.deck.cards[i]
                return card
        raise IllegalAction("There is no card of that set left in the deck.")

    # ----- whose turn ------------------------------------------------------------------
    @property
    def phase(self) -> str:
        phase: str = self.state["phase"]
        return phase

    @property
    def player(self) -> int:
        """The seat whose turn it is."""
        seat: int = self.state["player"]
        return seat

    def to_act(self) -> list[int]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == CHALLENGE:
            passed = self.state["pending"]["accepted"]
            return [s for s in self.table.clockwise_from(self.player)[1:] if s not in passed]
        if phase == RETURN:
            return list(self.state["returns"])
        return [self.player]

    def hand(self, seat: int) -> list[str]:
        return list(self.state["hands"][seat])

    def level_of(self, seat: int) -> int | None:
        levels = self.options.get("fixed_levels")
        return None if levels is None else int(levels[seat])

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every legal move. In ``match``: every placement that fits (right or wrong, the honor
        system), and ``pass``. In ``answer``: the two marks (a typed ``text`` and a ``choice`` of
        the question's options are legal too, and not listed)."""
        if player is None:
            acting = self.to_act()
            player = acting[0] if acting else None
        if self.is_terminal() or not fields.whole(player, self.to_act()):
            return []
        phase = self.phase
        p = {"player": player}
        timed = [{**p, "type": "time_up"}] if self.options.get("time_limit") else []
        if phase == MATCH:
            moves = [{**p, "type": "pass"}]
            for index, edge in self.layout.free_slots():
                for card in self.state["hands"][player]:
                    for card_edge in range(5):
                        move = {**p, "type": "place", "card": card, "at": [index, edge]}
                        move["card_edge"] = card_edge
                        if self.options["honor"] or self._judge(move).correct:
                            moves.append(move)
            return moves + timed
        if phase == CHALLENGE:
            return [{**p, "type": "challenge"}, {**p, "type": "accept"}]
        if phase == ROLL:
            return [{**p, "type": "roll"}, *timed]
        if phase == LEVEL:
            return [{**p, "type": "level", "level": lv} for lv in (1, 2, 3)] + timed
        if phase == ANSWER:
            return [{**p, "type": "answer", "mark": m} for m in MARKS] + timed
        if phase == WILD:
            levels = (1, 2, 3) if self.level_of(player) is None else (self.level_of(player),)
            return [
                {**p, "type": "no_wild"},
                *({**p, "type": "wild", "level": lv} for lv in levels),
                *timed,
            ]
        if phase == RETURN:
            return [{**p, "type": "return", "card": c} for c in self.state["hands"][player]]
        return []

    # ----- checking moves ---------------------------------------------------------------
    move_fields: ClassVar[dict[str, tuple[str, ...]]] = {
        "place": ("card", "at", "card_edge", "seconds"),
        "pass": ("seconds",),
        "time_up": ("seconds",),
        "challenge": ("seconds",),
        "accept": ("seconds",),
        "roll": ("seconds",),
        "level": ("level", "seconds"),
        "answer": ANSWER_FIELDS,
        "wild": ("level", "seconds"),
        "no_wild": ("seconds",),
        "return": ("card", "seconds"),
    }
    _all_map_cards: ClassVar[frozenset[str]] = frozenset(all_cards())

    def _check(self, action: Action) -> None:
        kind, phase, seat = action["type"], self.phase, action["player"]
        expected = {
            MATCH: ("place", "pass", "time_up"),
            CHALLENGE: ("challenge", "accept"),
            ROLL: ("roll", "time_up"),
            LEVEL: ("level", "time_up"),
            ANSWER: ("answer", "time_up"),
            WILD: ("wild", "no_wild", "time_up"),
            RETURN: ("return",),
        }[phase]
        if kind not in expected:
            raise IllegalAction(_(_TASKS[phase]))
        if "seconds" in action and not fields.seconds(action["seconds"]):
            raise IllegalAction(_("The time taken must be a number of seconds, 0 or more."))
        if kind == "time_up" and not self.options.get("time_limit"):
            raise IllegalAction(_("This game has no time limit."))
        self._check_kinds(action)
        if self._late(action):
            return  # a late move only ends the turn: nothing else to check
        if kind == "place":
            self._check_place(action)
        elif kind == "level" and self.level_of(seat) is not None:
            raise IllegalAction(_("In this game each player keeps the same level."))
        elif kind == "wild":
            fixed = self.level_of(seat)
            if fixed is not None and action["level"] != fixed:
                raise IllegalAction(said(N_("Your level is {level}."), level=fixed))
        elif kind == "return" and action["card"] not in self.state["hands"][seat]:
            raise IllegalAction(_("Give back one of the cards in your hand."))

    def _check_kinds(self, action: Action) -> None:
        """Each field is of the right kind (a late move too: it goes into the log)."""
        kind = action["type"]
        if kind == "place":
            if not fields.word(action.get("card"), self._all_map_cards):
                raise IllegalAction(_("Play one of the map cards in your hand."))
            at = action.get("at")
            if not isinstance(at, list) or len(at) != 2 or not all(map(fields.whole, at)):
                raise IllegalAction(
                    "Say which card on the table and which of its edges: at=[card, edge]."
                )
            if not fields.whole(action.get("card_edge"), range(5)):
                raise IllegalAction("Turn the card so one of its five edges (0 to 4) touches.")
        elif kind in ("level", "wild") and not fields.whole(action.get("level"), (1, 2, 3)):
            raise IllegalAction(_("Choose level 1, 2 or 3."))
        elif kind == "answer":
            check_answer_move(action)
            if not self._late(action):
                check_choice(self._asked(), action)
        elif kind == "return" and not fields.word(action.get("card"), self._all_map_cards):
            raise IllegalAction(_("Give back one of the cards in your hand."))

    def _check_place(self, action: Action) -> None:
        seat = action["player"]
        if action["card"] not in self.state["hands"][seat]:
            raise IllegalAction(_("Play one of the map cards in your hand."))
        index, edge = action["at"]
        if not 0 <= index < len(self.layout) or edge not in range(5):
            raise IllegalAction(_("There is no such edge on the table."))
        if (index, edge) not in set(self.layout.open_edges()):
            raise IllegalAction(_("That edge already has a card against it."))
        slot = self.layout.slot(index, edge)
        if not slot.fits:
            raise IllegalAction(_(slot.problem))
        if not self.options["honor"]:
            judgement = self._judge(action)
            if not judgement.correct:
                raise IllegalAction(
                    _(
                        "Those edges do not join on the globe. Look at the coasts, the Equator "
                        "and the tropics again, or turn the card."
                    )
                )

    def _judge(self, action: Mapping[str, Any]) -> Judgement:
        index, edge = action["at"]
        return self.layout.judge(
            action["card"], index, edge, action["card_edge"], self.options["maps"] == FOUR_MAPS
        )

    def _late(self, action: Action) -> bool:
        limit = self.options.get("time_limit")
        if action["type"] == "time_up":
            return True
        seconds = action.get("seconds")
        return (
            limit is not None
            and seconds is not None
            and action["player"] == self.player
            and self.phase not in (CHALLENGE, RETURN)
            and seconds > limit
        )

    # ----- carrying out moves -------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if self._late(action):
            self._news(N_("Time is up for {player}."), player=self._who())
            self._end_turn()
            return
        getattr(self, "_do_" + action["type"])(action)

    def _do_pass(self, action: PlainMove) -> None:
        self._news(N_("{player} cannot match a card."), player=self._who())
        self._end_turn()

    def _do_place(self, action: PlaceMove) -> None:
        seat = action["player"]
        judgement = self._judge(action)
        index, edge = action["at"]
        self.state["hands"][seat].remove(action["card"])
        self.layout.place(action["card"], index, edge, action["card_edge"])
        self.state["played"] += 1
        self.state["pending"] = {
            "card": action["card"],
            "at": [index, edge],
            "card_edge": action["card_edge"],
            "correct": judgement.correct,
            "same_set": judgement.same_set,
            "why": list(judgement.wrong),
            "reasons": [dict(r) for r in judgement.reasons],
            "accepted": [],
        }
        self._news(N_("{player} lays {card}."), player=self._who(), card=action["card"])
        if self.options["honor"] and len(self.table.seats) > 1:
            self.state["phase"] = CHALLENGE
        else:
            self._match_stands()

    def _do_accept(self, action: PlainMove) -> None:
        pending = self.state["pending"]
        pending["accepted"].append(action["player"])
        if not self.to_act():
            self._match_stands()

    def _do_challenge(self, action: PlainMove) -> None:
        pending = self.state["pending"]
        who, player = action["player"], self.player
        challenger, name = self.table.name_of(who), self._who()
        if pending["correct"]:
            self._add(who, -CHALLENGE_POINTS, f"wrong challenge against {name}")
            self._add(player, CHALLENGE_POINTS, f"wrongly challenged by {challenger}")
            self._news(
                N_("{challenger} challenges, but the card matches: {challenger} pays {player} 2."),
                challenger=challenger,
                player=name,
            )
            self.state["last"] = {"challenge": "wrong", "by": who, "why": []}
            self._match_stands()
            return
        self._add(who, CHALLENGE_POINTS, f"caught a mismatch by {name}")
        self._add(player, -CHALLENGE_POINTS, f"mismatch caught by {challenger}")
        self.layout.remove_last()
        self.state["hands"][player].append(pending["card"])
        self.state["played"] -= 1
        self.state["last"] = {
            "challenge": "right",
            "by": who,
            "why": pending["why"],
            "reasons": pending.get("reasons", []),
        }
        self._news(
            N_(
                "{challenger} is right: that card does not match. It goes back to {player}'s "
                "hand and {player}'s turn ends."
            ),
            challenger=challenger,
            player=name,
        )
        self.state["pending"] = None
        self._end_turn()

    def _match_stands(self) -> None:
        pending = self.state["pending"]
        player, name = self.player, self._who()
        points = MATCH_POINTS
        why = "match"
        if self.options["maps"] == ONE_MAP and pending["same_set"]:
            points += BONUS_POINTS
            why = "match with a card of the same set (+2 bonus)"
        self._add(player, points, why)
        self.state["round"]["matched"] = True
        self.state["opening"] = False
        self.state["stalled"] = 0
        set_name = parse_card(pending["card"])[0]
        self.state["pending"] = None
        if not self._room_left():
            self._game_over(NO_ROOM)
            return
        if self.options["matching_only"]:
            self._continue_turn()
            return
        deck = Deck.from_dict(self.state["trivia_decks"][set_name])
        card_id = deck.draw()
        deck.to_bottom(card_id)  # used trivia cards go to the back of their deck
        self.state["trivia_decks"][set_name] = deck.to_dict()
        symbol = self._cards[card_id]["symbol"]
        self.state["trivia"] = {
            "card": card_id,
            "deck": set_name,
            "symbol": symbol,
            "die": None,
            "level": self.level_of(player),
            "wild": False,
        }
        if symbol:
            said = N_(
                "{player} scores {points}. A {deck} question comes. It has a {symbol} symbol."
            )
        else:
            said = N_("{player} scores {points}. A {deck} question comes.")
        self._news(said, player=name, points=points, deck=set_name, symbol=symbol)
        self._ask()

    def _ask(self) -> None:
        trivia = self.state["trivia"]
        if trivia["symbol"] in ("ROLL", "BONUS ROLL") and trivia["die"] is None:
            self.state["phase"] = ROLL
        elif trivia["level"] is None:
            self.state["phase"] = LEVEL
        else:
            self.state["phase"] = ANSWER

    def _do_roll(self, action: PlainMove) -> None:
        die = dice.roll(self.rng, dice.D12)
        self.state["trivia"]["die"] = die
        self._news(N_("{player} rolls {die}."), player=self._who(), die=die)
        self._ask()

    def _do_level(self, action: LevelMove) -> None:
        self.state["trivia"]["level"] = action["level"]
        self.state["phase"] = ANSWER

    def _do_answer(self, action: AnswerMove) -> None:
        trivia = self.state["trivia"]
        question = self._asked()
        from geoteach.games.global_pursuit.trivia import built_in_name_language
        from geoteach.i18n import speaking

        code = built_in_name_language(self.options.get("trivia")) or self.options.get("language")
        if code is None:
            correct, message = judge_answer(question, action)
        else:
            with speaking(code):  # the verdict in the cards' language (see the class notes)
                correct, message = judge_answer(question, action)
        player, name = self.player, self._who()
        fixed = self.level_of(player) is not None
        level_points = 2 if fixed else trivia["level"]
        self.state["last"] = {
            "question": question.prompt,
            "answer": question.answer,
            "explanation": question.explanation,
            "given": given_of(action),
            "correct": correct,
            "message": message,
            "wild": trivia["wild"],
            # The whole question, answered: the verdict of a screen that never held it (a
            # class game's device, the projector) says every answer that counts.
            "card": question.to_dict(),
        }
        if trivia["wild"]:
            if correct:
                self._add(player, level_points, "WILD CARD question")
                self._news(
                    N_("{player} names the flag and scores {points}."),
                    player=name,
                    points=level_points,
                )
                self.state["trivia"] = None
                self._continue_turn()
            else:
                self._add(player, -1, "missed WILD CARD question (1 token)")
                self._news(
                    N_("{player} misses the flag ({answer}) and gives back 1 token."),
                    player=name,
                    answer=said_answers(question),
                )
                self._end_turn()
            return
        if not correct:
            self._news(
                N_("{player}: not this time. The answer is {answer}."),
                player=name,
                answer=said_answers(question),
            )
            self._end_turn()
            return
        points = trivia_points(level_points, trivia["symbol"], trivia["die"])
        self._add(player, points, f"level {trivia['level']} question")
        self._news(N_("{player} is right and scores {points}."), player=name, points=points)
        if trivia["symbol"] == "WILD CARD":
            self.state["phase"] = WILD
        else:
            self.state["trivia"] = None
            self._continue_turn()

    def _do_no_wild(self, action: PlainMove) -> None:
        self.state["trivia"] = None
        self._continue_turn()

    def _do_wild(self, action: LevelMove) -> None:
        deck = Deck.from_dict(self.state["trivia_decks"]["wild"])
        card_id = deck.draw()
        deck.to_bottom(card_id)
        self.state["trivia_decks"]["wild"] = deck.to_dict()
        self.state["trivia"] = {
            "card": card_id,
            "deck": "wild",
            "symbol": None,
            "die": None,
            "level": action["level"],
            "wild": True,
        }
        self.state["phase"] = ANSWER

    def _do_return(self, action: ReturnMove) -> None:
        seat = action["player"]
        self.state["hands"][seat].remove(action["card"])
        self.deck.to_bottom(action["card"])
        self.state["hands"][seat].append(self.deck.draw())
        self.state["returns"].remove(seat)
        if not self.state["returns"]:
            self._start_round()

    # ----- turns and rounds -----------------------------------------------------------------
    def _continue_turn(self) -> None:
        """After a match (and a right answer): match again, unless the hand is empty."""
        if self.state["hands"][self.player]:
            self.state["phase"] = MATCH
        else:
            self._news(N_("{player} has played every card in hand."), player=self._who())
            self._end_turn()

    def _start_turn(self, seat: int) -> None:
        self.state.update(player=seat, phase=MATCH, played=0, pending=None, trivia=None)

    def _end_turn(self) -> None:
        player = self.player
        hand = self.state["hands"][player]
        refill = min(self.state["played"], len(self.deck))
        hand.extend(self.deck.draw(refill))
        self.state["trivia"] = None
        self.state["pending"] = None
        if not self.deck.cards and not any(self.state["hands"]):
            self._game_over(N_("Every map card is on the table."))
            return
        if self.options["quick_end"] and not hand and not self.deck.cards:
            self._game_over(
                N_("{player} has no cards left and the draw pile is empty."), player=self._who()
            )
            return
        nxt = self.table.next_seat(player)
        if nxt == self.state["round"]["first"]:
            self._end_round()
        else:
            self._start_turn(nxt)

    def _end_round(self) -> None:
        rnd = self.state["round"]
        if rnd["matched"]:
            self._start_round()
            return
        if self.state["opening"]:
            self._replace_beginning_cards()
            self._start_round()
            return
        if not self.deck.cards:
            self._game_over(N_("Nobody can match a card and the draw pile is empty."))
            return
        self.state["stalled"] += 1
        if self.state["stalled"] * len(self.table.seats) >= len(self.deck) + len(self.table.seats):
            self._game_over(N_("Nobody has matched a card since every card in the pile was drawn."))
            return
        self.state["returns"] = [
            s for s in self.table.clockwise_from(rnd["first"]) if self.state["hands"][s]
        ]
        self._news(
            N_("Nobody matched this round: everyone gives back one card and draws a new one.")
        )
        self.state["phase"] = RETURN
        if not self.state["returns"]:
            self._start_round()

    def _start_round(self) -> None:
        rnd = self.state["round"]
        self.state["round"] = {"number": rnd["number"] + 1, "first": rnd["first"], "matched": False}
        self._start_turn(rnd["first"])

    def _replace_beginning_cards(self) -> None:
        """Put each beginning card under the deck and lay a new one (same set with four maps)."""
        old = [self.layout.remove_last() for _ in range(len(self.layout))][::-1]
        for entry in old:
            self.deck.to_bottom(entry["card"])
        four = self.options["maps"] == FOUR_MAPS
        for entry in old:
            card = self._draw_of_set(parse_card(entry["card"])[0] if four else None)
            self.layout.put(card, entry["x"], entry["y"], upright_turn(parse_card(card)[1]))
        cards = [c["card"] for c in self.layout.cards]
        self._news(N_("Nobody could match: new beginning cards: {cards}."), cards=cards)

    def _room_left(self) -> bool:
        return self.layout.bounds is None or bool(self.layout.free_slots())

    def _game_over(self, why: str, **values: Any) -> None:
        """The end: ``ended`` keeps why in English (the record); the news says it with its
        values, for each page to say in its own language."""
        self.state["ended"] = why.format(**values)
        self.state["phase"] = OVER
        self._news(N_("Game over: {why}"), why={"text": why, "values": values})
        for left in self._left_in_hands():
            seat, n, points = left["seat"], left["cards"], left["points"]
            self._add(seat, points, f"{n} card(s) left in hand")
            self._news(
                N_("{player} still holds {n} map cards: {points} points ({each} for each)."),
                player=self.table.name_of(seat),
                n=n,
                points=points,
                each=LEFT_IN_HAND,
            )

    def _left_in_hands(self) -> list[LeftInHand]:
        """Each hand that still holds cards and what they cost (the end of the game)."""
        return [
            {"seat": seat, "cards": len(hand), "points": left_in_hand_points(len(hand))}
            for seat, hand in enumerate(self.state["hands"])
            if hand
        ]

    # ----- helpers ----------------------------------------------------------------------
    def _add(self, seat: int, points: int, why: str) -> None:
        self.scoreboard.add(seat, points, "points", why, round=self.state["round"]["number"])

    def _who(self) -> str:
        return self.table.name_of(self.player)

    @staticmethod
    def _card_name(card: str) -> str:
        """A map card as people read it: "Planet Earth card 8" (numbered 1-12, as printed)."""
        return card_name(card)

    def _news(self, text: str, **values: Any) -> None:
        """A line of news: its English sentence and the values that fill it (a card by its
        id, a set by its key), so each page says it in its own language
        (``geoteach.ui.global_pursuit.wording.news_line``); the state is the same whatever
        language the pages speak."""
        line = {"text": text, "values": values}
        self.state["news"] = [*self.state["news"], line][-_NEWS_KEPT:]

    def is_terminal(self) -> bool:
        return bool(self.state["phase"] == OVER)

    def scores(self) -> list[float]:
        return self.scoreboard.column("points")

    def trivia_card(self, card_id: str) -> dict[str, Any]:
        return self._cards[card_id]

    def current_question(self) -> Question | None:
        """The question being asked (with its answer: for the reader and the question card)."""
        trivia = self.state["trivia"]
        if trivia is None or trivia["level"] is None or self.phase != ANSWER:
            return None
        data = self._cards[trivia["card"]]["questions"][trivia["level"] - 1]
        return Question.from_dict(data)

    def _asked(self) -> Question:
        """``current_question`` where an answer is being checked or carried out: one is asked
        then (a ``ValueError`` in ``check`` is the plain "missing something" refusal)."""
        question = self.current_question()
        if question is None:
            raise ValueError("no question is being asked")
        return question

    def card_back(self) -> CardBack | None:
        """The back of the trivia card being asked (the level chosen), for the reader who marks
        the spoken answer (see ``Game.card_back``); None when no question is asked."""
        question = self.current_question()
        return None if question is None else card_back(self.player, question)

    def marks_right(self, action: Action) -> bool:
        """The reader's "right" mark of an answer."""
        return marked_right(action)

    def all_cards(self) -> list[str]:
        """Every map card in play: for ``check_conservation``."""
        return all_cards()

    def card_places(self) -> list[list[str]]:
        """Draw pile, each hand and the table: together exactly the 48 map cards."""
        return [list(self.deck.cards), *map(list, self.state["hands"]), self.table_cards()]

    def table_cards(self) -> list[str]:
        return [c["card"] for c in self.layout.cards]

    # ----- answers, for the lesson record ------------------------------------------------
    def answer_context(self) -> dict[str, Any]:
        """The phase, whose turn, the trivia card asked and the card waiting for challenges."""
        pending = self.state["pending"]
        return {
            "phase": self.phase,
            "player": self.player,
            "trivia": dict(self.state["trivia"]) if self.state["trivia"] else None,
            "pending": pending["card"] if pending else None,
        }

    def answers_in(self, action: Action, before: dict[str, Any]) -> list[dict[str, Any]]:
        """Trivia answers (typed, marked, or out of time), map-card matches and challenges."""
        kind, seat = action["type"], action["player"]
        if kind == "place":
            laid = self.layout.cards and self.layout.cards[-1]["card"] == action["card"]
            return [self._match_answer(action)] if laid else []  # a late card is not laid
        if kind == "challenge" and before.get("pending"):
            return [self._challenge_answer(action, before)]
        trivia = before.get("trivia")
        if before.get("phase") != ANSWER or kind not in ("answer", "time_up") or not trivia:
            return []
        data = self._cards[trivia["card"]]["questions"][trivia["level"] - 1]
        question = Question.from_dict(data)
        topic = "WILD CARD" if trivia["wild"] else SET_NAMES[trivia["deck"]]
        limit, seconds = self.options.get("time_limit"), action.get("seconds")
        # The same test as ``_late``, which reads the state the move has already changed.
        if kind == "time_up" or (limit is not None and seconds is not None and seconds > limit):
            given, mode, correct = action.get("text"), "time up", False
        else:
            given, mode = typed_or_marked(action)
            correct = self.state["last"]["correct"]
        return [
            card_answer(
                seat,
                question,
                given=given,
                correct=correct,
                mode=mode,
                topic=topic,
                level=trivia["level"],
                question_id=question.id or f"{trivia['card']}:{trivia['level']}",
                seconds=seconds,
            )
        ]

    def _match_answer(self, action: Action) -> dict[str, Any]:
        """A map card laid: judged on the table as it was (the card is the last one laid)."""
        card, (index, edge) = action["card"], action["at"]
        table = Layout(self.layout.cards[:-1], bounds=self.layout.bounds)
        own_set = self.options["maps"] == FOUR_MAPS
        judgement = table.judge(card, index, edge, action["card_edge"], own_set)
        right = {
            f"next to {self._card_name(table.cards[i]['card'])}"
            for i, _, _ in table.correct_placements(card, own_set)
        }
        return answer_fact(
            action["player"],
            question_id=f"match:{card}",
            question=f"Where does {self._card_name(card)} join the map?",
            answer=f"next to {self._card_name(table.cards[index]['card'])}",
            accepted=sorted(right),
            correct=judgement.correct,
            mode="match",
            topic="Matching map cards",
            seconds=action.get("seconds"),
        )

    def _challenge_answer(self, action: Action, before: dict[str, Any]) -> dict[str, Any]:
        """A challenge is right when the card just laid does not match."""
        card = before["pending"]
        right = self.state["last"]["challenge"] == "right"
        truth = "It does not match." if right else "It matches."
        return answer_fact(
            action["player"],
            question_id=f"challenge:{card}",
            question=(
                f"Does {self._card_name(card)} match where "
                f"{self.table.name_of(before['player'])} laid it?"
            ),
            answer="It does not match.",
            accepted=[truth],
            correct=right,
            mode="challenge",
            topic="Spotting mismatches",
        )

    def view(self, player: int | None) -> GlobalPursuitView:
        """The table, open edges, own hand, the question; never whether a card matches.

        The answer of the question being asked is hidden from the player answering it (and
        from a spectator); the reader sees it.

        Hands are secret ("players hold their MAP CARDS so they can see the maps"): ``hand`` is
        the viewing seat's own (empty for ``None``, the projector), ``hand_sizes`` how many
        cards each seat holds. Public facts a screen draws from: ``first_rolls`` (the die
        rolled by everyone at the start, ``[[seat, roll], ...]`` per roll, a tie rolls again),
        ``played`` (cards the player has matched this turn), ``last`` (the last challenge or
        answer as judged), ``ended`` (why the game ended) and ``left_in_hand`` (once it has:
        ``{"seat", "cards", "points"}`` for each hand that still held cards, the points already
        in ``scores``).
        """
        s = self.state
        trivia: TriviaShown | None = None
        if s["trivia"] is not None:
            t = s["trivia"]
            shown: TriviaShown = {
                "deck": t["deck"],
                "symbol": t["symbol"],
                "die": t["die"],
                "level": t["level"],
                "wild": t["wild"],
                "deck_name": "WILD CARD" if t["wild"] else SET_NAMES[t["deck"]],
            }
            question = self.current_question()
            if question is not None:
                q = question.to_dict()
                if player is None or player == self.player:
                    q.pop("answer")
                    q.pop("aliases")
                    q.pop("explanation")
                shown["question"] = q
            trivia = shown
        pending: PendingMatch | None = None
        if s["pending"] is not None:
            p = s["pending"]
            pending = {
                "card": p["card"],
                "at": p["at"],
                "card_edge": p["card_edge"],
                "accepted": p["accepted"],
            }
        view: GlobalPursuitView = {
            "player": player,
            "phase": self.phase,
            "turn_of": self.player,
            "to_act": self.to_act(),
            "round": s["round"].copy(),
            "maps": self.options["maps"],
            "honor": self.options["honor"],
            "matching_only": self.options["matching_only"],
            "table": [c.copy() for c in self.layout.cards],
            "bounds": self.layout.bounds,
            "open_edges": [list(e) for e in self.layout.open_edges()],
            "hand": list(s["hands"][player]) if player is not None else [],
            "hand_sizes": [len(h) for h in s["hands"]],
            "draw_pile": len(self.deck),
            "pending": pending,
            "trivia": trivia,
            "fixed_level": None if player is None else self.level_of(player),
            "scores": self.scores(),
            "tokens": [bank_tokens(p) for p in self.scores()],
            "last": s["last"],
            "news": list(s["news"]),
            "ended": s["ended"],
            "left_in_hand": self._left_in_hands() if self.phase == OVER else [],
            "first_rolls": [[list(r) for r in rolls] for rolls in s["first_rolls"]],
            "played": s["played"],
            "winners": self.winners(),
        }
        return detached(view)

    # ----- saving -------------------------------------------------------------------------
    def _get_state(self) -> dict[str, Any]:
        return {
            **self.state,
            "deck": self.deck.to_dict(),
            "table": self.layout.cards,
            "scoreboard": self.scoreboard.to_dict(),
        }

    def _set_state(self, state: dict[str, Any]) -> None:
        state = dict(state)
        self.deck = Deck.from_dict(state.pop("deck"))
        self.layout = Layout(state.pop("table"), bounds=self._bounds())
        self.scoreboard = Scoreboard.from_dict(state.pop("scoreboard"))
        self.state = state


_TASKS = {
    MATCH: N_("Now is the time to match a card (or say you cannot)."),
    CHALLENGE: N_("Now is the time to challenge the card just laid, or accept it."),
    ROLL: N_("Now is the time to roll the die."),
    LEVEL: N_("Now is the time to choose a level."),
    ANSWER: N_("Now is the time to answer the question."),
    WILD: N_("Now is the time to try the WILD CARD question, or not."),
    RETURN: N_("Now is the time to give back one card."),
}
