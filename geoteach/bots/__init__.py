"""Computer opponents: they play through a game's public verbs and a player's view only."""
