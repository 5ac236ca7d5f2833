"""What the webhook side prints: secrets of any length blanked, a repeated fault logged once
per interval with a count."""

from __future__ import annotations

import logging

import pytest

from bot.runtime.cli import Redactor
from bot.runtime.webhook import RepeatedLog


def test_a_short_secret_is_blanked_where_it_stands_alone() -> None:
    redact = Redactor(["Zq7x", "a-long-secret-token"])
    line = "setWebhook `{'secret_token': 'Zq7x'}` header Zq7x; a-long-secret-token; Zq7xyz bZq7x"
    assert redact(line) == "setWebhook `{'secret_token': '<secret>'}` header <secret>; <secret>; Zq7xyz bZq7x"


def test_a_one_character_secret_is_blanked_too() -> None:
    assert Redactor(["k"])("secret_token='k' kept") == "secret_token='<secret>' kept"


def test_a_repeated_fault_is_one_line_per_interval_with_a_count(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("test.repeated")
    repeated = RepeatedLog(logger, logging.WARNING, every=3600)
    with caplog.at_level(logging.WARNING, logger="test.repeated"):
        for _ in range(1000):
            repeated("refused a body: %s", "bad JSON")
    assert [r.getMessage() for r in caplog.records] == ["refused a body: bad JSON"]
    repeated.every = 0.0  # the interval has passed
    with caplog.at_level(logging.WARNING, logger="test.repeated"):
        repeated("refused a body: %s", "bad JSON")
    assert caplog.records[-1].getMessage() == "refused a body: bad JSON (1000 times in the last 0 s)"
