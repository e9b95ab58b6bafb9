import pytest
from matplotlib import colormaps
from matplotlib.colors import to_rgba

import geoteach.data
from geoteach.render import choropleth, palettes, world_map_view


@pytest.fixture
def fresh():
    return world_map_view("110m", numbers=False)


def test_numbers_follow_the_colour_map_and_gaps_say_no_data(fresh):
    values = {"NOR": 83.0, "CHN": 78.0, "TCD": 53.0}
    colours = choropleth(fresh, values, "viridis", title="Life expectancy (years)")
    cmap = colormaps["viridis"]
    assert colours["NOR"] == pytest.approx(cmap(1.0))
    assert colours["TCD"] == pytest.approx(cmap(0.0))
    assert fresh.colours()["FRA"] == to_rgba(palettes.NO_DATA)
    assert fresh.colours()["GRL"] == to_rgba(palettes.NOT_PLAYED)  # not played: untouched
    assert len(fresh._hatching.get_paths()) == len(fresh.pickable) - 3
    assert fresh.colorbar is not None
    assert [t.get_text() for t in fresh.legend.get_texts()] == ["no data"]


def test_a_second_statistic_replaces_the_key(fresh):
    countries = geoteach.data.countries()
    choropleth(fresh, countries["population"])
    choropleth(fresh, countries["life_expectancy"])
    assert len(fresh.ax.child_axes) == 1  # one colour bar, not two
    fresh.clear()
    assert fresh.colorbar is None and fresh.legend is None
    assert len(fresh.ax.child_axes) == 0
    assert len(fresh._hatching.get_paths()) == 0


def test_groups_get_okabe_ito_colours_and_a_legend(fresh):
    continents = geoteach.data.countries()["continent"]
    colours = choropleth(fresh, continents, title="Continent")
    assert set(colours.values()) <= set(palettes.CATEGORICAL)
    labels = [t.get_text() for t in fresh.legend.get_texts()]
    assert labels[: len(set(continents))] == sorted(set(continents))
    assert fresh.colours()["FRA"] == to_rgba(colours["FRA"])


def test_too_many_groups_is_refused(fresh):
    with pytest.raises(ValueError, match="at most 7 groups"):
        choropleth(fresh, {c: c for c in list(fresh.pickable)[:9]})


def test_unknown_code_in_the_data_is_named(fresh):
    with pytest.raises(LookupError, match="XXA"):
        choropleth(fresh, {"XXA": 1.0})
