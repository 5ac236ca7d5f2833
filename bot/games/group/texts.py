"""Every word of the letter game in a group that the players read."""

from __future__ import annotations

import html
from collections.abc import Sequence

from bot.core.texts import Lang, button_level, count, t
from bot.games.group.session import BEATEN, BOT, SEATS, Event, GroupSession, Outcome, TurningPoint
from bot.games.letters.texts import board, button_rule, examples
from bot.storage import Record
from solver.letters import InputError, InputProblem
from solver.levels import Level

GROUP_COMMANDS: dict[Lang, list[tuple[str, str]]] = {
    "ru": [
        ("play", "собрать игру в буквы: русские слова или английский Ghost — кнопкой в сборе"),
        ("l", "сходить буквой: /l к"),
        ("giveup", "выйти из игры"),
        ("stop", "остановить игру (админы и тот, кто начал)"),
        ("stats", "мои результаты"),
        ("top", "лучшие игроки группы: за 7 дней и за всё время"),
        ("review", "разбор последней игры: где каждый упустил выигрыш"),
        ("whowins", "кто выигрывает с этих букв (о доске идущей игры — после неё)"),
        ("word", "есть ли слово в играх"),
        ("lang", "язык бота для меня: русский или английский"),
        ("rules", "правила"),
        ("help", "как играть в группе"),
    ],
    "en": [
        ("play", "gather a letter game: Russian words or English Ghost, a button in the lobby"),
        ("l", "move with a letter: /l k"),
        ("giveup", "leave the game"),
        ("stop", "stop the game (admins and whoever started it)"),
        ("stats", "my record"),
        ("top", "the group's best players: the last 7 days and all time"),
        ("review", "the last game reviewed: where each player let the win go"),
        ("whowins", "who wins from these letters (on the board of a game under way: after it)"),
        ("word", "does a word count in the games"),
        ("lang", "the bot's language for me: Russian or English"),
        ("rules", "the rules"),
        ("help", "how to play in a group"),
    ],
}


def rules(lang: Lang) -> str:
    return t(
        lang,
        "👥 Игра в буквы в группе: /play собирает игроков (кнопка «Играю», бот может играть тоже), ходят по очереди "
        "вступления. Букву можно прислать сообщением, ответом на сообщение бота или командой /l буква. "
        "Кто закончил слово (при правиле «закончил — проиграл») или написал букву, после которой слова нет, "
        "выбывает; следующий начинает новый круг с пустой доски. При правиле «закончил — выиграл» "
        "закончивший слово сразу побеждает. Игра идёт, пока не останется один. "
        "Кто не сходил вовремя или сдался (/giveup), выбывает, доска остаётся. "
        "/stop — остановить игру (админам и тому, кто её начал). В конце — итоги и кнопка «🔁 Реванш».",
        "👥 The letter game in a group: /play gathers players (the Join button; the bot may play too), who move in "
        "join order. Send a letter as a message, as a reply to the bot's message or as /l letter. "
        "Whoever completes a word (under “completing a word loses”) or plays a letter no word starts with "
        "is out, and the next player starts a new round on an empty board. Under “completing a word wins” "
        "completing a word wins at once. The game goes on until one player is left. "
        "A player who does not move in time, or gives up (/giveup), is out and the board stays. "
        "/stop ends the game (for the group's admins and whoever started it). At the end: the standings "
        "and a 🔁 Rematch button.",
    )


def group_help_text(lang: Lang) -> str:
    commands = "\n".join(f"/{name} — {description}" for name, description in GROUP_COMMANDS[lang])
    return (
        t(
            lang,
            "Игра в буквы на всю группу: /play, кнопка «Играю», затем «Начать». Ходят по очереди; "
            "букву можно прислать сообщением, ответом на сообщение бота или /l буква.\n",
            "The letter game for the whole group: /play, tap Join, then Start. Players move in turn; "
            "send a letter as a message, as a reply to the bot's message or as /l letter.\n",
        )
        + commands
        + t(lang, "\nОстальные игры — в личном чате с ботом.", "\nThe other games are in a private chat with the bot.")
    )


