"""Letter game: our solver against a plain memoised minimax, side by side.

Times load + solve of the shipped Russian dictionary and of the English list
with L = 4, each against the reference the source articles use (recursion over a set of
fragments with a cache, as in the Ghost article and Norvig's Ghost notebook), then the
latency of a hint and of a computer move on random boards, the cost of the
N-player tables against the two-player one, and a cold start of the command
line against the Russian article's own program and against the floor any
Python solver pays (start Python, import NumPy, read the file). Figures are
best-of-N wall times (cold starts: medians); ratios compare contenders in the
same run, which is what survives a noisy shared machine.

    .venv/bin/python benchmarks/bench_letters.py [--repeat N] [--words FILE] [--cold-only] [--before DIR]

The cold start runs on a list of the Russian article's size drawn from the
shipped list, unless ``--words FILE`` names a list of one word a line (the
article's own, say: Harrix/Russian-Nouns' ``dist/russian_nouns.txt``, which
this repository does not ship); ``--cold-only`` runs that part alone; ``--before DIR`` (another
checkout, e.g. ``git archive main | tar -x -C DIR``) runs its cold start in the same turns.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path

from solver.engine import Value
from solver.letters import GroupTable, LetterGame, Rule
from solver.levels import Level
from solver.words import LANGUAGES, Tier


def reference_winner(words: list[str], rule: Rule, min_length: int) -> str:
    """Who wins from the empty board, the way the source articles compute it."""
    vocabulary = {w for w in words if len(w) >= min_length}
    fragments = {w[:i] for w in vocabulary for i in range(len(w) + 1)}
    alphabet = sorted(set("".join(vocabulary)))

    @cache
    def mover_wins(fragment: str) -> bool:
        if fragment in vocabulary:
            return rule is Rule.COMPLETE_LOSES
        return any(not mover_wins(fragment + c) for c in alphabet if fragment + c in fragments)

    return "first" if mover_wins("") else "second"


def best_time(work: Callable[[], object], repeat: int) -> tuple[float, object]:
    times, result = [], None
    for _ in range(repeat):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
    return min(times), result


def random_boards(game: LetterGame, count: int, rng: random.Random) -> list[str]:
    """Boards reached by random legal play, never at a finished word."""
    boards = []
    while len(boards) < count:
        board = ""
        while not game.is_word(board):
            boards.append(board)
            board += rng.choice(game.plays(board)).letter
    return boards[:count]


def per_call_microseconds(call: Callable[[str], object], boards: list[str]) -> float:
    started = time.perf_counter()
    for board in boards:
        call(board)
    return (time.perf_counter() - started) / len(boards) * 1e6


#: The Russian article's word file has 51,301 nouns and is not shipped: a stand-in of
#: the same size is drawn from the shipped list's full tier, the same way every run.
ARTICLE_WORDS = 51_301
ARTICLE_SCRIPT = Path(__file__).with_name("article_letters.py")
ROOT = Path(__file__).resolve().parent.parent


def article_sized_list(folder: Path) -> Path:
    words = random.Random(0).sample(LANGUAGES["ru"].words(Tier.FULL), ARTICLE_WORDS)
    path = folder / "russian_nouns.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return path


def timed_run(command: list[str], folder: Path | None, cache: Path) -> tuple[float, float, str]:
    """Wall and CPU seconds (user and system) of a fresh process, and what it printed. Every contender
    starts NumPy with one BLAS thread, as ``python -m solver`` does (no command needs more), and keeps
    its compiled modules in ``cache``, as Python does on a user's machine: a machine that turns the
    cache off (``PYTHONDONTWRITEBYTECODE``) would have ours compile its modules on every run, which
    the floor, all of it NumPy's and Python's own modules, installed compiled, never does."""
    started, used = time.perf_counter(), _children_cpu()
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"} | {
        "OPENBLAS_NUM_THREADS": "1",
        "PYTHONPYCACHEPREFIX": str(cache),
    }
    done = subprocess.run(command, check=True, capture_output=True, text=True, env=environment, cwd=folder)
    return time.perf_counter() - started, _children_cpu() - used, done.stdout


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


#: The floor of any solver written in Python with NumPy: start, import NumPy, read the word file.
FLOOR = "import sys, numpy; words = open(sys.argv[1], encoding='utf-8').read().split(); print(len(words))"


def cold_start_against_the_article(repeat: int, words_file: Path | None = None, before: Path | None = None) -> None:
    """The article's program, ours and the floor as their users run them, taking turns, from a
    fresh process each time, on ``words_file`` (default: a list of the article's size); with
    ``before`` (another checkout), its ``python -m solver`` too, in the same turns."""
    with tempfile.TemporaryDirectory() as folder:
        words = str(words_file or article_sized_list(Path(folder)))
        solver = [sys.executable, "-m", "solver", "letters", "--words", words]
        commands = {
            "article": ([sys.executable, str(ARTICLE_SCRIPT), words], None),
            "ours": (solver, ROOT),
            "floor": ([sys.executable, "-c", FLOOR, words], None),
        } | ({"before": (solver, before)} if before else {})
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
        out: dict[str, str] = {}
        cache = Path(folder) / "bytecode"
        for name in commands:  # once untimed: each timed run starts with its modules compiled
            timed_run(*commands[name], cache)
        for turn in range(repeat):
            # The contenders in turn first and last (A B C, C B A), so all see the same load.
            names = list(commands) if turn % 2 == 0 else list(commands)[::-1]
            for name in names:
                wall, cpu, out[name] = timed_run(*commands[name], cache)
                times[name].append((wall, cpu))
    ours_winner = "first" if "the first player wins" in out["ours"] else "second"
    article_winner = "first" if "winner 1" in out["article"] else "second"
    wall = {name: statistics.median(w for w, _ in runs) for name, runs in times.items()}
    cpu = {name: statistics.median(c for _, c in runs) for name, runs in times.items()}
    source = f"{words_file}" if words_file else "the Russian article's size, from the full Russian tier"
    print(f"\ncold start on {int(out['floor']):,} words ({source}), median of {repeat}: wall, CPU (user + system)")
    rows = {
        "article": f"the Russian article's algorithm, as a script   winner: {article_winner}",
        "ours": f"python -m solver letters --words FILE          winner: {ours_winner}",
        "floor": "floor: Python + NumPy + reading the file",
        "before": f"the same command in {before}",
    }
    for name in commands:
        print(f"  {wall[name]:6.3f} s {cpu[name]:6.3f} s  {rows[name]}")
    print(f"  ratio article/ours: {wall['article'] / wall['ours']:.1f}x wall")
    for name, anchor in (("ours", "floor"), ("before", "floor"), ("ours", "before")):
        if name in times and anchor in times:
            pairs = sorted(a[1] / b[1] for a, b in zip(times[name], times[anchor], strict=True))
            print(
                f"  {name}/{anchor}: {wall[name] / wall[anchor]:.2f}x wall, {cpu[name] / cpu[anchor]:.2f}x CPU", end=""
            )
            print(f" (CPU pair by pair {pairs[0]:.2f}-{pairs[-1]:.2f}, median {statistics.median(pairs):.2f})")
    if ours_winner != article_winner:
        raise SystemExit("the two programs disagree")


def group_tables_against_two_players(games: dict[str, LetterGame], repeat: int) -> None:
    """What the N-player tables (solved by the engine, plus the chances) cost,
    against building and solving the two-player game from the same words."""
    print("\nN-player tables: solve time, and ratio to the two-player game's load + solve (best of", repeat, "runs)")
    print(f"{'list':<6}{'2-player s':>11}" + "".join(f"{f'N={n}':>16}" for n in PLAYER_COUNTS))
    for code, game in games.items():
        language = LANGUAGES[code]
        words = language.words()
        two_s, _ = best_time(partial(LetterGame, words, game.rule, language.min_length, language.alphabet), repeat)
        cells = []
        for players in PLAYER_COUNTS:
            seconds, _ = best_time(partial(GroupTable, game, players), repeat)
            cells.append(f"{seconds:7.3f} s {seconds / two_s:4.1f}x")
        print(f"{code:<6}{two_s:>11.3f}" + "".join(f"{cell:>16}" for cell in cells))


PLAYER_COUNTS = (2, 3, 4, 6, 10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--words", type=Path, help="the cold start's word list, one word a line (default: a stand-in)")
    parser.add_argument("--cold-only", action="store_true", help="the cold start alone, with the floor")
    parser.add_argument("--before", type=Path, help="another checkout whose cold start runs in the same turns")
    args = parser.parse_args()
    repeat = args.repeat
    if args.words and not args.words.is_file():
        parser.error(f"--words: no such file: {args.words}")
    if args.cold_only:
        cold_start_against_the_article(max(repeat, 5), args.words, args.before)
        return

    print("letter game: load + solve, ours vs plain memoised minimax (best of", repeat, "runs)")
    print(f"{'dictionary':<28}{'ours s':>9}{'plain s':>10}{'ratio':>8}  winner (ours / plain)")
    games = {}
    for code in ("ru", "en"):
        language = LANGUAGES[code]
        rule = Rule(language.rule)

        def ours(language=language, rule=rule) -> LetterGame:  # type: ignore[no-untyped-def]
            return LetterGame(language.words(), rule, language.min_length, language.alphabet)

        def plain(language=language, rule=rule) -> str:  # type: ignore[no-untyped-def]
            return reference_winner(language.words(), rule, language.min_length)

        ours_s, game = best_time(ours, repeat)
        plain_s, plain_winner = best_time(plain, 1 if code == "en" else repeat)
        assert isinstance(game, LetterGame)
        games[code] = game
        label = f"{code} {rule.value} L={language.min_length}"
        print(f"{label:<28}{ours_s:>9.3f}{plain_s:>10.3f}{plain_s / ours_s:>7.1f}x  {game.winner('')} / {plain_winner}")
        if game.winner("") != plain_winner:
            raise SystemExit("the two solvers disagree")

    rng = random.Random(2026)
    print("\nlatency once the table is built (mean over 20,000 random boards)")
    for code, game in games.items():
        boards = random_boards(game, 20_000, rng)
        hint = per_call_microseconds(game.plays, boards)
        move = per_call_microseconds(lambda b, g=game: g.computer_letter(b, Level.PERFECT, rng), boards)
        wins = per_call_microseconds(game.winning_letters, boards)
        print(f"  {code}: hint (all plays judged) {hint:6.1f} µs", end="")
        print(f"   computer move {move:6.1f} µs   winning letters {wins:6.1f} µs")
        assert all(game.value(b) in (Value.WIN, Value.LOSS) for b in boards[:100])

    group_tables_against_two_players(games, repeat)
    cold_start_against_the_article(max(repeat, 5), args.words, args.before)


if __name__ == "__main__":
    main()
