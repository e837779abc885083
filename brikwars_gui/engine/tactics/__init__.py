"""The tactical AI: a solo player's opponent that plays the rules (issue 13).

Modules: `odds` (exact kill chances), `threat` (numpy threat maps), `planner` (candidate plans
and their scores), `presets` (Easy/Normal/Hard behaviour settings), `explain` (one-line
explanations) and `player` (the AI players behind one `play_turn` interface).
"""

from brikwars_gui.engine.tactics.player import LEVELS, Decision, TacticalAI, make_player
from brikwars_gui.engine.tactics.presets import PRESETS, Behaviour, preset

__all__ = ["LEVELS", "PRESETS", "Behaviour", "Decision", "TacticalAI", "make_player", "preset"]
