"""catalog_lookup's evaluation: the catalog as docbuild writes it, the frozen split, the
figures on literal answers, and the harness run on a few questions through both lookups."""

import re
from collections import Counter
from pathlib import Path

import orjson
import pytest

from eval.lookup.__main__ import RECORDED, evaluate, gate_problems
from eval.lookup.answers import Answerers
from eval.lookup.dataset import (
    DatasetError,
    LookupQuestion,
    assign_splits,
    freeze,
    load_catalog,
    load_questions,
)
from eval.lookup.report import figures


def test_the_catalog_holds_what_docbuild_writes() -> None:
    entries = load_catalog()
    assert len(entries) == 177
    ids = [entry["id"] for entry in entries]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for entry in entries:
        assert set(entry) == {"id", "name", "summary", "packages", "versions"}
        assert re.fullmatch(r"[a-z0-9][a-z0-9._-]*", entry["id"])
        (package,) = entry["packages"]
        registry, _, name = package.partition(":")
        assert name == entry["name"].lower()
        assert registry == "pypi" or entry["id"] == name.lstrip("@").replace("/", "-")
        # The package's own one-line description, never docs text.
        assert 0 < len(entry["summary"]) < 300 and len(entry["versions"]) == 1


QUESTIONS = """
[[question]]
id = "a1"
kind = "need"
text = "YAML parser"
gold = ["pyyaml", "ruamel.yaml"]
note = ""

[[question]]
id = "a2"
kind = "name"
text = "Flask"
gold = ["flask"]

[[question]]
id = "a3"
kind = "unanswerable"
text = "quantum chemistry orbitals"
gold = []
"""


def test_freezing_gives_each_question_a_split_once(tmp_path: Path) -> None:
    source, target = tmp_path / "new.toml", tmp_path / "questions.toml"
    source.write_text(QUESTIONS, encoding="utf-8")
    assert freeze(source, target) == 3
    first = target.read_text(encoding="utf-8")
    assert first.count('split = "') == 3
    assert freeze(target, target) == 0 and target.read_text(encoding="utf-8") == first


def test_splits_are_a_third_test_per_kind_by_hash_and_never_change() -> None:
    items = [{"id": f"q{i}", "kind": kind} for kind in ("need", "name") for i in range(30)]
    assign_splits(items)
    for kind in ("need", "name"):
        assert sum(i["split"] == "test" for i in items if i["kind"] == kind) == 10
    again = [{"id": i["id"], "kind": i["kind"]} for i in reversed(items)]
    assign_splits(again)
    assert {i["id"]: i["split"] for i in again} == {i["id"]: i["split"] for i in items}
    kept = [{"id": "q0", "kind": "need", "split": "test"}, {"id": "q1", "kind": "need"}]
    assign_splits(kept)
    assert kept[0]["split"] == "test"


def test_gold_must_name_a_library_of_the_catalog(tmp_path: Path) -> None:
    path = tmp_path / "questions.toml"
    path.write_text(QUESTIONS.replace('"flask"]', '"flask-but-not"]'), encoding="utf-8")
    freeze(path, path)
    with pytest.raises(DatasetError, match="flask-but-not"):
        load_questions(load_catalog(), path)


def test_figures_on_literal_answers() -> None:
    asked = [
        LookupQuestion("1", "need", "", frozenset({"a"}), "dev"),
        LookupQuestion("2", "need", "", frozenset({"a", "b"}), "dev"),
        LookupQuestion("3", "need", "", frozenset({"c"}), "dev"),
    ]
    found = figures([["a", "x"], ["x", "y", "b"], []], asked)
    assert (found.recall_1, found.recall_5) == (pytest.approx(1 / 3), pytest.approx(2 / 3))
    assert found.mrr_5 == pytest.approx((1 + 1 / 3) / 3)
    silent = [LookupQuestion("4", "unanswerable", "", frozenset(), "dev")] * 2
    assert figures([[], ["a"]], silent).silent == 0.5


def test_the_baseline_ors_the_words_and_ranks_by_bm25() -> None:
    answerers = Answerers(load_catalog())
    try:
        assert set(answerers.plain("yaml parser")[:2]) == {"ruamel.yaml", "pyyaml"}
        assert answerers.plain("???") == []
        assert answerers.ours("flask") == answerers.ours_table("flask") == ["flask"]
    finally:
        answerers.close()


def test_the_harness_runs_both_lookups_on_a_few_questions(tmp_path: Path) -> None:
    path = tmp_path / "questions.toml"
    path.write_text(QUESTIONS, encoding="utf-8")
    freeze(path, path)
    # One question of each kind: each is the first of its kind by hash, so dev.
    ours, plain, text = evaluate("dev", path, misses=True)
    assert "lookup table agrees with the in-memory index on 3/3" in text
    assert ours.overall.count == plain.overall.count == 2
    assert ours.by_kind["name"].recall_1 == 1.0
    assert ours.by_kind["unanswerable"].silent == plain.by_kind["unanswerable"].silent == 1.0


def test_the_question_set_keeps_its_shape() -> None:
    questions = load_questions(load_catalog())  # every gold names a library of the catalog
    kinds = Counter(q.kind for q in questions)
    assert kinds == {"need": 136, "name": 46, "chinese": 46, "ecosystem": 31, "unanswerable": 31}
    assert len({q.id for q in questions}) == len(questions)
    # Frozen: each question's split is the one the hash of its id gives, a third test per kind.
    items = [{"id": q.id, "kind": q.kind} for q in questions]
    assign_splits(items)
    assert [item["split"] for item in items] == [q.split for q in questions]
    for kind, count in kinds.items():
        assert sum(q.split == "test" for q in questions if q.kind == kind) == count // 3


def test_the_gate_fails_only_a_fall_past_the_tolerance() -> None:
    recorded = {"recall_1": 0.7, "recall_5": 0.8, "mrr_5": 0.75, "silent": 0.2}
    assert gate_problems(recorded, dict(recorded)) == []
    assert gate_problems(recorded, {**recorded, "recall_1": 0.681}) == []
    assert gate_problems(recorded, {**recorded, "recall_5": 0.77}) == [
        "recall_5 fell from 0.800 to 0.770"
    ]
    assert gate_problems(recorded, {**recorded, "silent": 0.9, "mrr_5": 0.9}) == []
    # R@1 and the silent share are shown, not held: one unanswerable question moves it 0.1.
    assert gate_problems(recorded, {**recorded, "recall_1": 0.5, "silent": 0.1}) == []
    assert gate_problems(recorded, {**recorded, "mrr_5": 0.7}) == ["mrr_5 fell from 0.750 to 0.700"]


def test_the_recorded_figures_are_those_the_gate_compares() -> None:
    recorded = orjson.loads(RECORDED.read_bytes())
    assert set(recorded) == {"dev", "test"}
    for split in recorded.values():
        assert set(split) == {"recall_1", "recall_5", "mrr_5", "silent"}
        assert all(0 <= value <= 1 for value in split.values())
