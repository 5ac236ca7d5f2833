"""The deployment files say each setting once, and Docker's webhook set-up can be reached."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def test_env_example_sets_each_setting_once() -> None:
    names = [
        line.split("=", 1)[0]
        for line in (ROOT / ".env.example").read_text(encoding="utf-8").splitlines()
        if "=" in line and not line.startswith("#")
    ]
    assert [name for name, times in Counter(names).items() if times > 1] == []


def test_compose_listens_beyond_the_container_and_publishes_the_webhook_port() -> None:
    """Inside a container 127.0.0.1 is the container itself: the webhook server must listen on
    every interface there, and its port must be published (on the host's loopback, for a TLS proxy)."""
    service = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))["services"]["bot"]
    assert service["environment"]["WEBHOOK_LISTEN"] == "0.0.0.0"
    port = "${WEBHOOK_PORT:-8443}"  # Compose reads WEBHOOK_PORT from the same .env
    assert service["ports"] == [f"127.0.0.1:{port}:{port}"]
