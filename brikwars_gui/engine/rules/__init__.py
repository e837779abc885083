"""Turn rules (Chapter Four): movement, actions and combat, enemy response, damage."""
