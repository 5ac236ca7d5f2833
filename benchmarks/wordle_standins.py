"""Stand-ins for the real «5 букв» lists, which are not public: the likely answers and the accepted words.

The real game picks everyday words, almost all nouns, with a few adjectives used as nouns,
pronouns and adverbs, and some crude words; a published helper counts 2,066 answers. So the
stand-in answers are, from the shipped candidates (``data/wordle_words.tsv``):

* ``familiar``: the most frequent nouns (kinds noun and rare, by Zipf), 3 % other parts of speech
  and 1 % crude words, the most frequent of each, 2,066 in all;
* ``with-rare``: the same with 100 of the nouns replaced by nouns below Zipf 2.5 drawn with a fixed
  seed (a game that sometimes picks a word few people use).

The stand-in accepted words are every noun of the candidates (kinds noun and rare). Both answer
lists come from our own frequencies, so they flatter a prior built on them: they are a check of
what is found and of the search, not a measure of the prior. Written to the folder given:

    .venv/bin/python benchmarks/wordle_standins.py /tmp/wd
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.wordle import CRUDE, NOUN, OTHER, RARE, default_kinds, default_zipf

SIZE = 2066
OTHER_SHARE, CRUDE_SHARE = 0.03, 0.01
RARE_DRAWN = 100
SEED = 5


def by_frequency(kinds: set[str]) -> list[str]:
    zipf, kind = default_zipf(), default_kinds()
    return sorted((word for word in zipf if kind[word] in kinds), key=lambda word: (-zipf[word], word))


def familiar() -> list[str]:
    others = by_frequency({OTHER})[: round(SIZE * OTHER_SHARE)]
    crude = by_frequency({CRUDE})[: round(SIZE * CRUDE_SHARE)]
    nouns = by_frequency({NOUN, RARE})[: SIZE - len(others) - len(crude)]
    return sorted(nouns + others + crude)


def with_rare() -> list[str]:
    zipf = default_zipf()
    chosen = familiar()
    nouns = [word for word in by_frequency({NOUN, RARE}) if word in chosen]
    rare_pool = [word for word in by_frequency({NOUN, RARE}) if zipf[word] < 2.5 and word not in chosen]
    drawn = random.Random(SEED).sample(rare_pool, RARE_DRAWN)
    dropped = set(nouns[-RARE_DRAWN:])
    return sorted((set(chosen) - dropped) | set(drawn))


def main() -> int:
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    for name, words in (("familiar", familiar()), ("with-rare", with_rare()), ("accepted", by_frequency({NOUN, RARE}))):
        (folder / f"{name}.txt").write_text("\n".join(sorted(words)) + "\n", encoding="utf-8")
        print(f"{folder / name}.txt: {len(words)} words")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
