"""Game › Print… and Export as PDF…: the game as a paper sheet would show it.

The page is made from the engine's readings only (the sheet model's cells, the rules'
totals and standings), as HTML laid out by `QTextDocument`, then printed on a `QPrinter` or
written by `QPdfWriter` (Qt's own; no new dependency). Imported when first used, so start-up
does not pay for Qt's print support.
"""

from __future__ import annotations

import html
from typing import Any

from PySide6.QtCore import (
    QBuffer,
    QCoreApplication,
    QDateTime,
    QIODevice,
    QLocale,
    QMarginsF,
    Qt,
)
from PySide6.QtGui import QPageLayout, QPageSize, QPdfWriter, QTextDocument

from missdice_desktop.rules import DiceGame, Game
from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.end_of_game import winners_text
from missdice_desktop.ui.games import view_of
from missdice_desktop.ui.games.sheet_model import RowKind, SheetModel, SheetRole
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
PAGE_MARGIN_MM = 12.0
CORRECTED_MARK = "✎"
"""Beside a box whose dice were corrected after the fact (see `corrections`)."""


def options_text(game: DiceGame[Any]) -> str:
    """The game's options in words ("Points to reach: 100"), for the page's heading."""
    sheet_game = view_of(game).scoresheet(game)
    if sheet_game is not None:
        return texts.rules_summary(sheet_game.rules, table_dice=None)
    parts = [
        f"{texts.option_name(name)}: {value}"
        for name, value in getattr(game.rules, "option_values", {}).items()
    ]
    return " · ".join([texts.game_name(game.game_id), *parts])


def sheet_html(
    game: DiceGame[Any],
    *,
    when: QDateTime | None = None,
    corrected: frozenset[tuple[int, str]] = frozenset(),
) -> str:
    """The page as HTML: title, options, date, then the grid (the Yahtzee family) or the
    ranking with totals or tokens (Cochon, the 421). `corrected`: (player, box id) of the
    boxes whose dice were corrected, marked ✎."""
    moment = when if when is not None else QDateTime.currentDateTime()
    date = QLocale().toString(moment, QLocale.FormatType.LongFormat)
    title = translate("Printing", "Miss Dice — scoresheet")
    if game.finished:
        if game.losers():
            state = fill(translate("Printing", "Game over — %1 loses"), game.losers()[0])
        else:
            state = fill(translate("Printing", "Game over — %1"), winners_text(game.standings()))
    else:
        state = fill(
            translate("Printing", "In progress — %1 to play"), game.players[game.current_player]
        )
    parts = [
        "<html><body style='font-family: sans-serif;'>",
        f"<h1 style='font-size: 20pt; margin-bottom: 2pt;'>{_e(title)}</h1>",
        f"<p style='font-size: 12pt; margin: 0;'><b>{_e(options_text(game))}</b></p>",
        f"<p style='font-size: 10pt; margin: 0;'>{_e(date)} · {_e(state)}</p><br/>",
    ]
    sheet_game = view_of(game).scoresheet(game)
    if sheet_game is not None:
        parts.append(_grid_html(sheet_game, corrected))
    else:
        parts.append(_standings_html(game))
    if corrected:
        parts.append(
            "<p style='font-size: 9pt;'>"
            + _e(
                fill(
                    translate("Printing", "%1 a box corrected after it was scored."),
                    CORRECTED_MARK,
                )
            )
            + "</p>"
        )
    parts.append("</body></html>")
    return "".join(parts)


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _grid_html(game: Game, corrected: frozenset[tuple[int, str]]) -> str:
    model = SheetModel(game)
    players = len(game.players)
    size = 11 if players <= 4 else 9 if players <= 6 else 8
    cells = [
        "<table border='1' cellspacing='0' cellpadding='4' width='100%' "
        f"style='border-collapse: collapse; font-size: {size}pt; border-color: #555;'>",
        "<tr style='background-color: #e4e4e4;'><th></th>",
    ]
    for name in game.players:
        cells.append(f"<th>{_e(name)}</th>")
    cells.append("</tr>")
    for row in range(model.rowCount()):
        kind = model.row_kind(row)
        box_id = model.box_id_at(row)
        total = kind is not RowKind.BOX
        style = " style='background-color: #f1f1f1; font-weight: bold;'" if total else ""
        cells.append(
            f"<tr{style}><td>{_e(str(model.headerData(row, Qt.Orientation.Vertical)))}</td>"
        )
        for player in range(players):
            index = model.index(row, player)
            text = str(model.data(index) or "")
            if kind is RowKind.BOX and not model.data(index, SheetRole.FILLED):
                text = ""  # a preview of the dice on the table is not written on paper
            marked = text.endswith(CORRECTED_MARK)
            if box_id is not None and (player, box_id) in corrected and text and not marked:
                text = f"{text} {CORRECTED_MARK}"
            cells.append(f"<td align='center'>{_e(text)}</td>")
        cells.append("</tr>")
    cells.append("</table>")
    return "".join(cells)


def _standings_html(game: DiceGame[Any]) -> str:
    tokens = getattr(game.rules, "total_key", "total") == "tokens"
    heading = translate("Printing", "Tokens") if tokens else translate("Printing", "Total")
    rows = [
        "<table border='1' cellspacing='0' cellpadding='6' width='70%' "
        "style='border-collapse: collapse; font-size: 13pt; border-color: #555;'>",
        "<tr style='background-color: #e4e4e4;'>"
        f"<th>{_e(translate('Printing', 'Place'))}</th>"
        f"<th>{_e(translate('Printing', 'Player'))}</th><th>{_e(heading)}</th></tr>",
    ]
    totals = game.rules.totals(game.state)
    if game.finished:
        ordered = [(s.rank, s.player, s.name) for s in game.standings()]
    else:
        ordered = [(0, seat, name) for seat, name in enumerate(game.players)]
    for rank, seat, name in ordered:
        place = str(rank) if rank else ""
        rows.append(
            f"<tr><td align='center'>{place}</td><td>{_e(name)}</td>"
            f"<td align='center'>{totals[seat]}</td></tr>"
        )
    rows.append("</table>")
    if not game.finished:
        rows.append(
            "<p style='font-size: 10pt;'>"
            + _e(translate("Printing", "Players in seating order; the game is not over."))
            + "</p>"
        )
    return "".join(rows)


def sheet_document(
    game: DiceGame[Any],
    *,
    when: QDateTime | None = None,
    corrected: frozenset[tuple[int, str]] = frozenset(),
) -> QTextDocument:
    """The page, laid out for A4 (or the printer's paper, once printed)."""
    document = QTextDocument()
    document.setHtml(sheet_html(game, when=when, corrected=corrected))
    return document


def pdf_bytes(document: QTextDocument, title: str = "Miss Dice") -> bytes:
    """The document as a PDF file's bytes (A4, 12 mm margins)."""
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setTitle(title)
    writer.setCreator("Miss Dice")
    writer.setResolution(300)
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A4),
            QPageLayout.Orientation.Portrait,
            QMarginsF(PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM, PAGE_MARGIN_MM),
            QPageLayout.Unit.Millimeter,
        )
    )
    document.print_(writer)
    del writer  # ends the PDF
    data = bytes(buffer.data().data())
    buffer.close()
    return data
