"""The headless BrikWars rules engine. Nothing in this package may import Qt."""
