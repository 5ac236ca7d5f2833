"""Every word of the private letter game (and English Ghost) the player reads."""

from __future__ import annotations

from collections.abc import Sequence

from bot.core.i18n import N_, Language, gettext, ngettext, pgettext
from bot.core.texts import Lang, button_level, games_record, review_footer
from bot.games.letters.session import EndReason, GiveUp, Hint, LetterSession, Refusal, Review, Turn, WhoWins
from bot.storage import Record
from solver.letters import InputError, InputProblem, Play, Rule
from solver.levels import Level
from solver.lookup import Absence, TypedWordProblem, WordReport, offensive
from solver.review import Grade, GradedMove
from solver.words import Reason, Tier


def play_usage(lang: Lang) -> str:
    """/play with an argument it does not know."""
    return gettext(lang, "/play for the Russian letter game, /play en for English Ghost (English words).")


def rules(lang: Lang) -> str:
    return gettext(
        lang,
        "🔤 The letter game in Russian (/play ru). We take turns adding one letter. Every letter must "
        "leave the beginning of some Russian noun (a common noun in its dictionary form, 2+ letters). Е "
        "and Ё are different letters.\n"
        "Rule “completing a word wins”: whoever completes a word wins.\n"
        "Rule “completing a word loses” (like Ghost): whoever completes a word loses.\n"
        "A letter no noun goes on with is refused and you move again; in strict mode it loses.\n"
        "/hint for a hint, /giveup to resign, /whowins: who wins from these letters.\n"
        "👻 English Ghost (/play en): the same game in English, on English words of 4+ letters; "
        "completing a word loses.",
    )


def board(letters: str, lang: Lang) -> str:
    """Letters on the board, in capitals and in the quotation marks of the reader's language."""
    return pgettext(lang, "quotation marks", "“{text}”", text=letters.upper())


def attempt(letters: str, lang: Lang) -> str:
    """Letters a player tried that no word goes on with, shown as :func:`board` shows them, except an
    offensive word (or its start), which is never repeated back: its first letter, then asterisks."""
    code = Language.ENGLISH if any("a" <= letter <= "z" for letter in letters.lower()) else Language.RUSSIAN
    if letters and offensive(letters.lower(), code):
        return board(letters[0] + "*" * (len(letters) - 1), lang)
    return board(letters, lang)


def your_move(lang: Lang, letters: str) -> str:
    """Where a game under way stands, sent again (after ▶️ Keep playing): its board, said in words
    when empty, and whose move it is (the player's: the bot answers at once)."""
    shown = (
        gettext(lang, "Board: {board_letters}", board_letters=board(letters, lang))
        if letters
        else gettext(lang, "The board is empty.")
    )
    return shown + "\n" + gettext(lang, "Your move: send a letter.")


def button_rule(lang: Lang, rule: Rule) -> str:
    if rule is Rule.COMPLETE_WINS:
        return gettext(lang, "Completing a word wins")
    return gettext(lang, "Completing a word loses")


def button_russian_rule(lang: Lang, rule: Rule) -> str:
    """A private set-up's choice of the Russian game: its language, then its rule (English Ghost is
    offered beside it, so the rule alone would not say which words are played)."""
    return gettext(lang, "🔤 Russian: ") + button_rule(lang, rule).lower()


def button_english_ghost(lang: Lang) -> str:
    return gettext(lang, "👻 English Ghost (words of 4+ letters)")


def ghost_intro(lang: Lang) -> str:
    return gettext(
        lang, "👻 English Ghost: English words of 4+ letters, from Webster's dictionary; completing a word loses."
    )


def button_strict(lang: Lang, strict: bool) -> str:
    if strict:
        return gettext(lang, "Strict: a bad letter loses")
    return gettext(lang, "Gentle: a bad letter may be replaced")


def button_hint(lang: Lang, stage: int) -> str:
    return gettext(lang, "💡 Hint") if stage == 0 else gettext(lang, "🏆 Which win?")


def button_giveup(lang: Lang) -> str:
    return gettext(lang, "🏳 Give up")


def ask_rule(lang: Lang) -> str:
    return gettext(
        lang,
        "The letter game: which one? English Ghost (English words), or the Russian game (Russian nouns, two rules)?",
    )


def ask_russian_rule(lang: Lang) -> str:
    return gettext(lang, "The letter game in Russian (Russian nouns). Which rule?")


