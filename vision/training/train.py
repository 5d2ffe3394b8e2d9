"""Trains the dice reader's two small networks and writes them as ONNX for `cv2.dnn`.

- the detector: a whole frame in, at stride 4 out: where die faces are centred (a heatmap),
  how big they are, and their values;
- the die reader: a 32 x 32 crop around a found face in, "not a die" or its value out.

Samples are made afresh each step (`vision.training.augment`) from the photos of the data list
(`dice_boxes.csv`) whose licence allows a shipped model. With `--leave-out SOURCE` that source's
photos are not used, to measure on them as on photos never seen.

Rendered scenes (`vision.training.scenes`, cached on disk) are mixed in with `--scenes DIR`,
and the CC BY 4.0 photos of `dice-photos-more` with `--more DIR`. `--init-onnx FOLDER` starts
from shipped ONNX weights (their batch norms folded into the convolutions, so kept frozen).
Every `--save-every` steps a checkpoint (weights, optimiser, step) is written to the output
folder; run the same command again and it goes on from there.

Usage (the `train` extra installs PyTorch):
    python -m vision.training.train DICE_PHOTOS DICE_PHOTOS_COLOUR --out FOLDER
        [--more DICE_PHOTOS_MORE] [--scenes DIR] [--render-share P] [--init-onnx FOLDER]
        [--steps N] [--reader-steps N] [--minutes M] [--leave-out SOURCE]
        [--only detector|reader] [--workers N] [--seed S] [--save-every N] [--label-share P]
"""

from __future__ import annotations

import argparse
import math
import os
import time
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import torch
import torch.nn.functional as F
from torch import nn
from torch.utils.data import DataLoader, IterableDataset

from vision.net import CROP, DETECTOR_FILE, PIXEL_MEAN, PIXEL_SCALE, READER_FILE, Networks
from vision.training.augment import Sampler, load_photos, targets
from vision.training.labels import DATA_LIST, TRAINABLE
from vision.training.rendered import RenderedScenes

SIDE = 256


