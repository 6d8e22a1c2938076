"""bench/field.py's questions: every line reads, names a library the bench fetches, and says
what answers it in the form the bench resolves (no network: the docs are not fetched here)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench" / "field.py"


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("field_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def test_every_question_reads_and_names_a_fetched_library_version() -> None:
    field = _bench()
    questions = field.load_field_questions()
    fetched = {(library.id, library.version) for library in field.LIBRARIES}
    assert {(q.library, q.version) for q in questions} == fetched
    assert {q.kind for q in questions} <= {*field.KINDS, "unanswerable"}
    for question in questions:
        assert (question.kind == "unanswerable") == (not question.expect), question.origin
        for gold in question.expect:
            assert gold.file and gold.heading, question.origin


def test_a_line_gives_its_gold_sections_apart(tmp_path: Path) -> None:
    field = _bench()
    line = "lib\t1.0\tapi\tWhat does f do?\tapi.rst#lib.f || guide.rst#Calling f#1\n"
    path = tmp_path / "questions.tsv"
    path.write_text(f"# a comment\n{line}", encoding="utf-8")
    (question,) = field.load_field_questions(path)
    assert [(g.file, g.heading) for g in question.expect] == [
        ("api.rst", "lib.f"),
        ("guide.rst", "Calling f#1"),
    ]
