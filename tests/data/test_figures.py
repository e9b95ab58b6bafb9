"""One path for every figure (issue 36): checked against a second source, with its year.

Every country's figure reaches a student through ``geoteach.data.figures`` (``geoteach.data.
countries()``, ``statistics()`` and the plain rows of the same module): Globalissimo's category
cards, the "Did you know?" sentences, the question cards, the lessons and their handouts. The
first tests read the source (``ast``) and fail when a module reads the raw tables another way;
the others check the rules on facts a teacher knows (Kuwait's population, Cuba's GDP, Palau's
internet users, Israel's highest point) on every path.
"""

from __future__ import annotations

import ast
from pathlib import Path
from random import Random

import pytest

from geoteach.data import figures

PACKAGE = Path(__file__).resolve().parents[2] / "geoteach"
#: The data layer's modules that may read the raw tables: the loaders themselves, the one path,
#: and the cross-check that compares the raw figures with the second sources.
RAW_READERS = frozenset({"data/world.py", "data/rows.py", "data/figures.py", "data/factcheck.py"})
#: Names that hand out the raw tables, by the module that defines them.
RAW_LOADERS = {
    "geoteach.data.world": {"countries", "statistics", "statistic", "_countries", "_statistics"},
    "geoteach.data.rows": {"country_rows", "statistic_rows", "tables_json", "_tables"},
}
#: The raw files: no module opens them by name but their loaders.
RAW_FILES = ("countries.csv", "statistics.csv", "world_bank_estimates.csv", "tables.json")


