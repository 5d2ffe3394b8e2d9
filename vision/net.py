"""The learned dice reader: two small networks run by OpenCV's `cv2.dnn` from ONNX weights in
`vision/models/` (trained by `vision.training.train`; no training framework at run time).

1. The detector sees the whole frame (its long side scaled to 640 px) and gives, every 4
   pixels, how likely a die's top face is centred there, how big it is, and its value.
2. The die reader reads each face found from the frame itself, cut around the face and scaled
   to 32 x 32: "not a die", or the value. A face is kept when both, on average, are sure
   enough it is a die; its value is the die reader's.
"""

from __future__ import annotations

import enum
import math
import threading
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import numpy.typing as npt

U8 = npt.NDArray[np.uint8]
F32 = npt.NDArray[np.float32]

MODELS = Path(__file__).with_name("models")
DETECTOR_FILE = "dice_detector.onnx"
READER_FILE = "die_reader.onnx"
NETWORKS = (DETECTOR_FILE, READER_FILE)
# The detector's input: the frame scaled (its shape kept) so its long side is each level's
# side, then padded with PIXEL_MEAN on the right and below to a multiple of STEP; at each level
# only faces of a size (pixels across, at that level) from lo to hi are kept: the sizes the
# detector was trained on, overlapping from one level to the next.
LEVELS = ((640, 0.0, 72.0), (320, 30.0, 72.0), (160, 30.0, 1e9))
STEP = 16
STRIDE = 4
# Both networks take BGR pixels as (pixel - PIXEL_MEAN) * PIXEL_SCALE.
PIXEL_SCALE = 1 / 64.0
PIXEL_MEAN = 128.0
# The die reader's crop: the face's box grown by CROP_MARGIN, scaled to CROP x CROP.
CROP = 32
CROP_MARGIN = 1.3
# At most this many faces are looked at in a frame, the likeliest first.
MAX_FACES = 60
# A place is a candidate face from this detector score, and is kept as a die when the mean of
# the detector's score and the die reader's "a die" reaches DIE_SCORE.
CANDIDATE_SCORE = 0.15
DIE_SCORE = 0.5
# Two faces closer than this share of the bigger one's size are one face.
SAME_FACE = 0.55


class DetectorChannel(enum.IntEnum):
    """The detector's output channels, each a map at STRIDE pixels."""

    SCORE = 0
    """How likely a die's top face is centred there (0..1)."""
    LOG_SIZE = 1
    """The natural logarithm of the face's size across, in pixels of the detector's input."""
    VALUE_1 = 2
    """From here on, the probability of each value, 1..6 (it helps the detector learn; the
    value read is the die reader's)."""
    VALUE_2 = 3
    VALUE_3 = 4
    VALUE_4 = 5
    VALUE_5 = 6
    VALUE_6 = 7


DETECTOR_VALUES = slice(DetectorChannel.VALUE_1, DetectorChannel.VALUE_6 + 1)
"""The detector's value channels, for the values 1..6 in order."""


class ReaderColumn(enum.IntEnum):
    """The die reader's seven outputs for a crop: probabilities that sum to 1. A value's column
    is the value itself."""

    NOT_A_DIE = 0
    """The crop shows no die's top face."""
    ONE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6


READER_VALUES = slice(ReaderColumn.ONE, ReaderColumn.SIX + 1)
"""The die reader's value columns, for the values 1..6 in order."""
READER_COLUMNS = len(ReaderColumn)
TURNED_BELOW = 0.9
"""A face whose value the die reader is less sure of than this is read again, turned."""


class NetworksUnavailable(RuntimeError):
    """The dice reader's networks are missing or cannot be read (a damaged install)."""


@dataclass(frozen=True)
class Face:
    """A die's top face found by the networks: centre and size across in frame pixels, its
    value and how sure the networks are that it is a die of that value (0..1)."""

    cx: float
    cy: float
    size: float
    value: int
    confidence: float
    is_die: float
    """How sure the networks are that a die's face is there at all (0..1)."""
    sure: float
    """How sure they are of the value, given a die is there (0..1)."""


