"""Answering a button press: the spinner stops and the message changes in one round trip.

A press needs two Bot API calls, ``answerCallbackQuery`` and an edit. They do
not depend on each other, so they go out together: under load each call's wait
for the event loop adds to what the player sees, and two in a row doubled it
(``benchmarks/bench_bot_load.py``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable

from telegram import CallbackQuery, InlineKeyboardMarkup
from telegram.error import BadRequest

log = logging.getLogger(__name__)


async def answer_and_edit(query: CallbackQuery, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
    """Answer the press and show its result in the pressed message."""
    await _together(query.answer(), edit(query, text, markup))


async def answer_and_edit_buttons(query: CallbackQuery, markup: InlineKeyboardMarkup | None) -> None:
    """Answer the press and change only the pressed message's buttons."""
    await _together(query.answer(), _edit_buttons(query, markup))


async def edit(query: CallbackQuery, text: str, markup: InlineKeyboardMarkup | None = None) -> None:
    """Change the pressed message; one too old to edit, or unchanged, stays as it is."""
    try:
        await query.edit_message_text(text, reply_markup=markup)
    except BadRequest as error:
        log.info("could not edit a message: %s", error)


async def _edit_buttons(query: CallbackQuery, markup: InlineKeyboardMarkup | None) -> None:
    try:
        await query.edit_message_reply_markup(markup)
    except BadRequest as error:
        log.info("could not edit the buttons: %s", error)


async def _together(*calls: Awaitable[object]) -> None:
    """Await every call; the first failure is raised once all have finished (none is left running)."""
    outcomes = await asyncio.gather(*calls, return_exceptions=True)
    for outcome in outcomes:
        if isinstance(outcome, BaseException):
            raise outcome
