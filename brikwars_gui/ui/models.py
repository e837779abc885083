"""Qt item models over the document: the unit table, its team/text filter, a selection service."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont

from brikwars_gui.scenario.models import AI_LEVELS, Player, Unit
from brikwars_gui.ui.document import EditorDocument

UNIT_ID_ROLE = Qt.ItemDataRole.UserRole + 1
TEAM_ROLE = Qt.ItemDataRole.UserRole + 2


def weapons_summary(unit: Unit) -> str:
    parts = []
    for w in unit.weapons:
        rng = f' {w.range}"' if w.range is not None else " CC"
        parts.append(f"{w.name} (U{w.use}{rng}, {w.damage})")
    return "; ".join(parts)


class ColumnsTableModel(QAbstractTableModel):
    """A flat table with fixed `COLUMNS` headers; subclasses say how many rows (`row_count`)."""

    COLUMNS: tuple[str, ...] = ()

    def row_count(self) -> int:
        raise NotImplementedError

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.row_count()

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.COLUMNS[section]
        return None


#: The tooltip of a unit born in the battle (its row in the Units table, in italics).
JOINED_TIP = (
    "summoned in this battle (R-SN-2), not part of the scenario; it vanishes with its Effect (R-SN-21)"
)


class UnitTableModel(ColumnsTableModel):
    """One row per scenario unit; rows follow `EditorDocument` signals one unit at a time.

    `status_provider(unit_id) -> str` lets Play mode show engine status (Disrupted, Half Speed...).
    In Play mode `joined_provider() -> [Unit]` adds a row after them for each unit born in the
    battle (a summoned Diemon, R-SN-2) while the frame shown holds it; Edit mode lists the
    scenario alone (a summoned unit is not part of it)."""

    COLUMNS = ("Name", "Team", "Position", "Move", "Skill", "Armor", "Size", "Weapons", "Status")
    TOOLTIPS = (
        "",
        "Controlling player",
        "Cell [x, y] (GRID-1: 1 cell = 1 inch)",
        'Move in inches (R-MOVE-2: minifig 5")',
        "Skill/Action die (R-DICE-4: one die); a caster's SN dice after it (● ready, ○ spent, ◆ held)",
        "Armor roll (G-1)",
        "Size in inches (G-5 Target Size)",
        "Use / Range / Damage (R-ACT-3)",
        "Status",
    )

    def __init__(self, doc: EditorDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.status_provider = None
        self.position_provider = None  # Play mode: unit_id -> (x, y) from the engine
        self.hidden_provider = None  # Play mode: unit_id -> True for a Hidden enemy (G-16)
        self.move_provider = None  # Play mode: unit_id -> the Move the game uses (Nine Powers: 4)
        self.sn_provider = None  # Play mode: unit_id -> its SN die chips as text (`d4● d8○`)
        self.joined_provider = None  # Play mode: () -> the units born in the battle, shown frame
        self._joined: dict[str, Unit] = {}
        self._cache: dict[str, Unit] = {}
        self._live: dict[str, tuple[str, str, str]] = {}
        """Play mode: (Position, Status, Move) text per unit from the providers, asked once per change
        (`refresh_status`) rather than once per paint of each cell (issue 9: 200 units)."""
        for sig in (doc.scenarioReset, doc.unitChanged, doc.unitAdded, doc.unitRemoved):
            sig.connect(self._forget)  # connected first: cleared before the views ask
        doc.scenarioReset.connect(self._reset)
        doc.unitChanged.connect(self._unit_changed)
        doc.unitAdded.connect(self._unit_added)
        doc.unitRemoved.connect(self._unit_removed)
        doc.metaChanged.connect(self._meta_changed)
        self._ids = [u.id for u in doc.scenario.units]

    def _forget(self, *_args) -> None:
        self._cache.clear()
        self._live.clear()

    def _unit(self, unit_id: str) -> Unit | None:
        """The document's unit, looked up once per change (views ask for every cell and role)."""
        if not self._cache:
            self._cache = {u.id: u for u in self.doc.scenario.units}
        return self._cache.get(unit_id) or self._joined.get(unit_id)

    def is_joined(self, unit_id: str) -> bool:
        """A unit born in the battle, not the scenario's (Play mode)."""
        return unit_id in self._joined

    def sync_joined(self) -> None:
        """Rows for the units born in the battle as the frame shown holds them (a summon, a
        Diemon gone, the timeline scrubbed across either): after the scenario's rows."""
        joined = {u.id: u for u in self.joined_provider()} if self.joined_provider is not None else {}
        if list(joined) == list(self._joined):
            self._joined = joined  # the same units: their stats may have changed
            return
        self.beginResetModel()
        self._joined = joined
        self._ids = [u.id for u in self.doc.scenario.units] + list(joined)
        self._live.clear()
        self.endResetModel()

    # -- document sync --------------------------------------------------------------------------
    def _reset(self) -> None:
        self.beginResetModel()
        self._ids = [u.id for u in self.doc.scenario.units] + list(self._joined)
        self.endResetModel()

    def _unit_changed(self, unit_id: str) -> None:
        row = self.row_of(unit_id)
        if row >= 0:
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.COLUMNS) - 1))

    def _unit_added(self, unit_id: str) -> None:
        row = self.doc.unit_index(unit_id)
        self.beginInsertRows(QModelIndex(), row, row)
        self._ids.insert(row, unit_id)
        self.endInsertRows()

    def _unit_removed(self, unit_id: str) -> None:
        row = self.row_of(unit_id)
        if row >= 0:
            self.beginRemoveRows(QModelIndex(), row, row)
            del self._ids[row]
            self.endRemoveRows()

    def _meta_changed(self) -> None:
        if self._ids:
            self.dataChanged.emit(self.index(0, 1), self.index(len(self._ids) - 1, 1))

    def refresh_status(self, unit_id: str | None = None) -> None:
        """Position, Move and Status columns (Play mode: they follow the engine; the other columns
        are the scenario's and do not change while playing)."""
        col = len(self.COLUMNS) - 1
        if unit_id is None or unit_id in self._joined or self.row_of(unit_id) < 0:
            self.sync_joined()  # a unit born or gone, a frame with another roster (R-SN-2/21)
        if unit_id is None:
            self._live.clear()
            if self._ids:
                self.dataChanged.emit(self.index(0, 2), self.index(len(self._ids) - 1, col))
            return
        self._live.pop(unit_id, None)
        if (row := self.row_of(unit_id)) >= 0:
            # cell by cell: a view repaints one changed cell, but all of itself for a range
            for column in (2, 3, 4, col):  # 4: Skill and SN die chips
                index = self.index(row, column)
                self.dataChanged.emit(index, index)

    def _live_text(self, unit: Unit) -> tuple[str, str, str]:
        """(Position, Status, Move) as Play mode's providers give them, cached until the unit
        changes."""
        live = self._live.get(unit.id)
        if live is None:
            if self.hidden_provider is not None and self.hidden_provider(unit.id):
                pos_text = "?"  # G-16: a Hidden enemy's whereabouts are unknown to the player
            else:
                pos = (self.position_provider(unit.id) if self.position_provider else None) or unit.position
                pos_text = f"{pos[0]}, {pos[1]}"
            status = self.status_provider(unit.id) if self.status_provider is not None else None
            move = self.move_provider(unit.id) if self.move_provider is not None else None
            live = self._live[unit.id] = (
                pos_text,
                status if status is not None else self._own_status(unit),
                f'{unit.move if move is None else move}"',
            )
        return live

    # -- model API ------------------------------------------------------------------------------
    def row_of(self, unit_id: str) -> int:
        try:
            return self._ids.index(unit_id)
        except ValueError:
            return -1

    def unit_id(self, row: int) -> str:
        return self._ids[row]

    def row_count(self) -> int:
        return len(self._ids)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal:
            if role == Qt.ItemDataRole.DisplayRole:
                return self.COLUMNS[section]
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.TOOLTIPS[section] or None
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        unit = self._unit(self._ids[index.row()])
        if unit is None:
            return None
        col = index.column()
        if role == UNIT_ID_ROLE:
            return unit.id
        if role == TEAM_ROLE:
            return unit.team
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(unit, col)
        if role == Qt.ItemDataRole.EditRole:
            return self._sort_value(unit, col)
        if role == Qt.ItemDataRole.DecorationRole and col == 1:
            player = self.doc.player(unit.team)
            return QColor(player.color) if player else None
        if role == Qt.ItemDataRole.ForegroundRole and col == 0 and unit.hero:
            return QBrush(QColor("#8d6e00"))
        if role == Qt.ItemDataRole.FontRole and col == 0 and unit.id in self._joined:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == 0 and unit.id in self._joined:
                return f"{unit.name}: {JOINED_TIP}"
            if col == 3 and self.move_provider is not None and self._live_text(unit)[2] != f'{unit.move}"':
                return f'The Move the game uses; the scenario gives {unit.move}" (the ruleset converts it)'
            if col == 7:
                return (
                    "\n".join(
                        f"{w.name}: Use {w.use}, range {w.range if w.range is not None else 'CC'}, {w.damage}"
                        for w in unit.weapons
                    )
                    or None
                )
            return self.TOOLTIPS[col] or unit.name
        return None

    def _own_status(self, unit: Unit) -> str:
        """Edit mode: the scenario's own flags."""
        flags = []
        if unit.hero:
            flags.append("Hero")
        if unit.heavy_armor:
            flags.append("Heavy armor")
        if unit.carrying_heavy:
            flags.append("Carrying")
        return ", ".join(flags) or "Ready"

    def _display(self, unit: Unit, col: int) -> str:
        if col == 0:
            return unit.name
        if col == 1:
            player = self.doc.player(unit.team)
            return player.name if player else unit.team
        if col == 2:
            if self.position_provider is None and self.hidden_provider is None:
                return f"{unit.position[0]}, {unit.position[1]}"
            return self._live_text(unit)[0]
        if col == 3:
            return self._live_text(unit)[2] if self.move_provider is not None else f'{unit.move}"'
        if col == 4:
            return unit.skill + self._sn_dice(unit)
        if col == 5:
            return unit.armor
        if col == 6:
            return f'{unit.size}"'
        if col == 7:
            return weapons_summary(unit)
        if self.status_provider is None:
            return self._own_status(unit)
        return self._live_text(unit)[1]

    def _sn_dice(self, unit: Unit) -> str:
        """A caster's SN dice after its Skill: as chips in Play mode (● ready, ○ spent, ◆ held;
        R-SN-9/12), the scenario's dice in Edit mode."""
        if self.sn_provider is not None:
            chips = self.sn_provider(unit.id)
            return f" · SN {chips}" if chips else ""
        block = unit.supernatural
        if block is None or not block.talismans:
            return ""
        return " · SN " + " ".join(t.die for t in block.talismans)

    def _sort_value(self, unit: Unit, col: int):
        if col == 2:
            return unit.position[1] * 10000 + unit.position[0]
        if col == 3:
            return unit.move
        if col == 6:
            return unit.size
        return self._display(unit, col)


