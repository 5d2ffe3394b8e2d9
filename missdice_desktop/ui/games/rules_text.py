"""The rules in words, written from the grids' own data: box tooltips and the Rules pages.

Every sentence is made from a box's kind and numbers (and a variant's bonus, joker and
Écart), so a house grid is explained as exactly as a built-in one, and the words cannot
drift from what the engine scores.
"""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication

from missdice_desktop.rules import Box, BoxKind, Ruleset, Scoring, Section
from missdice_desktop.ui import texts
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate


def _combination(box: Box) -> str:
    """When the box's condition holds, in words ("Three of one face and two of another")."""
    match box.kind:
        case BoxKind.OF_A_KIND if box.count >= 5:
            return translate("rules", "Five equal dice")
        case BoxKind.OF_A_KIND:
            return fill(translate("rules", "At least %1 equal dice"), str(box.count))
        case BoxKind.FULL_HOUSE:
            return translate(
                "rules",
                "Three of one face and two of another (five equal dice are not a full house)",
            )
        case BoxKind.STRAIGHT if box.faces:
            return fill(
                translate("rules", "Exactly %1 (no other straight)"),
                "-".join(str(face) for face in sorted(box.faces)),
            )
        case BoxKind.STRAIGHT:
            example = "-".join(str(face) for face in range(2, 2 + box.length))
            return fill(
                translate("rules", "%1 dice that follow each other (e.g. %2)"),
                str(box.length),
                example,
            )
        case BoxKind.RIGOLE:
            return translate(
                "rules",
                "Four dice of one face and the fifth its complement to 7 (1-1-1-1-6, 2-2-2-2-5…)",
            )
    return translate("rules", "Any dice")


def _points(box: Box) -> str:
    """What the box scores when its condition holds."""
    points = str(box.points)
    match box.scoring:
        case Scoring.SUM if box.points:
            return fill(translate("rules", "%1 points plus the sum of the five dice"), points)
        case Scoring.SUM:
            return translate("rules", "the sum of the five dice")
        case Scoring.MATCHED if box.points:
            return fill(
                translate("rules", "%1 points plus the %2 equal dice only"), points, str(box.count)
            )
        case Scoring.MATCHED:
            return fill(
                translate("rules", "the sum of the %1 equal dice only (the others do not count)"),
                str(box.count),
            )
    return fill(translate("rules", "%1 points"), points)


def box_rule(box: Box) -> str:
    """What one box scores, in one sentence ("Full house: three of one face…: 25 points.")."""
    match box.kind:
        case BoxKind.FACE:
            face = box.face
            others = (1 if face != 1 else 2, 6 if face != 6 else 5)
            example = (face, face, face, *others)
            return fill(
                translate("rules", "The sum of the dice showing %1 only (%2 gives %3)."),
                str(face),
                "-".join(str(value) for value in example),
                str(box.score(example)),
            )
        case BoxKind.CHANCE if not box.counts:
            return translate(
                "rules",
                "Any dice: their sum. It is not added to the total: it only counts through "
                "the Écart.",
            )
        case BoxKind.CHANCE if box.points:
            return fill(translate("rules", "Any dice: their sum plus %1 points."), str(box.points))
        case BoxKind.CHANCE:
            return translate("rules", "Any dice: their sum.")
        case BoxKind.INVERSE_SUM:
            return fill(
                translate(
                    "rules",
                    "Any dice: %1 minus their sum, so low dice score high (1-1-1-2-2 gives %2).",
                ),
                str(box.points),
                str(max(0, box.points - 7)),
            )
    return fill(
        translate("rules", "%1: %2; otherwise 0."),
        _combination(box),
        _points(box),
    )


def bonus_rule(rules: Ruleset) -> str:
    """The upper bonus: threshold and amount ("" when the sheet has none)."""
    bonus = rules.variant.upper_bonus
    if bonus is None:
        return translate("rules", "This sheet has no upper bonus.")
    if bonus.per_point_over:
        return fill(
            translate(
                "rules",
                "When the six upper boxes add up to %1 or more, they earn a bonus of %2 points "
                "plus one point for each point over %1 (a total of 70 earns %3).",
            ),
            str(bonus.threshold),
            str(bonus.points),
            str(bonus.award(70)),
        )
    return fill(
        translate(
            "rules",
            "When the six upper boxes add up to %1 or more, they earn a bonus of %2 points.",
        ),
        str(bonus.threshold),
        str(bonus.points),
    )


