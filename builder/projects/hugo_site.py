"""Find a Hugo site's content folder: its pages, for ``docbuild init`` (builder.survey_docs) and
the build (builder.projects.hugo).

A Hugo site's pages are the Markdown files of its content folder (``contentDir``, default
``content/``; a multilingual Docsy site's default language's, ``content/en``). The rest of
the site is no page: its themes' and layouts' HTML templates (``{{ i18n "error_page_title" }}``),
its archetypes (page skeletons) and its data. Read from the site's folder, prometheus
client_python 0.25.0's docs/ was 51 sections of hugo-geekdoc's templates and none of its 29
pages. The config is read as data, never run.
"""

from __future__ import annotations

import json
import posixpath
import tomllib
from pathlib import Path
from typing import Any

from builder.projects.config_file import MAX_CONFIG_BYTES, config_bytes, read_yaml_config
from builder.projects.gen_files import inside_folder

# Hugo's config file names, newest first: hugo.* since 0.110, config.* before (a name other
# tools use too, so a config.* is Hugo's only when it names a theme or a baseURL).
CONFIG_STEMS = ("hugo", "config")
CONFIG_SUFFIXES = (".toml", ".yaml", ".yml", ".json")
# The config directory Hugo reads when there is no config file (Docsy's example site).
CONFIG_FOLDER = "config/_default"
CONTENT_FOLDER = "content"
DEFAULT_LANGUAGE = "en"
_HUGO_KEYS = ("theme", "baseURL", "baseurl")
# Folders a Hugo site is kept in besides the docs folders.
SITE_FOLDERS = ("website", "site")


def hugo_docs(root: Path, folder: str) -> tuple[str, str] | None:
    """(the config's path, the content folder) of a Hugo site in ``folder`` of the project
    ``root``, both relative to ``root``; None when ``folder`` holds none, or its content
    folder is not there or lies outside the site."""
    site = root / folder
    for config in _configs(site):
        settings = _settings(config)
        if settings is None or (config.stem == "config" and not _names_hugo(settings)):
            continue
        content = posixpath.normpath(_content_dir(settings))
        if content.startswith("..") or posixpath.isabs(content):
            continue
        docs = site / content
        if _is_folder(docs) and inside_folder(docs, site):
            where = posixpath.normpath(f"{folder}/{config.relative_to(site).as_posix()}")
            return where, posixpath.normpath(f"{folder}/{content}")
    return None


def _is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder, not a link to one."""
    try:
        return path.is_dir() and not path.is_symlink()
    except OSError:  # a name longer than the system takes, which Python 3.11 raises on
        return False


def _configs(site: Path) -> list[Path]:
    return [
        base / f"{stem}{suffix}"
        for base in (site, site / CONFIG_FOLDER)
        for stem in CONFIG_STEMS
        for suffix in CONFIG_SUFFIXES
        if (base / f"{stem}{suffix}").is_file()
    ]


def _settings(config: Path) -> dict[str, Any] | None:
    """The config's mapping; None when it is no config Hugo could read."""
    if config.suffix in (".yaml", ".yml"):
        notes: list[str] = []
        settings = read_yaml_config(config, notes, "")
        return None if notes else settings
    try:
        raw = config_bytes(config)
        if len(raw) > MAX_CONFIG_BYTES:
            return None
        text = raw.decode("utf-8-sig")
        data = tomllib.loads(text) if config.suffix == ".toml" else json.loads(text)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _names_hugo(settings: dict[str, Any]) -> bool:
    return any(key in settings for key in _HUGO_KEYS)


def _content_dir(settings: dict[str, Any]) -> str:
    """``contentDir``, or the default language's (a multilingual site keeps each language's
    pages in a folder of its own), or Hugo's default."""
    content = settings.get("contentDir") or settings.get("contentdir")
    if isinstance(content, str) and content:
        return content
    languages = settings.get("languages")
    if isinstance(languages, dict):
        default = settings.get("defaultContentLanguage", DEFAULT_LANGUAGE)
        language = languages.get(default) if isinstance(default, str) else None
        if isinstance(language, dict):
            content = language.get("contentDir") or language.get("contentdir")
            if isinstance(content, str) and content:
                return content
    return CONTENT_FOLDER
