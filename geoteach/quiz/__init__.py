"""Questions, answers and decks shared by all games.

    import geoteach.quiz as quiz
    deck = quiz.load_deck("my_deck.csv")                 # a curated deck (data/decks/README.md)
    card = deck.draw(level=1)
    quiz.check_answer(card, "Ivory Coast").message      # "Right! The answer is ..."
    quiz.generated_deck(["capitals", "flags"])           # questions made from geoteach.data
    quiz.load_worldbank_csv("API_ST.INT.ARVL_DS2_en_csv_v2_1.csv")   # a new statistic

Names load on first use, so ``import geoteach.quiz`` stays cheap.

Layer: under ``store``. May import ``data`` and the top-level helpers; never ``store``,
``games`` or anything above, nor matplotlib.
"""

from __future__ import annotations

from geoteach._lazy import lazy_exports

_EXPORTS = {
    "LEVELS": "geoteach.quiz.question",
    "SYMBOLS": "geoteach.quiz.question",
    "KINDS": "geoteach.quiz.question",
    "Media": "geoteach.quiz.question",
    "Question": "geoteach.quiz.question",
    "MODES": "geoteach.quiz.answers",
    "AnswerChecker": "geoteach.quiz.answers",
    "Verdict": "geoteach.quiz.answers",
    "check_answer": "geoteach.quiz.answers",
    "normalize": "geoteach.quiz.answers",
    "shuffled_choices": "geoteach.quiz.answers",
    "Deck": "geoteach.quiz.decks",
    "DeckError": "geoteach.quiz.decks",
    "load_deck": "geoteach.quiz.decks",
    "validate_deck": "geoteach.quiz.decks",
    "Statistic": "geoteach.quiz.worldbank",
    "WorldBankFileError": "geoteach.quiz.worldbank",
    "load_worldbank_csv": "geoteach.quiz.worldbank",
    "GENERATORS": "geoteach.quiz.generators",
    "generate": "geoteach.quiz.generators",
    "generated_deck": "geoteach.quiz.generators",
    "similar_countries": "geoteach.quiz.generators",
    "comparison_questions": "geoteach.quiz.generators",
    "country_statistic": "geoteach.quiz.generators",
    "flag_svg": "geoteach.quiz.flags",
    "flag_img_html": "geoteach.quiz.flags",
}

__all__, __getattr__, __dir__ = lazy_exports(__name__, _EXPORTS)
