"""The language a page speaks: its sentences from gettext catalogs, its numbers by Babel.

A top-level helper: every layer may import it, and it imports no layer.

Sentences are written in English in the code and wrapped: ``_("Start the game")``, or with
named fields, ``_("{team} played {city}").format(team=..., city=...)``, so a translator
can put the words in any order. A sentence about a count is ``ngettext("{n} card", "{n}
cards", n).format(n=n)`` (the language's own plural rules: Babel writes them into the catalog).
A sentence kept in a module-level table is marked with ``N_()`` (which only marks it for the
catalog) and translated where it is shown, with ``_()``. A sentence that may be shown by
another process than the one that made it (an engine's refusal, which a class game's referee
makes in English) is made with ``said`` (``said_plural``), which keeps its template and fields
so that the page that shows it words it again (``reword``).

The catalogs are gettext ``.po`` files in ``geoteach/locale/<language>/LC_MESSAGES/``, made
and kept up to date with Babel (``python3 tasks.py catalogs``; README.md, "Languages"). They
are compiled when first used (Babel's ``read_po`` and ``write_mo``) and kept in a cache folder
for the next kernels (``compiled``): no binary is committed, and a teacher who edits a ``.po``
file sees the change at the next start.

Which language: one per kernel, as a Voilà page is one kernel (``set_language``); the student
app takes it from the page's link (``?lang=es``), else from the browser's languages (the
``Accept-Language`` header Voilà passes on), else English (``requested_language``). A test
or a drawing may speak another language for a moment with ``speaking("fr")``. English is the
fallback of every sentence a catalog lacks.
"""

from __future__ import annotations

import gettext
import hashlib
import math
import os
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import parse_qs

#: The language of the code's own sentences, and of any sentence a catalog lacks.
DEFAULT = "en"
#: gettext's domain: the catalogs' file name.
DOMAIN = "geoteach"
#: Where the catalogs live.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: Names of the languages in themselves, for the language menu (others: from CLDR).
_NAMES = {"en": "English", "es": "Español", "fr": "Français", "de": "Deutsch"}


def _languages() -> dict[str, str]:
    """English and every language with a catalog: a teacher adds a language with one file."""
    found = {DEFAULT: _NAMES[DEFAULT]}
    for po in sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        code = po.parent.parent.name
        if code not in _NAMES:
            from babel import Locale

            _NAMES[code] = str(Locale.parse(code).get_display_name(code)).capitalize()
        found[code] = _NAMES[code]
    return found


#: The languages a page can speak, each named in itself: English and those with a catalog.
LANGUAGES: dict[str, str] = _languages()

_kernel_language = DEFAULT
_speaking: ContextVar[str | None] = ContextVar("geoteach_speaking", default=None)


def language() -> str:
    """The language the page speaks now: "en", "es", "fr" or "de"."""
    return _speaking.get() or _kernel_language


