"""Drawing with matplotlib/geopandas: world and U.S. maps, card tiles, boards.

Renderers take a state (or a player's view) and draw it; they never decide rules.
"""
