"""Every word of the finger game the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.texts import MOVES_EN, MOVES_RU, Lang, count, t
from bot.games.fingers.session import FingerSession, FingerTurn, HandMove, Hint, Review
from bot.games.fingers.session import Result as FingerResult
from bot.storage import Record
from solver.engine import Value
from solver.fingers import Ending, Kind
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


def gave_up(lang: Lang) -> str:
    return t(lang, "🏳 Вы сдались: засчитано поражение.", "🏳 You resigned: it counts as a loss.")


def name(lang: Lang) -> str:
    return t(lang, "игра на пальцах", "the finger game")


def menu_button(lang: Lang) -> str:
    return t(lang, "✋ Игра на пальцах", "✋ Finger game")


def help_lines(lang: Lang) -> str:
    return t(
        lang,
        "/fingers — игра на пальцах («палочки», Chopsticks); /hint в ней — лучший ход",
        "/fingers — the finger game (chopsticks); /hint in it — the best move",
    )


def record_line(lang: Lang, record: Record) -> str:
    return t(
        lang,
        f"Пальцы: игр {record.played}, побед {record.won}, поражений {record.lost}, ничьих {record.draws}",
        f"Finger game: played {record.played}, won {record.won}, lost {record.lost}, drawn {record.draws}",
    )


# ------------------------------------------------------------------ hint


def hint_text(lang: Lang, hint: Hint) -> str:
    """The judge's move for the player, and what it brings: the win and how soon, the draw, or the longest defence."""
    move = finger_move(lang, hint.move)
    total = hint.plies + 1  # counting the move itself
    if hint.value is Value.WIN:
        moves = count(lang, total, MOVES_RU, MOVES_EN)
        soon = t(lang, f"победа за {moves}, считая этот", f"a win in {moves}, this one included")
        if total == 1:
            soon = t(lang, "победа этим ходом", "it wins at once")
        return t(lang, f"💡 {move}: {soon}.", f"💡 {move}: {soon}.")
    if hint.value is Value.DRAW:
        return t(lang, f"💡 {move}: держит ничью.", f"💡 {move}: it holds the draw.")
    moves = count(lang, total, MOVES_RU, MOVES_EN)
    return t(
        lang,
        f"💡 {move}: партия проиграна, но так она продлится дольше всего — {moves}.",
        f"💡 {move}: the game is lost, but this holds out longest: {moves}.",
    )


# ------------------------------------------------------------------ review

_THREW = (Grade.THREW_WIN, Grade.THREW_DRAW)
#: Turning points shown one a line; more are only counted.
_SHOWN = 3
#: Moves that let a win recede, named by number; more are only counted.
_SLOW_SHOWN = 6


def review_text(lang: Lang, review: Review) -> str:
    """The engine's review, short: how the game ended and whose win it was, the moves that changed
    the result (a win let slip into a repetition or the move limit named as such), the player's
    moves that kept a win without bringing it closer, and how many moves were best."""
    lines = [_headline(lang, review)]
    turning = [move for move in review.moves if move.grade in _THREW]
    if not turning:
        lines.append(_no_turning_point(lang, review))
    lines += [_turning_line(lang, move, review) for move in turning[:_SHOWN]]
    if len(turning) > _SHOWN:
        more = len(turning) - _SHOWN
        lines.append(t(lang, f"…и ещё переломов: {more}.", f"…and {more} more turning points."))
    slow = [
        move
        for move in review.moves
        if move.mover == review.player_seat and move.grade is Grade.KEPT_WIN and not move.best
    ]
    if slow:
        lines.append(_slow_line(lang, slow, review))
    lines.append(_tally(lang, review))
    return "\n".join(lines)


def _headline(lang: Lang, review: Review) -> str:
    """How the game ended, and, when it was not the player's win, whether it was theirs to win from the start."""
    ended = {
        FingerResult.WON: t(lang, "вы выиграли", "you won"),
        FingerResult.LOST: t(lang, "я выиграл", "I won"),
        FingerResult.DRAW_REPETITION: t(lang, "ничья повтором позиции", "a draw by repetition"),
        FingerResult.DRAW_CAP: t(lang, "ничья на пределе ходов", "a draw at the move limit"),
    }[review.result]
    if review.resigned:
        ended = t(lang, "вы сдались", "you resigned")
    first = review.moves[0]
    yours = (first.mover == review.player_seat) == (first.before is Value.WIN) and first.before is not Value.DRAW
    if review.result is not FingerResult.WON and yours:
        ended += t(lang, ", хотя выигрыш с начала был ваш", ", though the win was yours from the start")
    return t(lang, f"🔍 Разбор: {ended}.", f"🔍 Review: {ended}.")


