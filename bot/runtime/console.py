"""``python -m bot --console``: chat with the bot in a terminal, with no token and no network.

The very same Application and handlers run against the local Bot API on
127.0.0.1; the console plays the part of Telegram's app: what you type is sent
as your message, the bot's messages are printed, and inline buttons are shown
as numbered choices (type the number to tap one). A button that is no tap (a link, or the Share
button that starts an inline query in another chat) says what Telegram would do, and the inline
query is asked for real: the results the bot offers are printed.

``--group N`` makes the chat a group of N members at one keyboard: ``2: text`` speaks (and
taps) as the second of them from then on, and what the bot sends a member in private is printed
under that member's name.
"""

from __future__ import annotations

import asyncio
import html
import itertools
import re
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from telegram import Update

from bot import registry
from bot.core.context import App
from bot.core.settings import Settings
from bot.core.solvers import Solvers, build_solvers
from bot.delivery.queue import ChatQueues
from bot.runtime.app import build_application, running
from bot.runtime.cli import MAX_MEMBERS
from bot.runtime.local_api import BOT_USER, FAKE_TOKEN, Call, LocalBotApi

CONSOLE_USER = 1
#: The group chat of ``--group N``; its members are users 1 to N.
CONSOLE_GROUP = -1001
#: The members' first names, by the console's language (``--group`` takes at most as many).
MEMBER_NAMES = {
    "ru": ("Аня", "Боря", "Вера", "Гоша", "Даша", "Егор", "Женя", "Зоя"),
    "en": ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"),
}
#: ``2: text`` (or ``2:`` alone): member 2 takes the keyboard (and says the text).
SPEAKER = re.compile(r"^(\d+):\s*(.*)$", re.DOTALL)
#: The most characters Telegram takes in one message: a longer line is not sent, as the app would not.
MESSAGE_LIMIT = 4096


def too_long(length: int) -> str:
    """The console's own notice (it plays Telegram's app) for a line Telegram would not take."""
    return f"(Not sent: a Telegram message holds at most {MESSAGE_LIMIT} characters, this one has {length}.)"


class UpdateTracker:
    """Knows when the application has finished with each update: handled, committed, and its
    messages sent (or kept for later)."""

    def __init__(self, application: App) -> None:
        self.done: defaultdict[int, asyncio.Event] = defaultdict(asyncio.Event)
        lines = application.update_processor
        assert isinstance(lines, ChatQueues)
        lines.on_done.append(self._mark)

    def _mark(self, item: object) -> None:
        if isinstance(item, Update):
            self.done[item.update_id].set()

    async def wait(self, *update_ids: int, timeout: float = 30) -> None:
        await asyncio.wait_for(asyncio.gather(*(self.done[u].wait() for u in update_ids)), timeout)


class Screen:
    """Prints what the bot does in the chat and offers the newest buttons still shown.

    Buttons a message loses (an answered question) leave the screen; the newest message that
    still has buttons is offered again, as Telegram's chat still shows them (a finger game's
    board above a "keep playing?" question answered)."""

    def __init__(self, pictures: Path | None = None) -> None:
        #: (chat id, message id) -> its buttons, oldest first
        self.keyboards: dict[tuple[int, int], list[list[dict[str, Any]]]] = {}
        self.printed: tuple[int, int] | None = None  # the message whose buttons were printed last
        #: who is who: a member's private chat is printed under their name (``--group``)
        self.names: dict[int, str] = {}
        #: where pictures the bot sends are saved (a terminal cannot show them)
        self.pictures = pictures or Path(tempfile.gettempdir()) / "bukvoed-console"

    @property
    def choices(self) -> list[Choice]:
        """The newest keyboard's buttons, numbered from 1 (each with its chat and message)."""
        if not self.keyboards:
            return []
        (chat_id, message_id), rows = next(reversed(self.keyboards.items()))
        return [Choice(chat_id, message_id, button) for row in rows for button in row]

    def show(self, call: Call) -> None:
        to = self._addressee(call)
        if call.method == "sendMessage":
            print(f"\n{to}{shown_text(call)}")
        elif call.method == "editMessageText":
            print(f"\n{to}(edited) {shown_text(call)}")
        elif call.method == "answerCallbackQuery" and call.params.get("text"):
            print(f"({call.params['text']})")
        elif call.method == "sendPhoto":
            print(f"\n{to}{self._picture(call)}")
        elif call.method == "answerInlineQuery":
            print(inline_answer(call.params))
        if call.method in ("sendMessage", "editMessageText", "editMessageReplyMarkup") and call.message_id:
            self._buttons(call)

    def _addressee(self, call: Call) -> str:
        """Empty in the chat the console shows; a member's name where the bot writes them in private."""
        name = self.names.get(call.chat_id or 0)
        return f"(to {name}, in private) " if name else ""

    def _picture(self, call: Call) -> str:
        """A picture the bot sent, saved as a PNG file: the line that says where (and its caption)."""
        photo = call.params.get("photo")
        if not isinstance(photo, bytes):
            return "🖼 (a picture)"
        self.pictures.mkdir(parents=True, exist_ok=True)
        path = self.pictures / f"picture-{int(time.time() * 1000)}-{call.message_id or 0}.png"
        path.write_bytes(photo)
        caption = call.params.get("caption")
        return f"🖼 (a picture, saved as {path})" + (f"\n{caption}" if caption else "")

    def settle(self) -> None:
        """Once the bot is done with an update: if the buttons offered now are not the ones
        printed last (those went), print them."""
        if self.keyboards and next(reversed(self.keyboards)) != self.printed:
            self.printed, rows = next(reversed(self.keyboards.items()))
            print("   (the buttons of an earlier message:)")
            self._print(rows)

    def _buttons(self, call: Call) -> None:
        key = (call.chat_id or 0, call.message_id or 0)
        self.keyboards.pop(key, None)
        if call.buttons:
            self.keyboards[key] = call.buttons
            self.printed = key
            self._print(call.buttons)

    @staticmethod
    def _print(rows: list[list[dict[str, Any]]]) -> None:
        number = 0
        for row in rows:
            labels = []
            for button in row:
                number += 1
                labels.append(f"[{number}] {button['text']}")
            print("   " + "   ".join(labels))


