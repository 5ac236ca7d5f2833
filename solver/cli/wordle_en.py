"""``python -m solver wordle ... --lang en``: English Wordle on its original lists (every answer equally
likely), normal or ``--hard`` mode: the next guess, a review, the word list or the statistics."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from tqdm import tqdm  # type: ignore[import-untyped]

from solver.cli import UsageError
from solver.wordle import MAX_TRIES, SOLVED_CODE, Entry, EntryError, Wordle, mask_code, play_all
from solver.wordle.english import (
    ANSWERS_FILE,
    GUESSES_FILE,
    english_squares,
    lists_engine,
    parse_english_entry,
    read_list,
)
from solver.wordle.review import game_scores, review_game
from solver.words import WordListError, read_words

SHOW_CANDIDATES_UP_TO = 10


def run_english(args: argparse.Namespace) -> int:
    if getattr(args, "words", None):
        raise UsageError("--words goes with 5bukv; English Wordle takes --answers and --guesses")
    engine = _engine(getattr(args, "answers", None), getattr(args, "guesses", None), args.hard)
    if args.action == "next":
        history = _history(engine, args.entries, suggested=True)
        print(_next_text(engine, history))
        return 0
    if args.action == "review":
        return _review(engine, _history(engine, args.entries, suggested=False), args.json)
    if args.action == "words":
        print("\n".join(engine.secrets))
        return 0
    started = time.perf_counter()
    secrets = tqdm(engine.secrets, desc="secrets", unit="word", file=sys.stderr, leave=False)
    stats = play_all(engine, secrets)
    seconds = time.perf_counter() - started
    report = {
        "lang": "en",
        "hard": args.hard,
        "words": stats.words,
        "opening": stats.first_guess,
        "average": round(stats.average, 4),
        "total_guesses": sum(stats.tries.values()),
        "max": stats.worst,
        "solved_within_6": stats.words - len(stats.failed),
        "failed": stats.failed,
        "histogram": {str(tries): count for tries, count in stats.histogram.items()},
        "seconds": round(seconds, 2),
    }
    print(json.dumps(report) if args.json else _stats_text(report))
    return 0


def _engine(answers_path: str | None, guesses_path: str | None, hard: bool) -> Wordle:
    answers = _read(answers_path) if answers_path else read_list(ANSWERS_FILE)
    guesses = _read(guesses_path) if guesses_path else read_list(GUESSES_FILE)
    if not answers:
        raise UsageError(f"{answers_path}: no five-letter words")
    return lists_engine(answers, guesses, hard)


def _read(path: str) -> list[str]:
    try:
        words = read_words(path)
    except WordListError as error:
        raise UsageError(str(error)) from None
    return [word.strip().lower() for word in words if len(word.strip()) == 5 and word.strip().isalpha()]


def _history(engine: Wordle, texts: list[str], *, suggested: bool) -> list[Entry]:
    """The entries in order; with ``suggested``, colours alone are for the word the engine suggested."""
    history: list[Entry] = []
    for number, text in enumerate(texts, start=1):
        if not suggested and ":" not in text and " " not in text.strip():
            raise UsageError(f"entry {number} ({text!r}): give the word too, as WORD:COLOURS")
        entry = parse_english_entry(text, engine.next_guess(history) if suggested else "")
        problem = entry if isinstance(entry, EntryError) else engine.check(history, entry)
        if problem is not None:
            raise UsageError(f"entry {number} ({text!r}): {problem.detail}")
        assert isinstance(entry, Entry)
        history.append(entry)
    return history


def _next_text(engine: Wordle, history: list[Entry]) -> str:
    if history and mask_code(history[-1].mask) == SOLVED_CODE:
        return f"solved: {history[-1].word}"
    candidates = engine.candidates(history)
    lines = [f"next guess: {engine.next_guess(history)}", f"candidates: {len(candidates)}"]
    if len(candidates) <= SHOW_CANDIDATES_UP_TO:
        lines.append(" ".join(candidates))
    return "\n".join(lines)


def _review(engine: Wordle, history: list[Entry], as_json: bool) -> int:
    reviews = review_game(engine, history)
    scores = game_scores(reviews)
    share = "\n".join(english_squares(entry.mask) for entry in history)
    if as_json:
        print(json.dumps({"guesses": [review.as_json() for review in reviews], **scores.as_json(), "share": share}))
        return 0
    lines = [
        f"{review.number}. {review.entry.word} {english_squares(review.entry.mask)}  words fitting "
        f"{review.before} → {review.after}; {review.expected:.2f} tries expected (engine: {review.suggested.word}); "
        f"skill {review.skill:+.2f}, luck {'n/a' if review.luck is None else f'{review.luck:+.2f}'}"
        for review in reviews
    ]
    total = f"expected {scores.expected:.2f} tries at the start; skill {scores.skill:+.2f}, luck {scores.luck:+.2f}"
    print("\n".join([*lines, "", total, "", share]))
    return 0


def _stats_text(report: dict[str, Any]) -> str:
    histogram = "  ".join(f"{tries}: {count}" for tries, count in report["histogram"].items())
    return "\n".join(
        [
            f"English Wordle, {'hard' if report['hard'] else 'normal'} mode: {report['words']} answers",
            f"opening: {report['opening']}",
            f"average tries: {report['average']:.4f} (every answer equally likely)",
            f"total guesses: {report['total_guesses']}",
            f"worst case: {report['max']}",
            f"solved within {MAX_TRIES}: {report['solved_within_6']} of {report['words']}",
            f"histogram (tries: answers): {histogram}",
            f"seconds: {report['seconds']:.1f}",
        ]
    )