class UnitFilterProxy(QSortFilterProxyModel):
    """Filters the unit table by team (exact id, '' = all), status (a word of the Status column,
    e.g. "Disrupted"; '' = all) and free text (any column)."""

    STATUSES = (
        "Ready", "Action used", "Saved Action", "Disrupted", "Half Speed", "Stopped", "On Fire", "Dead"
    )

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._team = ""
        self._status = ""
        self.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.setSortRole(Qt.ItemDataRole.EditRole)
        self.setFilterKeyColumn(-1)

    @property
    def team(self) -> str:
        return self._team

    def set_team(self, team: str) -> None:
        self.beginFilterChange()
        self._team = team or ""
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_status(self, status: str) -> None:
        self.beginFilterChange()
        self._status = status or ""
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_text(self, text: str) -> None:
        self.setFilterFixedString(text)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        model = self.sourceModel()
        if self._team:
            idx = model.index(source_row, 0, source_parent)
            if model.data(idx, TEAM_ROLE) != self._team:
                return False
        if self._status:
            column = model.COLUMNS.index("Status")
            status = str(model.data(model.index(source_row, column, source_parent)) or "")
            if self._status not in status:
                return False
        return super().filterAcceptsRow(source_row, source_parent)


class SelectionService(QObject):
    """The single source of truth for "which unit/object is selected", shared by every view."""

    selectionChanged = Signal(str, str)  # kind ("unit", "object", "hazard" or ""), id

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.kind = ""
        self.item_id = ""

    @property
    def unit_id(self) -> str | None:
        return self.item_id if self.kind == "unit" else None

    def select(self, kind: str, item_id: str) -> None:
        if (kind, item_id) == (self.kind, self.item_id):
            return
        self.kind, self.item_id = (kind, item_id) if item_id else ("", "")
        self.selectionChanged.emit(self.kind, self.item_id)

    def select_unit(self, unit_id: str | None) -> None:
        self.select("unit" if unit_id else "", unit_id or "")

    def clear(self) -> None:
        self.select("", "")


