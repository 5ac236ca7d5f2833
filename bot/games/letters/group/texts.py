"""Every word of the letter game in a group that the players read."""

from __future__ import annotations

import html
from collections.abc import Sequence

from bot.core.i18n import N_, NP_, Language, gettext, ngettext, pgettext
from bot.core.texts import Lang, button_level
from bot.games.letters.group.session import BOT, SEATS, Event, GroupSession, Outcome, TurningPoint
from bot.games.letters.texts import attempt, board, button_rule, button_strict, examples
from bot.storage import Record
from solver.letters import InputError, InputProblem
from solver.levels import Level

#: The group's command menu, also listed in its /help (translated where shown).
GROUP_COMMANDS: list[tuple[str, str]] = [
    ("play", NP_("menu", "gather a letter game: Russian words or English Ghost, a button in the lobby")),
    ("l", NP_("menu", "move with a letter: /l k")),
    ("giveup", NP_("menu", "leave the game")),
    ("stop", NP_("menu", "stop the game (admins and whoever started it)")),
    ("stats", NP_("menu", "my record")),
    ("top", NP_("menu", "the group's best players: the last 7 days and all time")),
    ("review", NP_("menu", "the last game reviewed: where each player let the win go")),
    ("whowins", NP_("menu", "who wins from these letters (on the board of a game under way: after it)")),
    ("word", NP_("menu", "does a word count in the games")),
    ("lang", NP_("menu", "the bot's language for me: Russian or English")),
    ("rules", NP_("menu", "the rules")),
    ("help", NP_("menu", "how to play in a group")),
]


def group_commands(lang: Lang) -> list[tuple[str, str]]:
    """The group's command menu in ``lang``."""
    return [(name, pgettext(lang, "menu", about)) for name, about in GROUP_COMMANDS]


def rules(lang: Lang) -> str:
    return gettext(
        lang,
        "👥 The letter game in a group: /play gathers players (the Join button; the bot may play too), "
        "who move in join order. Send a letter as a message, as a reply to the bot's message or as /l "
        "letter. Whoever completes a word (under “completing a word loses”) or plays a letter no word "
        "starts with is out, and the next player starts a new round on an empty board. Under “completing "
        "a word wins” completing a word wins at once. The game goes on until one player is left. A "
        "player who does not move in time, or gives up (/giveup), is out and the board stays. /stop ends "
        "the game (for the group's admins and whoever started it). At the end: the standings and a 🔁 "
        "Rematch button.",
    )


def group_help_text(lang: Lang) -> str:
    commands = "\n".join(f"/{name} — {description}" for name, description in group_commands(lang))
    return (
        gettext(
            lang,
            "The letter game for the whole group: /play, tap Join, then Start. Players move in turn; send a "
            "letter as a message, as a reply to the bot's message or as /l letter.\n",
        )
        + commands
        + gettext(lang, "\nThe other games are in a private chat with the bot.")
    )


def _player(session: GroupSession, player: int, lang: Lang) -> str:
    return gettext(lang, "Bukvoed 🤖") if player == BOT else session.name(player)


def player_name(lang: Lang, session: GroupSession, player: int) -> str:
    """A player's name as the game shows it (the bot's in the game's language), for the leaderboard."""
    return _player(session, player, lang)


def _player_html(session: GroupSession, player: int, lang: Lang) -> str:
    return html.escape(_player(session, player, lang))


def _mention(session: GroupSession, player: int, lang: Lang) -> str:
    """The player's name as a mention, so their phone tells them it is their turn."""
    if player == BOT:
        return _player_html(session, player, lang)
    return f'<a href="tg://user?id={player}">{_player_html(session, player, lang)}</a>'


def button_join(lang: Lang) -> str:
    return gettext(lang, "🙋 Join")


def button_add_bot(lang: Lang) -> str:
    return gettext(lang, "🤖 The bot plays too")


def button_remove_bot(lang: Lang) -> str:
    return gettext(lang, "🤖 Remove the bot")


def button_gentle(lang: Lang, gentle: bool) -> str:
    """The private set-up's words for the same mode, so a player meets one name for it."""
    mark = "✅ " if gentle else ""
    return mark + "🙂 " + button_strict(lang, False)


