"""The English words of the kit's tables that a question or a "Did you know?" line shows.

A card's sentence is worded through the catalogs (``geoteach.i18n``), but a few of the words
it holds come from data/ rather than from the code: the units of data/statistics.csv, the
Census Bureau's regions and divisions of the U.S. states, the notes of
data/quiz_conventions.csv that a prompt adds, and the notes of the contested capitals. They
are words, not names of places (which come from data in each language:
``geoteach.data.place_names``), so a translator words them; they are marked here, where
``scripts/update_catalogs.py`` finds them, and shown through ``_()``.

``tests/quiz/test_cards_i18n.py`` fails when a table gains such a text that is not listed here,
so a new unit or note is translated before a card shows it.
"""

from __future__ import annotations

from geoteach.i18n import N_

#: The units of data/statistics.csv.
UNITS = (
    N_("% of land"),
    N_("% of population"),
    N_("% of workers"),
    N_("US dollars"),
    N_("US dollars (PPP, 2021 prices)"),
    N_("births per 1,000 people"),
    N_("children"),
    N_("countries"),
    N_("deaths per 1,000 live births"),
    N_("km"),
    N_("km²"),
    N_("m above sea level"),
    N_("million tonnes of CO₂"),
    N_("people"),
    N_("people per km²"),
    N_("years"),
)

#: The U.S. Census Bureau's four regions and nine divisions (data/us_states.csv).
CENSUS = (
    N_("Midwest"),
    N_("Northeast"),
    N_("South"),
    N_("West"),
    N_("East North Central"),
    N_("East South Central"),
    N_("Middle Atlantic"),
    N_("Mountain"),
    N_("New England"),
    N_("Pacific"),
    N_("South Atlantic"),
    N_("West North Central"),
    N_("West South Central"),
)

#: The notes of data/quiz_conventions.csv that a prompt adds ("How many countries share a
#: land border with Canada (not counting Greenland, ...)?").
CONVENTION_NOTES = (
    N_("not counting Greenland, which shares Hans Island with Canada"),
    N_("as the map draws Denmark, without Greenland"),
    N_("as the map draws Morocco, without Western Sahara"),
    N_("not counting Western Sahara, a territory, not a country"),
)

#: The notes of the contested capitals (data/countries.csv, ``capital_note``), said instead of
#: "The capital of ... is ...".
CAPITAL_NOTES = (
    N_("Israel names Jerusalem as its capital; most countries keep their embassies in Tel Aviv."),
    N_(
        "Palestine names East Jerusalem as its capital; its government sits in Ramallah. Both "
        "are accepted."
    ),
)

#: Every text of the tables that is worded through the catalogs.
WORDS: frozenset[str] = frozenset((*UNITS, *CENSUS, *CONVENTION_NOTES, *CAPITAL_NOTES))