def shown_text(call: Call) -> str:
    """The text as Telegram's app shows it: HTML markup (a mention's link) drawn as its plain words."""
    if str(call.params.get("parse_mode", "")).upper() != "HTML":
        return call.text
    return html.unescape(re.sub(r"<[^>]+>", "", call.text))


@dataclass(frozen=True)
class Choice:
    """A numbered button: the message it hangs under, in its chat."""

    chat_id: int
    message_id: int
    button: dict[str, Any]


def inline_answer(params: dict[str, Any]) -> str:
    """What the bot offered for an inline query, as Telegram lists it above the keyboard."""
    results = params.get("results") or []
    lines = [f"(the bot offers {len(results)} result(s) to post:)"]
    for number, result in enumerate(results, start=1):
        content = result.get("input_message_content") or {}
        lines.append(f"  {number}. {result.get('title', '')} — {result.get('description', '')}")
        lines += [f"     {line}" for line in str(content.get("message_text", "")).splitlines()]
    if params.get("button"):
        lines.append(f"  [{params['button'].get('text', '')}] (opens the private chat with the bot)")
    return "\n".join(lines)


def what_a_button_does(button: dict[str, Any]) -> str:
    """A button that sends the bot nothing: what Telegram's app would do with it."""
    if "url" in button:
        return f"(Telegram would open {button['url']})"
    if "web_app" in button:
        return f"(Telegram would open the web app at {button['web_app'].get('url', '?')})"
    if "copy_text" in button:
        return f"(Telegram would copy to the clipboard: {button['copy_text'].get('text', '')})"
    return f"(this button does nothing in the console: {button.get('text', '')})"


#: The buttons that start an inline query: the query they type after the bot's @name.
INLINE_QUERY_KEYS = ("switch_inline_query", "switch_inline_query_current_chat", "switch_inline_query_chosen_chat")


class Keyboard:
    """Who types: one player in a private chat, or one of a group's members in turn."""

    def __init__(self, standin: LocalBotApi, language: str, members: int) -> None:
        self.standin = standin
        self.language = language
        self.members = members
        self.speaker = CONSOLE_USER
        self._message_ids = itertools.count(1)
        self.chat = {"id": CONSOLE_GROUP, "type": "supergroup", "title": "Console"}

    @property
    def chat_id(self) -> int:
        return CONSOLE_GROUP if self.members else CONSOLE_USER

    @property
    def names(self) -> dict[int, str]:
        """Each member's first name by user id (none in a private chat)."""
        names = MEMBER_NAMES.get(self.language, MEMBER_NAMES["en"])
        return {user: names[user - 1] for user in range(1, self.members + 1)}

    def prompt(self) -> str:
        return f"\n{self.names[self.speaker]}> " if self.members else "\n> "

    def take(self, text: str) -> str | None:
        """``N: text``: member N takes the keyboard; the text to send (None when it was a bad N)."""
        found = SPEAKER.match(text) if self.members else None
        if found is None:
            return text
        member = int(found.group(1))
        if not 1 <= member <= self.members:
            print(f"(There are {self.members} members: 1 to {self.members}.)")
            return None
        self.speaker = member
        return found.group(2).strip()

    def _user(self) -> dict[str, Any]:
        name = self.names.get(self.speaker, "Player")
        return {"id": self.speaker, "is_bot": False, "first_name": name, "language_code": self.language}

    def say(self, text: str) -> int:
        if not self.members:
            return self.standin.push_message(CONSOLE_USER, text, self.language)
        message: dict[str, Any] = {
            "message_id": next(self._message_ids),
            "date": int(time.time()),
            "chat": self.chat,
            "from": self._user(),
            "text": text,
        }
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split(maxsplit=1)[0])}]
        return self.standin.push_update({"message": message})

    def tap(self, choice: Choice) -> int | None:
        """A button tapped: the bot's callback, the inline query it starts, or a line saying what it would do."""
        button = choice.button
        if "callback_data" in button:
            return self._callback(choice, str(button["callback_data"]))
        key = next((key for key in INLINE_QUERY_KEYS if key in button), None)
        if key is None:
            print(what_a_button_does(button))
            return None
        query = button[key] if isinstance(button[key], str) else str(button[key].get("query", ""))
        where = "this chat" if key == "switch_inline_query_current_chat" else "a chat you pick"
        print(f"(Telegram would type @{BOT_USER['username']} {query} in {where}: an inline query)")
        inline = {"id": str(time.time_ns()), "from": self._user(), "query": query, "offset": ""}
        return self.standin.push_update({"inline_query": inline})

    def _callback(self, choice: Choice, data: str) -> int:
        if not self.members:
            return self.standin.push_callback(CONSOLE_USER, choice.message_id, data, self.language)
        shown = self.standin.messages.get((choice.chat_id, choice.message_id), {"message_id": choice.message_id})
        query = {
            "id": str(time.time_ns()),
            "from": self._user(),
            "chat_instance": str(choice.chat_id),
            "message": {"date": int(time.time()), "from": BOT_USER, "text": "?"} | shown | {"chat": self.chat},
            "data": data,
        }
        return self.standin.push_update({"callback_query": query})