def button_dictionary(lang: Lang, dictionary: str, chosen: bool) -> str:
    mark = "✅ " if chosen else ""
    if dictionary == Language.ENGLISH:
        return mark + gettext(lang, "🇬🇧 English Ghost")
    return mark + gettext(lang, "🇷🇺 Russian words")


def button_bot_level(lang: Lang, level: Level, chosen: bool) -> str:
    return ("✅ " if chosen else "") + gettext(lang, "🤖 The bot: ") + _level_name(lang, level)


def _level_name(lang: Lang, level: Level) -> str:
    if level is Level.PERFECT:
        return button_level(lang, level).lower()
    return gettext(lang, "gentler")


def button_rematch(lang: Lang) -> str:
    return gettext(lang, "🔁 Rematch, same players")


def button_start(lang: Lang) -> str:
    return gettext(lang, "▶️ Start")


def _group_rule(lang: Lang, session: GroupSession) -> str:
    """The rule mid-sentence («Правило: закончил слово — выиграл»): the button's words, lower case."""
    if session.dictionary == Language.ENGLISH:
        return gettext(lang, "English Ghost (4+ letters)")
    rule = button_rule(lang, session.rule)
    return rule[:1].lower() + rule[1:]


def _game_language(lang: Lang, session: GroupSession) -> str:
    if session.dictionary == Language.ENGLISH:
        return gettext(lang, "🇬🇧 A game of English words.")
    return gettext(lang, "🇷🇺 A game of Russian words.")


def lobby_text(lang: Lang, session: GroupSession) -> str:
    players = ", ".join(_player(session, p, lang) for p in session.players) or "—"
    creator = _player(session, session.creator, lang)
    mode = gettext(lang, "gentle (a letter no word starts with may be taken back once)")
    if not session.gentle:
        mode = gettext(lang, "strict (a dead letter is out)")
    bot = gettext(lang, "does not play")
    if BOT in session.players:
        level = _level_name(lang, session.level)
        bot = gettext(lang, "plays (level: {level})", level=level)
    invitation = gettext(
        lang,
        "Tap Join; /giveup to leave. {creator} chooses the language, the rule, the mode and the bot, and "
        "taps Start when there are two players or more.",
        creator=creator,
    )
    if session.started:  # the buttons are gone: the message no longer invites anyone
        invitation = gettext(lang, "▶️ The game has begun.")
    return gettext(
        lang,
        "🔤 The letter game for the whole group. {game_language} Rule: {group_rule}.\n"
        "Mode: {mode}. The bot {bot}.\n"
        "Players: {players}\n"
        "{invitation}",
        game_language=_game_language(lang, session),
        group_rule=_group_rule(lang, session),
        mode=mode,
        bot=bot,
        players=players,
        invitation=invitation,
    )


def lobby_expired(lang: Lang) -> str:
    return gettext(lang, "⌛ Nobody started the game, so the lobby is closed. /play gathers a new one.")


def lobby_closed(lang: Lang) -> str:
    return gettext(lang, "The lobby is closed: nobody is left. /play gathers a new one.")


def only_creator(lang: Lang, session: GroupSession) -> str:
    creator = _player(session, session.creator, lang)
    return gettext(lang, "{creator} gathered this game and decides that.", creator=creator)


def not_started(lang: Lang, session: GroupSession) -> str:
    creator = _player(session, session.creator, lang)
    return gettext(lang, "The game has not started yet: {creator} taps Start. Tap Join to play.", creator=creator)


def left_lobby(lang: Lang, name: str) -> str:
    return gettext(lang, "{name} is off the list of players.", name=name)


def top_text(lang: Lang, week: Sequence[tuple[str, int]], ever: Sequence[tuple[str, int]]) -> str:
    """The group's leaderboard: games won in the last 7 days and all time."""

    def table(rows: Sequence[tuple[str, int]]) -> str:
        if not rows:
            return gettext(lang, "no wins yet")
        return "\n".join(
            (f"{place}. {name} — " + gettext(lang, "wins") + f": {wins}") for place, (name, wins) in enumerate(rows, 1)
        )

    return gettext(
        lang,
        "🏆 The group's best players\n\nThe last 7 days:\n{table_week}\n\nAll time:\n{table_ever}",
        table_week=table(week),
        table_ever=table(ever),
    )


