"""The data explorer, driven as a teacher would: pick, sort, filter, and read what is shown."""

from __future__ import annotations

import html
import re

import ipywidgets as widgets
import numpy as np
import pandas as pd
import pytest

import geoteach.data as data
from geoteach.data.world import UnknownStatisticError
from geoteach.ui import safe
from geoteach.ui.explore import (
    ALL_CONTINENTS,
    DataExplorer,
    explore,
    format_number,
    name_key,
    places,
    with_unit,
)

ROW = re.compile(
    r"<tr><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td><td>(.*?)</td>(?:<td>(.*?)</td>)?</tr>"
)


def shown_rows(html_table: str) -> list[tuple[str, ...]]:
    """The body rows of a rendered table as tuples of cell texts."""
    return [
        tuple(html.unescape(cell) if cell is not None else None for cell in m.groups())
        for m in ROW.finditer(html_table)
    ]


def country_names(explorer: DataExplorer) -> list[str]:
    return [row[1] for row in shown_rows(explorer.table.value)]


@pytest.fixture(autouse=True)
def no_errors_left():
    safe.clear()
    yield
    assert safe.ERRORS == [], [c.message for c in safe.ERRORS]


@pytest.fixture
def explorer():
    view = DataExplorer()
    yield view
    view.close()


def test_default_table_lists_the_top_25_by_place_with_units(explorer):
    rows = shown_rows(explorer.table.value)
    population = data.countries()["population"].sort_values(ascending=False)
    names = data.countries()["name"]
    assert len(rows) == 25
    assert [r[1] for r in rows] == [names[c] for c in population.index[:25]]
    assert [r[0] for r in rows[:3]] == ["1", "2", "3"]
    assert all(r[3].endswith(" people") for r in rows)
    first = population.index[0]
    assert rows[0][3] == f"{population[first]:,.0f} people"


def test_source_and_year_of_the_statistic_are_under_the_table(explorer):
    explorer.stat.value = "highest_point_m"
    info = data.statistics().loc["highest_point_m"]
    assert info["source"] in explorer.source.value
    assert f"<b>Year:</b> {int(info['year'])}" in explorer.source.value
    assert all(r[3].endswith(" m above sea level") for r in shown_rows(explorer.table.value))


def test_dropdown_labels_carry_label_unit_and_year(explorer):
    catalogue = data.statistics()
    labels = dict((value, label) for label, value in explorer.stat.options)
    assert set(labels) == set(catalogue.index)
    row = catalogue.loc["life_expectancy"]
    assert labels["life_expectancy"] == f"{row['label']} ({row['unit']}, {int(row['year'])})"


def test_sorting_by_name_and_by_place_both_ways(explorer):
    explorer.stat.value = "life_expectancy"
    explorer.show_all.value = True
    by_place = country_names(explorer)
    explorer.sort.value = "name-up"
    by_name = country_names(explorer)
    assert by_name != by_place
    with_data = data.countries().dropna(subset=["life_expectancy"])["name"]
    assert by_name[: len(with_data)] == sorted(with_data, key=name_key)
    explorer.sort.value = "name-down"
    assert country_names(explorer)[: len(with_data)] == sorted(
        with_data, key=name_key, reverse=True
    )
    explorer.sort.value = "place-down"
    places_shown = [int(r[0]) for r in shown_rows(explorer.table.value) if r[0]]
    assert places_shown == sorted(places_shown, reverse=True)


def test_countries_without_data_come_last_in_either_direction(explorer):
    values = data.countries()["unemployment_pct"]
    missing = int(values.isna().sum())
    assert missing > 0  # otherwise this test checks nothing
    explorer.stat.value = "unemployment_pct"
    explorer.show_all.value = True
    for order in ("place-up", "place-down"):
        explorer.sort.value = order
        rows = shown_rows(explorer.table.value)
        assert [r[3] for r in rows[-missing:]] == ["no data"] * missing
        assert "no data" not in [r[3] for r in rows[:-missing]]


