"""Every word of the letter game in a group that the players read."""

from __future__ import annotations

from collections.abc import Sequence

from bot.group.session import BOT, Event, GroupSession, Outcome
from bot.letters.texts import board, button_rule, examples
from bot.texts import Lang, t
from solver.letters import Rule

GROUP_COMMANDS: dict[Lang, list[tuple[str, str]]] = {
    "ru": [
        ("play", "собрать игру в буквы (/play en — английский Ghost)"),
        ("l", "сходить буквой: /l к"),
        ("giveup", "выйти из игры"),
        ("stop", "остановить игру (админы и тот, кто начал)"),
        ("stats", "мои результаты"),
        ("rules", "правила"),
        ("help", "как играть в группе"),
    ],
    "en": [
        ("play", "gather a letter game (/play en: English Ghost)"),
        ("l", "move with a letter: /l k"),
        ("giveup", "leave the game"),
        ("stop", "stop the game (admins and whoever started it)"),
        ("stats", "my record"),
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
        "/stop — остановить игру (админам и тому, кто её начал).",
        "👥 The letter game in a group: /play gathers players (the Join button; the bot may play too), who move in "
        "join order. Send a letter as a message, as a reply to the bot's message or as /l letter. "
        "Whoever completes a word (under “completing a word loses”) or plays a letter no word starts with "
        "is out, and the next player starts a new round on an empty board. Under “completing a word wins” "
        "completing a word wins at once. The game goes on until one player is left. "
        "A player who does not move in time, or gives up (/giveup), is out and the board stays. "
        "/stop ends the game (for the group's admins and whoever started it).",
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


def button_join(lang: Lang) -> str:
    return t(lang, "🙋 Играю", "🙋 Join")


def button_add_bot(lang: Lang) -> str:
    return t(lang, "🤖 Бот тоже играет", "🤖 The bot plays too")


def button_start(lang: Lang) -> str:
    return t(lang, "▶️ Начать", "▶️ Start")


def _group_rule(lang: Lang, session: GroupSession) -> str:
    if session.dictionary == "en":
        return t(lang, "английский Ghost (слова от 4 букв, закончил — проиграл)", "English Ghost (4+ letters)")
    return button_rule(lang, Rule(session.rule))


def lobby_text(lang: Lang, session: GroupSession) -> str:
    players = ", ".join(_player(session, p, lang) for p in session.players) or "—"
    return t(
        lang,
        f"🔤 Игра в буквы на всю группу. Правило: {_group_rule(lang, session)}.\n"
        f"Игроки: {players}\nНажмите «Играю»; «Начать» — когда игроков двое или больше.",
        f"🔤 The letter game for the whole group. Rule: {_group_rule(lang, session)}.\n"
        f"Players: {players}\nTap Join; Start when there are two players or more.",
    )


def group_game_running(lang: Lang) -> str:
    return t(
        lang,
        "В группе уже идёт игра. /stop — остановить (админам и тому, кто её начал).",
        "A game is already running here. /stop ends it (for admins and whoever started it).",
    )


def already_joined(lang: Lang) -> str:
    return t(lang, "Вы уже в игре.", "You are in already.")


def join_first(lang: Lang) -> str:
    return t(lang, "Сначала нажмите «Играю».", "Tap Join first.")


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


def group_stopped(lang: Lang) -> str:
    return t(lang, "⏹ Игра остановлена.", "⏹ The game is stopped.")


def group_letter_usage(lang: Lang) -> str:
    return t(lang, "Напишите букву после команды: /l к", "Put the letter after the command: /l k")


def _event_lines(lang: Lang, session: GroupSession, event: Event) -> list[str]:
    who = _player(session, event.player, lang)
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
    elif event.outcome is Outcome.NO_WORD:
        line = t(
            lang,
            f"Ни одно слово не начинается с {board(event.board)} — {who} выбывает.",
            f"No word starts with {board(event.board)}: {who} is out.",
        )
        if event.possible:
            line += t(lang, " Можно было: ", " Possible letters were: ") + examples(lang, event.possible, limit=5)
        lines.append(line)
    elif event.outcome is Outcome.TIMEOUT:
        lines.append(t(lang, f"⏰ {who}: время на ход вышло — выбывает.", f"⏰ {who} ran out of time and is out."))
    elif event.outcome is Outcome.LEFT:
        lines.append(t(lang, f"🏳 {who} выходит из игры.", f"🏳 {who} leaves the game."))
    return lines


def group_turn_text(lang: Lang, session: GroupSession, events: Sequence[Event], seconds: float) -> str:
    """The events since the last message, then the board and who moves next (or who won)."""
    lines = [line for event in events for line in _event_lines(lang, session, event)]
    if session.over:
        if session.winner is not None:
            winner = _player(session, session.winner, lang)
            lines.append(t(lang, f"🏆 Победитель: {winner}!", f"🏆 The winner: {winner}!"))
        return "\n".join(lines)
    who = _player(session, session.current, lang)
    lines.append(t(lang, f"Доска: {board(session.board)}", f"Board: {board(session.board)}"))
    lines.append(
        t(
            lang,
            f"Ходит {who} ({seconds:g} с): букву — сообщением, ответом на это сообщение или /l буква.",
            f"{who} to move ({seconds:g} s): a letter, as a message, a reply to this one or /l letter.",
        )
    )
    return "\n".join(lines)
