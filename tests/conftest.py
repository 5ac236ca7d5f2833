"""Fixtures the whole suite shares."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def solver_output(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., str]:
    """What ``python -m solver ARGUMENTS`` prints (it must exit 0), run once for the whole run: the
    pytest workers of one run share a folder (their temporary folders' parent), so a command that
    tests in several workers quote runs in one of them and the others read what it printed."""
    own = tmp_path_factory.getbasetemp()
    shared = own.parent if os.environ.get("PYTEST_XDIST_WORKER") else own
    folder = shared / "solver-output"
    folder.mkdir(exist_ok=True)

    def output(*arguments: str) -> str:
        name = hashlib.sha256("\0".join(arguments).encode()).hexdigest()[:24]
        printed = folder / f"{name}.out"
        with (folder / f"{name}.lock").open("w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # another worker running the same command: its output is awaited
            if not printed.exists():
                run = subprocess.run(
                    [sys.executable, "-m", "solver", *arguments],
                    check=False,
                    cwd=ROOT,
                    capture_output=True,
                    text=True,
                    timeout=300,
                )
                assert run.returncode == 0, f"python -m solver {' '.join(arguments)}: {run.stderr.strip()}"
                partial = printed.with_suffix(".partial")
                partial.write_text(run.stdout, encoding="utf-8")
                partial.rename(printed)
            return printed.read_text(encoding="utf-8")

    return output