def _player(session: GroupSession, player: int, lang: Lang) -> str:
    return t(lang, "Буквоед 🤖", "Bukvoed 🤖") if player == BOT else session.name(player)


def _player_html(session: GroupSession, player: int, lang: Lang) -> str:
    return html.escape(_player(session, player, lang))


def _mention(session: GroupSession, player: int, lang: Lang) -> str:
    """The player's name as a mention, so their phone tells them it is their turn."""
    if player == BOT:
        return _player_html(session, player, lang)
    return f'<a href="tg://user?id={player}">{_player_html(session, player, lang)}</a>'


def button_join(lang: Lang) -> str:
    return t(lang, "🙋 Играю", "🙋 Join")


def button_add_bot(lang: Lang) -> str:
    return t(lang, "🤖 Бот тоже играет", "🤖 The bot plays too")


def button_remove_bot(lang: Lang) -> str:
    return t(lang, "🤖 Убрать бота", "🤖 Remove the bot")


def button_gentle(lang: Lang, gentle: bool) -> str:
    mark = "✅ " if gentle else ""
    return mark + t(lang, "🙂 Мягко: неверную букву можно переходить", "🙂 Gentle: one retry after a dead letter")


def button_dictionary(lang: Lang, dictionary: str, chosen: bool) -> str:
    mark = "✅ " if chosen else ""
    if dictionary == "en":
        return mark + t(lang, "🇬🇧 Английский Ghost", "🇬🇧 English Ghost")
    return mark + t(lang, "🇷🇺 Русские слова", "🇷🇺 Russian words")


def button_bot_level(lang: Lang, level: Level, chosen: bool) -> str:
    return ("✅ " if chosen else "") + t(lang, "🤖 Бот: ", "🤖 The bot: ") + _level_name(lang, level)


def _level_name(lang: Lang, level: Level) -> str:
    if level is Level.PERFECT:
        return button_level(lang, level).lower()
    return t(lang, "помягче", "gentler")


def button_rematch(lang: Lang) -> str:
    return t(lang, "🔁 Реванш теми же игроками", "🔁 Rematch, same players")


def button_start(lang: Lang) -> str:
    return t(lang, "▶️ Начать", "▶️ Start")


def _group_rule(lang: Lang, session: GroupSession) -> str:
    if session.dictionary == "en":
        return t(lang, "английский Ghost (слова от 4 букв, закончил — проиграл)", "English Ghost (4+ letters)")
    return button_rule(lang, session.rule)


def _game_language(lang: Lang, session: GroupSession) -> str:
    if session.dictionary == "en":
        return t(lang, "🇬🇧 Игра на английских словах.", "🇬🇧 A game of English words.")
    return t(lang, "🇷🇺 Игра на русских словах.", "🇷🇺 A game of Russian words.")


def lobby_text(lang: Lang, session: GroupSession) -> str:
    players = ", ".join(_player(session, p, lang) for p in session.players) or "—"
    creator = _player(session, session.creator, lang)
    mode = t(
        lang,
        "мягкий (если ни одно слово не начинается с буквы, её можно один раз переходить)",
        "gentle (a letter no word starts with may be taken back once)",
    )
    if not session.gentle:
        mode = t(
            lang, "строгий (буква, с которой не начинается ни одно слово, — выбывание)", "strict (a dead letter is out)"
        )
    bot = t(lang, "не играет", "does not play")
    if BOT in session.players:
        level = _level_name(lang, session.level)
        bot = t(lang, f"играет (уровень: {level})", f"plays (level: {level})")
    invitation = t(
        lang,
        f"Нажмите «Играю»; выйти — /giveup. Язык, правило, режим, бота и начало игры выбирает {creator}: "
        "«Начать» — когда игроков двое или больше.",
        f"Tap Join; /giveup to leave. {creator} chooses the language, the rule, the mode and the bot, and "
        "taps Start when there are two players or more.",
    )
    if session.started:  # the buttons are gone: the message no longer invites anyone
        invitation = t(lang, "▶️ Игра началась.", "▶️ The game has begun.")
    return t(
        lang,
        f"🔤 Игра в буквы на всю группу. {_game_language(lang, session)} Правило: {_group_rule(lang, session)}.\n"
        f"Режим: {mode}. Бот {bot}.\nИгроки: {players}\n{invitation}",
        f"🔤 The letter game for the whole group. {_game_language(lang, session)} "
        f"Rule: {_group_rule(lang, session)}.\nMode: {mode}. The bot {bot}.\nPlayers: {players}\n{invitation}",
    )


