"""Every word of the finger game the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.i18n import gettext, ngettext, pgettext
from bot.core.texts import Lang
from bot.games.fingers.session import FingerSession, FingerTurn, HandMove, Hint, Review
from bot.games.fingers.session import Result as FingerResult
from bot.storage import Record
from solver.engine import Value
from solver.fingers import Ending, Kind
from solver.review import Grade, GradedMove, Option


def rules(lang: Lang) -> str:
    return gettext(
        lang,
        "✋ The finger game (/fingers): each player has two hands with one finger each. A move taps an "
        "opponent's hand with one of yours (adding your fingers to it) or splits your own. A hand with "
        "5+ dies; both hands dead loses. A position seen three times, or the move limit, is a draw.",
    )


def fingers_intro(lang: Lang) -> str:
    return gettext(
        lang,
        "✋ The finger game (Chopsticks). Each player has two hands with one finger each. A move: tap one "
        "of the opponent's hands with one of yours (it gets your fingers added) or split your fingers "
        "anew. A hand with 5 or more dies 💀; whoever has both hands dead has lost.\n"
        "How strong should I play?",
    )


def _hands(hands: Sequence[int]) -> str:
    """Left hand first, as it stays: hands are never re-sorted in what the player sees."""
    return "  ".join(f"✋{count}" if count else "💀" for count in hands)


def fingers_board(lang: Lang, session: FingerSession) -> str:
    return (
        gettext(lang, "🤖 Me:  {hands}", hands=_hands(session.bot))
        + "\n"
        + gettext(lang, "🙂 You: {hands}", hands=_hands(session.player))
    )


def _hand(lang: Lang, side: int, *, tapped: bool) -> str:
    """A hand by where it is shown (0 left, 1 right), as the tapping or the tapped one: Russian
    says «левая бьёт левую»."""
    if tapped:
        return pgettext(lang, "tapped hand", "right") if side else pgettext(lang, "tapped hand", "left")
    return pgettext(lang, "tapping hand", "right") if side else pgettext(lang, "tapping hand", "left")


def finger_move(lang: Lang, seen: HandMove) -> str:
    """The move as a player says it, naming hands by where they are shown: «левая 3 бьёт правую 2»,
    "left 3 taps right 2", «перераспределить 2+2 → 1+3»."""
    move = seen.move
    if move.kind is Kind.SPLIT:
        verb = gettext(lang, "split")
        return f"{verb} {seen.before[0]}+{seen.before[1]} → {seen.after[0]}+{seen.after[1]}"
    assert move.tapper is not None and move.tapped is not None and seen.tapper is not None and seen.tapped is not None
    tapper, tapped = move.tapper.fingers, move.tapped.fingers
    own = move.kind is Kind.SELF_TAP
    hands = {
        "tapper_hand": _hand(lang, seen.tapper, tapped=False),
        "tapped_hand": _hand(lang, seen.tapped, tapped=True),
    }
    if own:
        return gettext(
            lang, "{tapper_hand} {tapper} taps own {tapped_hand} {tapped}", tapper=tapper, tapped=tapped, **hands
        )
    return gettext(lang, "{tapper_hand} {tapper} taps {tapped_hand} {tapped}", tapper=tapper, tapped=tapped, **hands)


def fingers_text(lang: Lang, session: FingerSession, turn: FingerTurn | None, cap: int) -> str:
    lines = []
    if turn is not None and turn.player_move is not None:
        lines.append(gettext(lang, "You: ") + finger_move(lang, turn.player_move))
    if turn is not None and turn.bot_move is not None:
        lines.append(gettext(lang, "Me: ") + finger_move(lang, turn.bot_move))
    lines.append(fingers_board(lang, session))
    result = turn.result if turn is not None else None
    if result is FingerResult.WON:
        lines.append(gettext(lang, "🎉 You won!"))
    elif result is FingerResult.LOST:
        lines.append(gettext(lang, "🤖 I won."))
    elif result is FingerResult.DRAW_REPETITION:
        lines.append(gettext(lang, "🤝 A draw: the position came up three times."))
    elif result is FingerResult.DRAW_CAP:
        moves = ngettext(lang, "{n} move", "{n} moves", cap)
        lines.append(gettext(lang, "🤝 A draw: the limit of {moves} is reached.", moves=moves))
    else:
        lines.append(gettext(lang, "Your move:"))
    return "\n".join(lines)


def fingers_ask_first(lang: Lang) -> str:
    return gettext(lang, "Who starts? (With perfect play on both sides, whoever starts loses.)")


def use_the_buttons(lang: Lang) -> str:
    return gettext(lang, "In the finger game you move with the buttons under the board. /giveup to resign.")


def choose_with_buttons(lang: Lang) -> str:
    return gettext(lang, "Choose with a button above (or /fingers again).")


def gave_up(lang: Lang) -> str:
    return gettext(lang, "🏳 You resigned: it counts as a loss.")


def name(lang: Lang) -> str:
    return gettext(lang, "the finger game")


def menu_button(lang: Lang) -> str:
    return gettext(lang, "✋ Finger game")


def help_lines(lang: Lang) -> str:
    return gettext(lang, "/fingers — the finger game (chopsticks); /hint in it — the best move")


def record_line(lang: Lang, record: Record) -> str:
    return gettext(
        lang,
        "Finger game: played {played}, won {won}, lost {lost}, drawn {draws}",
        played=record.played,
        won=record.won,
        lost=record.lost,
        draws=record.draws,
    )


# ------------------------------------------------------------------ hint


def hint_text(lang: Lang, hint: Hint) -> str:
    """The judge's move for the player, and what it brings: the win and how soon, the draw, or the longest defence."""
    move = finger_move(lang, hint.move)
    total = hint.plies + 1  # counting the move itself
    if hint.value is Value.WIN:
        moves = ngettext(lang, "{n} move", "{n} moves", total)
        soon = gettext(lang, "a win in {moves}, this one included", moves=moves)
        if total == 1:
            soon = gettext(lang, "it wins at once")
        return gettext(lang, "💡 {move}: {soon}.", move=move, soon=soon)
    if hint.value is Value.DRAW:
        return gettext(lang, "💡 {move}: it holds the draw.", move=move)
    moves = ngettext(lang, "{n} move", "{n} moves", total)
    return gettext(lang, "💡 {move}: the game is lost, but this holds out longest: {moves}.", move=move, moves=moves)


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
        lines.append(gettext(lang, "…and {more} more turning points.", more=more))
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
        FingerResult.WON: gettext(lang, "you won"),
        FingerResult.LOST: gettext(lang, "I won"),
        FingerResult.DRAW_REPETITION: gettext(lang, "a draw by repetition"),
        FingerResult.DRAW_CAP: gettext(lang, "a draw at the move limit"),
    }[review.result]
    if review.resigned:
        ended = gettext(lang, "you resigned")
    first = review.moves[0]
    yours = (first.mover == review.player_seat) == (first.before is Value.WIN) and first.before is not Value.DRAW
    if review.result is not FingerResult.WON and yours:
        ended += gettext(lang, ", though the win was yours from the start")
    return gettext(lang, "🔍 Review: {ended}.", ended=ended)