class Networks:
    """The two networks, loaded from a folder; `cv2.dnn.Net` is not thread-safe, so each
    thread gets its own copy."""

    def __init__(self, folder: Path = MODELS, names: tuple[str, ...] = NETWORKS) -> None:
        """The networks `names` of `folder` (both by default; the detector alone is enough
        for `candidates`)."""
        self.folder = folder
        self.names = names
        for name in names:
            if not (folder / name).is_file():
                raise NetworksUnavailable(f"the dice reader's network {folder / name} is missing")
        self._local = threading.local()

    def load(self) -> None:
        """Load the networks for this thread now (NetworksUnavailable if they cannot be)."""
        for name in self.names:
            self._net(name)

    def _net(self, name: str) -> cv2.dnn.Net:
        """This thread's copy of one network, loaded on first use."""
        nets: dict[str, cv2.dnn.Net] = self._local.__dict__.setdefault("nets", {})
        if name not in nets:
            try:
                net = _load(self.folder / name)
            except cv2.error as error:
                first = str(error).strip().splitlines()[-1] if str(error).strip() else "?"
                raise NetworksUnavailable(
                    f"the dice reader's network {self.folder / name} cannot be read ({first})"
                ) from error
            if not _answers_as(net, name):
                raise NetworksUnavailable(
                    f"the dice reader's network {self.folder / name} is not the "
                    f"{'detector' if name == DETECTOR_FILE else 'die reader'} "
                    "(the two network files may be swapped or replaced)"
                )
            nets[name] = net
        return nets[name]

    def candidates(self, frame: U8) -> list[tuple[float, float, float, float, F32]]:
        """The places the detector takes for a die's top face: centre, size across (frame
        pixels), score and the six values' probabilities, likeliest first.

        The detector looks at the frame at three scales (its long side 640, 320 and 160 px),
        each trusted for the dice sizes it was trained on, so a die filling a close-up is
        found as well as 25 small dice on a table."""
        detector = self._net(DETECTOR_FILE)
        h, w = frame.shape[:2]
        found = []
        small = frame
        for side, lo, hi in LEVELS:
            scale = side / max(h, w)
            iw, ih = max(1, round(w * scale)), max(1, round(h * scale))
            sx, sy = iw / w, ih / h
            # each level shrunk from the one before (cheaper than from the frame each time)
            if (iw, ih) != small.shape[1::-1]:
                method = cv2.INTER_AREA if iw < small.shape[1] else cv2.INTER_LINEAR
                small = np.asarray(cv2.resize(small, (iw, ih), interpolation=method), np.uint8)
            detector.setInput(_detector_input(small))
            out = np.asarray(detector.forward(), np.float32)[0]
            for x, y, log_size, score, values in _peaks(out):
                size = math.exp(min(log_size, 20.0))  # an absurd output stays finite
                # a cell wholly in the padding shows nothing; a die cut by the frame's edge
                # can peak in the last cell, past the edge: it is kept at the edge
                if x * STRIDE < iw and y * STRIDE < ih and lo <= size < hi:
                    cx = min((x + 0.5) * STRIDE, iw - 0.5)
                    cy = min((y + 0.5) * STRIDE, ih - 0.5)
                    found.append((cx / sx, cy / sy, size / scale, score, values))
        found.sort(key=lambda c: -c[3])
        return found[:MAX_FACES]

    def read(self, frame: U8, places: list[tuple[float, float, float]]) -> F32:
        """The die reader's probabilities (a row per place, a column per `ReaderColumn`) for
        each place (centre and size across, in frame pixels)."""
        if not places:
            return np.zeros((0, READER_COLUMNS), np.float32)
        reader = self._net(READER_FILE)
        crops = [die_crop(frame, cx, cy, size) for cx, cy, size in places]
        probs = _reader_forward(reader, crops)
        doubtful = _doubtful(probs)
        if doubtful.size:
            turned = [
                np.ascontiguousarray(np.rot90(crops[i], k)) for k in (1, 2, 3) for i in doubtful
            ]
            more = _reader_forward(reader, turned).reshape(3, len(doubtful), READER_COLUMNS)
            probs[doubtful] = (probs[doubtful] + more.sum(axis=0)) / 4.0
        return probs

    def faces(self, frame: U8, floor: float = DIE_SCORE) -> list[Face]:
        """Every die's top face in a BGR frame that the networks take for a die with at least
        `floor` certainty (the mean of the detector's score and the die reader's "a die").
        The value is the die reader's: it reads each face at one size, from the frame itself."""
        found = self.candidates(frame)
        read = self.read(frame, [(cx, cy, size) for cx, cy, size, _, _ in found])
        faces = []
        for (cx, cy, size, score, _), probs in zip(found, read, strict=True):
            die = 1.0 - float(probs[ReaderColumn.NOT_A_DIE])
            is_die = 0.5 * (score + die)
            if is_die < floor:
                continue
            value = ReaderColumn.ONE + int(np.argmax(probs[READER_VALUES]))
            sure = float(probs[value]) / max(1e-6, die)
            faces.append(Face(cx, cy, size, value, min(is_die, sure), is_die, sure))
        return _outermost(_distinct(faces))


