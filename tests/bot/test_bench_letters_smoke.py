"""The letter benchmark's cold start on a list a user passes (``--words FILE``), small and untimed:
the Russian article's program, ours and the floor (Python + NumPy + reading the file) each run and agree."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

#: Every test here starts Python processes of its own.
pytestmark = pytest.mark.process

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "bench_letters.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_letters", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_word_list_of_ones_own_is_timed_beside_the_floor(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    words = tmp_path / "nouns.txt"
    words.write_text("кот\nкит\nкорова\nмышь\nмыло\nдом\nдорога\n", encoding="utf-8")
    load_benchmark().cold_start_against_the_article(1, words)
    out = capsys.readouterr().out
    assert f"cold start on 7 words ({words})" in out
    assert "floor: Python + NumPy + reading the file" in out and "ours/floor: " in out
