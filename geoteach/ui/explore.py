"""Browse the kit's datasets before a lesson: a sortable table and a map coloured by a statistic.

A teacher picks a statistic (its label, unit and year come from ``geoteach.data.statistics()``),
sorts and filters the countries, and sees the world map recoloured (the map is drawn once; a new
choice only changes the colours of the countries already on it). A second tab does the same for
the 50 U.S. states and GeoTriple's three ranks (size, statehood, population).

Decisions where the issue was silent:
- "Place" is the country's place among all countries with data, worldwide, even when a
  continent is chosen (so it matches Globalissimo's cards); ties share a place.
- Countries without data are listed last whatever the order, as "no data".
- A chosen continent is outlined on the world map and filters the table.
- The map colours countries by their place in the ranking by default, because counts such as
  population or GDP are so uneven that colouring by value paints almost every country the same;
  "value" colours by the number itself.
- Each row shows the year of its own value (the Factbook gives some countries an older year than
  the catalogue's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import pandas as pd

import geoteach.data as data
from geoteach.data.figures import statistic as statistic_row
from geoteach.data.maps import USA, WORLD
from geoteach.escape import html_text
from geoteach.render import palettes
from geoteach.render.mapview import MapView, to_png
from geoteach.render.place_maps import colour_places, place_map
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.theme import themed

#: Rows shown before "Show all" is ticked.
TOP_ROWS = 25
ALL_CONTINENTS = "All continents"
#: Labels are written out in full, not cut to the default 80 pixels.
WIDE_LABEL = {"description_width": "initial"}

#: How the table can be ordered: option label -> (by, ascending).
SORTS: dict[str, tuple[str, bool]] = {
    "Place: 1 first": ("place", True),
    "Place: last first": ("place", False),
    "Name: A to Z": ("name", True),
    "Name: Z to A": ("name", False),
}

COLOUR_BY = ("place", "value")


@dataclass(frozen=True)
class StateRank:
    """One of GeoTriple's ranks: its column, the value behind it, and how to read rank 1."""

    label: str
    rank: str
    value: str
    value_label: str
    first: str
    source: str


#: The three GeoPlunge ranks. Sources as data/SOURCES.md gives them for us_states.csv.
STATE_RANKS: dict[str, StateRank] = {
    "size": StateRank(
        "Size",
        "area_rank",
        "area_km2",
        "Total area",
        "1 = largest",
        "Total area (land and water) as npm typed-usa-states 2.1.0 lists it; see data/SOURCES.md.",
    ),
    "statehood": StateRank(
        "Statehood",
        "statehood_rank",
        "admitted",
        "Joined the Union",
        "1 = first to join",
        "Dates of ratification or admission, curated from The American Promise (7th ed.), "
        "checked against the us package; see data/SOURCES.md.",
    ),
    "population": StateRank(
        "Population",
        "population_rank",
        "population",
        "Population",
        "1 = most people",
        "U.S. Census Bureau resident population (houseofreps 0.1.1); see data/SOURCES.md.",
    ),
}

#: How the states table can be ordered: option label -> (by, ascending).
STATE_SORTS: dict[str, tuple[str, bool]] = {
    "Rank: 1 first": ("rank", True),
    "Rank: 50 first": ("rank", False),
    "Name: A to Z": ("name", True),
    "Name: Z to A": ("name", False),
}


def format_number(value: float) -> str:
    """A number as a reader expects it: thousands separated, at most two decimals."""
    if abs(value) >= 1000 or float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def with_unit(value: Any, unit: str) -> str:
    """ "79.9 years", or "no data" when the sources give nothing."""
    if value is None or pd.isna(value):
        return "no data"
    return f"{format_number(float(value))} {unit}".strip()


def statistic_option(key: str, row: pd.Series) -> str:
    """The dropdown label: "Life expectancy at birth (years, 2024)"."""
    return f"{row['label']} ({row['unit']}, {int(row['year'])})"


def places(values: pd.Series, rank1: str) -> pd.Series:
    """Place in the ranking (1 = first as the catalogue says); ties share a place."""
    ascending = str(rank1).strip().lower() == "lowest"
    return values.rank(method="min", ascending=ascending).astype("Int64")


def ordered(table: pd.DataFrame, by: str, ascending: bool, value: str = "value") -> pd.DataFrame:
    """Rows in the chosen order, rows without a value last whatever the direction."""
    has = table[value].notna()
    key = table[by].astype(str).str.casefold() if by == "name" else table[by]
    order = key[has].sort_values(ascending=ascending, kind="stable").index
    rest = table.index[~has].sort_values()
    return table.loc[list(order) + list(rest)]


