"""The lessons' discussion questions against facts a teacher knows (issue 36).

Each answer is computed from the data; these tests hold it to what a geography teacher would
check first: the big producers are among a product's countries, a shared first place is said
as a tie, "first" means first, and Oceania's highest point is New Guinea's.
"""

from __future__ import annotations

import pandas as pd
import pytest

from geoteach.lessons import geography_pursuit, global_pursuit, globalissimo
from geoteach.lessons.discussion import tied


@pytest.mark.parametrize(
    ("product", "countries", "continents"),
    [
        # The Factbook lists coffee for Colombia and Ethiopia among their five biggest exports.
        ("coffee", {"Colombia", "Ethiopia", "Vietnam", "Uganda"}, {"South America", "Africa"}),
        ("cotton", {"Uzbekistan", "Benin", "Burkina Faso", "Mali", "Chad"}, {"Asia", "Africa"}),
        # "oil" as a bare word in Russia's and Bahrain's natural resources was missed before.
        ("oil", {"Saudi Arabia", "Russia", "Bahrain", "Kuwait", "Norway", "Nigeria"}, set()),
    ],
)
def test_where_it_grows_finds_the_producers(
    product: str, countries: set[str], continents: set[str]
) -> None:
    found = global_pursuit.where_it_grows(product)
    assert countries <= set(found.table["country"]), countries - set(found.table["country"])
    for continent in continents:
        assert continent in found.answer


def test_palm_oil_and_oil_seeds_are_not_oil() -> None:
    from geoteach import data

    products = data.country_products()
    oil = products[products["product"] == "oil"]
    # Ethiopia lists "oil seeds" among its exports, Indonesia "palm oil": neither is petroleum.
    assert not (oil["field"].eq("Exports - commodities") & oil["iso3"].eq("ETH")).any()


def test_a_tie_is_said_as_a_tie() -> None:
    values = pd.Series({"A": 3.0, "B": 5.0, "C": 5.0, "D": 1.0})
    assert tied(values) == ["B", "C"]
    assert tied(values, lowest=True) == ["D"]
    assert "China and Nepal" in geography_pursuit.highest_points().answer


def test_oceanias_highest_point_is_on_new_guinea() -> None:
    """Puncak Jaya (4,884 m, Indonesia's Papua) is higher than Papua New Guinea's Mount
    Wilhelm (4,509 m); Indonesia is counted in Asia, but its summit is in Oceania."""
    found = geography_pursuit.highest_points()
    oceania = found.table.set_index("continent").loc["Oceania"]
    assert oceania["height (m)"] == 4884
    assert "Indonesia" in oceania["country with the highest point"]
    assert "Papua New Guinea" not in found.answer


def test_explorer_journeys_are_not_called_first_when_they_were_not() -> None:
    found = global_pursuit.explorer_distances()
    assert "first journeys" not in found.question
    assert "Drake" in " ".join(found.table["explorer"])  # his round-the-world voyage: not his first


def test_category_map_says_a_shared_place_as_a_tie() -> None:
    found = globalissimo.category_map("neighbour_count")
    ones = found.table[found.table["place"] == 1]["country"]
    assert all(name in found.answer for name in ones)
