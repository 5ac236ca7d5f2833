"""docker-compose.yml's ``postgres`` profile: PostgreSQL, bot replicas on it behind a reverse proxy."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_the_postgres_profile_runs_replicas_on_one_database_behind_a_proxy() -> None:
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    services = compose["services"]
    assert "profiles" not in services["bot"]  # plain `docker compose up` is the SQLite bot, as before
    for name in ("postgres", "bot-replica", "proxy"):
        assert services[name]["profiles"] == ["postgres"]
    replica = services["bot-replica"]
    assert (
        replica["environment"]["DATABASE_URL"].startswith("postgresql://")
        and "@postgres:5432/" in (replica["environment"]["DATABASE_URL"])
    )
    assert replica["environment"]["WEBHOOK_LISTEN"] == "0.0.0.0"
    assert replica["deploy"]["replicas"] >= 2
    assert replica["depends_on"]["postgres"]["condition"] == "service_healthy"
    caddyfile = (ROOT / "deploy" / "Caddyfile").read_text(encoding="utf-8")
    assert "dynamic a bot-replica 8443" in caddyfile
    assert replica["environment"]["WEBHOOK_URL"].endswith("/telegram") and "handle /telegram" in caddyfile
