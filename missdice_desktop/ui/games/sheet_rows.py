"""The sheet's rows and cells as data: which box or total each row shows, what a cell holds,
and the letter that scores each box from the keyboard."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from PySide6.QtCore import Qt

from missdice_desktop.rules import BoxState, Game, Section


class RowKind(enum.Enum):
    """What a row of the sheet holds."""

    BOX = "box"
    UPPER_TOTAL = "upper_total"
    UPPER_BONUS = "upper_bonus"
    ECART = "ecart"
    LOWER_TOTAL = "lower_total"
    YAHTZEE_BONUS = "yahtzee_bonus"
    GRAND_TOTAL = "grand_total"


class SheetRole(enum.IntEnum):
    """Custom data roles of the sheet model."""

    ROW_KIND = Qt.ItemDataRole.UserRole + 1
    """The RowKind of the cell's row."""
    BOX_ID = Qt.ItemDataRole.UserRole + 2
    """The box id of a box row (None on a total row)."""
    PREVIEW_SCORE = Qt.ItemDataRole.UserRole + 3
    """What the current dice would score in this free box of the current player, else None."""
    DISABLED_REASON = Qt.ItemDataRole.UserRole + 4
    """Why the joker closes this free box for the current dice (translated), else None."""
    FILLED = Qt.ItemDataRole.UserRole + 5
    """True when the box holds a score."""
    CURRENT_PLAYER = Qt.ItemDataRole.UserRole + 6
    """True in the column of the player whose turn it is."""
    SCORABLE = Qt.ItemDataRole.UserRole + 7
    """True when one click scores the current dice here."""
    BONUS_MISSING = Qt.ItemDataRole.UserRole + 8
    """On the upper-bonus row: points still needed (None when reached or impossible)."""
    CELL = Qt.ItemDataRole.UserRole + 9
    """The whole `Cell` at once (the delegate paints from it in one call)."""
    BOX_KEY = Qt.ItemDataRole.UserRole + 10
    """On a box row's header: the key that scores it from the sheet ("1", "A"), else None."""


@dataclass(frozen=True)
class Cell:
    """What one cell shows, read from the engine once per change."""

    kind: RowKind
    text: str
    value: int | None
    """The score, preview or total the engine gives (None: an empty box)."""
    current: bool
    filled: bool
    box: BoxState | None = None
    preview: int | None = None
    reason: str | None = None
    scorable: bool = False
    bonus_missing: int | None = None
    bonus_lost: bool = False
    """The upper bonus can no longer be reached."""


@dataclass(frozen=True)
class SheetRow:
    """One row: a box (by its index in the ruleset) or a computed total."""

    kind: RowKind
    box_index: int = -1


HEADER_ROLES = frozenset(
    int(role)
    for role in (
        Qt.ItemDataRole.DisplayRole,
        Qt.ItemDataRole.ToolTipRole,
        Qt.ItemDataRole.AccessibleTextRole,
        Qt.ItemDataRole.AccessibleDescriptionRole,
        Qt.ItemDataRole.FontRole,
        SheetRole.BOX_KEY,
    )
)
"""The roles `SheetModel.headerData` answers."""

BOX_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Keys of the boxes, in sheet order: letters exist on every layout, and the digits stay
with the dice (1–5 hold a die wherever the focus is)."""


def box_keys(game: Game) -> dict[str, str]:
    """The key of each box: a letter, in sheet order (boxes past Z have none)."""
    letters = iter(BOX_KEYS)
    return {box.id: next(letters, "") for box in game.rules.boxes}


def sheet_rows(game: Game) -> tuple[SheetRow, ...]:
    """The rows of a game's sheet, top to bottom, with totals where a paper sheet has them."""
    variant = game.rules.variant
    boxes = game.rules.boxes
    rows: list[SheetRow] = [
        SheetRow(RowKind.BOX, i) for i, box in enumerate(boxes) if box.section is Section.UPPER
    ]
    if rows:
        rows.append(SheetRow(RowKind.UPPER_TOTAL))
        if variant.upper_bonus is not None:
            rows.append(SheetRow(RowKind.UPPER_BONUS))
    rows += [
        SheetRow(RowKind.BOX, i) for i, box in enumerate(boxes) if box.section is Section.LOWER
    ]
    if variant.ecart is not None:
        rows.append(SheetRow(RowKind.ECART))
    rows.append(SheetRow(RowKind.LOWER_TOTAL))
    if variant.yahtzee_bonus:
        rows.append(SheetRow(RowKind.YAHTZEE_BONUS))
    rows.append(SheetRow(RowKind.GRAND_TOTAL))
    return tuple(rows)
