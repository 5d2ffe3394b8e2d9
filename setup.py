"""The package list, which pyproject.toml cannot say alone: the packages found under
missdice_desktop/ and vision/, plus resources/ shipped as missdice_desktop.resources
(mapped in pyproject.toml's package-dir). Everything else is in pyproject.toml."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["missdice_desktop*", "vision*"]),
        "missdice_desktop.resources",
    ]
)
