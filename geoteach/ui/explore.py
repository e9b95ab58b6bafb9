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
- Every word is in the page's language (issue 37): sentences through the catalogs, countries and
  continents from ``geoteach.data.place_names`` (Natural Earth, CLDR), numbers and dates by
  Babel. The drop-downs' values are language-free keys ("place-up"); only their labels are
  translated. State capitals keep their one (English) name: no shipped source has others.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets
import pandas as pd
from babel.dates import format_date
from unidecode import unidecode

import geoteach.data as data
from geoteach.data.figures import statistic as statistic_row
from geoteach.data.maps import USA, WORLD
from geoteach.data.place_names import place_name, region_name
from geoteach.escape import html_text
from geoteach.i18n import N_, _, language, list_words, ngettext
from geoteach.i18n import format_number as locale_number
from geoteach.render import palettes
from geoteach.render.mapview import MapView, to_png
from geoteach.render.place_maps import colour_places, place_map
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.theme import themed

#: Rows shown before "Show all" is ticked.
TOP_ROWS = 25
#: The continent drop-down's key for the whole world (the others are the English names).
ALL_CONTINENTS = "all"
#: Labels are written out in full, not cut to the default 80 pixels.
WIDE_LABEL = {"description_width": "initial"}

#: How the table can be ordered: key -> (label, by, ascending).
SORTS: dict[str, tuple[str, str, bool]] = {
    "place-up": (N_("Place: 1 first"), "place", True),
    "place-down": (N_("Place: last first"), "place", False),
    "name-up": (N_("Name: A to Z"), "name", True),
    "name-down": (N_("Name: Z to A"), "name", False),
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
        N_("Size"),
        "area_rank",
        "area_km2",
        N_("Total area"),
        N_("1 = largest"),
        N_("Total area (land and water) as npm typed-usa-states 2.1.0 lists it; see SOURCES.md."),
    ),
    "statehood": StateRank(
        N_("Statehood"),
        "statehood_rank",
        "admitted",
        N_("Joined the Union"),
        N_("1 = first to join"),
        N_(
            "Dates of ratification or admission, curated from The American Promise (7th ed.), "
            "checked against the us package; see SOURCES.md."
        ),
    ),
    "population": StateRank(
        N_("Population"),
        "population_rank",
        "population",
        N_("Population"),
        N_("1 = most people"),
        N_("U.S. Census Bureau resident population (houseofreps 0.1.1); see SOURCES.md."),
    ),
}

#: How the states table can be ordered: key -> (label, by, ascending).
STATE_SORTS: dict[str, tuple[str, str, bool]] = {
    "rank-up": (N_("Rank: 1 first"), "rank", True),
    "rank-down": (N_("Rank: 50 first"), "rank", False),
    "name-up": (N_("Name: A to Z"), "name", True),
    "name-down": (N_("Name: Z to A"), "name", False),
}

#: "Place 1 = the highest value", by the catalogue's rank1 word.
FIRST_PLACE = {
    "highest": N_("Place 1 = the highest value."),
    "lowest": N_("Place 1 = the lowest value."),
}
#: The world map's title when coloured by place, by the catalogue's rank1 word.
PLACE_TITLE = {
    "highest": N_("{statistic}: place (1 = the highest)"),
    "lowest": N_("{statistic}: place (1 = the lowest)"),
}


def format_number(value: float) -> str:
    """A number as a reader of the page's language expects it: thousands separated, at most
    two decimals ("1,234.5" in English, "1.234,5" in German)."""
    if abs(value) >= 1000 or float(value).is_integer():
        return locale_number(value, 0)
    return locale_number(round(float(value), 2))


def with_unit(value: Any, unit: str) -> str:
    """ "79.9 years", or "no data" when the sources give nothing (``unit`` already in the
    page's language)."""
    if value is None or pd.isna(value):
        return _("no data")
    return _("{number} {unit}").format(number=format_number(float(value)), unit=unit).strip()


def statistic_option(key: str, row: pd.Series) -> str:
    """The dropdown label: "Life expectancy at birth (years, 2024)"."""
    return _("{label} ({unit}, {year})").format(
        label=_(str(row["label"])), unit=_(str(row["unit"])), year=int(row["year"])
    )


def sort_options(sorts: dict[str, tuple[str, str, bool]]) -> list[tuple[str, str]]:
    """A sort drop-down's options: (label in the page's language, language-free key)."""
    return [(_(label), key) for key, (label, _by, _up) in sorts.items()]