def lobby_expired(lang: Lang) -> str:
    return t(
        lang,
        "⌛ Игру так и не начали — сбор закрыт. /play — собрать заново.",
        "⌛ Nobody started the game, so the lobby is closed. /play gathers a new one.",
    )


def lobby_closed(lang: Lang) -> str:
    return t(
        lang,
        "Сбор закрыт: в нём никого не осталось. /play — собрать заново.",
        "The lobby is closed: nobody is left. /play gathers a new one.",
    )


def only_creator(lang: Lang, session: GroupSession) -> str:
    creator = _player(session, session.creator, lang)
    return t(lang, f"Это решает {creator} — тот, кто собрал игру.", f"{creator} gathered this game and decides that.")


def not_started(lang: Lang, session: GroupSession) -> str:
    creator = _player(session, session.creator, lang)
    return t(
        lang,
        f"Игра ещё не началась: ждём, когда {creator} нажмёт «Начать». Присоединиться — кнопка «Играю».",
        f"The game has not started yet: {creator} taps Start. Tap Join to play.",
    )


def left_lobby(lang: Lang, name: str) -> str:
    return t(lang, f"{name} больше не в списке игроков.", f"{name} is off the list of players.")


def top_text(lang: Lang, week: Sequence[tuple[str, int]], ever: Sequence[tuple[str, int]]) -> str:
    """The group's leaderboard: games won in the last 7 days and all time."""

    def table(rows: Sequence[tuple[str, int]]) -> str:
        if not rows:
            return t(lang, "пока никто не выигрывал", "no wins yet")
        return "\n".join(
            f"{place}. {name} — {t(lang, 'побед', 'wins')}: {wins}" for place, (name, wins) in enumerate(rows, 1)
        )

    return t(
        lang,
        f"🏆 Лучшие игроки группы\n\nЗа 7 дней:\n{table(week)}\n\nЗа всё время:\n{table(ever)}",
        f"🏆 The group's best players\n\nThe last 7 days:\n{table(week)}\n\nAll time:\n{table(ever)}",
    )


def group_start(lang: Lang, username: str) -> str:
    return t(
        lang,
        f"👋 Я Буквоед. В группе играем в буквы все вместе: /play — собрать игру, /help — как играть, "
        f"/top — лучшие игроки группы. «5 букв», пальцы и игра один на один — в личном чате: @{username}",
        f"👋 I am Bukvoed. In a group we play the letter game together: /play gathers a game, /help says how, "
        f"/top shows the group's best players. 5bukv, the finger game and one-to-one games are in a private chat: "
        f"@{username}",
    )


def group_only(lang: Lang) -> str:
    return t(
        lang,
        "/l, /stop и /top — для игры в группе: добавьте меня в группу и наберите там /play. "
        "Здесь, в личном чате, /play — игра со мной.",
        "/l, /stop and /top are for a game in a group: add me to a group and type /play there. "
        "Here in a private chat, /play is a game with me.",
    )


def no_group_hints(lang: Lang) -> str:
    return t(
        lang,
        "В игре на всю группу подсказок нет: все на равных. В личном чате со мной /hint — сколько угодно.",
        "No hints in a group game: everyone plays on equal terms. In a private chat with me, /hint any time.",
    )


