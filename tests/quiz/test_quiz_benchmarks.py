"""Speed figures (pytest-benchmark; run with --benchmark-enable to measure)."""

from geoteach.quiz import generators as gen
from geoteach.quiz.answers import AnswerChecker
from geoteach.quiz.question import Question

CASES = [
    (Question("P", 1, "?", "Nigeria", kind="place"), "Niger"),
    (Question("P", 1, "?", "Ouagadougou", kind="place"), "Ouagadougu"),
    (Question("P", 1, "?", "Côte d'Ivoire", aliases=("Ivory Coast",), kind="place"), "ivory coast"),
    (Question("P", 1, "?", "Australia", kind="place"), "Austria"),
    (Question("P", 1, "?", "8,849", kind="number", tolerance=5), "8850"),
]


def test_answer_checks_per_second(benchmark) -> None:
    checker = AnswerChecker()

    def check_all() -> list[bool]:
        return [checker.typed(q, given).correct for q, given in CASES]

    assert benchmark(check_all) == [False, True, True, False, True]


def test_questions_generated_per_second(benchmark) -> None:
    gen.generate(["capitals"])  # load the tables once, as a game does at start

    questions = benchmark(gen.generate)
    assert len(questions) > 3000


def test_a_large_deck_is_checked_and_loaded(benchmark, tmp_path) -> None:
    """Every check of ``load_deck`` (file, cells, flags and map codes, ids) on 2,000 rows."""
    from geoteach.quiz.decks import load_deck
    from geoteach.quiz.flags import flag_codes

    codes = sorted(flag_codes())
    rows = "".join(
        f"Flags,{1 + i % 3},Whose flag is number {i}?,Answer {i},{codes[i % len(codes)]},"
        f"{codes[(i + 1) % len(codes)]};TX,CIA\n"
        for i in range(2000)
    )
    path = tmp_path / "big_deck.csv"
    path.write_text("category,level,prompt,answer,flag,highlight,source\n" + rows, "utf-8")
    deck = benchmark(load_deck, path)
    assert len(deck) == 2000
