"""Which files of an MkDocs project are never pages, and which pages its nav leaves out on
purpose: the theme's folders, ``exclude_docs`` and ``not_in_nav`` (gitignore lines), the
mkdocs-exclude plugin's globs (fnmatch), mkdocs-static-i18n's other languages, a README
beside an index page and the pages mkdocs-redirects writes a redirect over."""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.globs import readable_globs_pattern
from builder.projects.mkdocs_plugins import plugin_options

# mkdocs-exclude: files its globs match are no pages (MkDocs' exclude_docs came later).
EXCLUDE_PLUGIN = "exclude"
# mkdocs-static-i18n: each page in the other languages too (index.fr.md, or fr/index.md).
I18N_PLUGIN = "i18n"
# mkdocs-redirects: each old page of its redirect_maps becomes a page that sends the reader on.
REDIRECTS_PLUGIN = "redirects"
# Theme templates live here by convention even when custom_dir names another folder.
OVERRIDES_FOLDER = "overrides"


@dataclass(frozen=True)
class LeftOut:
    """What an MkDocs config leaves out, over paths relative to docs_dir."""

    patterns: tuple[str, ...]  # every rule as given (the build cache's key holds them)
    exclude: str  # a regular expression of the files that are never pages ("" for none)
    not_in_nav: str  # one of the pages left out of the nav on purpose ("" for none)


def left_out(
    config: dict[str, Any],
    config_dir: Path,
    docs_root: Path,
    page_suffixes: tuple[str, ...],
    notes: list[str],
) -> LeftOut:
    """What ``config`` (read from ``config_dir``, its docs in ``docs_root``, its pages ending
    in ``page_suffixes``) leaves out; what cannot be used goes to ``notes``."""
    patterns = _excluded(config, config_dir, docs_root, page_suffixes, notes)
    plugin_globs = tuple(_plugin_excluded(plugin_options(config, EXCLUDE_PLUGIN) or {}, notes))
    i18n = plugin_options(config, I18N_PLUGIN) or {}
    plugin_globs += tuple(_translated_away(i18n, docs_root, page_suffixes))
    plugin_globs += tuple(_shadowed_readmes(docs_root, page_suffixes))
    plugin_globs += tuple(_redirected_away(plugin_options(config, REDIRECTS_PLUGIN) or {}))
    not_in_nav = config.get("not_in_nav")
    quiet: tuple[str, ...] = ()
    if isinstance(not_in_nav, str):
        quiet = tuple(_gitignore_lines(not_in_nav, notes, "not_in_nav"))
    exclude = "|".join(
        f"(?:{regex})"
        for regex in (readable_globs_pattern(patterns, notes, "exclude_docs"), *plugin_globs)
        if regex
    )
    quiet_regex = readable_globs_pattern(quiet, notes, "not_in_nav")
    return LeftOut((*patterns, *plugin_globs), exclude, quiet_regex)


def _excluded(
    config: dict[str, Any],
    config_dir: Path,
    docs_root: Path,
    page_suffixes: tuple[str, ...],
    notes: list[str],
) -> tuple[str, ...]:
    """Globs (relative to docs_dir) of files that are never pages: the theme's folders,
    exclude_docs and the other languages' pages."""
    patterns = [OVERRIDES_FOLDER]
    theme = config.get("theme")
    custom_dir = theme.get("custom_dir") if isinstance(theme, dict) else None
    if isinstance(custom_dir, str) and custom_dir:
        folder = Path(os.path.normpath(config_dir / custom_dir))
        if folder.is_relative_to(docs_root) and folder != docs_root:
            patterns.append(folder.relative_to(docs_root).as_posix() + "/")
    exclude_docs = config.get("exclude_docs")
    if isinstance(exclude_docs, str):
        patterns.extend(_gitignore_lines(exclude_docs, notes, "exclude_docs"))
    elif exclude_docs is not None:
        notes.append("exclude_docs is not text (gitignore lines); not used")
    patterns.extend(
        _other_languages(plugin_options(config, I18N_PLUGIN) or {}, page_suffixes, notes)
    )
    return tuple(patterns)