def ask_tier(lang: Lang) -> str:
    return gettext(lang, "Which words do we play with?")


def button_tier(lang: Lang, tier: Tier) -> str:
    if tier is Tier.COMMON:
        return gettext(lang, "📗 Everyday words")
    return gettext(lang, "📚 The whole dictionary, rare words too")


def ask_first(lang: Lang) -> str:
    return gettext(lang, "Who starts?")


def ask_level(lang: Lang) -> str:
    return gettext(lang, "How strong should I play?")


def ask_strict(lang: Lang) -> str:
    return gettext(lang, "What if you send a letter no word goes on with?")


def choose_with_buttons(lang: Lang, *, english: bool = False) -> str:
    """During the set-up; English Ghost's starts again with /play en (/play alone starts the Russian game)."""
    play = "/play en" if english else "/play"
    return gettext(lang, "Choose with a button above (or {play} again).", play=play)


def game_set(
    lang: Lang,
    rule: Rule,
    player_first: bool,
    level: Level,
    strict: bool,
    *,
    english: bool = False,
    tier: Tier = Tier.COMMON,
) -> str:
    name = button_english_ghost(lang) if english else button_russian_rule(lang, rule)
    return (
        f"{name} · {button_tier(lang, tier)} · {button_level(lang, level)} · {button_strict(lang, strict)}\n"
        + (gettext(lang, "Your move: send a letter.") if player_first else "")
    ).rstrip()


def examples(lang: Lang, plays: Sequence[Play], limit: int = 8) -> str:
    shown = ", ".join(f"{p.letter.upper()} ({p.example})" for p in plays[:limit])
    more = len(plays) - limit
    return shown + (gettext(lang, " and {more} more", more=more) if more > 0 else "")


def no_word_starts_with(lang: Lang, letters: str, *, english: bool) -> str:
    """Russian games use nouns only; English Ghost any word, so it must not say "noun"."""
    if english:
        return gettext(
            lang,
            "No word starts with {attempt_letters}.",
            attempt_letters=attempt(letters, lang),
        )
    return gettext(
        lang,
        "No noun starts with {attempt_letters}.",
        attempt_letters=attempt(letters, lang),
    )


def turn_text(lang: Lang, turn: Turn, rule: Rule, *, english: bool) -> str:
    lines = []
    if turn.player_letter is not None:
        lines.append(gettext(lang, "You: {player_letter}", player_letter=turn.player_letter.upper()))
    if turn.bot_letter is not None:
        lines.append(gettext(lang, "Me: {bot_letter}", bot_letter=turn.bot_letter.upper()))
    ending = turn.ending
    dead = ending is not None and ending.reason is EndReason.NO_WORD  # the board is the letters tried
    shown = attempt if dead else board
    lines.append(gettext(lang, "Board: {shown_board}", shown_board=shown(turn.board, lang)))
    if ending is None:
        lines.append(gettext(lang, "Your move."))
        return "\n".join(lines)
    if ending.reason is EndReason.COMPLETED_WORD:
        word = board(ending.word or "", lang)
        if rule is Rule.COMPLETE_WINS:
            why = gettext(lang, "The word {word} is complete, and completing a word wins.", word=word)
        else:
            why = gettext(lang, "The word {word} is complete, and completing a word loses.", word=word)
    else:
        why = no_word_starts_with(lang, ending.board, english=english)
        if ending.possible:
            why += gettext(lang, " Possible letters were: ") + examples(lang, ending.possible)
    lines.append(why)
    lines.append(gettext(lang, "🎉 You won!") if ending.player_won else gettext(lang, "🤖 I won."))
    return "\n".join(lines)


def refusal_text(lang: Lang, refusal: Refusal, *, english: bool) -> str:
    if refusal.word_on_the_way:
        why = gettext(
            lang,
            "{attempt_attempted}: the game would end earlier, at {board_word_on_the_way}.",
            attempt_attempted=attempt(refusal.attempted, lang),
            board_word_on_the_way=board(refusal.word_on_the_way, lang),
        )
    else:
        why = no_word_starts_with(lang, refusal.attempted, english=english)
    return f"❌ {why}\n" + gettext(lang, "Move again. For example: ") + examples(lang, refusal.possible, limit=5)


