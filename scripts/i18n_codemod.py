"""Turns the bot's two-language calls into catalogue calls, and writes the catalogues.

Every ``t(lang, "русский", "English")`` under ``bot/`` becomes ``gettext(lang, "English", ...)``
(``pgettext`` when the same English is said two ways in Russian) and every
``count(lang, n, ru_forms, en_forms)`` becomes ``ngettext(lang, "{n} move", "{n} moves", n)``; the
Russian goes to ``locale/ru``'s catalogue, the English to ``locale/en``'s, next to the module that
defines ``ngettext`` (found, not assumed). f-string fields become ``{name}`` fields named after
their expressions, with the values passed by keyword; concatenations become one message; a
condition choosing between texts becomes a choice between messages. What it cannot convert it
lists (file:line) and leaves as it was, still working.

Re-runnable: a converted tree has no calls left to convert, and its catalogues are rewritten the
same. Run it from the repository's root: ``.venv/bin/python scripts/i18n_codemod.py``.
"""

from __future__ import annotations

import argparse
import ast
import copy
import io
import subprocess
import sys
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

DOMAIN = "messages"
#: The languages ``t(lang, ru, en)`` writes, in its argument order.
SOURCE_LANGUAGES = ("ru", "en")
#: Longer message literals are split into implicitly concatenated pieces about this long.
PIECE = 96
PO_WIDTH = 76

Msgid = str | tuple[str, ...]
Translation = str | tuple[str, ...]


class UnconvertibleError(Exception):
    """A call the codemod leaves as it is (the message says why)."""


@dataclass(frozen=True)
class Field:
    """A part of a text that is not written out: an f-string field or a concatenated expression."""

    node: ast.expr
    conversion: int = -1
    spec: str = ""


@dataclass(frozen=True)
class Choice:
    """``body if test else orelse`` inside a text, each branch a text of its own."""

    test: ast.expr
    body: list[Part]
    orelse: list[Part]


Part = str | Field | Choice


@dataclass
class Registry:
    """The messages known (from the catalogues, then from this run): their Russian, to give a
    context to the same English said differently."""

    russian: dict[tuple[str | None, Msgid], Translation] = field(default_factory=dict)
    new: dict[tuple[str | None, Msgid], Translation] = field(default_factory=dict)

    def place(self, msgid: Msgid, russian: Translation, contexts: list[str]) -> str | None:
        """The context ``msgid`` takes: none if free or meaning the same, else the first of
        ``contexts`` (then numbered ones) that is."""
        candidates: list[str | None] = [None, *contexts]
        candidates += [f"{contexts[-1] if contexts else 'text'} {k}" for k in range(2, 100)]
        for context in candidates:
            have = self.russian.get((context, msgid))
            if have is None:
                self.russian[(context, msgid)] = self.new[(context, msgid)] = russian
                return context
            if have == russian:
                return context
        raise UnconvertibleError(f"no free context for {msgid!r}")


# ------------------------------------------------------------------ reading texts


