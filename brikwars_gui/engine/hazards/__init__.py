"""Field Hazards, Fire, Traps and the Scout (Chapter F; rules R-HAZ, R-FIRE, R-TRAP, R-SCOUT).

The turn engine calls the hooks in `phase`; combat and action rules call the helpers in `fire`
(penalties, burning attacks), `terrain` (Slippery), `shields`, `traps` and `scout`.
"""