def group_start(lang: Lang, username: str) -> str:
    return gettext(
        lang,
        "👋 I am Bukvoed. In a group we play the letter game together: /play gathers a game, /help says "
        "how, /top shows the group's best players. 5bukv, the finger game and one-to-one games are in a "
        "private chat: @{username}",
        username=username,
    )


def group_only(lang: Lang) -> str:
    return gettext(
        lang,
        "/l, /stop and /top are for a game in a group: add me to a group and type /play there. Here in a "
        "private chat, /play is a game with me.",
    )


def no_group_hints(lang: Lang) -> str:
    return gettext(
        lang, "No hints in a group game: everyone plays on equal terms. In a private chat with me, /hint any time."
    )


def lobby_open(lang: Lang, session: GroupSession, chat_id: int) -> str:
    """/play while a lobby is gathering: there is one, and where to join it (a link to its
    message where Telegram has them: in a supergroup)."""
    creator = _player(session, session.creator, lang)
    where = gettext(lang, "under the lobby's message above")
    internal = str(chat_id).removeprefix("-100")
    if session.lobby_message is not None and str(chat_id).startswith("-100"):
        where = gettext(lang, "under the lobby's message: ")
        where += f"https://t.me/c/{internal}/{session.lobby_message}"
    return gettext(
        lang, "A game is being gathered already ({creator} starts it): tap Join {where}", creator=creator, where=where
    )


def group_game_running(lang: Lang) -> str:
    return gettext(lang, "A game is already running here. /stop ends it (for admins and whoever started it).")


def lobby_full(lang: Lang) -> str:
    return gettext(lang, "No seat left: a game has at most {SEATS} players.", SEATS=SEATS)


def already_joined(lang: Lang) -> str:
    return gettext(lang, "You are in already.")


def need_two_players(lang: Lang) -> str:
    return gettext(lang, "At least two players are needed.")


def not_your_turn(lang: Lang, session: GroupSession) -> str:
    who = _player(session, session.current, lang)
    return gettext(lang, "It is {who}'s turn.", who=who)


def no_group_game(lang: Lang) -> str:
    return gettext(lang, "No game is running. /play gathers a letter game.")


def not_in_game(lang: Lang) -> str:
    return gettext(lang, "You are not in this game.")


def group_stop_refused(lang: Lang) -> str:
    return gettext(lang, "Only the group's admins and whoever started the game can stop it.")


def group_stopped(lang: Lang, who: str) -> str:
    return gettext(lang, "⏹ {who} stopped the game.", who=who)


def group_not_a_letter(lang: Lang, error: InputError, *, english: bool, latin: bool = False) -> str:
    """A move that is not one letter of the game's alphabet (a group has no hints: none offered);
    ``latin``: Latin letters sent to the game of Russian words."""
    if latin and not english:
        return gettext(
            lang, "This game is played with Russian words: Latin letters do not count. Send one Russian letter."
        )
    if error.problem is InputProblem.NOT_ONE_LETTER:
        return gettext(lang, "One letter, please.")
    if english:
        return gettext(lang, "Send one letter a-z.")
    return pgettext(lang, "group_not_a_letter", "Send one Russian letter.")


def time_nearly_up(lang: Lang, session: GroupSession, seconds: float) -> str:
    """The nudge before a turn's time is up (HTML, the player to move mentioned)."""
    who = _mention(session, session.current, lang)
    left = ngettext(lang, "{n} second", "{n} seconds", round(seconds))
    return gettext(lang, "⏳ {who}, {left} left to move!", who=who, left=left)


def rematch_not_yours(lang: Lang) -> str:
    return gettext(lang, "A rematch is for those who played.")


def group_letter_usage(lang: Lang) -> str:
    return gettext(lang, "Put the letter after the command: /l k")