def flatten(node: ast.expr) -> list[Part]:
    """A text argument as literal pieces, fields and choices."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        parts: list[Part] = []
        for value in node.values:
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                parts.append(value.value)
            elif isinstance(value, ast.FormattedValue):
                parts.append(_formatted(value))
        return parts
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return flatten(node.left) + flatten(node.right)
    if isinstance(node, ast.IfExp):
        return [Choice(node.test, flatten(node.body), flatten(node.orelse))]
    return [Field(node)]


def _formatted(value: ast.FormattedValue) -> Part:
    """An f-string field: a choice between two literals, or a field with its conversion and spec."""
    inner = value.value
    if (
        isinstance(inner, ast.IfExp)
        and value.conversion == -1
        and value.format_spec is None
        and all(isinstance(branch, ast.Constant) for branch in (inner.body, inner.orelse))
    ):
        return Choice(inner.test, flatten(inner.body), flatten(inner.orelse))
    spec = ""
    if value.format_spec is not None:
        pieces = value.format_spec.values if isinstance(value.format_spec, ast.JoinedStr) else []
        if not all(isinstance(piece, ast.Constant) for piece in pieces):
            raise UnconvertibleError("a computed format spec")
        spec = "".join(str(piece.value) for piece in pieces if isinstance(piece, ast.Constant))
    return Field(inner, value.conversion, spec)


def _first_choice(parts: list[Part]) -> Choice | None:
    return next((part for part in parts if isinstance(part, Choice)), None)


def _settle(parts: list[Part], test: str, branch: bool) -> list[Part]:
    """``parts`` with every choice on ``test`` replaced by its ``branch``."""
    settled: list[Part] = []
    for part in parts:
        if isinstance(part, Choice) and ast.unparse(part.test) == test:
            settled += _settle(part.body if branch else part.orelse, test, branch)
        else:
            settled.append(part)
    return settled


# ------------------------------------------------------------------ field names

_DROPPED_METHODS = {"upper", "lower", "strip", "title", "capitalize"}


def short_name(node: ast.expr) -> str:
    """A field's name from its expression: ``record.played`` → played, ``board(x)`` → board,
    ``best[you]`` → best_you, ``word.upper()`` → word."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Call):
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in _DROPPED_METHODS and not node.args:
            return short_name(func.value)
        return short_name(func).lstrip("_")
    if isinstance(node, ast.Subscript):
        return f"{short_name(node.value)}_{short_name(node.slice)}"
    return str(node.value) if isinstance(node, ast.Constant) and isinstance(node.value, int) else "value"


def long_name(node: ast.expr) -> str:
    """A fuller name, for fields whose short names are the same: ``board(refusal.attempted)`` →
    board_attempted, ``table(week)`` → table_week, ``session.bot`` → session_bot."""
    if isinstance(node, ast.Call):
        args = [arg for arg in node.args if not (isinstance(arg, ast.Name) and arg.id == "lang")]
        return f"{short_name(node)}_{short_name(args[0])}" if args else short_name(node)
    if isinstance(node, ast.Attribute):
        return f"{short_name(node.value)}_{node.attr}"
    return short_name(node)


def name_fields(parts: list[list[Part]]) -> dict[str, str]:
    """A field name for each distinct expression (keyed by its source), the same in every language:
    the short name, or the long one for every expression sharing a short name with another."""
    nodes = {ast.unparse(p.node): p.node for text in parts for p in text if isinstance(p, Field)}
    shorts = [short_name(node) for node in nodes.values()]
    names: dict[str, str] = {}
    for (key, node), short in zip(nodes.items(), shorts, strict=True):
        first = short if shorts.count(short) == 1 else long_name(node)
        for candidate in [first, *(f"{first}_{k}" for k in range(2, 99))]:
            if candidate.isidentifier() and candidate not in names.values() and candidate != "n":
                names[key] = candidate
                break
    return names


def template(parts: list[Part], names: dict[str, str], escape: bool) -> str:
    """The text as a ``str.format`` template."""
    out = []
    for part in parts:
        if isinstance(part, str):
            out.append(part.replace("{", "{{").replace("}", "}}") if escape else part)
        elif isinstance(part, Field):
            conversion = f"!{chr(part.conversion)}" if part.conversion != -1 else ""
            spec = f":{part.spec}" if part.spec else ""
            out.append(f"{{{names[ast.unparse(part.node)]}{conversion}{spec}}}")
    return "".join(out)


# ------------------------------------------------------------------ converting calls