def lobby_open(lang: Lang, session: GroupSession, chat_id: int) -> str:
    """/play while a lobby is gathering: there is one, and where to join it (a link to its
    message where Telegram has them: in a supergroup)."""
    creator = _player(session, session.creator, lang)
    where = t(lang, "под сообщением сбора выше", "under the lobby's message above")
    internal = str(chat_id).removeprefix("-100")
    if session.lobby_message is not None and str(chat_id).startswith("-100"):
        where = t(lang, "под сообщением сбора: ", "under the lobby's message: ")
        where += f"https://t.me/c/{internal}/{session.lobby_message}"
    return t(
        lang,
        f"Игру уже собирают ({creator} начнёт её): нажмите «Играю» {where}",
        f"A game is being gathered already ({creator} starts it): tap Join {where}",
    )


def group_game_running(lang: Lang) -> str:
    return t(
        lang,
        "В группе уже идёт игра. /stop — остановить (админам и тому, кто её начал).",
        "A game is already running here. /stop ends it (for admins and whoever started it).",
    )


def lobby_full(lang: Lang) -> str:
    return t(lang, f"Мест нет: в игре до {SEATS} участников.", f"No seat left: a game has at most {SEATS} players.")


def already_joined(lang: Lang) -> str:
    return t(lang, "Вы уже в игре.", "You are in already.")


def need_two_players(lang: Lang) -> str:
    return t(lang, "Нужно хотя бы двое игроков.", "At least two players are needed.")


def not_your_turn(lang: Lang, session: GroupSession) -> str:
    who = _player(session, session.current, lang)
    return t(lang, f"Сейчас ходит {who}.", f"It is {who}'s turn.")


def no_group_game(lang: Lang) -> str:
    return t(lang, "Игры нет. /play — собрать игру в буквы.", "No game is running. /play gathers a letter game.")


def not_in_game(lang: Lang) -> str:
    return t(lang, "Вы не в этой игре.", "You are not in this game.")


def group_stop_refused(lang: Lang) -> str:
    return t(
        lang,
        "Остановить игру могут админы группы и тот, кто её начал.",
        "Only the group's admins and whoever started the game can stop it.",
    )


def group_stopped(lang: Lang, who: str) -> str:
    return t(lang, f"⏹ {who} останавливает игру.", f"⏹ {who} stopped the game.")


def group_not_a_letter(lang: Lang, error: InputError, *, english: bool, latin: bool = False) -> str:
    """A move that is not one letter of the game's alphabet (a group has no hints: none offered);
    ``latin``: Latin letters sent to the game of Russian words."""
    if latin and not english:
        return t(
            lang,
            "Это игра на русских словах: латинские буквы не подходят. Пришлите одну русскую букву.",
            "This game is played with Russian words: Latin letters do not count. Send one Russian letter.",
        )
    if error.problem is InputProblem.NOT_ONE_LETTER:
        return t(lang, "Нужна ровно одна буква.", "One letter, please.")
    if english:
        return t(lang, "Пришлите одну латинскую букву (a–z).", "Send one letter a-z.")
    return t(lang, "Пришлите одну русскую букву.", "Send one Russian letter.")


def time_nearly_up(lang: Lang, session: GroupSession, seconds: float) -> str:
    """The nudge before a turn's time is up (HTML, the player to move mentioned)."""
    who = _mention(session, session.current, lang)
    left = count(lang, round(seconds), ("секунда", "секунды", "секунд"), ("second", "seconds"))
    return t(lang, f"⏳ {who}, осталось {left} на ход!", f"⏳ {who}, {left} left to move!")


def rematch_not_yours(lang: Lang) -> str:
    return t(lang, "Реванш начинают те, кто играл.", "A rematch is for those who played.")


def group_letter_usage(lang: Lang) -> str:
    return t(lang, "Напишите букву после команды: /l к", "Put the letter after the command: /l k")


