"""BrikWars: exploding dice, Overskill, Damage against Armor (chapters 4, D, F)."""