@dataclass
class FileConverter:
    """Converts one module's calls; ``helpers`` are the names bound to ``t`` and ``count``."""

    path: Path
    tree: ast.Module
    registry: Registry
    constants: dict[str, tuple[str, ...]]
    helpers: dict[str, str]
    problems: list[str] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    functions: dict[tuple[int, int], str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._index_functions(self.tree, "module")

    def _index_functions(self, node: ast.AST, name: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = child.name if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef) else name
            if isinstance(child, ast.Call):
                self.functions[(child.lineno, child.col_offset)] = name
            self._index_functions(child, inner)

    def kind(self, node: ast.AST) -> str | None:
        """``t`` or ``count`` for a call of the two-language helpers, else None."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return self.helpers.get(node.func.id)
        return None

    def convert(self, call: ast.Call) -> ast.expr:
        kind = self.kind(call)
        if call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args):
            raise UnconvertibleError("keyword or starred arguments")
        function = self.functions.get((call.lineno, call.col_offset), "module")
        if kind == "t" and len(call.args) == 3:
            lang, ru, en = call.args
            return self._message(self.rewrite(lang), flatten(ru), flatten(en), function, [])
        if kind == "count" and len(call.args) == 4:
            lang, number, ru, en = call.args
            return self._plural(self.rewrite(lang), self.rewrite(number), ru, en, function)
        raise UnconvertibleError(f"{kind}() with {len(call.args)} arguments")

    def rewrite(self, node: ast.expr) -> ast.expr:
        """``node`` with the helper calls inside it converted."""
        converter = self

        class Rewriter(ast.NodeTransformer):
            def visit_Call(self, call: ast.Call) -> ast.AST:
                if converter.kind(call) is None:
                    return self.generic_visit(call)
                try:
                    return converter.convert(call)
                except UnconvertibleError as why:
                    converter.problems.append(f"{converter.path}:{call.lineno}: {why}")
                    return self.generic_visit(call)

        result = Rewriter().visit(copy.deepcopy(node))
        assert isinstance(result, ast.expr)
        return result

    def _message(self, lang: ast.expr, ru: list[Part], en: list[Part], function: str, labels: list[str]) -> ast.expr:
        choice = _first_choice(ru) or _first_choice(en)
        if choice is not None:
            test = ast.unparse(choice.test)
            yes = self._message(lang, _settle(ru, test, True), _settle(en, test, True), function, [*labels, test])
            no = self._message(
                lang, _settle(ru, test, False), _settle(en, test, False), function, [*labels, f"not {test}"]
            )
            return ast.IfExp(test=self.rewrite(choice.test), body=yes, orelse=no)
        names = name_fields([en, ru])
        if not any(isinstance(part, str) and part for part in ru) or not any(
            isinstance(part, str) and part for part in en
        ):
            raise UnconvertibleError("a text that is not written out in the call (a variable or a computed string)")
        escape = bool(names)
        msgid, russian = template(en, names, escape), template(ru, names, escape)
        contexts = [" and ".join(labels)] if labels else []
        context = self.registry.place(msgid, russian, [*contexts, function])
        values = [
            ast.keyword(arg=names[ast.unparse(p.node)], value=self.rewrite(p.node))
            for p in dict((ast.unparse(p.node), p) for p in [*en, *ru] if isinstance(p, Field)).values()
        ]
        if context is None:
            return self._call("gettext", [lang, ast.Constant(msgid)], values)
        return self._call("pgettext", [lang, ast.Constant(context), ast.Constant(msgid)], values)

    def _plural(self, lang: ast.expr, number: ast.expr, ru: ast.expr, en: ast.expr, function: str) -> ast.expr:
        russian, english = self._forms(ru, 3), self._forms(en, 2)
        singular, plural = (f"{{n}} {form}" for form in (escape_braces(english[0]), escape_braces(english[1])))
        msgid = (singular, plural)
        context = self.registry.place(msgid, tuple(f"{{n}} {escape_braces(form)}" for form in russian), [function])
        if context is None:
            return self._call("ngettext", [lang, ast.Constant(singular), ast.Constant(plural), number], [])
        args = [lang, ast.Constant(context), ast.Constant(singular), ast.Constant(plural), number]
        return self._call("npgettext", args, [])

    def _forms(self, node: ast.expr, needed: int) -> tuple[str, ...]:
        if isinstance(node, ast.Name) and node.id in self.constants:
            forms: object = self.constants[node.id]
        else:
            try:
                forms = ast.literal_eval(node)
            except ValueError:
                raise UnconvertibleError(f"plural forms not written out: {ast.unparse(node)}") from None
        if not (isinstance(forms, tuple) and len(forms) == needed and all(isinstance(f, str) for f in forms)):
            raise UnconvertibleError(f"plural forms are not {needed} strings: {ast.unparse(node)}")
        return forms

    def _call(self, name: str, args: list[ast.expr], values: list[ast.keyword]) -> ast.Call:
        self.used.add(name)
        return ast.Call(func=ast.Name(name), args=args, keywords=values)


def escape_braces(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


# ------------------------------------------------------------------ writing code


def literal(text: str) -> str:
    """A string literal, long ones split into pieces (after line breaks, else at spaces)."""
    pieces, current = [], ""
    for word in _words(text):
        if current and (len(current) + len(word) > PIECE or current.endswith("\n")):
            pieces.append(current)
            current = ""
        current += word
    pieces.append(current)
    return " ".join(repr(piece) for piece in pieces)


def _words(text: str) -> Iterator[str]:
    """``text`` cut after each space and line break, the cuts kept."""
    word = ""
    for char in text:
        word += char
        if char in " \n":
            yield word
            word = ""
    if word:
        yield word


def render(node: ast.expr, nested: bool = False) -> str:
    """Source for a converted call: its literals split, anything else as ``ast.unparse`` writes it."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        terms = [node.right]
        while isinstance(node.left, ast.BinOp) and isinstance(node.left.op, ast.Add):
            node = node.left
            terms.append(node.right)
        terms.append(node.left)
        return "(" + " + ".join(render(term, True) for term in reversed(terms)) + ")"
    if isinstance(node, ast.IfExp):
        return f"({render(node.body, True)} if {ast.unparse(node.test)} else {render(node.orelse, True)})"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        args = [
            literal(arg.value) if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else render(arg, True)
            for arg in node.args
        ]
        args += [f"{kw.arg}={render(kw.value, True)}" for kw in node.keywords]
        return f"{node.func.id}({', '.join(args)})"
    return ast.unparse(node)


@dataclass
class Edit:
    start: int
    end: int
    text: str


def line_offsets(source: bytes) -> list[int]:
    offsets, total = [0], 0
    for line in source.splitlines(keepends=True):
        total += len(line)
        offsets.append(total)
    return offsets


def units(converter: FileConverter) -> Iterator[ast.expr]:
    """The outermost nodes to rewrite: helper calls, or the f-string around one (whose inner
    positions Python before 3.12 does not always give right)."""

    def visit(node: ast.AST) -> Iterator[ast.expr]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.JoinedStr) and any(converter.kind(n) for n in ast.walk(child)):
                yield child
            elif converter.kind(child) is not None:
                assert isinstance(child, ast.expr)
                yield child
            else:
                yield from visit(child)

    yield from visit(converter.tree)