def _detector_input(level: U8) -> F32:
    """The detector's input for one level: padded with PIXEL_MEAN (0 once normalised, as the
    network's own zero padding) on the right and below to a multiple of STEP."""
    h, w = level.shape[:2]
    bottom, right = -h % STEP, -w % STEP
    grey = (PIXEL_MEAN,) * 3
    if bottom or right:
        level = np.asarray(
            cv2.copyMakeBorder(level, 0, bottom, 0, right, cv2.BORDER_CONSTANT, value=grey),
            np.uint8,
        )
    size = (w + right, h + bottom)
    return np.asarray(cv2.dnn.blobFromImage(level, PIXEL_SCALE, size, grey), np.float32)


def _reader_forward(reader: cv2.dnn.Net, crops: list[U8]) -> F32:
    """The die reader's probabilities for each crop."""
    reader.setInput(cv2.dnn.blobFromImages(crops, PIXEL_SCALE, (CROP, CROP), (PIXEL_MEAN,) * 3))
    return np.asarray(reader.forward(), np.float32).reshape(len(crops), READER_COLUMNS)


def _doubtful(probs: F32) -> npt.NDArray[np.intp]:
    """The rows whose value the die reader is in doubt about (less sure than `TURNED_BELOW`).

    Those faces are read again turned by a quarter, a half and three quarters, and the four
    reads averaged: a die's value does not change when it turns, and the die reader's
    mistakes do. On the colour photos 23 wrong values become 15 and 129 exact photos of 150
    become 134; the Rune55 photos lose 7 false dice and the synthetic set 3, no white-dice
    photo changes (docs/vision.md).
    """
    die = 1.0 - probs[:, ReaderColumn.NOT_A_DIE]
    sure = probs[:, READER_VALUES].max(axis=1) / np.maximum(die, 1e-6)
    return np.flatnonzero(sure < TURNED_BELOW)


def _load(path: Path) -> cv2.dnn.Net:
    """An ONNX network for `cv2.dnn`: on OpenCV 5, by its classic engine, which runs these
    small convolutional networks 40% faster on one core than the new one (16 against 27 ms
    for the detector on a 640x368 frame) with the same output."""
    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    if classic is None:
        return cv2.dnn.readNetFromONNX(str(path))
    return cv2.dnn.readNetFromONNX(str(path), engine=classic)


def _answers_as(net: cv2.dnn.Net, name: str) -> bool:
    """Whether `net` gives what the network `name` gives on a blank crop: the detector a map
    (batch, channels, rows, columns), the die reader seven probabilities. A network in the
    other's place would fail on every photo instead: the install is to blame, not the photo."""
    blank = np.full((CROP, CROP, 3), PIXEL_MEAN, np.uint8)
    try:
        net.setInput(cv2.dnn.blobFromImage(blank, PIXEL_SCALE, (CROP, CROP), (PIXEL_MEAN,) * 3))
        shape = np.asarray(net.forward()).shape
    except cv2.error:
        return False
    if name == READER_FILE:
        return len(shape) == 2 and shape[1] == READER_COLUMNS
    return len(shape) == 4 and shape[1] > 4


