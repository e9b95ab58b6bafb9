"""The five student apps: what each set-up screen asks, and where its game screen is built.

Kept apart from the game screens on purpose: opening an app shows its set-up screen after
importing only this catalogue and the game's rules (``game``); the screen's module (``build``),
with its maps and drawing, is imported in the background while the student fills in the set-up
screen, so both the first screen and Start come quickly.
"""

from __future__ import annotations

from geoteach.ui.apps import TIME_LIMITS, AppSpec, Option, speed_option

#: Globalissimo: the continents a round's countries can come from.
CONTINENTS = ("Africa", "Asia", "Europe", "North America", "Oceania", "South America")

#: Global Pursuit: how large the table is (the rulebook's "no room" ends the game).
TABLE_SIZES = (
    ("as large as needed", None),
    ("a large table (16 × 10 card edges)", (16, 10)),
    ("a small table (10 × 7 card edges)", (10, 7)),
)

CATALOGUE: dict[str, AppSpec] = {
    "globalissimo": AppSpec(
        key="globalissimo",
        game="geoteach.games.globalissimo:Globalissimo",
        blurb=(
            "Put the countries in order by a real statistic. Exactly right = 3 points. "
            "Then clear the hurdles: find a country on the map, or name its capital."
        ),
        options=(
            Option("rounds", "Rounds", 10, kind="number", minimum=1, maximum=20),
            Option(
                "countries",
                "Countries from",
                "",
                choices=(("the whole world", ""), *((c, c) for c in CONTINENTS)),
            ),
            Option(
                "honor",
                "Hurdle answers",
                False,
                choices=(("checked by the computer", False), ("marked by the teacher", True)),
            ),
            speed_option(),
        ),
        build="geoteach.ui.globalissimo:build_screen",
    ),
    "geotriple": AppSpec(
        key="geotriple",
        game="geoteach.games.geotriple:GeoTriple",
        blurb=(
            "Two players and the 50 U.S. states. Each round: guess the other player's state "
            "from clues, race to find groups of bordering states, then win tricks with the "
            "states' size, statehood and population ranks."
        ),
        options=(
            Option(
                "target",
                "Points to win",
                100,
                kind="number",
                minimum=10,
                maximum=500,
                help="The first player to reach this many points wins (100 in the rulebook)",
            ),
            Option(
                "show_possible",
                "Show which states could still be the answer (Stage 1)",
                True,
                kind="flag",
                help="Paint yellow the states that fit every clue so far",
            ),
            Option(
                "typed_clues",
                "Clues when two people play",
                None,
                choices=(
                    ("the card's holder picks a true one", None),
                    ("the computer gives them", False),
                ),
                help="Against the computer, the computer always gives the clues",
            ),
            speed_option(),
        ),
        build="geoteach.ui.geotriple:build_screen",
    ),
    "geography_pursuit": AppSpec(
        key="geography_pursuit",
        game="geoteach.games.geography_pursuit:GeographyPursuit",
        blurb=(
            "Roll the die, move round the board and answer geography questions in six "
            "categories. Win a wedge in each headquarters, then answer the final question in the "
            "hub to win."
        ),
        options=(
            Option(
                "mode",
                "Answers are",
                "typed",
                choices=(
                    ("typed (the game checks)", "typed"),
                    ("multiple choice", "choice"),
                    ("said out loud and marked by another player", "honor"),
                ),
            ),
            Option("time_limit", "Time to answer", None, choices=TIME_LIMITS),
            Option(
                "precision",
                "Typed answers",
                "forgiving",
                choices=(("small typos are forgiven", "forgiving"), ("must be exact", "strict")),
            ),
            Option(
                "reveal_answer",
                "Show the right answer after a wrong one",
                True,
                kind="flag",
            ),
            Option(
                "consultation",
                "Team members may talk it over",
                True,
                kind="flag",
                help="Only for teams: may the members of a team discuss an answer?",
            ),
            speed_option(),
        ),
        build="geoteach.ui.pursuit:build_screen",
        prepare="geoteach.games.geography_pursuit.questions:default_questions",
    ),
    "globe_works": AppSpec(
        key="globe_works",
        game="geoteach.games.globe_works:GlobeWorks",
        blurb=(
            "Build networks of banks, airlines, ports, information or energy around the world: "
            "open regions with linking cities, play your cities, and link them up. "
            "Long networks score big; a network of 2 costs 20 points."
        ),
        options=(
            Option(
                "rounds",
                "Rounds",
                3,
                kind="number",
                minimum=3,
                maximum=15,
                help="At least one round per player, so everyone deals once",
            ),
            Option(
                "max_turns",
                "If nobody calls the end, the dealer calls it after this many turns each",
                20,
                kind="number",
                minimum=1,  # the game says so if it is fewer than the turns before deals
                maximum=60,
            ),
            speed_option(),
        ),
        build="geoteach.ui.globe_works:build_screen",
    ),
    "global_pursuit": AppSpec(
        key="global_pursuit",
        game="geoteach.games.global_pursuit:GlobalPursuit",
        blurb=(
            "Fit real map cards together edge to edge, so that coasts, the Equator and the tropics "
            "go on from card to card. Each match brings a trivia question; spot a card that does "
            "not match and challenge it."
        ),
        options=(
            Option(
                "maps",
                "Map cards",
                "one_map",
                choices=(
                    ("one large map (all 48 cards mixed)", "one_map"),
                    ("four maps, one per set", "four_maps"),
                ),
            ),
            Option(
                "answer_mode",
                "Trivia answers",
                "choice",
                choices=(
                    ("multiple choice", "choice"),
                    ("typed", "typed"),
                    ("said aloud, marked by a reader", "honor"),
                ),
            ),
            Option(
                "fixed_level",
                "Trivia points",
                None,
                choices=(
                    ("by level: 1, 2 or 3 points", None),
                    ("always 2 points, everyone at level 1", 1),
                    ("always 2 points, everyone at level 2", 2),
                    ("always 2 points, everyone at level 3", 3),
                ),
                help="The rulebook's variation for players of different ages",
            ),
            Option("time_limit", "Time for a turn", None, choices=TIME_LIMITS),
            Option(
                "challenge_seconds",
                "Time to challenge a computer's card",
                8.0,
                choices=(
                    ("8 seconds", 8.0),
                    ("15 seconds", 15.0),
                    ("4 seconds", 4.0),
                    ("until I press No challenge", None),
                ),
            ),
            Option(
                "honor",
                "A card that does not match",
                True,
                choices=(
                    ("may be laid: the others can challenge it", True),
                    ("is refused by the computer", False),
                ),
            ),
            Option("table_size", "The table", None, choices=TABLE_SIZES),
            Option(
                "quick_end",
                "Quick ending: the game ends when a hand and the draw pile are both empty",
                False,
                kind="flag",
            ),
            Option("matching_only", "Only the matching game (no trivia)", False, kind="flag"),
            Option(
                "real_maps",
                "Cards drawn as",
                True,
                choices=(("real maps", True), ("plain pentagons (for a slow computer)", False)),
            ),
            speed_option(),
        ),
        build="geoteach.ui.global_pursuit:build_screen",
        # The trivia decks are made from the data: seconds, on first use.
        prepare="geoteach.games.global_pursuit.trivia:built_in_bank",
    ),
}
