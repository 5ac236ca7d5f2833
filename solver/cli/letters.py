"""``python -m solver letters``: who wins the letter game, and how."""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from solver.cli import UsageError
from solver.engine import Value
from solver.letters import MAX_PLAYERS, MIN_PLAYERS, LetterGame, Play, Rule, Verdict
from solver.letters.vocabulary import WordMatrix
from solver.words import LANGUAGES, Tier, WordListError, read_text, read_words

if TYPE_CHECKING:
    from solver.letters import GroupTable

#: How the answer's first line names a shipped list: (the list, what its full tier holds).
LIST_NAMES = {
    "ru": ("Russian nouns", "every clean noun, nearest to the Russian article's list"),
    "en": ("English words (Unix web2)", "every clean word, the Ghost article's list"),
}

DEFAULT_LIST = (
    "Which words: by default (no --words, --lang or --tier) the common tier of the shipped Russian nouns, the everyday "
    "words the bot plays; on it the second player wins «Кто первым закончит слово?». The Russian article's own list "
    "(russian_nouns.txt, 51,301 nouns) is not shipped: --tier full (every clean noun) is the nearest and "
    "gives its answer, the first player wins only with й; --words russian_nouns.txt reproduces its counts. "
    "The answer's first line always names the list it played and how to pick the other."
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = DEFAULT_LIST
    _add_dictionary_options(parser)
    parser.add_argument("--prefix", default="", metavar="P", help="the board to analyse (default: empty)")
    parser.add_argument("--strategy", action="store_true", help="also print the winner's strategy as a tree")
    parser.add_argument(
        "--players",
        type=_player_count,
        metavar="N",
        help=f"{MIN_PLAYERS} to {MAX_PLAYERS} players in a fixed order: what each seat forces against all the others",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", parser_class=type(parser))
    review = actions.add_parser("review", help="grade each move of a game, as a chess engine's review does")
    review.add_argument("letters", metavar="LETTERS", help="the game's letters in order; the first player moved first")
    # Given before or after ``review``, an option counts: the review's own have no default, which
    # would overwrite the value argparse already read before the word ``review``.
    _add_dictionary_options(review, default=argparse.SUPPRESS)
    review.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print one JSON object")


def _add_dictionary_options(parser: argparse.ArgumentParser, default: object = None) -> None:
    """The dictionary and rule options, shared by the analysis and the review."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument(
        "--words", default=default, metavar="FILE", help="a UTF-8 word list, one word a line (kept exactly as written)"
    )
    source.add_argument("--lang", default=default, choices=sorted(LANGUAGES), help="a shipped dictionary (default: ru)")
    parser.add_argument(
        "--tier",
        default=default,
        choices=[t.value for t in Tier],
        help="with a shipped dictionary: its everyday words (common, the default) or every clean one (full)",
    )
    parser.add_argument(
        "--rule",
        default=default,
        choices=[r.value for r in Rule],
        help="what completing a word does to its player",
    )
    parser.add_argument(
        "--min-length", default=default, type=_positive, metavar="L", help="drop words shorter than L letters"
    )


@dataclass(frozen=True)
class Setup:
    """The dictionary and rule a run was asked for, with their defaults filled in."""

    source: str
    described: str  # the answer's first line: which list, and how to pick the other
    words: list[str] | WordMatrix  # a word file's, read in bulk when it is written one word a line
    rule: Rule
    min_length: int
    alphabet: str | None
    commonness: dict[str, float] | None = None


def run(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    setup = _setup(args)
    try:
        game = LetterGame(setup.words, setup.rule, setup.min_length, setup.alphabet, setup.commonness)
    except ValueError as error:
        raise UsageError(f"{setup.source}: {error}") from None
    if args.action == "review":
        return _run_review(game, args.letters, setup, args.json)
    board = _board(game, args.prefix)
    if args.players:
        table = game.with_players(args.players)
        report, text = partial(_group_report, table), partial(_group_text, table)
    else:
        report, text = partial(_report, game), partial(_text, game)
    seconds = time.perf_counter() - started
    if args.json:
        _print_json(report(board, seconds, args.strategy, setup.source))
    else:
        print(text(board, seconds, args.strategy, setup))
    return 0


def _print_json(report: dict[str, object]) -> None:
    import json  # only --json pays for it: a cold start is mostly imports

    print(json.dumps(report, ensure_ascii=False))


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def _player_count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not MIN_PLAYERS <= value <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(f"must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    return value


def _setup(args: argparse.Namespace) -> Setup:
    if args.words and args.lang:  # one before ``review`` and one after it: argparse cannot see both
        raise UsageError("argument --lang: not allowed with argument --words")
    if args.words:
        if args.tier:
            raise UsageError("--tier applies to a shipped dictionary; a --words file is played as it is")
        min_length = args.min_length or 1
        try:
            matrix = WordMatrix.of_lines(read_text(args.words), min_length)
            words = read_words(args.words) if matrix is None else matrix
        except WordListError as error:
            raise UsageError(str(error)) from None
        described = f"word list: {args.words}, every word as written (no tiers); --lang ru|en plays a shipped list"
        rule = Rule(args.rule or Rule.COMPLETE_WINS)
        return Setup(args.words, described, words, rule, min_length, None)
    language = LANGUAGES[args.lang or "ru"]
    tier = Tier(args.tier or Tier.COMMON)
    try:
        words = language.words(tier)
        commonness = language.zipf()
    except WordListError as error:
        raise UsageError(f"{error} (rebuild it with 'make data')") from None
    rule = Rule(args.rule or language.rule)
    min_length = args.min_length or language.min_length
    source = f"--lang {language.code} --tier {tier.value}"
    return Setup(source, _described(language.code, tier), words, rule, min_length, language.alphabet, commonness)


def _described(code: str, tier: Tier) -> str:
    name, full = LIST_NAMES[code]
    if tier is Tier.COMMON:
        return f"word list: {name}, common tier (everyday words, the default); --tier full: {full}"
    return f"word list: {name}, full tier ({full}); --tier common (the default): everyday words only"


def _board(game: LetterGame, prefix: str) -> str:
    if not prefix:
        return ""
    from solver.letters.typed import InputError, InputProblem, normalise_letters  # only a board pays for it

    board = normalise_letters(prefix, game.alphabet)
    if isinstance(board, InputError):
        assert board.problem is InputProblem.NOT_IN_ALPHABET
        outside = "".join(sorted({c for c in prefix.lower() if c not in game.alphabet}))
        raise UsageError(f"--prefix {prefix!r}: not in the alphabet of this dictionary: {outside!r}")
    verdict = game.verdict(board)
    if verdict is Verdict.NO_WORD:
        raise UsageError(f"--prefix {prefix!r}: no word starts with {board!r}")
    if verdict is Verdict.UNREACHABLE:
        raise UsageError(f"--prefix {prefix!r}: the game ends at {game.word_on_the_way(board)!r} before {board!r}")
    return board


def _dictionary_report(game: LetterGame, board: str, source: str) -> dict[str, object]:
    return {
        "dictionary": source,
        "rule": game.rule.value,
        "min_length": game.min_length,
        "prefix": board,
        "words": game.word_count,
        "reachable_words": game.reachable_word_count,
        "positions": game.positions,
    }


def _report(game: LetterGame, board: str, seconds: float, with_strategy: bool, source: str) -> dict[str, object]:
    plays = game.plays(board)
    report: dict[str, object] = {
        **_dictionary_report(game, board, source),
        "to_move": game.to_move(board),
        "winner": game.winner(board),
        "game_over": game.is_word(board),
        "winning_moves": game.winning_letters(board),
        "plies_to_end": game.distance(board),
        "moves": [_play_report(play) for play in plays],
        "seconds": round(seconds, 4),
    }
    if with_strategy:
        report["strategy"] = game.strategy(board)
    return report


def _play_report(play: Play) -> dict[str, object]:
    outcome = "win" if play.outcome is Value.WIN else "loss"
    return {"letter": play.letter, "outcome": outcome, "plies": play.plies, "example": play.example}


def _group_report(table: GroupTable, board: str, seconds: float, with_strategy: bool, source: str) -> dict[str, object]:
    game = table.game
    over = game.is_word(board)
    chances = {} if over else table.letter_chances(board)
    winning = [] if over else table.winning_letters(board)
    report: dict[str, object] = {
        **_dictionary_report(game, board, source),
        "players": table.players,
        "seat_to_move": table.seat_to_move(board),
        "game_over": over,
        "winning_moves": winning,
        "forcing_seats": table.forcing_seats(board),
        "moves": [
            {
                "letter": letter,
                "forces": letter in winning,
                "chance": round(chance, 4),
                "example": game.example_word(board + letter),
            }
            for letter, chance in chances.items()
        ],
        "seconds": round(seconds, 4),
    }
    if with_strategy:
        report["strategy"] = None if over else table.forced_line(board)
    return report


def _header(game: LetterGame, setup: Setup) -> list[str]:
    rule_text = "completing a word wins" if game.rule is Rule.COMPLETE_WINS else "completing a word loses, as in Ghost"
    return [
        setup.described,
        f"dictionary {setup.source}: {game.word_count:,} words of {game.min_length}+ letters, "
        f"{game.reachable_word_count:,} reachable, {game.positions:,} positions",
        f"rule: {game.rule.value} ({rule_text})",
    ]


def _group_text(table: GroupTable, board: str, seconds: float, with_strategy: bool, setup: Setup) -> str:
    game, shown = table.game, f"«{board}»" if board else "the empty board"
    lines = [*_header(game, setup), f"players: {table.players}, in a fixed order; seat 1 wrote the first letter"]
    forcing = " ".join(map(str, table.forcing_seats(board))) or "none"
    if game.is_word(board):
        lines.append(f"{shown} is a word: the round is over")
        return "\n".join(lines)
    seat, winning = table.seat_to_move(board), table.winning_letters(board)
    lines.append(f"from {shown}, seat {seat} to move; seats that force a good end against all the others: {forcing}")
    if winning:
        lines.append(f"seat {seat} forces a good end with: {' '.join(winning)}")
    else:
        lines.append(f"seat {seat} has no forcing letter; its chances against careful players follow")
    lines += ["", "letter  forces  chance  example"]
    for letter, chance in table.letter_chances(board).items():
        forces = "yes" if letter in winning else "no"
        lines.append(f"{letter:<7} {forces:<7} {chance:>6.1%}  {game.example_word(board + letter)}")
    if with_strategy:
        lines += ["", f"forced line: {table.forced_line(board) or 'none'}"]
    lines.append(f"\nsolved in {seconds:.3f} s")
    return "\n".join(lines)


def _text(game: LetterGame, board: str, seconds: float, with_strategy: bool, setup: Setup) -> str:
    shown = f"«{board}»" if board else "the empty board"
    lines = _header(game, setup)
    if game.is_word(board):
        lines.append(f"{shown} is a word: the game is over, the {game.winner(board)} player has won")
        return "\n".join(lines)
    mover = game.to_move(board)
    winning = game.winning_letters(board)
    lines.append(f"from {shown}, the {mover} player to move: the {game.winner(board)} player wins with perfect play")
    if winning:
        lines.append(f"winning letters: {' '.join(winning)}")
    else:
        lines.append(f"every letter loses for the {mover} player")
    lines.append("")
    lines.append("letter  outcome       example")
    for play in game.plays(board):
        outcome = f"{'wins' if play.outcome is Value.WIN else 'loses'} in {play.plies + 1}"
        lines.append(f"{play.letter:<7} {outcome:<13} {play.example}")
    if with_strategy:
        lines += ["", "strategy: " + game.strategy(board)]
    lines.append(f"\nsolved in {seconds:.3f} s")
    return "\n".join(lines)


# ---------------------------------------------------------------- review


def _run_review(game: LetterGame, typed: str, setup: Setup, as_json: bool) -> int:
    from solver.letters.typed import InputError, normalise_letters
    from solver.review import ReviewError, review_letters, review_lines, summarise  # only a review pays for it

    letters = normalise_letters(typed, game.alphabet)
    if isinstance(letters, InputError):
        outside = "".join(sorted({c for c in typed.lower() if c not in game.alphabet}))
        raise UsageError(f"{typed!r}: not in the alphabet of this dictionary: {outside!r}")
    try:
        graded = review_letters(game, letters)
    except ReviewError as error:
        raise UsageError(str(error)) from None
    summary = summarise(graded)
    if as_json:
        report = {
            **_dictionary_report(game, "", setup.source),
            "game": letters,
            "moves": [move.as_json() for move in graded],
            "summary": summary.as_json(),
        }
        del report["prefix"]
        _print_json(report)
    else:
        print("\n".join([*_header(game, setup), "", *review_lines(graded, summary)]))
    return 0
