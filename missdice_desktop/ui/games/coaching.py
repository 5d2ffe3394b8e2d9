"""A game's coach in the window, for the games played for the chance to win (Cochon, the
421): the table it needs, what the coach panel shows now, the review of a game, and the next
action of a computer player. The coach controller asks a game's row for one
(`GameView.coach`) and never the game's type; the coach's own modules (and numpy) load when
the coach or a computer player is first used."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QLocale

from missdice_desktop.computers import Level
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.rules import Action, DiceGame
    from missdice_desktop.ui.background import ProgressCallback

translate = QCoreApplication.translate
SHOWN_COSTLIEST = 8
"""Choices the review lists, costliest first."""


@dataclass(frozen=True)
class CoachLines:
    """What the coach panel shows: a status line and a list (the best choice first)."""

    status: str
    lines: tuple[str, ...] = ()
    chances: tuple[float, ...] = ()
    """The chance behind each line (the tests compare them with the solver's)."""
    keep: tuple[bool, ...] | None = None
    """The dice to ring on the tray as the ones to keep, None for none."""
    best_first: bool = True
    """The first line is the best choice (selected in the list)."""


class GameCoach(Protocol):
    """The coach of one game that is played for the chance to win."""

    levels: tuple[Level, ...]
    """The computer players the New game dialog offers for this game (best first)."""

    def table_key(self, game: DiceGame[Any]) -> str:
        """What the coach's table depends on (one table per key, built once)."""

    def build(
        self, game: DiceGame[Any], cache_dir: Path | None
    ) -> Callable[[ProgressCallback], object]:
        """The work that builds (or loads) the table: it runs on a pool thread."""

    def building_text(self, game: DiceGame[Any]) -> str:
        """What the panel says while the table is being built."""

    def note(self, game: DiceGame[Any]) -> str:
        """A note under the panel (how the coach plays with several players), or ""."""

    def advice(self, game: DiceGame[Any], table: object) -> CoachLines:
        """The coach's view of the turn in progress."""

    def review(self, game: DiceGame[Any], table: object) -> CoachLines:
        """The choices of the game that cost the most chance, costliest first."""

    def needs_table(self, level: Level) -> bool:
        """Whether a computer player of `level` waits for the table."""

    def computer_action(self, game: DiceGame[Any], table: object | None, level: Level) -> Action:
        """The next action of a computer player of `level` (its turn in progress)."""


def percent(chance: float) -> str:
    """A chance in percent with one decimal, in the language's way (53.1%, 53,1 %)."""
    return fill(
        translate("GameCoach", "%1%", "a percentage"), QLocale().toString(100 * chance, "f", 1)
    )


def points(cost: float) -> str:
    """A loss of chance in percentage points (−3.2 points)."""
    return fill(translate("GameCoach", "−%1 points"), QLocale().toString(100 * cost, "f", 1))


def choice_with_chance(text: str, chance: float, best: float, *, is_best: bool) -> str:
    """A choice with its chance, marked when it is the best, else with what it gives away."""
    line = f"{text} → {percent(chance)}"
    if is_best:
        best_word = translate("GameCoach", "best")
        return f"{line}  ✔ {best_word}"
    return f"{line}  ({points(max(0.0, best - chance))})"


def review_lines(
    players: Sequence[str],
    lost: Sequence[float],
    lines: list[str],
    costs: list[float],
    *,
    status: str,
    nothing_lost: str,
) -> CoachLines:
    """A review for the panel: the costliest choices (or `nothing_lost`), under a status
    line `status` ("…: %1") filled with what each player gave away."""
    totals = ", ".join(f"{name} {points(cost)}" for name, cost in zip(players, lost, strict=True))
    return CoachLines(
        fill(status, totals), tuple(lines or [nothing_lost]), tuple(costs), best_first=False
    )
