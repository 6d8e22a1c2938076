"""The HTML site: pages, anchors, escaping, upstream links, relative links that all resolve."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jinja2
import lxml.html
import orjson
import pytest

from builder.config import SiteConfig, load_catalog
from builder.errors import BuildError
from builder.model import EncodedRecords
from builder.pages import build_time, make_environment, render_index, render_library, render_version
from builder.pages_layout import latest_version, relative_href
from tests.pages_support import arrange_pages

BASE = "https://docs.example.org/site/"
SITE = SiteConfig("Test docs", BASE, "Docs for <tests>")
EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "docbuild.toml"


def record(
    heading: str,
    body: str,
    source: str,
    anchor: str,
    path: tuple[str, ...] = (),
    link: str | None = None,
    lines: tuple[int, int] = (1, 2),
) -> dict[str, Any]:
    page = source.rsplit(".", 1)[0] + ".html"
    return {
        "heading": heading,
        "body": body,
        "source": source,
        "anchor": anchor,
        "headingPath": list(path),
        "lines": list(lines),
        "sha256": "0" * 64,
        "path": link or f"{BASE}libs/demo/2.0.0/{page}#{anchor}",
    }


DEMO = {
    "id": "demo",
    "name": "Demo",
    "summary": "A demo library",
    "aliases": ["dm"],
    "homepage": "https://demo.example.com/",
    "packages": ["pypi:demo"],
    "versions": ["3.0.0rc1", "2.0.0", "1.0.0"],
}
DEMO_VOLUMES: dict[str, list[dict[str, Any]]] = {
    "3.0.0rc1": [record("Start", "New.", "index.md", "start")],
    "2.0.0": [
        record("Guide", "Read `this` first.", "guide/setup.md", "guide", lines=(1, 3)),
        record(
            "Install",
            "<script>alert(1)</script>\n\n```sh\npip install demo && echo '<b>'\n```",
            "guide/setup.md",
            "install",
            ("Guide",),
            lines=(5, 9),
        ),
        record("Upstream", "Text.", "api.md", "upstream", link="https://up.example.com/api#x"),
        record("Home", "Welcome.", "index.md", "home"),
    ],
    "1.0.0": [
        {"heading": "Old <b>", "body": "Imported.", "path": "javascript:alert(1)"},
        {"heading": "Old <b>", "body": "Twice."},
        {"body": "No heading."},
    ],
}
PLAIN = {"id": "plain", "name": "Plain", "versions": ["0.1.0"]}


def render_site(
    out: Path,
    entries: list[tuple[dict[str, Any], dict[str, list[Any]]]],
    updated_at: str | None = None,
    env: jinja2.Environment | None = None,
) -> None:
    env = env or make_environment()
    for entry, volumes in entries:
        summaries = [
            render_version(env, SITE, entry, v, volumes[v], out) for v in entry["versions"]
        ]
        render_library(env, SITE, entry, summaries, out)
    render_index(env, SITE, [entry for entry, _ in entries], updated_at, out)


def parse(path: Path) -> Any:
    return lxml.html.fromstring(path.read_bytes())


def broken_links(root: Path) -> Iterator[str]:
    """Every internal link of every page that is not relative or does not resolve."""
    ids: dict[Path, set[str]] = {}
    for page in sorted(root.rglob("*.html")):
        if page.name == "404.html" and page.parent == root:
            continue  # served at any depth, so it links by absolute URL (checked separately)
        for element in parse(page).iter("a", "link"):
            href = element.get("href")
            parts = urlsplit(href)
            if parts.scheme in ("http", "https"):
                continue
            if parts.scheme or parts.netloc or href.startswith("/"):
                yield f"{page}: {href!r} is not relative"
                continue
            target = page if not parts.path else (page.parent / unquote(parts.path)).resolve()
            if root.resolve() not in target.parents or not target.is_file():
                yield f"{page}: {href!r} points to a missing file"
                continue
            if parts.fragment:
                if target not in ids:
                    ids[target] = {str(i) for i in parse(target).xpath("//@id")}
                if unquote(parts.fragment) not in ids[target]:
                    yield f"{page}: {href!r} points to a missing anchor"


@pytest.fixture(scope="module")
def demo_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    render_site(out, [(DEMO, DEMO_VOLUMES), (PLAIN, {"0.1.0": []})], "2026-08-16T07:05:00.000Z")
    return out


def test_every_page_parses_and_every_internal_link_resolves(demo_site: Path) -> None:
    assert sorted(str(p.relative_to(demo_site)) for p in demo_site.rglob("*") if p.is_file()) == [
        ".nojekyll",
        "404.html",
        "assets/favicon.svg",
        "assets/style.css",
        "index.html",
        "libs/demo/1.0.0/index.html",
        "libs/demo/1.0.0/llms.txt",
        "libs/demo/1.0.0/sections.html",
        "libs/demo/2.0.0/api.html",
        "libs/demo/2.0.0/guide/setup.html",
        "libs/demo/2.0.0/index.html",
        "libs/demo/2.0.0/llms.txt",
        "libs/demo/3.0.0rc1/index.html",
        "libs/demo/3.0.0rc1/llms.txt",
        "libs/demo/index.html",
        "libs/plain/0.1.0/index.html",
        "libs/plain/0.1.0/llms.txt",
        "libs/plain/index.html",
        "llms.txt",
    ]
    assert list(broken_links(demo_site)) == []


def test_each_section_is_followed_by_one_blank_line(demo_site: Path) -> None:
    # All of a page's sections come from one macro call; the markup between them is fixed.
    html = (demo_site / "libs/demo/2.0.0/guide/setup.html").read_text(encoding="utf-8")
    assert html.count("<section ") == html.count("</section>\n\n") > 1
    assert "</section>\n\n<section " in html and "</section>\n\n</div>\n</main>" in html


def test_section_sits_at_its_anchor_with_heading_path_and_source(demo_site: Path) -> None:
    page = parse(demo_site / "libs/demo/2.0.0/guide/setup.html")
    install = page.get_element_by_id("install")
    assert install.tag == "section"
    # The page's title starts the trail and its one file is the section's: the head shows both.
    assert page.find("body/main//h1").text_content() == "Guide"
    assert install.find_class("trail") == []
    assert install.find("h3").text_content() == "Install"
    assert install.find("h3/a").get("href") == "#install"
    assert install.find_class("meta")[0].text_content() == "lines 5–9"
    assert page.get_element_by_id("guide").find("h2").text_content() == "Guide"
    assert [link.get("href") for link in page.iter("link")] == [
        "../../../../assets/favicon.svg",
        "../../../../assets/style.css",
    ]


def test_bodies_are_escaped_and_code_blocks_kept(demo_site: Path) -> None:
    html = (demo_site / "libs/demo/2.0.0/guide/setup.html").read_text()
    assert "<script>" not in html
    assert "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>" in html
    assert (
        "<pre><code class=\"language-sh\">pip install demo &amp;&amp; echo '&lt;b&gt;'</code></pre>"
    ) in html
    assert "<p>Read <code>this</code> first.</p>" in html


def test_upstream_link_only_when_path_is_not_a_site_permalink(demo_site: Path) -> None:
    def upstream(page: str, anchor: str) -> list[str]:
        section = parse(demo_site / page).get_element_by_id(anchor)
        return [a.get("href") for a in section.find_class("upstream")]

    assert upstream("libs/demo/2.0.0/api.html", "upstream") == ["https://up.example.com/api#x"]
    assert upstream("libs/demo/2.0.0/guide/setup.html", "install") == []
    # An imported path that is not http(s) is never made a link.
    assert upstream("libs/demo/1.0.0/sections.html", "old-b") == []


def test_imported_sections_share_one_page_with_unique_derived_anchors(demo_site: Path) -> None:
    page = parse(demo_site / "libs/demo/1.0.0/sections.html")
    sections = page.xpath("//section")
    assert [s.get("id") for s in sections] == ["old-b", "old-b-1", "section"]
    assert [s.find("h2").text_content() for s in sections] == [
        "Old <b>",
        "Old <b>",
        "Untitled section",
    ]


def test_source_named_index_shares_the_version_contents_page(demo_site: Path) -> None:
    page = parse(demo_site / "libs/demo/2.0.0/index.html")
    home = page.get_element_by_id("home")
    assert home.findall("p")[-1].text_content() == "Welcome."
    # No page head above it here: the section names its file.
    assert home.find_class("meta")[0].text_content() == "index.md, lines 1–2"
    toc = [a.get("href") for a in page.find_class("toc")[0].iter("a")]
    assert toc == [
        "guide/setup.html",
        "guide/setup.html#guide",
        "guide/setup.html#install",
        "api.html",
        "api.html#upstream",
        "index.html",
        "index.html#home",
    ]


def test_version_page_marks_latest_and_prerelease(demo_site: Path) -> None:
    def status(version: str) -> str:
        page = parse(demo_site / f"libs/demo/{version}/index.html")
        return " ".join(page.find_class("status")[0].text_content().split())

    assert status("2.0.0") == "latest"
    assert status("1.0.0") == "older version The latest release is 2.0.0."
    assert status("3.0.0rc1") == "prerelease The latest release is 2.0.0."


def test_library_page_lists_versions_newest_first(demo_site: Path) -> None:
    page = parse(demo_site / "libs/demo/index.html")
    rows = [" ".join(li.text_content().split()) for li in page.find_class("versions")[0]]
    assert rows == [
        "3.0.0rc1 prerelease 1 page, 1 section",
        "2.0.0 latest 3 pages, 4 sections",
        "1.0.0 1 page, 3 sections",
    ]
    facts = [element.text_content() for element in page.find_class("facts")[0]]
    assert facts == [
        "Id",
        "demo",
        "Aliases",
        "dm",
        "Packages",
        "pypi:demo",
        "Homepage",
        "https://demo.example.com/",
        "Latest",
        "2.0.0",
    ]


def test_landing_page_shows_libraries_and_build_time(demo_site: Path, tmp_path: Path) -> None:
    page = parse(demo_site / "index.html")
    assert page.find_class("built")[0].text_content() == "Built 2026-08-16 07:05 UTC · 2 libraries"
    assert page.find(".//time").get("datetime") == "2026-08-16T07:05:00.000Z"
    assert page.find_class("lead")[0].text_content() == "Docs for <tests>"
    assert [a.get("href") for a in page.find_class("name")] == [
        "libs/demo/index.html",
        "libs/plain/index.html",
    ]
    render_index(make_environment(), SITE, [PLAIN], None, tmp_path)
    built = parse(tmp_path / "index.html").find_class("built")[0].text_content()
    assert built == "1 library"


def test_404_page_inlines_its_style_and_links_absolutely(demo_site: Path) -> None:
    page = parse(demo_site / "404.html")
    # The one link is the icon, by absolute URL like every link of this page.
    assert [(link.get("rel"), link.get("href")) for link in page.iter("link")] == [
        ("icon", f"{BASE}assets/favicon.svg")
    ]
    assert "prefers-color-scheme" in page.find(".//style").text
    assert {a.get("href") for a in page.iter("a")} == {f"{BASE}index.html", f"{BASE}llms.txt"}
    assert (demo_site / ".nojekyll").read_bytes() == b""


def test_rendering_is_deterministic(demo_site: Path, tmp_path: Path) -> None:
    render_site(
        tmp_path, [(DEMO, DEMO_VOLUMES), (PLAIN, {"0.1.0": []})], "2026-08-16T07:05:00.000Z"
    )
    files = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(demo_site) for p in demo_site.rglob("*") if p.is_file())
    assert all((tmp_path / f).read_bytes() == (demo_site / f).read_bytes() for f in files)


def test_template_typo_fails_the_build(tmp_path: Path) -> None:
    env = make_environment()
    env.loader = jinja2.ChoiceLoader(
        [
            jinja2.DictLoader({"page.html": "{{ page.titel }}"}),
            env.loader,  # type: ignore[list-item]
        ]
    )
    with pytest.raises(jinja2.UndefinedError, match="titel"):
        render_version(env, SITE, DEMO, "2.0.0", DEMO_VOLUMES["2.0.0"], tmp_path)


def test_unsafe_source_paths_never_leave_the_version_folder(tmp_path: Path) -> None:
    records = [
        record("Escape", "x", "../../../evil.md", "escape"),
        record("Absolute", "x", "/etc/passwd.md", "absolute"),
    ]
    render_version(make_environment(), SITE, PLAIN, "0.1.0", records, tmp_path / "out")
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == [
        "out/libs/plain/0.1.0/index.html",
        "out/libs/plain/0.1.0/llms.txt",
        "out/libs/plain/0.1.0/sections.html",
    ]


def test_imported_sources_a_host_cannot_serve_name_no_page(tmp_path: Path) -> None:
    records = [
        record("Newline", "x", "new\nline.md", "newline"),
        record("Escape", "x", "clear\x1b[2J.md", "escape"),
        record("Bidi", "x", "txt.\u202eexe.md", "bidi"),
    ]
    render_version(make_environment(), SITE, PLAIN, "0.1.0", records, tmp_path / "out")
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert written == [
        "out/libs/plain/0.1.0/index.html",
        "out/libs/plain/0.1.0/llms.txt",
        "out/libs/plain/0.1.0/sections.html",
    ]


def test_pages_from_two_sources_with_one_html_name_keep_distinct_ids() -> None:
    records = [
        record("Intro", "a", "guide.md", "intro"),
        record("Intro", "b", "guide.rst", "intro"),
        {"heading": "Imported", "body": "c"},
        record("S", "d", "sections.md", "s"),
    ]
    pages = arrange_pages(records, BASE)
    assert [(p.path, [s.anchor for s in p.sections]) for p in pages] == [
        ("guide.html", ["intro", "intro-1"]),
        ("sections.html", ["s"]),
        ("sections-1.html", ["imported"]),
    ]
    assert pages[0].sources == ("guide.md", "guide.rst")


def test_given_anchors_win_over_derived_ones() -> None:
    records = [
        {"heading": "Setup", "body": "", "source": "a.md"},
        {"heading": "Other", "body": "", "source": "a.md", "anchor": "setup"},
    ]
    (page,) = arrange_pages(records, BASE)
    assert [s.anchor for s in page.sections] == ["setup-1", "setup"]


def test_relative_href_and_latest_version() -> None:
    assert relative_href("libs/a/1.0/guide/x.html", "index.html") == "../../../../index.html"
    assert relative_href("libs/a/1.0/x.html", "libs/a/1.0/x.html", "a b") == "x.html#a%20b"
    assert relative_href("index.html", "libs/a/1.0+b/c:d.html") == "libs/a/1.0%2Bb/c%3Ad.html"
    assert latest_version(["2.0.0rc1", "1.5.0", "1.4.0"]) == "1.5.0"
    assert latest_version(["2.0.0rc1", "2.0.0b1"]) == "2.0.0rc1"
    assert latest_version([]) is None
    assert build_time("2026-08-16T07:05:00.000Z") == "2026-08-16 07:05 UTC"
    assert build_time("yesterday") == "yesterday"
    assert build_time(None) is None


def test_real_examples_render_with_every_link_resolving(
    examples_site: Path, tmp_path: Path
) -> None:
    config = load_catalog(EXAMPLES)
    document = orjson.loads((examples_site / "index.json").read_bytes())
    out = tmp_path / "site"
    env = make_environment()
    entries = []
    for entry in document["entries"]:
        skeleton = {k: v for k, v in entry.items() if k != "volumes"}
        summaries = [
            render_version(
                env,
                config.site,
                skeleton,
                version,
                volume["sections"],
                out,
                summary=volume.get("summary"),
            )
            for version, volume in entry["volumes"].items()
        ]
        render_library(env, config.site, skeleton, summaries, out)
        entries.append(skeleton)
    render_index(env, config.site, entries, None, out)
    assert list(broken_links(out)) == []
    sections = sum(len(v["sections"]) for e in document["entries"] for v in e["volumes"].values())
    anchors = sum(len(parse(p).xpath("//section")) for p in out.glob("libs/*/*/*.html"))
    nested = sum(len(parse(p).xpath("//section")) for p in out.glob("libs/*/*/*/**/*.html"))
    assert anchors + nested == sections
    express = parse(out / "libs/express/5.1.0/sections.html")
    assert express.find_class("upstream")[0].get("href").startswith("https://expressjs.com/")


@pytest.mark.parametrize(("library_id", "version"), [("..", "1.0"), ("a/b", "1.0"), ("ok", "..")])
def test_ids_and_versions_that_are_not_folder_names_are_refused(
    tmp_path: Path, library_id: str, version: str
) -> None:
    entry = {"id": library_id, "name": "Evil", "versions": [version]}
    with pytest.raises(BuildError, match="cannot name a folder"):
        render_version(make_environment(), SITE, entry, version, [], tmp_path / "out")
    assert list(tmp_path.rglob("*")) == []


def test_a_pdf_section_shows_its_file_and_pages(tmp_path: Path) -> None:
    volumes = {"2.0.0": [record("Wiring", "Text.", "manual.pdf#page", "wiring", lines=(4, 6))]}
    render_site(tmp_path, [({**PLAIN, "versions": ["2.0.0"], "id": "demo"}, volumes)])
    page = parse(tmp_path / "libs/demo/2.0.0/manual.html")
    assert page.get_element_by_id("wiring").find_class("meta")[0].text_content() == "pages 4–6"
    assert page.find_class("meta")[0].text_content() == "From manual.pdf"


class _KeptNothing:
    """Page files that have nothing kept: every file is written."""

    def link(self, inputs: bytes, target: Path) -> bool:
        return False

    def write(self, inputs: bytes, data: bytes, target: Path) -> None:
        target.write_bytes(data)


class _PagesKept(_KeptNothing):
    """Page files that have every page kept, but the contents and llms.txt."""

    def link(self, inputs: bytes, target: Path) -> bool:
        if target.name in ("index.html", "llms.txt"):
            return False
        target.write_bytes(b"kept")
        return True


class _BodyCounting(dict[str, Any]):
    """A record that counts how often its body is read."""

    reads = 0

    def get(self, key: str, default: Any = None) -> Any:
        if key == "body":
            _BodyCounting.reads += 1
        return super().get(key, default)


def test_a_page_the_cache_kept_is_not_made_again_for_the_contents(tmp_path: Path) -> None:
    # A rebuild links kept pages in and needs only their headings: reading every section's
    # body into a page view, then dropping the bodies again, cost it a tenth of a second.
    records = [_BodyCounting(r) for r in DEMO_VOLUMES["2.0.0"]]
    _BodyCounting.reads = 0

    made = render_version(
        make_environment(), SITE, DEMO, "2.0.0", records, tmp_path, page_files=_PagesKept()
    )
    # Only the body of index.md, whose section the contents page shows.
    assert _BodyCounting.reads == 1
    assert [page.path for page in made.pages] == ["guide/setup.html", "api.html", "index.html"]
    contents = (tmp_path / "libs/demo/2.0.0/index.html").read_text()
    assert "Install" in contents and "pip install demo" not in contents


class _ReadCounting(list[dict[str, Any]]):
    """Encoded records (``builder.model.EncodedRecords``) that count how often each one is
    decoded, that is read as a record rather than as its JSON."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        super().__init__(records)
        self.reads = [0] * len(records)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, int):
            self.reads[index] += 1
        return super().__getitem__(index)

    def record_json(self, index: int) -> bytes:
        return orjson.dumps(super().__getitem__(index), option=orjson.OPT_SORT_KEYS)

    def sources(self) -> list[object]:
        return [record.get("source") for record in self]


