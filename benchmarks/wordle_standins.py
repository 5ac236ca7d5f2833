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
what is found and of the search, not a measure of the prior.

A second, independent stand-in comes from sources the prior does not use:

* ``hunspell``: every five-letter noun entry of hunspell's Russian dictionary in lower case (an entry
  with a noun's affix flags), whose spelling wordfreq counts at least Zipf 2.5 *as a spelling* (not
  weighed by pymorphy3's corpus estimate, as the candidates' frequencies are). It needs the data
  extra (``make data``, or ``pip install --require-hashes --no-deps -r requirements-data.lock``).

``--fit`` prints the share of the hunspell stand-in in each band of the prior (by the candidates'
own frequency and kind) against the share of the prior's weight there, and the weights that would
make the two agree. Written to the folder given:

    .venv/bin/python benchmarks/wordle_standins.py /tmp/wd [--fit]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.wordle import CRUDE, NOUN, OTHER, PRIOR, RARE, default_kinds, default_zipf

#: The hunspell stand-in's least Zipf frequency of the spelling (wordfreq's, unweighed).
HUNSPELL_ZIPF = 2.5
#: Hunspell's noun flags without ``L``, which verbs' entries carry too (брать, вести): the stand-in
#: has no pymorphy3 to tell them apart, as the build has.
STANDIN_NOUN_FLAGS = frozenset("FGHIJKN")

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


def hunspell() -> list[str]:
    """The independent stand-in: hunspell's five-letter lower-case noun entries that wordfreq counts
    at least ``HUNSPELL_ZIPF`` as a spelling, ё as е (no pymorphy3, no OpenCorpora, no weighing)."""
    from wordfreq import word_frequency

    from scripts.build_data import hunspell_entries, second_source

    words = set()
    for stem, flags in hunspell_entries(second_source("ru")).items():
        spelled = stem.replace("ё", "е")
        if len(spelled) == 5 and stem.isalpha() and stem.islower() and flags & STANDIN_NOUN_FLAGS:
            frequency = word_frequency(stem, "ru") + (word_frequency(spelled, "ru") if spelled != stem else 0.0)
            if frequency > 0 and math.log10(frequency) + 9 >= HUNSPELL_ZIPF:
                words.add(spelled)
    return sorted(words)


def band(zipf: float, kind: str) -> str:
    """The prior's band of a candidate (``solver.wordle.search.Prior``)."""
    if kind in (RARE, CRUDE, OTHER):
        return kind
    if zipf >= PRIOR.known:
        return "known"
    if zipf >= PRIOR.common:
        return "middle"
    return "rare-band" if zipf >= PRIOR.uncommon else "faint"


def fit(answers: list[str]) -> None:
    """Each band's share of the stand-in's answers against its share of the prior's weight, and the
    weight per word that would make them agree (the known band's kept at 1)."""
    zipf, kind = default_zipf(), default_kinds()
    bands = {word: band(zipf[word], kind[word]) for word in zipf}
    sizes = Counter(bands.values())
    found = Counter(bands[word] for word in answers if word in bands)
    weights = {word: PRIOR.weight(zipf[word], kind[word]) for word in zipf}
    total_weight = sum(weights.values())
    mass = Counter[str]()
    for word, value in weights.items():
        mass[bands[word]] += value
    print(f"answers in the candidates: {sum(found.values())} of {len(answers)}")
    known_rate = found["known"] / sizes["known"]
    for name in ("known", "middle", "rare-band", "faint", RARE, OTHER, CRUDE):
        share, prior = found[name] / max(sum(found.values()), 1), mass[name] / total_weight
        fitted = found[name] / sizes[name] / known_rate if sizes[name] else 0.0
        print(f"{name:10} {sizes[name]:5} words  stand-in {share:6.1%}  prior {prior:6.1%}  fitted weight {fitted:.3f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--fit", action="store_true", help="the prior's bands against the hunspell stand-in")
    args = parser.parse_args()
    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    lists = {
        "familiar": familiar(),
        "with-rare": with_rare(),
        "accepted": by_frequency({NOUN, RARE}),
        "hunspell": hunspell(),
    }
    for name, words in lists.items():
        (folder / f"{name}.txt").write_text("\n".join(sorted(words)) + "\n", encoding="utf-8")
        print(f"{folder / name}.txt: {len(words)} words")
    if args.fit:
        fit(lists["hunspell"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