def table_html(
    rows: pd.DataFrame,
    columns: Sequence[tuple[str, str]],
    caption: str,
    css_class: str,
) -> str:
    """An accessible HTML table (caption, column headers with scope); every cell is escaped."""
    head = "".join(f'<th scope="col">{html_text(title)}</th>' for _, title in columns)
    body = "".join(
        "<tr>" + "".join(f"<td>{html_text(str(row[col]))}</td>" for col, _ in columns) + "</tr>"
        for _, row in rows.iterrows()
    )
    return (
        f'<table class="{css_class}" style="border-collapse:collapse">'
        f'<caption style="text-align:left;font-weight:bold">{html_text(caption)}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


class DataExplorer(widgets.VBox):
    """The countries (and the U.S. states) as a table and a coloured map, for a teacher.

    ``statistic`` is a key of ``geoteach.data.statistics()``; ``continent`` a continent name or
    None for the world; ``interactive=True`` shows the map as an ipympl canvas (run
    ``%matplotlib widget`` first) instead of a picture.
    """

    def __init__(
        self,
        statistic: str = "population",
        *,
        continent: str | None = None,
        colour_by: str = "place",
        rows: int = TOP_ROWS,
        interactive: bool = False,
    ) -> None:
        statistic_row(statistic)  # unknown keys fail here, with the closest key as a hint
        self.catalogue = data.statistics()
        self.countries = data.countries()
        continents = sorted(str(c) for c in self.countries["continent"].dropna().unique())
        if continent is not None and continent not in continents:
            raise ValueError(
                f"There is no continent called {continent!r}; choose one of "
                f"{', '.join(continents)}."
            )
        if colour_by not in COLOUR_BY:
            raise ValueError(f"The map is coloured by {' or '.join(COLOUR_BY)}, not {colour_by!r}.")
        self.top_rows = int(rows)
        self.interactive = interactive
        self.messages = MessageLine()

        self.stat = widgets.Dropdown(
            options=[(statistic_option(k, r), k) for k, r in self.catalogue.iterrows()],
            value=statistic,
            description="Statistic",
            style=WIDE_LABEL,
            layout=widgets.Layout(width="480px"),
        )
        self.sort = widgets.Dropdown(
            options=list(SORTS), value="Place: 1 first", description="Sort by", style=WIDE_LABEL
        )
        self.continent = widgets.Dropdown(
            options=[ALL_CONTINENTS, *continents],
            value=continent or ALL_CONTINENTS,
            description="Continent",
            style=WIDE_LABEL,
        )
        self.colour_by = widgets.ToggleButtons(
            options=[("Place", "place"), ("Value", "value")],
            value=colour_by,
            description="Colour map by",
            style=WIDE_LABEL,
            tooltips=["Colour by place in the ranking", "Colour by the number itself"],
        )
        self.show_all = widgets.Checkbox(value=False, description="Show all countries")
        self.table = widgets.HTML()
        self.source = widgets.HTML()
        self.picture = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        for widget, name in (
            (self.stat, "stat"),
            (self.sort, "sort"),
            (self.continent, "continent"),
            (self.colour_by, "colour"),
            (self.show_all, "all"),
            (self.table, "table"),
            (self.source, "source"),
            (self.picture, "map"),
        ):
            widget.add_class(f"gt-explore-{name}")
        self.world = self._world_view()

        self.state_rank = widgets.Dropdown(
            options=[(r.label, k) for k, r in STATE_RANKS.items()],
            value="size",
            description="Rank",
            style=WIDE_LABEL,
        )
        self.state_sort = widgets.Dropdown(
            options=list(STATE_SORTS),
            value="Rank: 1 first",
            description="Sort by",
            style=WIDE_LABEL,
        )
        self.state_table = widgets.HTML()
        self.state_source = widgets.HTML()
        self.state_picture = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        for widget, name in (
            (self.state_rank, "us-rank"),
            (self.state_sort, "us-sort"),
            (self.state_table, "us-table"),
            (self.state_source, "us-source"),
            (self.state_picture, "us-map"),
        ):
            widget.add_class(f"gt-explore-{name}")
        self.states = data.us_states()
        self.usa: MapView | None = None

        world_tab = widgets.VBox(
            [
                widgets.HBox([self.stat, self.continent]),
                widgets.HBox([self.sort, self.show_all]),
                self.colour_by,
                self._map_widget(self.world, self.picture, "gt-explore-map"),
                self.table,
                self.source,
            ]
        )
        self.us_tab = widgets.VBox(
            [widgets.HBox([self.state_rank, self.state_sort]), self.state_table, self.state_source]
        )
        self.tabs = widgets.Tab(children=[world_tab, self.us_tab], titles=["World", "U.S. states"])
        self.tabs.add_class("gt-explore-tabs")
        super().__init__([self.tabs, self.messages])
        themed(self)
        self.add_class("gt-explore")

        guard = {"show": self.messages}
        self.stat.observe(safe(self._restyle_world, **guard), names="value")
        self.colour_by.observe(safe(self._restyle_world, **guard), names="value")
        self.continent.observe(safe(self._restyle_world, **guard), names="value")
        self.sort.observe(safe(self._resort_world, **guard), names="value")
        self.show_all.observe(safe(self._resort_world, **guard), names="value")
        self.state_rank.observe(safe(self._restyle_states, **guard), names="value")
        self.state_sort.observe(safe(self._resort_states, **guard), names="value")
        self.tabs.observe(safe(self._tab_changed, **guard), names="selected_index")
        self._show_world(recolour=True)

    # -- the world -----------------------------------------------------------------------------

    @property
    def statistic(self) -> str:
        return str(self.stat.value)

    def rows(self) -> pd.DataFrame:
        """The countries in the order the table lists them (all of them, not only the top rows).

        Columns: name, continent, value, place, year.
        """
        key = self.statistic
        info = self.catalogue.loc[key]
        table = self.countries[["name", "continent"]].copy()
        table["value"] = pd.to_numeric(self.countries[key], errors="coerce")
        table["place"] = places(table["value"], info["rank1"])
        year_column = f"{key}_year"
        years = (
            pd.to_numeric(self.countries[year_column], errors="coerce")
            if year_column in self.countries
            else pd.Series(float("nan"), index=table.index)
        )
        table["year"] = years.fillna(int(info["year"])).astype(int).where(table["value"].notna())
        if self.continent.value != ALL_CONTINENTS:
            table = table[table["continent"] == self.continent.value]
        by, ascending = SORTS[self.sort.value]
        return ordered(table, by, ascending)

    def _world_view(self) -> MapView:
        return place_map(WORLD, dpi=90.0, interactive=self.interactive)

    def _map_widget(self, view: MapView, picture: widgets.Image, css: str) -> widgets.Widget:
        """The picture, or with ``interactive=True`` the ipympl canvas (same CSS class)."""
        if self.interactive:
            canvas = view.figure.canvas
            canvas.add_class(css)  # type: ignore[attr-defined]
            return canvas  # type: ignore[return-value]
        return picture

    def _restyle_world(self, _change: dict) -> None:
        self._show_world(recolour=True)

    def _resort_world(self, _change: dict) -> None:
        self._show_world(recolour=False)

    def _show_world(self, recolour: bool) -> None:
        key = self.statistic
        info = self.catalogue.loc[key]
        table = self.rows()
        shown = table if self.show_all.value else table.head(self.top_rows)
        cells = pd.DataFrame(
            {
                "place": [("" if pd.isna(p) else str(p)) for p in shown["place"]],
                "name": shown["name"],
                "continent": shown["continent"],
                "value": [with_unit(v, str(info["unit"])) for v in shown["value"]],
                "year": [("" if pd.isna(y) else str(int(y))) for y in shown["year"]],
            }
        )
        where = "the world" if self.continent.value == ALL_CONTINENTS else self.continent.value
        self.table.value = table_html(
            cells,
            [
                ("place", "Place"),
                ("name", "Country"),
                ("continent", "Continent"),
                ("value", str(info["label"])),
                ("year", "Year"),
            ],
            f"{info['label']}: {len(shown)} of {len(table)} countries in {where}",
            "gt-explore-rows",
        )
        self.source.value = (
            f"<p><b>Source:</b> {html_text(str(info['source']))}. "
            f"<b>Year:</b> {int(info['year'])} (the Year column gives each country's own). "
            f"{html_text(str(info['description']))} "
            f"Place 1 = the {html_text(str(info['rank1']))} value.</p>"
        )
        if recolour:
            self._recolour_world()

    def _recolour_world(self) -> None:
        key = self.statistic
        info = self.catalogue.loc[key]
        values = pd.to_numeric(self.countries[key], errors="coerce")
        self.world.clear()  # drops the last outline and key; the artists stay
        if self.colour_by.value == "place":
            ranked = places(values, info["rank1"]).astype(float)
            colour_places(
                self.world,
                WORLD,
                ranked,
                palettes.SEQUENTIAL + "_r",
                title=f"{info['label']}: place (1 = the {info['rank1']})",
                vmin=1.0,
                vmax=float(ranked.max()),
            )
        else:
            colour_places(
                self.world,
                WORLD,
                values,
                palettes.SEQUENTIAL,
                title=f"{info['label']} ({info['unit']})",
            )
        if self.continent.value != ALL_CONTINENTS:
            # Outlined, not zoomed: Russia and Fiji straddle the map's edges, so a zoom to
            # Europe or Oceania would show half the world.
            chosen = self.countries.index[self.countries["continent"] == self.continent.value]
            self.world.outline([c for c in chosen if c in self.world.pickable], width=1.2)
        if not self.interactive:
            self.picture.value = to_png(self.world.figure)

    # -- the U.S. states -----------------------------------------------------------------------

    def state_rows(self) -> pd.DataFrame:
        """The states in the order the U.S. table lists them (name, capital, rank, value)."""
        choice = STATE_RANKS[self.state_rank.value]
        table = self.states[["name", "capital"]].copy()
        table["rank"] = self.states[choice.rank]
        table["value"] = self.states[choice.value]
        by, ascending = STATE_SORTS[self.state_sort.value]
        return ordered(table, by, ascending)

    def close(self) -> None:
        """Close the widgets and, with ``interactive=True``, free the maps' figures."""
        # ipywidgets also calls close() from __del__, even on an explorer whose set-up failed.
        if getattr(self, "interactive", False):
            import matplotlib.pyplot as plt

            for view in (getattr(self, "world", None), getattr(self, "usa", None)):
                if view is not None:
                    plt.close(view.figure)
        super().close()

    def _restyle_states(self, _change: dict) -> None:
        self._show_states(recolour=True)

    def _resort_states(self, _change: dict) -> None:
        self._show_states(recolour=False)

    def _tab_changed(self, change: dict) -> None:
        if change["new"] == 1:
            self._show_states(recolour=self.usa is None)

    def _show_states(self, recolour: bool) -> None:
        choice = STATE_RANKS[self.state_rank.value]
        table = self.state_rows()
        if choice.value == "admitted":
            values = [f"{d.day} {d:%B %Y}" for d in pd.to_datetime(table["value"])]
        elif choice.value == "area_km2":
            values = [with_unit(v, "km²") for v in table["value"]]
        else:
            year = int(self.states["population_year"].max())
            values = [with_unit(v, f"people ({year})") for v in table["value"]]
        cells = pd.DataFrame(
            {
                "rank": [str(r) for r in table["rank"]],
                "name": table["name"],
                "capital": table["capital"],
                "value": values,
            }
        )
        self.state_table.value = table_html(
            cells,
            [
                ("rank", f"{choice.label} rank"),
                ("name", "State"),
                ("capital", "Capital"),
                ("value", choice.value_label),
            ],
            f"The 50 states by {choice.label.lower()} ({choice.first})",
            "gt-explore-us-rows",
        )
        self.state_source.value = f"<p><b>Source:</b> {html_text(choice.source)}</p>"
        if recolour:
            self._recolour_states()

    def _recolour_states(self) -> None:
        if self.usa is None:
            self.usa = place_map(USA, dpi=90.0, interactive=self.interactive)
            self.us_tab.children = (
                *self.us_tab.children[:1],
                self._map_widget(self.usa, self.state_picture, "gt-explore-us-map"),
                *self.us_tab.children[1:],
            )
        choice = STATE_RANKS[self.state_rank.value]
        ranks = self.states[choice.rank].astype(float)
        colour_places(
            self.usa,
            USA,
            ranks,
            palettes.SEQUENTIAL + "_r",
            title=f"{choice.label} rank ({choice.first})",
            vmin=1.0,
            vmax=float(ranks.max()),
        )
        if not self.interactive:
            self.state_picture.value = to_png(self.usa.figure)


def explore(statistic: str = "population", **options: Any) -> DataExplorer:
    """The data explorer, ready to display in a notebook cell (see :class:`DataExplorer`)."""
    return DataExplorer(statistic, **options)