def places(values: pd.Series, rank1: str) -> pd.Series:
    """Place in the ranking (1 = first as the catalogue says); ties share a place."""
    ascending = str(rank1).strip().lower() == "lowest"
    return values.rank(method="min", ascending=ascending).astype("Int64")


def name_key(name: str) -> str:
    """How a name is sorted A to Z in any of the kit's languages: accents and case ignored, so
    "África" comes first in Spanish, not after "Sudamérica"."""
    return unidecode(str(name)).casefold()


def ordered(table: pd.DataFrame, by: str, ascending: bool, value: str = "value") -> pd.DataFrame:
    """Rows in the chosen order, rows without a value last whatever the direction."""
    has = table[value].notna()
    key = table[by].map(name_key) if by == "name" else table[by]
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

    ``statistic`` is a key of ``geoteach.data.statistics()``; ``continent`` a continent's English
    name (its key, whatever the page's language) or None for the world; ``interactive=True``
    shows the map as an ipympl canvas (run ``%matplotlib widget`` first) instead of a picture.
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
        continents = sorted(
            (str(c) for c in self.countries["continent"].dropna().unique()),
            key=lambda c: name_key(region_name(c)),
        )
        if continent is not None and continent not in continents:
            raise ValueError(
                _("There is no continent called {name}; choose one of {names}.").format(
                    name=repr(continent), names=", ".join(continents)
                )
            )
        if colour_by not in COLOUR_BY:
            raise ValueError(
                _("The map is coloured by {choices}, not {choice}.").format(
                    choices=list_words(list(COLOUR_BY)), choice=repr(colour_by)
                )
            )
        self.top_rows = int(rows)
        self.interactive = interactive
        self.messages = MessageLine()

        self.stat = widgets.Dropdown(
            options=[(statistic_option(k, r), k) for k, r in self.catalogue.iterrows()],
            value=statistic,
            description=_("Statistic"),
            style=WIDE_LABEL,
            layout=widgets.Layout(width="480px"),
        )
        self.sort = widgets.Dropdown(
            options=sort_options(SORTS),
            value="place-up",
            description=_("Sort by"),
            style=WIDE_LABEL,
        )
        self.continent = widgets.Dropdown(
            options=[(_("All continents"), ALL_CONTINENTS)]
            + [(region_name(c), c) for c in continents],
            value=continent or ALL_CONTINENTS,
            description=_("Continent"),
            style=WIDE_LABEL,
        )
        self.colour_by = widgets.ToggleButtons(
            options=[(_("Place"), "place"), (_("Value"), "value")],
            value=colour_by,
            description=_("Colour map by"),
            style=WIDE_LABEL,
            tooltips=[_("Colour by place in the ranking"), _("Colour by the number itself")],
        )
        self.show_all = widgets.Checkbox(value=False, description=_("Show all countries"))
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
            options=[(_(r.label), k) for k, r in STATE_RANKS.items()],
            value="size",
            description=_("Rank"),
            style=WIDE_LABEL,
        )
        self.state_sort = widgets.Dropdown(
            options=sort_options(STATE_SORTS),
            value="rank-up",
            description=_("Sort by"),
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
        self.tabs = widgets.Tab(
            children=[world_tab, self.us_tab], titles=[_("World"), _("U.S. states")]
        )
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

        Columns: name, continent, value, place, year (names in English, as the data has them).
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
        _label, by, ascending = SORTS[self.sort.value]
        if by == "name" and language() != "en":
            shown = table.assign(name=[self._country(c, n) for c, n in table["name"].items()])
            return table.loc[ordered(shown, by, ascending).index]
        return ordered(table, by, ascending)

    @staticmethod
    def _country(code: str, english: str) -> str:
        return place_name("country", str(code), str(english))

    def _world_view(self) -> MapView:
        return place_map(WORLD, dpi=90.0, interactive=self.interactive)

    def _map_widget(self, view: MapView, picture: widgets.Image, css: str) -> widgets.Widget:
        """The picture, or with ``interactive=True`` the ipympl canvas (same CSS class)."""
        if self.interactive:
            canvas: Any = view.figure.canvas  # ipympl's canvas, a widget; ipympl has no types
            canvas.add_class(css)
            return canvas
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
        label = _(str(info["label"]))
        cells = pd.DataFrame(
            {
                "place": [("" if pd.isna(p) else str(p)) for p in shown["place"]],
                "name": [self._country(c, n) for c, n in shown["name"].items()],
                "continent": [("" if pd.isna(c) else region_name(c)) for c in shown["continent"]],
                "value": [with_unit(v, _(str(info["unit"]))) for v in shown["value"]],
                "year": [("" if pd.isna(y) else str(int(y))) for y in shown["year"]],
            }
        )
        if self.continent.value == ALL_CONTINENTS:
            caption = ngettext(
                "{statistic}: {shown} of {count} country in the world",
                "{statistic}: {shown} of {count} countries in the world",
                len(table),
            )
        else:
            caption = ngettext(
                "{statistic}: {shown} of {count} country in {continent}",
                "{statistic}: {shown} of {count} countries in {continent}",
                len(table),
            )
        self.table.value = table_html(
            cells,
            [
                ("place", _("Place")),
                ("name", _("Country")),
                ("continent", _("Continent")),
                ("value", label),
                ("year", _("Year")),
            ],
            caption.format(
                statistic=label,
                shown=len(shown),
                count=len(table),
                continent=region_name(str(self.continent.value)),
            ),
            "gt-explore-rows",
        )
        first = FIRST_PLACE.get(str(info["rank1"]).strip().lower(), FIRST_PLACE["highest"])
        source_word, year_word = html_text(_("Source:")), html_text(_("Year:"))
        own_year = html_text(_("(the Year column gives each country's own)."))
        self.source.value = (
            f"<p><b>{source_word}</b> {html_text(_(str(info['source'])))}. "
            f"<b>{year_word}</b> {int(info['year'])} {own_year} "
            f"{html_text(_(str(info['description'])))} {html_text(_(first))}</p>"
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
                title=_(
                    PLACE_TITLE.get(str(info["rank1"]).strip().lower(), PLACE_TITLE["highest"])
                ).format(statistic=_(str(info["label"]))),
                vmin=1.0,
                vmax=float(ranked.max()),
            )
        else:
            colour_places(
                self.world,
                WORLD,
                values,
                palettes.SEQUENTIAL,
                title=_("{statistic} ({unit})").format(
                    statistic=_(str(info["label"])), unit=_(str(info["unit"]))
                ),
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
        _label, by, ascending = STATE_SORTS[self.state_sort.value]
        if by == "name" and language() != "en":
            shown = table.assign(
                name=[place_name("state", str(c), str(n)) for c, n in table["name"].items()]
            )
            return table.loc[ordered(shown, by, ascending).index]
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
            # "7 December 1787" in English as before; the others by CLDR ("7 de diciembre de 1787").
            pattern = "d MMMM y" if language() == "en" else "long"
            values = [
                format_date(d, pattern, locale=language()) for d in pd.to_datetime(table["value"])
            ]
        elif choice.value == "area_km2":
            values = [with_unit(v, _("km²")) for v in table["value"]]
        else:
            year = int(self.states["population_year"].max())
            unit = _("people ({year})").format(year=year)
            values = [with_unit(v, unit) for v in table["value"]]
        cells = pd.DataFrame(
            {
                "rank": [str(r) for r in table["rank"]],
                "name": [place_name("state", str(c), str(n)) for c, n in table["name"].items()],
                "capital": table["capital"],
                "value": values,
            }
        )
        self.state_table.value = table_html(
            cells,
            [
                (
                    "rank",
                    _("{rank} rank").format(
                        rank=_(choice.label)
                        if language() in ("en", "de")
                        else _(choice.label).lower()
                    ),
                ),
                ("name", _("State")),
                ("capital", _("Capital")),
                ("value", _(choice.value_label)),
            ],
            _("The 50 states by {rank} ({first})").format(
                # German nouns keep their capital letter; the others are lower case mid-sentence.
                rank=_(choice.label) if language() == "de" else _(choice.label).lower(),
                first=_(choice.first),
            ),
            "gt-explore-us-rows",
        )
        source_word = html_text(_("Source:"))
        self.state_source.value = f"<p><b>{source_word}</b> {html_text(_(choice.source))}</p>"
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
            title=_("{rank} rank ({first})").format(rank=_(choice.label), first=_(choice.first)),
            vmin=1.0,
            vmax=float(ranks.max()),
        )
        if not self.interactive:
            self.state_picture.value = to_png(self.usa.figure)


def explore(statistic: str = "population", **options: Any) -> DataExplorer:
    """The data explorer, ready to display in a notebook cell (see :class:`DataExplorer`)."""
    return DataExplorer(statistic, **options)