def split_fstring(converter: FileConverter, node: ast.JoinedStr) -> ast.expr | None:
    """An f-string with helper calls in its fields, as a concatenation with the converted calls
    outside it: Babel's extractor does not look inside f-strings before Python 3.12. None if
    nothing in it could be converted."""
    pieces: list[ast.expr] = []
    kept: list[ast.expr] = []
    for value in node.values:
        inner = value.value if isinstance(value, ast.FormattedValue) else None
        if inner is None or not any(converter.kind(n) for n in ast.walk(inner)):
            kept.append(value)
            continue
        assert isinstance(value, ast.FormattedValue)
        rewritten = converter.rewrite(inner)
        if ast.dump(rewritten) == ast.dump(inner):  # nothing in it could be converted
            kept.append(value)
            continue
        if value.conversion != -1 or value.format_spec is not None:
            raise UnconvertibleError("a call with a conversion or format spec inside an f-string")
        if kept:
            pieces.append(ast.JoinedStr(kept))
            kept = []
        pieces.append(rewritten)
    if kept:
        pieces.append(ast.JoinedStr(kept))
    if len(pieces) == 1 and isinstance(pieces[0], ast.JoinedStr) and pieces[0].values == node.values:
        return None
    joined = pieces[0]
    for piece in pieces[1:]:
        joined = ast.BinOp(joined, ast.Add(), piece)
    return joined


