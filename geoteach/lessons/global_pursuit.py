"""Global Pursuit's debrief questions: the explorers' routes and the products on the cards.

Computed from the tables the Historic Happenings and People and Products cards are drawn from
(``geoteach.data.explorer_routes()`` and ``country_products()``). The printed cards and globe
nets are ``geoteach.render.globe_cards``'s (see ``geoteach.lessons.handouts``).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from geoteach.escape import plot_text
from geoteach.i18n import _, list_words
from geoteach.lessons.discussion import Discussion, names_list, number, world_map
from geoteach.lessons.handouts import Handout
from geoteach.render.globe_card_layers import TROPIC_LAT
from geoteach.render.mapview import MapView
from geoteach.sphere import journey_km, wgs84_path


def route_lengths() -> pd.DataFrame:
    """Each journey's length in km, stop to stop along the shortest way over the globe (the
    real route was longer: ships followed winds and coasts)."""
    import geoteach.data

    routes = geoteach.data.explorer_routes()
    rows = []
    for (explorer, journey), stops in routes.groupby(["explorer", "journey"], sort=False):
        stops = stops.sort_values("order")
        lons, lats = stops["lon"].to_numpy(float), stops["lat"].to_numpy(float)
        km = journey_km(lons, lats)
        rows.append(
            {
                "explorer": explorer,
                "journey": journey,
                "from": stops["place"].iloc[0],
                "to": stops["place"].iloc[-1],
                "years": f"{stops['year'].min()}–{stops['year'].max()}",
                "stops": len(stops),
                "km": round(km),
            }
        )
    return pd.DataFrame(rows).sort_values("km", ascending=False, kind="stable")


def explorer_distances(top: int = 5) -> Discussion:
    """Which explorers' journeys (those in the kit: not always their first) were the
    longest, and which were the shortest but still famous?"""
    import geoteach.data

    table = route_lengths().reset_index(drop=True)
    first, shortest = table.iloc[0], table.iloc[-1]
    answer = (
        f"{first['explorer']} ({first['journey']}, {first['years']}): at least "
        f"{number(first['km'])} km. The shortest, {shortest['explorer']} "
        f"({shortest['journey']}), is {number(shortest['km'])} km: famous for where it went, "
        "not how far."
    )
    view = world_map(title=f"The {top} longest journeys")
    routes = geoteach.data.explorer_routes()
    colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]
    for k, row in table.head(top).iterrows():
        stops = routes[
            (routes["explorer"] == row["explorer"]) & (routes["journey"] == row["journey"])
        ]
        colour = colours[k % len(colours)]
        xs, ys = _project(view, *_great_circles(stops["lon"], stops["lat"]))
        view.ax.plot(xs, ys, "-", color=colour, lw=1.4, zorder=7,
                     label=plot_text(f"{row['explorer']} ({number(row['km'])} km)"))  # fmt: skip
        xs, ys = _project(view, stops["lon"], stops["lat"])
        view.ax.plot(xs, ys, "o", color=colour, ms=3, zorder=7)
    view.ax.legend(loc="lower left", fontsize=6.5, frameon=True)
    return Discussion(
        question="Which explorers travelled furthest on these journeys? Why did the "
        "longest ones go by sea?",
        answer=answer,
        tables=(table,),
        figure=view.figure,
        source="data/explorer_routes.csv (Encyclopaedia Britannica; each row cites its article); "
        "distances between stops on the WGS 84 ellipsoid (pyproj)",
    )


def _great_circles(lons: Any, lats: Any) -> tuple[np.ndarray, np.ndarray]:
    """The route stop to stop along the shortest way over the globe, broken (NaN) where it
    crosses the 180° meridian so no line runs across the whole map."""
    points = list(zip(np.asarray(lons, float), np.asarray(lats, float), strict=True))
    path = points[:1]
    for (lon1, lat1), (lon2, lat2) in itertools.pairwise(points):
        path += [*wgs84_path(lon1, lat1, lon2, lat2, 24), (lon2, lat2)]
    xy = np.array(path, dtype=float)
    jumps = np.nonzero(np.abs(np.diff(xy[:, 0])) > 180)[0] + 1
    xy = np.insert(xy, jumps, np.nan, axis=0)
    return xy[:, 0], xy[:, 1]


def _project(view: MapView, lons: Any, lats: Any) -> tuple[np.ndarray, np.ndarray]:
    """Longitudes and latitudes in the map's projection, all at once."""
    from pyproj import Transformer

    to_map = Transformer.from_crs("EPSG:4326", view.crs, always_xy=True)
    xs, ys = to_map.transform(np.asarray(lons, float), np.asarray(lats, float))
    return np.asarray(xs), np.asarray(ys)


