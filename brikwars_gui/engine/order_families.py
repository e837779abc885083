"""Every order family the game knows, imported here so that each registers its orders and offers.

`Game`, the AI, replays and saved games read orders through this module, never through a
family: adding a family is adding its module (see `rules/orders.py`) and one import line here.
"""

from __future__ import annotations

from brikwars_gui.engine.rules import actions, gait_actions, hazard_actions, move_actions, sn_actions
from brikwars_gui.engine.rules.orders import (
    ActionOption,
    Order,
    StepHooks,
    anytime_actions,
    check_order,
    legal_actions,
    order_at_cell,
    order_from_dict,
    perform_order,
    registered_kinds,
)

FAMILIES = (actions, hazard_actions, move_actions, sn_actions, gait_actions)
"""The modules whose import registered the orders (in offer-rank order of their first offer)."""

__all__ = [
    "FAMILIES",
    "ActionOption",
    "Order",
    "StepHooks",
    "anytime_actions",
    "check_order",
    "legal_actions",
    "order_at_cell",
    "order_from_dict",
    "perform_order",
    "registered_kinds",
]
