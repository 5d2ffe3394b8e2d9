"""The 421's coach in the window: the best rethrow with its chance and the other keeps, the
round's first player's stop, the review's costliest choices, and the expert computer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from missdice_desktop.computers import Level
from missdice_desktop.rules import Hold, Roll
from missdice_desktop.rules.four21 import Four21State, Stop
from missdice_desktop.ui.games.coaching import (
    SHOWN_COSTLIEST,
    CoachLines,
    choice_with_chance,
    percent,
    points,
    review_lines,
)
from missdice_desktop.ui.games.four21_board import hand_name
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # the coach loads when it is first used
    from missdice_desktop.coach.four21 import Rethrow
    from missdice_desktop.rules import Action, DiceGame
    from missdice_desktop.ui.background import ProgressCallback

translate = QCoreApplication.translate
SHOWN_CHOICES = 8


def _state(game: DiceGame[Any]) -> Four21State:
    state = game.state
    assert isinstance(state, Four21State), "the 421's coach reads the 421's games only"
    return state


def _faces(dice: tuple[int, ...]) -> str:
    return "-".join(map(str, dice))


def rethrow_text(choice: Rethrow) -> str:
    """'stop', 'throw all three again' or 'keep 4-2', translated."""
    if choice.stop:
        return translate("GameCoach", "stop")
    if not choice.keep:
        return translate("GameCoach", "throw all three again")
    return fill(translate("GameCoach", "keep %1"), _faces(choice.keep))


class Four21Coaching:
    """The 421 played not to be the round's worst: `coach.four21`'s exact rethrows."""

    levels: tuple[Level, ...] = (Level.OPTIMAL,)

    def table_key(self, game: DiceGame[Any]) -> str:
        """One small table for every game of 421 (a few milliseconds)."""
        return "421"

    def build(
        self, game: DiceGame[Any], cache_dir: Path | None
    ) -> Callable[[ProgressCallback], object]:
        """Work out the rethrow tables once (the first question builds them)."""

        def work(progress: ProgressCallback) -> object:
            from missdice_desktop.coach import four21

            four21.rethrow_choices((4, 2, 1), 2, None)
            progress(1, 1)
            return four21

        return work

    def building_text(self, game: DiceGame[Any]) -> str:
        """The tables are being worked out."""
        return translate("GameCoach", "The coach is working out the 421's throws…")

    def note(self, game: DiceGame[Any]) -> str:
        """How the round's first player plays against several others."""
        if len(game.players) <= 2:
            return ""
        return translate(
            "GameCoach",
            "The round's first player plays as if each of the others played to beat them "
            "alone; the others play to beat the round's worst hand so far.",
        )

    def advice(self, game: DiceGame[Any], table: object) -> CoachLines:
        """Before the first throw the chance of the turn; after it every choice, best first."""
        from missdice_desktop.coach import four21

        state = _state(game)
        turn = state.turn
        if turn.limit < 2:
            return CoachLines(translate("GameCoach", "A single throw: no choice this turn."))
        to_beat = four21.hand_to_beat(state.hands)
        opponents = max(1, len(state.order) - 1)
        if to_beat is None:
            goal = translate(
                "GameCoach",
                "First of the round: the others may throw no more times than you. "
                "Chance not to be the worst:",
            )
        else:
            goal = fill(translate("GameCoach", "Chance to beat %1:"), hand_name(to_beat))
        if turn.dice is None:
            if to_beat is None:
                chance = four21.first_player_chance(opponents)
            else:
                chance = four21.fresh_chance_to_beat(turn.limit, to_beat)
            return CoachLines(f"{goal} {percent(chance)}", chances=(chance,))
        choices = four21.rethrow_choices(turn.dice, turn.throws_left, to_beat, opponents=opponents)
        best = choices[0]
        if turn.throws_left == 1:
            left = translate("GameCoach", "%1, 1 throw left.")
        else:
            left = translate("GameCoach", "%1, 2 throws left.")
        status = fill(left, _faces(turn.dice))
        status += " " + goal
        held = tuple(
            sorted((face for face, h in zip(turn.dice, turn.held, strict=True) if h), reverse=True)
        )
        if any(turn.held) and not all(turn.held):
            mine = next((c for c in choices if not c.stop and c.keep == held), None)
            if mine is not None and best.chance - mine.chance >= 0.0005:
                status += " " + fill(
                    translate("GameCoach", "Throwing with these dice held: %1."),
                    points(best.chance - mine.chance),
                )
        shown = choices[:SHOWN_CHOICES]
        stop = next(c for c in choices if c.stop)
        if stop not in shown:
            shown.append(stop)  # the stop is always a choice worth seeing
        lines = tuple(
            choice_with_chance(rethrow_text(c), c.chance, best.chance, is_best=c is best)
            for c in shown
        )
        keep = None if best.stop else four21.held_positions(turn.dice, best.keep)
        return CoachLines(status, lines, tuple(c.chance for c in shown), keep=keep)

    def review(self, game: DiceGame[Any], table: object) -> CoachLines:
        """The stops and rethrows that cost the most chance."""
        from missdice_desktop.coach import four21

        state = _state(game)
        decisions = four21.review_four21(state.turns, state.payments, len(state.order), state.hands)
        lost = [0.0] * len(game.players)
        for decision in decisions:
            lost[decision.player] += decision.cost
        lines = []
        costs = []
        for decision in four21.costliest(decisions, SHOWN_COSTLIEST):
            line = fill(
                translate("GameCoach", "%1, turn %2, after throw %3: %4, %5"),
                game.players[decision.player],
                str(decision.turn + 1),
                str(decision.throw),
                _faces(decision.dice),
                rethrow_text(decision.chosen),
            )
            line += " — " + fill(
                translate("GameCoach", "coach: %1 (%2)"),
                rethrow_text(decision.best),
                points(decision.cost),
            )
            lines.append(line)
            costs.append(decision.cost)
        return review_lines(
            game.players,
            lost,
            lines,
            costs,
            status=translate("GameCoach", "Chance given away: %1"),
            nothing_lost=translate("GameCoach", "No choice cost any chance."),
        )

    def needs_table(self, level: Level) -> bool:
        """The expert asks the tables (built in a blink)."""
        return True

    def computer_action(self, game: DiceGame[Any], table: object | None, level: Level) -> Action:
        """Throw, hold or release one die, or stop (every level plays the best choice)."""
        from missdice_desktop.coach.four21 import four21_move

        state = _state(game)
        move = four21_move(state)
        if move.stop:
            return Stop()
        for index, (held, want) in enumerate(zip(state.turn.held, move.hold, strict=True)):
            if held != want:
                return Hold(index, want)
        return Roll()
