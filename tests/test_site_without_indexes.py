"""A site built with every doctrove-index@1 file left out (``--index-limit-mb 0``): the build
says so, docbuild check passes and tells lost files from ones left out, and docclient answers
from the catalog and shards without asking for an index.json."""

from __future__ import annotations

import io
from pathlib import Path

import orjson
from click.testing import CliRunner

from builder.cli import main
from builder.serve import start_server
from client.config import Settings
from client.service import DocService
from client.site_data import SiteData

START = 1_800_000_000.0


def write_catalog(root: Path) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "a.md").write_text(
        "# Setup\n\nInstall the widget with pip.\n\n## Retries\n\nRetries back off twice.\n",
        encoding="utf-8",
    )
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


def settings(cache: Path, url: str) -> Settings:
    return Settings(
        index_urls=(url,),
        local_index=None,
        cache_ttl=600,
        timeout_ms=20000,
        cooldown_seconds=30.0,
        min_confidence=None,
        cache_size=256,
        cache_dir=cache,
        debug=False,
        config_file=None,
    )


def test_a_site_without_index_files_is_checked_and_answers(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    code, output = build("-c", str(catalog), "--out", str(out), "--index-limit-mb", "0")
    assert code == 0, output
    assert not list(out.rglob("index.json"))
    said = " ".join(output.split())
    assert "index.json: none written (the whole one, " in said
    assert "docclient reads catalog.json and the shards" in said
    assert f"Built {out} (index.json left out, 2 sections, 1 version)" in said
    assert "doctrove-index@1" not in (out / "llms.txt").read_text(encoding="utf-8")
    assert "index" not in orjson.loads((out / "libs" / "demo" / "catalog.json").read_bytes())
    # docbuild check said "holds no index.json nor libs/<id>/index.json" and failed.
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 0, checked.output
    assert (
        f"{out}: no doctrove-index@1 file (each passed --index-limit-mb when built); its "
        "catalogs list 1 entries, 1 versions, 2 sections, for docclient"
    ) in " ".join(checked.output.split())
    log = io.StringIO()
    with start_server(out, access_log=log) as server:
        data = SiteData(settings(tmp_path / "cache", server.url), clock=lambda: START)
        found = DocService(data, clock=lambda: START).extract("demo", None, "retries back off")
        data.close()
    assert [section.heading for section in found.sections][:1] == ["Retries"]
    assert "index.json" not in log.getvalue()


def test_check_tells_a_lost_library_index_from_one_left_out(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text + text[text.index("[[libraries]]") :].replace("demo", "other"))
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    record = orjson.loads((out / "libs" / "demo" / "catalog.json").read_bytes())
    library_index = out / "libs" / "demo" / "index.json"
    assert record["index"]["path"] == "libs/demo/index.json"
    assert record["index"]["bytes"] == library_index.stat().st_size
    # Lost beside the whole index.json, it passed: a client given its URL gets a 404.
    library_index.unlink()
    lost = CliRunner().invoke(main, ["check", str(out)])
    assert lost.exit_code == 1, lost.output
    assert "libs/demo/index.json: missing, though libs/demo/catalog.json lists it" in lost.output
    library_index.write_bytes(b"{}")
    changed = CliRunner().invoke(main, ["check", str(out)])
    assert changed.exit_code == 1, changed.output
    assert "libs/demo/index.json: not the file libs/demo/catalog.json lists" in changed.output


def test_a_one_library_site_hashes_its_index_once_and_lists_it_twice(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    code, output = build("-c", str(catalog), "--out", str(out))
    assert code == 0, output
    whole = orjson.loads((out / "catalog.json").read_bytes())["index"]
    record = orjson.loads((out / "libs" / "demo" / "catalog.json").read_bytes())["index"]
    assert {**whole, "path": "libs/demo/index.json"} == record
    assert whole["path"] == "index.json" and whole["bytes"] == (out / "index.json").stat().st_size


def test_check_tells_an_index_another_build_left_from_one_written(tmp_path: Path) -> None:
    # A site copied over the previous one (cp -r, rsync without --delete) keeps the index files
    # this build left out past --index-limit-mb: a plain doctrove client given their URLs reads
    # the older docs, and docbuild check passed them as the site's own.
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    assert build("-c", str(catalog), "--out", str(out))[0] == 0
    older = {name: (out / name).read_bytes() for name in ("index.json", "libs/demo/index.json")}
    assert build("-c", str(catalog), "--out", str(out), "--index-limit-mb", "0")[0] == 0
    (out / "libs" / "demo" / "index.json").write_bytes(older["libs/demo/index.json"])
    left = CliRunner().invoke(main, ["check", str(out)])
    assert left.exit_code == 1, left.output
    said = " ".join(left.output.split())
    assert (
        "libs/demo/index.json: there, though libs/demo/catalog.json does not list it (the build "
        "left it out past --index-limit-mb): another build's"
    ) in said
    (out / "index.json").write_bytes(older["index.json"])
    left = CliRunner().invoke(main, ["check", str(out)])
    assert left.exit_code == 1, left.output
    said = " ".join(left.output.split())
    assert (
        "index.json: there, though catalog.json does not list it (the build left it out past "
        "--index-limit-mb): another build's"
    ) in said


def test_check_passes_a_plain_hosts_folder_of_index_json_alone(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    assert build("-c", str(catalog), "--out", str(out))[0] == 0
    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "index.json").write_bytes((out / "index.json").read_bytes())
    checked = CliRunner().invoke(main, ["check", str(plain)])
    assert checked.exit_code == 0, checked.output
    assert f"{plain}: valid doctrove-index@1 (1 entries, 1 versions, 2 sections)" in checked.output


def test_a_catalog_taking_an_index_a_build_left_out_is_told_why_it_is_missing(
    tmp_path: Path,
) -> None:
    # It said only "cannot read .../_site/index.json: No such file or directory", of a file the
    # other site's build had chosen not to write.
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    assert build("-c", str(catalog), "--out", str(out), "--index-limit-mb", "0")[0] == 0
    other = tmp_path / "other"
    other.mkdir()
    (other / "docbuild.toml").write_text(
        '[site]\ntitle = "O"\nbase_url = "https://other.example/"\n\n'
        '[[libraries]]\nid = "demo"\nname = "Demo"\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n'
        '  index = "../_site/libs/demo/index.json"\n  allow_outside = true\n\n'
        '[[imports]]\nindex = "../_site/index.json"\nallow_outside = true\n',
        encoding="utf-8",
    )
    code, output = build("-c", str(other / "docbuild.toml"), "--out", str(other / "_site"))
    assert code != 0, output
    said = " ".join(output.split())
    hint = (
        "No such file or directory; the build that wrote catalog.json beside it left it out "
        "past --index-limit-mb: build that site again with a larger --index-limit-mb"
    )
    assert f"libs/demo/index.json: {hint}" in said
    assert f"_site/index.json: {hint}" in said


def test_check_of_a_site_without_index_files_names_a_damaged_record(tmp_path: Path) -> None:
    # Counting the records' versions and sections failed with a traceback (TypeError,
    # AttributeError) on a record edited after the build, before its problem was named.
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    assert build("-c", str(catalog), "--out", str(out), "--index-limit-mb", "0")[0] == 0
    record = out / "libs" / "demo" / "catalog.json"
    document = orjson.loads(record.read_bytes())
    for field, damaged, said in [
        ("versions", 5, "/entries/0/versions: Expected `array`, got `int`"),
        ("shards", {"1.0.0": 5}, "/entries/0/shards/*: Expected `object`, got `int`"),
    ]:
        record.write_bytes(
            orjson.dumps({**document, "entries": [{**document["entries"][0], field: damaged}]})
        )
        checked = CliRunner().invoke(main, ["check", str(out)])
        assert checked.exit_code == 1, checked.output
        assert f"libs/demo/catalog.json: {said}" in checked.output


def test_check_counts_the_libraries_whose_index_was_left_out(tmp_path: Path) -> None:
    catalog, out = write_catalog(tmp_path), tmp_path / "_site"
    (tmp_path / "big").mkdir()
    (tmp_path / "big" / "a.md").write_text("# Big\n\n" + "word " * 2000, encoding="utf-8")
    text = catalog.read_text(encoding="utf-8")
    other = text[text.index("[[libraries]]") :].replace("demo", "other").replace('"docs"', '"big"')
    catalog.write_text(text + other, encoding="utf-8")
    probe = tmp_path / "probe"
    assert build("-c", str(catalog), "--out", str(probe))[0] == 0
    limit = str(((probe / "libs" / "demo" / "index.json").stat().st_size + 0.5) / 1e6)
    code, output = build("-c", str(catalog), "--out", str(out), "--index-limit-mb", limit)
    assert code == 0, output
    assert (out / "libs" / "demo" / "index.json").is_file()
    assert not (out / "libs" / "other" / "index.json").exists()
    checked = CliRunner().invoke(main, ["check", str(out)])
    assert checked.exit_code == 0, checked.output
    # It said "its 1 libs/<id>/index.json are each valid (1 entries…)", as of a one-library site.
    assert (
        "its 1 libs/<id>/index.json are each a valid doctrove-index@1 (1 entries, 1 versions, "
        "2 sections); 1 more library has none (left out for its size, read by docclient alone)"
    ) in " ".join(checked.output.split())