def set_language(code: str | None) -> str:
    """Make this kernel's pages speak ``code`` ("es", "fr-CH", "de_DE"; None: English).

    Returns the language chosen: the closest one with a catalog, else English. A lesson
    notebook calls it once at its top (``geoteach.i18n.set_language("es")``).
    """
    global _kernel_language
    _kernel_language = supported(code) or DEFAULT
    return _kernel_language


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` inside the ``with`` block only (tests, a handout in another language)."""
    token = _speaking.set(supported(code) or DEFAULT)
    try:
        yield language()
    finally:
        _speaking.reset(token)


def supported(code: str | None) -> str | None:
    """The language with a catalog that ``code`` names ("es-MX" -> "es"), or None."""
    if not code:
        return None
    base = str(code).strip().replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGES else None


def from_accept_language(header: str | None) -> str | None:
    """The browser's most wanted language that has a catalog ("fr-CH, fr;q=0.9, en;q=0.8")."""
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if tag and quality > 0:
            wanted.append((-quality, index, tag))
    for _quality, _index, tag in sorted(wanted):
        found = supported(tag)
        if found:
            return found
    return None


def requested_language(env: Mapping[str, str] | None = None) -> str | None:
    """The language a page asks for: the link's ``?lang=``, else the browser's
    ``Accept-Language`` (Voilà passes it as ``HTTP_ACCEPT_LANGUAGE``), else None (then the
    kernel keeps its language: English, or what a lesson notebook set)."""
    env = os.environ if env is None else env
    query = parse_qs(env.get("QUERY_STRING", ""))
    return supported((query.get("lang") or [""])[0]) or from_accept_language(
        env.get("HTTP_ACCEPT_LANGUAGE")
    )


def cache_dir() -> Path:
    """Where compiled catalogs are kept between kernels (``GEOTEACH_CACHE``, else the user's
    cache folder): compiling one costs a kernel about 50 ms, reading it back about 1 ms."""
    if os.environ.get("GEOTEACH_CACHE"):
        return Path(os.environ["GEOTEACH_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "geoteach" / "locale"


def compiled(po: Path, code: str) -> bytes:
    """The ``.mo`` bytes of the catalog ``po``: from the cache when that very file was compiled
    before (the name holds its digest), else compiled now with Babel and kept if the cache can
    be written (a read-only home only costs the compile again)."""
    text = po.read_bytes()
    kept = cache_dir() / f"{code}-{hashlib.sha256(text).hexdigest()[:16]}.mo"
    try:
        return kept.read_bytes()
    except OSError:
        pass
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    catalog = read_po(BytesIO(text), locale=code, domain=DOMAIN)
    made = BytesIO()
    write_mo(made, catalog, use_fuzzy=False)
    data = made.getvalue()
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        partial = kept.with_suffix(f".{os.getpid()}.part")
        partial.write_bytes(data)
        partial.replace(kept)  # whole or not at all, as kernels start together
    except OSError:
        pass
    return data


@cache
def translations(code: str) -> gettext.NullTranslations:
    """The compiled catalog of ``code`` (English, or a language without one: no translation)."""
    po = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if code == DEFAULT or not po.exists():
        return gettext.NullTranslations()
    return gettext.GNUTranslations(BytesIO(compiled(po, code)))


def _(message: str) -> str:
    """``message`` in the page's language (English when its catalog lacks it)."""
    code = language()
    if code == DEFAULT or not message:  # gettext("") is the catalog's header, not a sentence
        return message
    return translations(code).gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it: it is translated when shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence about ``n`` things that the page's language uses for ``n``."""
    code = language()
    if code == DEFAULT:
        return singular if n == 1 else plural
    return translations(code).ngettext(singular, plural, n)


def format_number(value: float, decimals: int | None = None, significant: int | None = None) -> str:
    """``value`` written the page's way: "1,234.5" in English, "1.234,5" in German.

    ``decimals`` fixes how many digits follow the decimal mark (None: as many as it has, up to
    three, as Babel's default pattern); ``significant`` instead keeps that many significant
    digits, without trailing zeros (as Python's "{:.3g}" below 1,000: 0.0123, 1.2, 12.5).
    """
    from babel.numbers import format_decimal

    if significant is not None and value:
        most = max(0, significant - 1 - math.floor(math.log10(abs(value))))
        pattern = "#,##0" + ("." + "#" * most if most else "")
        return format_decimal(round(value, most), format=pattern, locale=language())
    if decimals is None:
        return format_decimal(value, locale=language())
    pattern = "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
    return format_decimal(value, format=pattern, locale=language())


def format_area(km2: float, decimals: int = 0) -> str:
    """An area in square kilometres, the page's way: "1.234,5 km²" in German."""
    return _("{number} km²").format(number=format_number(km2, decimals))


def list_words(words: list[str], last: str = "or") -> str:
    """Words as a person lists them in the page's language: "A, B or C" / "A, B y C"."""
    items = [str(w) for w in words]
    if len(items) <= 1:
        return "".join(items)
    head = ", ".join(items[:-1])
    if last == "and":
        return _("{first} and {last}").format(first=head, last=items[-1])
    return _("{first} or {last}").format(first=head, last=items[-1])


#: The ``kind`` of a ``Named`` field that is a catalog's word, not a place.
WORD = "word"
#: A function that names a place in the page's language: (kind, code, English name) -> name.
PlaceNamer = Callable[[str, str, str], str]


class Named(str):
    """A field of a ``said`` sentence that a page names in its own language: its English text,
    what kind of name it is (``kind``) and what it names (``code``). Made by ``place`` and
    ``word``."""

    kind: str
    code: str


def place(kind: str, code: str, english: str) -> Named:
    """A place's name as a field of a ``said`` sentence: ``kind`` "country" or "capital" (an
    ISO 3166 alpha-3 ``code``) or "state" (a USPS ``code``), as ``geoteach.data.place_names``
    keeps them; ``english`` is its English name, the one the sentence says in English."""
    name = Named(english)
    name.kind, name.code = kind, code
    return name


def word(message: str, english: str | None = None) -> Named:
    """A word from the catalogs (``message``, marked with ``N_``) as a field of a ``said``
    sentence: a page says ``_(message)``. The English sentence says ``english`` if given (a
    short code the cards show, such as a region's "WE"), else ``message``."""
    name = Named(message if english is None else english)
    name.kind, name.code = WORD, message
    return name


class Said(str):
    """A sentence in English that keeps its catalog template and fields, so that a page in
    another language can word it again (``reword``): a class game's referee speaks English to
    every page, whatever each page speaks, and each page says the referee's refusals in its own
    language. It is a ``str``: logs, tests and English pages read it as it is.

    ``plural`` and ``number`` are the plural template and its number (``said_plural``; the
    wire calls it ``count``); ``named``
    holds the fields a page names itself, field -> (kind, code) (``place``, ``word``)."""

    template: str
    fields: dict[str, str | int]
    plural: str
    number: int
    named: dict[str, tuple[str, str]]

    def say(self) -> dict[str, Any]:
        """What a page needs to word the sentence again, as plain data for the wire."""
        found: dict[str, Any] = {"template": self.template, "fields": dict(self.fields)}
        if self.plural:
            found["plural"], found["count"] = self.plural, self.number
        if self.named:
            found["named"] = {k: list(v) for k, v in self.named.items()}
        return found


def _said(template: str, plural: str, count: int, fields: dict[str, str | int]) -> Said:
    chosen = plural if plural and count != 1 else template
    sentence = Said(chosen.format(**fields))
    sentence.template, sentence.plural, sentence.number = template, plural, count
    # A field that is itself a ``Said`` sentence stays one, so that a page words it too.
    sentence.fields = {
        k: v if type(v) is int or isinstance(v, Said) else str(v) for k, v in fields.items()
    }
    sentence.named = {
        k: (v.kind, v.code) for k, v in fields.items() if isinstance(v, Named) and v.kind
    }
    return sentence


def said(template: str, /, **fields: str | int) -> Said:
    """``template`` (marked for the catalogs with ``N_``) filled in English, keeping both:
    ``raise RoomOver(said(N_("The game {code} has ended."), code=code))``.

    Every sentence an engine or the referee refuses a move with is made so (a test checks the
    engines), as the page that shows it may speak another language than the process that
    refused it (a class game's referee speaks English). What a field holds decides how a page
    says it: a number or a team's name (typed by the teacher) as it is; a place's name as
    ``place(kind, code, english)``, which the page names from ``geoteach.data.place_names``
    (Natural Earth, CLDR: the names its own screens and maps use, English when the data has
    none), never an English name inside a Spanish sentence; a word from the catalogs (a Globe
    Works icon or region) as ``word(N_(...))``, which the page translates; a sentence inside
    the sentence (a save's problem after its file's name) as another ``said``, which the page
    words too (kept in this process; the wire carries it in English). A page words the
    sentence with ``geoteach.data.place_names.said_here`` (the one-device screens and the class
    game's pages alike)."""
    return _said(template, "", 0, dict(fields))


def said_plural(singular: str, plural: str, n: int, /, **fields: str | int) -> Said:
    """``said`` for a sentence about ``n`` things: the catalog's plural forms, chosen by the
    page's language rules for ``n`` when the page words it (``ngettext``). ``n`` is no field by
    itself: pass it as one too (``n=n``) if the sentence says it."""
    return _said(singular, plural, n, dict(fields))


def said_again(text: str, say: object) -> str:
    """The ``Said`` sentence ``text`` was made as, from what came over the wire (``say``, as
    ``Said.say`` gives it); ``text`` itself if ``say`` is no such thing."""
    if not isinstance(say, Mapping):
        return text
    template, fields = say.get("template"), say.get("fields")
    if not isinstance(template, str) or not template or not isinstance(fields, Mapping):
        return text
    plural, count, named = say.get("plural", ""), say.get("count", 0), say.get("named", {})
    sentence = Said(text)
    sentence.template = template
    sentence.fields = {str(k): v for k, v in fields.items() if type(v) is int or isinstance(v, str)}
    sentence.plural = plural if isinstance(plural, str) else ""
    sentence.number = count if type(count) is int else 0
    sentence.named = {
        str(k): (str(v[0]), str(v[1]))
        for k, v in (named if isinstance(named, Mapping) else {}).items()
        if isinstance(v, list | tuple) and len(v) == 2 and all(isinstance(x, str) for x in v)
    }
    return sentence


def reword(text: str, name_place: PlaceNamer | None = None) -> str:
    """``text`` (an English sentence from elsewhere) in the page's language: a ``Said``
    sentence's template (its plural form for its count) translated and filled with its fields,
    each ``place`` named by ``name_place`` (else in English) and each ``word`` translated; any
    other sentence by the catalog's translation of the whole sentence; else the English. A
    template whose fields do not fit gives the English, never an error."""
    if not isinstance(text, Said):
        return _(text)
    fields: dict[str, str | int] = {
        key: reword(value, name_place) if isinstance(value, Said) else value
        for key, value in text.fields.items()
    }
    for key, (kind, code) in text.named.items():
        if key not in fields:
            continue
        if kind == WORD:
            fields[key] = _(code)
        elif name_place is not None:
            fields[key] = name_place(kind, code, str(fields[key]))
    try:
        if text.plural:
            return ngettext(text.template, text.plural, text.number).format(**fields)
        return _(text.template).format(**fields)
    except (KeyError, IndexError, ValueError, AttributeError):
        return str(text)


def extract_csv_column(
    fileobj: BinaryIO, keywords: object, comment_tags: object, options: Mapping[str, str]
) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extractor for sentences kept as data: every cell of the CSV columns named in
    babel.cfg (``columns = reason``) becomes a catalog message, with its row's first cell as
    the translator's note (``geoteach/locale``). The code shows such a cell with ``_(cell)``:
    Globe Works' reasons and the explorers' names are translated like any other sentence."""
    import csv
    from io import TextIOWrapper

    columns = [c.strip() for c in options.get("columns", "").split(",") if c.strip()]
    reader = csv.reader(TextIOWrapper(fileobj, encoding="utf-8", newline=""))
    header = next(reader, [])
    where = [header.index(c) for c in columns if c in header]
    seen: set[str] = set()
    for row in reader:
        for index in where:
            cell = row[index] if index < len(row) else ""
            if cell.strip() and cell not in seen:
                seen.add(cell)
                note = f"data: {header[index]}" + (f" of {row[0]}" if index else "")
                yield reader.line_num, None, cell, [note]
