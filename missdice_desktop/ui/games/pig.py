"""Cochon in the window: its board (`pig_board.PigBoard`), « Je garde » on H."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from missdice_desktop.rules import Bank, DiceGame, PigRules
from missdice_desktop.ui import texts
from missdice_desktop.ui.games import GameView, PlayContext
from missdice_desktop.ui.games.rules_pages import pig_options, pig_page
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.rules import Action
    from missdice_desktop.ui.games.coaching import GameCoach
    from missdice_desktop.ui.main_window import MainWindow

translate = QCoreApplication.translate


class PigView(GameView):
    """Cochon: one die, roll as long as you dare, hold to bank the turn."""

    coached = True
    named_actions: ClassVar[dict[str, Callable[[], Action]]] = {"bank": Bank}

    def board(self, window: MainWindow) -> QWidget:
        """The players' tracks toward the target and the turn total."""
        return window.pig_board

    def connect(self, window: MainWindow, context: PlayContext) -> None:
        """The board's « Je garde » button banks the turn."""
        window.pig_board.bank_requested.connect(lambda: context.act(Bank()))

    def show(self, context: PlayContext, legal: tuple[Action, ...]) -> None:
        """The banked totals, the turn and whether it may be held."""
        game = context.game
        rules = game.rules
        assert isinstance(rules, PigRules)
        context.window.pig_board.show_game(game.players, game.state, rules, Bank() in legal)

    def dice_first_text(self, *, table_mode: bool) -> str:
        """Roll the die, or type the face rolled on the table."""
        if table_mode:
            return translate("Controller", "Roll the die on the table and type its face (1 to 6).")
        return translate("Controller", "Roll the die (Space).")

    def status_text(self, context: PlayContext) -> str:
        """Roll again or hold."""
        if context.table_mode:
            return translate(
                "Controller", "Type the next face rolled, or hold (H) to bank the turn total."
            )
        return translate("Controller", "Roll again (Space), or hold (H) to bank the turn total.")

    def action_text(self, game: DiceGame[Any], action: Action, player: str, *, done: bool) -> str:
        """« Je garde » in words ("Anna's hold")."""
        if isinstance(action, Bank):
            return fill(translate("texts", "%1's hold"), player)
        return super().action_text(game, action, player, done=done)

    def coach(self) -> GameCoach:
        """The coach and computer players (`pig_coach.py`, loaded on first use)."""
        from missdice_desktop.ui.games.pig_coach import PigCoaching

        return PigCoaching()

    def rules_title(self, rules: Any) -> str:
        """The game with its options."""
        assert isinstance(rules, PigRules)
        return f"{texts.game_name('pig')} — {pig_options(rules)}"

    def rules_page(self, rules: Any) -> str:
        """The game's rules, with its options."""
        assert isinstance(rules, PigRules)
        return pig_page(rules)

    def rules_examples(self) -> list[tuple[str, Any]]:
        """The game with its usual options."""
        return [(texts.game_name("pig"), PigRules())]
