"""`missdice advise` for the games played to win: Cochon and the 421 (chances, not scores)."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Any

from missdice_desktop.coach import four21, pig
from missdice_desktop.coach.solver import CoachError
from missdice_desktop.rules.four21 import MAX_PLAYERS, hand_of, hand_text
from missdice_desktop.rules.pig import DEFAULT_TARGET

CHANCE_GAMES = ("pig", "421")
"""The game ids whose coach plays for the chance to win."""


def expected_text(game_id: str, target: int | None, players: int | None) -> str:
    """The first player's chance under optimal play by all, to four places.

    Cochon: the first player's chance to win a two-player game. The 421: the chance of a
    décharge round's first player not to be the worst of `players` (2 by default).
    """
    if game_id == "pig":
        return f"{pig_coach(target or DEFAULT_TARGET).first_player_chance:.4f}"
    count = players or 2
    if not 2 <= count <= MAX_PLAYERS:
        raise CoachError(f"the 421 has 2 to {MAX_PLAYERS} players, not {count}")
    return f"{four21.first_player_chance(count - 1):.4f}"


def pig_coach(target: int) -> pig.PigCoach:
    """The Cochon coach for `target`, with the solver's progress on a terminal."""
    try:
        pig.check_target(target)
    except ValueError as error:
        raise CoachError(str(error)) from None
    with progress_on_terminal(f"Solving Cochon to {target}") as progress:
        return pig.PigCoach.for_target(target, progress=progress)


@contextlib.contextmanager
def progress_on_terminal(label: str) -> Iterator[Callable[[int, int], None]]:
    """A progress callback that writes "label: N%" over itself on a terminal's stderr (and
    nothing when stderr is not a terminal), the line ended once the work is done."""
    showing = sys.stderr.isatty()
    last = [-1]

    def progress(done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if showing and percent != last[0]:
            last[0] = percent
            print(f"\r{label}: {percent}%", end="", file=sys.stderr)

    try:
        yield progress
    finally:
        if last[0] >= 0:
            print(file=sys.stderr)


def describe(game: Any, *, review: bool, top: int) -> str:
    """The coach's view of a saved game of Cochon or 421 (a `DiceGame`): the turn in
    progress, or with `review` the costliest choices of the game so far."""
    if game.game_id == "pig":
        coach = pig_coach(game.rules.target)
        return _pig_review(game, coach, top) if review else _pig_turn(game, coach)
    if game.game_id == "421":
        return _four21_review(game, top) if review else _four21_turn(game, top)
    raise CoachError("the coach plays the scoresheet games, Cochon and the 421, not this one")


def _percent(chance: float | None) -> str:
    return "—" if chance is None else f"{100 * chance:.1f}%"


def _pig_turn(game: Any, coach: pig.PigCoach) -> str:
    if game.finished:
        return "The game is over: nothing to advise."
    state = game.state
    player = state.turn.player
    banked = state.banked
    leader = pig.leading_opponent(banked, player)
    chances = coach.chances_among(banked, player, state.turn.total)
    against = "against the leading opponent's" if len(banked) > 2 else "against"
    lines = [
        f"{game.players[player]} to play: {banked[player]} banked, turn total "
        f"{state.turn.total}, {against} {leader}.",
        f"  roll → {_percent(chances.roll)} to win",
        f"  hold → {_percent(chances.hold)} to win",
        f"Best: {chances.best.value}.",
    ]
    return "\n".join(lines)


def _pig_review(game: Any, coach: pig.PigCoach, top: int) -> str:
    decisions = pig.review_pig(game.state.turns, len(game.players), coach)
    lines = []
    for decision in pig.costliest(decisions, top):
        name = game.players[decision.player]
        best = decision.chances.best.value
        lines.append(
            f"{name}, turn {decision.turn + 1}: {decision.move.value} at {decision.turn_total} "
            f"with {decision.banked[decision.player]} banked (coach: {best}, "
            f"−{100 * decision.cost:.1f} points of chance to win)"
        )
    if not lines:
        lines.append("No choice cost any chance to win.")
    return "\n".join(lines)


def _four21_turn(game: Any, top: int) -> str:
    if game.finished:
        return "The game is over: nothing to advise."
    state = game.state
    turn = state.turn
    name = game.players[turn.player]
    if turn.dice is None:
        return f"{name} to throw."
    if turn.throws_left == 0 or turn.limit == 1:
        return f"{name}: {hand_text(hand_of(turn.dice))}, no choice this turn."
    to_beat = four21.hand_to_beat(state.hands)
    opponents = max(1, len(state.order) - 1)
    choices = four21.rethrow_choices(turn.dice, turn.throws_left, to_beat, opponents=opponents)
    if to_beat is None:
        goal = "not to be the worst (first player: the others throw no more times)"
    else:
        goal = f"to beat {hand_text(to_beat)}"
    lines = [f"{name}: {'-'.join(map(str, turn.dice))}, {turn.throws_left} throw(s) left, {goal}."]
    for choice in choices[:top]:
        lines.append(f"  {_rethrow_text(choice)} → {_percent(choice.chance)}")
    return "\n".join(lines)


def _rethrow_text(choice: four21.Rethrow) -> str:
    if choice.stop:
        return "stop"
    if not choice.keep:
        return "throw all three"
    return "keep " + "-".join(map(str, choice.keep))


def _four21_review(game: Any, top: int) -> str:
    state = game.state
    decisions = four21.review_four21(state.turns, state.payments, len(state.order), state.hands)
    lines = []
    for decision in four21.costliest(decisions, top):
        name = game.players[decision.player]
        dice = "-".join(map(str, decision.dice))
        lines.append(
            f"{name}, turn {decision.turn + 1}, throw {decision.throw}: {dice}, "
            f"{_rethrow_text(decision.chosen)} (coach: {_rethrow_text(decision.best)}, "
            f"−{100 * decision.cost:.1f} points of chance)"
        )
    if not lines:
        lines.append("No choice cost any chance.")
    return "\n".join(lines)
