"""`missdice advise`: the coach in a terminal."""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

from missdice_desktop.coach.advice import Choice, ChoiceKind, Coach, rolls_left
from missdice_desktop.coach.chances_command import (
    CHANCE_GAMES,
    describe,
    expected_text,
    progress_on_terminal,
)
from missdice_desktop.coach.review import review_game
from missdice_desktop.coach.solver import CoachError
from missdice_desktop.records import RecordError, load_record
from missdice_desktop.rules import Game, RulesError, Ruleset, get_variant
from missdice_desktop.rules.engine import DiceGame
from missdice_desktop.rules.game import MAX_ROLLS


def advise(options: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run `missdice advise` with parsed `options`; 2 on bad input."""
    out = out or sys.stdout
    try:
        loaded = load_record(options.file) if options.file is not None else None
        if options.game in CHANCE_GAMES or (loaded is not None and loaded.game_id in CHANCE_GAMES):
            print(_advise_to_win(options, loaded), file=out)
            return 0
        if options.expected:
            rules = _load(loaded, options.file).rules if loaded is not None else _rules(options)
            coach = _coach(rules)
            print(f"{coach.table[0, 0, 0]:.4f}", file=out)
            return 0
        if options.file is None:
            raise CoachError("give a saved game (FILE), or --expected with --game")
        game = _load(loaded, options.file)
        if options.review:
            print(describe_review(game, _coach(game.rules)), file=out)
            return 0
        print(describe_turn(game, _coach(game.rules), top=max(1, options.top)), file=out)
        return 0
    except (RecordError, RulesError, CoachError) as error:
        print(f"missdice advise: {error}", file=sys.stderr)
        return 2


def _advise_to_win(options: argparse.Namespace, game: DiceGame[Any] | None) -> str:
    """Cochon and the 421: chances to win rather than expected scores."""
    if game is None:
        if not options.expected:
            raise CoachError("give a saved game (FILE), or --expected with --game")
        return expected_text(options.game, options.target, options.players)
    if options.expected:
        target = game.rules.target if game.game_id == "pig" else None
        return expected_text(game.game_id, target, len(game.players))
    return describe(game, review=options.review, top=max(1, options.top))


def _load(game: DiceGame[Any] | None, path: str) -> Game:
    if not isinstance(game, Game):
        raise CoachError(
            f"{path}: the coach plays the scoresheet games, Cochon and the 421, not this one"
        )
    return game


def _rules(options: argparse.Namespace) -> Ruleset:
    if options.game is None:
        raise CoachError("say which scoresheet with --game (e.g. --game yahtzee)")
    variant = get_variant(options.game)
    chosen: dict[str, object] = {}
    if options.joker is not None:
        chosen["joker"] = options.joker
    if options.rigole:
        chosen["rigole"] = True
    return variant.configure(chosen)


def _coach(rules: Ruleset) -> Coach:
    with progress_on_terminal(f"Solving {rules.variant.name}") as progress:
        return Coach.for_rules(rules, progress=progress)


def describe_turn(game: Game, coach: Coach, *, top: int = 5) -> str:
    """The coach's view of the turn in progress, as text."""
    if game.finished:
        return "The game is over: nothing to advise."
    sheet = game.current_sheet
    name = game.players[game.current_player]
    lines = [f"{name} to play. Expected final score: {coach.expected_final(sheet):.1f}"]
    dice = game.dice
    if dice is None:
        lines.append("Roll the dice.")
        return "\n".join(lines)
    left = rolls_left(game)
    throw = MAX_ROLLS - left
    lines.append(f"Dice {'-'.join(map(str, dice))}, throw {throw} of {MAX_ROLLS}.")
    choices = coach.choices(sheet, dice, left)
    best = choices[0].expected
    for choice in choices[:top]:
        difference = "" if choice is choices[0] else f"  ({choice.expected - best:+.1f})"
        lines.append(f"  {choice_text(choice, sheet.labels)} → {choice.expected:.1f}{difference}")
    return "\n".join(lines).replace("+-", "−").replace("(-", "(−")


def choice_text(choice: Choice, labels: dict[str, str]) -> str:
    """A choice in words: 'keep 6-6-5' or 'score Sixes'."""
    if choice.kind is ChoiceKind.SCORE:
        return f"score {labels.get(choice.box, choice.box)}"
    if not choice.keep:
        return "throw all five"
    return "keep " + "-".join(map(str, sorted(choice.keep, reverse=True)))


def describe_review(game: Game, coach: Coach) -> str:
    """Each turn played: the box chosen, the coach's choice and the expected points lost."""
    labels = {box.id: box.label for box in game.rules.boxes}
    lines = []
    lost = [0.0] * len(game.players)
    for review in review_game(game, coach):
        name = game.players[review.player]
        dice = "-".join(map(str, sorted(review.dice, reverse=True)))
        chosen = labels.get(review.box, review.box)
        if review.lost < 0.05:
            verdict = "best"
        else:
            verdict = f"coach: {choice_text(review.best, labels)}, −{review.lost:.1f}"
        lines.append(f"{name} {review.round}: {dice} in {chosen} ({verdict})")
        lost[review.player] += review.lost
    for index, name in enumerate(game.players):
        lines.append(f"{name}: {lost[index]:.1f} expected points lost in all")
    return "\n".join(lines)
