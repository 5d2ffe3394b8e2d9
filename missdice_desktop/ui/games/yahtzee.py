"""The Yahtzee family in the window: its board is the scoresheet (`ui/sheet_view.py` over
`ui/sheet_model.py`); a box is scored by a click, Enter or its letter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from missdice_desktop.computers import Level
from missdice_desktop.rules import (
    BUILT_IN_VARIANTS,
    Change,
    DiceGame,
    Game,
    IllegalActionError,
    ReasonCode,
    Roll,
    Ruleset,
    Score,
)
from missdice_desktop.rules.corrections import CorrectBox, corrected_boxes
from missdice_desktop.rules.engine import JokerCase
from missdice_desktop.ui import texts
from missdice_desktop.ui.games import GameView, PlayContext
from missdice_desktop.ui.games.sheet_model import SheetModel
from missdice_desktop.ui.settings import save_settings
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:
    from missdice_desktop.rules import Action
    from missdice_desktop.ui.main_window import MainWindow

translate = QCoreApplication.translate


def _sheet_game(game: DiceGame[Any]) -> Game:
    """The game as a scoresheet game (only this view's rows are)."""
    assert isinstance(game, Game), "the sheet's view shows the Yahtzee family only"
    return game


class YahtzeeView(GameView):
    """The scoresheet games: Yahtzee, Yam's, Yacht and house grids."""

    readings_are_throws = True
    same_reading_same_throw = True
    coached = True

    def computer_levels(self) -> tuple[Level, ...]:
        """The expert and the beginner (`coach.player.ComputerPlayer`)."""
        return (Level.OPTIMAL, Level.BEGINNER)

    def board(self, window: MainWindow) -> QWidget:
        """The scoresheet."""
        return window.sheet

    def connect(self, window: MainWindow, context: PlayContext) -> None:
        """A box chosen in the sheet is scored; a box reached by the keyboard explains itself."""
        window.sheet.box_chosen.connect(lambda row: self.score_row(context, row))
        window.sheet.row_focused.connect(lambda row: self.explain_row(context, row))

    @staticmethod
    def model(window: MainWindow) -> SheetModel:
        """The sheet's model."""
        model = window.sheet.model()
        assert isinstance(model, SheetModel)
        return model

    def show(self, context: PlayContext, legal: tuple[Action, ...]) -> None:
        """Re-read the sheet (only the columns the change touched repaint)."""
        model = self.model(context.window)
        game = _sheet_game(context.game)
        if model.game is not game:
            model.set_game(game)
            context.window.sheet.fit_font()
        else:
            model.refresh()

    def name(self, game: DiceGame[Any]) -> str:
        """The sheet's own name (Yam's Écart, a house grid's name…)."""
        return texts.variant_name(_sheet_game(game).rules.variant)

    def game_text(self, game: DiceGame[Any], *, table_mode: bool) -> str:
        """The sheet, its options and where the dice come from."""
        return texts.rules_summary(_sheet_game(game).rules, table_dice=table_mode)

    def dice_first_text(self, *, table_mode: bool) -> str:
        """Roll first, or enter the dice from the table."""
        if table_mode:
            return translate(
                "Controller",
                "Enter the dice from the table first: type the five faces or click each die.",
            )
        return translate("Controller", "Roll the dice first (Space).")

    def status_text(self, context: PlayContext) -> str:
        """What to do with the dice: the joker's say first, then the keys that score."""
        game = _sheet_game(context.game)
        joker = self.joker_text(context)
        if joker:
            return joker
        if context.table_mode:
            return translate(
                "Controller",
                "Choose a box (its letter, a click, or arrows and Enter), or correct the dice.",
            )
        if game.is_legal(Roll()):
            return fill(
                translate(
                    "Controller",
                    "Choose a box (its letter, a click, or arrows and Enter), "
                    "or hold dice (1–5) and roll again: %1 left.",
                ),
                str(game.rolls_left),
            )
        return translate("Controller", "Choose a box: its letter, a click, or arrows and Enter.")

    def joker_text(self, context: PlayContext) -> str:
        """Why boxes are closed (the joker's order), or what the joker allows; else ""."""
        game = _sheet_game(context.game)
        model = self.model(context.window)
        names = model.box_names
        states = model.current_box_states() if model.game is game else game.box_states()
        for state in states:
            if state.reason is not None and state.reason.code is not ReasonCode.FILLED:
                return texts.reason_text(state.reason, names)
        case = game.rules.joker_case(game.state)
        if case is JokerCase.LOWER_FULL_VALUE:
            return translate("Controller", "Joker: the lower boxes score their full value.")
        if case is JokerCase.UPPER_AT_ZERO:
            return fill(
                translate(
                    "Controller",
                    "Joker: every lower box is filled, so %1 go in a free upper box, at 0.",
                ),
                texts.face_word(game.dice[0] if game.dice else 0),
            )
        return ""

    def action_text(self, game: DiceGame[Any], action: Action, player: str, *, done: bool) -> str:
        """A box scored with its name and points ("Anna's Fours (12)")."""
        if isinstance(action, CorrectBox):
            return fill(translate("texts", "the correction of turn %1"), str(action.turn + 1))
        if not isinstance(action, Score):
            return super().action_text(game, action, player, done=done)
        sheet_game = _sheet_game(game)
        names = texts.box_names(sheet_game.rules)
        if not done:
            return fill(translate("texts", "%1's %2"), player, names.get(action.box, action.box))
        scored = sheet_game.state.scored_turns[-1]
        return fill(
            translate("texts", "%1's %2 (%3)"),
            game.players[scored.player],
            names.get(scored.box, scored.box),
            str(scored.score),
        )

    def on_change(self, context: PlayContext, change: Change) -> None:
        """New names go to the column headers; a Yahtzee bonus is announced."""
        game = _sheet_game(context.game)
        model = self.model(context.window)
        if change.names_changed:
            model.refresh_names()
        scored = game.state.scored_turns
        if isinstance(change.action, Score) and not change.undone and scored[-1].yahtzee_bonus:
            context.note(
                fill(
                    translate("Controller", "Yahtzee bonus for %1: +%2!"),
                    game.players[scored[-1].player],
                    str(scored[-1].yahtzee_bonus),
                )
            )

    def rules_title(self, rules: Any) -> str:
        """The sheet with its options."""
        assert isinstance(rules, Ruleset)
        return texts.rules_summary(rules, table_dice=None)

    def rules_page(self, rules: Any) -> str:
        """What each box scores, the bonuses and the joker."""
        from missdice_desktop.ui.games.rules_text import rules_page  # Help › Rules only

        assert isinstance(rules, Ruleset)
        return rules_page(rules)

    def rules_examples(self) -> list[tuple[str, Any]]:
        """Every built-in sheet."""
        return [
            (texts.variant_name(variant), variant.configure())
            for variant in BUILT_IN_VARIANTS.values()
        ]

    def scoresheet(self, game: DiceGame[Any]) -> Game | None:
        """Every game of this row has a sheet."""
        return _sheet_game(game)

    def corrected_boxes(self, game: DiceGame[Any]) -> frozenset[tuple[int, str]]:
        """The boxes whose dice were corrected after they were scored."""
        return frozenset(corrected_boxes(_sheet_game(game).state))

    def tray_rolls_left(self, game: DiceGame[Any]) -> int | None:
        """None left once the dice were entered from the table (they are scored, not rolled)."""
        return 0 if game.rules.dice_entered(game.state) else game.rolls_left

    def tray_throws(self, game: DiceGame[Any]) -> int:
        """The turn's throws of real dice."""
        return len(_sheet_game(game).state.turn.rolls)

    # The sheet's own requests ---------------------------------------------------------------

    def score_row(self, context: PlayContext, row: int) -> None:
        """Score the current dice in the current player's box of `row` (after asking, when it
        scores 0 and another box would score)."""
        game = context.game
        if not isinstance(game, Game) or game.finished:
            return
        model = self.model(context.window)
        box_id = model.box_id_at(row)
        state = model.box_state(row, game.current_player)
        if box_id is None or state is None:
            return
        name = model.box_name(box_id)
        if context.refused(Score(box_id), box_name=name):  # a computer's turn, or the rules
            return
        if state.score == 0 and context.settings.confirm_zero:
            better = _best_other_box(game, box_id)
            if better is not None:
                go_on, never_again = context.prompts.confirm_zero(
                    name, model.box_name(better[0]), better[1]
                )
                if never_again:
                    context.settings.confirm_zero = False
                    save_settings(context.settings_file, context.settings)
                if not go_on:
                    return
        context.act(Score(box_id), box_name=name)

    def explain_row(self, context: PlayContext, row: int) -> None:
        """A closed box reached by the keyboard: say why it is closed."""
        game = context.game
        if not isinstance(game, Game):
            return
        model = self.model(context.window)
        state = model.box_state(row, game.current_player)
        if state is not None and not state.filled and not state.allowed and state.reason:
            context.window.status_label.setText(texts.reason_text(state.reason, model.box_names))
        else:
            context.refresh_status()


def _best_other_box(game: Game, box_id: str) -> tuple[str, int] | None:
    """The free box that would score most with these dice, other than `box_id`."""
    best: tuple[str, int] | None = None
    for state in game.box_states():
        if state.box.id == box_id or state.filled or not state.allowed:
            continue
        if state.score and (best is None or state.score > best[1]):
            best = (state.box.id, state.score)
    return best


def fix_past_box(controller: PlayContext) -> bool:
    """Edit › Fix a past box…: pick a scored turn, give its right dice; the engine
    rescores the game or says which turn the correction would break. True when done."""
    game = controller.game if isinstance(controller.game, Game) else None
    if game is None or not game.state.scored_turns:
        controller.note(translate("GameNight", "No box has been scored yet."), beep=True)
        return False
    names = YahtzeeView.model(controller.window).box_names
    choices = [
        fill(
            translate("GameNight", "Turn %1 — %2 — %3: %4 (%5)"),
            str(index + 1),
            game.players[scored.player],
            names.get(scored.box, scored.box),
            " ".join(str(face) for face in scored.dice),
            str(scored.score),
        )
        for index, scored in enumerate(game.state.scored_turns)
    ]
    answer = controller.prompts.fix_box(choices)
    if answer is None:
        return False
    turn, faces = answer
    try:
        game.apply(CorrectBox(turn, tuple(int(face) for face in faces)))
    except (IllegalActionError, ValueError) as error:
        refusal = getattr(error, "refusal", None)
        why = texts.refusal_text(refusal, names) if refusal is not None else str(error)
        controller.prompts.error(translate("GameNight", "Box not corrected"), why)
        return False
    scored = game.state.scored_turns[turn]
    controller.note(
        fill(
            translate("GameNight", "Corrected: %1's %2 now holds %3 (%4). Undo takes it back."),
            game.players[scored.player],
            names.get(scored.box, scored.box),
            " ".join(str(face) for face in scored.dice),
            str(scored.score),
        )
    )
    return True