def _no_turning_point(lang: Lang, review: Review) -> str:
    """No move changed the result: say whose it was from the first move."""
    first = review.moves[0]
    if first.before is Value.DRAW:
        return gettext(lang, "No move changed the result: a draw from the start.")
    yours = (first.mover == review.player_seat) == (first.before is Value.WIN)
    return (
        gettext(lang, "No move changed the result: the win was yours from the start.")
        if yours
        else gettext(lang, "No move changed the result: the win was mine from the start.")
    )


def _turning_line(lang: Lang, move: GradedMove, review: Review) -> str:
    """A move that changed the result: whose, what, what it lost and what would have kept it."""
    you = move.mover == review.player_seat
    who = gettext(lang, "you") if you else gettext(lang, "I")
    head = f"❌ {_where(lang, move, review)}, {who}: {finger_move(lang, review.seen(move.ply, move.move))}"
    better = _option(lang, move, move.best_moves[0], review)
    if move.grade is Grade.THREW_DRAW:
        return head + gettext(lang, " — threw the draw away; {better} held it.", better=better)
    slip = review.slips.get(move.ply)
    if slip is Ending.REPETITION:
        lost = gettext(lang, "the win slipped into a repetition")
    elif slip is Ending.CAP:
        lost = gettext(lang, "the win could no longer come before the move limit")
    else:
        lost = gettext(lang, "threw the win away")
    return head + gettext(lang, " — {lost}; {better} won.", lost=lost, better=better)


def _where(lang: Lang, move: GradedMove, review: Review) -> str:
    """A move's number with the hands before it as the board showed them (left hand first), so the
    player finds it again: «Ход 8 (у вас 3+1, у меня 2+2)»."""
    shown = review.shown[move.ply - 1]
    you, me = f"{shown.player[0]}+{shown.player[1]}", f"{shown.bot[0]}+{shown.bot[1]}"
    return gettext(lang, "Move {ply} (you {you}, me {me})", ply=move.ply, you=you, me=me)


def _slow_line(lang: Lang, slow: list[GradedMove], review: Review) -> str:
    """The player's moves that kept a win but let it recede; the first with the move that would have hurried it."""
    first = slow[0]
    better = _option(lang, first, first.best_moves[0], review)
    plies = ngettext(lang, "{n} move", "{n} moves", first.before_plies)
    where = _where(lang, first, review)
    kept = gettext(
        lang,
        "☑️ {where} kept the win without bringing it closer: {better} won in {plies}.",
        where=where,
        better=better,
        plies=plies,
    )
    if len(slow) == 1:
        return kept
    others = ", ".join(str(move.ply) for move in slow[1:_SLOW_SHOWN])
    more = len(slow) - _SLOW_SHOWN
    if more > 0:
        others += gettext(lang, " and {more} more", more=more)
    return kept + gettext(lang, " So did moves {others}.", others=others)


def _tally(lang: Lang, review: Review) -> str:
    you, me = review.player_seat, 3 - review.player_seat
    best, made = review.summary.best_moves, review.summary.moves
    return gettext(  # bare numbers: «из 3 ходов» would need the genitive, which CLDR's forms do not give
        lang,
        "Best moves: yours {best_you} of {made_you}, mine {best_me} of {made_me}.",
        best_you=best[you],
        made_you=made[you],
        best_me=best[me],
        made_me=made[me],
    )


def _option(lang: Lang, move: GradedMove, option: Option, review: Review) -> str:
    """A better move at ``move``'s position, in the game's words (as its buttons and /hint say it)."""
    return pgettext(lang, "quotation marks", "“{text}”", text=finger_move(lang, review.seen(move.ply, option.move)))
