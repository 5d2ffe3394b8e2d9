"""The package list, which pyproject.toml cannot say alone: the packages found under
missdice_desktop/ and vision/ (but vision.training, which needs PyTorch), plus resources/
shipped as missdice_desktop.resources (mapped in pyproject.toml's package-dir) with its data
folders whose names Python could import (grids, translations…). Everything else is in
pyproject.toml."""

from setuptools import find_namespace_packages, find_packages, setup

setup(
    packages=[
        *find_packages(include=["missdice_desktop*", "vision*"], exclude=["vision.training"]),
        "missdice_desktop.resources",
        *(
            f"missdice_desktop.resources.{name}"
            for name in find_namespace_packages(where="resources", exclude=["*.*"])
            if name != "__pycache__"
        ),
    ]
)
