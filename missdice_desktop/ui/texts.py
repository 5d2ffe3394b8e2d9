"""Every text the sheet shows about the rules, translated: box names, reasons, rows, variants.

The engine speaks in ids and `Reason` data; only here do they become words, through
`QCoreApplication.translate` so that `pyside6-lupdate` finds them. House-grid labels come
from the grid file and stay as written.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication

from missdice_desktop.rules import (
    Box,
    EnterDice,
    Hold,
    Reason,
    ReasonCode,
    Refusal,
    RefusalCode,
    RenamePlayers,
    Roll,
    Ruleset,
    Variant,
)

translate = QCoreApplication.translate


def fill(text: str, *values: object) -> str:
    """Put `values` in the %1, %2… places of a translated text (Qt's own placeholders).

    >>> fill("%1: %2 (%1)", "Anna", 12)
    'Anna: 12 (Anna)'
    """
    for number in range(len(values), 0, -1):  # %10 before %1
        text = text.replace(f"%{number}", str(values[number - 1]))
    return text


def _box_names() -> dict[str, str]:
    return {
        "ones": translate("texts", "Ones"),
        "twos": translate("texts", "Twos"),
        "threes": translate("texts", "Threes"),
        "fours": translate("texts", "Fours"),
        "fives": translate("texts", "Fives"),
        "sixes": translate("texts", "Sixes"),
        "three_of_a_kind": translate("texts", "Three of a kind"),
        "four_of_a_kind": translate("texts", "Four of a kind"),
        "full_house": translate("texts", "Full house"),
        "small_straight": translate("texts", "Small straight"),
        "large_straight": translate("texts", "Large straight"),
        "yahtzee": translate("texts", "Yahtzee"),
        "chance": translate("texts", "Chance"),
        "rigole": translate("texts", "Rigole"),
        "plus": translate("texts", "Plus"),
        "minus": translate("texts", "Minus"),
        "chance_minus": translate("texts", "Chance −"),
        "chance_plus": translate("texts", "Chance +"),
    }


def _variant_box_names(variant_id: str) -> dict[str, str]:
    """Names that differ from the common ones in one variant."""
    if variant_id == "yacht":
        return {
            "small_straight": translate("texts", "Little straight"),
            "large_straight": translate("texts", "Big straight"),
            "chance": translate("texts", "Choice"),
            "yahtzee": translate("texts", "Yacht"),
        }
    if variant_id.startswith("yams-"):
        return {"yahtzee": translate("texts", "Yam's")}
    return {}


def is_house_grid(variant: Variant) -> bool:
    """Whether the variant was read from a family's grid file (its labels are its own)."""
    return variant.grid is not None


def box_names(rules: Ruleset) -> dict[str, str]:
    """The shown name of every box of `rules`, by box id."""
    if is_house_grid(rules.variant):
        return {box.id: box.label for box in rules.boxes}
    names = _box_names() | _variant_box_names(rules.variant.id)
    return {box.id: names.get(box.id, box.label) for box in rules.boxes}


def box_name(rules: Ruleset, box: Box) -> str:
    """The shown name of one box."""
    return box_names(rules)[box.id]


def variant_name(variant: Variant) -> str:
    """A variant's shown name (a house grid keeps the name from its file)."""
    if is_house_grid(variant):
        return variant.name
    names = {
        "yahtzee": translate("texts", "Yahtzee"),
        "yams-ecart": translate("texts", "Yam's Écart"),
        "yams-chances": translate("texts", "Yam's Chances"),
        "yacht": translate("texts", "Yacht"),
    }
    return names.get(variant.id, variant.name)


def joker_policy_name(policy: str) -> str:
    """The shown name of a joker policy value."""
    names = {
        "forced": translate(
            "texts",
            "Forced: the box of that face, then any lower box at full value, then an upper "
            "box at 0",
        ),
        "hasbro": translate(
            "texts",
            "Hasbro: the box of that face, then Three or Four of a kind, then any lower box, "
            "then an upper box at 0",
        ),
        "free": translate("texts", "Free: any free box, lower boxes at full value"),
    }
    return names.get(policy, policy)


def rules_summary(rules: Ruleset, *, table_dice: bool | None) -> str:
    """One line about the game: sheet, joker, optional boxes, where the dice come from
    (left out when `table_dice` is None)."""
    parts = [variant_name(rules.variant)]
    short_jokers = {
        "forced": translate("texts", "forced joker"),
        "hasbro": translate("texts", "Hasbro joker"),
        "free": translate("texts", "free joker"),
    }
    if rules.joker is not None and len(rules.variant.jokers) > 1:
        parts.append(short_jokers.get(rules.joker.value, rules.joker.value))
    names = box_names(rules)
    for name, value in rules.options:
        if value is True and rules.has_box(name):
            parts.append(names[name])
    if table_dice:
        parts.append(translate("texts", "dice from the table"))
    elif table_dice is not None:
        parts.append(translate("texts", "virtual dice"))
    return " · ".join(parts)


def game_name(game_id: str) -> str:
    """A game of the New game list, by its id."""
    names: dict[str, Callable[[], str]] = {
        "yahtzee": lambda: translate("texts", "Yahtzee, Yam's, Yacht"),
        "pig": lambda: translate("texts", "Cochon (Pig)"),
        "421": lambda: translate("texts", "421"),
        "roller": lambda: translate("texts", "Free roller (d4 to d20)"),
    }
    name = names.get(game_id)
    return name() if name is not None else game_id


def option_name(option: str) -> str:
    """The shown name of a yes/no option (an optional box) or of the joker choice."""
    if option == "joker":
        return translate("texts", "Joker rule")
    if option == "rigole":
        return translate("texts", "Rigole box (four of a face and its complement to 7: 50)")
    names: dict[str, Callable[[], str]] = {
        "target": lambda: translate("texts", "Points to reach"),
        "pot": lambda: translate("texts", "Tokens in the pot"),
        "421": lambda: translate("texts", "Worth of 4-2-1"),
    }
    name = names.get(option)
    return name() if name is not None else option


def face_word(face: int) -> str:
    """'five 4s' in words, for the joker reasons."""
    return fill(translate("texts", "five %1s"), str(face))


def reason_text(reason: Reason, names: dict[str, str]) -> str:
    """Why a box is closed, in the user's language, naming boxes as the sheet shows them."""
    boxes = [names.get(box_id, box_id) for box_id in reason.boxes]
    listed = translate("texts", " or ").join(boxes)
    dice = face_word(reason.face)
    texts: dict[ReasonCode, Callable[[], str]] = {
        ReasonCode.FILLED: lambda: translate("texts", "This box is already filled."),
        ReasonCode.JOKER_FACE_FIRST: lambda: translate(
            "texts", "Joker: %1 must go in %2 while it is free."
        ),
        ReasonCode.JOKER_KINDS_FIRST: lambda: translate(
            "texts", "Joker: %1 must go in %2 while one of them is free."
        ),
        ReasonCode.JOKER_LOWER_FIRST: lambda: translate(
            "texts", "Joker: %1 must go in a free lower box while one is free (%2)."
        ),
    }
    template = texts[reason.code]()
    return fill(template, dice, listed)


def refusal_text(
    refusal: Refusal,
    names: dict[str, str] | None = None,
    *,
    box_name: str = "",
    table_dice: bool = False,
) -> str:
    """Why the engine refuses an action, in the user's language."""
    code = refusal.code
    if code is RefusalCode.BOX_CLOSED and isinstance(refusal.reason, Reason):
        return reason_text(refusal.reason, names or {})
    if code is RefusalCode.BOX_FILLED:
        return fill(translate("texts", "%1 is already filled."), box_name)
    if code is RefusalCode.NO_DICE_YET and table_dice:
        return translate("texts", "Enter the dice from the table first.")
    if code is RefusalCode.NO_ROLLS_LEFT and table_dice:
        return translate("texts", "No throws left: choose a box on the sheet.")
    texts: dict[RefusalCode, Callable[[], str]] = {
        RefusalCode.GAME_OVER: lambda: translate("texts", "The game is over."),
        RefusalCode.TARGET_REACHED: lambda: fill(
            translate("texts", "This turn reaches %1: hold (H) to win."), str(refusal.value)
        ),
        RefusalCode.TOO_LONG: lambda: translate(
            "texts", "No game goes on this long: this one cannot take another turn."
        ),
        RefusalCode.NO_SUCH_TURN: lambda: fill(
            translate("texts", "Turn %1 has not been played."), str(refusal.value)
        ),
        RefusalCode.CORRECTION_BREAKS_TURN: lambda: fill(
            translate("texts", "This correction would make turn %1 illegal: %2"),
            str(refusal.value),
            reason_text(refusal.reason, names or {})
            if isinstance(refusal.reason, Reason)
            else refusal.message,
        ),
        RefusalCode.NOTHING_TO_UNDO: lambda: translate("texts", "Nothing to undo."),
        RefusalCode.NOTHING_TO_REDO: lambda: translate("texts", "Nothing to redo."),
        RefusalCode.BAD_DICE: lambda: translate("texts", "These dice do not fit this game."),
        RefusalCode.NO_ROLLS_LEFT: lambda: translate(
            "texts", "No rolls left: choose a box on the sheet."
        ),
        RefusalCode.ALL_HELD: lambda: translate("texts", "Every die is held: release one to roll."),
        RefusalCode.HELD_DIE_CHANGED: lambda: translate(
            "texts", "A held die cannot change when rolling."
        ),
        RefusalCode.NO_DICE_YET: lambda: translate("texts", "Roll the dice first (Space)."),
        RefusalCode.NO_SUCH_DIE: lambda: fill(
            translate("texts", "There is no die %1."), str(refusal.value)
        ),
        RefusalCode.NOT_THIS_GAME: lambda: translate("texts", "This game has no such action."),
        RefusalCode.UNKNOWN_BOX: lambda: translate("texts", "This sheet has no such box."),
        RefusalCode.BOX_FILLED: lambda: translate("texts", "This box is already filled."),
        RefusalCode.NOTHING_TO_BANK: lambda: translate(
            "texts", "Roll at least once before holding."
        ),
        RefusalCode.NO_THROWS_LEFT: lambda: translate("texts", "No throws left this round."),
        RefusalCode.BAD_PLAYERS: lambda: translate(
            "texts", "Each player needs a name of 1 to 40 printable characters."
        ),
        RefusalCode.ROLL_SEEN: lambda: translate(
            "texts", "A roll once seen stays: undo can release holds, not roll again."
        ),
        RefusalCode.TABLE_DICE_ENTERED: lambda: translate(
            "texts",
            "These dice came from the table: choose a box. Virtual dice roll from the next turn.",
        ),
        RefusalCode.ONE_THROW: lambda: translate(
            "texts", "This turn has a single throw: nothing to hold."
        ),
    }
    text = texts.get(code)
    return text() if text is not None else refusal.message


class RowTitles:
    """Titles of the computed rows."""

    @staticmethod
    def upper_total() -> str:
        return translate("texts", "Upper total")

    @staticmethod
    def upper_bonus() -> str:
        return translate("texts", "Upper bonus")

    @staticmethod
    def ecart() -> str:
        return translate("texts", "Écart (Plus − Minus)")

    @staticmethod
    def lower_total() -> str:
        return translate("texts", "Lower total")

    @staticmethod
    def yahtzee_bonus() -> str:
        return translate("texts", "Yahtzee bonus")

    @staticmethod
    def grand_total() -> str:
        return translate("texts", "Total")


def points_missing(points: int) -> str:
    """The short hint under a bonus not reached yet."""
    return fill(translate("texts", "%1 to go"), str(points))


def points_missing_long(points: int) -> str:
    """The bonus hint, in a full sentence (tooltips, screen readers)."""
    return fill(translate("texts", "%1 points still missing for the bonus."), str(points))


def action_text(action: object, player: str) -> str:
    """An action every game shares, in words, for Undo and Redo ("Ben's roll"); a game's
    own actions are worded by its view (`ui.games`)."""
    if isinstance(action, Roll):
        if action.drawn:
            return fill(translate("texts", "%1's roll"), player)
        return fill(translate("texts", "%1's throw"), player)
    if isinstance(action, Hold):
        text = (
            translate("texts", "holding die %1")
            if action.held
            else translate("texts", "releasing die %1")
        )
        return fill(text, str(action.index + 1))
    if isinstance(action, RenamePlayers):
        return translate("texts", "renaming the players")
    if isinstance(action, EnterDice) and action.dice is not None:
        return fill(translate("texts", "the dice %1"), "".join(str(v) for v in action.dice))
    return ""


def bonus_lost() -> str:
    """The short hint under an upper bonus that can no longer be reached."""
    return translate("texts", "out of reach")


def bonus_lost_long() -> str:
    """The same, in a full sentence."""
    return translate(
        "texts",
        "The bonus can no longer be reached: even five dice of the best face in every free "
        "upper box would not be enough.",
    )


def zero_preview_description(box: str, rule: str) -> str:
    """Tooltip of a free box where the current dice would score 0: what the box needs."""
    return fill(translate("texts", "%1 scores 0 with these dice. %2"), box, rule)


def with_key(text: str, key: str) -> str:
    """A tooltip with the key that scores the box from the sheet."""
    return fill(translate("texts", "%1 (key %2 in the sheet)"), text, key)


def box_rule_tip(box: str, rule: str) -> str:
    """A row header's tooltip: the box and what it scores."""
    return fill(translate("texts", "%1: %2"), box, rule)


def player_header_text(name: str, current: bool, *, computer: bool = False) -> str:
    """A player's column header, read aloud."""
    if computer:
        name = fill(translate("texts", "%1, played by the computer"), name)
    if current:
        return fill(translate("texts", "%1 (playing now)"), name)
    return name


def computer_name(name: str) -> str:
    """A computer player's name where names are listed (the sheet, the games, high scores)."""
    return fill(translate("texts", "%1 (cpu)"), name)


def cell_text(player: str, box: str, score: int | None, *, filled: bool) -> str:
    """A box cell, read aloud: whose, which box, and its score or preview."""
    if filled:
        return fill(translate("texts", "%1, %2: %3"), player, box, str(score))
    if score is None:
        return fill(translate("texts", "%1, %2: free"), player, box)
    return fill(
        translate("texts", "%1, %2: free, these dice would score %3"), player, box, str(score)
    )


def total_text(player: str, title: str, value: int) -> str:
    """A total cell, read aloud."""
    return fill(translate("texts", "%1, %2: %3"), player, title, str(value))


def scored_description(box: str, score: int) -> str:
    """Tooltip of a filled box."""
    return fill(translate("texts", "%1: %2 points scored."), box, str(score))


def free_description(box: str) -> str:
    """Tooltip of a free box without dice."""
    return fill(translate("texts", "%1: free."), box)


def preview_description(box: str, score: int, *, joker: bool) -> str:
    """Tooltip of a box the current dice may go in."""
    if joker:
        text = translate("texts", "Joker: click or press Enter to score %2 in %1.")
    else:
        text = translate("texts", "Click or press Enter to score %2 in %1.")
    return fill(text, box, score)
