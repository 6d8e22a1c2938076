"""builder.site_indexes: index.json per library and the whole one, each only while it fits."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import orjson
import pytest
from click.testing import CliRunner

from builder.check import check_index
from builder.cli import main
from builder.index import write_index
from builder.site_indexes import library_index_path, write_indexes
from builder.site_size import FileTooLarge, SiteSize


def entries() -> list[tuple[dict[str, Any], dict[str, bytes | Path]]]:
    volume = orjson.dumps({"sections": [{"heading": "Intro", "path": "x", "body": "hello"}]})
    return [
        ({"id": library_id, "name": library_id.title(), "versions": ["1.0.0"]}, {"1.0.0": volume})
        for library_id in ("alpha", "beta", "gamma")
    ]


def whole(updated_at: str | None) -> bytes:
    out = io.BytesIO()
    write_index(out, entries(), updated_at)
    return out.getvalue()


@pytest.mark.parametrize("updated_at", [None, "2026-01-01T00:00:00.000Z"])
def test_the_whole_index_is_the_library_indexes_stitched(
    tmp_path: Path, updated_at: str | None
) -> None:
    files = write_indexes(tmp_path, entries(), updated_at)
    assert files.whole_written and (tmp_path / "index.json").read_bytes() == whole(updated_at)
    assert files.whole_bytes == len(whole(updated_at))
    for skeleton, volumes in entries():
        single = io.BytesIO()
        write_index(single, [(skeleton, volumes)], updated_at)
        path = tmp_path / library_index_path(skeleton["id"])
        assert path.read_bytes() == single.getvalue()


@pytest.mark.parametrize("updated_at", [None, "2026-01-01T00:00:00.000Z"])
def test_the_whole_index_of_one_library_is_its_file_linked(
    tmp_path: Path, updated_at: str | None
) -> None:
    # Not written twice: on a 500-page version that is 15 MB more to write and later free.
    one = entries()[:1]
    files = write_indexes(tmp_path, one, updated_at)
    expected = io.BytesIO()
    write_index(expected, one, updated_at)
    assert files.whole_written and files.whole_bytes == len(expected.getvalue())
    assert (tmp_path / "index.json").read_bytes() == expected.getvalue()
    assert (tmp_path / "index.json").samefile(tmp_path / library_index_path("alpha"))


def test_the_whole_index_is_left_out_past_its_limit_and_its_size_known(tmp_path: Path) -> None:
    size = len(whole(None))
    at_limit = write_indexes(tmp_path / "a", entries(), None, limit=size)
    assert at_limit.whole_written and (tmp_path / "a" / "index.json").is_file()
    over = write_indexes(tmp_path / "b", entries(), None, limit=size - 1)
    assert not over.whole_written and over.whole_bytes == size and over.left_out == ()
    assert not (tmp_path / "b" / "index.json").exists()
    assert [library_id for library_id, _ in over.library_bytes] == ["alpha", "beta", "gamma"]
    assert all((tmp_path / "b" / library_index_path(i)).is_file() for i, _ in over.library_bytes)


def test_a_library_index_past_the_limit_is_left_out_and_so_is_the_whole(tmp_path: Path) -> None:
    # A library of a few big versions made a libs/<id>/index.json over the host's 100 MB per
    # file, and the build failed, though docclient never reads that file.
    big = orjson.dumps({"sections": [{"heading": "Big", "path": "x", "body": "word " * 200}]})
    built = entries()
    built[1] = (built[1][0], {"1.0.0": big})
    small = max(
        size for i, size in write_indexes(tmp_path / "probe", entries(), None).library_bytes
    )
    files = write_indexes(tmp_path, built, None, limit=small)
    assert files.left_out == ("beta",) and not files.whole_written
    assert not (tmp_path / "index.json").exists()
    assert not (tmp_path / library_index_path("beta")).exists()
    assert (tmp_path / library_index_path("alpha")).read_bytes() == (
        tmp_path / "probe" / library_index_path("alpha")
    ).read_bytes()
    assert dict(files.library_bytes)["beta"] > small  # its size is still known
    none = write_indexes(tmp_path / "none", entries(), None, limit=0)
    assert none.left_out == ("alpha", "beta", "gamma") and not none.whole_written
    assert not list((tmp_path / "none").rglob("*.json"))


def write_catalog(root: Path) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text("# A\n\nalpha\n", encoding="utf-8")
    catalog = root / "docbuild.toml"
    catalog.write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
        '[[libraries]]\nid = "demo"\nname = "Demo"\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n  path = "docs"\n',
        encoding="utf-8",
    )
    return catalog


def build(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", "--no-site-search", *args])
    return result.exit_code, result.output


def with_second_library(catalog: Path) -> Path:
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text + text[text.index("[[libraries]]") :].replace("demo", "other"))
    return catalog


def library_sized_limit(catalog: Path, probe: Path) -> str:
    """An --index-limit-mb that keeps each library's index.json of a catalog of two libraries
    or more, and leaves the whole-site one out."""
    code, output = build("-c", str(catalog), "--out", str(probe))
    assert code == 0, output
    largest = max(path.stat().st_size for path in probe.glob("libs/*/index.json"))
    return str((largest + 0.5) / 1e6)


def test_a_site_past_the_index_limit_has_library_indexes_and_says_which_url(
    tmp_path: Path,
) -> None:
    catalog, out = with_second_library(write_catalog(tmp_path)), tmp_path / "_site"
    limit = library_sized_limit(catalog, tmp_path / "probe")
    code, output = build("-c", str(catalog), "--out", str(out), "--index-limit-mb", limit)
    assert code == 0, output
    assert not (out / "index.json").exists()
    assert check_index(out / "libs" / "demo" / "index.json").library_files == 0
    # docbuild check of the site folder failed: "_site/index.json: cannot read".
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 0, checked.output
    assert (
        f"{out}: no whole-site index.json (larger than --index-limit-mb); its 2 "
        "libs/<id>/index.json are each a valid doctrove-index@1 (2 entries, 2 versions, "
    ) in checked.output
    assert "the full text of each library's sections is in https://docs.example/libs/<id>/" in (
        out / "llms.txt"
    ).read_text(encoding="utf-8")
    # A folder that is no site, a path that is not there: "…/index.json: cannot read".
    for wrong, what in [(tmp_path / "docs", "holds no index.json nor"), (tmp_path / "x", "does")]:
        missing = CliRunner().invoke(main, ["check", str(wrong)])
        assert missing.exit_code == 1
        assert f"{wrong} {what}" in missing.output
        assert "give a doctrove-index@1 file, or the folder docbuild build wrote" in missing.output
    # The catalog itself (a field test's slip): "not valid JSON: unexpected character".
    refused = CliRunner().invoke(main, ["check", str(catalog)])
    assert refused.exit_code == 1
    assert (
        f"{tmp_path / 'docbuild.toml'} is a docbuild catalog (what a build reads, not what it "
        f"writes): check the folder its build wrote, {out}"
    ) in " ".join(refused.output.split())
    # Any other TOML file is no catalog, and is not called one.
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "x"\n', encoding="utf-8")
    other = CliRunner().invoke(main, ["check", str(tmp_path / "pyproject.toml")])
    assert other.exit_code == 1
    assert "is a TOML file, not a doctrove index" in " ".join(other.output.split())
    # And the folder holding it, just built: told only what it lacks, not where its site is.
    beside = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert beside.exit_code == 1
    assert (
        f"{tmp_path} holds no index.json nor libs/<id>/index.json, but a docbuild.toml: check "
        f"the folder its build wrote, {out}"
    ) in " ".join(beside.output.split())
    # A library's folder of the site: every shard its catalog.json lists was "damaged".
    library = out / "libs" / "demo"
    alone = CliRunner().invoke(main, ["check", str(library)])
    assert alone.exit_code == 1
    assert (
        f"{library} is the folder of one library of the site in {out}, whose files are named "
        f"from the site's folder: check the site, docbuild check {out} (or its index.json "
        f"alone: docbuild check {library / 'index.json'})"
    ) in " ".join(alone.output.split())
    assert "damaged" not in alone.output
    (out / "libs" / "demo" / "index.json").write_bytes(b'{"format": "doctrove-index@1"}')
    broken = CliRunner().invoke(main, ["check", str(out)])
    assert broken.exit_code == 1 and "libs/demo/index.json" in broken.output
    assert "index" not in orjson.loads((out / "catalog.json").read_bytes())
    assert "give a doctrove client https://docs.example/libs/<id>/index.json" in output
    # Without a whole index.json the folder is still known as an earlier build.
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    assert "doctrove clients: https://docs.example/index.json" in output
    assert (out / "index.json").is_file()


def test_a_file_over_the_hosts_limit_is_an_error() -> None:
    size = SiteSize(200_000_000, 2, (("index.json", 100_000_001), ("a.html", 10)))
    with pytest.raises(FileTooLarge, match=r"index.json \(100.0 MB\): over GitHub Pages"):
        size.enforce(None)
    assert size.warnings() == []  # an error, not a "near" warning
    SiteSize(100_000_000, 1, (("index.json", 100_000_000),)).enforce(None)


def test_a_build_with_a_file_over_the_limit_publishes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    assert build("-c", str(catalog), "--out", str(out))[0] == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    (tmp_path / "docs" / "a.md").write_text("# A\n\n" + "word " * 2000, encoding="utf-8")
    monkeypatch.setattr("builder.site_size.PAGES_FILE_LIMIT", 5000)
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 1 and "over GitHub Pages' limit" in output
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before


def test_check_of_library_indexes_lists_every_broken_one_and_each_missing_one(
    tmp_path: Path,
) -> None:
    catalog, out = with_second_library(write_catalog(tmp_path)), tmp_path / "_site"
    limit = library_sized_limit(catalog, tmp_path / "probe")
    code, output = build("-c", str(catalog), "--out", str(out), "--index-limit-mb", limit)
    assert code == 0, output
    (out / "libs" / "demo" / "index.json").write_bytes(b'{"format": "doctrove-index@1"}')
    (out / "libs" / "other" / "index.json").write_bytes(b"garbage")
    # The first broken file was the only one named: the second showed up on the next run.
    both = CliRunner().invoke(main, ["check", str(out)])
    assert both.exit_code == 1
    assert "libs/demo/index.json: /: 'entries' is a required property" in both.output
    assert "libs/other/index.json: not valid JSON" in both.output
    # A library whose index is gone (a client given its URL gets a 404) was checked as valid.
    code, output = build("-c", str(catalog), "--out", str(out), "--index-limit-mb", limit)
    assert code == 0, output
    (out / "libs" / "demo" / "index.json").unlink()
    missing = CliRunner().invoke(main, ["check", str(out)])
    assert missing.exit_code == 1, missing.output
    assert "libs/demo/index.json: missing, though libs/demo/catalog.json lists" in missing.output


def test_check_of_a_site_whose_listed_index_json_is_gone_fails(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    assert orjson.loads((out / "catalog.json").read_bytes())["index"]["path"] == "index.json"
    (out / "index.json").unlink()
    # It said "no whole-site index.json (larger than --index-limit-mb)" and exit 0, though the
    # catalog lists index.json and a client given the site's address gets a 404 for it.
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 1, checked.output
    assert "index.json: missing, though catalog.json lists it" in checked.output
    assert "larger than --index-limit-mb" not in checked.output


def test_check_of_a_site_whose_index_json_changed_after_the_build_fails(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    built = (out / "index.json").read_bytes()
    document = orjson.loads(built)
    document["entries"][0]["name"] += " (edited)"
    edited = orjson.dumps(document)
    (out / "index.json").unlink()  # a new file, not the library's index it was linked to
    (out / "index.json").write_bytes(edited)
    assert check_index(out / "index.json").entries == 1  # checked as a file alone: valid
    # It passed: a valid doctrove-index@1, though not the bytes catalog.json vouches for.
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 1, checked.output
    assert "index.json is not the file catalog.json lists" in checked.output
    assert f"the file is {len(edited):,} bytes" in checked.output
    (out / "index.json").write_bytes(built)
    restored = CliRunner().invoke(main, ["check", str(out)])
    assert restored.exit_code == 0, restored.output


def test_check_of_a_site_whose_catalog_lists_its_index_without_a_sha256_blames_the_catalog(
    tmp_path: Path,
) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    document = orjson.loads((out / "catalog.json").read_bytes())
    del document["index"]["sha256"]
    (out / "catalog.json").write_bytes(orjson.dumps(document))
    # It said index.json "changed after the build" and to restore it: the file is as built.
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 1, checked.output
    assert "catalog.json lists index.json with" in checked.output
    assert "bytes with no sha256: a doctrove-catalog@1 lists a file with both" in checked.output
    assert "changed after the build" not in checked.output


def test_check_of_a_site_validates_every_catalog_as_a_client_does(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text + text[text.index("[[libraries]]") :].replace("demo", "other"))
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 0, checked.output
    assert "3 catalog(s), each a valid doctrove-catalog@1" in checked.output
    whole = orjson.loads((out / "catalog.json").read_bytes())
    whole["entries"][1]["id"] = whole["entries"][0]["id"]
    (out / "catalog.json").write_bytes(orjson.dumps(whole))
    (out / "libs" / "other" / "catalog.json").write_bytes(b'{"format": "doctrove-catalog@9"}')
    # Both passed: a client turns each down (and answers from an older copy, or not at all).
    broken = CliRunner().invoke(main, ["check", str(out)])
    assert broken.exit_code == 1, broken.output
    assert "catalog.json: /entries/1/id: duplicate id 'demo'" in broken.output
    assert "libs/other/catalog.json: /format:" in broken.output


def test_check_of_a_site_compares_each_library_index_with_the_whole(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text + text[text.index("[[libraries]]") :].replace("demo", "other"))
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    library = out / "libs" / "other" / "index.json"
    document = orjson.loads(library.read_bytes())
    document["entries"][0]["name"] += " (an older build)"
    library.write_bytes(orjson.dumps(document))
    (out / "libs" / "demo" / "index.json").write_bytes(b"garbage")
    # Both passed while the whole index.json was sound: a client given a library's URL gets them.
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 1, checked.output
    assert "libs/demo/index.json: not valid JSON" in checked.output
    assert "libs/other/index.json: not the entry 'other' of index.json" in checked.output
