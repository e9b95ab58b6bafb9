"""The kit's games, one entry each: the one place a sixth game is added, and every list reads.

An entry holds a game's engine facts: its key and title, its engine (named as a dotted path,
"module:name", imported only when asked for), its lesson plan (``notebooks/``) and what its
student app's set-up screen asks. Importing the registry loads no engine, no widget and no
map: the set-up screen reads it before anything heavy. Each layer above lists its own part of
every game by the same key: ``geoteach.bots.registry`` the computer players,
``geoteach.lessons.registry`` the handouts and discussion questions, ``geoteach.ui.registry``
the screens. So no layer names one above it, even as a dotted path (``tests/test_layers.py``),
and the kit's tests check that every layer lists the same games.

Who reads it: the student apps (``geoteach.ui.apps``: their keys, set-up choices, screens), the
handouts (``geoteach.lessons.handouts``), the lesson record's game names
(``geoteach.ui.lesson_report``), the demo record (``geoteach.classroom.demo``) and the kit's
tests of every game. The lesson record files each answer under ``Game.name``, which is the
entry's ``key``; the app notebook is ``notebooks/play/<key>.ipynb``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal

from geoteach._lazy import load
from geoteach.i18n import N_

if TYPE_CHECKING:
    from geoteach.games.base import Game

Kind = Literal["choice", "number", "flag"]


@dataclass(frozen=True)
class Option:
    """One choice on a set-up screen, handed to the screen's builder as ``values[key]``.

    Plain data: ``geoteach.ui.apps`` makes the widget. ``choices`` are (label, value) pairs for
    a "choice"; a "number" lies between ``minimum`` and ``maximum``; a "flag" is yes or no.
    ``common`` choices are on the set-up screen itself; the others wait under its "More
    choices" fold, so that Start stays in the first screen of a school laptop (1366×768).
    """

    key: str
    label: str
    default: Any
    kind: Kind = "choice"
    choices: Sequence[tuple[str, Any]] = ()
    minimum: int = 0
    maximum: int = 100
    help: str = ""
    common: bool = True


#: Options most games share.
TIME_LIMITS = (
    (N_("no time limit"), None),
    (N_("30 seconds"), 30),
    (N_("60 seconds"), 60),
    (N_("90 seconds"), 90),
)
SPEEDS = (
    (N_("normal"), 1.2),
    (N_("slow (a class reads along)"), 2.5),
    (N_("fast"), 0.5),
    (N_("instant"), 0.0),
)


def speed_option() -> Option:
    """How long each computer move stays on screen: every app asks it."""
    return Option(
        "bot_delay",
        N_("Computer players move"),
        1.2,
        choices=SPEEDS,
        help=N_("How long each computer move stays on screen before the next one"),
        common=False,
    )


@dataclass(frozen=True)
class GameEntry:
    """One game of the kit: its engine's facts (see the module notes)."""

    #: The engine's ``name``: saved files, the lesson record's "game" and the app's key.
    key: str
    #: The game's name as people write it ("Global Pursuit"), the engine's ``title()``: here
    #: too, so that a list of names (the lesson report's) loads no engine.
    title: str
    #: The engine class, "module:Class".
    engine: str
    #: The student app's one line under the game's name.
    blurb: str
    #: What the app's set-up screen asks besides the players.
    options: tuple[Option, ...]
    #: The teacher's notebook with the lesson plan, in ``notebooks/``.
    lesson_plan: str
    #: Engine options for a short game played by computers in pupils' seats (the demo record).
    short_game: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: Why the game cannot be played from many devices yet ("" when it can: the class game).
    not_a_class_game: str = ""
    #: Set-up choices a class game words its own way (option key -> {value: label}): answers
    #: said out loud are marked by the teacher there, on the projector (house rule: in a class
    #: the teacher is the reader and the judge; ``geoteach.classroom.rooms``).
    class_words: Mapping[str, Mapping[Any, str]] = field(
        default_factory=lambda: MappingProxyType({})
    )

    @property
    def engine_class(self) -> type[Game]:
        engine: type[Game] = load(self.engine)
        return engine

    @property
    def is_class_game(self) -> bool:
        """True when a class can play it from many devices (``geoteach.ui.class_game``)."""
        return not self.not_a_class_game

    @property
    def app_notebook(self) -> str:
        """The student app, in ``notebooks/``: one cell, ``app(key)``, shown by Voilà."""
        return f"play/{self.key}.ipynb"

    def paths(self) -> dict[str, str]:
        """Every dotted path of the entry, by field (for the test that they all resolve)."""
        return {"engine": self.engine}