def convert_source(converter: FileConverter, source: bytes, module: str) -> bytes:
    offsets = line_offsets(source)
    edits = []
    for node in units(converter):
        assert node.end_lineno is not None and node.end_col_offset is not None
        start = offsets[node.lineno - 1] + node.col_offset
        end = offsets[node.end_lineno - 1] + node.end_col_offset
        if isinstance(node, ast.Call):
            try:
                text = render(converter.convert(node))
            except UnconvertibleError as why:
                converter.problems.append(f"{converter.path}:{node.lineno}: {why}")
                rewritten = ast.Call(node.func, [converter.rewrite(arg) for arg in node.args], node.keywords)
                if ast.dump(rewritten) == ast.dump(node):
                    continue
                text = ast.unparse(rewritten)
        else:
            assert isinstance(node, ast.JoinedStr)
            try:
                split = split_fstring(converter, node)
            except UnconvertibleError as why:
                converter.problems.append(f"{converter.path}:{node.lineno}: {why}")
                continue
            if split is None:
                continue
            text = render(split)
        comments = span_comments(source[start:end])
        if comments:  # kept, after the first bracket
            text = text.replace("(", f"(  {'  '.join(comments)}\n", 1)
        edits.append(Edit(start, end, text))
    if not edits:
        return source
    for edit in sorted(edits, key=lambda edit: edit.start, reverse=True):
        source = source[: edit.start] + edit.text.encode() + source[edit.end :]
    names = ", ".join(sorted(converter.used))
    return add_import(source, f"from {module} import {names}\n")


def span_comments(span: bytes) -> list[str]:
    """The comments inside a piece of code."""
    try:
        tokens = list(tokenize.tokenize(io.BytesIO(b"(" + span + b"\n)").readline))
    except (tokenize.TokenError, SyntaxError):
        return []
    return [token.string for token in tokens if token.type == tokenize.COMMENT]


def add_import(source: bytes, line: str) -> bytes:
    """``line`` after the module's last top-level import (ruff then sorts and merges)."""
    tree = ast.parse(source)
    imports = [node for node in tree.body if isinstance(node, ast.Import | ast.ImportFrom)]
    first = tree.body[0] if tree.body else None
    docstring = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
    at = imports[-1].end_lineno if imports else (first.end_lineno if first and docstring else 0)
    assert at is not None
    lines = source.splitlines(keepends=True)
    return b"".join([*lines[:at], line.encode(), *lines[at:]])


# ------------------------------------------------------------------ finding things


def python_files(package: Path) -> list[Path]:
    return sorted(path for path in package.rglob("*.py") if "__pycache__" not in path.parts)


def find_i18n(package: Path) -> Path:
    """The module defining ``ngettext``: the catalogues live beside it, in ``locale/``."""
    for path in python_files(package):
        if path.name == "i18n.py" and "def ngettext(" in path.read_text(encoding="utf-8"):
            return path
    raise SystemExit(f"no i18n.py defining ngettext under {package}")


