"""Every word of the finger game the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.fingers.session import FingerSession, FingerTurn, HandMove
from bot.fingers.session import Result as FingerResult
from bot.storage import Record
from bot.texts import Lang, count, t
from solver.fingers import Kind


def rules(lang: Lang) -> str:
    return t(
        lang,
        "✋ Игра на пальцах (/fingers): у каждого две руки, на каждой сначала по пальцу. Ход — ударить своей рукой "
        "по руке соперника (к ней прибавится столько пальцев) или перераспределить свои. Рука с 5 и больше "
        "пальцами умирает; обе руки мертвы — проигрыш. Позиция в третий раз или предел ходов — ничья.",
        "✋ The finger game (/fingers): each player has two hands with one finger each. A move taps an opponent's "
        "hand with one of yours (adding your fingers to it) or splits your own. A hand with 5+ dies; both hands "
        "dead loses. A position seen three times, or the move limit, is a draw.",
    )


def fingers_intro(lang: Lang) -> str:
    return t(
        lang,
        "✋ Игра на пальцах («палочки», Chopsticks). У каждого две руки, на каждой сначала по пальцу. "
        "Ход — ударить своей рукой по руке соперника (к ней прибавится столько пальцев) "
        "или перераспределить свои пальцы. Рука с 5 и больше пальцами умирает 💀; "
        "обе руки мертвы — проигрыш.\nНасколько сильно мне играть?",
        "✋ The finger game (Chopsticks). Each player has two hands with one finger each. A move: tap one of "
        "the opponent's hands with one of yours (it gets your fingers added) or split your fingers anew. A hand "
        "with 5 or more dies 💀; whoever has both hands dead has lost.\nHow strong should I play?",
    )


def _hands(hands: Sequence[int]) -> str:
    """Left hand first, as it stays: hands are never re-sorted in what the player sees."""
    return "  ".join(f"✋{count}" if count else "💀" for count in hands)


def fingers_board(lang: Lang, session: FingerSession) -> str:
    return (
        t(lang, f"🤖 Я:   {_hands(session.bot)}", f"🤖 Me:  {_hands(session.bot)}")
        + "\n"
        + t(lang, f"🙂 Вы: {_hands(session.player)}", f"🙂 You: {_hands(session.player)}")
    )


_NOMINATIVE = ("левая", "правая")
_ACCUSATIVE = ("левую", "правую")
_ENGLISH = ("left", "right")


def finger_move(lang: Lang, seen: HandMove) -> str:
    """The move as a player says it, naming hands by where they are shown: «левая 3 бьёт правую 2»,
    "left 3 taps right 2", «перераспределить 2+2 → 1+3»."""
    move = seen.move
    if move.kind is Kind.SPLIT:
        verb = t(lang, "перераспределить", "split")
        return f"{verb} {seen.before[0]}+{seen.before[1]} → {seen.after[0]}+{seen.after[1]}"
    assert move.tapper is not None and move.tapped is not None and seen.tapper is not None and seen.tapped is not None
    tapper, tapped = move.tapper.fingers, move.tapped.fingers
    own = move.kind is Kind.SELF_TAP
    if lang == "en":
        return f"{_ENGLISH[seen.tapper]} {tapper} taps {'own ' if own else ''}{_ENGLISH[seen.tapped]} {tapped}"
    return f"{_NOMINATIVE[seen.tapper]} {tapper} бьёт {'свою ' if own else ''}{_ACCUSATIVE[seen.tapped]} {tapped}"


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
        moves = count(lang, cap, ("ход", "хода", "ходов"), ("move", "moves"))
        lines.append(t(lang, f"🤝 Ничья: достигнут предел в {moves}.", f"🤝 A draw: the limit of {moves} is reached."))
    else:
        lines.append(t(lang, "Ваш ход:", "Your move:"))
    return "\n".join(lines)


def fingers_ask_first(lang: Lang) -> str:
    return t(
        lang,
        "Кто начинает? (При безупречной игре обеих сторон начинающий проигрывает.)",
        "Who starts? (With perfect play on both sides, whoever starts loses.)",
    )


def use_the_buttons(lang: Lang) -> str:
    return t(
        lang,
        "В игре на пальцах ходят кнопками под доской. /giveup — сдаться.",
        "In the finger game you move with the buttons under the board. /giveup to resign.",
    )


def choose_with_buttons(lang: Lang) -> str:
    return t(lang, "Выберите кнопкой выше (или /fingers заново).", "Choose with a button above (or /fingers again).")


def no_hints(lang: Lang) -> str:
    return t(lang, "В игре на пальцах подсказок нет.", "The finger game has no hints.")


def gave_up(lang: Lang) -> str:
    return t(lang, "🏳 Вы сдались: засчитано поражение.", "🏳 You resigned: it counts as a loss.")


def name(lang: Lang) -> str:
    return t(lang, "игра на пальцах", "the finger game")


def menu_button(lang: Lang) -> str:
    return t(lang, "✋ Игра на пальцах", "✋ Finger game")


def help_lines(lang: Lang) -> str:
    return t(lang, "/fingers — игра на пальцах («палочки», Chopsticks)", "/fingers — the finger game (chopsticks)")


def record_line(lang: Lang, record: Record) -> str:
    return t(
        lang,
        f"Пальцы: игр {record.played}, побед {record.won}, поражений {record.lost}, ничьих {record.draws}",
        f"Finger game: played {record.played}, won {record.won}, lost {record.lost}, drawn {record.draws}",
    )
