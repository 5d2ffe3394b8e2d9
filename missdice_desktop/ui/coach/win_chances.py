"""The chances to win in the coach's panel, for the scoresheet games: the chart of every
player's chance turn by turn, and the endgame played to win, each worked out on a pool
thread of its own (a whole game's chart takes seconds, an endgame up to half a second), so
the window never waits for them."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QThreadPool, Signal

from missdice_desktop.rules import Game
from missdice_desktop.ui.background import BackgroundTask, ProgressCallback
from missdice_desktop.ui.games.coaching import choice_with_chance, percent
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # the coach (and numpy) load when the coach is first used
    from missdice_desktop.coach.advice import Coach
    from missdice_desktop.coach.endgame import Endgame
    from missdice_desktop.coach.win_chances import WinChances
    from missdice_desktop.ui.coach.controller import CoachController

translate = QCoreApplication.translate
SHOWN_CHOICES = 8


class _Jobs(QObject):
    """Results by key, each worked out once in the background, one at a time."""

    done = Signal()
    progressed = Signal(int, int)

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.results: dict[Hashable, object] = {}
        self._task: BackgroundTask | None = None
        self._key: Hashable = None
        self._failed: set[Hashable] = set()
        self.closed = False

    def get(self, key: Hashable, work: Callable[[ProgressCallback], object]) -> tuple[bool, object]:
        """(True, the result) once worked out; else (False, None), the work started unless
        another is under way (asked again when that one is done)."""
        if key in self.results:
            return True, self.results[key]
        busy = self._task is not None and self._task.running
        if not busy and not self.closed and key not in self._failed:
            task = BackgroundTask(work, self)
            task.succeeded.connect(lambda result, key=key: self._on_done(key, result))
            task.failed.connect(lambda _error, key=key: self._on_failed(key))
            task.progressed.connect(self.progressed)
            self._task, self._key = task, key
            task.start(self.pool)
        return False, None

    def failed(self, key: Hashable) -> bool:
        """Whether working out `key` failed."""
        return key in self._failed

    def close(self) -> None:
        """Stop the work under way and start none again."""
        self.closed = True
        if self._task is not None:
            self._task.cancel()
        self.pool.waitForDone(5_000)

    def _on_done(self, key: Hashable, result: object) -> None:
        self.results[key] = result
        self.done.emit()

    def _on_failed(self, key: Hashable) -> None:
        self._failed.add(key)
        self.done.emit()


class CoachChances(QObject):
    """The chart and the endgame of the coach controller's game."""

    def __init__(self, coach: CoachController) -> None:
        super().__init__(coach)
        self.coach = coach
        self.charts = _Jobs(self)
        self.endgames = _Jobs(self)
        self._estimators: dict[int, tuple[Coach, WinChances]] = {}
        self.charts.done.connect(coach.refresh)
        self.endgames.done.connect(coach.refresh)
        self.charts.progressed.connect(self._on_chart_progress)

    def shut_down(self) -> None:
        """Stop the background work: the window is closing."""
        self.charts.close()
        self.endgames.close()

    # The chart -------------------------------------------------------------------------------

    def show_chart(self, game: Game | None) -> None:
        """The chart of `game` in the panel, or none (a game alone, its table not built, not
        a scoresheet game)."""
        chart = self.coach.panel.chart
        coach = self._ready_coach(game)
        if game is None or coach is None or len(game.players) < 2:
            chart.hide()
            return
        from missdice_desktop.coach.win_chances import WinChances, sheets_by_turn

        turns = game.state.scored_turns
        key = (id(coach), len(game.players), tuple((t.player, t.box, t.dice) for t in turns))
        rules, players = game.rules, len(game.players)
        if id(coach) not in self._estimators:
            self._estimators[id(coach)] = (coach, WinChances(coach))
        estimator = self._estimators[id(coach)][1]

        def work(progress: ProgressCallback) -> object:
            return estimator.by_turn(sheets_by_turn(rules, players, turns), progress)

        ready, points = self.charts.get(key, work)
        if self.charts.failed(key):
            chart.hide()
            return
        names = list(game.players)
        length = len(rules.boxes) * players
        chart.show()
        if ready and isinstance(points, list):
            chart.set_chances(names, [tuple(float(c) for c in p) for p in points], length)
        else:
            chart.show_message(names, translate("CoachPanel", "Working out the chances…"))

    def _on_chart_progress(self, done: int, total: int) -> None:
        chart = self.coach.panel.chart
        if chart.isVisible() and chart.message:
            text = fill(
                translate("CoachPanel", "Working out the chances… %1%"),
                str(100 * done // max(total, 1)),
            )
            chart.show_message(chart.names, text)

    def _ready_coach(self, game: Game | None) -> Coach | None:
        """The coach of `game`'s sheet if its table is built (none is started here)."""
        if game is None:
            return None
        from missdice_desktop.coach.advice import Coach
        from missdice_desktop.coach.cache import rules_key

        coach = self.coach.built_tables.get(rules_key(game.rules))
        return coach if isinstance(coach, Coach) else None

    # The endgame -----------------------------------------------------------------------------

    def endgame(self, game: Game, coach: Coach) -> Endgame | None:
        """The current player's endgame played to win, once worked out (None meanwhile, and
        where it does not apply)."""
        from missdice_desktop.coach.endgame import ENDGAME_BOXES, endgame_for

        sheets, player = game.state.sheets, game.current_player
        if len(sheets) < 2 or len(sheets[player].free_boxes) > ENDGAME_BOXES:
            return None
        key = (
            id(coach),
            player,
            tuple((tuple(sorted(s.scores.items())), s.yahtzee_bonus) for s in sheets),
        )

        def work(progress: ProgressCallback) -> object:
            return endgame_for(coach, sheets, player)

        found = self.endgames.get(key, work)[1]
        from missdice_desktop.coach.endgame import Endgame

        return found if isinstance(found, Endgame) else None

    def show_endgame(self, game: Game, coach: Coach) -> bool:
        """Show the current player's choices for the chance to win, and where the choice
        for points differs; False when the endgame does not apply (or is not ready)."""
        endgame = self.endgame(game, coach)
        if endgame is None or not endgame.covers(game.current_sheet):
            return False
        from missdice_desktop.coach.advice import Choice, ChoiceKind, holds_for, rolls_left
        from missdice_desktop.ui.coach.controller import choice_text

        panel, sheet, dice = self.coach.panel, game.current_sheet, game.dice
        if dice is None:
            panel.show_lines(
                fill(
                    translate("CoachPanel", "Endgame: the coach plays to win. Chance to win: %1."),
                    percent(endgame.chance_at(sheet)),
                )
                + " "
                + translate("CoachPanel", "Roll the dice."),
                [],
            )
            return True
        left = rolls_left(game)
        names = self.coach.controller.model.box_names
        choices = endgame.choices(sheet, dice, left)
        best = choices[0]
        for_points = coach.choices(sheet, dice, left)[0]
        points_choice = next(c for c in choices if c.same_as(for_points))
        lines = []
        for choice in choices[:SHOWN_CHOICES]:
            text = choice_text(Choice(choice.kind, 0.0, choice.keep, choice.box), names)
            if choice is points_choice and choice is not best:
                text = fill(translate("CoachPanel", "%1 (most points)"), text)
            lines.append(
                choice_with_chance(text, choice.chance, best.chance, is_best=choice is best)
            )
        status = fill(
            translate("CoachPanel", "Endgame: the coach plays to win. Chance to win: %1."),
            percent(best.chance),
        )
        if percent(points_choice.chance) != percent(best.chance):
            status += " " + fill(
                translate("CoachPanel", "Playing for the most points (%1) would leave %2."),
                choice_text(for_points, names),
                percent(points_choice.chance),
            )
        panel.show_lines(status, lines)
        if best.kind is ChoiceKind.KEEP:
            self.coach.window.tray.show_advice(holds_for(dice, best.keep))
        return True
