"""The exclusion policy as patterns: the roots of sexual, anatomical-crude, toilet and swear vocabulary.

``solver/data/README.md`` rules these words out of every list of every game. A maintained list and
a reviewed list name words one by one; these roots catch the words neither names, so that the
policy is enforced rather than hoped for. ``scripts/build_data.py`` excludes every word a root
matches unless ``solver/data/reviewed_words.tsv`` keeps it (a root also matches harmless words: мочалка,
analysis), and ``python -m solver words --audit`` checks the built lists against the same roots,
so a word that slips in by a new source or a new rule is seen.

The patterns are regular expressions matched at the start of a word (``re.match``); a pattern
that must match the whole word ends in ``$``. They are written to catch families of words
(понос, поносик; porn, porno, pornography) and were read against every tier of both languages.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

#: Sexual vocabulary (acts, organs named crudely, sex work, orientation: see solver/data/README.md).
RUSSIAN_SEXUAL = (
    r"секс(?!от|т|изм|ист)",
    r"порн",
    r"эрот",
    r"оргазм",
    r"оргия$",
    r"мастурб",
    r"онани",
    r"эрекц",
    r"эякул",
    r"сперм",
    r"презерват",
    r"кондом$",
    r"минет$",
    r"куннилинг",
    r"фелляц",
    r"проститу",
    r"шлюх",
    r"бордел",
    r"сутенёр",
    r"сутенер",
    r"педофил",
    r"педераст",
    r"содомит",
    r"пидор",
    r"гомосек",
    r"бисексу",
    r"лесби",
    r"гей$",
    r"трансвест",
    r"транссексу",
    r"стриптиз",
    r"фаллос",
    r"фаллоим",
    r"пенис$",
    r"вагин",
    r"влагалищ",
    r"клитор",
    r"мошонк",
    r"гениталии",
    r"либидо",
    r"вуайер",
    r"эксгибицион",
    r"инцест",
    r"кровосмеш",
    r"изнасил",
    r"совокупл",
    r"соитие",
    r"нимфоман",
    r"потаскух",
    r"менструац",
    r"месячные$",
)
#: Crude words for parts of the body (the neutral anatomical words stay: грудь, ягодица).
RUSSIAN_ANATOMICAL = (
    r"попа$",
    r"попка$",
    r"попец",
    r"попочк",
    r"задниц",
    r"жоп",
    r"сись",
    r"сиськ",
    r"титьк",
    r"писька",
    r"писюн",
    r"пиписьк",
    r"анус",
    r"елда",
)
#: Toilet vocabulary (excrement and its making; the household words stay: туалет, унитаз, горшок).
RUSSIAN_TOILET = (
    r"понос$",
    r"поносик",
    r"моча$",
    r"мочеиспуск",
    r"кака$",
    r"какашк",
    r"какаш",
    r"говн",
    r"дерьм",
    r"срач",
    r"засранец",
    r"засранк",
    r"ссак",
    r"ссыкун",
    r"пердеж",
    r"пердёж",
    r"пердун",
    r"пук$",
    r"испражн",
    r"экскремент",
    r"фекали",
    r"дефекац",
    r"кал$",
    r"блевот",
    r"блёвот",
    r"дрист",
)

ENGLISH_SEXUAL = (
    r"sex(?:$|es$|ual|y$|iness|less|ism|ist|olog|pot)",
    r"porn",
    r"erotic",
    r"orgasm",
    r"orgy$",
    r"orgies$",
    r"masturb",
    r"onanism",
    r"ejacul",
    r"semen$",
    r"sperm$",
    r"condoms?$",
    r"fellat",
    r"cunnil",
    r"prostitut",
    r"whore(?!tleberry)",
    r"harlot",
    r"sluts?$",
    r"sluttish",
    r"brothel",
    r"pimp$",
    r"pimps$",
    r"pimping",
    r"sodom",
    r"incest",
    r"rapist",
    r"paedophil",
    r"pedophil",
    r"pederast",
    r"homosexual",
    r"bisexual",
    r"lesbian",
    r"dykes?$",
    r"transvest",
    r"transsexual",
    r"nymphomania",
    r"dildo",
    r"penis",
    r"phallus",
    r"phallic$",
    r"vagina(?:$|l$|s$)",
    r"vulvae?$",
    r"clitor(?:is|al)",
    r"scrotum",
    r"scrotal",
    r"testicle",
    r"genitals?$",
    r"genitalia",
    r"striptease",
    r"lecher",
    r"lewd",
    r"horny$",
    r"menstrua",
    r"libido",
    r"voyeur",
    r"buggery",
    r"copulat",
    r"coitus",
    r"fornicat",
)
ENGLISH_ANATOMICAL = (
    r"arse$",
    r"arses$",
    r"arsehole",
    r"ass$",
    r"asses$",
    r"asshole",
    r"butt$",
    r"butts$",
    r"buttock",
    r"boobs?$",
    r"boobies$",
    r"titty",
    r"titties",
    r"anus$",
    r"anal$",
    r"dick$",
    r"dicks$",
    r"cock$",
    r"cocks$",
    r"prick$",
    r"pricks$",
    r"bum$",
    r"bums$",
    r"bumhole",
    r"crotch$",
    r"crotches$",
)
ENGLISH_TOILET = (
    r"farts?$",
    r"farting",
    r"poops?$",
    r"pooping",
    r"turds?$",
    r"feces",
    r"faeces",
    r"fecal",
    r"excrement",
    r"urine",
    r"urinat",
    r"piss",
    r"shits?$",
    r"shitt(?!im|ah)",
    r"crap$",
    r"crappy",
    r"diarrh",
    r"puke$",
    r"puking",
    r"boogers?$",
)

#: Swear words: no list has them (a source that lacks them cannot mark them), so a player who asks
#: about one is told it is offensive, never shown it, whichever dictionary would have had it.
RUSSIAN_SWEAR = (
    r"ху[йяеёи]",
    r"пизд",
    r"пизж",
    r"еба[лнтш]",
    r"ебл[аио]",
    r"ёб",
    r"бля(?:$|д|т)",
    r"мудак",
    r"мудил",
    r"залуп",
    r"манд[аоуыеё]$",
)
ENGLISH_SWEAR = (
    r"fuck",
    r"motherf",
    r"cunts?$",
    r"bitch",
    r"bastards?$",
    r"bullshit",
    r"wank(?:$|s$|er|ing)",
    r"twats?$",
    r"bollocks",
    r"sluts?$",
    r"slutt(?!er|ik)",
    r"fags?$",
    r"faggot",
    r"nigger",
    r"niggas?$",
    r"retards?$",
    r"jizz",
    r"cum$",
)

ROOTS: dict[str, dict[str, tuple[str, ...]]] = {
    "ru": {
        "sexual": RUSSIAN_SEXUAL,
        "anatomical": RUSSIAN_ANATOMICAL,
        "toilet": RUSSIAN_TOILET,
        "swear": RUSSIAN_SWEAR,
    },
    "en": {
        "sexual": ENGLISH_SEXUAL,
        "anatomical": ENGLISH_ANATOMICAL,
        "toilet": ENGLISH_TOILET,
        "swear": ENGLISH_SWEAR,
    },
}


@dataclass(frozen=True)
class Question:
    """A word of a list that a root of the policy matches: its class and the root."""

    word: str
    kind: str  # sexual, anatomical, toilet or swear
    root: str


@cache
def _compiled(code: str) -> tuple[re.Pattern[str], dict[str, tuple[str, str]]]:
    """Every root of language ``code`` as one pattern, each root a named group in the policy's
    order, and the (kind, root) each group stands for. Python's alternation tries the roots in that
    order, so the group that matched is the first root that matches: one regex call a word rather
    than one a root (the audit reads some 300,000 words against 116 roots)."""
    names: dict[str, tuple[str, str]] = {}
    branches = []
    for kind, roots in ROOTS[code].items():
        for root in roots:
            name = f"r{len(names)}"
            names[name] = (kind, root)
            branches.append(f"(?P<{name}>{root})")
    return re.compile("|".join(branches)), names


def question(word: str, code: str) -> Question | None:
    """The first root of the policy that matches ``word`` (language ``code``), or None."""
    pattern, names = _compiled(code)
    found = pattern.match(word)
    if found is None or found.lastgroup is None:
        return None
    kind, root = names[found.lastgroup]
    return Question(word, kind, root)


def questioned(words: Iterable[str], code: str) -> list[Question]:
    """Every word of ``words`` a root matches, in the order given."""
    return [found for word in words if (found := question(word, code)) is not None]


def reviewed_keeps(code: str) -> frozenset[str]:
    """The words ``solver/data/reviewed_words.tsv`` keeps although a root or the maintained list names them."""
    from solver.words import DATA_DIR, read_table

    kept = set()
    for lang, rest in read_table(DATA_DIR / "reviewed_words.tsv"):
        word, decision, _ = rest.split("\t", 2)
        if lang == code and decision == "keep":
            kept.add(word)
    return frozenset(kept)


def unresolved(words: Iterable[str], code: str) -> list[Question]:
    """The words a root questions that the reviewed list does not keep: each one breaks the policy."""
    kept = reviewed_keeps(code)
    return [found for found in questioned(words, code) if found.word not in kept]