def _event_lines(lang: Lang, session: GroupSession, event: Event) -> list[str]:
    who = _player_html(session, event.player, lang)
    lines = [f"{who}: {event.letter.upper()}"] if event.letter else []
    if event.outcome is Outcome.WORD:
        if event.winner == event.player and event.player not in event.out:
            lines.append(
                t(
                    lang,
                    f"Слово {board(event.board)} закончено — кто закончил, тот выиграл.",
                    f"The word {board(event.board)} is complete, and completing a word wins.",
                )
            )
        else:
            lines.append(
                t(
                    lang,
                    f"Слово {board(event.board)} закончено — {who} выбывает.",
                    f"The word {board(event.board)} is complete: {who} is out.",
                )
            )
        if event.sure_line is not None:
            lines.append(_sure_line(lang, event))
    elif event.outcome is Outcome.NO_WORD:
        line = t(
            lang,
            f"Ни одно слово не начинается с {board(event.board)} — {who} выбывает.",
            f"No word starts with {board(event.board)}: {who} is out.",
        )
        if event.possible:
            line += t(lang, " Можно было: ", " Possible letters were: ") + examples(lang, event.possible, limit=5)
        lines.append(line)
    elif event.outcome is Outcome.REFUSED:
        lines.append(
            t(
                lang,
                f"Ни одно слово не начинается с {board(event.board)} — {who}, попробуйте другую букву "
                "(ещё одна такая — и вы выбываете). Можно: ",
                f"No word starts with {board(event.board)}: {who}, try another letter "
                "(a second one is out). Possible: ",
            )
            + examples(lang, event.possible, limit=5)
        )
    elif event.outcome is Outcome.TIMEOUT:
        lines.append(t(lang, f"⏰ {who}: время на ход вышло — выбывает.", f"⏰ {who} ran out of time and is out."))
    elif event.outcome is Outcome.LEFT:
        lines.append(t(lang, f"🏳 {who} выходит из игры.", f"🏳 {who} leaves the game."))
    return lines


def _sure_line(lang: Lang, event: Event) -> str:
    start = event.sure_from or ""
    since = t(lang, f"с доски {board(start)}", f"from {board(start)} on")
    if not start:
        since = t(lang, "с начала", "from the start")
    return t(
        lang,
        f"🤖 Я знал, чем кончится, {since}, как бы ни ходили остальные: {event.sure_line}",
        f"🤖 I was sure of this {since}, whatever the others played: {event.sure_line}",
    )


def board_line(lang: Lang, letters: str, *, new_round: bool = True) -> str:
    """The board under a turn message; an empty one said in words, not shown as «»: a new word
    after a round ended (``new_round``), else the first word."""
    if not letters and new_round:
        return t(lang, "Доска пуста: слово начинается заново.", "The board is empty: a new word begins.")
    if not letters:
        return t(lang, "Доска пуста: первая буква — за вами.", "The board is empty: the first letter is yours.")
    return t(lang, f"Доска: {board(letters)}", f"Board: {board(letters)}")


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
            t(
                lang,
                f"Ходит {who} ({seconds:g} с на ход). Букву присылайте сообщением, ответом на сообщение "
                "бота или /l буква.",
                f"{who} to move ({seconds:g} s a turn). Send a letter as a message, a reply to the bot's "
                "message or /l letter.",
            )
        )
    else:
        lines.append(t(lang, f"Ходит {who} ({seconds:g} с).", f"{who} to move ({seconds:g} s)."))
    return lines


_HOW_OUT: dict[str, tuple[str, str]] = {
    Outcome.TIMEOUT.value: ("время на ход вышло", "ran out of time"),
    Outcome.WORD.value: ("закончено слово", "completed a word"),
    Outcome.NO_WORD.value: ("ни одно слово так не начинается", "no word started like that"),
    Outcome.LEFT.value: ("выход из игры", "gave up"),
    BEATEN: ("победитель закончил слово", "the winner completed a word"),
}