def _no_turning_point(lang: Lang, review: Review) -> str:
    """No move changed the result: say whose it was from the first move."""
    first = review.moves[0]
    if first.before is Value.DRAW:
        return t(
            lang, "Перелома не было: с первого хода — ничья.", "No move changed the result: a draw from the start."
        )
    yours = (first.mover == review.player_seat) == (first.before is Value.WIN)
    return t(
        lang,
        f"Перелома не было: выигрыш был {'ваш' if yours else 'мой'} с первого хода.",
        f"No move changed the result: the win was {'yours' if yours else 'mine'} from the start.",
    )


def _turning_line(lang: Lang, move: GradedMove, review: Review) -> str:
    """A move that changed the result: whose, what, what it lost and what would have kept it."""
    you = move.mover == review.player_seat
    who = t(lang, "вы" if you else "я", "you" if you else "I")
    head = f"❌ {_where(lang, move, review)}, {who}: {review_move(lang, move.move)}"
    better = _option(lang, move.best_moves[0])
    if move.grade is Grade.THREW_DRAW:
        return head + t(lang, f" — ничья упущена, её держало {better}.", f" — threw the draw away; {better} held it.")
    slip = review.slips.get(move.ply)
    if slip is Ending.REPETITION:
        lost = t(lang, "выигрыш ушёл в повтор позиции", "the win slipped into a repetition")
    elif slip is Ending.CAP:
        lost = t(lang, "выигрыш уже не успевал до предела ходов", "the win could no longer come before the move limit")
    else:
        lost = t(lang, "выигрыш упущен", "threw the win away")
    return head + t(lang, f" — {lost}; выигрывало {better}.", f" — {lost}; {better} won.")


def _where(lang: Lang, move: GradedMove, review: Review) -> str:
    """A move's number with the hands before it (sorted), so the player finds it again:
    «Ход 8 (у вас 1+3, у меня 2+2)»."""
    state = review.states[move.ply - 1]
    yours, mine = (state.mover, state.waiting) if move.mover == review.player_seat else (state.waiting, state.mover)
    you, me = f"{yours[0]}+{yours[1]}", f"{mine[0]}+{mine[1]}"
    return t(lang, f"Ход {move.ply} (у вас {you}, у меня {me})", f"Move {move.ply} (you {you}, me {me})")


def _slow_line(lang: Lang, slow: list[GradedMove], review: Review) -> str:
    """The player's moves that kept a win but let it recede; the first with the move that would have hurried it."""
    first = slow[0]
    better = _option(lang, first.best_moves[0])
    plies = count(lang, first.before_plies, MOVES_RU, MOVES_EN)
    where = _where(lang, first, review)
    kept = t(
        lang,
        f"☑️ {where} сохранил выигрыш, но не приблизил его: {better} выигрывало за {plies}.",
        f"☑️ {where} kept the win without bringing it closer: {better} won in {plies}.",
    )
    if len(slow) == 1:
        return kept
    others = ", ".join(str(move.ply) for move in slow[1:_SLOW_SHOWN])
    more = len(slow) - _SLOW_SHOWN
    if more > 0:
        others += t(lang, f" и ещё {more}", f" and {more} more")
    return kept + t(lang, f" Так же ходы {others}.", f" So did moves {others}.")


def _tally(lang: Lang, review: Review) -> str:
    you, me = review.player_seat, 3 - review.player_seat
    best, made = review.summary.best_moves, review.summary.moves
    return t(  # bare numbers: «из 3 ходов» would need the genitive, which CLDR's forms do not give
        lang,
        f"Лучших ходов: у вас {best[you]} из {made[you]}, у меня {best[me]} из {made[me]}.",
        f"Best moves: yours {best[you]} of {made[you]}, mine {best[me]} of {made[me]}.",
    )


def review_move(lang: Lang, code: str) -> str:
    """A move of the review's notation in words: hands named by their fingers («1 бьёт 2», "split → 1+3")."""
    if "+" in code:
        return t(lang, "перераспределить → ", "split → ") + code
    own = "xx" in code
    tapper, tapped = code.split("xx" if own else "x")
    if lang == "en":
        return f"{tapper} taps {'own ' if own else ''}{tapped}"
    return f"{tapper} бьёт {'свою ' if own else ''}{tapped}"


def _option(lang: Lang, option: Option) -> str:
    return f"«{review_move(lang, option.move)}»" if lang == "ru" else f"“{review_move(lang, option.move)}”"