def group_greeting(keyboard: Keyboard) -> str:
    members = ", ".join(f"{user}: {name}" for user, name in keyboard.names.items())
    return (
        f"A group with {keyboard.members} members ({members}) and the bot. Type `2: text` to speak as member 2 "
        "(the keyboard stays theirs), a number to tap a button as the one at the keyboard; try /play. "
        "Ctrl-D to quit."
    )


async def chat(
    settings: Settings,
    solvers: Solvers | None = None,
    read_line: Callable[[str], str] = input,
    pictures: Path | None = None,
    members: int = 0,
) -> int:
    """The console session (``members``: a group of that many, 0 for a private chat); ``solvers``,
    ``read_line`` and the folder for ``pictures`` are given by tests."""
    standin = LocalBotApi()
    # Each run numbers its updates from the moment it starts (milliseconds), as Telegram's ids
    # only grow: numbered from 1 again, a second run's updates were taken for the first run's
    # redeliveries and ignored.
    standin.number_updates_from(int(time.time() * 1000))
    base_url = await standin.start()
    if solvers is None:
        print("Building the solver tables…", flush=True)
        solvers = await asyncio.to_thread(build_solvers, registry.SOLVER_TABLES)
    # One person at one keyboard (or a pasted script) is no flood; a skipped update would
    # also never reach the tracker, and the console would wait for it in vain. Nor is the
    # stand-in Telegram's group limit: a paced group message would print after the next prompt.
    local = settings.model_copy(
        update={
            "telegram_api_base_url": base_url,
            "telegram_api_base_file_url": base_url.replace("/bot", "/file/bot"),
            "throttle_messages": 0,
            "group_messages_per_minute": 0,
        }
    )
    application = build_application(local, solvers, token=FAKE_TOKEN)
    tracker = UpdateTracker(application)
    keyboard = Keyboard(standin, settings.console_language, min(members, MAX_MEMBERS))
    screen = Screen(pictures)
    screen.names = keyboard.names
    shown = {keyboard.chat_id, None, *keyboard.names}
    standin.listeners.append(lambda call: screen.show(call) if call.chat_id in shown else None)
    try:
        async with running(application):
            if keyboard.members:
                print(group_greeting(keyboard))
            else:
                print("Chat with the bot: type a message (try /start), a number to tap a button, Ctrl-D to quit.")
                await tracker.wait(keyboard.say("/start"))
            while True:
                try:
                    line = await asyncio.to_thread(read_line, keyboard.prompt())
                except EOFError:
                    break
                text = keyboard.take(line.strip())
                if not text:
                    continue
                if len(text) > MESSAGE_LIMIT:
                    print(too_long(len(text)))
                    continue
                choices = screen.choices
                if text.isdigit() and 1 <= int(text) <= len(choices):
                    update_id = keyboard.tap(choices[int(text) - 1])
                else:
                    update_id = keyboard.say(text)
                if update_id is not None:
                    await tracker.wait(update_id)
                screen.settle()
            standin.release_pollers()
    finally:
        await standin.stop()
    print()
    return 0


def _read_long_lines() -> None:
    """At a terminal, lines are read with GNU readline (line editing, and no 4 KB cap): the
    terminal's own line discipline holds at most 4,095 characters a line, and a longer pasted line
    could then not be ended with Enter. Where readline is missing (Windows), input() as it is."""
    if not sys.stdin.isatty():
        return
    try:
        import readline  # noqa: F401  (importing it is what makes input() use it)
    except ImportError:
        return


def main(settings: Settings, members: int = 0) -> int:
    _read_long_lines()
    try:
        return asyncio.run(chat(settings, members=members))
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 0