def not_a_letter(lang: Lang, error: InputError, english: bool = False) -> str:
    if error.problem is InputProblem.NOT_ONE_LETTER:
        return gettext(lang, "One letter, please.")
    if english:
        return gettext(lang, "Send one letter a-z (or /hint, /giveup).")
    return gettext(lang, "Send one Russian letter (or /hint, /giveup).")


def read_as_english(lang: Lang, typed: str, letter: str) -> str:
    """A Cyrillic letter English Ghost took for its Latin look-alike, said before the move's answer."""
    return gettext(
        lang,
        "{typed} → {letter} (an English letter: this is English Ghost; the Russian game is /play ru)",
        typed=typed,
        letter=letter.upper(),
    )


def setup_left(lang: Lang) -> str:
    return gettext(lang, "Set-up left: no game was started, nothing counted. /play starts a new one.")


def nothing_to_cancel(lang: Lang) -> str:
    return gettext(lang, "Nothing to cancel: no set-up is waiting for an answer. A game under way ends with /giveup.")


def read_as_russian(lang: Lang, typed: str, letter: str) -> str:
    """A Latin letter the Russian game took for its Cyrillic look-alike, said before the move's
    answer: a Russian player on the wrong keyboard layout keeps playing, and no one is misled."""
    return gettext(
        lang,
        "{typed} → {letter} (a Russian letter: this game is in Russian; English Ghost is /play en)",
        typed=typed,
        letter=letter.upper(),
    )


def russian_letters_only(lang: Lang) -> str:
    """After a Latin letter the Russian game cannot read: which game this is, and where English is."""
    return gettext(lang, "This game is in Russian; for English Ghost, /play en.")


def expected_input(lang: Lang, *, english: bool) -> str:
    """What the game waits for, told to a player who sent a sticker or a photo."""
    return not_a_letter(lang, InputError(InputProblem.NOT_IN_ALPHABET, ""), english=english)


def hint_text(lang: Lang, hint: Hint) -> str:
    if hint.stage == 1:
        letters = " ".join(p.letter.upper() for p in hint.plays)
        return gettext(lang, "💡 You can play: {letters}", letters=letters)
    if not hint.plays:
        return gettext(lang, "🏆 Against my best play no letter wins here.")
    return gettext(lang, "🏆 Winning letters: ") + examples(lang, hint.plays, limit=12)


def board_outdated(lang: Lang, letters: str, *, english: bool) -> str:
    """A saved game whose board the updated word list no longer has: ended, counted for nobody."""
    play = "/play en" if english else "/play"
    return gettext(
        lang,
        "⚠️ This game is stopped: the word list was updated and no word begins with {board_letters} any "
        "more. It does not count in your stats. {play} for a new game.",
        board_letters=board(letters, lang),
        play=play,
    )


def no_game_to_hint(lang: Lang) -> str:
    return gettext(lang, "Hints are for a letter game in progress. /play to start.")


def gave_up_text(lang: Lang, give_up: GiveUp) -> str:
    if give_up.board:
        head = gettext(
            lang,
            "🏳 You gave up at {board_board}.",
            board_board=board(give_up.board, lang),
        )
    else:
        head = gettext(lang, "🏳 You gave up before the first letter.")
    if give_up.bot_was_winning:
        how = gettext(lang, "I was winning like this: ") + give_up.strategy
    else:
        how = (
            gettext(
                lang,
                "Yet you could have won with {either}. For example: ",
                either=_either(lang, give_up.winning_letters),
            )
            + give_up.strategy
        )
    return f"{head}\n{how[:3500]}"


def _either(lang: Lang, letters: Sequence[str]) -> str:
    """Letters any one of which would do: «С, Т или М», "C, T or M"."""
    shown = [letter.upper() for letter in letters]
    if len(shown) < 2:
        return "".join(shown)
    return ", ".join(shown[:-1]) + gettext(lang, " or ") + shown[-1]


