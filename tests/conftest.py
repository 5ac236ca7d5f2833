"""Fixtures the whole suite shares."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import forkserver
import pytest

ROOT = Path(__file__).resolve().parents[1]


def _shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder every pytest worker of this run sees: their temporary folders' parent."""
    own = tmp_path_factory.getbasetemp()
    folder = (own.parent if os.environ.get("PYTEST_XDIST_WORKER") else own) / "printed-once"
    folder.mkdir(exist_ok=True)
    return folder


def _printed_once(folder: Path, module: str, arguments: tuple[str, ...], *, launched: bool = False) -> str:
    """What ``python -m MODULE ARGUMENTS`` prints (it must exit 0), run by the first worker that asks;
    the others wait for it and read what it printed. ``launched``: a new interpreter's, not a
    process forked from the imports done (tests/forkserver.py)."""
    name = hashlib.sha256("\0".join((module, *arguments)).encode()).hexdigest()[:24]
    printed = folder / f"{name}.out"
    with (folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # another worker running the same command: its output is awaited
        if not printed.exists():
            run = (
                subprocess.run(
                    [sys.executable, "-m", module, *arguments],
                    check=False,
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    timeout=300,
                )
                if launched
                else forkserver.run(module, *arguments, cwd=ROOT, timeout=300)
            )
            assert run.returncode == 0, f"python -m {module} {' '.join(arguments)}: {run.stderr.strip()}"
            partial = printed.with_suffix(".partial")
            partial.write_text(run.stdout, encoding="utf-8")
            partial.rename(printed)
        return printed.read_text(encoding="utf-8")


@pytest.fixture(scope="session")
def solver_output(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., str]:
    """What ``python -m solver ARGUMENTS`` prints (it must exit 0), run once for the whole run: a
    command that tests in several workers quote runs in one of them and the others read what it printed."""
    folder = _shared_folder(tmp_path_factory)

    def output(*arguments: str) -> str:
        return _printed_once(folder, "solver", arguments)

    return output


@pytest.fixture(scope="session")
def bot_help(tmp_path_factory: pytest.TempPathFactory) -> str:
    """What ``python -m bot --help`` prints (it must exit 0), run once for the whole run: each run
    is a whole start of the bot's imports, and several tests read the same help."""
    return _printed_once(_shared_folder(tmp_path_factory), "bot", ("--help",), launched=True)


#: Where in each worker's share its tests that start bot processes end at the latest: the last
#: quarter, which runs last (and which the other workers take from when they run dry), holds none.
PROCESSES_WITHIN = 0.75


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Under ``--dist worksteal`` each of N workers starts with the next equal, contiguous share of
    the tests collected, and one that runs dry takes from the end of another's. The tests that
    start bot processes (marked ``process``, 5 to 30 s each) are dealt out evenly to the shares and
    spread over each share's first three quarters, among that share's other tests in file order:
    no worker is left running one while the others have finished, and none runs several in a row
    while a core idles."""
    workers = int(getattr(config, "workerinput", {}).get("workercount", 0))
    if workers < 2:
        return
    slow = [item for item in items if item.get_closest_marker("process")]
    rest = [item for item in items if not item.get_closest_marker("process")]
    ordered: list[pytest.Item] = []
    for worker in range(workers):
        size = (len(items) - len(ordered)) // (workers - worker)  # xdist's own split of what is left
        own_slow = slow[worker::workers]
        own_rest, rest = rest[: size - len(own_slow)], rest[size - len(own_slow) :]
        ordered += spread(own_slow, own_rest, PROCESSES_WITHIN)
    items[:] = ordered + rest


def spread(slow: list[pytest.Item], rest: list[pytest.Item], within: float) -> list[pytest.Item]:
    """``rest`` in its order with ``slow`` inserted at even steps over its first ``within``."""
    share = [*rest]
    step = within * len(rest) / max(len(slow), 1)
    for placed, item in enumerate(slow):
        share.insert(int(placed * step) + placed, item)
    return share
