"""Globalissimo's debrief questions and handouts: rankings that move, the map, the capitals.

Every answer is computed from ``geoteach.data.countries()`` and its statistics catalogue, with
the game's own Olympic places (``geoteach.games.globalissimo.ranking``): equal values share a
place, as at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from geoteach.escape import plot_text
from geoteach.games.globalissimo.ranking import POINTS_BY_DISTANCE, true_places
from geoteach.i18n import _
from geoteach.lessons.discussion import (
    CHART_SIZE,
    Discussion,
    names_list,
    number,
    ordinal,
    tied,
    world_map,
)
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
from geoteach.quiz.answers import said_answers
from geoteach.quiz.question import Question
from geoteach.render import palettes
from geoteach.render.mapview import new_figure


def places(category: str) -> pd.Series:
    """Every country's place in ``category`` (1 = the catalogue's ``rank1`` end), as the game
    ranks a round: equal values share a place. Countries without a value are left out."""
    import geoteach.data

    info = geoteach.data.statistics().loc[category]
    values = geoteach.data.countries()[category].dropna().astype(float)
    ranked = true_places(values.tolist(), str(info["rank1"]))
    return pd.Series(ranked, index=values.index, name=category)


def _label(category: str) -> str:
    import geoteach.data

    return str(geoteach.data.statistics().loc[category, "label"])


def _source(*categories: str) -> str:
    import geoteach.data

    stats = geoteach.data.statistics()
    # The years the values span ("2021–2024"), not the Factbook's usual year: issue 36.
    parts = dict.fromkeys(
        f"{stats.loc[c, 'source']} ({stats.loc[c, 'label']}, "
        f"{stats.loc[c, 'years'] or stats.loc[c, 'year']})"
        for c in categories
    )
    return "; ".join(parts)


def rank_shifts(first: str = "population", second: str = "area_km2", top: int = 4) -> Discussion:
    """Which countries move furthest between two rankings (population and area by default)?

    The table lists the ``top`` countries that move furthest each way, with their population
    density: a country far up the people ranking and far down the area ranking is crowded.
    """
    import geoteach.data

    countries = geoteach.data.countries()
    a, b = places(first), places(second)
    both = a.index.intersection(b.index)
    moved = (b[both] - a[both]).rename("moved")
    up = moved.sort_values(ascending=False, kind="stable").head(top)
    down = moved.sort_values(ascending=True, kind="stable").head(top)
    chosen = list(up.index) + list(down.index)
    label_a, label_b = _label(first), _label(second)
    table = pd.DataFrame(
        {
            "country": countries.loc[chosen, "name"].astype(str),
            f"place by {label_a.lower()}": a[chosen],
            f"place by {label_b.lower()}": b[chosen],
            "places moved": moved[chosen],
            "people per km²": countries.loc[chosen, "population_density"].round(1),
        }
    )
    table.index.name = "iso3"
    # Every country sharing the furthest move is named: a tie is said as a tie (issue 36).
    ups, downs = tied(moved), tied(moved, lowest=True)

    def places_of(code: str, joiner: str) -> str:
        return (
            f"{countries.loc[code, 'name']} is {ordinal(a[code])} by {label_a.lower()}"
            f"{joiner}{ordinal(b[code])} by {label_b.lower()}"
        )

    furthest = "; ".join(places_of(c, " but ") for c in ups)
    other = "; ".join(places_of(c, " and ") for c in downs)
    each = " each" if len(ups) > 1 else ""
    answer = (
        f"{furthest} ({moved[ups[0]]} places{each}); the other way, {other}. Out of "
        f"{len(both)} countries, {int((moved.abs() > 50).sum())} move more than 50 places."
    )
    fig = new_figure(CHART_SIZE)
    ax = fig.add_axes((0.12, 0.15, 0.84, 0.74))
    ax.scatter(a[both], b[both], s=6, color="#9a9a9a", label="every country")
    ax.scatter(a[chosen], b[chosen], s=22, color=palettes.HIGHLIGHT, edgecolor="black", zorder=3)
    for code in chosen:
        ax.annotate(
            plot_text(countries.loc[code, "name"]),
            (a[code], b[code]),
            xytext=(4, 2),
            textcoords="offset points",
            fontsize=7,
        )
    top_place = int(max(a[both].max(), b[both].max()))
    ax.plot([1, top_place], [1, top_place], color="#0072B2", lw=0.8, ls="--")
    ax.annotate(
        "same place in both",
        (top_place * 0.45, top_place * 0.45),
        xytext=(6, -10),
        textcoords="offset points",
        fontsize=7,
        color="#0072B2",
    )
    ax.set_xlabel(plot_text(f"place by {label_a.lower()} (1 = most)"), fontsize=8)
    ax.set_ylabel(plot_text(f"place by {label_b.lower()}"), fontsize=8)
    ax.invert_xaxis()
    ax.invert_yaxis()
    ax.tick_params(labelsize=7)
    fig.suptitle(plot_text(f"{label_a} place against {label_b.lower()} place"), fontsize=10)
    return Discussion(
        question=(
            f"Which countries moved furthest between the {label_a.lower()} and the "
            f"{label_b.lower()} rankings, and why?"
        ),
        answer=answer,
        tables=(table,),
        figure=fig,
        source=_source(first, second, "population_density"),
    )


#: A place shared by more countries than this is said with their number and a few names.
NAMED_AT_MOST = 6


def _sharing(names: pd.Series) -> str:
    """The countries of one place, as a tie: "China and Russia", or for a long tie "113
    countries share it, among them Albania, Algeria and Andorra" (issue 36)."""
    ordered = sorted(map(str, names))
    if len(ordered) <= NAMED_AT_MOST:
        return names_list(ordered)
    return f"{len(ordered)} countries share it, among them {names_list(ordered[:3])}"


