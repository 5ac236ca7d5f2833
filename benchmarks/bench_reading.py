"""Reading an update: python-telegram-bot's parse of the whole body against the parse of what the
handlers read (``bot.delivery.reading``), for the updates the bot gets most.

A press carries the message it was made under with its keyboard and formatting; PTB builds an object
for each button and entity, and no handler reads them. The bodies here are shaped as Telegram sends
them for the bot's own boards: a tap on a 5bukv tile (five tiles, done, undo, "not taken", the
suggestion in bold), a tap on the letter game's hint (hint and give up), and a typed ``/play``
(nothing to leave out: the control). Each is parsed ``--number`` times, best of ``--repeat``.

    .venv/bin/python benchmarks/bench_reading.py [--number 4000] [--repeat 5]
"""

from __future__ import annotations

import argparse
import copy
import sys
import time
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from telegram import Update

from bot.delivery.reading import read_update

USER = {"id": 501, "is_bot": False, "first_name": "Аня", "username": "anya", "language_code": "ru"}
CHAT = {"id": 501, "type": "private", "first_name": "Аня", "username": "anya"}
BOT = {"id": 7000001, "is_bot": True, "first_name": "Буквоед", "username": "bukvoed_bot"}


def button(text: str, data: str) -> dict[str, str]:
    return {"text": text, "callback_data": data}


def pressed(data: str, text: str, rows: list[list[dict[str, str]]], entities: list[dict[str, Any]]) -> dict[str, Any]:
    """A press under one of the bot's messages, as Telegram sends it."""
    message = {
        "message_id": 10,
        "from": BOT,
        "chat": CHAT,
        "date": 1_700_000_000,
        "edit_date": 1_700_000_001,
        "text": text,
        "entities": entities,
        "reply_markup": {"inline_keyboard": rows},
    }
    return {
        "update_id": 1,
        "callback_query": {"id": "4242", "from": USER, "chat_instance": "-1", "data": data, "message": message},
    }


TILES = [button(f"⬜ {letter}", f"w:t:12:3:{index}") for index, letter in enumerate("КАТЕР")]
BODIES = {
    "5bukv tile press": pressed(
        "w:t:12:3:0",
        "Попробуйте: КАТЕР\nОсталось 312 слов",
        [TILES, [button("Готово", "w:d:12:3"), button("↩️ Назад", "w:u:12:3")], [button("Игра не берёт", "w:r:12:3")]],
        [{"type": "bold", "offset": 12, "length": 5}],
    ),
    "letter game hint press": pressed(
        "l:h:1:2:0",
        "Слово: БАРА…\nВаш ход",
        [[button("💡 Подсказка", "l:h:1:2:0"), button("🏳 Сдаюсь", "l:g:1:2")]],
        [{"type": "bold", "offset": 7, "length": 5}],
    ),
    "typed /play": {
        "update_id": 2,
        "message": {
            "message_id": 11,
            "from": USER,
            "chat": CHAT,
            "date": 1_700_000_000,
            "text": "/play",
            "entities": [{"type": "bot_command", "offset": 0, "length": 5}],
        },
    },
}


def cpu_seconds(run: Any, number: int) -> float:
    """CPU seconds ``number`` runs take."""
    return timeit.timeit(run, number=number, timer=time.process_time)


def best_per_parse(body: dict[str, Any], number: int, repeat: int) -> tuple[float, float]:
    """Seconds a parse of ``body`` takes, whole and as read, best of ``repeat`` rounds of
    ``number`` each, the two taking turns round by round (the copy a parse needs, as the bot makes
    one, is timed apart and taken off). CPU time, which a busy machine inflates less than wall time."""
    whole, read, copying = [], [], []
    for _ in range(repeat):
        whole.append(cpu_seconds(lambda: Update.de_json(copy.deepcopy(body), None), number))
        read.append(cpu_seconds(lambda: read_update(copy.deepcopy(body), None), number))
        copying.append(cpu_seconds(lambda: copy.deepcopy(body), number))
    return (min(whole) - min(copying)) / number, (min(read) - min(copying)) / number


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--number", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    print(f"{'update':<26}{'whole body µs':>15}{'what is read µs':>17}{'ratio':>8}")
    for name, body in BODIES.items():
        whole, read = best_per_parse(body, args.number, args.repeat)
        print(f"{name:<26}{whole * 1e6:>15.1f}{read * 1e6:>17.1f}{read / whole:>7.2f}x")


if __name__ == "__main__":
    main()