def _short(**options: Any) -> Mapping[str, Any]:
    return MappingProxyType(options)


#: Globalissimo: the continents a round's countries can come from.
CONTINENTS = (
    N_("Africa"),
    N_("Asia"),
    N_("Europe"),
    N_("North America"),
    N_("Oceania"),
    N_("South America"),
)

#: Global Pursuit: how large the table is (the rulebook's "no room" ends the game).
TABLE_SIZES = (
    (N_("as large as needed"), None),
    (N_("a large table (16 × 10 card edges)"), (16, 10)),
    (N_("a small table (10 × 7 card edges)"), (10, 7)),
)

_ENTRIES = (
    GameEntry(
        key="globalissimo",
        title="Globalissimo",
        engine="geoteach.games.globalissimo:Globalissimo",
        blurb=N_(
            "Put the countries in order by a real statistic. Exactly right = 3 points. "
            "Then clear the hurdles: find a country on the map, or name its capital."
        ),
        options=(
            Option("rounds", N_("Rounds"), 10, kind="number", minimum=1, maximum=20),
            Option(
                "countries",
                N_("Countries from"),
                "",
                choices=((N_("the whole world"), ""), *((c, c) for c in CONTINENTS)),
            ),
            Option(
                "honor",
                N_("Hurdle answers"),
                False,
                choices=(
                    (N_("checked by the computer"), False),
                    (N_("marked by the teacher"), True),
                ),
                common=False,
            ),
            speed_option(),
        ),
        lesson_plan="01_globalissimo.ipynb",
        short_game=_short(rounds=5),
    ),
    GameEntry(
        key="geotriple",
        title="GeoTriple",
        engine="geoteach.games.geotriple:GeoTriple",
        blurb=N_(
            "Two players and the 50 U.S. states. Each round: guess the other player's state "
            "from clues, race to find groups of bordering states, then win tricks with the "
            "states' size, statehood and population ranks."
        ),
        options=(
            Option(
                "target",
                N_("Points to win"),
                100,
                kind="number",
                minimum=10,
                maximum=500,
                help=N_("The first player to reach this many points wins (100 in the rulebook)"),
            ),
            Option(
                "show_possible",
                N_("Show which states could still be the answer (Stage 1)"),
                True,
                kind="flag",
                help=N_("Paint yellow the states that fit every clue so far"),
            ),
            Option(
                "typed_clues",
                N_("Clues when two people play"),
                None,
                choices=(
                    (N_("the card's holder picks a true one"), None),
                    (N_("the computer gives them"), False),
                ),
                help=N_("Against the computer, the computer always gives the clues"),
                common=False,
            ),
            speed_option(),
        ),
        lesson_plan="02_geotriple.ipynb",
        # In the race both players hunt at once: the faster computer moves first.
        # Computers in pupils' seats (the demo) are not marked as computers: the game gives
        # the Stage 1 clues itself, as it does for computer players.
        short_game=_short(target=40, typed_clues=False),
    ),
    GameEntry(
        key="global_pursuit",
        title="Global Pursuit",
        engine="geoteach.games.global_pursuit:GlobalPursuit",
        blurb=N_(
            "Fit real map cards together edge to edge, so that coasts, the Equator and the tropics "
            "go on from card to card. Each match brings a trivia question; spot a card that does "
            "not match and challenge it."
        ),
        options=(
            Option(
                "maps",
                N_("Map cards"),
                "one_map",
                choices=(
                    (N_("one large map (all 48 cards mixed)"), "one_map"),
                    (N_("four maps, one per set"), "four_maps"),
                ),
            ),
            Option(
                "answer_mode",
                N_("Trivia answers"),
                "choice",
                choices=(
                    (N_("multiple choice"), "choice"),
                    (N_("typed"), "typed"),
                    (N_("said aloud, marked by a reader"), "honor"),
                ),
            ),
            Option(
                "fixed_level",
                N_("Trivia points"),
                None,
                choices=(
                    (N_("by level: 1, 2 or 3 points"), None),
                    (N_("always 2 points, everyone at level 1"), 1),
                    (N_("always 2 points, everyone at level 2"), 2),
                    (N_("always 2 points, everyone at level 3"), 3),
                ),
                help=N_("The rulebook's variation for players of different ages"),
                common=False,
            ),
            Option("time_limit", N_("Time for a turn"), None, choices=TIME_LIMITS),
            Option(
                "challenge_seconds",
                N_("Time to challenge a computer's card"),
                8.0,
                choices=(
                    (N_("8 seconds"), 8.0),
                    (N_("15 seconds"), 15.0),
                    (N_("4 seconds"), 4.0),
                    (N_("until I press No challenge"), None),
                ),
                common=False,
            ),
            Option(
                "honor",
                N_("A card that does not match"),
                True,
                choices=(
                    (N_("may be laid: the others can challenge it"), True),
                    (N_("is refused by the computer"), False),
                ),
                common=False,
            ),
            Option("table_size", N_("The table"), None, choices=TABLE_SIZES, common=False),
            Option(
                "quick_end",
                N_("Quick ending: the game ends when a hand and the draw pile are both empty"),
                False,
                kind="flag",
                common=False,
            ),
            Option("matching_only", N_("Only the matching game (no trivia)"), False, kind="flag"),
            Option(
                "real_maps",
                N_("Cards drawn as"),
                True,
                choices=(
                    (N_("real maps"), True),
                    (N_("plain pentagons (for a slow computer)"), False),
                ),
                common=False,
            ),
            speed_option(),
        ),
        lesson_plan="03_global_pursuit.ipynb",
        # The trivia decks (kept, else made from the data: seconds), the answers' places and
        # the map cards' drawings.
        # A class game: the teacher is the reader, on the projector; the team says its answer.
        class_words=_short(answer_mode=_short(honor=N_("said aloud, marked by the teacher"))),
    ),
    GameEntry(
        key="geography_pursuit",
        title="Geography Pursuit",
        engine="geoteach.games.geography_pursuit:GeographyPursuit",
        blurb=N_(
            "Roll the die, move round the board and answer geography questions in six "
            "categories. Win a wedge in each headquarters, then answer the final question in the "
            "hub to win."
        ),
        options=(
            Option(
                "mode",
                N_("Answers are"),
                "typed",
                choices=(
                    (N_("typed (the game checks)"), "typed"),
                    (N_("multiple choice"), "choice"),
                    (N_("said out loud and marked by another player"), "honor"),
                ),
            ),
            Option("time_limit", N_("Time to answer"), None, choices=TIME_LIMITS),
            Option(
                "precision",
                N_("Typed answers"),
                "forgiving",
                choices=(
                    (N_("small typos are forgiven"), "forgiving"),
                    (N_("must be exact"), "strict"),
                ),
                common=False,
            ),
            Option(
                "reveal_answer",
                N_("Show the right answer after a wrong one"),
                True,
                kind="flag",
                common=False,
            ),
            Option(
                "consultation",
                N_("Team members may talk it over"),
                True,
                kind="flag",
                help=N_("Only for teams: may the members of a team discuss an answer?"),
                common=False,
            ),
            speed_option(),
        ),
        lesson_plan="04_geography_pursuit.ipynb",
        # A class game: the teacher is the reader, on the projector; the team says its answer.
        class_words=_short(mode=_short(honor=N_("said out loud and marked by the teacher"))),
    ),
    GameEntry(
        key="globe_works",
        title="Globe Works",
        engine="geoteach.games.globe_works:GlobeWorks",
        blurb=N_(
            "Build networks of banks, airlines, ports, information or energy around the world: "
            "open regions with linking cities, play your cities, and link them up. "
            "Long networks score big; a network of 2 costs 20 points."
        ),
        options=(
            Option(
                "rounds",
                N_("Rounds"),
                3,
                kind="number",
                minimum=3,
                maximum=15,
                help=N_("At least one round per player, so everyone deals once"),
            ),
            Option(
                "max_turns",
                N_("If nobody calls the end, the dealer calls it after this many turns each"),
                20,
                kind="number",
                minimum=1,  # the game says so if it is fewer than the turns before deals
                maximum=60,
                common=False,
            ),
            speed_option(),
        ),
        lesson_plan="05_globe_works.ipynb",
    ),
)

#: The kit's games by key, in the order the lesson plans are numbered.
GAMES: Mapping[str, GameEntry] = MappingProxyType({entry.key: entry for entry in _ENTRIES})


def game_entry(key: str) -> GameEntry:
    """The entry of the game called ``key``; a clear error naming the games otherwise."""
    if key not in GAMES:
        raise ValueError(f"There is no game called {key!r}. The games are: {', '.join(GAMES)}.")
    return GAMES[key]


def game_title(key: str) -> str:
    """The name people read for a game key ("globe_works" -> "Globe Works"); an unknown key
    (a record written by another version of the kit) is shown as it is. No engine is loaded."""
    return GAMES[key].title if key in GAMES else key
