"""GeoTriple's U.S. map: what is coloured, outlined, striped and labelled, from a view.

The screen (``geoteach.ui.geotriple``) decides nothing about colours: it asks ``map_paint``
for the paint of the step it shows (or of the verdict being read, ``explaining``) and hands
it to ``paint``, which draws it on a ``MapView``. Every colour is also said in words in the
map's caption (``geoteach.ui.geotriple.wording.map_caption``), so the two follow the same
cases.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from geoteach.render import palettes
from geoteach.render.mapview import MapView

#: Map colours (Okabe–Ito); every one is also said in words in the map's caption.
POSSIBLE = "#F0E442"  # yellow: states still possible in Stage 1
HAND = "#56B4E9"  # sky blue: your cards
GROUP_COLOURS = ("#E69F00", "#CC79A7")  # orange and pink: group 1 and group 2
ANSWER = "#009E73"  # bluish green: the answer
WRONG = "#D55E00"  # vermillion: a wrong guess
LED = palettes.HIGHLIGHT  # the card led on a trick, and the trick just played

#: The map on the board: 860 px wide with 11 px state labels; large text: 1160 px and 15 px.
MAP_SIZE = (8.6, 5.1)
MAP_SIZE_LARGE = (11.6, 6.9)
MAP_DPI = 100.0
LABEL_PT = 8.0
LABEL_PT_LARGE = 10.5
#: The size of the group numbers and ranks written on states.
MARK_PT = 9.0
STAGE3 = ("discard", "announce", "trick")


class MapPaint(NamedTuple):
    """What the map shows: ``fills`` (colour, codes) in order, ``outlines`` (thick borders),
    ``hatched`` (striped states) and ``labels`` (code, text) written on states."""

    fills: tuple[tuple[str, tuple[str, ...]], ...] = ()
    outlines: tuple[str, ...] = ()
    hatched: tuple[str, ...] = ()
    labels: tuple[tuple[str, str], ...] = ()


def map_paint(
    view: Mapping[str, Any],
    seat: int | None,
    *,
    explaining: Mapping[str, Any] | None,
    selected: Sequence[str],
    show_possible: bool,
    on_map: Iterable[str],
) -> MapPaint:
    """The paint for ``view`` as ``seat`` sees it (None: nobody's private cards).

    ``explaining`` is what an open verdict shows ("guess", "stage1", "groups", "trick");
    ``selected`` the cards picked for the race; ``on_map`` the states the map has.
    """
    shown = set(on_map)

    def keep(codes: Iterable[str]) -> tuple[str, ...]:
        return tuple(c for c in codes if c in shown)

    cards = view["cards"]
    explaining = explaining or {}
    kind = explaining.get("kind")
    if kind == "guess":
        picked, answer = explaining["picked"], explaining["answer"]
        tried = keep(c for c in explaining["tried"] if c not in (picked, answer))
        fills = [(ANSWER, keep([answer] if answer else []))]
        if picked != answer:
            fills.append((WRONG, keep([picked])))
        return MapPaint(tuple(fills), keep(c for c in (picked, answer) if c), tried)
    if kind == "stage1":
        secret = explaining["secret"]
        return MapPaint(((ANSWER, keep(secret)),), keep(secret))
    if kind == "groups":
        groups = explaining["groups"]
        group_fills = tuple((GROUP_COLOURS[i], keep(g)) for i, g in enumerate(groups))
        labels = tuple((c, str(i + 1)) for i, g in enumerate(groups) for c in keep(g))
        return MapPaint(group_fills, keep(c for g in groups for c in g), (), labels)
    if kind == "trick":
        trick = explaining["trick"]
        category = trick["category"]
        played = keep(trick["cards"])
        labels = tuple((c, f"#{cards[c][category]}") for c in played)
        return MapPaint(((LED, played),), played, (), labels)
    return _step_paint(view, seat, selected, show_possible, keep)


def _step_paint(
    view: Mapping[str, Any],
    seat: int | None,
    selected: Sequence[str],
    show_possible: bool,
    keep: Any,
) -> MapPaint:
    """The paint of the step itself (no verdict open)."""
    phase = view["phase"]
    cards = view["cards"]
    if phase == "guess":
        s1 = view["stage1"]
        guesser = s1["guesser"]
        tried = keep(s1["guesses"][guesser])
        fills: list[tuple[str, tuple[str, ...]]] = []
        outlines: tuple[str, ...] = ()
        if seat in (guesser, None) and not s1["waiting_for_clue"]:
            # The guesser's screen, and the public board (a class game's projector and
            # spectators): the clues are public, so are the states they leave.
            if show_possible:
                # A thick border as well as the yellow: it stays in greyscale (issue 25).
                outlines = keep(view["possible"])
                fills.append((POSSIBLE, outlines))
        elif seat is not None:
            fills.append((HAND, keep([s1["my_card"]])))
        return MapPaint(tuple(fills), outlines, tried)
    if phase == "race" and seat is not None:
        race = view["race"]
        if not race["hand"] or race["out"][seat]:
            return MapPaint()
        groups = [selected[:3], selected[3:6]]
        fills = [(HAND, keep(race["hand"]))]
        fills += [(GROUP_COLOURS[i], keep(g)) for i, g in enumerate(groups)]
        labels = tuple((c, str(i + 1)) for i, g in enumerate(groups) for c in keep(g))
        return MapPaint(tuple(fills), keep(selected), (), labels)
    if phase in STAGE3 and seat is not None:
        s3 = view["stage3"]
        fills = [(HAND, keep(s3["hand"]))]
        trick = s3["trick"]
        if trick is None:
            return MapPaint(tuple(fills))
        lead = keep([trick["lead"]])
        rank = cards[trick["lead"]][trick["category"]]
        fills.append((LED, lead))
        return MapPaint(tuple(fills), lead, (), tuple((c, f"#{rank}") for c in lead))
    return MapPaint()


def paint(view: MapView, spec: MapPaint) -> None:
    """Draw ``spec`` on the map (cleared first)."""
    view.clear()
    for colour, codes in spec.fills:
        if codes:
            view.highlight(list(codes), colour)
    if spec.hatched:
        view.hatch(list(spec.hatched))
    if spec.outlines:
        view.outline(list(spec.outlines), width=2.0)
    for code, text in spec.labels:
        view.label(code, text, size=MARK_PT)


def northeast(cards: Mapping[str, Mapping[str, Any]], view: MapView) -> list[str]:
    """The Northeast and the small states beside it that carry their label outside (what
    the "Northeast" zoom shows); ``cards`` as in a GeoTriple view."""
    north_east = {c for c, card in cards.items() if card["region"] == "Northeast"}
    small = {code for code, p in view.numbers.items() if not p.inside}
    near = {c for c in small if c in cards and set(cards[c]["neighbours"]) & north_east}
    return sorted((north_east | near) & set(view.codes)) or list(view.codes)
