"""The coach in the window: builds the table in the background, then after every change
shows the current player's best choices (when their coach is on) and the dice to keep.

A scoresheet game's coach reads the sheet (`GameView.scoresheet`); a game played for the
chance to win (Cochon, the 421) brings its own coach (`GameView.coach`, ui/games/coaching.py),
whose table is built here the same way."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QLocale, QObject, QThreadPool, Signal

from missdice_desktop.rules import DiceGame, Game, Ruleset
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # the coach (and numpy) load when the coach is first used, not at start
    from missdice_desktop.coach.advice import Choice, Coach
    from missdice_desktop.ui.background import BackgroundTask, ProgressCallback
    from missdice_desktop.ui.coach.panel import CoachPanel
    from missdice_desktop.ui.coach.win_chances import CoachChances
    from missdice_desktop.ui.games.coaching import GameCoach
    from missdice_desktop.ui.play.controller import GameController

translate = QCoreApplication.translate
SHOWN_CHOICES = 8


class CoachController(QObject):
    """Connects the coach panel to the game shown by a GameController."""

    table_ready = Signal()
    """A coach's table was built (computer players waiting for it can play)."""
    build_progressed = Signal(int, int)
    """(done, total) while a coach's table is being built."""

    def __init__(self, controller: GameController, cache_dir: Path | None = None) -> None:
        super().__init__(controller)
        self.controller = controller
        self.window = controller.window
        self.cache_dir = cache_dir
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._coaches: dict[str, object] = {}
        """The tables built, by key: a sheet's `Coach`, or what a game's coach built."""
        self._task: BackgroundTask | None = None
        self._task_key = ""
        self._task_text = ""
        self._failed: dict[str, str] = {}
        self._reviewing = False
        self._focused_box: str | None = None
        self._shut_down = False
        self._chances: CoachChances | None = None
        controller.view_refreshed.connect(self.refresh)
        self.window.sheet.row_focused.connect(self._on_row_focused)
        controller.game_replaced.connect(self._on_game_replaced)
        if self.window.has_hidden_parts:
            self._connect_panel()
        else:  # the panel is made after the window's first paint, or when the coach is shown
            self.window.hidden_parts_built.connect(self._connect_panel)
        self.window.coach_action.toggled.connect(self._on_panel_shown)
        self.window.language_changed.connect(self.refresh)
        self.refresh()

    def _connect_panel(self) -> None:
        self.panel.coach_toggled.connect(self.set_coach_on)
        self.panel.review_requested.connect(self.show_review)

    @property
    def panel(self) -> CoachPanel:
        """The coach's panel in the window."""
        return self.window.coach_panel

    @property
    def chances(self) -> CoachChances:
        """The chart of the chances to win and the endgame played to win (made when first
        shown)."""
        if self._chances is None:
            from missdice_desktop.ui.coach.win_chances import CoachChances

            self._chances = CoachChances(self)
        return self._chances

    @property
    def game(self) -> DiceGame[Any]:
        """The game in the window."""
        return self.controller.game

    # Who has the coach -----------------------------------------------------------------------

    def coached_players(self) -> set[int]:
        """The players whose coach is on."""
        return set(self.controller.session.meta.coach or ())

    def set_coach_on(self, on: bool, player: int | None = None) -> None:
        """Switch the coach on or off for `player` (default: the one to play)."""
        player = self.game.current_player if player is None else player
        coached = self.coached_players()
        coached = coached | {player} if on else coached - {player}
        session = self.controller.session
        session.update_meta(replace(session.meta, coach=frozenset(coached)))
        self.refresh()

    # The table --------------------------------------------------------------------------------

    def coach_for(self, rules: Ruleset) -> Coach | None:
        """The coach for `rules` if ready; otherwise starts building it and returns None."""
        from missdice_desktop.coach.advice import Coach
        from missdice_desktop.coach.cache import rules_key

        cache_dir = self.cache_dir

        def build(progress: ProgressCallback) -> object:
            return Coach.for_rules(rules, cache_dir=cache_dir, progress=progress)

        text = translate(
            "CoachPanel",
            "The coach is working out this scoresheet (once; the game goes on meanwhile)…",
        )
        coach = self.table(rules_key(rules), build, text)
        return coach if isinstance(coach, Coach) else None

    def game_table(self, coach: GameCoach) -> object | None:
        """The table of a game's own coach if ready; otherwise starts building it."""
        game = self.game
        key = coach.table_key(game)
        if key in self._coaches:
            return self._coaches[key]
        return self.table(key, coach.build(game, self.cache_dir), coach.building_text(game))

    def table(
        self, key: str, build: Callable[[ProgressCallback], object], text: str
    ) -> object | None:
        """The table `key` if built; otherwise starts `build` in the background (the panel
        saying `text` with a progress bar) and returns None."""
        if key in self._coaches:
            return self._coaches[key]
        if key in self._failed or self._shut_down:
            return None
        if self._task is not None and self._task.running and self._task_key == key:
            return None
        if self._task is not None and self._task.running:
            self._task.cancel()
        from missdice_desktop.ui.background import BackgroundTask

        task = BackgroundTask(build, self)
        task.progressed.connect(self._on_progress)
        task.succeeded.connect(lambda coach, key=key: self._on_built(key, coach))
        task.failed.connect(lambda error, key=key: self._on_failed(key, error))
        self._task, self._task_key, self._task_text = task, key, text
        task.start(self.pool)
        self.panel.show_progress(0, 1, text)
        return None

    @property
    def built_tables(self) -> dict[str, object]:
        """The tables built so far, by key."""
        return self._coaches

    def wait_idle(self, msecs: int = 60_000) -> bool:
        """Wait for the background build to end (tests, closing)."""
        return self.pool.waitForDone(msecs)

    def shut_down(self) -> None:
        """Stop any build, and start none again: the window is closing (a refresh on the way
        out would otherwise start a build that Yam's Écart makes a minute long)."""
        self._shut_down = True
        if self._chances is not None:
            self._chances.shut_down()
        if self._task is not None:
            self._task.cancel()
        self.pool.waitForDone(5_000)

    def _on_progress(self, done: int, total: int) -> None:
        self.build_progressed.emit(done, total)
        if self.window.coach_action.isChecked():
            self.panel.show_progress(done, total, self._task_text)

    def _on_built(self, key: str, coach: object) -> None:
        if coach is not None:
            self._coaches[key] = coach
        self.refresh()
        self.table_ready.emit()

    def _on_failed(self, key: str, error: str) -> None:
        self._failed[key] = error
        self.refresh()

    # What the panel shows ------------------------------------------------------------------------

    def _on_game_replaced(self) -> None:
        self._reviewing = False
        self.refresh()

    def _on_row_focused(self, row: int) -> None:
        box = self.controller.model.box_id_at(row)
        if box != self._focused_box:
            self._focused_box = box
            self.refresh()

    def _on_panel_shown(self, shown: bool) -> None:
        self.refresh()

    def refresh(self) -> None:
        """Show the coach's view of the game as it is now."""
        game = self.game
        window = self.window
        window.tray.show_advice(None)
        # Only the scoresheet games have a coach: elsewhere its menu item and panel go.
        sheet_game = self.controller.view.scoresheet(game)
        game_coach = self.controller.view.coach() if sheet_game is None else None
        coachable = sheet_game is not None or game_coach is not None
        window.coach_action.setEnabled(coachable)
        shown = coachable and window.coach_action.isChecked()
        if shown or window.has_hidden_parts:
            window.coach_dock.setVisible(shown)
        if not window.coach_action.isChecked():
            return  # nothing shown: nothing to ask of the coach (it loads when first shown)
        panel = self.panel
        panel.plays_to_win = game_coach is not None
        self.chances.show_chart(sheet_game)
        if game_coach is not None:
            self._refresh_game_coach(game_coach)
            return
        player = game.current_player
        name = game.players[player]
        problem = self._problem(sheet_game)
        on = player in self.coached_players()
        panel.show_player(name, on, can_coach=problem is None and not game.finished)
        panel.review_button.setVisible(game.finished and problem is None)
        panel.note.setText(
            translate(
                "CoachPanel",
                "With several players the coach plays each sheet for its own best "
                "expected score, and to beat the others only in the endgame (4 boxes or "
                "fewer left, the others finished or nearly so).",
            )
            if len(game.players) > 1
            else ""
        )
        if problem is not None or sheet_game is None:
            panel.show_message(problem or "")
            return
        if game.finished:
            if self._reviewing:
                self.show_review()
            else:
                panel.show_message(
                    translate("CoachPanel", "The game is over: the review shows each turn.")
                )
            return
        if not on:
            panel.show_message(fill(translate("CoachPanel", "The coach is off for %1."), name))
            return
        coach = self.coach_for(sheet_game.rules)
        if coach is None:
            return
        self._show_choices(sheet_game, coach)

    def _refresh_game_coach(self, coach: GameCoach) -> None:
        """The panel for a game played for the chance to win."""
        game, panel = self.game, self.panel
        player = game.current_player
        name = game.players[player]
        failed = self._failed.get(coach.table_key(game))
        problem = (
            None
            if failed is None
            else fill(translate("CoachPanel", "The coach failed: %1"), failed)
        )
        on = player in self.coached_players()
        panel.show_player(name, on, can_coach=problem is None and not game.finished)
        panel.review_button.setVisible(game.finished and problem is None)
        panel.note.setText(coach.note(game))
        if problem is not None:
            panel.show_message(problem)
        elif game.finished:
            if self._reviewing:
                self.show_review()
            else:
                panel.show_message(
                    translate(
                        "CoachPanel", "The game is over: the review shows the costliest choices."
                    )
                )
        elif not on:
            panel.show_message(fill(translate("CoachPanel", "The coach is off for %1."), name))
        else:
            table = self.game_table(coach)
            if table is not None:
                advice = coach.advice(game, table)
                panel.show_lines(advice.status, list(advice.lines), advice.best_first)
                self.window.tray.show_advice(advice.keep)

    def _problem(self, game: Game | None) -> str | None:
        if game is None:
            return translate("CoachPanel", "The coach plays the scoresheet games only.")
        from missdice_desktop.coach.cache import rules_key
        from missdice_desktop.coach.solver import CoachError, SolverSheet

        rules = game.rules
        key = rules_key(rules)
        if key in self._failed:
            return fill(translate("CoachPanel", "The coach failed: %1"), self._failed[key])
        try:
            SolverSheet.check(rules)
        except CoachError:
            return translate("CoachPanel", "The coach does not play this scoresheet yet.")
        return None

    def _show_choices(self, game: Game, coach: Coach) -> None:
        from missdice_desktop.coach.advice import ChoiceKind, holds_for, rolls_left

        if self.chances.show_endgame(game, coach):
            return
        sheet = game.current_sheet
        dice = game.dice
        expected = coach.expected_final(sheet)
        if dice is None:
            self.panel.show_lines(
                fill(
                    translate("CoachPanel", "Expected final score: %1. Roll the dice."),
                    number(expected),
                ),
                [],
            )
            return
        left = rolls_left(game)
        choices = coach.choices(sheet, dice, left)
        best = choices[0]
        lines = [
            choice_line(choice, best, self.controller.model.box_names)
            for choice in choices[:SHOWN_CHOICES]
        ]
        status = fill(translate("CoachPanel", "Expected final score: %1."), number(best.expected))
        held = tuple(sorted(v for v, h in zip(dice, game.held, strict=True) if h))
        if left > 0 and any(game.held) and len(held) < len(dice):
            mine = next((c for c in choices if c.kind is ChoiceKind.KEEP and c.keep == held), None)
            if mine is not None and mine is not best:
                status += " " + fill(
                    translate("CoachPanel", "Rolling with these dice held: %1 points."),
                    "−" + number(best.expected - mine.expected),
                )
        focused = next(
            (c for c in choices if c.kind is ChoiceKind.SCORE and c.box == self._focused_box), None
        )
        if focused is not None and focused is not best:
            status += " " + fill(
                translate("CoachPanel", "Scoring %1 now: %2 points."),
                self.controller.model.box_names.get(focused.box, focused.box),
                "−" + number(best.expected - focused.expected),
            )
        self.panel.show_lines(status, lines)
        if best.kind is ChoiceKind.KEEP:
            self.window.tray.show_advice(holds_for(dice, best.keep))

    def show_review(self) -> None:
        """Each turn of the finished game with what the coach would have done (for a game
        played to win, its costliest choices)."""
        game = self.controller.view.scoresheet(self.game)
        game_coach = self.controller.view.coach() if game is None else None
        if game_coach is not None:
            self._reviewing = True
            table = self.game_table(game_coach)
            if table is not None:
                costly = game_coach.review(self.game, table)
                self.panel.show_lines(costly.status, list(costly.lines), costly.best_first)
            return
        if game is None:
            return
        coach = self.coach_for(game.rules)
        self._reviewing = True
        if coach is None:
            return
        from missdice_desktop.coach.review import review_game

        names = self.controller.model.box_names
        lost = [0.0] * len(game.players)
        lines = []
        for review in review_game(game, coach):
            lost[review.player] += review.lost
            dice = "-".join(map(str, sorted(review.dice, reverse=True)))
            line = fill(
                translate("CoachPanel", "%1, turn %2: %3 in %4"),
                game.players[review.player],
                str(review.round),
                dice,
                names.get(review.box, review.box),
            )
            if review.lost >= 0.05:
                line += " — " + fill(
                    translate("CoachPanel", "coach: %1 (%2)"),
                    choice_text(review.best, names),
                    "−" + number(review.lost),
                )
            lines.append(line)
        totals = ", ".join(
            f"{name} −{number(points)}" for name, points in zip(game.players, lost, strict=True)
        )
        self.panel.show_lines(
            fill(translate("CoachPanel", "Expected points lost: %1"), totals), lines, False
        )


def choice_text(choice: Choice, names: dict[str, str]) -> str:
    """'keep 6-6-5', 'roll all five again' or 'score Sixes', translated."""
    from missdice_desktop.coach.advice import ChoiceKind

    if choice.kind is ChoiceKind.SCORE:
        return fill(translate("CoachPanel", "score %1"), names.get(choice.box, choice.box))
    if not choice.keep:
        return translate("CoachPanel", "roll all five again")
    return fill(
        translate("CoachPanel", "keep %1"), "-".join(map(str, sorted(choice.keep, reverse=True)))
    )


def choice_line(choice: Choice, best: Choice, names: dict[str, str]) -> str:
    """A choice with its expected final score and, but for the best, what it costs."""
    line = f"{choice_text(choice, names)} → {number(choice.expected)}"
    if choice is not best:
        line += f"  (−{number(best.expected - choice.expected)})"
    return line


def number(value: float) -> str:
    """Points with one decimal, in the language's way (166.9, 166,9)."""
    return QLocale().toString(value, "f", 1)