def who_wins_text(lang: Lang, answer: WhoWins, rule: Rule, *, english: bool) -> str:
    """The players are the first and the second: /whowins never answers on the board of the
    asker's game under way (that would be a free hint)."""
    # The game is named: /whowins is asked from any game, and its answer is about this one.
    rule_name = (
        gettext(lang, "👻 English Ghost")
        if english
        else gettext(lang, "🔤 The Russian letter game, ") + button_rule(lang, rule).lower()
    )
    where = board(answer.board, lang) if answer.board else gettext(lang, "the empty board")
    if answer.over_word:
        return gettext(
            lang,
            "{board_board} is already a word: the game is over ({rule_name}).",
            board_board=board(answer.board, lang),
            rule_name=rule_name,
        )
    wins = gettext(lang, "{player} wins", player=_player(lang, answer.winner))
    text = gettext(
        lang, "{rule_name}. From {where}, with perfect play, {wins}.", rule_name=rule_name, where=where, wins=wins
    )
    if answer.board:  # "first" is who opened the game; a reader otherwise takes it for who moves now
        text += " " + gettext(lang, "It is {player}'s move.", player=_player(lang, answer.to_move))
    if answer.winning:
        text += gettext(lang, "\nWinning letters: ") + examples(lang, answer.winning, limit=12)
    else:
        text += gettext(lang, "\nThe player to move has no winning letter.")
    return text


def _player(lang: Lang, which: str) -> str:
    first = which == "first"
    return gettext(lang, "the first player") if first else gettext(lang, "the second player")


def who_wins_mid_game(lang: Lang, *, in_group: bool) -> str:
    """/whowins on the board of a game under way (or a board that goes on from it): a free hint."""
    if in_group:
        return gettext(
            lang, "/whowins on the board of the game under way is for after the game: a group game has no hints."
        )
    return gettext(lang, "During a game, /whowins on its board is a hint: ask /hint (it counts) or ask after the game.")


def who_wins_bad(lang: Lang, letters: str, why: str) -> str:
    return gettext(
        lang,
        "No game from {attempt_letters}: {why}",
        attempt_letters=attempt(letters, lang),
        why=why,
    )


def no_word_starts(lang: Lang, *, english: bool) -> str:
    if english:
        return gettext(lang, "no word starts like that.")
    return gettext(lang, "no noun starts like that.")


def ends_earlier(lang: Lang, word: str) -> str:
    return gettext(lang, "the game ends earlier, at {board_word}.", board_word=board(word, lang))


def too_many_letters(lang: Lang, limit: int) -> str:
    return gettext(lang, "/whowins takes at most {limit} letters: no word in the dictionary is longer.", limit=limit)


def not_letters(lang: Lang, *, english: bool = False) -> str:
    if english:
        return gettext(lang, "/whowins takes letters, like /whowins hel.")
    return gettext(lang, "/whowins takes Russian letters, for example /whowins йо.")


# ------------------------------------------------------------------ /word

#: Why a word does not count, as the player reads it (keys: solver.lookup's reasons; translated where shown).
WORD_REASONS: dict[str, str] = {
    "offensive": N_("an offensive word"),
    "letter-name": N_("the name of a letter or a note, not a word"),
    "abbreviation": N_("an abbreviation"),
    "malformed": N_("a malformed entry of the dictionary"),
    "proper-name": N_("a proper name"),
    "not-a-noun": N_("not a noun"),
    "rare": N_("a rare word"),
    "uncommon": N_("a rare word"),
    "not-in-source": N_("it is not in the dictionary"),
    "homograph": N_("its spelling is more often another word (a name, another word's form)"),
    "unconfirmed": N_("the second dictionary I check against lacks it"),
}


def word_usage(lang: Lang) -> str:
    return gettext(lang, "Send a word after the command, for example /word cat (or /word кошка for the Russian game).")


def word_one_at_a_time(lang: Lang) -> str:
    """/word with several words: each is asked about on its own."""
    return gettext(lang, "One word at a time: /word cat, then /word dog.")


def word_too_long(lang: Lang, limit: int) -> str:
    """/word with more letters than any word of the dictionaries has (not repeated back)."""
    return gettext(
        lang,
        "That is longer than {count}: no word of the dictionaries is.",
        count=ngettext(lang, "{n} letter", "{n} letters", limit),
    )


#: A number of letters (CLDR plural forms), as «длиннее N …» takes it.


def word_not_a_word(lang: Lang, problem: TypedWordProblem) -> str:
    """/word given something that is no word: a number, signs inside, two alphabets mixed."""
    if problem is TypedWordProblem.DIGITS:
        why = gettext(lang, "words have no digits")
    elif problem is TypedWordProblem.MIXED_SCRIPTS:
        why = gettext(lang, "it mixes Russian and Latin letters")
    else:
        why = gettext(lang, "a word has only letters (and hyphens)")
    return gettext(lang, "That is not a word: {why}. ", why=why) + word_usage(lang)


