"""The D6 System as a ruleset: die codes with a Wild Die, Character and Fate Points (R-D6-1..10)."""