def helpers_of(tree: ast.Module) -> dict[str, str]:
    """The names in this module bound to the texts helpers ``t`` and ``count`` (imported from a
    ``texts`` module or defined here)."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "texts":
            for alias in node.names:
                if alias.name in ("t", "count"):
                    found[alias.asname or alias.name] = alias.name
        if isinstance(node, ast.FunctionDef) and node.name in ("t", "count"):
            found[node.name] = node.name
    return found


def string_tuples(trees: list[ast.Module]) -> dict[str, tuple[str, ...]]:
    """Module-level constants that are tuples of strings (plural forms such as ``MOVES_RU``)."""
    found: dict[str, tuple[str, ...]] = {}
    for tree in trees:
        for node in tree.body:
            if not isinstance(node, ast.Assign | ast.AnnAssign):
                continue
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            try:
                value: Any = ast.literal_eval(node.value) if node.value is not None else None
            except (ValueError, TypeError, SyntaxError):
                continue
            for target in targets:
                if isinstance(target, ast.Name) and _strings(value):
                    found[target.id] = value
                elif isinstance(target, ast.Tuple) and isinstance(value, tuple) and len(value) == len(target.elts):
                    for name, item in zip(target.elts, value, strict=True):
                        if isinstance(name, ast.Name) and _strings(item):
                            found[name.id] = item
    return found


def _strings(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(item, str) for item in value)


def language_branches(path: Path, tree: ast.Module) -> list[str]:
    """Texts chosen by comparing ``lang`` with a language in code, not through a catalogue."""
    found = []
    helpers = [node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name in ("t", "count")]
    inside = {id(node) for helper in helpers for node in ast.walk(helper)}
    for node in ast.walk(tree):
        if id(node) in inside:
            continue
        if (
            isinstance(node, ast.Compare)
            and isinstance(node.left, ast.Name)
            and node.left.id == "lang"
            and any(isinstance(c, ast.Constant) and c.value in SOURCE_LANGUAGES for c in node.comparators)
        ):
            found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
    return found


# ------------------------------------------------------------------ catalogues


def keywords_of(i18n: Path) -> dict[str, Any]:
    """The i18n module's ``KEYWORDS`` (read, not imported: importing loads the catalogues)."""
    for node in ast.parse(i18n.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0]
            if isinstance(target, ast.Name) and target.id == "KEYWORDS" and node.value is not None:
                keywords: dict[str, Any] = ast.literal_eval(node.value)
                return keywords
    raise SystemExit(f"no KEYWORDS in {i18n}")


def extract(root: Path, package: Path, keywords: dict[str, Any]) -> Catalog:
    """The messages the code uses, as ``pybabel extract`` finds them."""
    found = Catalog(domain=DOMAIN)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(package), [("**.py", "python")], keywords=keywords
    ):
        path = (package / filename).relative_to(root).as_posix()
        found.add(message, locations=[(path, lineno)], auto_comments=comments, context=context)
    return found


def update_catalogue(po: Path, lang: str, found: Catalog, registry: Registry) -> None:
    """``po`` brought to the messages found, as ``pybabel update`` does; the new Russian and
    English texts of this run filled in."""
    if po.exists():
        with po.open("rb") as file:
            catalogue = read_po(file, locale=lang, domain=DOMAIN)
    else:
        header = f"# The bot's messages in {lang} (docs/i18n.md says how to change them).\n#"
        catalogue = Catalog(locale=lang, domain=DOMAIN, header_comment=header, project="Bukvoed", fuzzy=False)
        po.parent.mkdir(parents=True, exist_ok=True)
    catalogue.update(copy.deepcopy(found), no_fuzzy_matching=True, update_creation_date=False)
    if lang in SOURCE_LANGUAGES:
        for message in catalogue:
            if message.id and not _translated(message.string):
                message.string = _text(message.id, message.context, lang, registry)
    out = io.BytesIO()
    write_po(out, catalogue, width=PO_WIDTH, ignore_obsolete=True, include_lineno=False)
    if not po.exists() or po.read_bytes() != out.getvalue():
        po.write_bytes(out.getvalue())


def _translated(string: object) -> bool:
    return all(string) if isinstance(string, tuple | list) else bool(string)


def _text(msgid: object, context: str | None, lang: str, registry: Registry) -> Translation:
    key = (context, tuple(msgid) if isinstance(msgid, tuple | list) else str(msgid))
    if lang == "en":
        return key[1]
    return registry.russian.get(key, "")


