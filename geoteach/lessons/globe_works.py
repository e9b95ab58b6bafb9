"""Globe Works' debrief questions and handouts: the linking cities, the map and the scores.

Computed from the game's deck and regions (data/globe_works_*.csv via
``geoteach.games.globe_works``) and the region shapes of the world map; "joined" means what
the rules say: one linking card shows both regions' colours (``networks.joined_pairs``).
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import shapely
from matplotlib.figure import Figure
from shapely.geometry import Point

from geoteach.escape import plot_text
from geoteach.games.globe_works import SCORE_TABLE, cards, regions
from geoteach.games.globe_works.cards import ICON_WORDS
from geoteach.games.globe_works.networks import joined_pairs
from geoteach.i18n import _
from geoteach.lessons.discussion import CHART_SIZE, Discussion, bar_chart, names_list, number
from geoteach.lessons.handouts import Handout
from geoteach.lessons.printing import (
    BODY_PT,
    SMALL_PT,
    TITLE_PT,
    Paper,
    footer,
    page,
    pdf_pages,
    table_grid,
)
from geoteach.render.mapview import new_figure
from geoteach.sphere import wgs84_km

SOURCE = (
    "data/globe_works_cities.csv and globe_works_regions.csv (UN M49 regions; each city's "
    "row names its source; see data/SOURCES.md)"
)
FARTHEST = "farthest region's land (km)"
#: "Near" a region, for the linking cities' answer.
NEAR_KM = 1000


def _linking() -> list:
    return [c for c in cards().values() if c.is_linking]


def _km_to(region_code: str, lon: float, lat: float) -> float:
    """Distance in km over the globe from a point to the nearest coast or border point of a
    region (0 inside it); measured on the globe, so the Pacific is crossed the short way."""
    from geoteach.render.globe_works import region_shapes

    shape = region_shapes()[region_code]
    if shape.contains(Point(lon, lat)):
        return 0.0
    xy = shapely.get_coordinates(shape.boundary)
    here = np.broadcast_to([lon, lat], xy.shape)
    return float(wgs84_km(here[:, 0], here[:, 1], xy[:, 0], xy[:, 1]).min())


def linking_cities() -> Discussion:
    """Which linking cities join the most regions, and what do they have in common?"""
    import geoteach.data

    names = geoteach.data.countries()["name"]
    rows = []
    for card in _linking():
        km = [_km_to(code, card.lon, card.lat) for code in card.links]
        rows.append(
            {
                "linking city": card.city,
                "country": str(names.get(card.iso3, card.iso3)),
                "regions joined": len(card.links),
                "regions": " + ".join(card.links),
                FARTHEST: round(max(km)),
            }
        )
    table = pd.DataFrame(rows).sort_values(
        ["regions joined", "linking city"], ascending=[False, True], kind="stable"
    )
    table = table.reset_index(drop=True)
    most = table[table["regions joined"] == table["regions joined"].max()]
    farthest = table.loc[table[FARTHEST].idxmax()]
    close = int((table[FARTHEST] <= NEAR_KM).sum())
    answer = (
        f"{names_list(most['linking city'])} join {most['regions joined'].iloc[0]} regions. "
        f"They lie where regions meet: {close} of the {len(table)} linking cities are within "
        f"{number(NEAR_KM)} km of the land of every region they link (straits, isthmuses, "
        f"borders); the farthest is {farthest['linking city']}, "
        f"{number(farthest[FARTHEST])} km from one of its regions, across the ocean."
    )
    counts = table.set_index("linking city")["regions joined"]
    fig = bar_chart(
        counts,
        title="Regions joined by each linking city",
        xlabel="regions",
        highlight=list(most["linking city"]),
        figsize=(CHART_SIZE[0], 4.6),
    )
    return Discussion(
        question="Which linking cities join the most regions, and what do they have in common?",
        answer=answer,
        tables=(table,),
        figure=fig,
        source=SOURCE + "; distances to the region shapes of the world map (Natural Earth)",
    )


def link_steps() -> pd.DataFrame:
    """Fewest linking cities on the way from each region to each other one, with all of them
    open (a network needs a card in every region on the way, so this is also the fewest
    regions a network passes through minus one)."""
    codes = list(regions())
    pairs = joined_pairs(c.links for c in _linking())
    near = {code: {b for p in pairs if code in p for b in p if b != code} for code in codes}
    steps = pd.DataFrame(0, index=codes, columns=codes)
    for start in codes:
        seen = {start: 0}
        todo = deque([start])
        while todo:
            here = todo.popleft()
            for there in sorted(near[here]):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    todo.append(there)
        for code in codes:
            steps.loc[start, code] = seen.get(code, -1)
    return steps


def hardest_regions() -> Discussion:
    """Which regions are hardest to join to a network: opened by the fewest linking cities,
    and the most steps from the others?"""
    codes = list(regions())
    links = _linking()
    opened = pd.Series({c: sum(c in card.links for card in links) for c in codes})
    steps = link_steps()
    table = pd.DataFrame(
        {
            "region": [regions()[c].name for c in codes],
            "linking cities that open it": opened,
            "most steps to another region": steps.max(axis=1),
            "opened by": [
                names_list(sorted(card.city for card in links if c in card.links)) for c in codes
            ],
        },
        index=pd.Index(codes, name="code"),
    ).sort_values(["linking cities that open it", "most steps to another region"],
                  ascending=[True, False], kind="stable")  # fmt: skip
    fewest = table[table["linking cities that open it"] == table.iloc[0, 1]]
    least = int(table.iloc[0, 1])
    opens = "linking city opens" if least == 1 else "linking cities open"
    # Every pair the most steps apart: a shared first place is said as a tie (issue 36).
    most = int(steps.to_numpy().max())
    farthest = [
        f"{regions()[a].name} and {regions()[b].name}"
        for i, a in enumerate(codes)
        for b in codes[i + 1 :]
        if steps.loc[a, b] == most
    ]
    pairs = (
        f"The farthest pair, {farthest[0]}, is"
        if len(farthest) == 1
        else f"The farthest pairs, {'; '.join(farthest[:-1])}; and {farthest[-1]}, are"
    )
    answer = (
        f"{names_list(fewest['region'])}: only {least} {opens} "
        f"{'it' if len(fewest) == 1 else 'each'}. {pairs} {most} linking cities apart: a "
        "network from one to the other needs a card in every region on the way."
    )
    fig = new_figure(CHART_SIZE)
    ax = fig.add_axes((0.1, 0.1, 0.62, 0.8))
    image = ax.imshow(steps.to_numpy(), cmap="cividis")
    ax.set_xticks(range(len(codes)), codes, fontsize=7)
    ax.set_yticks(range(len(codes)), codes, fontsize=7)
    for i in range(len(codes)):
        for j in range(len(codes)):
            value = steps.iloc[i, j]
            ax.text(j, i, str(value), ha="center", va="center", fontsize=6,
                    color="white" if value < steps.to_numpy().max() / 2 else "black")  # fmt: skip
    fig.colorbar(image, ax=ax, fraction=0.05).set_label("linking cities on the way", fontsize=7)
    fig.suptitle("Fewest linking cities between two regions", fontsize=10)
    return Discussion(
        question="Which regions are hardest to bring into a network, and why?",
        answer=answer,
        tables=(table, steps),
        figure=fig,
        source=SOURCE,
    )


# --------------------------------------------------------------------------- handouts


def _region_map_page(paper: Paper) -> Figure:
    """The 12 regions with every linking city at the north edge, and the key of codes."""
    from geoteach.render.globe_works import draw_table

    fig = page(paper, landscape=True)
    north = sorted((c.card for c in _linking()), key=lambda c: cards()[c].lon)
    draw_table({"north": north, "played": [], "networks": []}, [], fig=fig)
    ax = fig.axes[0]
    ax.set_position((0.02, 0.17, 0.96, 0.74))
    fig.text(0.02, 0.955, "Globe Works: the 12 regions and the 18 linking cities",
             fontsize=TITLE_PT, weight="bold")  # fmt: skip
    fig.text(0.02, 0.925, "A linking city opens the regions of its colours to everybody. "
             "Write your cities' tokens on the map.", fontsize=BODY_PT)  # fmt: skip
    key = [f"{r.code}  {r.name}" for r in regions().values()]
    for k, text in enumerate(key):
        col, row = divmod(k, 3)
        region = list(regions().values())[k]
        x, y = 0.03 + col * 0.24, 0.12 - row * 0.03
        fig.add_artist(_swatch(fig, x, y, region.colour, region.hatch))
        fig.text(x + 0.022, y + 0.008, plot_text(text), fontsize=SMALL_PT, va="center")
    footer(fig, "Globe Works: region map")
    return fig


def _swatch(fig: Figure, x: float, y: float, colour: str, hatch: str):
    from matplotlib.patches import Rectangle

    return Rectangle((x, y), 0.018, 0.018, transform=fig.transFigure,
                     facecolor=colour, hatch=hatch, edgecolor="#333333", lw=0.5)  # fmt: skip


def _scoring_page(paper: Paper) -> Figure:
    """The scoring table, the icons and the linking cities with their regions."""
    import geoteach.data

    fig = page(paper)
    fig.text(0.06, 0.955, "Globe Works: scoring table", fontsize=TITLE_PT, weight="bold")
    fig.text(0.06, 0.928, "A network: your cities of one icon whose regions are joined by open "
             "linking cities. It scores by its number of cards.", fontsize=BODY_PT)  # fmt: skip
    sizes = list(SCORE_TABLE)
    table_grid(fig, (0.06, 0.80, 0.88, 0.1), ["Cards in a network", *map(str, sizes)],
               [["Points", *(str(SCORE_TABLE[n]) for n in sizes)]],
               first_widths=(0.25,))  # fmt: skip
    fig.text(0.06, 0.775, "Careful: a network of 2 cards costs 20 points, and so does each pair "
             "of one icon left in your hand at the end of a round.", fontsize=BODY_PT,
             va="top")  # fmt: skip
    icons = "   ".join(f"{icon}: {words}" for icon, words in ICON_WORDS.items())
    fig.text(0.06, 0.74, plot_text(f"Icons: {icons}"), fontsize=BODY_PT, va="top")
    names = geoteach.data.countries()["name"]
    region_names = {code: r.name for code, r in regions().items()}
    rows = [
        [card.city, str(names.get(card.iso3, card.iso3)),
         ", ".join(f"{c} {region_names[c]}" for c in card.links)]
        for card in sorted(_linking(), key=lambda c: c.lon)
    ]  # fmt: skip
    fig.text(0.06, 0.705, "The linking cities, west to east", fontsize=12, weight="bold",
             va="top")  # fmt: skip
    table_grid(fig, (0.06, 0.07, 0.88, 0.61), ["Linking city", "Country", "Regions it opens"],
               rows, first_widths=(0.2, 0.22), fontsize=SMALL_PT + 1)  # fmt: skip
    footer(fig, "Globe Works: scoring table")
    return fig


def globe_works_pdf(path: str | Path, paper: str = "A4") -> Path:
    """Two pages: the region map with every linking city, then the scoring table and the
    list of linking cities with the regions each one opens."""
    sheet = Paper.named(paper)
    with pdf_pages(path, "Globe Works: region map and scoring table") as pdf:
        pdf.savefig(_region_map_page(sheet))
        pdf.savefig(_scoring_page(sheet))
    return Path(path)


def handouts(**_ignored: Any) -> list[Handout]:
    """Globe Works' handout: the region map and the scoring table."""
    return [
        Handout(
            "globe_works_map_and_scores.pdf",
            _(
                "the region map with all 18 linking cities, then the scoring table and the "
                "linking cities' regions"
            ),
            globe_works_pdf,
        )
    ]