def _other_languages(
    options: dict[str, Any], page_suffixes: tuple[str, ...], notes: list[str]
) -> list[str]:
    """The pages of mkdocs-static-i18n's languages other than the one built, which repeat
    the docs in translation: ``*.fr.md`` (its "suffix" structure, the default) or ``fr/`` (its
    "folder" structure). The built language's pages are the version's: the default one's, or
    ``build_only_locale``'s, which the plugin makes the default and the only one built."""
    languages = options.get("languages")
    if not isinstance(languages, list):
        return []
    only = _build_only_locale(options)
    locales = [
        str(language["locale"])
        for language in languages
        if isinstance(language, dict)
        and language.get("locale")
        and (str(language["locale"]) != only if only else language.get("default") is not True)
        and re.fullmatch(r"[\w-]+", str(language["locale"]))
    ]
    if not locales:
        return []
    built = f" (build_only_locale: {only})" if only else ""
    notes.append(f"{I18N_PLUGIN} plugin{built}: the pages in {', '.join(locales)} are left out")
    if options.get("docs_structure") == "folder":
        # Anchored at docs_dir: "fr/" alone would match a folder so named at any depth, as in
        # the default language's own pages (en/guide/fr/).
        return [f"{locale}/**" for locale in locales]
    return [f"*.{locale}{suffix}" for locale in locales for suffix in page_suffixes]


def _build_only_locale(options: dict[str, Any]) -> str:
    """The locale ``build_only_locale`` names, if it is one of the plugin's languages: as
    written, or the default of an ``!ENV [VARIABLE, default]`` (the environment the docs are
    built in is not the one they were written for, so the variable is not read)."""
    value = options.get("build_only_locale")
    if isinstance(value, list) and len(value) >= 2:
        value = value[-1]
    languages = options.get("languages")
    locales = {
        str(language.get("locale"))
        for language in (languages if isinstance(languages, list) else [])
        if isinstance(language, dict)
    }
    return value if isinstance(value, str) and value in locales else ""


def _shadowed_readmes(docs_root: Path, page_suffixes: tuple[str, ...]) -> Iterator[str]:
    """Regular expressions of the README pages beside an index page: both would be the
    folder's index, and MkDocs leaves the README out ("Excluding 'README.md' from the site
    because it conflicts with 'index.md'"), a note for whoever browses the sources."""
    for suffix in page_suffixes:
        for readme in sorted(docs_root.rglob(f"README{suffix}")):
            if any(readme.with_name(f"index{other}").is_file() for other in page_suffixes):
                yield re.escape(readme.relative_to(docs_root).as_posix())


def _redirected_away(options: dict[str, Any]) -> Iterator[str]:
    """Regular expressions of the pages ``redirect_maps`` redirects: the plugin writes its
    redirect where the page was built, after the build, so a page left in place (dspy's
    learn/ pages, moved to getting-started/) is no page of the site; read, it repeated the
    page that replaced it in its older words."""
    maps = options.get("redirect_maps")
    for old in maps if isinstance(maps, dict) else ():
        if isinstance(old, str) and old:
            yield re.escape(old.lstrip("/"))


def _translated_away(
    options: dict[str, Any], docs_root: Path, page_suffixes: tuple[str, ...]
) -> Iterator[str]:
    """Regular expressions of the pages without a locale suffix that ``build_only_locale``'s
    translation replaces (``index.md`` beside ``index.fr.md``): in the "suffix" structure a
    page without one is the default language's, and the plugin makes that locale the default,
    so its own page wins. Nothing when it names no locale or the default one."""
    only = _build_only_locale(options)
    if not only or options.get("docs_structure") == "folder":
        return
    languages = options.get("languages")
    if any(
        isinstance(language, dict) and language.get("locale") == only and language.get("default")
        for language in (languages if isinstance(languages, list) else [])
    ):
        return
    for suffix in page_suffixes:
        for page in sorted(docs_root.rglob(f"*.{only}{suffix}")):
            twin = page.with_name(page.name.removesuffix(f".{only}{suffix}") + suffix)
            if twin.is_file():
                yield re.escape(twin.relative_to(docs_root).as_posix())


def _plugin_excluded(options: dict[str, Any], notes: list[str]) -> Iterator[str]:
    """The mkdocs-exclude plugin's ``glob`` patterns (``**/_template.md``, ``snippets/*``:
    templates and the parts snippets splice into pages) as regular expressions over a page's
    path in docs_dir. The plugin matches them with fnmatch, not as gitignore lines: a pattern
    covers the whole path (``README.md`` is the one at the top, not every folder's) and its
    ``*`` crosses folders (``drafts/*`` covers ``drafts/old/x.md``)."""
    globs = options.get("glob")
    for glob in [globs] if isinstance(globs, str) else globs if isinstance(globs, list) else []:
        if isinstance(glob, str) and glob.strip():
            yield fnmatch.translate(glob.strip().lstrip("/"))
    if options.get("regex"):
        notes.append(f"{EXCLUDE_PLUGIN} plugin: its regex patterns are not supported; ignored")


def _gitignore_lines(text: str, notes: list[str], setting: str) -> Iterator[str]:
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("!"):
            notes.append(f"{setting}: {line!r} (a negation) is not supported; ignored")
            continue
        # Kept whole: a leading "/" anchors the line at docs_dir (builder.globs), as in
        # .gitignore, where "/README.md" is the top folder's README, not every folder's.
        yield line
