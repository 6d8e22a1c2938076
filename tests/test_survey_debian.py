"""What docbuild init sees in a built Sphinx site and in the folder of a Debian ``*-doc``
package: its HTML build, project, release and static files."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

from builder.config import load_catalog
from builder.globs import compile_globs
from builder.sources import list_version_files
from builder.starter import write_starter_catalog
from builder.survey import survey_project


def test_a_built_sphinx_site_names_its_project_and_release(tmp_path: Path) -> None:
    # Debian's python-requests-doc 2.28.1 (html/): surveyed as python-requests-doc 0.0.0.
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '2.28.1',\n};\n", encoding="utf-8"
    )
    (tmp_path / "index.html").write_text(
        "<html><head><title>Requests: HTTP for Humans &#8212; Requests 2.28.1 documentation"
        "</title></head><body><h1>Requests</h1></body></html>",
        encoding="utf-8",
    )
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.library_id, survey.name) == ("html", "requests", "Requests")
    assert (survey.version, survey.version_known) == ("2.28.1", True)


def test_a_debian_doc_packages_folder_reads_the_sphinx_build_in_its_html_folder(
    tmp_path: Path,
) -> None:
    # /usr/share/doc/python-configobj-doc: its pages in html/, beside changelog.gz and
    # copyright. Surveyed as "python-configobj-doc" 0.0.0, its docs the folder itself: the
    # release and name the build gives itself went unread.
    html = tmp_path / "python-configobj-doc" / "html"
    (html / "_static").mkdir(parents=True)
    (html / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '5.0.6',\n};\n", encoding="utf-8"
    )
    (html / "index.html").write_text(
        "<html><head><title>configobj &#8212; configobj 5.0.6 documentation</title></head>"
        "<body><h1>configobj</h1></body></html>",
        encoding="utf-8",
    )
    (html.parent / "copyright").write_text("Format: ...\n", encoding="utf-8")
    survey = survey_project(html.parent)
    assert (survey.kind, survey.docs, survey.library_id) == ("html", "html", "configobj")
    assert (survey.version, survey.version_known) == ("5.0.6", True)
    # Its translations' builds beside it (python-bs4-doc's html.ru/, html.zh/) are not the
    # docs: with them, the folder was surveyed as "python-bs4-doc" 0.0.0, every language's
    # pages read as one.
    for language in ("ru", "zh"):
        shutil.copytree(html, html.parent / f"html.{language}")
    assert survey_project(html.parent).docs == "html"
    # Two builds side by side: which one is the docs is the user's choice.
    shutil.copytree(html, html.parent / "html-single")
    assert survey_project(html.parent).docs == "."


def test_a_built_sphinx_site_s_static_files_are_no_pages(tmp_path: Path) -> None:
    # borgbackup-doc 1.2.4: _static/fonts/source-serif-pro/SourceSerifProReadMe.html, a
    # font's read-me its theme ships, was read as a page of the docs (6 sections).
    (tmp_path / "_static" / "fonts").mkdir(parents=True)
    (tmp_path / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '1.2.4',\n};\n", encoding="utf-8"
    )
    (tmp_path / "_static" / "fonts" / "ReadMe.html").write_text("<h1>Source Serif</h1>")
    (tmp_path / "index.html").write_text("<html><body><h1>Borg</h1></body></html>")
    survey = survey_project(tmp_path)
    assert survey.kind == "html" and "_static" in survey.exclude
    write_starter_catalog(tmp_path)
    (version,) = load_catalog(tmp_path / "docbuild.toml").libraries[0].versions
    globs = compile_globs(version.include), compile_globs(version.exclude)
    listing = list_version_files(tmp_path, *globs)
    assert [c.relpath for c in listing.candidates] == ["index.html"]


def test_a_built_sphinx_site_s_copies_of_its_markdown_sources_leave_it_html(
    tmp_path: Path,
) -> None:
    # sphinx-book-theme (and Jupyter Book) set html_sourcelink_suffix "": the build keeps each
    # page's source as _sources/<page>.md, named as the page, so the pages were read as the
    # build of the folder's Markdown and init read the raw sources instead of the HTML.
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '1.4.0',\n};\n", encoding="utf-8"
    )
    (tmp_path / "_sources" / "guide").mkdir(parents=True)
    for page in ("index", "guide/start", "guide/usage"):
        (tmp_path / f"{page}.html").parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f"{page}.html").write_text(f"<html><body><h1>{page}</h1></body></html>")
        (tmp_path / "_sources" / f"{page}.md").write_text(f"# {page}\n")
    survey = survey_project(tmp_path)
    assert (survey.kind, survey.docs) == ("html", ".")
    write_starter_catalog(tmp_path)
    (version,) = load_catalog(tmp_path / "docbuild.toml").libraries[0].versions
    globs = compile_globs(version.include), compile_globs(version.exclude)
    listing = list_version_files(tmp_path, *globs)
    assert [c.relpath for c in listing.candidates] == [
        "guide/start.html",
        "guide/usage.html",
        "index.html",
    ]


def test_a_built_sphinx_site_s_testing_and_templates_pages_are_pages(tmp_path: Path) -> None:
    # Debian's python-django-doc 3.2.25 (html/): its topics/testing/*.html and
    # ref/templates/*.html were left out as a project's tests and templates (10 pages, 247 of
    # its objects). A built site is all pages; its _static/ and _sources/ stay out.
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '3.2.25',\n};\n", encoding="utf-8"
    )
    pages = ["index.html", "ref/templates/api.html", "topics/testing/tools.html"]
    for page in pages:
        (tmp_path / page).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / page).write_text(f"<html><body><h1>{page}</h1></body></html>")
    (tmp_path / "_sources").mkdir()
    (tmp_path / "_sources" / "index.txt").write_text("Django\n======\n")
    write_starter_catalog(tmp_path)
    (version,) = load_catalog(tmp_path / "docbuild.toml").libraries[0].versions
    globs = compile_globs(version.include), compile_globs(version.exclude)
    listing = list_version_files(tmp_path, *globs)
    assert [c.relpath for c in listing.candidates] == pages


def test_a_debian_doc_packages_release_is_the_one_its_changelog_gives(tmp_path: Path) -> None:
    # python-bs4-doc 4.11.2-2: its build names 4.9.0, the version conf.py was left at, where
    # its text says "This document covers Beautiful Soup version 4.11.2". Surveyed as 4.9.0,
    # a project pinned to 4.11 found no such version.
    html = tmp_path / "python-bs4-doc" / "html"
    (html / "_static").mkdir(parents=True)
    (html / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '4.9.0',\n};\n", encoding="utf-8"
    )
    (html / "index.html").write_text("<html><body><h1>Soup</h1></body></html>", "utf-8")
    with gzip.open(html.parent / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write("beautifulsoup4 (1:4.11.2+dfsg-2) unstable; urgency=medium\n\n  * x\n")
    survey = survey_project(html.parent)
    assert (survey.docs, survey.version, survey.version_known) == ("html", "4.11.2", True)
    assert "changelog.Debian.gz: the package's release, 4.11.2, is the version" in survey.found


def test_a_doc_package_named_with_its_major_version_is_an_unpacked_doc_package(
    tmp_path: Path,
) -> None:
    # postgresql-doc-15 15.20-0+deb12u1: its folder's name does not end in "-doc", so the
    # unpacked tree was surveyed from its top as "postgresql-doc-15" 0.0.0, its pages
    # "usr/share/doc/postgresql-doc-15/html/...".
    package = tmp_path / "usr" / "share" / "doc" / "postgresql-doc-15"
    (package / "html").mkdir(parents=True)
    (package / "html" / "index.html").write_text("<html><body><h1>PostgreSQL</h1></body></html>")
    with gzip.open(package / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write("postgresql-15 (15.20-0+deb12u1) bookworm; urgency=medium\n\n  * x\n")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.version) == ("usr/share/doc/postgresql-doc-15/html", "15.20")


def test_a_doc_package_without_a_changelog_of_its_own_is_an_unpacked_doc_package(
    tmp_path: Path,
) -> None:
    # cmake-doc 3.25.1 ships no changelog (it depends on cmake-data, whose folder its html/
    # links into): surveyed from its top as "cmake-doc" 0.0.0, where its build says 3.25.1.
    html = tmp_path / "usr" / "share" / "doc" / "cmake-doc" / "html"
    (html / "_static").mkdir(parents=True)
    (html / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '3.25.1',\n};\n", encoding="utf-8"
    )
    (html / "index.html").write_text("<html><body><h1>CMake</h1></body></html>")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.version) == ("usr/share/doc/cmake-doc/html", "3.25.1")
    # Two such folders without one: which is the package is not known.
    (tmp_path / "usr" / "share" / "doc" / "other-doc").mkdir()
    assert survey_project(tmp_path).version == "0.0.0"


def test_a_doc_package_that_builds_into_its_library_s_folder_is_read_there(
    tmp_path: Path,
) -> None:
    # python-testfixtures-doc 7.0.4-1, python-sybil-doc 3.0.1-1: the pages are in
    # usr/share/doc/python3-<name>/html, the package's own folder holds its changelog and
    # copyright; init said the folder "holds no docs".
    shared = tmp_path / "usr" / "share" / "doc"
    html = shared / "python3-demo" / "html"
    (html / "_static").mkdir(parents=True)
    (html / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '1.0',\n};\n", encoding="utf-8"
    )
    (html / "index.html").write_text("<html><body><h1>Demo</h1></body></html>")
    package = shared / "python-demo-doc"
    package.mkdir()
    (package / "copyright").write_text("Format: ...\n", encoding="utf-8")
    with gzip.open(package / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write("demo (1.2.0-1) unstable; urgency=medium\n\n  * x\n")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.version) == ("usr/share/doc/python3-demo/html", "1.2.0")
    # python-qtconsole-doc 5.4.0-1 keeps examples/*.py in its own folder: a folder of no
    # pages, where init read the package's own folder and said it held no docs.
    (package / "examples").mkdir()
    (package / "examples" / "embed_qtconsole.py").write_text("print(1)\n")
    assert survey_project(tmp_path).docs == "usr/share/doc/python3-demo/html"


def test_a_doc_package_s_gtk_doc_book_is_its_docs(tmp_path: Path) -> None:
    # appstream-glib-doc 0.8.2-1 and libgeocode-glib-doc 3.26.3-6 install their book in
    # usr/share/gtk-doc/html/<module>: init said the folder "holds no docs"; libnotify-doc
    # 0.8.1-1's was the notification spec in usr/share/doc/libnotify beside it.
    book = tmp_path / "usr" / "share" / "gtk-doc" / "html" / "demo"
    book.mkdir(parents=True)
    (book / "index.html").write_text("<html><body><h1>Demo Reference Manual</h1></body></html>")
    (book / "DemoThing.html").write_text("<html><body><h2>DemoThing</h2></body></html>")
    package = tmp_path / "usr" / "share" / "doc" / "libdemo-doc"
    package.mkdir(parents=True)
    with gzip.open(package / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write("demo (0.8.1-1) unstable; urgency=medium\n\n  * x\n")
    survey = survey_project(tmp_path)
    assert (survey.docs, survey.version) == ("usr/share/gtk-doc/html/demo", "0.8.1")
    spec = tmp_path / "usr" / "share" / "doc" / "libdemo" / "spec"
    spec.mkdir(parents=True)
    (spec / "spec.html").write_text("<html><body><h1>Spec</h1></body></html>")
    assert survey_project(tmp_path).docs == "usr/share/gtk-doc/html/demo"
    # libdbus-glib-1-doc 0.112-3 links its folder's dbus-glib/ to the book, which the survey
    # of a folder does not follow
    (package / "demo").symlink_to("../../gtk-doc/html/demo")
    assert survey_project(tmp_path).docs == "usr/share/gtk-doc/html/demo"


def test_a_doc_package_whose_docs_name_nothing_is_named_by_its_changelog(tmp_path: Path) -> None:
    # python-typer-doc 0.7.0-1 (MkDocs' HTML, no documentation_options.js) and
    # python3-typedload-doc 2.22-1 (Markdown): init wrote "python-typer-doc" 0.0.0.
    package = tmp_path / "usr" / "share" / "doc" / "python-demo-doc"
    (package / "html" / "search").mkdir(parents=True)
    (package / "html" / "index.html").write_text("<html><body><h1>Demo</h1></body></html>")
    with gzip.open(package / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write("python-demo (1:0.7.0+ds-1) unstable; urgency=medium\n\n  * x\n")
    survey = survey_project(tmp_path)
    assert (survey.library_id, survey.name, survey.version) == ("demo", "demo", "0.7.0")
    assert "changelog.Debian.gz: the package's release, 0.7.0, is the version" in survey.found


def test_a_doc_package_s_site_built_by_another_tool_is_read_from_its_html_folder(
    tmp_path: Path,
) -> None:
    # python-typer-doc 0.7.0-1 (MkDocs' site in html/): read from the package's folder, its
    # pages were "html/...", tutorial/testing/ left out as a tests folder (8 sections) and
    # python-uvicorn-doc's 404.html read as a page.
    package = tmp_path / "python-demo-doc"
    (package / "html" / "tutorial" / "testing").mkdir(parents=True)
    (package / "html" / "index.html").write_text("<html><body><h1>Demo</h1></body></html>")
    (package / "html" / "tutorial" / "testing" / "index.html").write_text("<h1>Testing</h1>")
    (package / "copyright").write_text("Format: ...\n", encoding="utf-8")
    survey = survey_project(package)
    assert (survey.kind, survey.docs, survey.exclude) == ("html", "html", ())
    # A folder with pages of its own is read as it is.
    (package / "about.html").write_text("<h1>About</h1>")
    assert survey_project(package).docs == "."


def test_a_debian_release_with_a_tilde_leaves_the_builds_version(tmp_path: Path) -> None:
    # python-pglast-doc 5.0~dev0+1-1: Debian's tilde sorts before, and is no version a catalog
    # takes, so init wrote the placeholder 0.0.0 where the build says 5.0.dev0.
    html = tmp_path / "python-pglast-doc" / "html"
    (html / "_static").mkdir(parents=True)
    (html / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '5.0.dev0',\n};\n", encoding="utf-8"
    )
    (html / "index.html").write_text("<html><body><h1>pglast</h1></body></html>", "utf-8")
    with gzip.open(html.parent / "changelog.Debian.gz", "wt", encoding="utf-8") as changelog:
        changelog.write("pglast (5.0~dev0+1-1) unstable; urgency=medium\n\n  * x\n")
    survey = survey_project(html.parent)
    assert (survey.version, survey.version_known) == ("5.0.dev0", True)
    assert not any("changelog.Debian.gz" in line for line in survey.found)


def test_a_debian_doc_packages_html_link_to_another_package_is_its_docs(tmp_path: Path) -> None:
    # /usr/share/doc/python-lxml-doc/html is a link to ../python-lxml/html: not walked for
    # files, the folder was said to hold no docs at all; and a catalog naming it must allow
    # a folder outside its own, or the build refuses it.
    built = tmp_path / "python-configobj" / "html"
    (built / "_static").mkdir(parents=True)
    (built / "_static" / "documentation_options.js").write_text(
        "var DOCUMENTATION_OPTIONS = {\n    VERSION: '5.0.6',\n};\n", encoding="utf-8"
    )
    (built / "index.html").write_text(
        "<html><body><h1>configobj</h1></body></html>", encoding="utf-8"
    )
    package = tmp_path / "python-configobj-doc"
    package.mkdir()
    (package / "copyright").write_text("Format: ...\n", encoding="utf-8")
    (package / "html").symlink_to("../python-configobj/html")
    write_starter_catalog(package)
    catalog = load_catalog(package / "docbuild.toml")
    (version,) = catalog.libraries[0].versions
    assert (version.version, version.directory) == ("5.0.6", package / "html")