class PlayerTableModel(ColumnsTableModel):
    """The scenario's players (name, colour, who plays them); edits go through the document's undo
    stack and the same validation as files; a rejected edit is reported through `doc.editRejected`.

    "Played by" is the controller and the AI level in one column ("human", "AI: hard"): two columns
    did not fit the Scenario dock at 1024 px, and a human player's AI level is not used in a game."""

    COLUMNS = ("Name", "", "Played by")  # the colour column: a swatch, its header a tooltip (narrow docks)
    PLAYED_BY = ("human", *(f"AI: {level}" for level in AI_LEVELS))
    PLAYED_BY_TIP = (
        "Who gives this player's orders: a human, or an AI: default (the original AI), "
        "easy / normal / hard (the tactical AI, docs/ai.md) or passive (gives no orders)"
    )

    def __init__(self, doc: EditorDocument, parent=None) -> None:
        super().__init__(parent)
        self.doc = doc
        doc.metaChanged.connect(self._reset)
        doc.scenarioReset.connect(self._reset)

    def _reset(self) -> None:
        self.beginResetModel()
        self.endResetModel()

    def row_count(self) -> int:
        return len(self.doc.scenario.players)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        base = super().flags(index)
        return base | Qt.ItemFlag.ItemIsEditable if index.column() in (0, 2) else base

    @staticmethod
    def played_by(player: Player) -> str:
        return "human" if player.controller != "ai" else f"AI: {player.ai_level}"

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            tips = ("", "Team colour: double-click a swatch to change it", self.PLAYED_BY_TIP)
            return tips[section] or None
        return super().headerData(section, orientation, role)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        player = self.doc.scenario.players[index.row()]
        value = (player.name, player.color, self.played_by(player))[index.column()]
        if role == Qt.ItemDataRole.EditRole or (role == Qt.ItemDataRole.DisplayRole and index.column() != 1):
            return value  # the colour column shows only its swatch
        if role == Qt.ItemDataRole.DecorationRole and index.column() == 1:
            return QColor(player.color)
        if role == Qt.ItemDataRole.ToolTipRole:
            if index.column() == 2:
                return self.PLAYED_BY_TIP
            return f"{player.name} (id {player.id}, {player.color}); double-click the colour to change it"
        return None

    def setData(
        self, index: QModelIndex | QPersistentModelIndex, value, role: int = Qt.ItemDataRole.EditRole
    ) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.EditRole:
            return False
        text = str(value).strip()
        if index.column() == 0:
            return self.update_player(index.row(), name=text)
        if index.column() == 1:
            return self.update_player(index.row(), color=text)
        return self.update_player(index.row(), **self._played_by_fields(text))

    @staticmethod
    def _played_by_fields(text: str) -> dict[str, str]:
        """"human", "ai" (level kept), "AI: hard" or a bare level ("hard") → the player's fields;
        anything else goes to validation as it is, which refuses it with a message."""
        lowered = text.lower()
        if lowered in ("human", "ai"):
            return {"controller": lowered}
        level = lowered.removeprefix("ai:").strip()
        return {"controller": "ai", "ai_level": level}

    def update_player(self, row: int, **changes: str) -> bool:
        players = list(self.doc.scenario.players)
        try:
            players[row] = Player.model_validate({**players[row].model_dump(), **changes})
        except ValidationError as exc:
            self.doc.editRejected.emit(f"player {', '.join(changes)}: {exc.errors()[0]['msg']}")
            return False
        try:
            self.doc.set_players(players, f"Edit player {players[row].name}")
        except ValueError as exc:
            self.doc.editRejected.emit(str(exc).splitlines()[0])
            return False
        return True

    def add_player(self) -> None:
        ids = {p.id for p in self.doc.scenario.players}
        n = next(i for i in range(1, len(ids) + 2) if f"player-{i}" not in ids)
        colours = ("#c0392b", "#2e6bc4", "#2e8b57", "#c27c0e", "#7d3c98", "#5d6d7e")
        player = Player(id=f"player-{n}", name=f"Player {n}", color=colours[(n - 1) % len(colours)])
        self.doc.set_players([*self.doc.scenario.players, player], f"Add {player.name}")

    def remove_player(self, row: int) -> None:
        players = list(self.doc.scenario.players)
        removed = players.pop(row)
        try:
            self.doc.set_players(players, f"Remove {removed.name}")
        except ValueError as exc:
            self.doc.editRejected.emit(f"cannot remove {removed.name}: {str(exc).splitlines()[0]}")