def _in_years(years: pd.Series | None, codes: Sequence[str]) -> str:
    """ ", 2024" (or ", 2022–2024"): the year of the values said, each value's own (issue 36)."""
    if years is None:
        return ""
    known = sorted({int(y) for y in years[list(codes)].dropna()})
    if not known:
        return ""
    return f", {known[0]}" if len(known) == 1 else f", {known[0]}–{known[-1]}"


def category_map(category: str = "life_expectancy", top: int = 5) -> Discussion:
    """Where are the highest and lowest values of the category the class just played?"""
    import geoteach.data

    countries = geoteach.data.countries()
    info = geoteach.data.statistics().loc[category]
    place = places(category)
    values = countries.loc[place.index, category].astype(float)
    order = place.sort_values(kind="stable").index
    chosen = list(order[:top]) + list(order[-top:])
    year_column = f"{category}_year"
    table = pd.DataFrame(
        {
            "place": place[chosen],
            "country": countries.loc[chosen, "name"].astype(str),
            "continent": countries.loc[chosen, "continent"].astype(str),
            f"{info['label']} ({info['unit']})": values[chosen],
            "year": countries.loc[chosen, year_column] if year_column in countries else "",
        }
    )
    table.index.name = "iso3"
    by_continent = (
        pd.DataFrame({"continent": countries.loc[place.index, "continent"], "value": values})
        .groupby("continent")["value"]
        .median()
        .sort_values(ascending=info["rank1"] != "highest")
    )
    best, worst = tied(place, lowest=True), tied(place)
    ahead = by_continent if info["rank1"] == "highest" else -by_continent
    years = countries.get(year_column)
    answer = (
        f"Place 1: {_sharing(countries.loc[best, 'name'])} ({number(values[best[0]])} "
        f"{info['unit']}{_in_years(years, best)}); last place, {ordinal(place[worst[0]])}: "
        f"{_sharing(countries.loc[worst, 'name'])} ({number(values[worst[0]])}"
        f"{_in_years(years, worst)}). By the "
        f"middle country of each continent, {names_list(tied(ahead))} "
        f"{'comes' if len(tied(ahead)) == 1 else 'come'} first and "
        f"{names_list(tied(ahead, lowest=True))} last."
    )
    view = world_map(values, title=f"{info['label']} ({info['unit']})")
    view.outline(chosen)
    continents = by_continent.rename(f"median {info['label'].lower()} ({info['unit']})").to_frame()
    return Discussion(
        question=(
            f"{info['label']}: where are the highest and the lowest values, and what do the "
            "countries at each end have in common?"
        ),
        answer=answer,
        tables=(table, continents),
        figure=view.figure,
        source=_source(category),
    )


