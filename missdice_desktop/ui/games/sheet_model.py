"""The scoresheet as a Qt table model: one column per player, one row per box or total.

A thin view of the engine: every number comes from `Game.box_states` or a `Scoresheet`
property; the model only chooses which one a cell shows and how it is described.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QFont

from missdice_desktop.rules import BoxState, Game, Section
from missdice_desktop.rules.corrections import corrected_boxes
from missdice_desktop.ui import texts
from missdice_desktop.ui.games.sheet_rows import (
    BOX_KEYS,
    HEADER_ROLES,
    Cell,
    RowKind,
    SheetRole,
    SheetRow,
    box_keys,
    sheet_rows,
)

__all__ = [
    "BOX_KEYS",
    "HEADER_ROLES",
    "Cell",
    "RowKind",
    "SheetModel",
    "SheetRole",
    "SheetRow",
    "box_keys",
    "sheet_rows",
]

AnyIndex = QModelIndex | QPersistentModelIndex
OPEN_CELL = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
CLOSED_CELL = Qt.ItemFlag.NoItemFlags
"""A cell's flags, made once: a view asks for them twice per cell it paints."""


class SheetModel(QAbstractTableModel):
    """The scoresheet of a game for a QTableView."""

    def __init__(self, game: Game, parent: Any = None) -> None:
        super().__init__(parent)
        self._game = game
        self._rows = sheet_rows(game)
        self._names = texts.box_names(game.rules)
        self._keys = box_keys(game)
        self._states: list[tuple[BoxState, ...]] = []
        self._corrected: set[tuple[int, str]] = set()
        self._cells: list[list[Cell]] = []
        self._current = -1
        self._computers: set[int] = set()
        self._read: list[object] = []
        """The sheets the cells were last read from (a sheet not replaced is not read again)."""
        self._read_dice: object = None
        self._read_state: object = None
        """The game's state the cells were last read from."""
        """The dice the current player's previews were last read for (held dice change none)."""
        self.markers_moving = False
        """True while `headerDataChanged` says only that the turn's ▶ or a computer's mark
        moved: no header changes its size, so a view need not lay itself out again."""
        self._read_game()

    # The game behind the model ---------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game shown."""
        return self._game

    def set_game(self, game: Game) -> None:
        """Show another game (new sheet shape, players, everything)."""
        self.beginResetModel()
        self._game = game
        self._rows = sheet_rows(game)
        self._names = texts.box_names(game.rules)
        self._keys = box_keys(game)
        self._read_game()
        self.endResetModel()

    def set_computers(self, players: set[int]) -> None:
        """Mark the columns of the players the computer plays."""
        if players != self._computers:
            moved = players ^ self._computers
            self._computers = set(players)
            self._markers_moved(moved)

    def refresh(self) -> None:
        """Re-read the game after an action, undo or redo: only the columns whose sheet
        changed or that gain or lose the turn, and signal only the cells that changed, one
        signal for each run of changed cells in a column (`SheetView` repaints such a run
        alone: Qt's own rectangle for a range takes a pixel of the next column and row)."""
        old_cells, old_current = list(self._cells), self._current
        self._read_game(full=False)
        if len(old_cells) != len(self._cells):
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(self._cells) - 1)
            )
        else:
            for column, (old, new) in enumerate(zip(old_cells, self._cells, strict=True)):
                if old is not new:
                    self._signal_changed_runs(column, old, new)
        if old_current != self._current:
            self._markers_moved({old_current, self._current})

    def _signal_changed_runs(self, column: int, old: list[Cell], new: list[Cell]) -> None:
        """Signal each run of consecutive cells of `column` that differ between `old` and
        `new`."""
        first = -1
        for row, (before, after) in enumerate(zip(old, new, strict=False)):
            if before != after:
                if first < 0:
                    first = row
            elif first >= 0:
                self._signal_run(column, first, row - 1)
                first = -1
        if first >= 0:
            self._signal_run(column, first, min(len(old), len(new)) - 1)

    def _signal_run(self, column: int, first: int, last: int) -> None:
        # cells read: no bounds to check
        self.dataChanged.emit(self.createIndex(first, column), self.createIndex(last, column))

    def _markers_moved(self, columns: Iterable[int]) -> None:
        """The turn's ▶ or a computer's mark moved between the headers of `columns`."""
        self.markers_moving = True
        try:
            for column in sorted(columns):
                if 0 <= column < len(self._game.players):
                    self.headerDataChanged.emit(Qt.Orientation.Horizontal, column, column)
        finally:
            self.markers_moving = False

    def refresh_names(self) -> None:
        """The players were renamed: redraw the column headers."""
        self._read_game()
        if self._game.players:
            self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._game.players) - 1)

    def retranslate(self) -> None:
        """Take the new language's names."""
        self._names = texts.box_names(self._game.rules)
        self._read_game()
        self.headerDataChanged.emit(Qt.Orientation.Vertical, 0, len(self._rows) - 1)
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(self._game.players) - 1)
        if self._rows and self._game.players:
            self.dataChanged.emit(
                self.index(0, 0), self.index(len(self._rows) - 1, len(self._game.players) - 1)
            )

    def _read_game(self, *, full: bool = True) -> None:
        """Read the cells from the game; with `full` False only the columns that can have
        changed: a sheet that is a new object, the player who gains or loses the turn (the
        previews and the highlight are theirs), or the current player's when the dice are
        new ones (holding a die changes no preview)."""
        game = self._game
        old_current = self._current
        self._current = -1 if game.finished else game.current_player
        sheets = game.state.sheets
        count = len(game.players)
        corrected = corrected_boxes(game.state)
        dice = game.dice
        if full or len(self._cells) != count or corrected != self._corrected:
            columns: Iterable[int] = range(count)
            self._states = [()] * count
            self._cells = [[] for _ in range(count)]
        else:
            turn_moved = old_current != self._current
            columns = [
                player
                for player in range(count)
                if sheets[player] is not self._read[player]
                or (turn_moved and player in (old_current, self._current))
                or (player == self._current and dice is not self._read_dice)
            ]
        self._corrected = corrected
        for player in columns:
            self._states[player] = game.box_states(player)
            self._cells[player] = [self._read_cell(row, player) for row in range(len(self._rows))]
        self._read = list(sheets)
        self._read_dice = dice
        self._read_state = game.state

    def _read_cell(self, row: int, player: int) -> Cell:
        sheet_row = self._rows[row]
        current = player == self._current
        if sheet_row.kind is RowKind.BOX:
            state = self._states[player][sheet_row.box_index]
            preview = not state.filled and state.score is not None
            reason = None
            if preview and not state.allowed and state.reason is not None:
                reason = texts.reason_text(state.reason, self._names)
            text = "" if state.score is None else str(state.score)
            if state.filled and (player, state.box.id) in self._corrected:
                text += " ✎"  # corrected after it was scored (Edit › Fix a past box…)
            return Cell(
                RowKind.BOX,
                text,
                state.score,
                current,
                state.filled,
                box=state,
                preview=state.score if preview else None,
                reason=reason,
                scorable=preview and state.allowed,
            )
        sheet = self._game.state.sheets[player]
        kind = sheet_row.kind
        value = {
            RowKind.UPPER_TOTAL: lambda: sheet.upper_total,
            RowKind.UPPER_BONUS: lambda: sheet.upper_bonus,
            RowKind.ECART: lambda: sheet.ecart or 0,
            RowKind.LOWER_TOTAL: lambda: sheet.lower_total,
            RowKind.YAHTZEE_BONUS: lambda: sheet.yahtzee_bonus,
            RowKind.GRAND_TOTAL: lambda: sheet.total,
        }[kind]()
        missing = None
        lost = False
        if kind is RowKind.UPPER_BONUS and sheet.upper_bonus == 0 and self._upper_open(player):
            lost = not sheet.upper_bonus_reachable
            missing = None if lost else sheet.upper_bonus_missing or None
        text = texts.points_missing(missing) if missing else str(value)
        if lost:
            text = texts.bonus_lost()
        return Cell(kind, text, value, current, True, bonus_missing=missing, bonus_lost=lost)

    # Lookups for the view and the controller ---------------------------------------------------

    def row_kind(self, row: int) -> RowKind:
        """What row `row` holds."""
        return self._rows[row].kind

    def box_id_at(self, row: int) -> str | None:
        """The box id of row `row`, None for a total row."""
        if not 0 <= row < len(self._rows) or self._rows[row].kind is not RowKind.BOX:
            return None
        return self._game.rules.boxes[self._rows[row].box_index].id

    def row_of_box(self, box_id: str) -> int:
        """The row of box `box_id`."""
        for row, sheet_row in enumerate(self._rows):
            if sheet_row.kind is RowKind.BOX and self.box_id_at(row) == box_id:
                return row
        raise KeyError(box_id)

    def row_of_kind(self, kind: RowKind) -> int:
        """The row of a total (first match)."""
        for row, sheet_row in enumerate(self._rows):
            if sheet_row.kind is kind:
                return row
        raise KeyError(kind)

    def current_box_states(self) -> tuple[BoxState, ...]:
        """`Game.box_states()` for the current player, as read at the last refresh (read
        again when the game moved on since)."""
        game = self._game
        if game.state is self._read_state and 0 <= self._current < len(self._states):
            return self._states[self._current]
        return game.box_states()

    def cell(self, row: int, player: int) -> Cell | None:
        """What the cell of `row` and `player` shows (None outside the sheet): the role
        `SheetRole.CELL` without the trip through Qt, for the delegate's every paint."""
        if 0 <= player < len(self._cells) and 0 <= row < len(self._rows):
            return self._cells[player][row]
        return None

    def box_state(self, row: int, player: int) -> BoxState | None:
        """The engine's state of the box in `row` for `player` (None on total rows)."""
        sheet_row = self._rows[row]
        if sheet_row.kind is not RowKind.BOX:
            return None
        return self._states[player][sheet_row.box_index]

    def box_name(self, box_id: str) -> str:
        """The shown name of a box."""
        return self._names.get(box_id, box_id)

    @property
    def box_names(self) -> dict[str, str]:
        """Every box's shown name."""
        return dict(self._names)

    # QAbstractTableModel ----------------------------------------------------------------------

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """Boxes and totals (a table has no children)."""
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008
        """One column per player."""
        return 0 if parent.isValid() else len(self._game.players)

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:
        """Every cell can be selected and read, except the free boxes the joker closes.

        Those are disabled for real: the keyboard passes over them, screen readers call
        them unavailable, and their tooltip (like the status line) says why.
        """
        if not index.isValid():
            return CLOSED_CELL
        row, player = index.row(), index.column()
        if player < len(self._cells) and row < len(self._rows) and self._cells[player][row].reason:
            return CLOSED_CELL
        return OPEN_CELL

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        """Player names across the top, box names and totals down the side."""
        if role not in HEADER_ROLES:
            return None  # asked for every role of every section whenever a header is sized
        if orientation == Qt.Orientation.Horizontal:
            if not 0 <= section < len(self._game.players):
                return None
            current = section == self._current
            computer = section in self._computers
            name = self._game.players[section]
            if role == Qt.ItemDataRole.DisplayRole:
                shown = texts.computer_name(name) if computer else name
                return f"▶ {shown}" if current else shown
            if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleTextRole):
                return texts.player_header_text(name, current, computer=computer)
            if role == Qt.ItemDataRole.FontRole and current:
                font = QFont()
                font.setBold(True)
                return font
            return None
        if not 0 <= section < len(self._rows):
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self._row_title(section)
        if role in (Qt.ItemDataRole.ToolTipRole, Qt.ItemDataRole.AccessibleDescriptionRole):
            return self._row_rule(section)
        if role == SheetRole.BOX_KEY:
            box_id = self.box_id_at(section)
            return self._keys.get(box_id) or None if box_id is not None else None
        if role == Qt.ItemDataRole.FontRole and self._rows[section].kind is not RowKind.BOX:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """A cell: a score, a preview of the current dice, or a total."""
        if not index.isValid():
            return None
        row, player = index.row(), index.column()
        if player >= len(self._cells) or row >= len(self._rows):
            return None
        cell = self._cells[player][row]
        match role:
            case Qt.ItemDataRole.DisplayRole:
                return cell.text
            case SheetRole.CELL:
                return cell
            case Qt.ItemDataRole.TextAlignmentRole:
                return Qt.AlignmentFlag.AlignCenter
            case SheetRole.ROW_KIND:
                return cell.kind
            case SheetRole.CURRENT_PLAYER:
                return cell.current
            case SheetRole.BOX_ID:
                return cell.box.box.id if cell.box is not None else None
            case SheetRole.FILLED:
                return cell.filled
            case SheetRole.PREVIEW_SCORE:
                return cell.preview
            case SheetRole.DISABLED_REASON:
                return cell.reason
            case SheetRole.SCORABLE:
                return cell.scorable
            case SheetRole.BONUS_MISSING:
                return cell.bonus_missing
            case Qt.ItemDataRole.ToolTipRole | Qt.ItemDataRole.AccessibleDescriptionRole:
                return self._description(cell)
            case Qt.ItemDataRole.AccessibleTextRole:
                return self._spoken(cell, row, player)
        return None

    # Words for tooltips and screen readers (made on demand) --------------------------------------

    def _description(self, cell: Cell) -> str | None:
        if cell.box is None:
            if cell.bonus_lost:
                return texts.bonus_lost_long()
            return texts.points_missing_long(cell.bonus_missing) if cell.bonus_missing else None
        name = self.box_name(cell.box.box.id)
        if cell.filled:
            return texts.scored_description(name, cell.value or 0)
        if cell.value is None:
            return texts.free_description(name)
        if cell.reason is not None:
            return cell.reason
        if cell.value == 0 and not cell.box.joker:
            from missdice_desktop.ui.games import rules_text  # words of the rules, when asked

            return texts.zero_preview_description(name, rules_text.box_rule(cell.box.box))
        return texts.preview_description(name, cell.value, joker=cell.box.joker)

    def _spoken(self, cell: Cell, row: int, player: int) -> str:
        name = self._game.players[player]
        if cell.box is None:
            return texts.total_text(name, self._row_title(row), cell.value or 0)
        return texts.cell_text(name, self.box_name(cell.box.box.id), cell.value, filled=cell.filled)

    def _upper_open(self, player: int) -> bool:
        return any(
            not state.filled for state in self._states[player] if state.box.section is Section.UPPER
        )

    def row_of_key(self, key: str) -> int | None:
        """The row of the box that `key` ("1", "A") scores, None when no box has it."""
        for box_id, box_key in self._keys.items():
            if box_key and box_key == key.upper():
                return self.row_of_box(box_id)
        return None

    def dice_to_score(self) -> bool:
        """Whether there are dice on the table for the current player to score."""
        return self._game.dice is not None and not self._game.finished

    def free_rows(self, player: int) -> list[int]:
        """Rows of `player`'s boxes still free and open (the keyboard's stops)."""
        if not 0 <= player < len(self._cells):
            return []
        return [
            row
            for row, cell in enumerate(self._cells[player])
            if cell.kind is RowKind.BOX and not cell.filled and not cell.reason
        ]

    def _row_rule(self, row: int) -> str | None:
        """What a row scores in this grid (the row header's tooltip)."""
        from missdice_desktop.ui.games import rules_text  # words of the rules, when asked

        sheet_row = self._rows[row]
        rules = self._game.rules
        if sheet_row.kind is RowKind.BOX:
            box = rules.boxes[sheet_row.box_index]
            tip = texts.box_rule_tip(self.box_name(box.id), rules_text.box_rule(box))
            key = self._keys.get(box.id)
            return texts.with_key(tip, key) if key else tip
        rule = {
            RowKind.UPPER_BONUS: lambda: rules_text.bonus_rule(rules),
            RowKind.ECART: lambda: rules_text.ecart_rule(rules),
            RowKind.YAHTZEE_BONUS: lambda: rules_text.yahtzee_bonus_rule(rules),
        }.get(sheet_row.kind)
        return rule() if rule is not None else None

    def _row_title(self, row: int) -> str:
        sheet_row = self._rows[row]
        if sheet_row.kind is RowKind.BOX:
            return self.box_name(self._game.rules.boxes[sheet_row.box_index].id)
        titles = {
            RowKind.UPPER_TOTAL: texts.RowTitles.upper_total,
            RowKind.UPPER_BONUS: texts.RowTitles.upper_bonus,
            RowKind.ECART: texts.RowTitles.ecart,
            RowKind.LOWER_TOTAL: texts.RowTitles.lower_total,
            RowKind.YAHTZEE_BONUS: texts.RowTitles.yahtzee_bonus,
            RowKind.GRAND_TOTAL: texts.RowTitles.grand_total,
        }
        return titles[sheet_row.kind]()
