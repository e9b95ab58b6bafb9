"""Geography Pursuit: the Trivial Pursuit master game with six geography categories."""

from geoteach.games.geography_pursuit.board import HUB, SPACES, destinations
from geoteach.games.geography_pursuit.game import DEFAULT_CATEGORIES, GeographyPursuit
from geoteach.games.geography_pursuit.questions import bank, bank_from_decks, default_questions

__all__ = [
    "DEFAULT_CATEGORIES",
    "HUB",
    "SPACES",
    "GeographyPursuit",
    "bank",
    "bank_from_decks",
    "default_questions",
    "destinations",
]
