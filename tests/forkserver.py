"""``python -m bot`` and ``python -m solver`` as processes of their own, forked from one that has
already imported them.

Some 60 tests start the bot as a process of its own (to kill it, restart it, run several at once),
and each start is an interpreter's start and the bot's imports first: about 0.9 s of CPU, the same
every time, and the largest part of the suite's CPU. A fork server pays it once per pytest worker:
it imports the bot and the solver's command line, then forks a child for each start, which runs the
module as ``python -m`` does (``runpy``, as ``__main__``, with its own arguments, environment,
working folder and standard streams) and ends as that interpreter ends, its atexit work and
threads' joins included. The child is a process of its own: it has its pid for signals and
SIGKILL, and its exit status comes back to the test through the server, which reaps it.

What this does not check is the start itself: the interpreter reading the bot from disk, the
imports, the command line's first steps. The tests that are about those (``python -m bot
--help``, the settings read at start, the modules a bot on SQLite loads, the installed package,
the benchmarks' launch) start ``python -m`` themselves.

``start()`` is for asyncio tests and returns what ``asyncio.create_subprocess_exec`` does, as far
as the tests use it; ``run()`` is ``subprocess.run`` with the output captured.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import gc
import importlib
import json
import os
import runpy
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]

#: What the server imports before it forks: the bot (``python -m bot``'s own module, which sets what
#: NumPy reads at import first) and the solver's command line. Each ``__main__`` is then forgotten,
#: as ``python -m`` has not imported it when it runs it.
PRELOAD = ("bot.__main__", "solver.cli")

#: The environment the server starts in: what the tests give every bot process (bot_harness.bot_env)
#: that is read at the interpreter's start, not later (and PYTHONPATH, the repository).
_START_ENVIRONMENT = ("PATH", "PYTHONPYCACHEPREFIX")


# ------------------------------------------------------------------------------------- the server


@dataclass
class _Request:
    """One start: ``python -m module args…`` in ``cwd`` with ``env``, on the streams in ``fds``."""

    module: str
    args: list[str]
    cwd: str
    env: dict[str, str]
    fds: list[int]


def _receive(connection: socket.socket) -> _Request:
    message, fds, _, _ = socket.recv_fds(connection, 1 << 16, 3)
    while not message.endswith(b"\n"):
        more = connection.recv(1 << 16)
        if not more:
            raise EOFError("the request was cut short")
        message += more
    fields = json.loads(message)
    return _Request(fields["module"], fields["args"], fields["cwd"], fields["env"], list(fds))


def _reap(running: dict[int, socket.socket]) -> None:
    """Tell each ended child's client its exit status (``-N`` for signal N, as subprocess says)."""
    while running:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        connection = running.pop(pid)
        with contextlib.suppress(OSError):  # the test went away without waiting
            connection.sendall(b"%d\n" % os.waitstatus_to_exitcode(status))
        connection.close()


def _serve(path: str) -> _Request | None:
    """Fork a child per request until stdin closes (the pytest worker ended); returns in each child
    with its request, and None in the server once it is told to end (its children killed)."""
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    listener.listen(64)
    woken, wake = os.pipe()
    os.set_blocking(woken, False)
    os.set_blocking(wake, False)
    signal.set_wakeup_fd(wake)
    signal.signal(signal.SIGCHLD, lambda *_: None)  # a handler, so the wake-up byte is written
    running: dict[int, socket.socket] = {}
    sys.stdout.write("ready\n")
    sys.stdout.flush()
    with selectors.DefaultSelector() as selector:
        selector.register(listener, selectors.EVENT_READ)
        selector.register(woken, selectors.EVENT_READ)
        selector.register(sys.stdin, selectors.EVENT_READ)
        while True:
            for key, _ in selector.select():
                if key.fileobj is listener:
                    connection, _ = listener.accept()
                    request = _receive(connection)
                    pid = os.fork()
                    if pid == 0:
                        signal.set_wakeup_fd(-1)
                        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                        for held in (listener, connection, *running.values()):
                            held.close()
                        return request
                    for fd in request.fds:
                        os.close(fd)
                    connection.sendall(b"%d\n" % pid)
                    running[pid] = connection
                elif key.fileobj == woken:
                    while True:
                        try:
                            os.read(woken, 512)
                        except BlockingIOError:
                            break
                    _reap(running)
                elif not os.read(sys.stdin.fileno(), 512):
                    for pid in running:
                        os.kill(pid, signal.SIGKILL)
                    return None


def _run(request: _Request) -> None:
    """In the child: become ``python -m module args…`` and run it as ``__main__``."""
    for target, fd in enumerate(request.fds):
        os.dup2(fd, target)
    os.closerange(3, os.sysconf("SC_OPEN_MAX"))  # as subprocess's close_fds: only the three streams
    os.chdir(request.cwd)
    os.environ.clear()
    os.environ.update(request.env)
    sys.argv = ["-m", *request.args]
    sys.path[0] = request.cwd  # what ``-m`` puts first
    runpy.run_module(request.module, run_name="__main__", alter_sys=True)


def _main() -> None:
    path = sys.argv[1]
    for name in PRELOAD:
        importlib.import_module(name)
        if name.endswith(".__main__"):
            package, _ = name.rsplit(".", 1)
            del sys.modules[name]
            delattr(sys.modules[package], "__main__")
    if threading.active_count() != 1:
        raise RuntimeError("an import started a thread: a fork would copy it half-way")
    gc.freeze()
    request = _serve(path)
    if request is not None:
        _run(request)


