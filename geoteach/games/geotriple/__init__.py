"""GeoTriple: guess the state, race for borders, play the ranks (see ``game.GeoTriple``)."""

from geoteach.games.geotriple.game import GeoTriple

__all__ = ["GeoTriple"]
