"""The bot's HTTP client for the Bot API: aiohttp instead of PTB's default httpx.

Measured with ``benchmarks/bench_bot_load.py``: under load, httpx/httpcore spends
most of the bot's CPU on its connection pool (it re-checks every pooled
connection for every request), which capped the bot near 100 updates/s on two
cores. aiohttp's pool costs a fraction of that per call. Faults map onto PTB's
errors exactly as with httpx: a timeout is ``TimedOut``, any other failure to
talk to the server is ``NetworkError``, so retries and the error handler see
the same exceptions.

Parameters travel as one JSON body (the Bot API takes ``application/json``):
aiohttp's form encoding builds a multipart writer and URL-quotes every value
for each call, which the profile showed as a tenth of the bot's CPU.
"""

from __future__ import annotations

import json

import aiohttp
from telegram._utils.defaultvalue import DefaultValue
from telegram._utils.types import ODVInput
from telegram.error import NetworkError, TimedOut
from telegram.request import BaseRequest, RequestData

JSON_BODY = {"Content-Type": "application/json"}


class AiohttpRequest(BaseRequest):
    """Bot API calls over one aiohttp session with at most ``connections`` open at once."""

    def __init__(self, connections: int, timeout: float) -> None:
        self.connections = connections
        self.timeout = timeout
        self._session: aiohttp.ClientSession | None = None

    @property
    def read_timeout(self) -> float | None:
        return self.timeout

    async def initialize(self) -> None:
        if self._session is None or self._session.closed:
            connector = aiohttp.TCPConnector(limit=self.connections)
            self._session = aiohttp.ClientSession(connector=connector, headers={"User-Agent": self.USER_AGENT})

    async def shutdown(self) -> None:
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def do_request(  # noqa: PLR0917 (the signature is PTB's)
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        write_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        connect_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
        pool_timeout: ODVInput[float] = BaseRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        if self._session is None:
            raise RuntimeError("AiohttpRequest is not initialized")
        if request_data is not None and request_data.contains_files:
            raise NetworkError("this bot sends no files; AiohttpRequest does not upload them")
        timeout = aiohttp.ClientTimeout(
            total=None,
            connect=_seconds(pool_timeout, self.timeout) + _seconds(connect_timeout, self.timeout),
            sock_read=_seconds(read_timeout, self.timeout),
        )
        body = json.dumps(request_data.parameters).encode() if request_data and request_data.parameters else None
        headers = JSON_BODY if body is not None else None
        try:
            async with self._session.request(method, url, data=body, headers=headers, timeout=timeout) as response:
                return response.status, await response.read()
        except TimeoutError as error:
            raise TimedOut from error
        except aiohttp.ClientError as error:
            raise NetworkError(f"aiohttp.{type(error).__name__}: {error}") from error


def _seconds(value: ODVInput[float], default: float) -> float:
    """A timeout PTB passed, or ours when it passed none."""
    if isinstance(value, DefaultValue) or value is None:
        return default
    return float(value)
