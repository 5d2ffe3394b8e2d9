"""The family's own dice for the camera panel: the learned-dice store in the user's data folder.

Loaded when the camera first reads, used by the reader thread (`refine`), added to from the
GUI thread when a reading is used or a die fixed (`keep`), forgotten on request. A file that
cannot be read is reported once (`problem`), put aside, and the store starts again empty.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:  # OpenCV loads with the camera, not with the window
    from vision.learned import DieFeatures, LearnedDice
    from vision.types import Reading

FILE_NAME = "learned-dice.npz"


class LearnedDiceKeeper:
    """The store of one user's learned dice, safe to use from two threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem = ""
        """Why the file could not be read ("" when it could); said once by the panel."""
        self._store: LearnedDice | None = None
        self._features: DieFeatures | None = None
        self._lock = threading.Lock()

    def _loaded(self) -> LearnedDice:
        from vision.learned import LearnedDice, StoreProblem

        if self._store is None:
            try:
                self._store = LearnedDice.load(self.path)
            except StoreProblem as error:
                self.problem = str(error)
                self._store = LearnedDice()
                # kept aside once, so that it is not reported at every start
                with contextlib.suppress(OSError):
                    self.path.replace(self.path.with_name(self.path.name + ".bad"))
        return self._store

    def load(self) -> None:
        """Read the file now (once)."""
        with self._lock:
            self._loaded()

    def count(self) -> int:
        """How many dice are kept."""
        with self._lock:
            return len(self._loaded())

    def refine(
        self, frame: npt.NDArray[np.uint8], reading: Reading
    ) -> tuple[Reading, npt.NDArray[np.uint8] | None]:
        """The reader thread's step after `read_dice` (see `vision.learned.refine`)."""
        from vision.learned import DieFeatures, refine

        with self._lock:
            if self._features is None:
                self._features = DieFeatures()
            return refine(frame, reading, self._loaded(), self._features)

    def keep(self, crops: npt.NDArray[np.uint8], values: list[int]) -> None:
        """Keep these dice's crops and values, and save (a failed save loses only them)."""
        if len(values) == 0:
            return
        with self._lock:
            store = self._loaded()
            store.add(crops, values)
            with contextlib.suppress(OSError):  # a failed save loses only these dice
                store.save(self.path)

    def forget(self) -> None:
        """Forget every kept die, on disk too."""
        with self._lock:
            self._loaded().forget()
            with contextlib.suppress(OSError):
                self.path.unlink(missing_ok=True)