def standings(lang: Lang, session: GroupSession) -> list[str]:
    """The final standings: the winner first, then the others from the last out to the first,
    each with how they went out and after how many letters (none for a game stored before
    they were kept)."""
    if not session.exits:
        return []
    lines = [t(lang, "📋 Итоги:", "📋 Standings:")]
    place = 1
    if session.winner is not None:
        lines.append(f"1. 🏆 {_player_html(session, session.winner, lang)}")
        place = 2
    for player, how, letters in reversed(session.exits):
        ru, en = _HOW_OUT.get(str(how), ("выбывание", "out"))
        played = count(lang, int(letters), ("буквы", "букв", "букв"), ("letter", "letters"))
        when = t(lang, f"после {played}", f"after {played}")
        if not int(letters):
            when = t(lang, "до первой буквы", "before the first letter")
        lines.append(f"{place}. {_player_html(session, int(player), lang)} — {t(lang, ru, en)}, {when}")
        place += 1
    return lines


def group_turn_text(lang: Lang, session: GroupSession, events: Sequence[Event], seconds: float) -> str:
    """The events since the last message, then the board and who moves next (or who won):
    HTML, with the player to move mentioned."""
    lines = turn_story_lines(lang, session, events)
    if session.over:
        if session.winner is not None:
            winner = _player_html(session, session.winner, lang)
            lines.append(t(lang, f"🏆 Победитель: {winner}!", f"🏆 The winner: {winner}!"))
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
    return t(lang, "игра в буквы в группе", "the letter game in a group")


def record_line(lang: Lang, record: Record) -> str:
    """The group game's /stats line: a group game has no hints, so none are counted."""
    return t(
        lang,
        f"Буквы в группе: игр {record.played}, побед {record.won}, поражений {record.lost}",
        f"Letter game in groups: played {record.played}, won {record.won}, lost {record.lost}",
    )


# ------------------------------------------------------------------ review


def review_text(lang: Lang, session: GroupSession, points: dict[int, TurningPoint | None]) -> str:
    """Each player's turning point in one line: where they let a forced good end go, and the letter
    that kept it (everyone else playing together against them, as the group tables are solved)."""
    lines = [t(lang, "🔍 Разбор: где каждый упустил выигрыш", "🔍 Review: where each player let the win go")]
    for player, point in points.items():
        name = _player(session, player, lang)
        if point is None:
            lines.append(t(lang, f"{name}: выигрыш ни разу не упущен.", f"{name}: never let a forced win go."))
            continue
        kept, at, played = f"{point.kept_by[0].upper()} ({point.example})", board(point.board), point.letter.upper()
        lines.append(
            t(
                lang,
                f"{name}: на {at} — {played}, а выигрыш держала {kept}.",
                f"{name}: at {at} played {played}; {kept} kept the win.",
            )
        )
    return "\n".join(lines)


def review_after_the_game(lang: Lang) -> str:
    return t(
        lang,
        "Разбор — когда игра закончится: иначе он подсказал бы всем выигрышные буквы.",
        "The review comes when the game is over: else it would tell everyone the winning letters.",
    )


# ------------------------------------------------------------------ anonymous admins, topics


def anonymous_admin(lang: Lang) -> str:
    """Who stopped the game, when an admin posted as the group itself."""
    return t(lang, "Админ группы", "A group admin")


def post_as_yourself(lang: Lang) -> str:
    """/play sent as the group or a channel: nobody could press the lobby's creator's buttons."""
    return t(
        lang,
        "Сбор ведёт тот, кто его начал, а от имени группы или канала кнопки нажать нельзя. "
        "Напишите /play от своего имени.",
        "A lobby is run by whoever opens it, and nobody can press its buttons as the group or a channel. "
        "Send /play as yourself.",
    )


def admin_check_failed(lang: Lang) -> str:
    """/stop from someone who may be an admin, when Telegram would not say."""
    return t(
        lang,
        "Не удалось узнать у Telegram, админ ли вы; игра идёт дальше. Попробуйте /stop ещё раз чуть позже.",
        "Telegram would not tell me whether you are an admin; the game goes on. Try /stop again a little later.",
    )


def game_in_another_topic(lang: Lang) -> str:
    """A move addressed to the bot outside the topic the game is played in."""
    return t(lang, "Игра идёт в другой теме: ходите там.", "The game is played in another topic: move there.")
