"""The tests' stand-in for the Telegram Bot API: the console's local API
(:mod:`bot.runtime.local_api`) with what a test needs on top: Telegram's faults injected on
demand (429s, 5xx, hangs, dropped connections, calls done but unanswered), chats that blocked or
removed the bot or moved, updates redelivered, and a record of every poll, refusal and hand-out.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict, deque
from enum import StrEnum
from typing import Any

from aiohttp import web

from bot.runtime.local_api import BOT_USER, FAKE_TOKEN, Call, LocalBotApi, error_response, user_body

__all__ = ["BOT_USER", "FAKE_TOKEN", "PASSING_FAULTS", "BotApiStandin", "Call", "Fault"]


class Fault(StrEnum):
    """What the stand-in can answer instead of doing a call, as Telegram sometimes does."""

    RETRY_AFTER = "429"  # Too Many Requests, with parameters.retry_after
    SERVER_ERROR = "500"
    BAD_GATEWAY = "502"
    HANG = "hang"  # answer nothing until the client gives up (or the stand-in stops)
    DROP = "drop"  # close the connection without an answer
    UNAUTHORIZED = "401"  # the token was revoked
    NOT_FOUND = "404"  # what Telegram answers a malformed token or a wrong base URL
    DELIVERED = "delivered"  # do the call, then drop the connection: done, but the bot never hears so


#: The faults a retry gets past (the others are refusals, or a call done but unanswered).
PASSING_FAULTS = (Fault.RETRY_AFTER, Fault.SERVER_ERROR, Fault.BAD_GATEWAY, Fault.HANG, Fault.DROP)

BLOCKED = "Forbidden: bot was blocked by the user"
KICKED = "Forbidden: bot was kicked from the supergroup chat"
MIGRATED = "Bad Request: group chat was upgraded to a supergroup chat"

#: The faults that are an HTTP error status, with Telegram's description.
_ERRORS = {
    Fault.SERVER_ERROR: "Internal Server Error",
    Fault.BAD_GATEWAY: "Bad Gateway",
    Fault.UNAUTHORIZED: "Unauthorized",
    Fault.NOT_FOUND: "Not Found",
}


class BotApiStandin(LocalBotApi):
    """The local Bot API, with faults a test injects and a record of what the bot did."""

    def __init__(self) -> None:
        super().__init__()
        self._pushed: dict[int, dict[str, Any]] = {}  # every update ever pushed, by id
        self.faults: defaultdict[str, deque[tuple[Fault, int]]] = defaultdict(deque)
        self.blocked: set[int] = set()  # chats whose user blocked the bot: every call answers 403
        self.kicked: set[int] = set()  # groups the bot was removed from: every call answers 403
        self.migrated: dict[int, int] = {}  # groups upgraded to a supergroup -> its id: calls answer 400
        self.refused: list[tuple[Call, str]] = []  # calls answered with a fault, and which
        self.handed_out: dict[int, float] = {}  # update id -> when getUpdates gave it to the bot
        self.webhook: dict[str, Any] = {}
        self.polls: list[dict[str, Any]] = []  # the parameters of every getUpdates call
        self._stopping = asyncio.Event()
        self._unhang = asyncio.Event()
        self._confirming: int | None = None  # hang_the_confirmation's update

    async def stop(self) -> None:
        self._stopping.set()
        await super().stop()

    # -- faults ----------------------------------------------------------

    def inject(self, method: str, fault: Fault, times: int = 1, retry_after: int = 1) -> None:
        """Answer the next ``times`` calls of ``method`` with ``fault`` instead of doing them."""
        for _ in range(times):
            self.faults[method].append((fault, retry_after))

    def hang_the_confirmation(self, update_id: int) -> None:
        """The first getUpdates that would confirm ``update_id`` (its offset past it) hangs, so
        Telegram keeps the update to hand out again; a poll that only waits for it is answered."""
        self._confirming = update_id

    def end_hangs(self) -> None:
        """Answer every hanging call (and any later one) at once with a 504."""
        self._unhang.set()

    def hangs_again(self) -> None:
        """From now on an injected hang hangs again (after :meth:`end_hangs`)."""
        self._unhang.clear()

    def block(self, chat_id: int) -> None:
        """The user of this private chat blocks the bot: every call for the chat answers 403."""
        self.blocked.add(chat_id)

    def kick(self, chat_id: int) -> None:
        """The bot is removed from this group: every call for the chat answers 403, as Telegram's."""
        self.kicked.add(chat_id)

    def migrate(self, old: int, new: int) -> None:
        """The group becomes a supergroup: every call for ``old`` answers 400 with ``migrate_to_chat_id``."""
        self.migrated[old] = new

    async def _refusal(self, request: web.Request, method: str, params: dict[str, Any]) -> web.Response | None:
        if (
            method == "getUpdates"
            and self._confirming is not None
            and int(params.get("offset") or 0) > self._confirming
        ):
            self._confirming = None
            self.faults[method].appendleft((Fault.HANG, 0))  # this very call
        if method == "getUpdates" and not self.faults.get(method):
            return None
        return await self._fault(request, Call(method, params))

    async def _fault(self, request: web.Request, call: Call) -> web.Response | None:
        """The injected answer for this call, if one is due; None to do the call."""
        refused = self._chat_refused(call)
        if refused is not None:
            return refused
        queued = self.faults.get(call.method)
        if not queued or queued[0][0] is Fault.DELIVERED:  # that one: the call is done, then dropped
            return None
        fault, retry_after = queued.popleft()
        if fault is Fault.RETRY_AFTER:
            body = {
                "ok": False,
                "error_code": 429,
                "description": f"Too Many Requests: retry after {retry_after}",
                "parameters": {"retry_after": retry_after},
            }
            return self._refuse(call, fault, web.json_response(body, status=429))
        if fault in _ERRORS:
            return self._refuse(call, fault, error_response(int(fault.value), _ERRORS[fault]))
        self._refuse(call, fault, None)
        if fault is Fault.HANG:
            ends = [asyncio.ensure_future(event.wait()) for event in (self._stopping, self._unhang)]
            await asyncio.wait(ends, timeout=60, return_when=asyncio.FIRST_COMPLETED)
            for end in ends:
                end.cancel()
            return error_response(504, "Gateway Timeout")
        assert request.transport is not None
        request.transport.close()  # Fault.DROP
        return web.Response()

    def _chat_refused(self, call: Call) -> web.Response | None:
        """Telegram's answer for a chat that blocked the bot, removed it, or moved; None for others."""
        if call.chat_id in self.blocked:
            return self._refuse(call, "403", error_response(403, BLOCKED))
        if call.chat_id in self.kicked:
            return self._refuse(call, "403", error_response(403, KICKED))
        if call.chat_id is not None and call.chat_id in self.migrated:
            body = {
                "ok": False,
                "error_code": 400,
                "description": MIGRATED,
                "parameters": {"migrate_to_chat_id": self.migrated[call.chat_id]},
            }
            return self._refuse(call, "400", web.json_response(body, status=400))
        return None

    def _refuse(self, call: Call, fault: str, answer: web.Response | None) -> web.Response | None:
        self.refused.append((call, fault))
        return answer

    def _dropped_after(self, method: str, request: web.Request) -> bool:
        """A ``Fault.DELIVERED`` due for this method: the call was done; close the connection unanswered."""
        queued = self.faults.get(method)
        if not queued or queued[0][0] is not Fault.DELIVERED:
            return False
        queued.popleft()
        self.refused.append((Call(method, {}), Fault.DELIVERED))
        assert request.transport is not None
        request.transport.close()
        return True

    # -- what people do -------------------------------------------------

    def push_inline(self, user_id: int, query: str = "", language_code: str = "ru") -> int:
        """What the user types after the bot's @name in any chat (the Share button starts it empty)."""
        inline = {
            "id": str(next(self._update_ids) * 1000),
            "from": user_body(user_id, language_code),
            "query": query,
            "offset": "",
        }
        return self._push({"inline_query": inline})

    def pending(self) -> int:
        """Updates not yet confirmed by the bot (handed out or not)."""
        return len(self._updates)

    def push_raw(self, body: dict[str, Any]) -> int:
        """Any update body (its id is added): what Telegram might send that the bot cannot read."""
        return self._push(body)

    def redeliver(self, update_id: int) -> None:
        """Hand an update out again, as Telegram does with one whose confirmation never came."""
        self._updates.append(self._pushed[update_id])
        self._updates.sort(key=lambda update: int(update["update_id"]))
        self._arrived.set()

    def _push(self, body: dict[str, Any]) -> int:
        update_id = super()._push(body)
        self._pushed[update_id] = self._updates[-1]
        return update_id

    # -- the Bot API, recorded --------------------------------------------

    async def _get_updates(self, params: dict[str, Any]) -> object:
        batch = await super()._get_updates(params)
        assert isinstance(batch, list)
        now = time.perf_counter()
        for update in batch:
            self.handed_out.setdefault(update["update_id"], now)
        self.polls.append(params)
        return batch

    async def _set_webhook(self, params: dict[str, Any]) -> object:
        self.webhook = params
        return True
