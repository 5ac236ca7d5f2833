"""Every word of the finger game the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.fingers.session import FingerSession, FingerTurn
from bot.fingers.session import Result as FingerResult
from bot.texts import Lang, t
from solver.fingers import Kind, Move, Side


def fingers_intro(lang: Lang) -> str:
    return t(
        lang,
        "✋ Игра на пальцах (割り箸). У каждого две руки, на каждой сначала по пальцу. Ход — ударить своей рукой "
        "по руке соперника (к ней прибавится столько пальцев) или перераспределить свои пальцы. Рука с 5 и больше "
        "пальцами умирает 💀; у кого обе руки мертвы — проиграл.\nНасколько сильно мне играть?",
        "✋ The finger game (chopsticks, 割り箸). Each player has two hands with one finger each. A move: tap one of "
        "the opponent's hands with one of yours (it gets your fingers added) or split your fingers anew. A hand "
        "with 5 or more dies 💀; whoever has both hands dead has lost.\nHow strong should I play?",
    )


def _hands(hands: Sequence[int]) -> str:
    return "  ".join(f"✋{count}" if count else "💀" for count in sorted(hands))


def fingers_board(lang: Lang, session: FingerSession) -> str:
    return (
        t(lang, f"🤖 Я:   {_hands(session.bot)}", f"🤖 Me:  {_hands(session.bot)}")
        + "\n"
        + t(lang, f"🙂 Вы: {_hands(session.player)}", f"🙂 You: {_hands(session.player)}")
    )


_NOMINATIVE = {Side.LEFT: "левая", Side.RIGHT: "правая"}
_ACCUSATIVE = {Side.LEFT: "левую", Side.RIGHT: "правую"}


def finger_move(lang: Lang, move: Move) -> str:
    """The move as a player says it: «левая 3 бьёт правую 2», "left 3 taps right 2", «перераспределить 2+2 → 1+3»."""
    if move.kind is Kind.SPLIT:
        verb = t(lang, "перераспределить", "split")
        return f"{verb} {move.before[0]}+{move.before[1]} → {move.after[0]}+{move.after[1]}"
    assert move.tapper is not None and move.tapped is not None
    tapper, tapped = move.tapper, move.tapped
    if lang == "en":
        own = "own " if move.kind is Kind.SELF_TAP else ""
        return f"{tapper.side} {tapper.fingers} taps {own}{tapped.side} {tapped.fingers}"
    own = "свою " if move.kind is Kind.SELF_TAP else ""
    return f"{_NOMINATIVE[tapper.side]} {tapper.fingers} бьёт {own}{_ACCUSATIVE[tapped.side]} {tapped.fingers}"


def fingers_text(lang: Lang, session: FingerSession, turn: FingerTurn | None, cap: int) -> str:
    lines = []
    if turn is not None and turn.player_move is not None:
        lines.append(t(lang, "Вы: ", "You: ") + finger_move(lang, turn.player_move))
    if turn is not None and turn.bot_move is not None:
        lines.append(t(lang, "Я: ", "Me: ") + finger_move(lang, turn.bot_move))
    lines.append(fingers_board(lang, session))
    result = turn.result if turn is not None else None
    if result is FingerResult.WON:
        lines.append(t(lang, "🎉 Вы выиграли!", "🎉 You won!"))
    elif result is FingerResult.LOST:
        lines.append(t(lang, "🤖 Я выиграл.", "🤖 I won."))
    elif result is FingerResult.DRAW_REPETITION:
        lines.append(t(lang, "🤝 Ничья: позиция повторилась трижды.", "🤝 A draw: the position came up three times."))
    elif result is FingerResult.DRAW_CAP:
        lines.append(t(lang, f"🤝 Ничья: сделано {cap} ходов.", f"🤝 A draw: {cap} moves have been made."))
    else:
        lines.append(t(lang, "Ваш ход:", "Your move:"))
    return "\n".join(lines)


def fingers_ask_first(lang: Lang) -> str:
    return t(
        lang,
        "Кто начинает? (При безупречной игре обеих сторон начинающий проигрывает.)",
        "Who starts? (With perfect play on both sides, whoever starts loses.)",
    )


def button_fingers(lang: Lang) -> str:
    return t(lang, "✋ Ещё партию", "✋ Play again")
