"""Write llms.txt text: the site's libraries and versions, and per version its sections, with links.

llms.txt is the Markdown file agents look for at a site's root: an H1 title, a quoted summary,
then H2 sections holding "- [name](url): notes" lists. Its links are absolute, made from the
site's base_url, because an agent often fetches one llms.txt on its own and follows the links.
Text from the index is flattened to one line and its brackets escaped, so a heading cannot
break the list it sits in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from builder.config import SiteConfig
from builder.pages_layout import LibraryView, PageView, site_folder, site_url
from builder.permalinks import quote_anchor
from builder.site_indexes import INDEX_FILE, LIBRARY_INDEX
from schemas.versions import is_prerelease

# An agent reads an llms.txt whole, into its context: past this size (about 50,000 tokens) a
# version's file lists its pages instead of every section, as many as fit. Python 3.11's 15,000
# sections made a 2.6 MB file, which no agent could read; its 496 pages make 55 KB.
MAX_LLMS_BYTES = 200_000
_WHITESPACE = re.compile(r"\s+")
_LINK_TEXT_SPECIALS = re.compile(r"([\\\[\]])")


def site_llms(
    site: SiteConfig, libraries: Sequence[LibraryView], built: str | None, full_text: str | None
) -> str:
    """The root llms.txt: every library, each version linked to its own llms.txt and pages.
    ``full_text`` says where every section's text is: INDEX_FILE, LIBRARY_INDEX (each
    library's), or None when the build left a library's doctrove-index@1 file out."""
    count = f"{len(libraries)} librar{'y' if len(libraries) == 1 else 'ies'}"
    when = f" (built {built})" if built else ""
    lines = [f"# {_one_line(site.title)}", ""]
    if site.description.strip():
        lines += [f"> {_one_line(site.description)}", ""]
    summary = (
        f"Versioned documentation of {count}{when}. Each version has its own llms.txt "
        "listing every section with a link to it (a large version: its pages)"
    )
    if full_text is None:
        lines.append(f"{summary}.")
    else:
        whole = full_text == INDEX_FILE
        where = "of every section" if whole else "of each library's sections"
        # <id> stays as written: it stands for each library's id, it is no path to quote.
        url = _url(site, INDEX_FILE) if whole else site.base_url + LIBRARY_INDEX.format(id="<id>")
        lines.append(f"{summary}; the full text {where} is in {url} (doctrove-index@1 format).")
    for library in libraries:
        lines += ["", f"## {_one_line(library.name)}", ""]
        about = _about(library)
        if about:
            lines += [*about, ""]
        for version in library.versions:
            folder = site_folder(library.id, version)
            notes = _version_notes(library, version)
            lines.append(
                f"- [{_link_text(f'{library.name} {version}')}]({_url(site, folder + 'llms.txt')})"
                f": {notes}pages at {_url(site, folder + 'index.html')}"
            )
    return "\n".join(lines) + "\n"


def version_llms(
    site: SiteConfig,
    library: LibraryView,
    version: str,
    summary: str | None,
    pages: Sequence[PageView],
) -> str:
    """One version's llms.txt: per page, its sections' headings linked to their anchors."""
    folder, name = site_folder(library.id, version), _one_line(library.name)
    lines = [f"# {name} {version}", ""]
    quoted = summary or library.summary
    if quoted.strip():
        lines += [f"> {_one_line(quoted)}", ""]
    if version == library.latest:
        lines.append(f"The latest release of {name}.")
    elif library.latest is not None:
        latest = _url(site, site_folder(library.id, library.latest) + "llms.txt")
        lines.append(f"Not the latest release of {name}; the latest is {library.latest}: {latest}")
    if is_prerelease(version):
        lines.append("This is a prerelease.")
    lines += [
        f"HTML pages: {_url(site, folder + 'index.html')}",
        f"All libraries: {_url(site, 'llms.txt')}",
    ]
    head = "\n".join(lines)
    # What the lines after the head may take: the file ends with a newline.
    room = MAX_LLMS_BYTES - len(head.encode("utf-8")) - 1
    listed = _sections_listed(site, folder, pages, room)
    if listed is None:
        listed = _pages_listed(site, folder, pages, room)
    return "\n".join([head, *listed]) + "\n"


def _sections_listed(
    site: SiteConfig, folder: str, pages: Sequence[PageView], room: int
) -> list[str] | None:
    """Per page, an H2 with its source, then each of its sections linked to its anchor; None
    as soon as the lines, each with the newline before it, pass ``room`` bytes (a version of
    15,000 sections is not listed in full only to be thrown away)."""
    lines: list[str] = []
    used = 0  # bytes of the lines so far
    trails: dict[tuple[str, ...], str] = {}  # sections share heading paths: each made once
    for page in pages:
        if used > room:
            return None
        start = len(lines)
        lines += ["", f"## {_one_line(page.title)}", ""]
        if page.sources:
            lines += [f"Source: {', '.join(_one_line(s) for s in page.sources)}", ""]
        # The page's URL is quoted once, its sections' anchors each ("#" + quoted anchor is
        # what site_url adds for a fragment).
        page_url = _url(site, folder + page.path)
        for section in page.sections:
            link = f"{page_url}#{quote_anchor(section.anchor)}"
            trail = trails.get(section.heading_path)
            if trail is None:
                trail = " › ".join(_one_line(h) for h in section.heading_path)
                trails[section.heading_path] = trail
            lines.append(
                f"- [{_link_text(section.heading)}]({link})" + (f": {trail}" if trail else "")
            )
        used += sum(_line_bytes(line) for line in lines[start:])
    return None if used > room else lines


def _pages_listed(site: SiteConfig, folder: str, pages: Sequence[PageView], room: int) -> list[str]:
    """Each page linked, with its count of sections: a version too large to list them all.
    The lines take at most ``room`` bytes, each with its newline: past it (thousands of pages)
    the first pages are listed and a last line points to the version's own page, which lists
    them all (the library's index.json may be left out past --index-limit-mb)."""
    sections = sum(len(page.sections) for page in pages)
    index = _url(site, folder + "index.html")
    lines = [
        "",
        "## Pages",
        "",
        f"{sections} sections on {len(pages)} pages, too many to list here: each page is linked, "
        f"with how many sections it holds. Every page and section is listed at {index}.",
        "",
    ]
    listed = []
    for page in pages:
        count = f"{len(page.sections)} section{'' if len(page.sections) == 1 else 's'}"
        listed.append(f"- [{_link_text(page.title)}]({_url(site, folder + page.path)}): {count}")
    used = [sum(_line_bytes(line) for line in lines)]
    for line in listed:
        used.append(used[-1] + _line_bytes(line))
    if used[-1] <= room:
        return lines + listed
    kept = len(listed)
    while kept and used[kept] + len(_more_pages(len(pages) - kept, index)) + 1 > room:
        kept -= 1
    return [*lines, *listed[:kept], _more_pages(len(pages) - kept, index)]


def _line_bytes(line: str) -> int:
    """What ``line`` adds to the file: its UTF-8 bytes and the newline before it."""
    return len(line.encode("utf-8")) + 1


def _more_pages(count: int, index: str) -> str:
    """The last line of a list of pages cut short."""
    return f"- {count} more page{'' if count == 1 else 's'}, not listed here: see {index}"


def _about(library: LibraryView) -> list[str]:
    """The library's summary line, then one line of names and links, each when present."""
    facts = []
    if library.aliases:
        facts.append(f"Also known as: {', '.join(_one_line(a) for a in library.aliases)}.")
    if library.packages:
        facts.append(f"Packages: {', '.join(_one_line(p) for p in library.packages)}.")
    if library.homepage:
        facts.append(f"Homepage: {_one_line(library.homepage)}")
    lines = [_one_line(library.summary)] if library.summary.strip() else []
    return [*lines, " ".join(facts)] if facts else lines


def _version_notes(library: LibraryView, version: str) -> str:
    notes = []
    if version == library.latest:
        notes.append("latest release")
    if is_prerelease(version):
        notes.append("prerelease")
    return "".join(f"{note}; " for note in notes)


def _url(site: SiteConfig, path: str, fragment: str | None = None) -> str:
    return site_url(site.base_url, path, fragment)


def _one_line(text: str) -> str:
    return _WHITESPACE.sub(" ", text).strip()


def _link_text(text: str) -> str:
    return _LINK_TEXT_SPECIALS.sub(r"\\\1", _one_line(text))