def _event_lines(lang: Lang, session: GroupSession, event: Event) -> list[str]:
    who = _player_html(session, event.player, lang)
    lines = [f"{who}: {event.letter.upper()}"] if event.letter else []
    if event.outcome is Outcome.WORD:
        if event.winner == event.player and event.player not in event.out:
            lines.append(
                gettext(
                    lang,
                    "The word {board_board} is complete, and completing a word wins.",
                    board_board=board(event.board, lang),
                )
            )
        else:
            lines.append(
                gettext(
                    lang,
                    "The word {board_board} is complete: {who} is out.",
                    board_board=board(event.board, lang),
                    who=who,
                )
            )
        if event.sure_line is not None:
            lines.append(_sure_line(lang, event))
    elif event.outcome is Outcome.NO_WORD:
        line = gettext(
            lang,
            "No word starts with {attempt_board}: {who} is out.",
            attempt_board=attempt(event.board, lang),
            who=who,
        )
        if event.possible:
            line += gettext(lang, " Possible letters were: ") + examples(lang, event.possible, limit=5)
        lines.append(line)
    elif event.outcome is Outcome.REFUSED:
        lines.append(
            gettext(
                lang,
                "No word starts with {attempt_board}: {who}, try another letter (a second one is out). Possible: ",
                attempt_board=attempt(event.board, lang),
                who=who,
            )
            + examples(lang, event.possible, limit=5)
        )
    elif event.outcome is Outcome.TIMEOUT:
        lines.append(gettext(lang, "⏰ {who} ran out of time and is out.", who=who))
    elif event.outcome is Outcome.LEFT:
        lines.append(gettext(lang, "🏳 {who} leaves the game.", who=who))
    elif event.outcome is Outcome.GONE:
        lines.append(gettext(lang, "🚪 {who} left the group and is out of the game.", who=who))
    return lines


def _sure_line(lang: Lang, event: Event) -> str:
    start = event.sure_from or ""
    since = gettext(lang, "from {board_start} on", board_start=board(start, lang))
    if not start:
        since = gettext(lang, "from the start")
    return gettext(
        lang,
        "🤖 I was sure of this {since}, whatever the others played: {sure_line}",
        since=since,
        sure_line=event.sure_line,
    )


def board_line(lang: Lang, letters: str, *, new_round: bool = True) -> str:
    """The board under a turn message; an empty one said in words, not shown as «»: a new word
    after a round ended (``new_round``), else the first word."""
    if not letters and new_round:
        return gettext(lang, "The board is empty: a new word begins.")
    if not letters:
        return gettext(lang, "The board is empty: the first letter is yours.")
    return gettext(lang, "Board: {board_letters}", board_letters=board(letters, lang))


def _first_message(session: GroupSession, events: Sequence[Event]) -> bool:
    """Whether this is the game's first turn message: every step since the start (each event
    takes one) is one of ``events``, and they are the bot's own opening letters, if any (every
    later message follows a person's move, timeout or leaving). A game stored before starts
    were kept is past it."""
    if session.started_step is None or session.step - session.started_step != len(events):
        return False
    return all(event.player == BOT for event in events)


def _next_turn(lang: Lang, session: GroupSession, events: Sequence[Event], seconds: float) -> list[str]:
    """The board and who moves next; how to move only in the game's first message."""
    who = _mention(session, session.current, lang)
    ended = any(event.outcome in (Outcome.WORD, Outcome.NO_WORD) for event in events)
    lines = [board_line(lang, session.board, new_round=ended)]
    if _first_message(session, events):
        lines.append(
            gettext(
                lang,
                "{who} to move ({seconds:g} s a turn). Send a letter as a message, a reply to the bot's message "
                "or /l letter.",
                who=who,
                seconds=seconds,
            )
        )
    else:
        lines.append(gettext(lang, "{who} to move ({seconds:g} s).", who=who, seconds=seconds))
    return lines


#: How a player went out, in the standings (translated where shown).
_HOW_OUT: dict[Outcome, str] = {
    Outcome.TIMEOUT: N_("ran out of time"),
    Outcome.WORD: N_("completed a word"),
    Outcome.NO_WORD: N_("no word started like that"),
    Outcome.LEFT: N_("gave up"),
    Outcome.GONE: N_("left the group"),
    Outcome.BEATEN: N_("the winner completed a word"),
}


