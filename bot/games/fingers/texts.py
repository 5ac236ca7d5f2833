"""Every word of the finger game the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.texts import MOVES_EN, MOVES_RU, Lang, count, review_footer, t
from bot.games.fingers.session import FingerSession, FingerTurn, HandMove, Review
from bot.games.fingers.session import Result as FingerResult
from bot.storage import Record
from solver.fingers import Kind
from solver.review import Grade, GradedMove, Option


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


# ------------------------------------------------------------------ review

_THREW = (Grade.THREW_WIN, Grade.THREW_DRAW)


def review_text(lang: Lang, review: Review) -> str:
    """The engine's review: a line per move, then where the game turned and how many moves were best."""
    lines = [t(lang, "🔍 Разбор партии", "🔍 Review of the game")]
    lines += [_review_line(lang, move, review.player_seat) for move in review.moves]
    turning = review.summary.turning_point
    shown = review_move(lang, turning.move) if turning is not None else ""
    lines += review_footer(lang, review.summary, review.player_seat, shown)
    return "\n".join(lines)


def review_move(lang: Lang, code: str) -> str:
    """A move of the review's notation in words: hands named by their fingers («1 бьёт 2», "split → 1+3")."""
    if "+" in code:
        return t(lang, "перераспределить → ", "split → ") + code
    own = "xx" in code
    tapper, tapped = code.split("xx" if own else "x")
    if lang == "en":
        return f"{tapper} taps {'own ' if own else ''}{tapped}"
    return f"{tapper} бьёт {'свою ' if own else ''}{tapped}"


def _review_line(lang: Lang, move: GradedMove, player_seat: int) -> str:
    you = move.mover == player_seat
    who = t(lang, "вы" if you else "я", "you" if you else "I")
    mark = "✅" if move.best else ("❌" if move.grade in _THREW else "☑️")
    return f"{move.ply}. {mark} {who}: {review_move(lang, move.move)} — {_grade_words(lang, move, you)}"


def _grade_words(lang: Lang, move: GradedMove, you: bool) -> str:
    better = _option(lang, move.best_moves[0])
    if move.grade is Grade.KEPT_WIN:
        return t(lang, "сохранили выигрыш" if you else "сохранил выигрыш", "kept the win")
    if move.grade is Grade.THREW_WIN:
        return t(lang, f"упустил{'и' if you else ''} выигрыш: выигрывало {better}", f"threw the win away: {better} won")
    if move.grade is Grade.KEPT_DRAW:
        return t(lang, "сохранили ничью" if you else "сохранил ничью", "kept the draw")
    if move.grade is Grade.THREW_DRAW:
        ending = "и" if you else ""
        return t(lang, f"упустил{ending} ничью: её держало {better}", f"threw the draw away: {better} held it")
    return _lost_words(lang, move, better)


def _lost_words(lang: Lang, move: GradedMove, better: str) -> str:
    """A move in a lost position: the only one that did not lose at once, the longest defence, or a shorter one."""
    if move.only:
        return t(
            lang,
            "партия уже проиграна, единственный ход, что не проигрывал сразу",
            "already lost, the only move that did not lose at once",
        )
    if move.best:
        return t(lang, "партия уже проиграна, лучшая защита", "already lost, the longest defence")
    held = count(lang, move.before_plies, MOVES_RU, MOVES_EN)
    return t(lang, f"партия уже проиграна; дольше держалось {better}: {held}", f"already lost; {better} held {held}")


def _option(lang: Lang, option: Option) -> str:
    return f"«{review_move(lang, option.move)}»" if lang == "ru" else f"“{review_move(lang, option.move)}”"
