"""The build pipeline's shape: stages over frozen records, with the cache outside them."""

import ast
import dataclasses
import typing
from pathlib import Path

import orjson

from builder import cached_stages, pipeline
from builder.cache import BuildCache
from builder.config import LibraryConfig, SiteConfig, VersionConfig
from builder.model import CompiledVersion, FileRecords, SourceFile
from builder.parsers.reference_titles import NO_REFERENCES
from builder.projects import ProjectLayout
from builder.stages import read, site_files, volume
from builder.stages.parse import parse_to_records

STAGES = Path(__file__).resolve().parent.parent / "builder" / "stages"
SITE = SiteConfig("T", "https://docs.example/")
LIBRARY = LibraryConfig("demo", "Demo", "", (), None, None, (), ())


def test_no_stage_module_imports_the_cache() -> None:
    modules = sorted(STAGES.glob("*.py"))
    assert {path.stem for path in modules} >= {
        "read",
        "imported",
        "parse",
        "compile",
        "volume",
        "site_files",
    }
    for path in modules:
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
            elif isinstance(node, ast.Import):
                imported.update(alias.name for alias in node.names)
        assert not imported & {"builder.cache", "builder.cached_stages"}, path.name


def test_records_between_stages_are_frozen_and_hold_no_lists() -> None:
    records = [
        read.VersionFiles,
        FileRecords,
        CompiledVersion,
        volume.WrittenVolume,
        site_files.BuiltEntry,
        site_files.SiteFiles,
        pipeline.BuiltVersion,
        pipeline.BuildContext,
    ]
    for record in records:
        assert dataclasses.fields(record), record
        assert record.__dataclass_params__.frozen, record  # type: ignore[attr-defined]
        hints = typing.get_type_hints(record)
        for name, hint in hints.items():
            # The entry skeleton is index.json's own shape, written as it is.
            if (record, name) == (site_files.BuiltEntry, "skeleton"):
                continue
            assert typing.get_origin(hint) not in (list, dict, set), (record, name)


def test_the_parse_stage_turns_a_file_into_checked_records() -> None:
    version = VersionConfig("1.0", Path("docs"), None, None, (), (), None, None)
    source = SourceFile("guide.md", "# Guide\n\nRead this.\n\n## Install\n\nRun it.\n", "0" * 64)
    parsed = parse_to_records(
        SITE, LIBRARY, version, ProjectLayout(), None, None, NO_REFERENCES, source
    )
    assert parsed.skipped is None and parsed.api is None
    records = [orjson.loads(record) for record in parsed.records]
    assert [(r["heading"], r["headingPath"], r["body"]) for r in records] == [
        ("Guide", [], "Read this."),
        ("Install", ["Guide"], "Run it."),
    ]
    assert records[1]["path"] == "https://docs.example/libs/demo/1.0/guide.html#install"


def test_a_file_no_parser_reads_is_skipped_with_its_reason() -> None:
    version = VersionConfig("1.0", Path("docs"), None, None, (), (), None, None)
    source = SourceFile("data.bin", "\x00\x01", "0" * 64)
    parsed = parse_to_records(
        SITE, LIBRARY, version, ProjectLayout(), None, None, NO_REFERENCES, source
    )
    assert parsed == FileRecords((), "unsupported format")


def test_the_cache_wraps_the_parse_stage_from_outside(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "guide.md").write_text("# Guide\n\nRead this.\n", encoding="utf-8")
    version = VersionConfig("1.0", docs, None, None, (), (), None, None)
    cache = BuildCache(tmp_path / "cache")
    with read.read_version(LIBRARY.id, version, tmp_path) as files:
        cold = cached_stages.compile_version_cached(cache, SITE, LIBRARY, files)
    assert (cache.hits, cold.cached_volume) == (0, None)
    written = volume.write_volume(cold, tmp_path / "volume.json")
    cached_stages.keep_volume(cache, written, cold.volume_key)
    with read.read_version(LIBRARY.id, version, tmp_path) as files:
        warm = cached_stages.compile_version_cached(cache, SITE, LIBRARY, files)
    assert warm.cached_volume == volume.volume_bytes(cold)
    # All the same but what was parsed: nothing, the second time. A version kept whole is
    # its volume's bytes, without its records, their digests or their sources.
    assert (cold.sections_parsed, warm.sections_parsed) == (cold.section_count, 0)
    assert (len(cold.file_digests), warm.file_digests) == (1, ())
    assert (cold.record_sources, warm.record_sources) == ((("guide.md", 1),), None)
    assert dataclasses.replace(
        warm,
        cached_volume=None,
        records=cold.records,
        file_digests=cold.file_digests,
        record_sources=cold.record_sources,
    ) == dataclasses.replace(cold, volume_key="", sections_parsed=0)


def test_a_changed_versions_volume_is_linked_into_the_cache_not_copied(tmp_path: Path) -> None:
    # A 500-page version's volume is 15 MB: writing it a second time into the cache cost
    # every rebuild after an edit a tenth of a second.
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "guide.md").write_text("# Guide\n\nRead this.\n", encoding="utf-8")
    version = VersionConfig("1.0", docs, None, None, (), (), None, None)
    cache = BuildCache(tmp_path / "cache")
    with read.read_version(LIBRARY.id, version, tmp_path) as files:
        cold = cached_stages.compile_version_cached(cache, SITE, LIBRARY, files)
    written = volume.write_volume(cold, tmp_path / "volume.json")
    cached_stages.keep_volume(cache, written, cold.volume_key)
    kept = [p for p in (tmp_path / "cache").rglob("*") if p.is_file() and p.samefile(written.path)]
    assert len(kept) == 1
    # A kept volume whose bytes changed is a miss, never a wrong volume.
    kept[0].unlink()
    kept[0].write_bytes(written.path.read_bytes().replace(b"Read this", b"Read that"))
    with read.read_version(LIBRARY.id, version, tmp_path) as files:
        again = cached_stages.compile_version_cached(cache, SITE, LIBRARY, files)
    assert again.cached_volume is None and again.records == cold.records