def standings(lang: Lang, session: GroupSession) -> list[str]:
    """The final standings: the winner first, then the others from the last out to the first,
    each with how they went out and how many letters of their own they had played by then (the
    game's letters would credit a player who never moved with the others' moves)."""
    if not session.exits:
        return []
    lines = [gettext(lang, "📋 Standings:")]
    place = 1
    if session.winner is not None:
        lines.append(f"1. 🏆 {_player_html(session, session.winner, lang)}")
        place = 2
    for gone in reversed(session.exits):
        how_out = gettext(lang, _HOW_OUT.get(gone.how, N_("out")))
        own = sum(1 for move in session.moves[: gone.letters] if move.player == gone.player)
        when = ngettext(lang, "having played {n} letter", "having played {n} letters", own)
        if not own:
            when = gettext(lang, "without a letter of their own")
        lines.append(f"{place}. {_player_html(session, gone.player, lang)} — {how_out}, {when}")
        place += 1
    return lines


def group_turn_text(lang: Lang, session: GroupSession, events: Sequence[Event], seconds: float) -> str:
    """The events since the last message, then the board and who moves next (or who won):
    HTML, with the player to move mentioned."""
    lines = turn_story_lines(lang, session, events)
    if session.over:
        if session.winner is not None:
            winner = _player_html(session, session.winner, lang)
            lines.append(gettext(lang, "🏆 The winner: {winner}!", winner=winner))
        return "\n".join(lines + standings(lang, session))
    return "\n".join(lines + _next_turn(lang, session, events, seconds))


def turn_story_lines(lang: Lang, session: GroupSession, events: Sequence[Event]) -> list[str]:
    """What the events did, a line or more each: the part of a turn message the group must read
    even when a newer turn message replaces it unsent (it then tells these lines first)."""
    return [line for event in events for line in _event_lines(lang, session, event)]


def turn_story(lang: Lang, session: GroupSession, events: Sequence[Event], text: str) -> str:
    """The story of the turn message ``text``: the events' lines, or all of it once the game is over."""
    return text if session.over else "\n".join(turn_story_lines(lang, session, events))


def name(lang: Lang) -> str:
    return gettext(lang, "the letter game in a group")


def record_line(lang: Lang, record: Record) -> str:
    """The group game's /stats line: a group game has no hints, so none are counted."""
    return gettext(
        lang,
        "Letter game in groups: played {played}, won {won}, lost {lost}",
        played=record.played,
        won=record.won,
        lost=record.lost,
    )


# ------------------------------------------------------------------ review


def review_text(lang: Lang, session: GroupSession, points: dict[int, TurningPoint | None]) -> str:
    """Each player's turning point in one line: where they let a forced good end go, and the letter
    that kept it (everyone else playing together against them, as the group tables are solved)."""
    lines = [gettext(lang, "🔍 Review: where each player let the win go")]
    for player, point in points.items():
        name = _player(session, player, lang)
        if point is None:
            lines.append(gettext(lang, "{name}: never let a forced win go.", name=name))
            continue
        kept, played = f"{point.kept_by[0].upper()} ({point.example})", point.letter.upper()
        at = board(point.board, lang)
        lines.append(
            gettext(
                lang,
                "{name}: at {at} played {played}; {kept} kept the win.",
                name=name,
                at=at,
                played=played,
                kept=kept,
            )
        )
    return "\n".join(lines)


def review_after_the_game(lang: Lang) -> str:
    return gettext(lang, "The review comes when the game is over: else it would tell everyone the winning letters.")


# ------------------------------------------------------------------ anonymous admins, topics


def anonymous_admin(lang: Lang) -> str:
    """Who stopped the game, when an admin posted as the group itself."""
    return gettext(lang, "A group admin")


def post_as_yourself(lang: Lang) -> str:
    """/play sent as the group or a channel: nobody could press the lobby's creator's buttons."""
    return gettext(
        lang,
        "A lobby is run by whoever opens it, and nobody can press its buttons as the group or a channel. "
        "Send /play as yourself.",
    )


def admin_check_failed(lang: Lang) -> str:
    """/stop from someone who may be an admin, when Telegram would not say."""
    return gettext(
        lang, "Telegram would not tell me whether you are an admin; the game goes on. Try /stop again a little later."
    )


def game_in_another_topic(lang: Lang) -> str:
    """A move addressed to the bot outside the topic the game is played in."""
    return gettext(lang, "The game is played in another topic: move there.")
