"""The build report: per-version lines for sections that say little, bounded page lists."""

from dataclasses import replace
from pathlib import Path

import pytest

from builder.build_report import BuildReport, VersionSummary, refuse_warnings_when_strict
from builder.errors import StrictWarnings
from builder.report import MAX_WORST_PAGES, render_report_streams
from builder.shards import ShardInfo


def summary(sections: int, empty: int, pages: tuple[tuple[str, int], ...]) -> VersionSummary:
    shard = ShardInfo("demo", "1.0", "shards/demo.sqlite.gz", "0" * 64, 1, 1, sections, "gzip")
    return VersionSummary(
        "demo", "1.0", "directory", 3, (), sections, 100, shard, "docs",
        empty_sections=empty, near_empty_pages=pages,
    )  # fmt: skip


def summary_of(report: BuildReport) -> str:
    """What the build prints on stdout: the near-empty counts and advice are part of it."""
    return render_report_streams(report)[0]


def test_worst_pages_are_bounded_and_the_rest_counted() -> None:
    pages = tuple((f"p{n}.rst", 9 - n) for n in range(MAX_WORST_PAGES + 2))
    report = BuildReport(Path("/site"), versions=[summary(1000, 3, pages)])
    lines = summary_of(report).split("\n")
    assert (
        lines[1]
        == "    3 empty section(s) dropped, 42 near-empty API entries (under 40 characters, "
        "4.2% of sections)"
    )
    listed = ", ".join(f"p{n}.rst ({9 - n})" for n in range(MAX_WORST_PAGES))
    assert lines[2] == f"    most near-empty: {listed} and 2 more page(s)"
    assert lines[3].startswith("    more than 1% near-empty, so --strict fails: if they are API")


def test_a_version_from_an_archive_or_a_tag_is_not_told_to_set_source_dir() -> None:
    # Such a version takes no source_dir (the catalog refuses it): its code is in its tree.
    pages = (("api.rst", 40),)
    for origin, tree in (("archive", "the archive itself"), ("git", "the tag's tree itself")):
        report = BuildReport(
            Path("/site"), versions=[replace(summary(100, 0, pages), origin=origin)]
        )
        advice = summary_of(report).split("\n")[3]
        assert "source_dir" not in advice and f"code is read from {tree}" in advice
        # An MkDocs archive's entries come from mkdocstrings: it named only Sphinx's conf.py.
        assert "mkdocstrings' paths" in advice
    directory = BuildReport(Path("/site"), versions=[summary(100, 0, pages)])
    assert "point the version's source_dir" in summary_of(directory)


def test_entries_of_built_html_are_not_blamed_on_missing_code() -> None:
    # Debian's python-bidict-doc: 114 undescribed members on api.html, and the report told
    # the team to point source_dir at the code, which nothing reads for built HTML.
    pages = (("api.html", 114), ("README.html", 1))
    for origin in ("directory", "archive"):
        report = BuildReport(
            Path("/site"), versions=[replace(summary(566, 0, pages), origin=origin)]
        )
        advice = summary_of(report).split("\n")[3]
        assert "source_dir changes them: exclude those pages" in advice
        assert "point the version's source_dir" not in advice
        with pytest.raises(StrictWarnings, match="no source_dir changes them"):
            refuse_warnings_when_strict(True, report.versions, ())
    mixed = (("api.html", 10), ("api.rst", 10))
    report = BuildReport(Path("/site"), versions=[summary(100, 0, mixed)])
    assert "point the version's source_dir" in summary_of(report)


def test_a_version_at_the_limit_gets_counts_but_no_advice() -> None:
    report = BuildReport(Path("/site"), versions=[summary(100, 0, (("a.rst", 1),))])
    lines = summary_of(report).split("\n")
    assert lines[1:3] == [
        "    0 empty section(s) dropped, 1 near-empty API entries (under 40 characters, 1.0% of "
        "sections)",
        "    most near-empty: a.rst (1)",
    ]
    assert "--strict fails" not in summary_of(report)


def test_a_version_with_nothing_thin_gets_no_extra_line() -> None:
    report = BuildReport(Path("/site"), versions=[summary(100, 0, ())])
    assert "near-empty" not in summary_of(report)


def test_a_version_whose_index_is_in_chunks_says_so() -> None:
    chunked = summary(100, 0, ())
    shard = replace(
        chunked.shard, bytes=400_197, format="doctrove-shard@5", chunks=249, chunk_bytes=3_610_628
    )
    report = BuildReport(Path("/site"), versions=[replace(chunked, shard=shard)])
    assert summary_of(report).split("\n")[1] == (
        "    search index in chunks (doctrove-shard@5): a 0.4 MB head and 249 chunks of 3.6 MB, "
        "fetched by term"
    )
    assert "chunks" not in summary_of(BuildReport(Path("/site"), versions=[summary(100, 0, ())]))


def test_the_libraries_indexes_left_out_are_bounded_and_the_rest_counted() -> None:
    # With --index-limit-mb 0 every library's index.json is left out: a catalog of thousands
    # of libraries named each of them in one line.
    left_out = tuple((f"lib{n:04}", 1000 + n) for n in range(2000))
    versions = [replace(summary(10, 0, ()), library_id=i) for i, _ in left_out]
    report = BuildReport(
        Path("/site"),
        versions=versions,
        whole_index_bytes=5_000_000,
        library_indexes_left_out=left_out,
    )
    line = next(x for x in summary_of(report).split("\n") if x.startswith("index.json: "))
    largest = ", ".join(f"libs/lib{n:04}/index.json 3.0 kB" for n in (1999, 1998))
    assert line.startswith(
        f"index.json: none written (the whole one, 5.0 MB, and {largest}, libs/lib1997/index.json"
    )
    assert "libs/lib1995/index.json 3.0 kB and 1995 more, each pass --index-limit-mb)" in line
    assert line.count("libs/") == 5
    # Some written: the others are named as well, bounded the same way.
    written = replace(report, library_indexes_left_out=left_out[:7])
    line = next(x for x in summary_of(written).split("\n") if x.startswith("index.json: "))
    assert "libs/lib0002/index.json 1.0 kB and 2 more, would pass --index-limit-mb)" in line
