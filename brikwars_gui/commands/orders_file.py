"""`brikwars-sim run --orders FILE`: scripted orders played before the AI in a headless game.

The file is a JSON list; each entry is one order in the form `Game` logs it (see engine/session.py),
plus the round it is given in:

    [{"round": 1, "unit": "scout", "order": "act", "args": {"kind": "operate", "object": "lever"}},
     {"round": 1, "unit": "sapper", "order": "move", "args": {"to": [4, 6], "careful": true}}]

At the start of each player turn the entries for that round and that player's units are issued in
file order; the default AI then plays the rest of the turn. This reaches every order the engine has
(the Chapter F hand orders, careful movement, Full-Round tasks...) from a scripted, replayable
`--dice-script` game without a GUI. `order` is one of move, act, face, end_unit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from brikwars_gui.scenario.io import ScenarioError, decode_json, read_text_file

ORDERS = ("move", "act", "face", "end_unit")


class OrdersFileError(ValueError):
    """A bad orders file; the message names the file and the entry."""


def load_orders(path: str | Path, teams: dict[str, str]) -> dict[tuple[int, str], list[dict[str, Any]]]:
    """Read `path` into {(round, player): [order dicts for `Game.apply_order`]}; `teams` maps unit
    ids to their players."""
    name = Path(path).name
    try:  # the scenario loaders' reading: regular files only, size and number limits (issue 14)
        data = decode_json(read_text_file(path), name)
    except ScenarioError as exc:
        raise OrdersFileError(f"cannot read the orders: {'; '.join(exc.messages)}") from None
    if not isinstance(data, list):
        raise OrdersFileError(f"{name}: expected a JSON list of orders")
    out: dict[tuple[int, str], list[dict[str, Any]]] = {}
    for i, entry in enumerate(data):
        where = f"{name}: [{i}]"
        if not isinstance(entry, dict):
            raise OrdersFileError(f"{where}: an order is a JSON object")
        order, unit, rnd = entry.get("order"), entry.get("unit"), entry.get("round", 1)
        if order not in ORDERS:
            raise OrdersFileError(f"{where}.order: must be one of {', '.join(ORDERS)}")
        if unit not in teams:
            raise OrdersFileError(f"{where}.unit: {unit!r} is not a unit of the scenario")
        if not isinstance(rnd, int) or rnd < 1:
            raise OrdersFileError(f"{where}.round: must be a round number >= 1")
        args = entry.get("args", {})
        if not isinstance(args, dict):
            raise OrdersFileError(f"{where}.args: must be a JSON object")
        out.setdefault((rnd, teams[unit]), []).append(
            {"order": order, "unit": unit, "args": args, "entry": i}
        )
    return out


def issue_orders(game: Any, scripted: dict[tuple[int, str], list[dict[str, Any]]], path: str | Path) -> None:
    """Issue (and remove) the scripted orders for the turn now under way; an order the rules
    refuse raises OrdersFileError naming the file, the entry and the rules' reason."""
    from brikwars_gui.engine.rules.common import IllegalOrder

    for order in scripted.pop((game.round, game.active_player), []):
        if game.over:
            return
        try:
            game.apply_order(order)
        except IllegalOrder as exc:
            raise OrdersFileError(f"{Path(path).name}: [{order['entry']}]: {exc}") from exc