# ------------------------------------------------------------------------------------- the client


class _Server:
    """This pytest worker's fork server, started on first use, ended with the worker."""

    _process: subprocess.Popen[bytes] | None = None
    _path = ""

    @classmethod
    def path(cls) -> str:
        if cls._process is None or cls._process.poll() is not None:
            folder = tempfile.mkdtemp(prefix="bukvoed-forks-")
            cls._path = os.path.join(folder, "socket")
            env = {name: os.environ[name] for name in _START_ENVIRONMENT if name in os.environ}
            cls._process = subprocess.Popen(
                [sys.executable, __file__, cls._path],
                env=env | {"PYTHONPATH": str(ROOT)},
                cwd=ROOT,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
            assert cls._process.stdout is not None
            if cls._process.stdout.readline() != b"ready\n":
                raise RuntimeError("the fork server did not start")
            atexit.register(cls._end, cls._process, folder)
        return cls._path

    @staticmethod
    def _end(process: subprocess.Popen[bytes], folder: str) -> None:
        assert process.stdin is not None
        process.stdin.close()
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def _fork(
    module: str, args: tuple[str, ...], cwd: str | os.PathLike[str], env: Mapping[str, str], *, out: int, err: int
) -> tuple[int, socket.socket]:
    """Ask the server for a child with an empty stdin and ``out`` and ``err`` for its stdout and
    stderr; its pid, and the connection its exit status will come on."""
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.connect(_Server.path())
    message = json.dumps({"module": module, "args": list(args), "cwd": os.fspath(cwd), "env": dict(env)})
    empty = os.open(os.devnull, os.O_RDONLY)
    try:
        socket.send_fds(connection, [message.encode() + b"\n"], [empty, out, err])
    finally:
        os.close(empty)
    reply = connection.makefile("rb").readline()
    if not reply:
        raise RuntimeError("the fork server did not start the process")
    return int(reply), connection


def _stream(choice: int | IO[Any] | None, default: int) -> tuple[int, int | None, bool]:
    """The fd a child gets for one stream, our end of its pipe (for ``subprocess.PIPE``), and
    whether that fd was opened here (to close once it is handed over)."""
    if choice is None:
        return default, None, False
    if choice == subprocess.DEVNULL:
        return os.open(os.devnull, os.O_RDWR), None, True
    if choice == subprocess.PIPE:
        ours, theirs = os.pipe()
        return theirs, ours, True
    if isinstance(choice, int):
        return choice, None, False
    return choice.fileno(), None, False


class Forked:
    """A forked ``python -m`` process, with what the tests use of ``asyncio.subprocess.Process``."""

    def __init__(self, pid: int, connection: socket.socket, stderr: asyncio.StreamReader | None) -> None:
        self.pid = pid
        self.stderr = stderr
        self.returncode: int | None = None
        self._connection = connection
        loop = asyncio.get_running_loop()
        self._ended: asyncio.Future[int] = loop.create_future()
        connection.setblocking(False)
        loop.add_reader(connection.fileno(), self._read_status)

    def _read_status(self) -> None:
        try:
            data = self._connection.recv(64)
        except BlockingIOError:
            return
        asyncio.get_running_loop().remove_reader(self._connection.fileno())
        self._connection.close()
        if not data:
            self._ended.set_exception(RuntimeError("the fork server went away"))
            return
        self.returncode = int(data)
        self._ended.set_result(self.returncode)

    async def wait(self) -> int:
        return await asyncio.shield(self._ended)

    async def communicate(self) -> tuple[None, bytes | None]:
        err = await self.stderr.read() if self.stderr is not None else None
        await self.wait()
        return None, err

    def send_signal(self, number: int) -> None:
        if self.returncode is not None:
            raise ProcessLookupError(self.pid)
        with contextlib.suppress(ProcessLookupError):  # ended; its status is on its way
            os.kill(self.pid, number)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)


async def start(
    module: str,
    *args: str,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str],
    stderr: int | IO[Any] | None = None,
) -> Forked:
    """``asyncio.create_subprocess_exec(sys.executable, "-m", module, *args, …)``, forked: stdin is
    empty, stdout this process's, stderr as asked (``subprocess.PIPE``, ``DEVNULL``, a file, or ours)."""
    child_err, ours, opened = _stream(stderr, 2)
    try:
        pid, connection = _fork(module, args, cwd or os.getcwd(), env, out=1, err=child_err)
    finally:
        if opened:
            os.close(child_err)
    reader = None
    if ours is not None:
        reader = asyncio.StreamReader()
        await asyncio.get_running_loop().connect_read_pipe(
            lambda: asyncio.StreamReaderProtocol(reader), os.fdopen(ours, "rb", 0)
        )
    return Forked(pid, connection, reader)


def run(
    module: str,
    *args: str,
    cwd: str | os.PathLike[str],
    timeout: float,
    env: Mapping[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True)``, forked,
    with ``env`` (this process's environment by default)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        pid, connection = _fork(
            module, args, cwd, os.environ if env is None else env, out=out.fileno(), err=err.fileno()
        )
        connection.settimeout(timeout)
        try:
            status = connection.makefile("rb").readline()
        except TimeoutError:
            os.kill(pid, signal.SIGKILL)
            raise subprocess.TimeoutExpired([module, *args], timeout) from None
        finally:
            connection.close()
        out.seek(0)
        err.seek(0)
        return subprocess.CompletedProcess(
            [sys.executable, "-m", module, *args], int(status), out.read().decode(), err.read().decode()
        )


if __name__ == "__main__":
    _main()
