"""Which places a question is about: the codes a lesson record and its maps file it under.

A question names its places in three ways, tried in this order:

1. ``media.highlight``: the countries (ISO3) or U.S. states (USPS) the map lights up;
2. ``media.flag``: the country whose flag is shown;
3. its id. Generated questions are named ``kind:CODE`` or ``kind:CODE-CODE``
   (``capital_of:KEN``, ``compare:population:FRA-ESP``, ``statehood:OH:TX``; see
   ``geoteach.quiz.generators.country_question``), so "Which country has Nairobi as its
   capital?", which must not light Kenya up, is still filed under Kenya. A part of the id
   counts only when every code in it is a real country or state code, in capitals.

A question about no place (an explorer, a product without a country) has none. Which codes
are places, and on which map, is said by the kinds of map of ``geoteach.data.maps``.
"""

from __future__ import annotations

from typing import Any

from geoteach.data import maps
from geoteach.quiz.question import Question


def place_codes() -> frozenset[str]:
    """Every place code on a kind of map: countries (ISO3) and U.S. states (USPS)."""
    return maps.place_codes()


def place_kind(code: str) -> str:
    """What the place ``code`` is, as its kind of map says: "country" ("FRA"), "state" ("TX").

    A code on no map is taken for a country, so a screen looks it up among the countries and
    finds nothing there.
    """
    kind = maps.kind_of(code)
    return (kind or maps.WORLD).place


def question_places(question: Question | dict[str, Any]) -> tuple[str, ...]:
    """The place codes ``question`` is about (see the module notes), in order, without repeats."""
    card = question.to_dict() if isinstance(question, Question) else question
    known = place_codes()
    media = card.get("media") or {}
    highlight = [str(c).upper() for c in media.get("highlight") or ()]
    found = [c for c in highlight if c in known]
    if not found and media.get("flag") and str(media["flag"]).upper() in known:
        found = [str(media["flag"]).upper()]
    if not found:
        _, _, rest = str(card.get("id") or "").partition(":")
        for part in rest.split(":") if rest else ():
            codes = part.split("-")
            if all(c in known for c in codes):
                found += codes
    return tuple(dict.fromkeys(found))