def test_show_all_and_the_continent_filter(explorer):
    countries = data.countries()
    explorer.show_all.value = True
    assert len(shown_rows(explorer.table.value)) == len(countries)
    explorer.continent.value = "Africa"
    rows = shown_rows(explorer.table.value)
    assert len(rows) == int((countries["continent"] == "Africa").sum())
    assert {r[2] for r in rows} == {"Africa"}
    assert f"{len(rows)} of {len(rows)} countries in Africa" in explorer.table.value
    # Places stay worldwide: Nigeria keeps its place among all countries.
    world_place = places(countries["population"], "highest")["NGA"]
    assert (str(world_place), countries.loc["NGA", "name"]) in [(r[0], r[1]) for r in rows]
    explorer.show_all.value = False
    assert len(shown_rows(explorer.table.value)) == 25


def test_changing_the_statistic_recolours_the_same_artists(explorer):
    view = explorer.world
    collection = view.collection
    collections = list(view.ax.collections)
    before = view.colours()
    picture = explorer.picture.value
    explorer.stat.value = "forest_pct"
    assert view.collection is collection
    assert len(view.ax.collections) == len(collections)
    assert all(a is b for a, b in zip(view.ax.collections, collections, strict=True))
    after = view.colours()
    changed = [c for c in before if before[c] != after[c]]
    assert len(changed) > 100
    assert explorer.picture.value != picture


def test_place_colours_follow_the_ranking(explorer):
    colours = explorer.world.colours()
    population = data.countries()["population"]
    biggest, smallest = population.idxmax(), population.idxmin()
    # viridis reversed: place 1 is yellow (much red and green), the last place dark violet.
    assert colours[biggest][1] > 0.8 and colours[smallest][1] < 0.1
    explorer.colour_by.value = "value"
    # By value most countries are dwarfed by the largest two: the median is dark.
    median_green = np.median([explorer.world.colours()[c][1] for c in population.index])
    assert median_green < 0.2


def test_continent_is_outlined_without_changing_colours(explorer):
    before = explorer.world.colours()
    explorer.continent.value = "South America"
    outlined = len(explorer.world._outlines.get_paths())
    assert outlined == int((data.countries()["continent"] == "South America").sum())
    assert explorer.world.colours() == before
    explorer.continent.value = ALL_CONTINENTS
    assert len(explorer.world._outlines.get_paths()) == 0


def test_names_are_escaped(explorer):
    explorer.countries.loc["FRA", "name"] = "<b>France</b>"
    explorer.sort.value = "name-up"
    explorer.show_all.value = True
    assert "&lt;b&gt;France&lt;/b&gt;" in explorer.table.value
    assert "<b>France</b>" in country_names(explorer)
    assert "<b>France" not in explorer.table.value


def test_ties_share_a_place_and_rank1_lowest_counts_up():
    values = pd.Series({"A": 3.0, "B": 1.0, "C": 3.0, "D": None})
    assert places(values, "highest").tolist()[:3] == [1, 3, 1]
    assert places(values, "lowest").tolist()[:3] == [2, 1, 2]
    assert pd.isna(places(values, "highest")["D"])


def test_numbers_read_as_a_person_writes_them():
    assert format_number(1419316933) == "1,419,316,933"
    assert format_number(79.9) == "79.9"
    assert format_number(60.0) == "60"
    assert format_number(1.09) == "1.09"
    assert with_unit(float("nan"), "years") == "no data"
    assert with_unit(12.5, "% of land") == "12.5 % of land"


