"""The family's own dice: crops of dice the players confirmed, kept to help the die reader.

Each reading used (and each die fixed by hand) keeps the die's crop (the die reader's own
32x32 cut) and its value: at most `MAX_PER_FACE` a face, the oldest dropped, in one file of the
user's data folder, never sent anywhere. A new die is compared with the kept ones by the die
reader's last hidden layer (run by `cv2.dnn`, no training framework): its nearest kept
neighbours vote, and the vote decides where the networks are unsure of the value (how many
vote, from how unsure, and how much the vote weighs: `vision.fusion.FusionPolicy`).

The file is a numpy archive (`np.savez`, no pickles) written atomically; a file that is not
one, is truncated or holds nonsense is reported once and the store starts again empty.
"""

from __future__ import annotations

import os
import tempfile
import threading
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

from vision import net
from vision.fusion import DEFAULT_FUSION, FusionPolicy
from vision.types import DieReading, Reading

U8 = npt.NDArray[np.uint8]
F32 = npt.NDArray[np.float32]

FILE_NAME = "learned-dice.npz"
MAX_PER_FACE = 50
"""Kept crops a face; a new one pushes the oldest of its face out."""
MAX_FILE_BYTES = 4_000_000
"""The store holds at most 300 crops of 3 KB: a bigger file is not read."""


class StoreProblem(ValueError):
    """The store's file could not be read (the store starts again empty)."""


class DieFeatures:
    """The die reader run to its last hidden layer and its output, one copy per thread."""

    def __init__(self, folder: Path = net.MODELS) -> None:
        self.path = folder / net.READER_FILE
        self._local = threading.local()

    def _net(self) -> tuple[cv2.dnn.Net, str]:
        cached: tuple[cv2.dnn.Net, str] | None = getattr(self._local, "net", None)
        if cached is None:
            classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
            model = (
                cv2.dnn.readNetFromONNX(str(self.path))
                if classic is None
                else cv2.dnn.readNetFromONNX(str(self.path), engine=classic)
            )
            cached = (model, hidden_layer(model))
            self._local.net = cached
        return cached

    def describe(self, crops: U8) -> tuple[F32, F32]:
        """For crops (n, 32, 32, 3): unit-length hidden features (n, D) and the die reader's
        probabilities (n, a column per `vision.net.ReaderColumn`)."""
        if len(crops) == 0:
            return np.zeros((0, 1), np.float32), np.zeros((0, net.READER_COLUMNS), np.float32)
        model, layer = self._net()
        blob = cv2.dnn.blobFromImages(
            list(crops), net.PIXEL_SCALE, (net.CROP, net.CROP), (net.PIXEL_MEAN,) * 3
        )
        model.setInput(blob)
        hidden, probs = model.forward([layer, model.getUnconnectedOutLayersNames()[0]])
        features = np.asarray(hidden, np.float32).reshape(len(crops), -1)
        features /= np.maximum(np.linalg.norm(features, axis=1, keepdims=True), 1e-6)
        return features, np.asarray(probs, np.float32).reshape(len(crops), net.READER_COLUMNS)


def hidden_layer(model: cv2.dnn.Net) -> str:
    """The name of the die reader's last hidden layer: the last layer giving a flat vector
    wider than the output (found by running a blank crop, as names change once run)."""
    blank = np.full((1, 3, net.CROP, net.CROP), 0.0, np.float32)
    model.setInput(blank)
    model.forward()
    for name in reversed(model.getLayerNames()):
        model.setInput(blank)
        try:
            shape = np.asarray(model.forward(name)).shape
        except cv2.error:
            continue
        if len(shape) == 2 and shape[1] > net.READER_COLUMNS:
            return str(name)
    raise net.NetworksUnavailable("the die reader has no hidden layer to compare dice by")


def crops_of(frame: U8, dice: tuple[DieReading, ...]) -> U8:
    """The die reader's crop of each die of a frame."""
    if not dice:
        return np.zeros((0, net.CROP, net.CROP, 3), np.uint8)
    return np.stack(
        [net.die_crop(frame, d.center[0], d.center[1], 0.5 * (d.size[0] + d.size[1])) for d in dice]
    )