def test_a_rendered_page_gives_its_headings_without_decoding_its_records_again(
    tmp_path: Path,
) -> None:
    # Decoding every record of a page a second time for the table of contents cost a build
    # of the Python docs about 2% of its time; the headings come from the rendered page.
    records = _ReadCounting(DEMO_VOLUMES["2.0.0"])
    assert isinstance(records, EncodedRecords)
    render_version(make_environment(), SITE, DEMO, "2.0.0", records, tmp_path)
    assert records.reads == [1] * len(records)
    again = tmp_path / "again"
    render_version(make_environment(), SITE, DEMO, "2.0.0", DEMO_VOLUMES["2.0.0"], again)
    contents = "libs/demo/2.0.0/index.html"
    assert (tmp_path / contents).read_bytes() == (again / contents).read_bytes()


def test_contents_indent_each_section_by_its_ancestors_at_most_four(tmp_path: Path) -> None:
    # The depth is the view's own property now, not a jinja2 filter pipeline per section.
    trail = ("A", "B", "C", "D", "E", "F")
    records = [
        record(f"S{n}", "Text.", "deep.md", f"s{n}", trail[:n]) for n in range(len(trail) + 1)
    ]
    render_version(make_environment(), SITE, DEMO, "2.0.0", records, tmp_path)
    contents = (tmp_path / "libs/demo/2.0.0/index.html").read_text()
    depths = [int(d) for d in re.findall(r'<li class="depth-(\d)"><a href="deep.html#s', contents)]
    assert depths == [0, 1, 2, 3, 4, 4, 4]


class _UnhashedRecords(list[dict[str, Any]]):
    """Records whose pages must not be keyed: a build that keeps nothing has no use for it."""

    def records_digest(self, positions: Any) -> str:
        raise AssertionError("a page was keyed on its records with no cache to keep it")


def test_pages_without_a_cache_are_not_keyed_and_are_the_pages_a_cache_writes(
    tmp_path: Path,
) -> None:
    made = render_version(
        make_environment(), SITE, DEMO, "2.0.0", _UnhashedRecords(DEMO_VOLUMES["2.0.0"]), tmp_path
    )
    keyed = tmp_path / "keyed"
    made_keyed = render_version(
        make_environment(), SITE, DEMO, "2.0.0", DEMO_VOLUMES["2.0.0"], keyed,
        page_files=_KeptNothing(),
    )  # fmt: skip
    assert made == made_keyed
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    written = {p for p in written if not p.startswith("keyed/")}
    assert written == {p.relative_to(keyed).as_posix() for p in keyed.rglob("*") if p.is_file()}
    for path in written:
        assert (tmp_path / path).read_bytes() == (keyed / path).read_bytes()
