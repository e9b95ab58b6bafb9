"""Every discussion answer agrees with the kit's tables: the numbers are computed, not typed."""

from __future__ import annotations

import pandas as pd
import pytest

import geoteach.data
from geoteach.lessons import geography_pursuit, geotriple, global_pursuit, globalissimo, globe_works
from geoteach.lessons.discussion import Discussion, ordinal


def check(d: Discussion) -> None:
    assert d.question.endswith("?") and d.answer and d.source
    assert all(isinstance(t, pd.DataFrame) and len(t) for t in d.tables)
    assert d.png().startswith(b"\x89PNG")


def test_ordinals() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 48)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "48th",
    ]  # fmt: skip


def test_globalissimo_rank_shifts_are_the_places_of_the_data() -> None:
    d = globalissimo.rank_shifts("population", "area_km2", top=3)
    check(d)
    countries = geoteach.data.countries()
    people = countries["population"].rank(ascending=False, method="min")
    land = countries["area_km2"].rank(ascending=False, method="min")
    for iso, row in d.table.iterrows():
        assert row["place by population"] == people[iso]
        assert row["place by area"] == land[iso]
        assert row["places moved"] == land[iso] - people[iso]
    moved = land - people
    assert d.table["places moved"].iloc[0] == moved.max()
    assert d.table["places moved"].min() == moved.min()
    top = moved.idxmax()
    assert countries.loc[top, "name"] in d.answer


def test_globalissimo_category_map_follows_the_direction_of_the_category() -> None:
    d = globalissimo.category_map("infant_mortality", top=3)
    check(d)
    values = geoteach.data.countries()["infant_mortality"].dropna()
    assert geoteach.data.statistics().loc["infant_mortality", "rank1"] == "highest"
    assert d.table.index[0] == values.idxmax() and d.table["place"].iloc[0] == 1
    assert d.table.index[-1] == values.idxmin()
    assert d.table["place"].iloc[-1] == (values > values.min()).sum() + 1


def test_globalissimo_seats_of_government_are_the_datas() -> None:
    d = globalissimo.capitals_and_seats()
    check(d)
    countries = geoteach.data.countries()
    seats = countries[countries["seat_of_government"].fillna("") != ""]
    assert set(d.table.index) == set(seats.index)
    for iso, row in d.table.iterrows():
        assert row["seat of government"] in row["every answer that counts"]
        assert countries.loc[iso, "capital"] in row["every answer that counts"]


def test_geotriple_neighbour_counts_equal_the_neighbours_column() -> None:
    d = geotriple.most_neighbours(top=50)
    check(d)
    states = geoteach.data.us_states()
    for code, row in d.table.iterrows():
        assert row["neighbours"] == len(states.loc[code, "neighbours"])
        assert row["bordering states"] == ", ".join(sorted(states.loc[code, "neighbours"]))
    regions = d.tables[1]
    assert regions["states"].sum() == 50
    for region, row in regions.iterrows():
        members = states[states["region"] == region]
        assert row["mean_neighbours"] == round(members["neighbours"].map(len).mean(), 1)
    assert "Alaska and Hawaii border no state" in d.answer


def test_geotriple_ranks_and_years_are_the_cards() -> None:
    states = geoteach.data.us_states()
    d = geotriple.size_and_population()
    check(d)
    for code, row in d.table.iterrows():
        assert row["size rank"] == states.loc[code, "area_rank"]
        assert row["population rank"] == states.loc[code, "population_rank"]
    d = geotriple.statehood_map()
    check(d)
    years = pd.Series([a.year for a in states["admitted"]], index=states.index)
    for region, row in d.table.iterrows():
        assert row["first_joined"] == years[states["region"] == region].min()
    assert f"last ({years.max()})" in d.answer


def test_global_pursuit_routes_and_products() -> None:
    d = global_pursuit.explorer_distances()
    check(d)
    routes = geoteach.data.explorer_routes()
    assert len(d.table) == routes.groupby(["explorer", "journey"]).ngroups
    assert d.table["km"].is_monotonic_decreasing
    # Balboa crossed the isthmus of Panama: a short walk, under 200 km between his two stops.
    balboa = d.table[d.table["explorer"].str.contains("Balboa")]
    assert 50 < balboa["km"].iloc[0] < 200
    d = global_pursuit.where_it_grows("coffee")
    check(d)
    products = geoteach.data.country_products()
    assert set(d.table.index) == set(products.loc[products["product"] == "coffee", "iso3"])
    with pytest.raises(ValueError, match="no product"):
        global_pursuit.where_it_grows("moon rock")


def test_geography_pursuit_answers() -> None:
    countries = geoteach.data.countries()
    d = geography_pursuit.most_neighbours()
    check(d)
    assert (d.table["neighbours"] == countries.loc[d.table.index, "neighbour_count"]).all()
    assert d.table["neighbours"].iloc[0] == countries["neighbour_count"].max()
    d = geography_pursuit.highest_points()
    check(d)
    assert d.table["height (m)"].iloc[0] == countries["highest_point_m"].max()
    d = geography_pursuit.median_age()
    check(d)
    assert d.table.index[0] == countries["median_age"].idxmin()


def test_globe_works_links_are_the_decks() -> None:
    from geoteach.games.globe_works import cards, regions

    d = globe_works.linking_cities()
    check(d)
    linking = {c.city: c for c in cards().values() if c.is_linking}
    assert set(d.table["linking city"]) == set(linking)
    for _, row in d.table.iterrows():
        assert row["regions joined"] == len(linking[row["linking city"]].links)
    d = globe_works.hardest_regions()
    check(d)
    for code, row in d.table.iterrows():
        assert row["linking cities that open it"] == sum(code in c.links for c in linking.values())
    steps = d.tables[1]
    assert (steps.to_numpy().diagonal() == 0).all() and (steps.to_numpy() > -1).all()
    assert (steps == steps.T).all().all() and list(steps.index) == list(regions())
