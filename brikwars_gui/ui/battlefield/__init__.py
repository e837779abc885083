"""The battlefield: `BattlefieldScene` mirrors an `EditorDocument`; `BattlefieldView` adds tools.

One pixmap item per cell layer (terrain, hazards, smoke, fire), one item per unit/object/field,
and document signals update only what changed (`unitChanged(id)` moves that unit's item).

Package by concern: scene.py (the scene and its items), cell_layers.py (terrain/hazard/smoke/fire
images, layer visibility), overlays.py (sight, ranges, line of sight, reach, path, highlight),
animation.py (move slides, fire flicker), labels.py (label declutter), view.py (the view: tools,
zoom, rulers), input_events.py (mouse and keys), layer_item.py (shared names).
"""

from brikwars_gui.ui.battlefield.layer_item import DEFAULT_HIDDEN, LAYERS, Cell
from brikwars_gui.ui.battlefield.scene import BattlefieldScene
from brikwars_gui.ui.battlefield.view import TOOLS, BattlefieldView, ToolSettings
from brikwars_gui.ui.session_controller import measure

__all__ = [
    "DEFAULT_HIDDEN",
    "LAYERS",
    "TOOLS",
    "BattlefieldScene",
    "BattlefieldView",
    "Cell",
    "ToolSettings",
    "measure",
]
