"""The Rules pages of the 421, Cochon and the free roller, made from their rules modules.

The 421's hands, their order and worth come from `rules.four21` (its `ALL_HANDS` and
`Four21Rules.worth`), Cochon's target and losing face from `rules.pig`, the free roller's
dice from `missdice_desktop.roller`: the words cannot drift from what the games play.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from missdice_desktop import roller
from missdice_desktop.rules import pig
from missdice_desktop.rules.four21 import (
    ALL_HANDS,
    FOUR21_WORTHS,
    MAX_PLAYERS,
    MAX_THROWS,
    MIN_PLAYERS,
    POT_SIZES,
    Four21Rules,
    Hand,
    HandKind,
    hand_kind,
    hand_text,
)
from missdice_desktop.ui import texts
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate

LONG_ROW = 6
"""A row of more hands than this names its first and last hand only."""


def hand_rows(rules: Four21Rules) -> list[tuple[tuple[Hand, ...], int]]:
    """The 421's hands best to worst, in rows of one family and one worth (1-1-6 with 6-6-6)."""
    rows: list[tuple[tuple[Hand, ...], int]] = []
    last_key: tuple[object, int] | None = None
    for hand in ALL_HANDS:
        kind = hand_kind(hand)
        family = HandKind.THREE_OF_A_KIND if kind is HandKind.ACES_PAIR else kind
        key = (family, rules.worth(hand))
        if key == last_key:
            rows[-1] = ((*rows[-1][0], hand), key[1])
        else:
            rows.append(((hand,), key[1]))
        last_key = key
    return rows


def _hands_words(hands: Sequence[Hand]) -> str:
    """A row's hands in words."""
    kind = hand_kind(hands[0])
    names = [hand_text(hand) for hand in hands]
    match kind:
        case HandKind.FOUR21:
            return translate("gameRules", "4-2-1, the best hand")
        case HandKind.NENETTE:
            return translate("gameRules", "2-2-1, « nénette », the worst hand of all")
        case HandKind.STRAIGHT:
            return fill(translate("gameRules", "Straights: %1"), ", ".join(names))
        case HandKind.ACES_PAIR | HandKind.THREE_OF_A_KIND if len(names) == 2:
            return fill(translate("gameRules", "%1, then %2"), *names)
    if len(names) > LONG_ROW:
        return fill(
            translate(
                "gameRules",
                "Every other hand (%1 of them), ranked by its dice read from high to low: "
                "%2 first, %3 last",
            ),
            str(len(names)),
            names[0],
            names[-1],
        )
    return ", ".join(names)


def _worth_words(worth: int) -> str:
    if worth == 1:
        return translate("gameRules", "1 token")
    return fill(translate("gameRules", "%1 tokens"), str(worth))


def _section(title: str, paragraphs: Sequence[str]) -> str:
    e = html.escape
    return f"<h2>{e(title)}</h2>" + "".join(f"<p>{e(text)}</p>" for text in paragraphs)


def four21_options(rules: Four21Rules) -> str:
    """The options in play, in one sentence."""
    return fill(
        translate("gameRules", "The pot holds %1 tokens; 4-2-1 is worth %2 tokens."),
        str(rules.pot),
        str(rules.four21),
    )


