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