@dataclass
class LearnedDice:
    """Kept crops and their values, oldest first; features are worked out when needed."""

    crops: U8 = field(default_factory=lambda: np.zeros((0, net.CROP, net.CROP, 3), np.uint8))
    values: npt.NDArray[np.int8] = field(default_factory=lambda: np.zeros(0, np.int8))
    _features: F32 | None = field(default=None, init=False, repr=False)

    def __len__(self) -> int:
        return len(self.values)

    def counts(self) -> dict[int, int]:
        """Kept crops by face."""
        return {face: int(np.count_nonzero(self.values == face)) for face in range(1, 7)}

    def add(self, crops: U8, values: npt.ArrayLike) -> None:
        """Keep these crops with their values (1..6); each face keeps its newest MAX_PER_FACE."""
        values = np.asarray(values, np.int8).reshape(-1)
        ok = (values >= 1) & (values <= 6)
        all_crops = np.concatenate([self.crops, np.asarray(crops, np.uint8)[ok]])
        all_values = np.concatenate([self.values, values[ok]])
        keep = np.zeros(len(all_values), bool)
        for face in range(1, 7):
            keep[np.flatnonzero(all_values == face)[-MAX_PER_FACE:]] = True
        self.crops, self.values, self._features = all_crops[keep], all_values[keep], None

    def forget(self) -> None:
        """Drop every kept die."""
        self.crops = self.crops[:0]
        self.values = self.values[:0]
        self._features = None

    def features(self, describe: DieFeatures) -> F32:
        """The kept dice's features (worked out once per change)."""
        if self._features is None:
            self._features = describe.describe(self.crops)[0]
        return self._features

    def vote(
        self, features: F32, describe: DieFeatures, policy: FusionPolicy = DEFAULT_FUSION
    ) -> F32:
        """For each die (its features), the kept dice's vote for the values 1..6 (rows sum to 1;
        all zero when nothing is kept)."""
        out = np.zeros((len(features), 6), np.float32)
        if len(self) == 0 or len(features) == 0:
            return out
        similarity = features @ self.features(describe).T
        k = min(policy.kept_neighbours, len(self))
        nearest = np.argsort(-similarity, axis=1)[:, :k]
        for row, idx in enumerate(nearest):
            weights = np.maximum(similarity[row, idx], 0.0) ** 2 + 1e-6
            np.add.at(out[row], self.values[idx].astype(np.intp) - 1, weights)
        out /= out.sum(axis=1, keepdims=True)
        return out

    def decide(
        self,
        features: F32,
        probs: F32,
        describe: DieFeatures,
        policy: FusionPolicy = DEFAULT_FUSION,
    ) -> list[tuple[int, float]]:
        """Each die's value and how sure of it, the kept dice deciding where the die reader
        is less than `policy.kept_below` sure."""
        values = net.value_shares(probs)
        learned = self.vote(features, describe, policy)
        weight = policy.kept_weight
        result = []
        for row in range(len(values)):
            mix = values[row]
            if len(self) and float(mix.max()) < policy.kept_below:
                mix = (mix + weight * learned[row]) / (1 + weight)
            face = int(np.argmax(mix))
            result.append((face + 1, float(mix[face])))
        return result

    # The file --------------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        """Write the store atomically (a crash leaves the old file or the new one)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".learned-", suffix=".npz", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as file:
                np.savez_compressed(file, crops=self.crops, values=self.values)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: Path) -> LearnedDice:
        """The store kept in `path` (empty when there is none); StoreProblem when the file
        cannot be used."""
        try:
            if not path.exists():
                return cls()
            if not path.is_file():
                raise StoreProblem("not a file")
            if path.stat().st_size > MAX_FILE_BYTES:
                raise StoreProblem("too large")
            with np.load(path, allow_pickle=False) as archive:
                crops = np.asarray(archive["crops"])
                values = np.asarray(archive["values"])
        except StoreProblem:
            raise
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as error:
            raise StoreProblem(str(error) or type(error).__name__) from error
        if (
            crops.dtype != np.uint8
            or crops.ndim != 4
            or crops.shape[1:] != (net.CROP, net.CROP, 3)
            or values.dtype != np.int8
            or values.shape != (len(crops),)
            or not np.all((values >= 1) & (values <= 6))
        ):
            raise StoreProblem("unexpected contents")
        store = cls()
        store.add(crops, values)
        return store


def refine(
    frame: U8,
    reading: Reading,
    store: LearnedDice | None,
    describe: DieFeatures,
    policy: FusionPolicy = DEFAULT_FUSION,
) -> tuple[Reading, U8]:
    """The reading with each die's confidence how sure the die reader is of its value, the
    kept dice deciding the value where the die reader is unsure; and the dice's crops."""
    crops = crops_of(frame, reading.dice)
    if not reading.dice:
        return reading, crops
    features, probs = describe.describe(crops)
    shares = net.value_shares(probs)
    chosen = (
        store.decide(features, probs, describe, policy) if store is not None and len(store) else []
    )
    dice = []
    for n, die in enumerate(reading.dice):
        value, sure = die.value, float(shares[n, die.value - 1])
        if chosen and float(shares[n].max()) < policy.kept_below:
            value, sure = chosen[n]
        dice.append(DieReading(value, die.center, die.size, die.angle, min(sure, 1.0)))
    return Reading(tuple(dice), reading.flags), crops
