"""pacg: the Pathfinder Adventure Card Game, Wrath of the Righteous, as a rules engine, card library and game."""

__version__ = "0.1.0"
