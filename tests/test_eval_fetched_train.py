"""eval.fetched_train's questions: every line reads and names a library version it fetches,
and none of those libraries is one the evaluation scores (eval's questions, the field bench)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import orjson
import pytest

import eval.train as train
from client.search.features import FEATURES
from client.search.model import RankerModel
from eval.dataset import Gold, Question, load_questions
from eval.fetched import FetchedLibrary, FetchError, load_tsv_questions
from eval.fetched_train import TRAIN_LIBRARIES, load_train_questions

FIELD = Path(__file__).resolve().parent.parent / "bench" / "field.py"
EVAL_README = (FIELD.parent.parent / "eval" / "README.md").read_text(encoding="utf-8")


def _field_libraries() -> set[str]:
    spec = importlib.util.spec_from_file_location("field_bench_libraries", FIELD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return {library.id for library in module.LIBRARIES}


def test_every_question_names_a_fetched_library_version_and_says_what_answers_it() -> None:
    questions = load_train_questions()
    # eval/README.md says how many there are and on how many libraries.
    said = re.search(r"holds (\d+) more questions, on (\w+) libraries", EVAL_README)
    assert said is not None
    assert int(said.group(1)) == len(questions) == 1239
    assert said.group(2) == "sixty" and len(TRAIN_LIBRARIES) == 60
    fetched = {(library.id, library.version) for library in TRAIN_LIBRARIES}
    assert {(q.library, q.version) for q in questions} == fetched
    assert {q.kind for q in questions} <= {"paraphrase", "api", "keyword", "other", "unanswerable"}
    for question in questions:
        assert (question.kind == "unanswerable") == (not question.expect), question.origin
        for gold in question.expect:
            assert gold.file and gold.heading, question.origin


def test_no_training_library_is_one_the_evaluation_scores() -> None:
    # A weight fitted on a library's questions would flatter the figures of any split or bench
    # that asks about the same docs.
    trained = {library.id for library in TRAIN_LIBRARIES}
    scored = {q.library for q in load_questions()} | _field_libraries()
    assert not trained & scored


def _fetched_docs(folder: Path) -> FetchedLibrary:
    """A library as an earlier run left it fetched (its marker written), so nothing is fetched."""
    library = FetchedLibrary("lib", "1.0", "pypi", "lib", "lib-1.0/docs", ("*.md",))
    docs = folder / library.path
    docs.mkdir(parents=True)
    (docs / "guide.md").write_text(
        "# Guide\n\n## Retrying calls\n\nWrap the call in retry() to try it again.\n\n"
        "## Logging\n\nEvery attempt is logged at debug level.\n",
        encoding="utf-8",
    )
    (folder / ".lib-1.0.fetched").touch()
    return library


def _questions(gold: str) -> list[Question]:
    return [Question("train:1", "paraphrase", "lib", "1.0", "try a call again?", (
        Gold("guide.md", gold),), "train")]  # fmt: skip


def test_fetched_examples_are_the_questions_candidates_on_the_fetched_docs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(train, "TRAIN_LIBRARIES", (_fetched_docs(tmp_path),))
    monkeypatch.setattr(train, "load_train_questions", lambda: _questions("Retrying calls"))
    (example,) = train.fetched_examples(tmp_path)
    assert example.prepared.question.origin == "train:1"
    assert any(key in example.prepared.keys for key in example.keys)


def test_a_gold_section_the_fetched_docs_lack_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(train, "TRAIN_LIBRARIES", (_fetched_docs(tmp_path),))
    monkeypatch.setattr(train, "load_train_questions", lambda: _questions("Retries"))
    with pytest.raises(FetchError, match=r"train:1: no section 'Retries' in 'guide.md'"):
        train.fetched_examples(tmp_path)


def test_the_weights_say_how_many_fetched_questions_they_were_fitted_on() -> None:
    model = RankerModel(tuple(0.0 for _ in FEATURES))
    document = orjson.loads(train.to_json(model, 238, fetched=213))
    assert document["trained_on"].startswith("eval dev split, 238 questions and 213 of eval/")
    assert "213" not in orjson.loads(train.to_json(model, 238))["trained_on"]


def test_the_chinese_round_asks_in_chinese_about_the_training_libraries() -> None:
    # bench/data/chinese_fetched_questions.tsv: scored with bench/field.py --train --questions.
    path = FIELD.parent / "data" / "chinese_fetched_questions.tsv"
    questions = load_tsv_questions(path, "zh")
    assert len(questions) == 160
    fetched = {(library.id, library.version) for library in TRAIN_LIBRARIES}
    assert {(q.library, q.version) for q in questions} <= fetched
    assert {q.kind for q in questions} == {"chinese", "unanswerable"}
    for question in questions:
        assert (question.kind == "unanswerable") == (not question.expect), question.origin
        assert any("\u4e00" <= char <= "\u9fff" for char in question.text), question.origin
        for gold in question.expect:
            assert gold.file and gold.heading, question.origin