def word_offensive(lang: Lang, *, english: bool) -> str:
    """An offensive word, not repeated back; 5bukv is not mentioned (it may know such a word as a
    possible answer, which it never shows)."""
    if english:
        return gettext(lang, "That word is not in English Ghost: I never use offensive words.")
    return gettext(lang, "That word is not in the letter game: I never use offensive words.")


def word_report_text(lang: Lang, report: WordReport, *, wordle_first: bool = False) -> str:
    """Where the word counts, game by game (each named with its words: everyday ones, which a new
    game plays by default, and the whole dictionary), and why not; an offensive word is not repeated
    back. In a 5bukv game (``wordle_first``) 5bukv's verdict, from its own lists, comes first."""
    english = report.language == Language.ENGLISH
    if Reason.OFFENSIVE in (report.why_not_common, report.wordle_reason):
        return word_offensive(lang, english=english)
    spelled = gettext(lang, " (as the dictionary spells it)") if report.asked else ""
    game = gettext(lang, "English Ghost") if english else gettext(lang, "the letter game")
    lines = [board(report.word, lang) + spelled + ":"]
    everyday = f"{game}, " + gettext(lang, "everyday words")
    whole = gettext(lang, "the whole dictionary, rare words too")
    if report.tier is None:
        lines.append(f"• {game}: {_not_counted(lang, report)}")
    elif report.tier is Tier.COMMON and report.ends_first.get(Tier.FULL) == report.ends_first.get(Tier.COMMON):
        both = f"{game}, " + gettext(lang, "everyday words and the whole dictionary")
        lines.append(f"• {both}: {_counted(lang, report.ends_first.get(Tier.COMMON))}")
    else:
        if report.tier is Tier.COMMON:
            lines.append(f"• {everyday}: {_counted(lang, report.ends_first.get(Tier.COMMON))}")
        else:
            lines.append(f"• {everyday}: ❌ " + _reason(lang, report.why_not_common))
        lines.append(f"• {whole}: {_counted(lang, report.ends_first.get(Tier.FULL))}")
    if report.wordle is not None:
        wordle = gettext(lang, "• 5bukv: {verdict}", verdict=_wordle_verdict(lang, report.wordle_reason))
        lines.insert(1 if wordle_first else len(lines), wordle)
    return "\n".join(lines)


#: 5bukv's verdict on a word, from its own lists (keys: solver.wordle.verdict's), never the letter game's.
WORDLE_VERDICTS: dict[str, str] = {
    "guess": N_("✅ a possible answer, and a word I guess with"),
    "candidate": N_("✅ a possible answer (I name it only when it fits)"),
    "broader": N_("☑️ not among the answers I expect: I suggest it only when none of them fits"),
    "not-five-letters": N_("❌ not five letters"),
    "not-taken": N_("❌ not a word the game takes, as far as I know"),
}


def _wordle_verdict(lang: Lang, verdict: object) -> str:
    return gettext(lang, WORDLE_VERDICTS.get(str(verdict), WORDLE_VERDICTS["not-taken"]))


def _counted(lang: Lang, ends_at: str | None) -> str:
    """A word the game has: it counts, and the game can end on it unless a shorter word ends it first."""
    if ends_at is None:
        return gettext(lang, "✅ counts")
    return gettext(
        lang,
        "✅ counts, but it can never be completed: the game ends first, at {board_ends_at}",
        board_ends_at=board(ends_at, lang),
    )


def _not_counted(lang: Lang, report: WordReport) -> str:
    if report.form_of:
        form = report.form_of.upper()
        return gettext(
            lang,
            "❌ not the dictionary form; the dictionary form is {form} (/word {form_of})",
            form=form,
            form_of=report.form_of,
        )
    if report.why_not_common is Absence.TOO_SHORT:
        return gettext(lang, "❌ shorter than {min_length} letters", min_length=report.min_length)
    return "❌ " + _reason(lang, report.why_not_common)


def _reason(lang: Lang, reason: object) -> str:
    return gettext(lang, WORD_REASONS.get(str(reason), N_("does not count")))


def name(lang: Lang) -> str:
    return gettext(lang, "the letter game")


def session_name(lang: Lang, session: LetterSession) -> str:
    """One game's name: English Ghost is not "the letter game" (the Russian one)."""
    return gettext(lang, "English Ghost") if session.english else name(lang)