def _peaks(out: F32) -> list[tuple[int, int, float, float, F32]]:
    """The detector's local maxima: (x, y, log size, score, value probabilities), strongest
    first."""
    heat = out[DetectorChannel.SCORE]
    top = cv2.dilate(heat, np.ones((3, 3), np.uint8))
    ys, xs = np.nonzero((heat >= top) & (heat >= CANDIDATE_SCORE))
    order = np.argsort(-heat[ys, xs])[:MAX_FACES]
    return [
        (
            int(xs[i]),
            int(ys[i]),
            float(out[DetectorChannel.LOG_SIZE, ys[i], xs[i]]),
            float(heat[ys[i], xs[i]]),
            out[DETECTOR_VALUES, ys[i], xs[i]],
        )
        for i in order
    ]


def _distinct(faces: list[Face]) -> list[Face]:
    """The faces with any found twice (two peaks on one die) kept once, the surest."""
    kept: list[Face] = []
    for f in sorted(faces, key=lambda f: -f.is_die):
        if all(
            math.hypot(f.cx - k.cx, f.cy - k.cy) >= SAME_FACE * max(f.size, k.size) for k in kept
        ):
            kept.append(f)
    return kept


def _outermost(faces: list[Face]) -> list[Face]:
    """The faces without those lying on a much bigger face: the pips of a die seen close up."""
    return [
        f
        for f in faces
        if not any(
            b.size >= 1.8 * f.size
            and abs(f.cx - b.cx) < 0.5 * b.size
            and abs(f.cy - b.cy) < 0.5 * b.size
            for b in faces
        )
    ]


def value_shares(probs: F32) -> F32:
    """For die reader outputs (n, READER_COLUMNS): each value's probability given a die is
    there (n, 6; the value v in column v - 1)."""
    values = probs[:, READER_VALUES]
    return np.asarray(values / np.maximum(values.sum(axis=1, keepdims=True), 1e-6), np.float32)


def die_crop(img: U8, cx: float, cy: float, size: float, angle: float = 0.0) -> U8:
    """The CROP x CROP crop the die reader reads a face from: its box grown by CROP_MARGIN
    (turned by `angle` degrees, for training), the frame's edge repeated beyond the frame.
    A big face is first halved (Gaussian pyramid) until at most twice the crop, so its pips
    do not alias away."""
    scale = CROP / (size * CROP_MARGIN)
    reach = size * CROP_MARGIN * 0.75  # the turned crop's half-diagonal, and a little more
    x0, y0 = max(0, int(cx - reach)), max(0, int(cy - reach))
    x1, y1 = min(img.shape[1], int(cx + reach) + 2), min(img.shape[0], int(cy + reach) + 2)
    if x1 - x0 < 2 or y1 - y0 < 2:
        x0, y0, x1, y1 = 0, 0, img.shape[1], img.shape[0]
    part, factor = img[y0:y1, x0:x1], 1.0
    while scale / factor < 0.5 and min(part.shape[:2]) >= 4:
        part = np.asarray(cv2.pyrDown(part), np.uint8)
        factor /= 2
    centre = ((cx - x0) * factor, (cy - y0) * factor)
    m = np.asarray(cv2.getRotationMatrix2D(centre, angle, scale / factor), np.float64)
    m[:, 2] += np.array([CROP / 2 - centre[0], CROP / 2 - centre[1]])
    return np.asarray(
        cv2.warpAffine(
            part, m, (CROP, CROP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        ),
        np.uint8,
    )


_shared: Networks | None = None
_lock = threading.Lock()


def networks() -> Networks:
    """The networks shipped in the package, loaded once (NetworksUnavailable if missing)."""
    global _shared
    with _lock:
        if _shared is None:
            _shared = Networks()
        return _shared


def use_networks(folder: Path) -> None:
    """Read with the networks in another folder from now on (to measure other weights)."""
    global _shared
    with _lock:
        _shared = Networks(folder)
