"""Measures scenes per minute on one core for the three renderers the rendered scenes could come
from: this package's procedural renderer (numpy and OpenCV), Blender's Cycles (`bpy`) and
Mitsuba 3 (`mitsuba`), each making a translucent bevelled die on a plane at the training size.

Usage: python -m vision.training.compare_renderers [procedural|bpy|mitsuba] [--frames N]
    (bpy and mitsuba where installed: `pip install bpy mitsuba` in a venv of their own)
"""

from __future__ import annotations

import argparse
import time

import numpy as np

SIZE = 256


def procedural(frames: int) -> float:
    from vision.training.render import render_scene

    start = time.perf_counter()
    for i in range(frames):
        render_scene(np.random.default_rng([99, i]), SIZE, SIZE)
    return time.perf_counter() - start


def blender(frames: int) -> float:
    import bpy

    start = time.perf_counter()
    bpy.ops.wm.read_factory_settings(use_empty=True)
    scene = bpy.context.scene
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 16
    scene.render.threads_mode = "FIXED"
    scene.render.threads = 1
    scene.render.resolution_x = scene.render.resolution_y = SIZE
    bpy.ops.mesh.primitive_plane_add(size=10)
    bpy.ops.mesh.primitive_cube_add(size=1, location=(0, 0, 0.5))
    die = bpy.context.object
    bevel = die.modifiers.new("bevel", "BEVEL")
    bevel.width, bevel.segments = 0.08, 3
    glass = bpy.data.materials.new("die")
    glass.use_nodes = True
    bsdf = glass.node_tree.nodes["Principled BSDF"]
    bsdf.inputs["Base Color"].default_value = (0.8, 0.1, 0.1, 1)
    bsdf.inputs["Transmission Weight"].default_value = 0.8
    die.data.materials.append(glass)
    bpy.ops.object.light_add(type="AREA", location=(2, -2, 4))
    bpy.ops.object.camera_add(location=(0, -3, 3), rotation=(0.8, 0, 0))
    scene.camera = bpy.context.object
    scene.render.filepath = "/tmp/bpy_die.png"
    for i in range(frames):
        die.rotation_euler[2] = 0.3 * i
        bpy.ops.render.render(write_still=True)
    return time.perf_counter() - start


def mitsuba_(frames: int) -> float:
    import mitsuba as mi

    mi.set_variant("scalar_rgb")
    start = time.perf_counter()
    for i in range(frames):
        scene = mi.load_dict(
            {
                "type": "scene",
                "integrator": {"type": "path", "max_depth": 8},
                "sensor": {
                    "type": "perspective",
                    "to_world": mi.ScalarTransform4f().look_at(
                        origin=[0, -3, 3], target=[0, 0, 0.5], up=[0, 0, 1]
                    ),
                    "film": {"type": "hdrfilm", "width": SIZE, "height": SIZE},
                    "sampler": {"type": "independent", "sample_count": 16},
                },
                "light": {"type": "constant", "radiance": 0.8},
                "lamp": {"type": "point", "position": [2, -2, 4], "intensity": 40},
                "floor": {
                    "type": "rectangle",
                    "to_world": mi.ScalarTransform4f().scale(5),
                    "bsdf": {
                        "type": "diffuse",
                        "reflectance": {"type": "rgb", "value": [0.2, 0.5, 0.2]},
                    },
                },
                "die": {
                    "type": "cube",
                    "to_world": mi.ScalarTransform4f()
                    .translate([0, 0, 0.5])
                    .rotate([0, 0, 1], 17 * i)
                    .scale(0.5),
                    "bsdf": {"type": "roughdielectric", "alpha": 0.05, "int_ior": 1.5},
                },
            }
        )
        mi.render(scene)
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("renderer", choices=("procedural", "bpy", "mitsuba"))
    parser.add_argument("--frames", type=int, default=5)
    args = parser.parse_args(argv)
    run = {"procedural": procedural, "bpy": blender, "mitsuba": mitsuba_}[args.renderer]
    seconds = run(args.frames)
    print(
        f"{args.renderer}: {args.frames} frames of {SIZE}x{SIZE} in {seconds:.1f} s, "
        f"{args.frames / seconds * 60:.1f} a minute, first frame included"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