def four21_page(rules: Four21Rules) -> str:
    """The 421's Rules page, with its options, as HTML for a QTextBrowser."""
    e = html.escape
    parts = [f"<h1>{e(texts.game_name('421'))}</h1>"]
    parts.append(
        "<p>"
        + e(
            fill(
                translate(
                    "gameRules",
                    "%1 to %2 players, three dice and a pot of tokens. Each round the worst "
                    "hand takes tokens; the aim is to hold none. Whoever is left holding "
                    "tokens loses.",
                ),
                str(MIN_PLAYERS),
                str(MAX_PLAYERS),
            )
        )
        + "</p>"
    )
    parts.append(
        _section(
            translate("gameRules", "Options"),
            [
                four21_options(rules),
                fill(
                    translate(
                        "gameRules",
                        "A new game may choose a pot of %1 or %2 tokens, and 4-2-1 worth %3.",
                    ),
                    str(POT_SIZES[0]),
                    str(POT_SIZES[1]),
                    ", ".join(str(worth) for worth in FOUR21_WORTHS),
                ),
            ],
        )
    )
    heading = translate("gameRules", "Hands, best to worst")
    parts.append(f"<h2>{e(heading)}</h2>")
    parts.append(
        "<p>"
        + e(
            translate(
                "gameRules",
                "The order of the dice on the table does not matter: 1-4-2 is 4-2-1. When a "
                "hand is the round's best, it is worth:",
            )
        )
        + "</p><table cellspacing='0' cellpadding='4'>"
    )
    for hands, worth in hand_rows(rules):
        parts.append(
            f"<tr><td valign='top'>{e(_hands_words(hands))}</td>"
            f"<td valign='top'><b>{e(_worth_words(worth))}</b></td></tr>"
        )
    parts.append("</table>")
    parts.append(
        _section(
            translate("gameRules", "Who starts"),
            [
                translate(
                    "gameRules",
                    "Each round every player still in the game throws, in seating order from "
                    "the round's first player. The first player starts the first round; the "
                    "player who received tokens starts the next one. Players who are out are "
                    "skipped.",
                )
            ],
        )
    )
    parts.append(
        _section(
            translate("gameRules", "La charge"),
            [
                translate(
                    "gameRules",
                    "While the pot holds tokens: one throw each. The round's worst hand takes "
                    "from the pot as many tokens as the best hand is worth; when the pot holds "
                    "fewer, it gives what it has left.",
                )
            ],
        )
    )
    parts.append(
        _section(
            translate("gameRules", "La décharge"),
            [
                fill(
                    translate(
                        "gameRules",
                        "Once the pot is empty: the round's first player throws up to %1 "
                        "times, holding any dice between throws, and may stop after any throw. "
                        "Each other player may throw no more times than the first did. The "
                        "worst hand takes as many tokens as the best hand is worth from the "
                        "best hand's player, who gives all they hold if they hold fewer.",
                    ),
                    str(MAX_THROWS),
                )
            ],
        )
    )
    parts.append(
        _section(
            translate("gameRules", "Ties for the worst hand"),
            [
                translate(
                    "gameRules",
                    "The players tied for the worst hand throw again, one throw each, until "
                    "one of them is worst. These throws only decide who is worst: the best "
                    "hand is the best of the other players' hands of the round, and of two "
                    "equal hands the first thrown is the best.",
                )
            ],
        )
    )
    parts.append(
        _section(
            translate("gameRules", "Who is out, who loses"),
            [
                translate(
                    "gameRules",
                    "When the pot runs out, a player who holds every token loses at once. "
                    "Otherwise la décharge begins, and players who hold no token are out: "
                    "they are safe.",
                ),
                translate(
                    "gameRules",
                    "In la décharge, a player who gives away their last token is out. When "
                    "only one player still holds tokens, that player loses the game.",
                ),
            ],
        )
    )
    return "".join(parts)


def pig_options(rules: pig.PigRules) -> str:
    """The option in play, in one sentence."""
    return fill(translate("gameRules", "The target is %1 points."), str(rules.target))


def pig_page(rules: pig.PigRules) -> str:
    """Cochon's Rules page, with its target, as HTML for a QTextBrowser."""
    e = html.escape
    parts = [f"<h1>{e(texts.game_name('pig'))}</h1>"]
    parts.append(
        "<p>"
        + e(
            translate(
                "gameRules",
                "One die, and players take turns. Roll as long as you dare, but do not roll a 1.",
            )
        )
        + "</p>"
    )
    parts.append(
        _section(
            translate("gameRules", "Options"),
            [
                pig_options(rules),
                fill(
                    translate("gameRules", "A new game may choose a target from %1 to %2 points."),
                    str(pig.MIN_TARGET),
                    str(pig.MAX_TARGET),
                ),
            ],
        )
    )
    parts.append(
        _section(
            translate("gameRules", "Rolling"),
            [
                fill(
                    translate(
                        "gameRules",
                        "On your turn, roll the die as often as you like: each face from 2 to "
                        "6 adds to your turn total. A %1 loses the whole turn total and passes "
                        "the die to the next player.",
                    ),
                    str(pig.LOSING_FACE),
                ),
                translate(
                    "gameRules",
                    "« Je garde » (Hold, H) adds the turn total to your banked total, which "
                    "nothing can take away, and passes the die.",
                ),
            ],
        )
    )
    parts.append(
        _section(
            translate("gameRules", "Who wins"),
            [
                fill(
                    translate(
                        "gameRules",
                        "The first player whose banked total reaches %1 points wins at once.",
                    ),
                    str(rules.target),
                )
            ],
        )
    )
    return "".join(parts)


def free_roller_page() -> str:
    """The free roller's Rules page, as HTML for a QTextBrowser."""
    e = html.escape
    parts = [f"<h1>{e(texts.game_name('roller'))}</h1>"]
    parts.append(
        "<p>"
        + e(
            fill(
                translate(
                    "gameRules",
                    "Dice for any game: 1 to %1 dice of %2 faces, mixed. No players, no "
                    "score: Miss Dice shows the dice and their total.",
                ),
                str(roller.MAX_DICE),
                ", ".join(str(shape) for shape in roller.SHAPES),
            )
        )
        + "</p>"
    )
    parts.append(
        _section(
            translate("gameRules", "Dice notation"),
            [
                translate(
                    "gameRules",
                    "Type the dice as players write them and press Enter: 2d6+d20 is two "
                    "six-sided dice and one twenty-sided die; d8 is one eight-sided die. Or "
                    "add dice with the +d4 … +d20 buttons.",
                )
            ],
        )
    )
    parts.append(
        _section(
            translate("gameRules", "Rolling and holding"),
            [
                fill(
                    translate(
                        "gameRules",
                        "Roll with Space or the button. Click a die to hold it: a held die "
                        "keeps its value when the others are rolled again; click it again to "
                        "release it. The last %1 rolls are listed.",
                    ),
                    str(roller.HISTORY),
                )
            ],
        )
    )
    return "".join(parts)