def capitals_and_seats() -> Discussion:
    """Which countries keep their government in another city than the capital (hurdle B)?"""
    import geoteach.data

    countries = geoteach.data.countries()
    seats = countries[countries["seat_of_government"].fillna("") != ""]
    table = pd.DataFrame(
        {
            "country": seats["name"].astype(str),
            "capital": seats["capital"].astype(str),
            "seat of government": seats["seat_of_government"].astype(str),
            "every answer that counts": [
                said_answers(
                    Question("capital", 1, f"Capital of {n}?", str(c), tuple(map(str, al)))
                )
                for n, c, al in zip(
                    seats["name"], seats["capital"], seats["capital_aliases"], strict=True
                )
            ],
        }
    )
    table.index.name = "iso3"
    continents = seats["continent"].astype(str).value_counts()
    answer = (
        f"{len(seats)} countries: {names_list(table['country'])}. "
        f"{names_list(tied(continents))} {'has' if len(tied(continents)) == 1 else 'have'} "
        f"the most ({continents.iloc[0]}). "
        "At hurdle B both the capital and the seat of government count."
    )
    view = world_map(highlight=list(seats.index), title="Capital and seat of government differ")
    return Discussion(
        question=(
            "Which countries keep their government in a city that is not the capital, "
            "and why might a country do that?"
        ),
        answer=answer,
        tables=(table,),
        figure=view.figure,
        source="data/countries.csv: capitals from GeoNames via pyworldatlas and the CIA World "
        "Factbook 2025 (see data/SOURCES.md, 'Seats of government')",
    )


# --------------------------------------------------------------------------- handouts

#: Parts of the world printed larger after the whole map, where the numbers crowd together:
#: (title, UN regions whose countries the page shows). Russia is left out of Eastern Europe:
#: it would stretch the page across Asia.
ZOOMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Europe", ("Northern Europe", "Western Europe", "Southern Europe", "Eastern Europe")),
    ("Central America and the Caribbean", ("Central America", "Caribbean")),
    ("The Middle East", ("Western Asia",)),
)
LEFT_OUT_OF_ZOOMS = ("RUS",)
#: Numbers on the printed map, in points: the whole world, and the larger parts.
MAP_NUMBER_PT = 6.5
ZOOM_NUMBER_PT = 8.0
MAP_RECT = (0.02, 0.06, 0.96, 0.87)


def _bounds(codes: Sequence[str], margin: float = 0.08) -> tuple[float, float, float, float]:
    """The box round the countries' label points (not their whole shapes: France's reach
    French Guiana and Réunion), with a margin so border countries show whole."""
    from geoteach.render.world import projected_world

    world = projected_world()
    rows = [world.frame.index.get_loc(c) for c in codes]
    xy = world.anchors[rows]
    (x0, y0), (x1, y1) = xy.min(axis=0), xy.max(axis=0)
    pad = margin * max(x1 - x0, y1 - y0)
    return x0 - pad, y0 - pad, x1 + pad, y1 + pad


