"""What the Games window says of a kept game: its date, sheet, players, scores and state."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QDateTime, QLocale

from missdice_desktop.library import GameSummary, KeptSummary, UnreadableGame
from missdice_desktop.rules import RulesError, get_variant
from missdice_desktop.rules.engine import Standing
from missdice_desktop.ui import texts
from missdice_desktop.ui.dialogs.end_of_game import winners_text
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate

Entry = KeptSummary | UnreadableGame
"""A line of the games list: a game's summary, or why it cannot be opened."""


def game_date(kept: Entry) -> str:
    """When the game was last played, in the language of the moment."""
    moment = QDateTime.fromSecsSinceEpoch(int(kept.saved_at))
    return QLocale().toString(moment, QLocale.FormatType.ShortFormat)


def summary_sheet_name(summary: GameSummary) -> str:
    """The scoresheet of a Yahtzee-family game, else the game's name."""
    if summary.grid_name:
        return summary.grid_name
    if summary.variant:
        try:
            return texts.variant_name(get_variant(summary.variant))
        except RulesError:
            return summary.variant
    return texts.game_name(summary.game_id)


def sheet_name(kept: KeptSummary) -> str:
    """The scoresheet of a Yahtzee-family game, else the game's name."""
    return summary_sheet_name(kept.summary)


def scores_text(kept: KeptSummary) -> str:
    """ "Anna 212, Ben 187": every player's total, in playing order."""
    summary = kept.summary
    return ", ".join(
        f"{name} {total}" for name, total in zip(players_named(kept), summary.totals, strict=True)
    )


def players_named(kept: KeptSummary) -> list[str]:
    """The players' names, a computer player's marked as such."""
    summary = kept.summary
    return [
        texts.computer_name(name) if computer else name
        for name, computer in zip(summary.players, summary.computers, strict=True)
    ]


def state_text(kept: KeptSummary) -> str:
    """The winner of a finished game, or how far an unfinished one went."""
    summary = kept.summary
    if summary.finished:
        if summary.losers:
            return fill(translate("GamesWindow", "%1 loses"), ", ".join(summary.losers))
        standings = [
            Standing(rank, seat, name, total)
            for seat, (rank, name, total) in enumerate(summary.standings)
        ]
        return winners_text(standings)
    if not summary.turns:
        return translate("GamesWindow", "Unfinished")
    return fill(
        translate("GamesWindow", "Unfinished: turn %1 of %2"),
        str(summary.turn),
        str(summary.turns),
    )


def unreadable_text(entry: UnreadableGame) -> str:
    """ "Cannot be opened: why"."""
    if entry.newer:
        why = translate("GamesWindow", "written by a newer version of Miss Dice")
    else:
        why = entry.reason
    return fill(translate("GamesWindow", "Cannot be opened: %1"), why)