def menu_button(lang: Lang) -> str:
    return gettext(lang, "🔤 Letter game (Russian words)")


def ghost_menu_button(lang: Lang) -> str:
    return gettext(lang, "👻 English Ghost (English words)")


def help_lines(lang: Lang) -> str:
    return gettext(
        lang,
        "/play — the letter game, English Ghost or in Russian: we take turns adding a letter to a word's "
        "beginning\n"
        "/hint — the letters you can play; again — which of them win\n"
        "/giveup — give up (I show how I would have won)\n"
        "/whowins [letters] — who wins from these letters with perfect play\n"
        "/word WORD — does a word count in the games, and if not, why\n"
        "/play en — English Ghost (words of 4+ letters; completing a word loses)",
    )


def letters_record(lang: Lang, record: Record) -> str:
    return games_record(lang, gettext(lang, "Letter game"), record)


def ghost_record(lang: Lang, record: Record) -> str:
    return games_record(lang, pgettext(lang, "ghost_record", "English Ghost"), record)


# ------------------------------------------------------------------ review


def review_text(lang: Lang, review: Review) -> str:
    """The engine's review: a line per letter, then where the game turned and how many moves were best."""
    lines = [gettext(lang, "🔍 Review of the game")]
    lines += [_review_line(lang, move, review.player_seat) for move in review.moves]
    turning = review.summary.turning_point
    lines += review_footer(lang, review.summary, review.player_seat, turning.move.upper() if turning else "")
    lines.append(review_marks(lang))
    return "\n".join(lines)


def review_marks(lang: Lang) -> str:
    """What the review's marks mean, said once under it."""
    return gettext(
        lang,
        "✅ the best move · ☑️ the same result, but a better move was there · ❌ threw the win away, or a "
        "letter no word goes on with",
    )


def _review_line(lang: Lang, move: GradedMove, player_seat: int) -> str:
    you = move.mover == player_seat
    who = gettext(lang, "you") if you else gettext(lang, "I")
    mark = "✅" if move.best else ("❌" if move.grade is Grade.THREW_WIN or move.dead else "☑️")
    return f"{move.ply}. {mark} {who}: {move.move.upper()} — {_grade_words(lang, move, you)}"


def _grade_words(lang: Lang, move: GradedMove, you: bool) -> str:
    if move.dead:
        return _dead_letter_words(lang, move)
    if move.grade is Grade.KEPT_WIN:
        kept = gettext(lang, "kept the win") if you else pgettext(lang, "not you", "kept the win")
        if move.only:
            return kept + gettext(lang, " (the only winning letter)")
        return kept if move.best else kept + gettext(lang, ", but faster was ") + _alternative(move)
    if move.grade is Grade.THREW_WIN:
        threw = pgettext(lang, "you", "threw the win away") if you else pgettext(lang, "not you", "threw the win away")
        return f"{threw}: " + gettext(lang, "the winning letter was ") + _alternative(move)
    return _lost_words(lang, move)


def _lost_words(lang: Lang, move: GradedMove) -> str:
    """A legal letter in a lost position: the longest defence or a shorter one."""
    lost = gettext(lang, "already lost")
    if move.only:
        return lost + gettext(lang, ", the only letter that did not lose at once")
    if move.best:
        longest = ngettext(lang, "{n} move", "{n} moves", (move.after_plies + 1))
        return lost + gettext(lang, ", the longest defence ({longest} to the end)", longest=longest)
    held = ngettext(lang, "{n} move", "{n} moves", move.before_plies)
    return lost + gettext(lang, "; {alternative} held {held}", alternative=_alternative(move), held=held)


def _dead_letter_words(lang: Lang, move: GradedMove) -> str:
    """A letter no word goes on with: the game ended with it, lost; never a defence."""
    lost = gettext(lang, "no word goes on with this letter: a loss")
    if move.grade is Grade.THREW_WIN:
        return lost + gettext(lang, "; the winning letter was ") + _alternative(move)
    held = ngettext(lang, "{n} move", "{n} moves", move.before_plies)
    return lost + gettext(lang, "; {alternative} held {held}", alternative=_alternative(move), held=held)


def _alternative(move: GradedMove) -> str:
    """The best letter there, with the word best play ends at."""
    option = move.best_moves[0]
    return f"{option.move.upper()} ({option.example})" if option.example else option.move.upper()
