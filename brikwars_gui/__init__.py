"""BrikWars battle simulator: headless rules engine (`engine`), scenario files (`scenario`), Qt app (`ui`)."""

__version__ = "0.1.0"