def joker_rule(policy: str) -> str:
    """What a joker policy does, in full."""
    names = {
        "forced": translate(
            "rules",
            "Forced joker: the five dice go in the upper box of their face while it is free; "
            "else in any free lower box, where Full house and the straights score their full "
            "value; else in a free upper box, at 0.",
        ),
        "hasbro": translate(
            "rules",
            "Hasbro joker: the five dice go in the upper box of their face while it is free; "
            "else in Three or Four of a kind while one is free; else in any free lower box at "
            "full value; else in a free upper box, at 0.",
        ),
        "free": translate(
            "rules",
            "Free joker: the five dice go in any free box; lower boxes score their full value.",
        ),
    }
    return names.get(policy, policy)


def yahtzee_bonus_rule(rules: Ruleset) -> str:
    """When the Yahtzee bonus pays, and why not ("" when the sheet has none)."""
    variant = rules.variant
    if not variant.yahtzee_bonus or variant.yahtzee_box is None:
        return ""
    name = texts.box_names(rules).get(variant.yahtzee_box, variant.yahtzee_box)
    return fill(
        translate(
            "rules",
            "Each further five of a kind earns a bonus of %1 points when %2 holds %3; none "
            "when %2 holds 0 or is still free. The dice still go in a box, by the joker rule.",
        ),
        str(variant.yahtzee_bonus),
        name,
        str(rules.box(variant.yahtzee_box).points) if rules.has_box(variant.yahtzee_box) else "",
    )


def ecart_rule(rules: Ruleset) -> str:
    """How the Écart counts ("" when the sheet has none)."""
    if rules.variant.ecart is None:
        return ""
    names = texts.box_names(rules)
    plus, minus = (names.get(box_id, box_id) for box_id in rules.variant.ecart)
    return fill(
        translate(
            "rules",
            "Écart counts once both %1 and %2 are filled: %1 − %2 when %1 is greater than %2, "
            "else 0. %1 and %2 themselves are not added to the total.",
        ),
        plus,
        minus,
    )


def rules_page(rules: Ruleset) -> str:
    """The whole Rules page of a scoresheet, as HTML for a QTextBrowser."""
    names = texts.box_names(rules)
    e = html.escape
    parts = [f"<h1>{e(texts.variant_name(rules.variant))}</h1>"]
    parts.append(
        "<p>"
        + e(
            fill(
                translate(
                    "rules",
                    "Each player in turn throws five dice, up to three times: after each throw, "
                    "keep the dice you like and throw the others again. Then write the dice in "
                    "one free box of your column — every turn fills one box, at 0 if the dice "
                    "do not fit. The game ends after %1 turns, when every box is filled; the "
                    "highest total wins, and equal totals share the win.",
                ),
                str(len(rules.boxes)),
            )
        )
        + "</p>"
    )
    for section, title in (
        (Section.UPPER, translate("rules", "Upper section")),
        (Section.LOWER, translate("rules", "Lower section")),
    ):
        parts.append(f"<h2>{e(title)}</h2><table cellspacing='0' cellpadding='4'>")
        for box in rules.boxes:
            if box.section is section:
                parts.append(
                    f"<tr><td valign='top'><b>{e(names[box.id])}</b></td>"
                    f"<td>{e(box_rule(box))}</td></tr>"
                )
        parts.append("</table>")
        if section is Section.UPPER:
            parts.append(f"<p>{e(bonus_rule(rules))}</p>")
    extras = [ecart_rule(rules), yahtzee_bonus_rule(rules)]
    if rules.joker is not None:
        extras.append(
            fill(
                translate(
                    "rules",
                    "The joker: once %1 is filled, five of a kind may not go just anywhere. "
                    "This game plays with the rule below.",
                ),
                names.get(rules.variant.yahtzee_box or "", ""),
            )
        )
        extras.append(joker_rule(rules.joker.value))
    extras = [text for text in extras if text]
    if extras:
        heading = translate("rules", "Bonuses and the joker")
        parts.append(f"<h2>{e(heading)}</h2>")
        parts.extend(f"<p>{e(text)}</p>" for text in extras)
    heading = translate("rules", "The total")
    parts.append(f"<h2>{e(heading)}</h2>")
    parts.append(
        "<p>"
        + e(
            translate(
                "rules",
                "The total adds the upper boxes, the upper bonus, the lower boxes and any "
                "other bonus. Miss Dice adds up as you play and shows what each free box "
                "would score with the dice on the table.",
            )
        )
        + "</p>"
    )
    return "".join(parts)
