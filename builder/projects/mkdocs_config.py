"""Read an MkDocs config: the file's name among those MkDocs, ProperDocs and Zensical read, its
settings (YAML or Zensical's TOML), and those of the configs its ``INHERIT`` chain names.

The YAML is read with a SafeLoader that takes any tag it does not know (``!!python/name:``,
``!ENV``, ``!relative``) as the plain value under it, so nothing named in the file is ever
imported or run. A config that names a parent with ``INHERIT`` (MkDocs 1.4+) is read over its
parent's settings, as MkDocs merges them: mappings key by key, anything else replaced.
Kept apart from the layout's reader (builder.projects.mkdocs), which every build would
otherwise load to look for a config that most projects do not have.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from builder.projects.config_file import read_config_bytes
from builder.toml_errors import UNREADABLE_TOML

# ProperDocs, MkDocs 1's continuation, reads the same settings from properdocs.yml
# (mkdocs-gen-files' and mkdocs-literate-nav's own docs). Zensical reads mkdocs.yml's YAML from
# any file it is given: soupsieve, wcmatch, coloraide and the rest of facelessuser's projects
# build with "zensical build -f zensical.yml".
CONFIG_NAMES = (
    "mkdocs.yml",
    "mkdocs.yaml",
    "properdocs.yml",
    "properdocs.yaml",
    "zensical.toml",
    "zensical.yml",
    "zensical.yaml",
)
# The most configs one INHERIT chain reads (the config itself included).
MAX_INHERIT_CHAIN = 8


def resolved_docs_dir(config_path: Path, docs_dir: str) -> Path:
    """The folder ``docs_dir`` names beside ``config_path``, resolved as the docs folder is
    (nautobot's docs_dir, docs, is a link to nautobot/docs); as written when it cannot be
    resolved (a link loop), so that it is another folder than the docs, not a failed build."""
    written = Path(os.path.normpath(config_path.parent.resolve() / docs_dir))
    try:
        return written.resolve()
    except (OSError, RuntimeError):
        return written


def load_mkdocs_yaml(text: str) -> Any:
    """The document of ``text``, unknown tags read as plain values; raises yaml.YAMLError."""
    from builder.projects import mkdocs_yaml  # PyYAML only when a project has an mkdocs.yml

    return mkdocs_yaml.load(text)


def load_config(name: str, text: str) -> Any:
    """The settings the config file ``name`` holds in ``text``: zensical.toml's as
    mkdocs.yml writes them; raises yaml.YAMLError or tomllib.TOMLDecodeError."""
    if name.endswith(".toml"):
        from builder.projects import zensical_toml

        return zensical_toml.load(text)
    return load_mkdocs_yaml(text)


def read_config(config_path: Path, notes: list[str]) -> dict[str, Any]:
    """The settings of ``config_path`` over those of the configs its INHERIT chain names
    (relative paths stay relative to ``config_path``'s folder, as in MkDocs); what cannot be
    read is a note in ``notes`` and leaves MkDocs' defaults."""
    chain = inherit_chain(config_path, notes)
    merged: dict[str, Any] = {}
    for config in reversed([settings for _, settings in chain]):
        try:
            merged = _merged(merged, config)
        except RecursionError:
            notes.append(f"{config_path.name}: nested too deeply to merge with INHERIT's")
            merged = dict(chain[0][1])
            break
    merged.pop("INHERIT", None)
    return merged


def inherit_chain(config_path: Path, notes: list[str]) -> list[tuple[Path, dict[str, Any]]]:
    """``config_path`` and its settings, then each config its INHERIT names, in turn."""
    chain = [(config_path, _read_config(config_path, notes))]
    while isinstance(parent_name := chain[-1][1].get("INHERIT"), str):
        at = chain[-1][0]
        parent = Path(os.path.normpath(at.parent.resolve() / parent_name))
        if parent in {path.resolve() for path, _ in chain} or len(chain) >= MAX_INHERIT_CHAIN:
            notes.append(
                f"{at.name}: INHERIT {parent_name!r} goes round in a circle or past "
                f"{MAX_INHERIT_CHAIN} configs; not read"
            )
            break
        if not parent.is_file():
            notes.append(f"{at.name}: INHERIT names {parent_name!r}, which is not a file")
            break
        chain.append((parent, _read_config(parent, notes)))
    return chain


def _merged(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """``override`` over ``base`` as MkDocs merges an INHERIT chain: mappings key by key,
    anything else (lists too) replaced."""
    merged = dict(base)
    for key, value in override.items():
        below = merged.get(key)
        if isinstance(below, dict) and isinstance(value, dict):
            value = _merged(below, value)
        merged[key] = value
    return merged


def _read_config(config_path: Path, notes: list[str]) -> dict[str, Any]:
    name = config_path.name
    raw = read_config_bytes(config_path, notes, "MkDocs defaults used")
    if raw is None:
        return {}

    from builder.projects.mkdocs_yaml import YAMLError

    try:
        config = load_config(name, raw.decode("utf-8-sig"))
    except (YAMLError, *UNREADABLE_TOML) as exc:
        language = "TOML" if name.endswith(".toml") else "YAML"
        notes.append(
            f"{name}: not readable {language} ({_what_is_wrong(exc)}); MkDocs defaults used "
            "until it is fixed"
        )
        return {}
    if not isinstance(config, dict):
        notes.append(f"{name}: not a mapping of settings; MkDocs defaults used")
        return {}
    return config


def _what_is_wrong(exc: Exception) -> str:
    """The error and where it is, on one line, so the note says what to fix: tomllib's message
    names its line; PyYAML's several-line text is taken apart into its problem and mark."""
    mark, problem = getattr(exc, "problem_mark", None), getattr(exc, "problem", None)
    if mark is not None and problem:
        return f"{problem} at line {mark.line + 1}, column {mark.column + 1}"
    if isinstance(exc, ValueError) and not isinstance(exc, UnicodeDecodeError):
        return str(exc)  # tomllib.TOMLDecodeError
    return type(exc).__name__


def config_serving(docs: Path, project: Path) -> Path | None:
    """The one MkDocs config in a folder one or two levels below ``project`` (none of them
    hidden) whose docs_dir is ``docs``: a site whose config is kept with the project's tools
    (external-secrets' hack/api-docs/mkdocs.yml, docs_dir ../../docs, built from the root
    with ``-f``), which no search at or above the docs folder finds; None when none or
    several are."""
    target = docs.resolve()
    found: list[Path] = []
    for pattern in ("*/*/", "*/"):
        for name in CONFIG_NAMES:
            for config in sorted(project.glob(pattern + name)):
                parts = config.relative_to(project).parts[:-1]
                if any(part.startswith(".") for part in parts) or not config.is_file():
                    continue
                docs_dir = read_config(config, []).get("docs_dir", "docs")
                serves = isinstance(docs_dir, str) and docs_dir != ""
                if serves and resolved_docs_dir(config, docs_dir) == target and config not in found:
                    found.append(config)
    return found[0] if len(found) == 1 else None
