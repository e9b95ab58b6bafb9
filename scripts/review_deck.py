"""Print every card of a deck with its answer, accepted forms, wrong options and source.

    python scripts/review_deck.py capitals                 # a kind of generated questions
    python scripts/review_deck.py people_places            # a Global Pursuit deck as dealt
    python scripts/review_deck.py "Capitals & Cities"      # a Geography Pursuit category
    python scripts/review_deck.py data/decks/example_world_capitals.csv
    python scripts/review_deck.py --list                   # the decks there are
    python scripts/review_deck.py --retire "continent:CHN" "reason a teacher gives"

Cards are grouped by kind; retired cards (data/decks/retired.csv) are left out unless
``--with-retired`` is given, then marked [RETIRED]. ``--retire`` adds one card's id to
data/decks/retired.csv: no game deals it again, and no code changes (data/decks/README.md).
"""

from __future__ import annotations

import argparse
import sys

from geoteach.data.conventions import retired_cards_path
from geoteach.lessons.deck_review import deck_questions, retire_card, review_text
from geoteach.quiz import generators


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck", nargs="?", help="deck name or .csv file")
    parser.add_argument("--with-retired", action="store_true", help="show retired cards too")
    parser.add_argument("--list", action="store_true", help="list the decks")
    parser.add_argument("--retire", nargs=2, metavar=("ID", "REASON"), help="retire one card")
    parser.add_argument("--by", default="", help="who retires it (with --retire)")
    args = parser.parse_args(argv)
    if args.list:
        from geoteach.games.geography_pursuit.questions import DEFAULT_SOURCES
        from geoteach.games.global_pursuit.trivia import DECKS

        print("\n".join([*generators.GENERATORS, *DECKS, *DEFAULT_SOURCES]))
        return 0
    if args.retire:
        card_id, reason = args.retire
        where = retired_cards_path()
        added = retire_card(card_id, reason, where, args.by)
        print(f"{card_id}: {'retired' if added else 'was already retired'} ({where})")
        return 0
    if not args.deck:
        parser.error("name a deck (or --list)")
    try:
        questions = deck_questions(args.deck, include_retired=args.with_retired)
    except LookupError as error:
        print(error, file=sys.stderr)
        return 2
    print(review_text(questions, generators.retired_ids()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
