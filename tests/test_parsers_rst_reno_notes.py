"""reno's release-notes directive: the notes under releasenotes/notes, by release and kind."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, current_digests, include_root
from builder.model import ParsedFile
from builder.parsers.rst.parser import parse

PAGE = "Changelog\n=========\n\n.. release-notes::\n"


def _project(tmp_path: Path) -> Path:
    notes = tmp_path / "releasenotes" / "notes"
    notes.mkdir(parents=True)
    (tmp_path / "docs").mkdir()
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (notes / "add-async-b249.yaml").write_text(
        "---\nfeatures:\n  - |\n    Retry ``async`` functions.\n", encoding="utf-8"
    )
    (notes / "fix-log-6a4c.yaml").write_text(
        "prelude: A *small* release.\nfixes:\n  - Fix the log format.\n"
        "other:\n  - Use black.\n  - Lines of 120.\n",
        encoding="utf-8",
    )
    return tmp_path


def _parse(project: Path, text: str = PAGE) -> tuple[ParsedFile, IncludeReader]:
    reader = IncludeReader(include_root(project / "docs", None, None))
    return parse(text, "changelog.rst", None, reader), reader


def test_the_notes_show_by_kind_when_their_releases_are_not_known(tmp_path: Path) -> None:
    # tenacity 9.2.1's source archive: the notes without git history or reno.cache. The
    # directive showed nothing, so the changelog page was its title alone.
    parsed, reader = _parse(_project(tmp_path))
    assert [(s.heading, s.heading_path, s.line_start, s.body) for s in parsed.sections] == [
        ("Changelog", (), 1, "Which release each note came in is in the project's git history, "
         "which is not read here."),
        ("Prelude", ("Changelog",), 4, "A small release."),
        ("New Features", ("Changelog",), 4, "- Retry `async` functions."),
        ("Bug Fixes", ("Changelog",), 4, "- Fix the log format."),
        ("Other Notes", ("Changelog",), 4, "- Use black.\n- Lines of 120."),
    ]  # fmt: skip
    assert parsed.warnings == ()
    # The page is keyed on the folder's listing: a note added there changes the key.
    recorded = dict(reader.digests())
    assert "releasenotes/notes/" in recorded
    notes = tmp_path / "releasenotes" / "notes"
    (notes / "new-1234.yaml").write_text("fixes:\n  - New.\n", encoding="utf-8")
    now = dict(current_digests(reader.where, recorded))
    assert now["releasenotes/notes/"] != recorded["releasenotes/notes/"]
    assert (
        now["releasenotes/notes/fix-log-6a4c.yaml"]
        == recorded["releasenotes/notes/fix-log-6a4c.yaml"]
    )


def test_reno_cache_gives_the_releases_and_reno_yaml_the_sections(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "reno.yaml").write_text(
        "sections:\n  - [fixes, Fixed]\n  - [features, Added]\nunreleased_version_title: Next\n",
        encoding="utf-8",
    )
    (project / "releasenotes" / "notes" / "reno.cache").write_text(
        "notes:\n"
        "- version: 1.1.0-2\n  files:\n  - [releasenotes/notes/fix-log-6a4c.yaml, abc]\n"
        "- version: 1.0.0\n  files:\n  - [releasenotes/notes/add-async-b249.yaml, def]\n"
        "file-contents:\n"
        "  releasenotes/notes/fix-log-6a4c.yaml:\n    fixes: [Fix the log format.]\n"
        "  releasenotes/notes/add-async-b249.yaml:\n    features: [Retry functions.]\n",
        encoding="utf-8",
    )
    # pbr writes reno.cache into a source archive: releases newest first, each note's text
    # copied in; "1.1.0-2" (commits after a tag) takes the unreleased title.
    parsed, _ = _parse(project)
    assert [(s.heading, s.heading_path, s.body) for s in parsed.sections] == [
        ("Changelog", (), ""),
        ("Next", ("Changelog",), ""),
        ("Fixed", ("Changelog", "Next"), "- Fix the log format."),
        ("1.0.0", ("Changelog",), ""),
        ("Added", ("Changelog", "1.0.0"), "- Retry functions."),
    ]


def test_broken_notes_are_warnings_and_nothing_is_read_without_a_reader(tmp_path: Path) -> None:
    project = _project(tmp_path)
    (project / "releasenotes" / "notes" / "bad-0000.yaml").write_text("fixes: [\n", "utf-8")
    parsed, _ = _parse(project)
    (warning,) = parsed.warnings
    assert warning.where == "changelog.rst:4"
    assert "bad-0000.yaml is not YAML reno can read" in warning.message
    assert "Fix the log format." in "\n".join(s.body for s in parsed.sections)
    alone = parse(PAGE, "changelog.rst")
    assert [s.heading for s in alone.sections] == ["Changelog"]


def test_a_cache_naming_a_note_by_a_list_or_a_mapping_skips_that_name(tmp_path: Path) -> None:
    # A name that is no string was looked up as a key: TypeError (unhashable type), and the
    # whole changelog page was skipped as a parser error.
    project = _project(tmp_path)
    (project / "releasenotes" / "notes" / "reno.cache").write_text(
        "notes:\n- version: 1.0.0\n  files:\n  - [[a], x]\n  - [{a: 1}, y]\n  - [n.yaml, z]\n"
        "file-contents:\n  n.yaml: {fixes: [Fixed.]}\n",
        encoding="utf-8",
    )
    parsed, _ = _parse(project)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Changelog", ""),
        ("1.0.0", ""),
        ("Bug Fixes", "- Fixed."),
    ]


def test_a_notes_folder_named_with_a_nul_is_a_missing_one(tmp_path: Path) -> None:
    # YAML writes a NUL as "\0": the path raised ValueError (embedded null byte) where a
    # missing file is a refusal, and the whole changelog page was skipped.
    project = _project(tmp_path)
    (project / "reno.yaml").write_text('notesdir: "a\\0b"\n', encoding="utf-8")
    parsed, _ = _parse(project)
    assert [(s.heading, s.body) for s in parsed.sections] == [("Changelog", "")]
    assert parsed.warnings == ()


def test_a_note_that_writes_the_directive_again_is_read_once(tmp_path: Path) -> None:
    # Each directive in a note read every note again, sixty levels down: one gave 21 KB of
    # nested copies, two doubled the work at each level and the page never finished.
    project = _project(tmp_path)
    (project / "releasenotes" / "notes" / "loop.yaml").write_text(
        "fixes:\n  - |\n    .. release-notes::\n  - |\n    .. release-notes::\n",
        encoding="utf-8",
    )
    parsed, _ = _parse(project)
    assert [s.heading for s in parsed.sections][-2:] == ["Bug Fixes", "Other Notes"]
    assert parsed.sections[-2].body == "- Fix the log format."
    assert [w.message for w in parsed.warnings] == [
        "release-notes inside a release note: left out"
    ] * 2
