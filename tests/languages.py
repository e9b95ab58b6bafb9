"""What the language tests look for: English left on a page of another language."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

import geoteach

LOCALE = Path(geoteach.__file__).parent / "locale"


@cache
def english_fragments(code: str) -> frozenset[str]:
    """Pieces of the catalog's English sentences (three words or more between placeholders
    and punctuation) whose translation in ``code`` is different: none of them may be on a page
    in ``code``. A piece the translation keeps as it is (a name: "Bolsa Mexicana de Valores")
    is not English."""
    with (LOCALE / code / "LC_MESSAGES" / "geoteach.po").open("rb") as handle:
        catalog = read_po(handle, locale=code)
    found = set()
    for message in catalog:
        if not message.id or message.string == message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        kept = " ".join(message.string if isinstance(message.string, tuple) else [message.string])
        for piece in re.split(r"\{\w*\}|[()“”:;.,!?…·]", english):
            words = piece.split()
            english_words = all(re.fullmatch(r"[A-Za-z'’-]+", w) for w in words)
            if len(words) >= 3 and english_words and " ".join(words) not in kept:
                found.add(" ".join(words))
    return frozenset(found)