def raw_reads(source: str, module: str) -> list[str]:
    """Where ``source`` (the text of ``module``) reads a raw table: ``line: what``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module in RAW_LOADERS:
            for alias in node.names:
                if alias.name in RAW_LOADERS[node.module] or alias.name == "*":
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
        if isinstance(node, ast.ImportFrom) and node.module == "geoteach.data":
            for alias in node.names:
                if alias.name in {"rows", "world"}:
                    found.append(f"{node.lineno}: from geoteach.data import {alias.name}")
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute | ast.Name):
            owner = ast.unparse(node.value)
            for defining, names in RAW_LOADERS.items():
                if owner in {defining, defining.rpartition(".")[2]} and node.attr in names:
                    found.append(f"{node.lineno}: {owner}.{node.attr}")
        if isinstance(node, ast.Call):  # data_path("countries.csv"), open(...), read_csv(...)
            for arg in node.args:
                if isinstance(arg, ast.Constant) and arg.value in RAW_FILES:
                    found.append(f"{node.lineno}: the file {arg.value!r} by name")
    return [f"{module}:{where}" for where in found]


def test_no_module_reads_a_figure_around_the_one_path() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        module = path.relative_to(PACKAGE).as_posix()
        if module in RAW_READERS:
            continue
        offenders += raw_reads(path.read_text(encoding="utf-8"), module)
    assert not offenders, (
        "These modules read the country tables around geoteach.data.figures (use "
        "geoteach.data.countries()/statistics() or geoteach.data.figures.country_rows()): "
        + "; ".join(offenders)
    )


@pytest.mark.parametrize(
    "source",
    [
        "from geoteach.data.world import countries",
        "from geoteach.data.rows import country_rows",
        "import geoteach.data.world\ngeoteach.data.world.countries()",
        "from geoteach.data import rows\nrows.statistic_rows()",
        "path = data_path('statistics.csv')",
    ],
)
def test_the_path_check_finds_each_way_around(source: str) -> None:
    assert raw_reads(source, "x.py")


def test_the_path_check_lets_the_one_path_through() -> None:
    ok = "from geoteach.data.figures import country_rows\nimport geoteach.data\n"
    ok += "geoteach.data.countries()\nfrom geoteach.data.rows import state_rows\n"
    assert raw_reads(ok, "x.py") == []


# ----------------------------------------------------------------------------- the rules
WITHHELD = [
    ("KWT", "population", "second source"),  # 3.17 M (2025) against 4.21 M (World Bank 2019)
    ("MHL", "population", "second source"),  # 82,011 against 58,791; the 2021 census: 42,418
    ("GEO", "population", "second source"),  # with Abkhazia and South Ossetia
    ("KWT", "population_density", "second source"),
    ("CUB", "gdp_usd", "second source"),  # pesos at the official rate: $259.8 bn against $100 bn
    ("PLW", "internet_users_pct", "year"),  # a 2004 value in a 2023 ranking
    ("ISR", "highest_point_m", "convention"),  # on the Golan Heights
    ("MAR", "coastline_km", "convention"),  # with Western Sahara
]


@pytest.mark.parametrize(("iso3", "key", "rule"), WITHHELD)
def test_a_teachers_known_errors_are_withheld(iso3: str, key: str, rule: str) -> None:
    assert figures.withheld()[(iso3, key)].rule == rule


def test_figures_a_teacher_trusts_are_kept() -> None:
    from geoteach.data.world import countries as raw

    kept = figures.countries()
    for iso3, key in [
        ("CHN", "population"),
        ("IND", "population"),
        ("NGA", "population"),  # fast growth since 2019, explained by its births
        ("USA", "gdp_usd"),
        ("GRC", "gdp_usd"),
        ("NPL", "highest_point_m"),
        ("FRA", "internet_users_pct"),
    ]:
        assert kept.at[iso3, key] == raw().at[iso3, key], (iso3, key)


@pytest.mark.parametrize(("iso3", "key", "rule"), WITHHELD)
def test_a_withheld_figure_is_on_no_path(iso3: str, key: str, rule: str) -> None:
    import geoteach.data
    from geoteach.games.globalissimo.atlas import Atlas
    from geoteach.quiz.facts import country_fact

    assert geoteach.data.countries().isna().at[iso3, key]
    assert figures.country_rows()[iso3][key] is None
    assert Atlas.default().value(iso3, key) is None
    value = geoteach.data.world.countries().at[iso3, key]
    said = " ".join(country_fact(iso3, Random(seed)) for seed in range(40))
    from geoteach.quiz.facts import readable

    assert readable(value) not in said


def test_the_question_cards_use_no_withheld_figure() -> None:
    from geoteach.quiz.generators import comparison_questions

    for key in ("population", "gdp_usd", "internet_users_pct"):
        gone = {iso3 for (iso3, k) in figures.withheld() if k == key}
        for question in comparison_questions(key):
            assert not gone & set(question.media.highlight), question.id


def test_a_ranking_spans_at_most_max_age_years() -> None:
    table = figures.countries()
    for key, row in figures.statistic_rows().items():
        column = f"{key}_year"
        if column not in table:
            continue
        years = table.loc[table[key].notna(), column].dropna()
        if years.empty:
            continue
        assert years.max() - years.min() <= figures.MAX_AGE, key
        span = row["years"]
        assert span == (
            str(int(years.max()))
            if years.min() == years.max()
            else f"{int(years.min())}–{int(years.max())}"
        )


def test_every_withheld_figure_says_why() -> None:
    for (iso3, key), why in figures.withheld().items():
        assert why.rule in figures.RULES
        assert len(why.reason) > 20, (iso3, key)


def test_sources_lists_the_counts_per_statistic() -> None:
    """data/SOURCES.md's table of what each rule withheld is today's count."""
    from collections import Counter

    from geoteach.data._paths import data_path

    text = data_path("SOURCES.md").read_text(encoding="utf-8")
    counts = Counter((key, why.rule) for (_, key), why in figures.withheld().items())
    for (key, rule), count in counts.items():
        assert f"| {key} | {rule} | {count} |" in text, (key, rule, count)


def test_the_second_source_is_the_build_scripts_output() -> None:
    """world_bank_estimates.csv: a row per country, Kuwait's and Cuba's as Natural Earth has."""
    from geoteach.data import rows

    assert set(figures._second_source()) == set(rows.country_rows())
    assert figures._second_source()["KWT"]["population"] == 4207083
    assert figures._second_source()["CUB"]["gdp_usd_year"] == 2018


@pytest.mark.slow
def test_second_source_rebuild_is_byte_identical(tmp_path) -> None:
    from tests.rebuilds import differing, rebuild, repository_copy

    copy = repository_copy(tmp_path)
    rebuild(copy, "build_world_bank_estimates.py")
    assert differing(copy, ["world_bank_estimates.csv"]) == []


def test_the_lessons_rank_no_withheld_figure() -> None:
    """Globalissimo's lesson map of a category (and its handout) ranks the checked figures."""
    from geoteach.lessons import globalissimo

    for key, iso3 in (("population", "KWT"), ("gdp_usd", "CUB"), ("highest_point_m", "ISR")):
        assert iso3 not in globalissimo.places(key).index, (key, iso3)
