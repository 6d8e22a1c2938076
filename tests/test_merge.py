"""Builds across machines: ``docbuild build --only`` writes parts, ``docbuild merge`` puts them
together into the bytes of a one-machine build, and refuses parts that would not."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from builder.cli import main
from builder.part import MANIFEST_FILE, PART_FOLDER, PART_FORMAT, split_catalog
from tests.test_incremental import site_files

REPO = Path(__file__).parent.parent
COMPAT = REPO / "examples" / "compat" / "doctrove-demo-index.json"
ENVIRONMENT = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600"}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), env={"SOURCE_DATE_EPOCH": "1767225600"})
    return result.exit_code, result.output


def write_library(root: Path, library_id: str, version: str, topic: str) -> str:
    docs = root / library_id / version
    docs.mkdir(parents=True)
    (docs / "index.md").write_text(
        f"# {library_id} {version}\n\nAbout {topic}.\n\n## Install\n\npip install {library_id}\n",
        encoding="utf-8",
    )
    (docs / "usage.md").write_text(
        f"# Usage\n\nCall `{library_id}.run()` to {topic}.\n", encoding="utf-8"
    )
    return f'  [[libraries.versions]]\n  version = "{version}"\n  path = "{library_id}/{version}"\n'


def write_catalog(root: Path, title: str = "Fleet") -> Path:
    shutil.copyfile(COMPAT, root / "compat.json")
    body = f'[site]\ntitle = "{title}"\nbase_url = "https://docs.example/"\n\n'
    for library_id, versions, topic in [
        ("alpha", ["1.0.0", "2.0.0"], "parse dates"),
        ("beta", ["0.3.1"], "send mail"),
        ("gamma", ["5.1.0"], "draw charts"),
    ]:
        body += f'[[libraries]]\nid = "{library_id}"\nname = "{library_id.title()}"\n'
        body += "".join(write_library(root, library_id, v, topic) for v in versions) + "\n"
    body += '[[imports]]\nindex = "compat.json"\n'
    catalog = root / "docbuild.toml"
    catalog.write_text(body, encoding="utf-8")
    return catalog


def build_part(catalog: Path, out: Path, only: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "builder.cli",
            "build",
            "-c",
            str(catalog),
            "--out",
            str(out),
            "--no-cache",
            "-q",
            "--only",
            only,
        ],
        cwd=REPO,
        env=ENVIRONMENT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def catalog_ids() -> list[str]:
    imported = [str(e["id"]) for e in orjson.loads(COMPAT.read_bytes())["entries"]]
    return sorted(["alpha", "beta", "gamma", *imported])


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    """The catalog and four parts of it, built at the same time by four processes."""
    root = tmp_path_factory.mktemp("fleet")
    catalog = write_catalog(root)
    ids = catalog_ids()
    groups = [ids[i::4] for i in range(4)]
    folders = [root / f"part{i}" for i in range(4)]
    running = [
        build_part(catalog, out, ",".join(g)) for out, g in zip(folders, groups, strict=True)
    ]
    for process in running:
        output, _ = process.communicate(timeout=300)
        assert process.returncode == 0, output
    return catalog, folders


def test_merged_parts_are_the_bytes_of_one_build(
    parts: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    catalog, folders = parts
    code, output = run("build", "-c", str(catalog), "--out", str(tmp_path / "one"), "--no-cache")
    assert code == 0, output
    code, output = run("merge", *map(str, folders), "--out", str(tmp_path / "merged"))
    assert code == 0, output
    assert "Merged 4 parts (" in output
    assert "doctrove clients: https://docs.example/index.json\n" in output
    one, merged = site_files(tmp_path / "one"), site_files(tmp_path / "merged")
    assert sorted(merged) == sorted(one)
    assert [name for name in one if merged[name] != one[name]] == []
    # What the pages-matrix workflow checks before it deploys the merged site.
    code, output = run("check", str(tmp_path / "merged"))
    assert code == 0, output
    # The parts hold no whole-site file: the merge wrote every one of them.
    for folder in folders:
        assert not (folder / "index.json").exists()
        assert not (folder / "catalog.json").exists()


def test_a_part_is_rebuilt_in_place(parts: tuple[Path, list[Path]], tmp_path: Path) -> None:
    catalog, folders = parts
    copy = tmp_path / "part"
    shutil.copytree(folders[0], copy)
    code, output = run("build", "-c", str(catalog), "--out", str(copy), "--only", "beta")
    assert code == 0, output
    assert "Built the part" in output
    manifest = orjson.loads((copy / PART_FOLDER / MANIFEST_FILE).read_bytes())
    assert [entry["skeleton"]["id"] for entry in manifest["entries"]] == ["beta"]


def edit_manifest(folder: Path, tmp_path: Path, field: str, value: object) -> Path:
    copy = tmp_path / f"edited-{field}"
    shutil.copytree(folder, copy)
    path = copy / PART_FOLDER / MANIFEST_FILE
    manifest = orjson.loads(path.read_bytes())
    manifest["origin"][field] = value
    path.write_bytes(orjson.dumps(manifest))
    return copy


def test_merge_says_which_index_files_were_left_out(
    parts: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    """Parts built with --index-limit-mb 0: the merge writes no index.json, and says so as the
    build of the whole catalog would."""
    _, folders = parts
    edited = [edit_manifest(f, tmp_path / str(n), "index_limit", 0) for n, f in enumerate(folders)]
    code, output = run("merge", *map(str, edited), "--out", str(tmp_path / "merged"))
    assert code == 0, output
    assert "index.json: none written (the whole one, " in output
    assert "each pass --index-limit-mb): docclient reads catalog.json and the shards" in output
    assert "libs/alpha/index.json" in output
    assert not list((tmp_path / "merged").rglob("index.json"))


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("builder_version", "0.0.9", "builder version '0.0.9' instead of '"),
        (
            "tokenizer",
            "doctrove-text@2",
            "tokenizer 'doctrove-text@2' instead of 'doctrove-text@1'",
        ),
        ("templates", "0" * 64, "templates 000000000000… instead of "),
        (
            "updated_at",
            None,
            "timestamp (--timestamp or SOURCE_DATE_EPOCH) None instead of "
            "'2026-01-01T00:00:00.000Z'",
        ),
    ],
)
def test_merge_names_the_part_that_was_built_differently(
    parts: tuple[Path, list[Path]], tmp_path: Path, field: str, value: object, said: str
) -> None:
    _, folders = parts
    edited = edit_manifest(folders[2], tmp_path, field, value)
    code, output = run("merge", *map(str, [*folders[:2], edited, folders[3]]), "--out", "x")
    assert code == 1
    assert f"{edited} was built differently from {folders[0]}: {said}" in output
    assert not Path("x").exists()


def test_merge_refuses_a_part_of_another_site_config(
    parts: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    _, folders = parts
    other = write_catalog(tmp_path, title="Another title")
    code, output = run("build", "-c", str(other), "--out", str(tmp_path / "p"), "--only", "alpha")
    assert code == 0, output
    code, output = run("merge", str(folders[0]), str(tmp_path / "p"), "--out", str(tmp_path / "m"))
    assert code == 1
    assert f"{tmp_path / 'p'} was built differently from {folders[0]}: catalog file" in output
    assert "; [site] settings {'title': 'Another title'," in output


def test_merge_refuses_a_part_of_another_catalog_file(
    parts: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    catalog, folders = parts
    changed = tmp_path / "docbuild.toml"
    changed.write_text(catalog.read_text().replace('name = "Beta"', 'name = "Beta Mail"'))
    for name in ("alpha", "beta", "gamma"):
        shutil.copytree(catalog.parent / name, tmp_path / name)
    shutil.copyfile(COMPAT, tmp_path / "compat.json")
    code, output = run("build", "-c", str(changed), "--out", str(tmp_path / "p"), "--only", "beta")
    assert code == 0, output
    code, output = run("merge", str(folders[0]), str(tmp_path / "p"), "--out", str(tmp_path / "m"))
    assert code == 1
    assert f"{tmp_path / 'p'} was built differently from {folders[0]}: catalog file (sha256) " in (
        output
    )
    assert "[site]" not in output


def test_merge_refuses_a_missing_or_twice_built_library(
    parts: tuple[Path, list[Path]], tmp_path: Path
) -> None:
    _, folders = parts
    out = str(tmp_path / "m")
    code, output = run("merge", *map(str, folders[:3]), "--out", out)
    assert code == 1
    missing = catalog_ids()[3::4]
    assert (
        f"the parts lack {len(missing)} of the catalog's libraries: {', '.join(missing)};" in output
    )
    code, output = run("merge", *map(str, folders), str(folders[1]), "--out", out)
    assert code == 1
    assert "is in two parts" in output
    assert not (tmp_path / "m").exists()


def test_merge_refuses_a_folder_that_is_not_a_part(tmp_path: Path) -> None:
    code, output = run("merge", str(tmp_path), "--out", str(tmp_path / "m"))
    assert code == 1
    assert f"{tmp_path} is not a part: it has no {PART_FOLDER}/{MANIFEST_FILE}" in output


@pytest.mark.parametrize(
    ("manifest", "said"),
    [
        (
            {"format": "doctrove-part@1", "origin": {}, "entries": []},
            f"is format 'doctrove-part@1', this docbuild reads {PART_FORMAT}: rebuild the part",
        ),
        (
            {"format": PART_FORMAT, "origin": {"builder_version": "0.1.0"}, "entries": []},
            "is damaged (Object missing required field `catalog_sha256` - at `$.origin`); "
            "rebuild the part with this docbuild",
        ),
        (b"{not json", "is damaged (unexpected character"),
    ],
)
def test_merge_says_why_a_manifest_cannot_be_read(
    tmp_path: Path, manifest: object, said: str
) -> None:
    folder = tmp_path / "part" / PART_FOLDER
    folder.mkdir(parents=True)
    raw = manifest if isinstance(manifest, bytes) else orjson.dumps(manifest)
    (folder / MANIFEST_FILE).write_bytes(raw)
    code, output = run("merge", str(tmp_path / "part"), "--out", str(tmp_path / "m"))
    assert code == 1
    assert f"{folder / MANIFEST_FILE} {said}" in " ".join(output.split())
    assert not (tmp_path / "m").exists()


def test_only_refuses_an_id_the_catalog_does_not_have(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path)
    code, output = run("build", "-c", str(catalog), "--out", str(tmp_path / "p"), "--only", "zeta")
    assert code == 1
    assert "--only names 'zeta', not in the catalog; its ids are alpha, beta" in output


def test_split_catalog_balances_the_weights() -> None:
    weights = {"a": 10, "b": 6, "c": 5, "d": 4, "e": 0}
    # a (10) and d (4) against b (6), c (5) and e (0, counted as 1)
    assert split_catalog(weights, 2) == [["a", "d"], ["b", "c", "e"]]
    assert split_catalog(weights, 9) == [["a"], ["b"], ["c"], ["d"], ["e"]]


def test_parts_prints_only_values_covering_the_catalog_once(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path)
    code, output = run("parts", "-c", str(catalog), "--count", "3")
    assert code == 0, output
    groups = orjson.loads(output)
    assert len(groups) == 3
    assert sorted(i for group in groups for i in group.split(",")) == catalog_ids()
