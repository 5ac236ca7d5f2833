"""The Telegram Bot API on 127.0.0.1, for ``python -m bot --console``: the console plays a chat
against the very same Application with no token and no network, so it needs a Bot API at run
time, and this is it.

It speaks just enough of the Bot API for this bot: it hands out the updates pushed into it by
long polling, keeps the messages the bot sends (so they can be edited), and records every call
and tells its listeners, so the console can print it. The tests' stand-in
(``tests/bot/standin.py``) is this with Telegram's faults on top.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

BOT_ID = 7000001
BOT_USER = {"id": BOT_ID, "is_bot": True, "first_name": "Bukvoed", "username": "bukvoed_bot"}
#: A token of the right shape for the local API, which accepts any token.
FAKE_TOKEN = f"{BOT_ID}:standin-token-for-local-use-only-0000"

_JSON_FIELDS = {"reply_markup", "commands", "allowed_updates", "scope", "entities", "link_preview_options"}
_INT_FIELDS = {"chat_id", "message_id", "offset", "limit", "timeout", "cache_time"}


@dataclass
class Call:
    """One request the bot made, and what the local API answered."""

    method: str
    params: dict[str, Any]
    result: Any = None

    @property
    def chat_id(self) -> int | None:
        value = self.params.get("chat_id")
        return int(value) if value is not None else None

    @property
    def text(self) -> str:
        return str(self.params.get("text", ""))

    @property
    def message_id(self) -> int | None:
        """The message this call sent or changed."""
        if isinstance(self.result, dict) and "message_id" in self.result:
            return int(self.result["message_id"])
        value = self.params.get("message_id")
        return int(value) if value is not None else None

    @property
    def buttons(self) -> list[list[dict[str, Any]]]:
        markup = self.params.get("reply_markup") or {}
        rows: list[list[dict[str, Any]]] = markup.get("inline_keyboard", []) if isinstance(markup, dict) else []
        return rows


class LocalBotApi:
    """The Bot API on a local port; start it, point the bot's base URL at :attr:`base_url`."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], dict[str, Any]] = {}
        self.listeners: list[Callable[[Call], None]] = []
        self._updates: list[dict[str, Any]] = []
        self._arrived = asyncio.Event()
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self.hurry = False  # answer long polls at once (set while a bot shuts down)
        self.admins: dict[int, set[int]] = {}  # group chat id -> its administrators' user ids
        self.base_url = ""
        self._api = {
            "getMe": self._get_me,
            "getUpdates": self._get_updates,
            "sendMessage": self._send_message,
            "sendPhoto": self._send_photo,
            "editMessageText": self._edit_message_text,
            "editMessageReplyMarkup": self._edit_message_reply_markup,
            "answerCallbackQuery": self._answer_callback_query,
            "answerInlineQuery": self._answer_inline_query,
            "setMyCommands": self._set_my_commands,
            "deleteWebhook": self._delete_webhook,
            "getWebhookInfo": self._get_webhook_info,
            "sendChatAction": self._send_chat_action,
            "setWebhook": self._set_webhook,
            "close": self._close,
            "getChatMember": self._get_chat_member,
        }

    # -- lifecycle ---------------------------------------------------------

    async def start(self, port: int = 0) -> str:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", port)
        await site.start()
        bound = self._runner.addresses[0][1]
        self.base_url = f"http://127.0.0.1:{bound}/bot"
        return self.base_url

    def release_pollers(self) -> None:
        """Answer every waiting and future long poll at once, so a stopping bot need not wait."""
        self.hurry = True
        self._arrived.set()

    async def stop(self) -> None:
        self.release_pollers()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # -- what people do -------------------------------------------------

    def push_message(
        self, user_id: int, text: str | None = None, language_code: str = "ru", sticker: bool = False
    ) -> int:
        """A private message from a user (a sticker when ``sticker``); returns the update id."""
        return self._push(self.message_update(user_id, text, language_code, sticker))

    def message_update(
        self, user_id: int, text: str | None = None, language_code: str = "ru", sticker: bool = False
    ) -> dict[str, Any]:
        """The body of an update with a private message, without queueing it (for webhook posts)."""
        message: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": {"id": user_id, "type": "private", "first_name": "Player"},
            "from": user_body(user_id, language_code),
        }
        if sticker:
            message["sticker"] = {
                "file_id": "sticker-1",
                "file_unique_id": "s1",
                "type": "regular",
                "width": 512,
                "height": 512,
                "is_animated": False,
                "is_video": False,
            }
        else:
            message["text"] = text or ""
            if message["text"].startswith("/"):
                command = message["text"].split()[0]
                message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(command)}]
        return {"message": message}

    def push_callback(self, user_id: int, message_id: int, data: str, language_code: str = "ru") -> int:
        """A tap on an inline button under one of the bot's messages."""
        message = self.messages.get(
            (user_id, message_id),
            {
                "message_id": message_id,
                "date": int(time.time()),
                "chat": {"id": user_id, "type": "private"},
                "from": BOT_USER,
                "text": "?",
            },
        )
        query = {
            "id": str(next(self._update_ids) * 1000),
            "from": user_body(user_id, language_code),
            "chat_instance": str(user_id),
            "message": message,
            "data": data,
        }
        return self._push({"callback_query": query})

    def push_update(self, body: dict[str, Any]) -> int:
        """Any update's body (its id is added): the console's group messages and taps, and the
        inline query a Share button starts."""
        return self._push(body)

    def number_updates_from(self, first: int) -> None:
        """Number the next updates from ``first``, as Telegram may after a week without any:
        it then picks the next id at random, which may be lower than every id before."""
        self._update_ids = itertools.count(first)

    def _push(self, body: dict[str, Any]) -> int:
        update_id = next(self._update_ids)
        self._updates.append({"update_id": update_id, **body})
        self._arrived.set()
        return update_id

    # -- the Bot API ------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        method = request.match_info["method"]
        try:
            params = await _params(request)
        except ConnectionResetError:  # the bot went away (stopped, killed) while it sent the call
            return web.Response()  # no one is left to read it
        refusal = await self._refusal(request, method, params)
        if refusal is not None:
            return refusal
        handler = self._api.get(method)
        result = (
            error_response(404, f"Not Found: {method} is not in the local API")
            if handler is None
            else await handler(params)
        )
        if method != "getUpdates":
            call = Call(method, params, None if isinstance(result, web.Response) else result)
            self.calls.append(call)
            for listener in self.listeners:
                listener(call)
        if self._dropped_after(method, request):
            return web.Response()
        if isinstance(result, web.Response):
            return result
        return web.json_response({"ok": True, "result": result})

    async def _refusal(self, request: web.Request, method: str, params: dict[str, Any]) -> web.Response | None:
        """What to answer instead of doing the call; None (always, here) to do it. The tests'
        stand-in answers Telegram's faults here."""
        return None

    def _dropped_after(self, method: str, request: web.Request) -> bool:
        """Whether the call, done, goes unanswered (the connection closed); never, here."""
        return False

    async def _get_me(self, params: dict[str, Any]) -> object:
        return BOT_USER | {
            "can_join_groups": False,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def _get_updates(self, params: dict[str, Any]) -> object:
        offset = int(params.get("offset") or 0)
        self._updates = [u for u in self._updates if u["update_id"] >= offset]
        if not self._updates and not self.hurry:
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), timeout=float(params.get("timeout") or 0))
            except TimeoutError:
                return []
        limit = int(params.get("limit") or 100)
        return [u for u in self._updates if u["update_id"] >= offset][:limit]

    async def _send_message(self, params: dict[str, Any]) -> object:
        chat_id = int(params["chat_id"])
        message: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private"},
            "from": BOT_USER,
            "text": str(params.get("text", "")),
        }
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        self.messages[(chat_id, message["message_id"])] = message
        return message

    async def _send_photo(self, params: dict[str, Any]) -> object:
        """A picture: its bytes are kept in the call's params (``photo`` as bytes) for tests to open."""
        chat_id = int(params["chat_id"])
        photo = params.get("photo")
        if not isinstance(photo, bytes) or not photo:
            return error_response(400, "Bad Request: there is no photo in the request")
        message: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": {"id": chat_id, "type": "private"},
            "from": BOT_USER,
            "photo": [{"file_id": f"photo-{len(photo)}", "file_unique_id": "p", "width": 1, "height": 1}],
        }
        if params.get("caption"):
            message["caption"] = str(params["caption"])
        self.messages[(chat_id, message["message_id"])] = message
        return message

    async def _edit_message_text(self, params: dict[str, Any]) -> object:
        return self._edit(params, text=True)

    async def _edit_message_reply_markup(self, params: dict[str, Any]) -> object:
        return self._edit(params, text=False)

    def _edit(self, params: dict[str, Any], text: bool) -> object:
        key = (int(params.get("chat_id") or 0), int(params.get("message_id") or 0))
        message = self.messages.get(key)
        if message is None:
            return error_response(400, "Bad Request: message to edit not found")
        if text:
            message["text"] = str(params.get("text", ""))
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        else:
            message.pop("reply_markup", None)
        return message

    async def _answer_callback_query(self, params: dict[str, Any]) -> object:
        return True

    async def _answer_inline_query(self, params: dict[str, Any]) -> object:
        """Telegram refuses an answer with a result it cannot read; these carry what a card needs."""
        for result in params.get("results", []):
            if not (result.get("id") and result.get("type") and result.get("input_message_content")):
                return error_response(400, "Bad Request: RESULT_INVALID")
        return True

    async def _set_my_commands(self, params: dict[str, Any]) -> object:
        return True

    async def _delete_webhook(self, params: dict[str, Any]) -> object:
        return True

    async def _get_webhook_info(self, params: dict[str, Any]) -> object:
        return {"url": "", "has_custom_certificate": False, "pending_update_count": len(self._updates)}

    async def _send_chat_action(self, params: dict[str, Any]) -> object:
        return True

    async def _set_webhook(self, params: dict[str, Any]) -> object:
        return True

    async def _close(self, params: dict[str, Any]) -> object:
        return True

    async def _get_chat_member(self, params: dict[str, Any]) -> object:
        """An administrator (all rights off) if listed in :attr:`admins`, else a member."""
        user_id = int(params["user_id"])
        user = user_body(user_id, "ru")
        if user_id not in self.admins.get(int(params["chat_id"]), set()):
            return {"status": "member", "user": user}
        rights = (
            "can_be_edited is_anonymous can_manage_chat can_delete_messages can_manage_video_chats "
            "can_restrict_members can_promote_members can_change_info can_invite_users can_post_stories "
            "can_edit_stories can_delete_stories"
        )
        return {"status": "administrator", "user": user} | dict.fromkeys(rights.split(), False)


def user_body(user_id: int, language_code: str) -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": "Player", "language_code": language_code}


def error_response(code: int, description: str) -> web.Response:
    return web.json_response({"ok": False, "error_code": code, "description": description}, status=code)


async def _params(request: web.Request) -> dict[str, Any]:
    """The call's parameters: the bot sends form fields, JSON-encoding the non-strings."""
    if request.content_type == "application/json":
        body = await request.json()
        return dict(body) if isinstance(body, dict) else {}
    form = await request.post()
    params: dict[str, Any] = {}
    for key, value in form.items():
        if isinstance(value, web.FileField):  # an uploaded file (sendPhoto): its bytes
            params[key] = value.file.read()
            continue
        text = value if isinstance(value, str) else ""
        if key in _JSON_FIELDS:
            params[key] = json.loads(text)
        elif key in _INT_FIELDS and text.lstrip("-").isdigit():
            params[key] = int(text)
        else:
            params[key] = text
    return params
