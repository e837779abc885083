"""SuperNatural powers (BrikWars Chapter D) as a shared rules layer, built like Chapter F:
state on `GameState.sn` (state.py), a turn-start phase (phase.py), the `Cast` order's dice loop
(cast.py), what an Effect changes and how it ends (effects.py), Fumble Dice (fumble.py), the
Range path (path.py), Diemons (diemons.py) and exact odds for the AI (odds.py).

SN dice are BrikWars dice (`dice/sn.py`); `Ruleset.supernatural` says which
rulesets play them. A battle without SN units never reaches this package beyond an O(1) check.
"""
