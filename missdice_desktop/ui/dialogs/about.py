"""Help › About: the name, the version, the licence, what the app ships under whose licence,
and where games and settings are kept."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, qVersion
from PySide6.QtGui import QIcon

from missdice_desktop.resources import icons_dir
from missdice_desktop.ui.settings import AppPaths
from missdice_desktop.ui.texts import fill

translate = QCoreApplication.translate
LICENCE = "MIT"


@dataclass(frozen=True)
class Notice:
    """Something the app ships, made by others, and the licence it comes under."""

    name: str
    licence: str
    url: str


NOTICES = (
    Notice("Qt, PySide6", "LGPL-3.0", "https://www.qt.io/licensing/open-source-lgpl-obligations"),
    Notice("OpenCV", "Apache-2.0", "https://opencv.org/license/"),
    Notice("NumPy", "BSD-3-Clause", "https://numpy.org/doc/stable/license.html"),
    Notice("platformdirs", "MIT", "https://github.com/tox-dev/platformdirs"),
    Notice("segno", "BSD-3-Clause", "https://github.com/heuer/segno"),
)
"""The libraries a bundle carries."""

READER_PHOTOS = (
    Notice("© 2019 Nell Byler", "BSD-3-Clause", "https://github.com/nell-byler/dice_detection"),
    Notice(
        "© 2021 Matteo Anthony Penlington",
        "MIT",
        "https://github.com/matteop65/Dice_Detection_Recognition",
    ),
)
"""Whose photos the dice reader's networks were trained on (vision/models/LICENSE.md)."""

DEMO_PHOTOS = Notice(
    "© 2021 Matteo Anthony Penlington",
    "MIT",
    "https://github.com/matteop65/Dice_Detection_Recognition",
)


def app_icon() -> QIcon:
    """The app's icon (a red die showing five), drawn from its SVG at any size."""
    return QIcon(str(icons_dir() / "missdice.svg"))


def about_text(version: str, paths: AppPaths) -> str:
    """The About box's text (rich text), in the current language."""
    import html  # the About box only

    def link(notice: Notice) -> str:
        return f'<a href="{html.escape(notice.url)}">{html.escape(notice.name)}</a>'

    # "%1: %2" is translated: French puts a space before the colon.
    row = translate("About", "%1: %2", "a library and its licence")
    rows = "".join(
        f"<li>{fill(row, link(notice), html.escape(notice.licence))}</li>" for notice in NOTICES
    )
    parts = [
        f"<h3>Miss Dice {html.escape(version)}</h3>",
        "<p>"
        + translate(
            "About",
            "Dice games at the table: the scoresheet for Yahtzee, Yam's and Yacht, 421, Cochon "
            "and a free roller, with virtual dice or dice from the table.",
        )
        + "</p>",
        "<p>"
        + fill(translate("About", "Free software under the %1 licence."), LICENCE)
        + " "
        + translate(
            "About", "Yahtzee is a trademark of Hasbro. Miss Dice is independent of Hasbro."
        )
        + "</p>",
        "<p>"
        + fill(translate("About", "It comes with (Qt %1):"), qVersion())
        + f"</p><ul>{rows}</ul>",
        "<p>"
        + fill(
            translate("About", "The demo camera's photos: %1, %2 licence."),
            link(DEMO_PHOTOS),
            DEMO_PHOTOS.licence,
        )
        + " "
        + fill(
            translate(
                "About",
                "The dice reader's networks were trained on photos %1 (%2 licence) and %3 "
                "(%4 licence).",
            ),
            link(READER_PHOTOS[0]),
            READER_PHOTOS[0].licence,
            link(READER_PHOTOS[1]),
            READER_PHOTOS[1].licence,
        )
        + " "
        + translate(
            "About",
            "In the installed app, the licence texts are in its <i>licenses</i> folder, and "
            "Qt's libraries are separate files that you may replace with your own build.",
        )
        + "</p>",
        "<p>"
        + fill(
            translate("About", "Games are kept in %1<br>Settings are kept in %2"),
            f"<code>{html.escape(str(paths.data_dir))}</code>",
            f"<code>{html.escape(str(paths.config_dir))}</code>",
        )
        + "</p>",
    ]
    return "".join(parts)