def test_us_tab_sorts_by_the_three_ranks(explorer):
    states = data.us_states()
    assert explorer.usa is None  # drawn the first time the tab is opened
    explorer.tabs.selected_index = 1
    assert explorer.usa is not None
    rows = shown_rows(explorer.state_table.value)
    assert len(rows) == 50
    assert rows[0][1] == "Alaska" and rows[-1][1] == "Rhode Island"
    assert rows[0][3] == f"{states.loc['AK', 'area_km2']:,.0f} km²"
    explorer.state_rank.value = "statehood"
    rows = shown_rows(explorer.state_table.value)
    assert (rows[0][1], rows[-1][1]) == ("Delaware", "Hawaii")
    admitted = pd.Timestamp(states.loc["DE", "admitted"])
    assert rows[0][3] == f"{admitted.day} {admitted:%B %Y}"
    explorer.state_rank.value = "population"
    explorer.state_sort.value = "rank-down"
    rows = shown_rows(explorer.state_table.value)
    assert rows[0][1] == states.loc[states["population_rank"].idxmax(), "name"]
    assert rows[-1][1] == "California"
    explorer.state_sort.value = "name-up"
    assert [r[1] for r in shown_rows(explorer.state_table.value)] == sorted(states["name"])
    assert "Census" in explorer.state_source.value


def test_us_map_is_recoloured_not_replotted(explorer):
    explorer.tabs.selected_index = 1
    view = explorer.usa
    collection, collections = view.collection, list(view.ax.collections)
    before = view.colours()
    picture = explorer.state_picture.value
    explorer.state_rank.value = "statehood"
    assert view.collection is collection
    assert all(a is b for a, b in zip(view.ax.collections, collections, strict=True))
    assert view.colours() != before
    assert view.colours()["DE"] == before["AK"]  # both rank 1 on their scale
    assert explorer.state_picture.value != picture


def test_every_control_has_a_label_and_a_css_class(explorer):
    controls = [
        explorer.stat,
        explorer.sort,
        explorer.continent,
        explorer.colour_by,
        explorer.show_all,
        explorer.state_rank,
        explorer.state_sort,
    ]
    for control in controls:
        assert control.description
        assert any(c.startswith("gt-explore-") for c in control._dom_classes)
    assert "gt-explore-stat" in explorer.stat._dom_classes
    assert "geoteach" in explorer._dom_classes
    assert explorer.tabs.titles == ("World", "U.S. states")


def test_bad_input_is_named():
    with pytest.raises(UnknownStatisticError, match="life_expectancy"):
        DataExplorer("life_expectency")
    with pytest.raises(ValueError, match="Africa"):
        DataExplorer(continent="Afrika")
    with pytest.raises(ValueError, match="place or value"):
        DataExplorer(colour_by="colour")


def test_an_error_in_a_callback_is_shown_not_lost(explorer):
    explorer.countries = explorer.countries.drop(columns=["median_age"])
    explorer.stat.value = "median_age"  # must not raise
    assert explorer.messages.kind == "error"
    assert "Something went wrong" in explorer.messages.text
    assert len(safe.ERRORS) == 1
    safe.clear()


def test_interactive_shows_the_ipympl_canvas():
    import matplotlib.pyplot as plt

    pytest.importorskip("ipympl")
    backend = plt.get_backend()
    plt.switch_backend("module://ipympl.backend_nbagg")
    try:
        view = explore("area_km2", interactive=True)
        canvas = view.world.figure.canvas
        assert isinstance(canvas, widgets.DOMWidget)
        assert "gt-explore-map" in canvas._dom_classes
        assert view.picture.value == b""  # nothing is drawn twice
        before = view.world.colours()
        view.stat.value = "forest_pct"
        assert view.world.colours() != before
        view.close()
    finally:
        plt.switch_backend(backend)


def test_bench_switching_the_statistic(benchmark, explorer):
    """Recolour, new table and new picture after a dropdown change (the teacher's wait)."""
    keys = iter(["forest_pct", "median_age"] * 1000)

    def switch() -> None:
        explorer.stat.value = next(keys)

    benchmark(switch)
    assert explorer.stat.value in {"forest_pct", "median_age"}
    assert explorer.picture.value


def test_bench_opening_the_explorer(benchmark):
    """A new explorer: tables, the world map drawn and coloured once."""
    explorer = benchmark(DataExplorer)
    assert explorer.picture.value
    explorer.close()
