"""bench/field.py's questions: every line reads, names a library the bench fetches, and says
what answers it in the form the bench resolves (no network: the docs are not fetched here)."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from eval.dataset import Gold, Question
from eval.fetched import fetch, write_catalog
from eval.run import Prepared

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


def _path_with(tmp_path: Path, name: str, script: str) -> str:
    """A PATH holding one stand-in program (and the rest of the real PATH)."""
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    program = folder / name
    program.write_text(f"#!/bin/sh\n{script}\n", encoding="utf-8")
    program.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"


def test_a_failed_npm_pack_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # npm pack --silent silences its errors as well: a version the registry lacks failed
    # with "npm pack --silent yup@99.0.0 failed:" and nothing after it.
    field = _bench()
    npm = (
        'case "$*" in *--silent*) exit 1;; esac\n'
        'echo "npm error notarget No matching version found for yup@99.0.0." >&2; exit 1'
    )
    monkeypatch.setenv("PATH", _path_with(tmp_path, "npm", npm))
    library = field.FetchedLibrary("yup", "99.0.0", "npm", "yup", "yup/package", ("README.md",))
    with pytest.raises(field.FetchError, match=r"No matching version found for yup@99\.0\.0"):
        fetch(library, tmp_path / "field")


def test_a_fetch_tool_this_machine_lacks_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # apt-get off Debian: a FileNotFoundError traceback, now a message naming the command.
    field = _bench()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    library = field.LIBRARIES[3]
    with pytest.raises(field.FetchError, match=r"^apt-get download python-bidict-doc=.* could not"):
        fetch(library, tmp_path / "field")


def test_docs_an_interrupted_run_left_are_fetched_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A docs folder alone (an unpack stopped halfway) was taken as fetched and scored.
    field = _bench()
    folder = tmp_path / "field"
    (folder / "yup" / "package").mkdir(parents=True)
    monkeypatch.setenv("PATH", _path_with(tmp_path, "npm", "echo 'npm error offline' >&2; exit 1"))
    assert field.main([str(folder), "--only", "yup"]) == 1
    assert "npm error offline" in capsys.readouterr().err


def test_gold_the_build_lost_is_named_beside_the_figures() -> None:
    # A gold section the docs hold but the index lacks counts as a miss on both sides; the
    # figures fell without a word (python -m eval names it), as if the ranker had missed.
    field = _bench()
    gold = Gold("guide.rst", "Calling f")
    asked = Question("field:2", "paraphrase", "lib", "1.0", "How is f called?", (gold,), "field")
    prepared = [Prepared(asked, frozenset(), (gold,), ())]
    report = field.report(prepared, [["guide.rst#other"]], [[]])
    assert "gold sections the docs hold but the index lacks: 1" in report
    assert "lib 1.0 guide.rst :: Calling f" in report


def test_only_fetches_the_libraries_it_scores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # '--only boltons' fetched all eight first: off Debian (no apt-get) it stopped there.
    field = _bench()
    folder = tmp_path / "field"
    for library in field.LIBRARIES:
        if library.registry == "pypi":  # as an earlier run left them: not fetched again
            (folder / library.path).mkdir(parents=True)
            (folder / f".{library.id}-{library.version}.fetched").touch()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(SystemExit) as stopped:
        field.main([str(folder), "--only", "nope"])
    assert stopped.value.code == 2
    assert "no questions about nope" in capsys.readouterr().err
    catalog = write_catalog(folder, [field.LIBRARIES[0]]).read_text(encoding="utf-8")
    assert catalog.count("[[libraries]]") == 1


def test_the_report_names_the_two_rankings_it_compares() -> None:
    # --semantic compares the semantic lane with the lexical ranking in the same table.
    field = _bench()
    asked = Question("field:3", "api", "lib", "1.0", "What does f do?", (Gold("a.rst", "f"),), "f")
    prepared = [Prepared(asked, frozenset({"a.rst#f"}), (), ())]
    report = field.report(prepared, [["a.rst#f"]], [[]], names=("semantic", "lexical"))
    assert "semantic" in report.splitlines()[1] and "lexical" in report.splitlines()[1]
    assert "right at rank 1 for one side only, overall: semantic 1, lexical 0" in report


def test_questions_of_a_new_round_are_only_scored_against_the_training_docs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    field = _bench()
    with pytest.raises(SystemExit) as raised:
        field.main([str(tmp_path), "--questions", str(tmp_path / "round.tsv")])
    assert raised.value.code == 2
    assert "--questions goes with --train" in capsys.readouterr().err


def test_each_question_belongs_to_the_round_whose_header_stands_above_it(tmp_path: Path) -> None:
    field = _bench()
    path = tmp_path / "questions.tsv"
    path.write_text(
        "# library\tversion\tkind\tquestion\tgold\n"
        "# fieldA: written blind at stop 1 (lib).\n"
        "lib\t1.0\tapi\tWhat does f do?\ta.rst#f\n"
        "\n"
        "# fieldB: written blind at stop 2 (lib). A note on the round.\n"
        "# a comment inside the round\n"
        "lib\t1.0\tapi\tWhat does g do?\ta.rst#g\n",
        encoding="utf-8",
    )
    assert field.question_rounds(path) == {"field:3": "fieldA", "field:7": "fieldB"}
    # Every shipped question is under a round's header, so --round can name each of them.
    origins = {q.origin for q in field.load_field_questions()}
    rounds = field.question_rounds()
    assert set(rounds) == origins and "" not in rounds.values()


def test_a_round_the_file_lacks_is_refused_with_the_rounds_it_has(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    field = _bench()
    with pytest.raises(SystemExit) as raised:
        field.main([str(tmp_path), "--round", "fieldNope"])
    assert raised.value.code == 2
    error = capsys.readouterr().err
    assert "no round fieldNope in field_questions.tsv" in error and "fieldAD" in error


def test_a_library_a_round_does_not_ask_about_is_refused_naming_both(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # flask is asked about in fieldX, not in fieldW: the error said "no questions about flask
    # in field_questions.tsv", which the file holds.
    field = _bench()
    rounds = field.question_rounds()
    asked = {q.library for q in field.load_field_questions() if rounds[q.origin] == "fieldX"}
    assert "flask" in asked
    with pytest.raises(SystemExit) as raised:
        field.main([str(tmp_path), "--round", "fieldW", "--only", "flask"])
    assert raised.value.code == 2
    error = capsys.readouterr().err
    assert "no questions about flask in field_questions.tsv's round fieldW" in error
