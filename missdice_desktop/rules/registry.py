"""The table of games: one row per game, found by the id its records carry.

Adding a game adds a rules module and a row here, not `if game == …` branches elsewhere
(python-chess registers its variants the same way). The Yahtzee family is one row that
answers for every built-in grid and for house grids.

>>> find_game("yacht").id, find_game("pig").id, find_game("421").id
('yahtzee', 'pig', '421')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Protocol

from missdice_desktop.rules.engine import DiceGame, GameRules
from missdice_desktop.rules.game import HOUSE_GAME, Game, YahtzeeRules
from missdice_desktop.rules.options import FOUR21_POT, FOUR21_WORTH, PIG_TARGET, GameOption
from missdice_desktop.rules.variants import BUILT_IN_VARIANTS, RulesError, Ruleset

__all__ = ["GAMES", "HOUSE_GAME", "GameKind", "GameOption", "find_game", "new_game"]


class RulesFromOptions(Protocol):
    """How a game's rules are made from a record's options (and the record, where the game
    needs more of it: the Yahtzee family's grid); RulesError or IllegalActionError if bad."""

    def __call__(
        self, options: Mapping[str, Any], *, record: Mapping[str, Any] | None = None
    ) -> GameRules[Any]: ...


@dataclass(frozen=True)
class GameKind:
    """One row of the table: a game, its dice and how its rules are made from options."""

    id: str
    name: str
    """The game's name in English (the window translates it)."""
    dice_count: int
    record_ids: tuple[str, ...]
    """The values of a record's "game" key that mean this game."""
    rules_from_options: RulesFromOptions
    """Rules from a record's options (and the record itself, for the grid of the family)."""
    options: tuple[GameOption, ...] = ()
    """Whole-number options (the Yahtzee family's come from its grids)."""
    min_players: int = 1
    grids: bool = False
    """Played on one of several grids (the Yahtzee family), each with options of its own."""
    shell: Callable[..., DiceGame[Any]] = DiceGame
    """The shell that plays the game: `DiceGame`, or a subclass with the game's own readings."""


def rules_in(module: str, name: str) -> RulesFromOptions:
    """The `from_options` of the rules class `name` in `module`, which loads when a game of
    it is first made or read (a window on a scoresheet never loads Cochon's rules)."""

    def from_options(
        options: Mapping[str, Any], *, record: Mapping[str, Any] | None = None
    ) -> GameRules[Any]:
        make: RulesFromOptions = getattr(import_module(module), name).from_options
        return make(options, record=record)

    return from_options


GAMES: dict[str, GameKind] = {
    kind.id: kind
    for kind in (
        GameKind(
            "yahtzee",
            "Yahtzee family",
            5,
            (*BUILT_IN_VARIANTS, HOUSE_GAME),
            YahtzeeRules.from_options,
            grids=True,
            shell=Game,
        ),
        GameKind(
            "pig",
            "Cochon",
            1,
            ("pig",),
            rules_in("missdice_desktop.rules.pig", "PigRules"),
            (PIG_TARGET,),
        ),
        GameKind(
            "421",
            "421",
            3,
            ("421",),
            rules_in("missdice_desktop.rules.four21", "Four21Rules"),
            (FOUR21_POT, FOUR21_WORTH),
            min_players=2,
        ),
    )
}


def find_game(record_id: str) -> GameKind:
    """The game a record's "game" value names; RulesError if none."""
    for kind in GAMES.values():
        if record_id in kind.record_ids:
            return kind
    known = ", ".join(record for kind in GAMES.values() for record in kind.record_ids)
    raise RulesError(f"unknown game {record_id!r} (known: {known})")


def new_game(
    rules: GameRules[Any] | Ruleset,
    players: Sequence[str],
    *,
    seed: int | None = None,
    extra: Mapping[str, Any] | None = None,
) -> DiceGame[Any]:
    """A game of `rules` in its row's shell (a configured scoresheet is the Yahtzee family's)."""
    return GAMES[rules.game_id].shell(rules, players, seed=seed, extra=extra)
