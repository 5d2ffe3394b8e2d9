"""Cochon's coach in the window: the chance to win if the player rolls and if they hold, the
review's costliest choices, and the computer players (hold at 20; the optimal policy)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication

from missdice_desktop.computers import Level
from missdice_desktop.rules import Roll
from missdice_desktop.rules.pig import Bank, PigRules, PigState
from missdice_desktop.ui.games.coaching import (
    SHOWN_COSTLIEST,
    CoachLines,
    choice_with_chance,
    percent,
    points,
    review_lines,
)
from missdice_desktop.ui.texts import fill

if TYPE_CHECKING:  # the coach (and numpy) load when the coach is first used
    from missdice_desktop.coach.pig import PigCoach, PigMove
    from missdice_desktop.rules import Action, DiceGame
    from missdice_desktop.ui.background import ProgressCallback

translate = QCoreApplication.translate
BEGINNER_HOLDS_AT = 20


def _state(game: DiceGame[Any]) -> PigState:
    state = game.state
    assert isinstance(state, PigState), "Cochon's coach reads Cochon's games only"
    return state


def _target(game: DiceGame[Any]) -> int:
    rules = game.rules
    assert isinstance(rules, PigRules)
    return rules.target


def _coach(table: object) -> PigCoach:
    from missdice_desktop.coach.pig import PigCoach

    assert isinstance(table, PigCoach)
    return table


def move_text(move: PigMove) -> str:
    """'roll again' or 'hold', translated."""
    from missdice_desktop.coach.pig import PigMove

    if move is PigMove.ROLL:
        return translate("GameCoach", "roll again")
    return translate("GameCoach", "hold")


class PigCoaching:
    """Cochon played to win: `coach.pig`'s two-player table (against the leading opponent
    with more players)."""

    levels: tuple[Level, ...] = (Level.OPTIMAL, Level.BEGINNER)

    def table_key(self, game: DiceGame[Any]) -> str:
        """One table per target."""
        return f"pig-{_target(game)}"

    def build(
        self, game: DiceGame[Any], cache_dir: Path | None
    ) -> Callable[[ProgressCallback], object]:
        """Load the target's table from the cache, or solve it (minutes for 1000) and cache it."""
        target = _target(game)

        def work(progress: ProgressCallback) -> object:
            from missdice_desktop.coach.pig import PigCoach

            return PigCoach.for_target(target, cache_dir=cache_dir, progress=progress)

        return work

    def building_text(self, game: DiceGame[Any]) -> str:
        """The table is being solved."""
        return fill(
            translate(
                "GameCoach",
                "The coach is working out Cochon to %1 (once; the game goes on meanwhile)…",
            ),
            str(_target(game)),
        )

    def note(self, game: DiceGame[Any]) -> str:
        """With three players or more the coach plays the duel with the leader."""
        if len(game.players) <= 2:
            return ""
        return translate(
            "GameCoach",
            "With more than two players the coach plays against the leading opponent as if "
            "the game had two players.",
        )

    def advice(self, game: DiceGame[Any], table: object) -> CoachLines:
        """The chance to win now if the player rolls and if they hold, the best first."""
        coach, state = _coach(table), _state(game)
        turn = state.turn
        banked = state.banked
        chances = coach.chances_among(banked, turn.player, turn.total)
        leader = max(score for seat, score in enumerate(banked) if seat != turn.player)
        if len(banked) > 2:
            where = translate("GameCoach", "%1 banked, %2 this turn; the leading opponent has %3.")
        else:
            where = translate("GameCoach", "%1 banked, %2 this turn; the opponent has %3.")
        status = fill(where, str(banked[turn.player]), str(turn.total), str(leader))
        if chances.hold is None:
            assert chances.roll is not None
            status += " " + fill(
                translate("GameCoach", "Chance to win: %1. Roll the die."), percent(chances.roll)
            )
            return CoachLines(status, chances=(chances.roll,))
        from missdice_desktop.coach.pig import PigMove

        best = chances.best
        options = [(best, chances.chance)]
        other = PigMove.HOLD if best is PigMove.ROLL else PigMove.ROLL
        other_chance = chances.hold if other is PigMove.HOLD else chances.roll
        if other_chance is not None:
            options.append((other, other_chance))
        lines = tuple(
            choice_with_chance(
                move_text(move),
                chance,
                chances.chance,
                is_best=index == 0,
            )
            for index, (move, chance) in enumerate(options)
        )
        status += " " + translate("GameCoach", "The chance to win of each choice:")
        return CoachLines(status, lines, tuple(chance for _, chance in options))

    def review(self, game: DiceGame[Any], table: object) -> CoachLines:
        """The choices to roll or hold that cost the most chance to win."""
        from missdice_desktop.coach.pig import costliest, review_pig

        coach, state = _coach(table), _state(game)
        count = len(game.players)
        decisions = review_pig(state.turns, count, coach)
        lost = [0.0] * count
        for decision in decisions:
            lost[decision.player] += decision.cost
        lines = []
        chances = []
        for decision in costliest(decisions, SHOWN_COSTLIEST):
            line = fill(
                translate("GameCoach", "%1, turn %2: %3 at %4 with %5 banked"),
                game.players[decision.player],
                str(decision.turn // count + 1),
                move_text(decision.move),
                str(decision.turn_total),
                str(decision.banked[decision.player]),
            )
            line += " — " + fill(
                translate("GameCoach", "coach: %1 (%2)"),
                move_text(decision.chances.best),
                points(decision.cost),
            )
            lines.append(line)
            chances.append(decision.cost)
        return review_lines(
            game.players,
            lost,
            lines,
            chances,
            status=translate("GameCoach", "Chance to win given away: %1"),
            nothing_lost=translate("GameCoach", "No choice cost any chance to win."),
        )

    def needs_table(self, level: Level) -> bool:
        """The beginner holds at 20 without a table."""
        return level is not Level.BEGINNER

    def computer_action(self, game: DiceGame[Any], table: object | None, level: Level) -> Action:
        """Roll or hold (« Je garde »)."""
        from missdice_desktop.coach.pig import HoldAtPlayer, OptimalPigPlayer, PigMove

        state = _state(game)
        if level is Level.BEGINNER or table is None:
            player: HoldAtPlayer | OptimalPigPlayer = HoldAtPlayer(BEGINNER_HOLDS_AT, _target(game))
        else:
            player = OptimalPigPlayer(_coach(table))
        move = player.decide(state.banked, state.turn.player, state.turn.total)
        return Bank() if move is PigMove.HOLD else Roll()
