"""Which places a question is about: the codes a lesson record and its maps file it under.

A question names its places in three ways, tried in this order:

1. ``media.highlight``: the countries (ISO3) or U.S. states (USPS) the map lights up;
2. ``media.flag``: the country whose flag is shown;
3. its id. Generated questions are named ``kind:CODE`` or ``kind:CODE-CODE``
   (``capital_of:KEN``, ``compare:population:FRA-ESP``, ``statehood:OH:TX``; see
   ``geoteach.quiz.generators.country_question``), so "Which country has Nairobi as its
   capital?", which must not light Kenya up, is still filed under Kenya. A part of the id
   counts only when every code in it is a real country or state code, in capitals.

A question about no place (an explorer, a product without a country) has none.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from geoteach.quiz.question import Question


@cache
def place_codes() -> frozenset[str]:
    """Every country (ISO3) and U.S. state (USPS) code in ``geoteach.data``."""
    from geoteach.data.usa import us_states
    from geoteach.data.world import countries

    return frozenset(str(c) for c in countries().index) | frozenset(
        str(s) for s in us_states().index
    )


def place_kind(code: str) -> str:
    """ "country" for an ISO3 code, "state" for a USPS code (the map it goes on)."""
    return "state" if len(code) == 2 else "country"


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