def _fit(box: Sequence[float], aspect: float) -> tuple[float, float, float, float]:
    """``box`` grown in width or height to the shape ``aspect`` (width / height) of the axes."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    w, h = max(w, h * aspect), max(h, w / aspect)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2


def _map_page(paper: Paper, title: str, codes: Sequence[str], fontsize: float) -> Figure:
    from geoteach.render.world import projected_world, world_map_view

    fig = page(paper, landscape=True)
    width, height = fig.get_size_inches()
    aspect = (MAP_RECT[2] * width) / (MAP_RECT[3] * height)
    home = projected_world().background.bounds
    box = _fit(_bounds(codes), aspect) if codes else _fit(home, aspect)
    zoom = (_fit(home, aspect)[3] - _fit(home, aspect)[1]) / (box[3] - box[1])
    # Laid out on a page ``zoom`` times larger, the numbers are placed for the zoomed map.
    fig.set_size_inches(width * zoom, height * zoom)
    ax = fig.add_axes(MAP_RECT)
    world_map_view(ax=ax, fontsize=fontsize)
    fig.set_size_inches(width, height)
    if codes:
        ax.set_xlim(box[0], box[2])
        ax.set_ylim(box[1], box[3])
    fig.text(0.03, 0.955, plot_text(title), fontsize=TITLE_PT, weight="bold")
    fig.text(
        0.97,
        0.955,
        "Hurdle A: find the country and write its number.",
        fontsize=BODY_PT,
        ha="right",
    )
    footer(fig, "Globalissimo: the numbered world map")
    return fig


def world_map_pdf(path: str | Path, paper: str = "A4") -> Path:
    """The numbered world map (the board's hurdle A map), then the crowded parts larger,
    then the numbers' key for the teacher. Landscape, one map per page."""
    import geoteach.data

    sheet = Paper.named(paper)
    countries = geoteach.data.countries()
    playable = countries[countries["map_number"].notna()]
    with pdf_pages(path, "Globalissimo: the numbered world map") as pdf:
        pdf.savefig(_map_page(sheet, "The numbered world map", (), MAP_NUMBER_PT))
        for title, where in ZOOMS:
            inside = playable["region"].isin(where) & ~playable.index.isin(LEFT_OUT_OF_ZOOMS)
            codes = list(playable.index[inside])
            pdf.savefig(_map_page(sheet, f"Larger: {title}", codes, ZOOM_NUMBER_PT))
        pdf.savefig(_map_key_page(sheet, playable))
    return Path(path)


def _map_key_page(paper: Paper, playable: pd.DataFrame) -> Figure:
    """Number -> country, in columns: the answers to hurdle A, for the teacher."""
    fig = page(paper)
    fig.text(0.06, 0.955, "Answer key: the map's numbers", fontsize=TITLE_PT, weight="bold")
    fig.text(0.06, 0.93, "For the teacher: keep this page away from the players.", fontsize=BODY_PT)
    rows = playable.sort_values("map_number")
    entries = [
        f"{int(n)}  {name}" for n, name in zip(rows["map_number"], rows["name"], strict=True)
    ]
    columns = 4
    per_column = int(np.ceil(len(entries) / columns))
    for k in range(columns):
        chunk = entries[k * per_column : (k + 1) * per_column]
        fig.text(
            0.06 + k * 0.225,
            0.905,
            plot_text("\n".join(chunk)),
            fontsize=SMALL_PT,
            va="top",
            linespacing=1.25,
        )
    footer(fig, "Globalissimo: the numbered world map")
    return fig


def score_sheet_pdf(
    path: str | Path,
    players: Sequence[str] = (),
    rounds: int = 10,
    paper: str = "A4",
) -> Path:
    """A score sheet for a game of ``rounds`` rounds: per round the category, then for each
    player the place they put and the points, and the hurdles taken. Blank names if none."""
    sheet = Paper.named(paper)
    names = [str(p) for p in players] or [f"Player {k}" for k in range(1, 7)]
    if len(names) > 6:
        raise ValueError("Globalissimo is played by 2 to 6 players or teams.")
    if rounds < 1:
        raise ValueError("A game needs at least one round.")
    fig = page(sheet)
    fig.text(0.06, 0.955, "Globalissimo score sheet", fontsize=TITLE_PT, weight="bold")
    points = ", ".join(
        f"{'exactly right' if off == 0 else f'{off} place' + ('s' if off > 1 else '') + ' off'}"
        f" = {p}"
        for off, p in enumerate(POINTS_BY_DISTANCE)
    )
    fig.text(
        0.06,
        0.928,
        plot_text(f"Points: {points}, further off = 0."),
        fontsize=BODY_PT,
    )
    fig.text(
        0.06,
        0.908,
        "In each player's box: the place you put on the country (left), your points (right).",
        fontsize=BODY_PT,
    )
    header = ["Round", "Category", *names]
    body = [[str(r), "", *([""] * len(names))] for r in range(1, rounds + 1)]
    body.append(["Hurdles", "taken", *([""] * len(names))])
    body.append(["Total", "", *([""] * len(names))])
    table_grid(
        fig,
        (0.06, 0.07, 0.88, 0.82),
        header,
        body,
        first_widths=(0.1, 0.22),
        split_rows=rounds,
    )
    footer(fig, "Globalissimo score sheet")
    with pdf_pages(path, "Globalissimo score sheet") as pdf:
        pdf.savefig(fig)
    return Path(path)


def handouts(players: Sequence[str] = (), rounds: int = 10, **_ignored: Any) -> list[Handout]:
    """Globalissimo's handouts: the numbered world map and a score sheet for ``players``."""
    return [
        Handout(
            "globalissimo_world_map.pdf",
            _(
                "the numbered world map for hurdle A (whole world, then Europe, Central America "
                "and the Middle East larger), and the numbers' key for the teacher (last page)"
            ),
            world_map_pdf,
        ),
        Handout(
            "globalissimo_score_sheet.pdf",
            _("a score sheet: places put, points and hurdles, round by round"),
            lambda path, paper: score_sheet_pdf(path, players, rounds, paper),
        ),
    ]
