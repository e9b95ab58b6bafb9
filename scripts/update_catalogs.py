"""Gather geoteach's sentences into geoteach/locale/geoteach.pot and update every language's .po.

Babel's extract and update, as ``pybabel extract -F babel.cfg`` and ``pybabel update`` do, with
fixed dates and no line numbers, so a rerun with no new sentence changes no file (and two
people who wrap sentences in different modules do not clash on line numbers). A new sentence
appears in every ``.po`` with an empty translation, and ``tests/test_i18n.py`` fails until
each complete language has it; a sentence no longer in the code is dropped.

Run: python scripts/update_catalogs.py [new language code ...]
(``python scripts/update_catalogs.py it`` starts an Italian catalog: README.md, "Languages").
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "geoteach" / "locale"
TEMPLATE = LOCALE / "geoteach.pot"
#: A fixed date in the headers: a rerun changes nothing.
DATE = datetime(2026, 1, 1, tzinfo=UTC)
HEADER = {
    "project": "geoteach",
    "copyright_holder": "geoteach developers",
    "last_translator": "geoteach developers",
    "language_team": "geoteach developers",
}
#: ``said_plural`` marks a plural sentence kept whole for the page that shows it (geoteach.i18n).
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "said_plural": (1, 2)}


def template() -> Catalog:
    """Every wrapped sentence of the package, as babel.cfg says where to look."""
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    catalog = Catalog(charset="utf-8", creation_date=DATE, fuzzy=False, **HEADER)
    found = extract_from_dir(
        str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=("Translators:",)
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


def translated(string: str | tuple[str, ...] | None) -> bool:
    """True when a message has its translation (every plural form of it)."""
    forms = string if isinstance(string, tuple) else (string,)
    return bool(forms) and all(forms)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        write_po(
            handle,
            catalog,
            width=100,
            no_location=True,
            omit_header=False,
            sort_output=True,
            ignore_obsolete=True,
            include_previous=False,
        )


def main(new: list[str]) -> None:
    pot = template()
    write(pot, TEMPLATE)
    languages = sorted({p.parent.parent.name for p in LOCALE.glob("*/LC_MESSAGES/geoteach.po")})
    for code in sorted(set(languages) | set(new)):
        path = LOCALE / code / "LC_MESSAGES" / "geoteach.po"
        if path.exists():
            with path.open("rb") as handle:
                catalog = read_po(handle, locale=code)
        else:
            catalog = Catalog(locale=code, creation_date=DATE, fuzzy=False, **HEADER)
        catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
        catalog.revision_date = DATE
        write(catalog, path)
        done = sum(1 for m in catalog if m.id and translated(m.string))
        print(f"{code}: {done} of {len(pot)} sentences translated")


if __name__ == "__main__":
    main(sys.argv[1:])