def _cbr(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


class Detector(nn.Module):
    """Frame (BGR, scaled) in; at stride 4 out: face-centre probability, log size, and the
    six values' probabilities."""

    def __init__(self) -> None:
        super().__init__()
        self.s2 = _cbr(3, 12, 2)
        self.s4 = nn.Sequential(_cbr(12, 24, 2), _cbr(24, 24))
        self.s8 = nn.Sequential(_cbr(24, 48, 2), _cbr(48, 48))
        self.s16 = nn.Sequential(_cbr(48, 64, 2), _cbr(64, 64), _cbr(64, 64))
        self.lat16 = nn.Conv2d(64, 48, 1)
        self.m8 = _cbr(48, 32)
        self.lat8 = nn.Conv2d(32, 24, 1)
        self.m4 = _cbr(24, 24)
        self.head = nn.Conv2d(24, 8, 1)
        with torch.no_grad():  # few pixels are centres: start near "no die" (CenterNet)
            self.head.bias[0] = -2.19

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        f4 = self.s4(self.s2(x))
        f8 = self.s8(f4)
        f16 = self.s16(f8)
        u8 = self.m8(f8 + F.interpolate(self.lat16(f16), scale_factor=2.0, mode="nearest"))
        u4 = self.m4(f4 + F.interpolate(self.lat8(u8), scale_factor=2.0, mode="nearest"))
        out: torch.Tensor = self.head(u4)
        return out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out = self.logits(x)
        heat = torch.sigmoid(out[:, :1])
        size = out[:, 1:2]
        value = torch.softmax(out[:, 2:], dim=1)
        return torch.cat([heat, size, value], dim=1)


class Reader(nn.Module):
    """A die crop (CROP x CROP, BGR, scaled) in; "not a die" and the six values' probabilities
    out."""

    def __init__(self) -> None:
        super().__init__()
        self.body = nn.Sequential(
            _cbr(3, 16),
            _cbr(16, 16),
            nn.MaxPool2d(2),
            _cbr(16, 32),
            _cbr(32, 32),
            nn.MaxPool2d(2),
            _cbr(32, 64),
            _cbr(64, 64),
            nn.MaxPool2d(2),
            nn.Flatten(),
            nn.Linear(64 * (CROP // 8) ** 2, 96),
            nn.ReLU(inplace=True),
            nn.Dropout(0.2),
            nn.Linear(96, 7),
        )

    def logits(self, x: torch.Tensor) -> torch.Tensor:
        out: torch.Tensor = self.body(x)
        return out

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(self.logits(x), dim=1)


def _to_input(imgs: torch.Tensor) -> torch.Tensor:
    """BGR uint8 NHWC images as the networks' scaled NCHW input."""
    return (imgs.permute(0, 3, 1, 2).float() - PIXEL_MEAN) * PIXEL_SCALE


class _Scenes(IterableDataset[tuple[torch.Tensor, ...]]):
    def __init__(
        self, sampler: Sampler, seed: int, rendered: RenderedScenes | None, share: float
    ) -> None:
        self.sampler, self.seed, self.rendered, self.share = sampler, seed, rendered, share

    def __iter__(self) -> Any:
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, info.id if info else 0, time.time_ns()])
        while True:
            if self.rendered is not None and rng.random() < self.share:
                s = self.rendered.scene(rng, SIDE)
            else:
                s = self.sampler.scene(rng, SIDE)
            heat, size, value, where = targets(s.faces, SIDE)
            yield (
                torch.from_numpy(s.img),
                torch.from_numpy(heat),
                torch.from_numpy(size),
                torch.from_numpy(value),
                torch.from_numpy(where),
            )


class _Crops(IterableDataset[tuple[torch.Tensor, torch.Tensor]]):
    def __init__(
        self, sampler: Sampler, seed: int, rendered: RenderedScenes | None, share: float
    ) -> None:
        self.sampler, self.seed, self.rendered, self.share = sampler, seed, rendered, share

    def __iter__(self) -> Any:
        info = torch.utils.data.get_worker_info()
        rng = np.random.default_rng([self.seed, 1000 + (info.id if info else 0), time.time_ns()])
        while True:
            if self.rendered is not None and rng.random() < self.share:
                xs, ys = self.rendered.crops(rng, 64)
            else:
                xs, ys = self.sampler.crops(rng, 64)
            for x, y in zip(xs, ys, strict=True):
                yield torch.from_numpy(x), torch.tensor(y)


def _one_thread(_: int) -> None:
    """Each data worker draws on one core (the workers themselves are the parallelism)."""
    torch.set_num_threads(1)
    cv2.setNumThreads(1)


def detector_loss(out: torch.Tensor, batch: tuple[torch.Tensor, ...]) -> torch.Tensor:
    """CenterNet's focal loss on the centres, L1 on log size and cross-entropy on the value
    at the centres."""
    _, heat, size, value, where = batch
    p = torch.sigmoid(out[:, 0]).clamp(1e-4, 1 - 1e-4)
    pos = heat.eq(1).float()
    pos_loss = -(torch.log(p) * (1 - p) ** 2 * pos).sum()
    neg_loss = -(torch.log(1 - p) * p**2 * (1 - heat) ** 4 * (1 - pos)).sum()
    n = pos.sum().clamp(min=1)
    det = (pos_loss + neg_loss) / n
    w = where.sum().clamp(min=1)
    size_loss = (F.l1_loss(out[:, 1], size, reduction="none") * where).sum() / w
    val_loss = F.cross_entropy(out[:, 2:], value, ignore_index=-1, reduction="sum") / w
    return det + size_loss + val_loss


def _train(
    model: nn.Module,
    loader: DataLoader[Any],
    steps: int,
    minutes: float | None,
    loss_of: Any,
    device: torch.device,
    name: str,
    lr: float,
    checkpoint: Path | None = None,
    save_every: int = 200,
    frozen_norms: bool = False,
) -> None:
    """Trains for `steps` steps, or fewer if `minutes` run out first: the learning rate warms
    up, then falls along a cosine to zero over whichever ends first. With a `checkpoint`
    file, the weights, the optimiser and the step are saved every `save_every` steps, and a
    training finds its checkpoint and goes on from it (the schedule counts the steps done)."""
    opt = torch.optim.AdamW(model.parameters(), lr=lr, weight_decay=1e-4)
    first = 1
    if checkpoint is not None and checkpoint.is_file():
        state = torch.load(checkpoint, map_location="cpu")
        model.load_state_dict(state["model"])
        opt.load_state_dict(state["optimiser"])
        first = int(state["step"]) + 1
        print(f"{name}: going on from step {first - 1} ({checkpoint})", flush=True)
    model.train()
    if frozen_norms:
        _freeze_norms(model)
    start, running = time.monotonic(), 0.0
    budget = minutes * 60 if minutes else math.inf
    step = first - 1
    for step, batch in enumerate(loader, first):
        done = max((step - 1) / steps, (time.monotonic() - start) / budget)
        if done >= 1:
            break
        warm = min(1.0, done / 0.05) if not frozen_norms else 1.0
        for group in opt.param_groups:
            group["lr"] = lr * warm * 0.5 * (1 + math.cos(math.pi * done))
        batch = tuple(t.to(device, non_blocking=True) for t in batch)
        loss = loss_of(model, batch)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        value = float(loss.detach())
        running = 0.98 * running + 0.02 * value if step > 1 else value
        if step % 20 == 0:
            rate = (step - first + 1) / (time.monotonic() - start)
            print(f"{name} step {step} loss {running:.4f} ({rate:.2f} steps/s)", flush=True)
        if checkpoint is not None and step % save_every == 0:
            _save_checkpoint(checkpoint, model, opt, step)
    if checkpoint is not None:
        _save_checkpoint(checkpoint, model, opt, min(step, steps))
    print(f"{name}: steps {first}..{step - 1} in {time.monotonic() - start:.0f} s", flush=True)
    model.eval()


def _save_checkpoint(path: Path, model: nn.Module, opt: torch.optim.Optimizer, step: int) -> None:
    tmp = path.with_suffix(".tmp")
    torch.save({"model": model.state_dict(), "optimiser": opt.state_dict(), "step": step}, tmp)
    os.replace(tmp, path)


def _freeze_norms(model: nn.Module) -> None:
    """Batch norms keep their statistics (weights from ONNX have them folded in)."""
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.eval()


def load_onnx_weights(model: nn.Module, path: Path) -> None:
    """Weights from an exported ONNX network into `model`: each convolution's weights (its
    batch norm folded in by the export) and each linear layer's, in the order they run; the
    batch norms become the identity plus the folded bias."""
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    init = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    nodes = [n for n in graph.node if n.op_type in ("Conv", "Gemm", "MatMul")]
    layers = [m for m in model.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    if len(nodes) != len(layers):
        raise ValueError(f"{path}: {len(nodes)} layers, the model has {len(layers)}")
    norms = {}
    previous = None
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d) and previous is not None:
            norms[id(previous)] = m
        previous = m if isinstance(m, (nn.Conv2d, nn.Linear)) else previous
    with torch.no_grad():
        for node, layer in zip(nodes, layers, strict=True):
            weight = init[node.input[1]]
            bias = init[node.input[2]] if len(node.input) > 2 else None
            if node.op_type == "MatMul":
                weight = weight.T
            if tuple(weight.shape) != tuple(layer.weight.shape):
                raise ValueError(f"{node.name}: {weight.shape} against {layer.weight.shape}")
            layer.weight.copy_(torch.from_numpy(weight.copy()))
            norm = norms.get(id(layer))
            if norm is not None and layer.bias is None:
                norm.weight.fill_(1.0)
                norm.running_mean.zero_()
                norm.running_var.fill_(1.0 - norm.eps)
                norm.bias.copy_(torch.from_numpy(bias.copy()) if bias is not None else 0.0)
            elif bias is not None and layer.bias is not None:
                layer.bias.copy_(torch.from_numpy(bias.copy()))


def _export(model: nn.Module, example: torch.Tensor, path: Path, dynamic: bool) -> None:
    model = model.cpu().eval()
    axes = {"input": {2: "height", 3: "width"}} if dynamic else {"input": {0: "batch"}}
    if not dynamic:
        axes["output"] = {0: "batch"}
    torch.onnx.export(
        model,
        (example,),
        str(path),
        input_names=["input"],
        output_names=["output"],
        dynamic_axes=axes,
        opset_version=13,
        dynamo=False,
    )


def _start(model: nn.Module, folder: Path | None, name: str) -> nn.Module:
    """The model, with the weights of an earlier training if a folder is given."""
    if folder is not None:
        model.load_state_dict(torch.load(folder / name, map_location="cpu"))
    return model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dice_photos", type=Path)
    parser.add_argument("dice_photos_colour", type=Path)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--steps", type=int, default=6000)
    parser.add_argument("--reader-steps", type=int, default=4000)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--more", type=Path, default=None, help="the dice-photos-more folder")
    parser.add_argument("--scenes", type=Path, default=None, help="a rendered scenes' cache")
    parser.add_argument("--render-share", type=float, default=0.5)
    parser.add_argument(
        "--reader-render-share", type=float, default=0.3, help="of the die reader's crops"
    )
    parser.add_argument(
        "--label-share",
        type=float,
        default=0.0,
        help="of the 'not a die' crops: printed labels (and labels on the drawn tables)",
    )
    parser.add_argument("--init-onnx", type=Path, default=None, help="start from ONNX weights")
    parser.add_argument("--save-every", type=int, default=100)
    parser.add_argument("--leave-out", choices=TRAINABLE, default=None)
    parser.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=None, help="a time limit per network")
    parser.add_argument(
        "--init", type=Path, default=None, help="a folder of .pt weights to start from"
    )
    parser.add_argument(
        "--lures", type=Path, default=None, help="a folder with a trained dice_detector.onnx"
    )
    parser.add_argument("--only", choices=("detector", "reader"), default=None)
    args = parser.parse_args(argv)

    torch.manual_seed(args.seed)
    # OpenCV's thread pool does not survive the fork into data workers: never start one here.
    cv2.setNumThreads(1)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    sources = set(TRAINABLE) - {args.leave_out}
    roots = {"dice-photos": args.dice_photos, "dice-photos-colour": args.dice_photos_colour}
    if args.more is not None:
        roots["dice-photos-more"] = args.more
    else:
        sources -= {"r55cam", "r55tray"}
    photos = load_photos(DATA_LIST, roots, sources)
    sampler = Sampler(photos, args.label_share)
    print(f"{len(photos)} photos, {len(sampler.patches)} dice, from {sorted(sources)} on {device}")
    rendered = RenderedScenes(args.scenes) if args.scenes is not None else None
    if rendered is not None:
        if not len(rendered):
            parser.error(f"{args.scenes}: no rendered scenes (make them: vision.training.scenes)")
        print(
            f"{len(rendered)} rendered scenes in {args.scenes}, {args.render_share:.0%} of samples"
        )
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()

    def loader(ds: IterableDataset[Any], batch: int) -> DataLoader[Any]:
        return DataLoader(
            ds,
            batch_size=batch,
            num_workers=args.workers,
            pin_memory=device.type == "cuda",
            persistent_workers=args.workers > 0,
            prefetch_factor=4 if args.workers > 0 else None,
            worker_init_fn=_one_thread,
        )

    if args.only in (None, "detector"):
        det = _start(Detector(), args.init, "dice_detector.pt")
        if args.init_onnx is not None:
            load_onnx_weights(det, args.init_onnx / DETECTOR_FILE)
        _train(
            det.to(device),
            loader(_Scenes(sampler, args.seed, rendered, args.render_share), args.batch),
            args.steps,
            args.minutes,
            lambda m, b: detector_loss(m.logits(_to_input(b[0])), b),
            device,
            "detector",
            3e-3 if args.init_onnx is None else 5e-4,
            args.out / "detector.ckpt",
            args.save_every,
            frozen_norms=args.init_onnx is not None,
        )
        _export(det, torch.zeros(1, 3, 256, 256), args.out / "dice_detector.onnx", True)
        torch.save(det.state_dict(), args.out / "dice_detector.pt")
    if args.only in (None, "reader"):
        lures_from = args.lures or (args.out if (args.out / DETECTOR_FILE).is_file() else None)
        if lures_from is not None:
            sampler.add_lures(Networks(lures_from, (DETECTOR_FILE,)))
            print(f"{len(sampler.lures)} places {lures_from} takes for dice where none is")
        reader = _start(Reader(), args.init, "die_reader.pt")
        if args.init_onnx is not None:
            load_onnx_weights(reader, args.init_onnx / READER_FILE)
        _train(
            reader.to(device),
            loader(_Crops(sampler, args.seed, rendered, args.reader_render_share), args.batch * 8),
            args.reader_steps,
            args.minutes,
            lambda m, b: F.cross_entropy(m.logits(_to_input(b[0])), b[1]),
            device,
            "reader",
            2e-3 if args.init_onnx is None else 2e-4,
            args.out / "reader.ckpt",
            args.save_every,
            frozen_norms=args.init_onnx is not None,
        )
        _export(reader, torch.zeros(1, 3, CROP, CROP), args.out / "die_reader.onnx", False)
        torch.save(reader.state_dict(), args.out / "die_reader.pt")
    print(f"trained in {time.monotonic() - started:.0f} s -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