def load_registry(po: Path) -> Registry:
    registry = Registry()
    if po.exists():
        with po.open("rb") as file:
            for message in read_po(file, locale="ru", domain=DOMAIN):
                if message.id:
                    msgid = tuple(message.id) if isinstance(message.id, tuple | list) else str(message.id)
                    string = (
                        tuple(message.string) if isinstance(message.string, tuple | list) else str(message.string or "")
                    )
                    registry.russian[(message.context, msgid)] = string
    return registry


# ------------------------------------------------------------------ the run


def drop_unused_forms(root: Path, package: Path, forms: dict[str, tuple[str, ...]]) -> list[Path]:
    """Deletes the module-level plural forms (``MOVES_RU, MOVES_EN = ...``) no code names any more
    (the package and its tests searched); returns the files changed."""
    searched = python_files(package) + (python_files(root / "tests") if (root / "tests").is_dir() else [])
    named: set[str] = set()
    for path in searched:
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
                named.add(node.id)
            elif isinstance(node, ast.ImportFrom):
                named |= {alias.asname or alias.name for alias in node.names}
    changed = []
    for path in python_files(package):
        source = path.read_bytes()
        lines = source.splitlines(keepends=True)
        dead = []
        for node in ast.parse(source).body:
            if not isinstance(node, ast.Assign) or len(node.targets) != 1:
                continue
            target = node.targets[0]
            names = [target] if isinstance(target, ast.Name) else getattr(target, "elts", [])
            ids = [name.id for name in names if isinstance(name, ast.Name)]
            if ids and len(ids) == len(names) and all(i in forms and i not in named for i in ids):
                dead.append(node)
        for node in reversed(dead):
            assert node.end_lineno is not None
            del lines[node.lineno - 1 : node.end_lineno]
        if dead:
            path.write_bytes(b"".join(lines))
            changed.append(path)
    return changed


def module_name(root: Path, path: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def run(root: Path, package_name: str) -> int:
    package = root / package_name
    i18n = find_i18n(package)
    locale = i18n.parent / "locale"
    registry = load_registry(locale / "ru" / "LC_MESSAGES" / f"{DOMAIN}.po")
    sources = {path: path.read_bytes() for path in python_files(package) if path != i18n}
    trees = {path: ast.parse(source) for path, source in sources.items()}
    constants = string_tuples(list(trees.values()))
    problems, branches, changed = [], [], []
    for path, tree in trees.items():
        shown = path.relative_to(root)
        branches += language_branches(shown, tree)
        helpers = helpers_of(tree)
        if not helpers:
            continue
        converter = FileConverter(shown, tree, registry, constants, helpers)
        new = convert_source(converter, sources[path], module_name(root, i18n))
        problems += converter.problems
        if new != sources[path]:
            path.write_bytes(new)
            changed.append(path)
    if changed:
        ruff = [sys.executable, "-m", "ruff"]
        fix = [*ruff, "check", "--quiet", "--select", "F401,I001,UP034", "--fix"]
        subprocess.run([*fix, *map(str, changed)], check=False)
        changed += drop_unused_forms(root, package, constants)
        subprocess.run([*ruff, "format", "--quiet", *map(str, dict.fromkeys(changed))], check=True)
    found = extract(root, package, keywords_of(i18n))
    languages = {path.name for path in locale.iterdir()} if locale.exists() else set()
    for lang in sorted(languages | set(SOURCE_LANGUAGES)):
        update_catalogue(locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po", lang, found, registry)
    where = locale.relative_to(root)
    print(f"converted {len(set(changed))} files, {len(registry.new)} new messages, catalogues in {where}")
    for problem in problems:
        print(f"NOT CONVERTED {problem}")
    for branch in branches:
        print(f"language chosen in code (not a t() call, left as it is) {branch}")
    return 1 if problems else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="the repository (default: here)")
    parser.add_argument("--package", default="bot", help="the package to convert (default: bot)")
    arguments = parser.parse_args()
    sys.exit(run(arguments.root.resolve(), arguments.package))


if __name__ == "__main__":
    main()
