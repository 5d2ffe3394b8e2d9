"""What the camera panel says: the dice read, why none are offered, and what went wrong.

Pure wording over a reading (no widgets), in the panel's translation context.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from missdice_desktop.ui.texts import fill
from vision.problems import SourceProblem
from vision.types import ReadingFlag
from vision.vote import SceneReading, VotedDie

translate = QCoreApplication.translate


def die_text(index: int, die: VotedDie) -> str:
    """A die's name and state for screen readers and the dice buttons."""
    if not die.in_play:
        return fill(translate("CameraPanel", "Die %1: %2, not in play"), index + 1, die.value)
    if die.unsure:
        return fill(translate("CameraPanel", "Die %1: %2, unsure"), index + 1, die.value)
    if die.fixed:
        return fill(translate("CameraPanel", "Die %1: %2, set by you"), index + 1, die.value)
    return fill(translate("CameraPanel", "Die %1: %2"), index + 1, die.value)


def dice_names(scene: SceneReading, indexes: tuple[int, ...]) -> str:
    """ "die 2 (5), die 4 (3)": the dice at `indexes`, with their values."""
    names = [
        fill(translate("CameraPanel", "die %1 (%2)"), index + 1, scene.dice[index].value)
        for index in indexes
    ]
    return ", ".join(names)


def scene_text(
    scene: SceneReading, stable: tuple[int, ...] | None, expected: int, *, moving: bool
) -> str:
    """What the scene shows, and what the player can do about dice too many or unsure."""
    if moving and not scene.dice:
        return translate("CameraPanel", "Waiting for the dice to stop…")
    values = scene.values
    text = count_text(values, stable, expected, scene.flags)
    aside = len(scene.dice) - len(scene.in_play)
    extra = len(values) - expected
    if extra > 0:
        text += " " + (
            translate("CameraPanel", "Click the die that is not in play.")
            if extra == 1
            else fill(translate("CameraPanel", "Click the %1 dice that are not in play."), extra)
        )
    elif aside:
        text += " " + (
            translate("CameraPanel", "1 die set aside.")
            if aside == 1
            else fill(translate("CameraPanel", "%1 dice set aside."), aside)
        )
    unsure = scene.unsure
    if unsure and len(values) == expected:
        text += " " + fill(
            translate("CameraPanel", "Unsure: %1. Click it to fix it, or press its number."),
            dice_names(scene, unsure),
        )
    return text


def count_text(
    values: tuple[int, ...],
    stable: tuple[int, ...] | None,
    expected: int,
    flags: frozenset[ReadingFlag] = frozenset(),
) -> str:
    """The dice seen against the `expected` count: ready, waiting, or why none are offered."""
    count = len(values)
    if count != expected:
        # Why no reading is offered, when the reader can tell: the frame first, then the count.
        if ReadingFlag.TOO_DARK in flags:
            return translate("CameraPanel", "Too dark: light the table better.")
        if ReadingFlag.BLURRED in flags:
            return translate("CameraPanel", "Blurred: waiting for the dice to stop…")
        if ReadingFlag.TOO_SMALL in flags:
            return translate("CameraPanel", "Dice too small: move the camera closer.")
    if count == 0:
        return translate("CameraPanel", "No dice seen.")
    listed = " ".join(str(v) for v in values)
    if count != expected:
        in_view = (
            fill(translate("CameraPanel", "1 die in view (%1)"), listed)
            if count == 1
            else fill(translate("CameraPanel", "%1 dice in view (%2)"), str(count), listed)
        )
        return fill(translate("CameraPanel", "%1, this game uses %2."), in_view, str(expected))
    seen = (
        translate("CameraPanel", "1 die seen")
        if count == 1
        else fill(translate("CameraPanel", "%1 dice seen"), str(count))
    )
    if stable is None:
        return fill(translate("CameraPanel", "%1: %2, waiting for the dice to stop…"), seen, listed)
    return fill(translate("CameraPanel", "Ready: %1"), listed)


def problem_text(problem: str, detail: str) -> str:
    """The player's words for what went wrong; the source's own detail where it helps."""
    match problem:
        case SourceProblem.NO_CAMERA.value:
            return translate("CameraPanel", "No camera found.")
        case SourceProblem.PERMISSION_DENIED.value:
            return fill(
                translate("CameraPanel", "This program may not use the camera (%1)."), detail
            )
        case SourceProblem.CAMERA_BUSY.value:
            return translate("CameraPanel", "The camera is busy: another program may be using it.")
        case SourceProblem.DISCONNECTED.value:
            return translate("CameraPanel", "The camera stopped sending pictures (unplugged?).")
        case SourceProblem.NO_READER.value:
            return translate(
                "CameraPanel",
                "The dice reader is missing files: install Miss Dice again.",
            )
    return fill(translate("CameraPanel", "Cannot read the pictures (%1)."), detail)
