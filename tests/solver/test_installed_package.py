"""The word lists ship as package data: a wheel of this project, installed outside the repository,
gives a solver that reads its lists from where it is installed, not from a checkout.

The wheel is built from a copy of the sources (so no build output lands in the repository) and
installed with ``--no-deps --no-index`` into a folder of its own, which the test puts first on the
path of a Python started in an empty folder; the project's dependencies (numpy) come from the
running environment. Only the build backend pyproject.toml names (setuptools) is taken from pip's
configured index or cache, as for ``make``'s own install of the project."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Run by the installed copy: where the solver was imported from, and what it read.
PROBE = """
import solver, solver.words, solver.wordle
from solver.words import LANGUAGES, Tier
from solver.wordle import TREE_FILE, default_words
print(solver.__file__)
print(solver.words.DATA_DIR)
print(len(LANGUAGES["ru"].words(Tier.COMMON)), len(LANGUAGES["en"].words(Tier.FULL)), len(default_words()))
print(TREE_FILE.is_file())
"""


def _copy_sources(into: Path) -> Path:
    """The files a build reads, without caches or build output."""
    source = into / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    for package in ("solver", "bot"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    return source


def _pip(*args: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pip", *args, "--quiet", "--disable-pip-version-check", "--no-input"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_an_installed_wheel_reads_its_word_lists_without_the_repository(tmp_path: Path) -> None:
    source = _copy_sources(tmp_path)
    wheels, site, elsewhere = tmp_path / "wheels", tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    _pip("wheel", "--no-deps", "--wheel-dir", str(wheels), str(source))
    (wheel,) = wheels.glob("bukvoed-*.whl")
    _pip("install", "--no-deps", "--no-index", "--target", str(site), str(wheel))
    shutil.rmtree(source)  # nothing may be read from the sources the wheel was built from

    env = {**os.environ, "PYTHONPATH": str(site)}
    ran = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120, check=False
    )

    assert ran.returncode == 0, ran.stderr
    module, data_dir, counts, tree = ran.stdout.splitlines()
    assert Path(module).is_relative_to(site)  # the installed copy, not the repository's
    assert Path(data_dir) == site / "solver" / "data"
    russian_common, english_full, wordle_words = map(int, counts.split())
    assert russian_common > 10_000 and english_full > 100_000 and wordle_words > 3_000
    assert tree == "True"
