"""The words of the statistics' category cards (data/statistics.csv), marked for the catalogs.

A category card shows a statistic's ``label``, ``unit`` and ``description`` from
data/statistics.csv; a screen translates them with ``geoteach.i18n._`` where it shows them.
Babel finds sentences only in code, so they are listed here; ``tests/test_i18n.py`` checks that
this list and the table say the same, so a changed label is never shown untranslated.
"""

from __future__ import annotations

from geoteach.i18n import N_

#: key -> (label, unit, description), as in data/statistics.csv.
STATISTIC_WORDS: dict[str, tuple[str, str, str]] = {
    "population": (
        N_("Population"),
        N_("people"),
        N_("Number of people living in the country."),
    ),
    "area_km2": (
        N_("Area"),
        N_("km²"),
        N_("Total area: land and inland water."),
    ),
    "gdp_usd": (
        N_("Size of the economy (GDP)"),
        N_("US dollars"),
        N_("Gross domestic product at official exchange rates, in current US dollars."),
    ),
    "gdp_per_capita_usd": (
        N_("Wealth per person (GDP per person)"),
        N_("US dollars (PPP, 2021 prices)"),
        N_("Real GDP per person at purchasing power parity, in 2021 dollars."),
    ),
    "life_expectancy": (
        N_("Life expectancy at birth"),
        N_("years"),
        N_("How many years a newborn baby is expected to live on average."),
    ),
    "median_age": (
        N_("Median age"),
        N_("years"),
        N_("Half the people are younger than this age, half are older."),
    ),
    "birth_rate": (
        N_("Birth rate"),
        N_("births per 1,000 people"),
        N_("Babies born each year for every 1,000 people."),
    ),
    "fertility_rate": (
        N_("Children per woman"),
        N_("children"),
        N_("Average number of children a woman has in her life."),
    ),
    "infant_mortality": (
        N_("Infant mortality"),
        N_("deaths per 1,000 live births"),
        N_("Babies who die before their first birthday, for every 1,000 born alive."),
    ),
    "urban_pct": (
        N_("People living in towns"),
        N_("% of population"),
        N_("Share of the people living in cities and towns."),
    ),
    "co2_mt": (
        N_("Carbon dioxide emissions"),
        N_("million tonnes of CO₂"),
        N_("CO₂ released by burning coal, oil and gas in a year."),
    ),
    "forest_pct": (
        N_("Forest cover"),
        N_("% of land"),
        N_("Share of the land covered by forest."),
    ),
    "internet_users_pct": (
        N_("Internet users"),
        N_("% of population"),
        N_("Share of the people who use the internet."),
    ),
    "electricity_access_pct": (
        N_("Access to electricity"),
        N_("% of population"),
        N_("Share of the people who have electricity at home."),
    ),
    "coastline_km": (
        N_("Length of coastline"),
        N_("km"),
        N_("Length of the sea coast (0 for landlocked countries)."),
    ),
    "unemployment_pct": (
        N_("Unemployment"),
        N_("% of workers"),
        N_("Share of people who want a job but do not have one."),
    ),
    "population_density": (
        N_("Population density"),
        N_("people per km²"),
        N_("People per square kilometre: population divided by area."),
    ),
    "highest_point_m": (
        N_("Highest point"),
        N_("m above sea level"),
        N_("Height of the country's highest mountain or hill."),
    ),
    "neighbour_count": (
        N_("Number of neighbours"),
        N_("countries"),
        N_("How many countries share a land border with this one."),
    ),
}

#: Sources in data/statistics.csv that are words, not names (the kit's own figures): a screen
#: translates them too; a named source ("CIA World Factbook 2025") is said as it is.
SOURCE_WORDS: tuple[str, ...] = (N_("geoteach, from the columns above (see SOURCES.md)"),)
