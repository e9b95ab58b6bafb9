"""GeoTriple's debrief questions and its printed state cards.

Every answer is computed from ``geoteach.data.us_states()``: neighbours as the game counts them
(a shared line on land or along a river; corners and water do not count), the three ranks the
cards carry, and the Census regions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.patches import PathPatch, Rectangle
from matplotlib.transforms import Affine2D

from geoteach.escape import plot_text
from geoteach.games.geotriple.cards import CATEGORY_COLUMNS
from geoteach.i18n import _
from geoteach.lessons.discussion import Discussion, names_list, number, ordinal, us_map
from geoteach.lessons.handouts import Handout
from geoteach.lessons.printing import (
    BODY_PT,
    SMALL_PT,
    TINY_PT,
    Paper,
    card_slots,
    cut_box,
    footer,
    page,
    pdf_pages,
)
from geoteach.render import palettes
from geoteach.render.mapview import geometry_path

SOURCE = (
    "data/us_states.csv: U.S. Census Bureau boundaries (us-atlas), total areas (2010 Census), "
    "the 2020 Census population and the dates of admission (see data/SOURCES.md)"
)


def _states() -> pd.DataFrame:
    import geoteach.data

    return geoteach.data.us_states()


def most_neighbours(top: int = 8) -> Discussion:
    """Which states border the most others, and why do western states have fewer neighbours?"""
    states = _states()
    count = states["neighbours"].map(len).rename("neighbours")
    order = count.sort_values(ascending=False, kind="stable")
    leaders = order.head(top).index
    table = pd.DataFrame(
        {
            "state": states.loc[leaders, "name"],
            "neighbours": count[leaders],
            "bordering states": [", ".join(sorted(states.loc[c, "neighbours"])) for c in leaders],
            "region": states.loc[leaders, "region"],
        }
    )
    table.index.name = "usps"
    regions = (
        pd.DataFrame(
            {
                "region": states["region"],
                "neighbours": count,
                "area_km2": states["area_km2"],
                "coast": states["coastline"].astype(bool),
            }
        )
        .groupby("region")
        .agg(
            states=("neighbours", "size"),
            mean_neighbours=("neighbours", "mean"),
            mean_area_km2=("area_km2", "mean"),
            share_on_the_ocean=("coast", "mean"),
        )
        .round({"mean_neighbours": 1, "mean_area_km2": 0, "share_on_the_ocean": 2})
        .sort_values("mean_neighbours", ascending=False)
    )
    most = order[order == order.iloc[0]].index
    none = list(states.loc[count[count == 0].index, "name"])
    biggest, fewest = regions["mean_area_km2"].idxmax(), regions.index[-1]
    by_region = ", ".join(f"{r} {v}" for r, v in regions["mean_neighbours"].items())
    answer = (
        f"{names_list(states.loc[most, 'name'])} border{'s' if len(most) == 1 else ''} "
        f"{order.iloc[0]} states{' each' if len(most) > 1 else ''}. "
        f"Neighbours on average: {by_region}. The {biggest}'s states are the biggest "
        f"({number(regions.loc[biggest, 'mean_area_km2'])} km² on average), so fewer fit "
        f"around each one, and {names_list(none)} border no state at all. In the "
        f"{fewest}, {regions.loc[fewest, 'share_on_the_ocean']:.0%} of the states are on the "
        "ocean, where no state lies beyond."
    )
    view = us_map(count, title="Number of neighbouring states")
    return Discussion(
        question=(
            "Which states border the most others? Why do western states have fewer neighbours?"
        ),
        answer=answer,
        tables=(table, regions),
        figure=view.figure,
        source=SOURCE,
    )


def size_and_population(top: int = 4) -> Discussion:
    """Which states rank very differently by size and by population (a trick's two choices)?"""
    states = _states()
    size, people = states["area_rank"], states["population_rank"]
    gap = (people - size).rename("places")
    bigger = gap.sort_values(ascending=False, kind="stable").head(top).index
    busier = gap.sort_values(ascending=True, kind="stable").head(top).index
    chosen = list(bigger) + list(busier)
    year = int(states["population_year"].iloc[0])
    table = pd.DataFrame(
        {
            "state": states.loc[chosen, "name"],
            "size rank": size[chosen],
            "population rank": people[chosen],
            "difference": gap[chosen],
            "area (km²)": states.loc[chosen, "area_km2"],
            f"population ({year})": states.loc[chosen, "population"],
        }
    )
    table.index.name = "usps"
    a, b = bigger[0], busier[0]
    answer = (
        f"{states.loc[a, 'name']} is {ordinal(size[a])} in size but {ordinal(people[a])} in "
        f"population; {states.loc[b, 'name']} is {ordinal(size[b])} in size but "
        f"{ordinal(people[b])} in population. With {states.loc[a, 'name']}'s card, lead Size; "
        f"with {states.loc[b, 'name']}'s, lead Population."
    )
    limit = int(gap.abs().max())
    view = us_map(
        gap,
        title="Population rank minus size rank (purple: more land than people)",
        cmap=palettes.DIVERGING,
        vmin=-limit,
        vmax=limit,
    )
    return Discussion(
        question="Which states rank very differently by size and by population, and why?",
        answer=answer,
        tables=(table,),
        figure=view.figure,
        source=SOURCE,
    )


def statehood_map() -> Discussion:
    """In what order did the states join the Union, and how does that spread across the map?"""
    states = _states()
    year = pd.Series([d.year for d in states["admitted"]], index=states.index, name="year")
    regions = (
        pd.DataFrame({"region": states["region"], "year": year, "name": states["name"]})
        .groupby("region")
        .agg(
            states=("year", "size"),
            first_joined=("year", "min"),
            last_joined=("year", "max"),
            median_year=("year", "median"),
        )
        .sort_values("median_year")
    )
    first = states["statehood_rank"].idxmin()
    last = states["statehood_rank"].idxmax()
    original = int((states["statehood_rank"] <= 13).sum())
    original_regions = sorted(states.loc[states["statehood_rank"] <= 13, "region"].unique())
    answer = (
        f"{states.loc[first, 'name']} came first ({year[first]}) and {states.loc[last, 'name']} "
        f"last ({year[last]}). The {original} original states are all in the "
        f"{names_list(original_regions)}; the {regions.index[-1]}'s states joined last "
        f"(middle year {int(regions['median_year'].iloc[-1])}): the country grew westwards."
    )
    view = us_map(year, title="Year the state joined the Union", cmap=palettes.SEQUENTIAL)
    return Discussion(
        question="In what order did the states join the Union, and what pattern do you see?",
        answer=answer,
        tables=(regions,),
        figure=view.figure,
        source=SOURCE,
    )


# --------------------------------------------------------------------------- handouts

#: What each rank means, as printed on the card.
RANK_WORDS = {"size": "Size", "statehood": "Statehood", "population": "Population"}


def _card(fig: Figure, slot: tuple[float, ...], row: pd.Series, code: str, outline) -> None:
    """One GeoPlunge card: the state, its outline, its three ranks with what they rank."""
    x, y, w, h = slot
    fig.add_artist(
        Rectangle(
            (x, y + h * 0.86), w, h * 0.14, transform=fig.transFigure, facecolor="#e8eef5", lw=0
        )
    )
    cut_box(fig, slot)
    fig.text(x + w * 0.05, y + h * 0.93, plot_text(row["name"]), fontsize=13, weight="bold",
             va="center")  # fmt: skip
    fig.text(x + w * 0.95, y + h * 0.93, code, fontsize=BODY_PT, va="center", ha="right",
             color="#333333")  # fmt: skip
    _outline(fig, outline, (x + w * 0.2, y + h * 0.49, w * 0.6, h * 0.34))
    fig.text(
        x + w / 2,
        y + h * 0.45,
        plot_text(f"Capital: {row['capital']}"),
        fontsize=SMALL_PT,
        ha="center",
        va="top",
    )
    lines = [
        ("size", f"{number(row['area_km2'])} km² ({row['area_year']})"),
        ("statehood", f"joined {row['admitted'].strftime('%d %b %Y').lstrip('0')}"),
        ("population", f"{number(row['population'])} ({row['population_year']} Census)"),
    ]
    for k, (category, detail) in enumerate(lines):
        top = y + h * (0.35 - 0.11 * k)
        rank = int(row[CATEGORY_COLUMNS[category]])
        fig.text(x + w * 0.06, top, RANK_WORDS[category], fontsize=SMALL_PT, va="top")
        fig.text(
            x + w * 0.94,
            top,
            ordinal(rank),
            fontsize=12,
            weight="bold",
            va="top",
            ha="right",
        )
        fig.text(
            x + w * 0.06,
            top - h * 0.045,
            plot_text(detail),
            fontsize=TINY_PT,
            va="top",
            color="#333333",
        )


def _outline(fig: Figure, shape: Any, box: tuple[float, float, float, float]) -> None:
    """The state's outline drawn to fit ``box`` (figure fractions), true to its shape."""
    width, height = fig.get_size_inches()
    x0, y0, x1, y1 = shape.bounds
    bx, by, bw, bh = box
    inches = min(bw * width / (x1 - x0), bh * height / (y1 - y0))
    place = (
        Affine2D()
        .translate(-(x0 + x1) / 2, -(y0 + y1) / 2)
        .scale(inches)
        .translate((bx + bw / 2) * width, (by + bh / 2) * height)
    )
    fig.add_artist(
        PathPatch(
            geometry_path(shape),
            transform=place + fig.dpi_scale_trans,
            facecolor="#cfe3f1",
            edgecolor="#1a1a1a",
            lw=0.6,
        )
    )


def state_cards_pdf(path: str | Path, paper: str = "A4") -> Path:
    """The 50 GeoPlunge cards, playing-card size, nine to a page: each state with its outline,
    capital and its three ranks (1st = largest, first to join, most people)."""
    import geoteach.data

    sheet = Paper.named(paper)
    states = _states().sort_values("name")
    outlines = geoteach.data.us_map(insets=True).geometry
    slots = card_slots(sheet)
    with pdf_pages(path, "GeoTriple: the 50 state cards") as pdf:
        codes = list(states.index)
        for start in range(0, len(codes), len(slots)):
            fig = page(sheet)
            fig.text(
                0.5,
                0.975,
                "GeoTriple state cards: cut along the grey lines. Rank 1st = largest (size), "
                "first to join the Union (statehood), most people (population).",
                fontsize=SMALL_PT,
                ha="center",
                va="top",
                wrap=True,
            )
            for slot, code in zip(slots, codes[start : start + len(slots)], strict=False):
                _card(fig, slot, states.loc[code], str(code), outlines[code])
            footer(fig, "GeoTriple: the 50 state cards")
            pdf.savefig(fig)
    return Path(path)


def handouts(**_ignored: Any) -> list[Handout]:
    """GeoTriple's handout: the 50 state cards."""
    return [
        Handout(
            "geotriple_state_cards.pdf",
            _("the 50 state cards with their size, statehood and population ranks"),
            state_cards_pdf,
        )
    ]
