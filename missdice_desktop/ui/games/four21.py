"""The 421 in the window: its board (`four21_board.Four21Board`), « Je m'arrête » on S."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from missdice_desktop.rules import DiceGame
from missdice_desktop.rules.four21 import Four21Rules, Stop
from missdice_desktop.ui import texts
from missdice_desktop.ui.games import GameView, PlayContext
from missdice_desktop.ui.games.rules_pages import four21_options, four21_page
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.rules import Action
    from missdice_desktop.ui.games.coaching import GameCoach
    from missdice_desktop.ui.main_window import MainWindow

translate = QCoreApplication.translate


class Four21View(GameView):
    """The 421: la charge, la décharge, tokens and the pot."""

    speaks_of_throws = True
    coached = True
    named_actions: ClassVar[dict[str, Callable[[], Action]]] = {"stop": Stop}

    def board(self, window: MainWindow) -> QWidget:
        """Tokens, the pot, the round's hands and the last payment."""
        return window.four21_board

    def connect(self, window: MainWindow, context: PlayContext) -> None:
        """The board's « Je m'arrête » button ends the turn on these dice."""
        window.four21_board.stop_requested.connect(lambda: context.act(Stop()))

    def show(self, context: PlayContext, legal: tuple[Action, ...]) -> None:
        """The tokens, the pot, the round and whether the turn may stop here."""
        game = context.game
        rules = game.rules
        assert isinstance(rules, Four21Rules)
        context.window.four21_board.show_game(game.players, game.state, rules, Stop() in legal)

    def dice_first_text(self, *, table_mode: bool) -> str:
        """Throw the three dice (or type those thrown on the table)."""
        if table_mode:
            return translate("Controller", "Throw the three dice on the table and type them.")
        return translate("Controller", "Throw the dice (Space).")

    def status_text(self, context: PlayContext) -> str:
        """Throw again or stop."""
        if context.table_mode:
            return translate("Controller", "Type the dice of the next throw, or stop here (S).")
        return translate("Controller", "Hold dice (1–3) and throw again (Space), or stop here (S).")

    def action_text(self, game: DiceGame[Any], action: Action, player: str, *, done: bool) -> str:
        """« Je m'arrête » in words ("Anna stopping")."""
        if isinstance(action, Stop):
            return fill(translate("texts", "%1 stopping"), player)
        return super().action_text(game, action, player, done=done)

    def coach(self) -> GameCoach:
        """The coach and computer players (`four21_coach.py`, loaded on first use)."""
        from missdice_desktop.ui.games.four21_coach import Four21Coaching

        return Four21Coaching()

    def rules_title(self, rules: Any) -> str:
        """The game with its options."""
        assert isinstance(rules, Four21Rules)
        return f"{texts.game_name('421')} — {four21_options(rules)}"

    def rules_page(self, rules: Any) -> str:
        """The game's rules, with its options."""
        assert isinstance(rules, Four21Rules)
        return four21_page(rules)

    def rules_examples(self) -> list[tuple[str, Any]]:
        """The game with its usual options."""
        return [(texts.game_name("421"), Four21Rules())]
