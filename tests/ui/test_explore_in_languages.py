"""The data explorer in Spanish, French and German: no English sentence on either tab, countries,
continents and states named in the page's language, numbers written its way (issue 37)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import ipywidgets as widgets
import pytest

import geoteach
from geoteach.data.place_names import place_name, region_name
from geoteach.ui import safe
from geoteach.ui.explore import DataExplorer, name_key
from tests.languages import english_fragments


def page_text(widget: widgets.Widget) -> Iterator[str]:
    """Every word the explorer shows or names (labels, options, tooltips, tab titles)."""
    # A drop-down's value is a language-free key ("Africa", "name-up"); its label is shown.
    keyed = hasattr(widget, "_options_full")
    names = ("description", "placeholder", "tooltip")
    for name in names if keyed else ("value", *names):
        value = getattr(widget, name, None)
        if isinstance(value, str) and not value.lstrip().startswith("<style"):
            yield html.unescape(re.sub(r"<[^>]+>", " ", value))
    for label, _value in getattr(widget, "_options_full", None) or ():
        yield str(label)
    yield from (str(t) for t in getattr(widget, "tooltips", None) or ())
    yield from (str(t) for t in getattr(widget, "titles", None) or ())
    for child in getattr(widget, "children", ()):
        yield from page_text(child)


@pytest.fixture(params=["es", "fr", "de"])
def code(request: pytest.FixtureRequest) -> Iterator[str]:
    safe.clear()
    geoteach.set_language(request.param)
    yield request.param
    geoteach.set_language(None)
    assert safe.ERRORS == []


def test_the_explorer_says_no_english(code: str) -> None:
    english = english_fragments(code)
    assert len(english) > 50  # the check has something to look for
    explorer = DataExplorer("life_expectancy")
    try:
        explorer.continent.value = "Africa"  # a place picked: the table is Africa's
        explorer.sort.value = "name-up"
        explorer.show_all.value = True
        explorer.tabs.selected_index = 1
        explorer.state_rank.value = "statehood"
        text = " ".join(page_text(explorer))
        assert "Africa " not in text and "Germany" not in text
        left = sorted(f for f in english if f in text)
        assert not left, left
        caption = re.search(r"<caption[^>]*>(.*?)</caption>", explorer.table.value)
        assert caption is not None
        assert region_name("Africa", code) in html.unescape(caption.group(1))
        assert region_name("Africa", code) != "Africa"
        rows = re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td>", explorer.table.value)
        names = [html.unescape(name) for _place, name in rows]
        assert place_name("country", "CIV", "Ivory Coast", code) in names
        assert names == sorted(names, key=name_key)
        # The U.S. tab: states in the language, dates by the language's month names.
        assert place_name("state", "HI", "Hawaii", code) in explorer.state_table.value
        joined = {"es": "21 de agosto de 1959", "fr": "21 août 1959", "de": "21. August 1959"}[
            code
        ]  # Hawaii
        assert joined in explorer.state_table.value
        # Continents listed A to Z the language's way: "África" first in Spanish.
        labels = [label for label, _key in explorer.continent.options][1:]
        assert labels == sorted(labels, key=name_key)
    finally:
        explorer.close()


def test_numbers_are_written_the_language_way(code: str) -> None:
    explorer = DataExplorer("population")
    try:
        first = re.search(
            r"<tr><td>1</td><td>[^<]*</td><td>[^<]*</td><td>([^<]*)</td>", explorer.table.value
        )
        assert first is not None
        mark = {"es": ".", "fr": "\u202f", "de": "."}[code]
        assert re.fullmatch(rf"\d{{1,3}}(\{mark}\d{{3}})+ \S+", html.unescape(first.group(1)))
    finally:
        explorer.close()
