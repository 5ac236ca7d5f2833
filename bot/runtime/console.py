"""``python -m bot --console``: chat with the bot in a terminal, with no token and no network.

The very same Application and handlers run against the local Bot API on
127.0.0.1; the console plays the part of Telegram's app: what you type is sent
as your message, the bot's messages are printed, and inline buttons are shown
as numbered choices (type the number to tap one).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from telegram import Update

from bot import registry
from bot.core.context import App
from bot.core.settings import Settings
from bot.core.solvers import Solvers, build_solvers
from bot.delivery.queue import ChatQueues
from bot.runtime.app import build_application, running
from bot.runtime.local_api import FAKE_TOKEN, Call, LocalBotApi

CONSOLE_USER = 1
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
        self.keyboards: dict[int, list[list[dict[str, str]]]] = {}  # message id -> its buttons, oldest first
        self.printed: int | None = None  # the message whose buttons were printed last
        #: where pictures the bot sends are saved (a terminal cannot show them)
        self.pictures = pictures or Path(tempfile.gettempdir()) / "bukvoed-console"

    @property
    def choices(self) -> list[tuple[int, str]]:
        """The newest keyboard's (message id, callback data), numbered from 1."""
        if not self.keyboards:
            return []
        message_id, rows = next(reversed(self.keyboards.items()))
        return [(message_id, button["callback_data"]) for row in rows for button in row]

    def show(self, call: Call) -> None:
        if call.method == "sendMessage":
            print(f"\n{call.text}")
        elif call.method == "editMessageText":
            print(f"\n(edited) {call.text}")
        elif call.method == "answerCallbackQuery" and call.params.get("text"):
            print(f"({call.params['text']})")
        elif call.method == "sendPhoto":
            print(f"\n{self._picture(call)}")
        if call.method in ("sendMessage", "editMessageText", "editMessageReplyMarkup") and call.message_id:
            self._buttons(call)

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
        message_id = call.message_id or 0
        self.keyboards.pop(message_id, None)
        if call.buttons:
            self.keyboards[message_id] = call.buttons
            self.printed = message_id
            self._print(call.buttons)

    @staticmethod
    def _print(rows: list[list[dict[str, str]]]) -> None:
        number = 0
        for row in rows:
            labels = []
            for button in row:
                number += 1
                labels.append(f"[{number}] {button['text']}")
            print("   " + "   ".join(labels))


async def chat(
    settings: Settings,
    solvers: Solvers | None = None,
    read_line: Callable[[str], str] = input,
    pictures: Path | None = None,
) -> int:
    """The console session; ``solvers``, ``read_line`` and the folder for ``pictures`` are given by tests."""
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
    # also never reach the tracker, and the console would wait for it in vain.
    local = settings.model_copy(
        update={
            "telegram_api_base_url": base_url,
            "telegram_api_base_file_url": base_url.replace("/bot", "/file/bot"),
            "throttle_messages": 0,
        }
    )
    application = build_application(local, solvers, token=FAKE_TOKEN)
    tracker = UpdateTracker(application)
    screen = Screen(pictures)
    standin.listeners.append(lambda call: screen.show(call) if call.chat_id in (CONSOLE_USER, None) else None)
    language = settings.console_language
    try:
        async with running(application):
            print("Chat with the bot: type a message (try /start), a number to tap a button, Ctrl-D to quit.")
            update_id = standin.push_message(CONSOLE_USER, "/start", language)
            await tracker.wait(update_id)
            while True:
                try:
                    line = await asyncio.to_thread(read_line, "\n> ")
                except EOFError:
                    break
                text = line.strip()
                if len(text) > MESSAGE_LIMIT:
                    print(too_long(len(text)))
                    continue
                if text.isdigit() and 1 <= int(text) <= len(screen.choices):
                    message_id, data = screen.choices[int(text) - 1]
                    update_id = standin.push_callback(CONSOLE_USER, message_id, data, language)
                elif text:
                    update_id = standin.push_message(CONSOLE_USER, text, language)
                else:
                    continue
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


def main(settings: Settings) -> int:
    _read_long_lines()
    try:
        return asyncio.run(chat(settings))
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 0