def where_it_grows(product: str = "coffee") -> Discussion:
    """Where is ``product`` grown or mined (the People and Products cards), and how many of
    those countries lie between the tropics?"""
    import geoteach.data

    products = geoteach.data.country_products()
    known = sorted(products["product"].unique())
    if product not in known:
        raise ValueError(f"There is no product {product!r}. Choose one of: {', '.join(known)}.")
    countries = geoteach.data.countries()
    rows = products[products["product"] == product]
    codes = [c for c in dict.fromkeys(rows["iso3"]) if c in countries.index]
    lat = countries.loc[codes, "label_lat"].astype(float)
    table = pd.DataFrame(
        {
            "country": countries.loc[codes, "name"].astype(str),
            "continent": countries.loc[codes, "continent"].astype(str),
            "latitude of its middle": lat.round(1),
            "between the tropics": lat.abs() <= TROPIC_LAT,
            "field": rows.drop_duplicates("iso3").set_index("iso3").loc[codes, "field"],
        }
    ).sort_values("latitude of its middle", ascending=False)
    table.index.name = "iso3"
    inside = int(table["between the tropics"].sum())
    answer = (
        f"{len(table)} countries list {product}: {inside} of them lie between the tropics "
        f"(latitude {TROPIC_LAT:.1f}° north and south), in "
        f"{names_list(table['continent'].value_counts().index)}. The Factbook lists only each "
        "country's biggest farm products by weight and its five biggest exports, so a "
        f"country that grows a lot of {product} among even bigger crops may be missing."
    )
    view = world_map(highlight=codes, title=f"Countries that list {product}")
    for sign in (1, -1):
        lons = np.arange(-179.5, 180.0, 1.0)
        xs, ys = _project(view, lons, np.full_like(lons, sign * TROPIC_LAT))
        view.ax.plot(xs, ys, ls="--", color="#D55E00", lw=0.8, zorder=7)
    return Discussion(
        question=f"Where is {product} grown or mined? What do those places have in common?",
        answer=answer,
        tables=(table,),
        figure=view.figure,
        source="data/country_products.csv: CIA World Factbook 2025, 'Natural resources', "
        "'Agricultural products' and 'Exports - commodities' (raw goods only: the main "
        "products each country lists)",
    )


def handouts(sets: Sequence[str] = ("planet_earth",), **_ignored: Any) -> list[Handout]:
    """Global Pursuit's handouts: the map cards of ``sets`` and a globe net of each."""
    from geoteach.games.global_pursuit.layout import SET_NAMES
    from geoteach.render.globe_cards import cards_pdf, net_pdf

    unknown = [s for s in sets if s not in SET_NAMES]
    if unknown:
        raise ValueError(
            f"There is no card set {unknown[0]!r}. The sets are: {', '.join(SET_NAMES)}."
        )
    out = [
        Handout(
            "global_pursuit_cards.pdf",
            _("the map cards of {sets}, six to a page, with their edge numbers (A4)").format(
                sets=list_words([_(SET_NAMES[s]) for s in sets], last="and")
            ),
            lambda path, paper: cards_pdf(str(path), list(sets)),
        )
    ]
    for name in sets:
        out.append(
            Handout(
                f"global_pursuit_net_{name}.pdf",
                _("the globe net of {set}: cut out, fold and glue a dodecahedron (A4)").format(
                    set=_(SET_NAMES[name])
                ),
                lambda path, paper, name=name: net_pdf(name, str(path)),
            )
        )
    return out
