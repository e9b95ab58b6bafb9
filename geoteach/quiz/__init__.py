"""Questions, answers and decks shared by all games."""
