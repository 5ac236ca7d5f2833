"""``python -m solver wordle``: the next 5bukv guess for a history of masks, or the strategy's statistics."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tqdm import tqdm  # type: ignore[import-untyped]

from solver.cli import UsageError
from solver.cli.wordle_en import run_english
from solver.wordle import (
    BUILD_LIMITS,
    LISTS_LIMITS,
    MAX_TRIES,
    NOUN,
    SOLVED_CODE,
    Entry,
    EntryError,
    Stats,
    Wordle,
    default_guessable,
    default_kinds,
    default_words,
    default_zipf,
    mask_code,
    more_words,
    normalise_word,
    parse_entry,
    play_all,
    prepare_words,
    timed_build,
)
from solver.wordle.review import GuessReview, broader_engine, game_scores, review_game, share_grid
from solver.words import WordListError, read_words

SHOW_CANDIDATES_UP_TO = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION", parser_class=type(parser))
    after = actions.add_parser("next", help="the next guess after the entries given")
    _add_words_option(after)
    after.add_argument(
        "entries",
        nargs="*",
        metavar="ENTRY",
        help="MASK for the previously suggested word, or WORD:MASK (mask: ywg, жбс or the game's squares)",
    )
    after.add_argument(
        "--refused",
        action="append",
        default=[],
        metavar="WORD",
        help="a word the game did not take (repeat for more): never suggested, never the secret",
    )
    review = actions.add_parser("review", help="grade each guess of a game: skill, luck and the best guess there")
    _add_words_option(review)
    review.add_argument("entries", nargs="+", metavar="WORD:MASK", help="the game's guesses with their colours")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    listing = actions.add_parser("words", help="the candidate secrets with their prior weights, word<TAB>weight")
    _add_words_option(listing)
    _add_prior_option(listing)
    stats = actions.add_parser("stats", help="play every word of the list as the secret")
    _add_words_option(stats)
    stats.add_argument("--json", action="store_true", help="print one JSON object")
    stats.add_argument(
        "--secrets",
        metavar="FILE",
        help="play against the words of FILE (one a line) instead of the whole list; others count as not found "
        "(with --json, each game's guesses too: games {secret: [guess, ...]})",
    )
    _add_prior_option(stats)
    stats.add_argument(
        "--answers",
        metavar="FILE",
        help="the candidates (the words the game may pick, one a line) instead of the shipped ones, every one equally "
        "likely (the game picks from this very list, and --secrets plays each once; --prior wordfreq weighs them by "
        "the shipped word frequency where the sources know it)",
    )
    stats.add_argument(
        "--guesses",
        metavar="FILE",
        help="the words the engine may suggest to split the candidates (the words the game accepts), "
        "instead of the shipped common nouns",
    )
    stats.add_argument(
        "--no-build",
        action="store_true",
        help="with --words, --answers or --guesses: play the on-the-spot engine instead of first building the tree "
        "(minutes for 4,000 words)",
    )


def _add_prior_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--prior",
        choices=["uniform", "wordfreq"],
        help="with --words or --answers: every word equally likely (default: the game picks from the list given), "
        "or weighted by its shipped word frequency; with --guesses alone (the shipped candidates): weighted (default)",
    )


def _add_words_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--words", metavar="FILE", help="a UTF-8 word list, one word a line (default: the nouns)")
    parser.add_argument(
        "--lang",
        choices=["ru", "en"],
        default="ru",
        help="ru: 5bukv (default); en: English Wordle on its original lists, every answer equally likely",
    )
    parser.add_argument("--hard", action="store_true", help="with --lang en: hard mode (every revealed hint used)")


def run(args: argparse.Namespace) -> int:
    if args.lang == "en":
        return run_english(args)
    if args.hard:
        raise UsageError("--hard goes with --lang en (5bukv has no hard mode)")
    answers, guesses = getattr(args, "answers", None), getattr(args, "guesses", None)
    if answers or guesses:
        if args.words:
            raise UsageError("--words is a whole list: give either it or --answers/--guesses")
        engine = _lists_engine(answers, guesses, getattr(args, "prior", None))
    else:
        engine = _engine(args.words, getattr(args, "prior", None))
    if args.action == "next":
        refused = [normalise_word(word) for word in args.refused]
        print(_next_text(engine, _history(engine, args.entries, refused), refused))
        return 0
    if args.action == "review":
        return _run_review(engine, args.entries, args.json)
    if args.action == "words":
        print("\n".join(f"{word}\t{weight:.4f}" for word, weight in zip(engine.words, engine.weights, strict=True)))
        return 0
    secrets = _read(args.secrets) if args.secrets else None
    if (args.words or answers or guesses) and not args.no_build:
        print(f"building the tree for {len(engine.words)} words ...", file=sys.stderr, flush=True)
        _, build_seconds = timed_build(engine, LISTS_LIMITS if answers or guesses else BUILD_LIMITS)
        print(f"built in {build_seconds:.1f} s", file=sys.stderr)
    if secrets is not None:
        report = _secrets_report(engine, secrets)
        print(json.dumps(report, ensure_ascii=False) if args.json else _secrets_text(report))
        return 0
    stats, seconds = _stats(engine)
    print(json.dumps(_report(stats, seconds), ensure_ascii=False) if args.json else _stats_text(stats, seconds))
    return 0


def _engine(path: str | None, prior: str | None) -> Wordle:
    if path is None:
        if prior is not None:
            raise UsageError("--prior goes with --words or --answers: the shipped list uses its word frequencies")
        return Wordle.default()
    engine = Wordle.from_words(_read(path), zipf=default_zipf() if prior == "wordfreq" else None)
    if not engine.words:
        raise UsageError(f"{path}: no five-letter words")
    return engine


def _lists_engine(answers_path: str | None, guesses_path: str | None, prior: str | None) -> Wordle:
    """The engine on another version's lists: its candidates (default: ours) and the words it may
    suggest (default: our common nouns). Candidates given are equally likely unless ``--prior wordfreq``
    asks for our prior (else the faintest weight where the sources lack a word): they are the list the
    game picks from, and ``stats --secrets`` plays each once, so its average is the uniform one. Our
    own candidates keep our prior unless ``--prior uniform``."""
    answers = prepare_words(_read(answers_path)) if answers_path else default_words()
    if not answers:
        raise UsageError(f"{answers_path}: no five-letter words")
    guesses = prepare_words(_read(guesses_path)) if guesses_path else default_guessable()
    if guesses_path and not guesses:
        raise UsageError(f"{guesses_path}: no five-letter words")
    uniform = prior == "uniform" or (prior is None and answers_path is not None)
    zipf = None if uniform else {word: value for word, (value, _) in more_words().items()} | default_zipf()
    kinds = default_kinds()
    secret = set(answers)
    return Wordle(
        sorted(secret | set(guesses)),
        zipf=zipf,
        guessable=guesses,
        kinds={word: kinds.get(word, NOUN) for word in answers},
        guess_only=set(guesses) - secret,
    )


def _read(path: str) -> list[str]:
    try:
        return read_words(path)
    except WordListError as error:
        raise UsageError(str(error)) from None


def _secrets_report(engine: Wordle, texts: list[str]) -> dict[str, Any]:
    """The engine against each word of a file, as the game would pick them; a word off the list is not found."""
    secrets = list(dict.fromkeys(normalise_word(text) for text in texts))
    possible = set(engine.secrets)
    known = [secret for secret in secrets if secret in possible]
    games = {
        secret: [entry.word for entry in engine.play(secret)]
        for secret in tqdm(known, desc="secrets", unit="word", file=sys.stderr, leave=False)
    }
    tries = [len(guesses) for guesses in games.values()]
    solved = [count for count in tries if count <= MAX_TRIES]
    return {
        "words": len(secrets),
        "solved_within_6": len(solved),
        "average": round(sum(solved) / len(solved), 4) if solved else None,
        "max": max(tries, default=None),
        "not_found": len(secrets) - len(known),
        "not_found_words": [secret for secret in secrets if secret not in possible],
        "games": games,
    }


def _secrets_text(report: dict[str, Any]) -> str:
    average = "none" if report["average"] is None else f"{report['average']:.4f}"
    return "\n".join(
        [
            f"words: {report['words']}",
            f"solved within 6: {report['solved_within_6']}",
            f"average tries (over the solved): {average}",
            f"worst case: {report['max']}",
            f"not found (not in the list): {report['not_found']} {' '.join(report['not_found_words'])}".rstrip(),
        ]
    )


def _history(engine: Wordle, texts: list[str], refused: list[str]) -> list[Entry]:
    """The entries in order, each mask alone applying to the guess the engine suggested before it."""
    history: list[Entry] = []
    for number, text in enumerate(texts, start=1):
        entry = parse_entry(text, engine.next_guess(history, refused))
        problem = entry if isinstance(entry, EntryError) else engine.check(history, entry, refused)
        if problem is not None:
            raise UsageError(f"entry {number} ({text!r}): {problem.detail}")
        assert isinstance(entry, Entry)
        history.append(entry)
    return history


def _next_text(engine: Wordle, history: list[Entry], refused: list[str]) -> str:
    if history and mask_code(history[-1].mask) == SOLVED_CODE:
        return f"solved: {history[-1].word}"
    candidates = engine.candidates(history, refused)
    if not candidates:
        raise UsageError("no word of the list fits these entries without the refused words")
    lines = [f"next guess: {engine.next_guess(history, refused)}", f"candidates: {len(candidates)}"]
    if len(candidates) <= SHOW_CANDIDATES_UP_TO:
        lines.append(" ".join(candidates))
    return "\n".join(lines)


def _stats(engine: Wordle) -> tuple[Stats, float]:
    started = time.perf_counter()
    secrets = tqdm(engine.secrets, desc="secrets", unit="word", file=sys.stderr, leave=False)
    stats = play_all(engine, secrets)
    return stats, time.perf_counter() - started


def _report(stats: Stats, seconds: float) -> dict[str, Any]:
    return {
        "words": stats.words,
        "first_guess": stats.first_guess,
        "average": round(stats.average, 4),
        "weighted_average": round(stats.weighted_average, 4),
        "max": stats.worst,
        "solved_within_6": stats.words - len(stats.failed),
        "failed": stats.failed,
        "histogram": {str(tries): count for tries, count in stats.histogram.items()},
        "seconds": round(seconds, 2),
    }


def _stats_text(stats: Stats, seconds: float) -> str:
    histogram = "  ".join(f"{tries}: {count}" for tries, count in stats.histogram.items())
    return "\n".join(
        [
            f"words: {stats.words}",
            f"first guess: {stats.first_guess}",
            f"average tries: {stats.average:.4f} (every word equally likely)",
            f"prior-weighted average: {stats.weighted_average:.4f} (secrets as likely as their word frequency says)",
            f"worst case: {stats.worst}",
            f"solved within 6: {stats.words - len(stats.failed)} of {stats.words}",
            f"not solved within 6: {' '.join(stats.failed) or 'none'}",
            f"histogram (tries: words): {histogram}",
            f"seconds: {seconds:.1f}",
        ]
    )


# ---------------------------------------------------------------- review


def _run_review(engine: Wordle, texts: list[str], as_json: bool) -> int:
    history = _own_history(engine, texts)
    reviews = review_game(engine, history, broader=broader_engine())
    scores = game_scores(reviews)
    if as_json:
        report = {"guesses": [review.as_json() for review in reviews], **scores.as_json()}
        print(json.dumps({**report, "share": share_grid(history)}, ensure_ascii=False))
    else:
        total = (
            f"expected {scores.expected:.2f} tries at the start; "
            f"skill {scores.skill:+.2f} tries, luck {scores.luck:+.2f} tries"
        )
        print("\n".join([*map(_review_line, reviews), "", total, "", share_grid(history)]))
    return 0


def _own_history(engine: Wordle, texts: list[str]) -> list[Entry]:
    """WORD:MASK entries, each checked to leave a word of the list that fits."""
    history: list[Entry] = []
    for number, text in enumerate(texts, start=1):
        if ":" not in text:
            raise UsageError(f"entry {number} ({text!r}): give the word too, as WORD:MASK")
        entry = parse_entry(text, "")
        problem = entry if isinstance(entry, EntryError) else engine.check(history, entry)
        if problem is not None:
            raise UsageError(f"entry {number} ({text!r}): {problem.detail}")
        assert isinstance(entry, Entry)
        history.append(entry)
    return history


def _review_line(review: GuessReview) -> str:
    compared = ", ".join(
        f"{choice.word} {choice.tries:.2f}" + ("" if choice.safe else " (may lose: a seventh try)")
        for choice in review.compared
    )
    luck = "n/a (no word of the list fits)" if review.luck is None else f"{review.luck:+.2f}"
    return (
        f"{review.number}. {review.entry}  words fitting {review.before} → {review.after}; "
        f"{review.expected:.2f} tries expected (engine: {review.suggested.word}; compared: {compared}); "
        f"skill {review.skill:+.2f}, luck {luck}" + (" (graded against the broader list)" if review.broader else "")
    )
