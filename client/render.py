"""Render answers as compact readable text: the CLI's default output and the MCP tools' text.

Every rendering names the library, the version served and how it was chosen, and where the
data came from, so a person or an agent reading only the text still sees the provenance.
"""

from __future__ import annotations

from typing import Any


def _provenance(answer: dict[str, Any]) -> str:
    provenance = answer.get("provenance") or {}
    parts = [f"source {answer.get('source', '?')}"]
    if provenance.get("buildTime"):
        parts.append(f"built {provenance['buildTime']}")
    if provenance.get("fetchedAt"):
        parts.append(f"fetched {provenance['fetchedAt']}")
    if provenance.get("staleReason"):
        parts.append(f"STALE: the version's last good shard ({provenance['staleReason']})")
    elif provenance.get("stale"):
        parts.append("STALE: the site could not be reached, this is the last good copy")
    return "; ".join(parts)


def render_lookup(answer: dict[str, Any]) -> str:
    if not answer["results"]:
        return f"No library matches {answer['query']!r}. {answer.get('hint', '')}".strip()
    lines = [f"{len(answer['results'])} match(es) for {answer['query']!r}:"]
    for result in answer["results"]:
        versions = ", ".join(result["versions"][:6]) + (" …" if len(result["versions"]) > 6 else "")
        lines.append(
            f"- {result['id']} ({result['name']}) score {result['score']:.2f} "
            f"[{'; '.join(result['matches'])}] latest {result['latest']}; "
            f"versions {versions}"
        )
        if result["summary"]:
            lines.append(f"  {result['summary']}")
        lines.append(f"  {_provenance(result)}")
    return "\n".join(lines)


def render_releases(answer: dict[str, Any]) -> str:
    pre = f"; prereleases: {', '.join(answer['prereleases'])}" if answer["prereleases"] else ""
    return (
        f"{answer['id']} ({answer['name']}): latest {answer['latest']}; versions "
        f"{', '.join(answer['versions'])}{pre}\n{_provenance(answer)}"
    )


def _header(answer: dict[str, Any]) -> str:
    resolved = f" (asked as {answer['resolvedFrom']!r})" if "resolvedFrom" in answer else ""
    return (
        f"{answer['id']}{resolved} {answer['version']} ({answer['releaseKind']}: "
        f"{answer['releaseNote']})\n{_provenance(answer)}"
    )


def _address(entry: dict[str, Any]) -> str:
    """``page#anchor``, what doc_read and ``docclient read`` take (``#anchor`` without a page)."""
    return f"{entry.get('source') or ''}#{entry['anchor']}"


def _location(section: dict[str, Any]) -> str:
    lines = section.get("lines")
    where = f" lines {lines[0]}-{lines[1]}" if lines else ""
    return f"{_address(section)}{where} sha256 {section['sha256'][:12]} {section['path']}"


def render_extract(answer: dict[str, Any]) -> str:
    lines = [_header(answer)]
    if "toc" in answer:
        lines.append(f"Table of contents ({len(answer['toc'])} headings):")
        for entry in answer["toc"]:
            indent = "  " * max(0, len(entry["headingPath"]))
            lines.append(f"{indent}- {entry['heading']} {_address(entry)}")
    if answer.get("confidence") is not None:
        lines.append(f"Confidence that the first section answers: {answer['confidence']:.2f}")
    if "lanes" in answer:
        semantic = answer.get("semantic", {})
        why = f" ({semantic['reason']})" if semantic.get("reason") else ""
        lanes = " + ".join(answer["lanes"])
        lines.append(f"Lanes: {lanes}; semantic {semantic.get('status')}{why}")
    for section in answer["sections"]:
        path = " > ".join([*section["headingPath"], section["heading"]])
        cut = " (truncated)" if section["truncated"] else ""
        lines.append(f"\n## {path}  [score {section['score']:.2f}{cut}]")
        lines.append(_location(section))
        lines.append(section["body"])
    if answer.get("hint"):
        lines.append(f"\nNote: {answer['hint']}")
    return "\n".join(lines)


def render_read(answer: dict[str, Any]) -> str:
    lines = [_header(answer)]
    for section in answer["sections"]:
        mark = "" if section["target"] else " (neighbour)"
        path = " > ".join([*section["headingPath"], section["heading"]])
        lines.append(f"\n## {path}{mark}")
        lines.append(_location(section))
        lines.append(section["body"])
    return "\n".join(lines)


def render_status(status: dict[str, Any]) -> str:
    lines = [f"{status['libraries']} libraries, {status['versions']} versions"]
    for source in status["data"].get("sources", []):
        details = ", ".join(
            f"{k} {v}"
            for k, v in source.items()
            if k not in ("kind", "source") and v not in (None, "")
        )
        lines.append(f"- {source.get('kind')}: {source.get('source')} ({details})")
    cache = status["data"].get("cache")
    if cache:
        kinds = [
            f"{name} {figures['files']} ({figures['bytes'] / 1e6:.1f} MB)"
            for name, figures in cache.items()
            if isinstance(figures, dict) and figures.get("files")
        ]
        total = cache.get("bytes", 0) / 1e6
        lines.append(
            f"disk cache: {cache.get('path')}, {total:.1f} MB"
            + (f": {', '.join(kinds)}" if kinds else "")
        )
    results = status["resultCache"]
    lines.append(
        f"result cache: {results['hits']} hits, {results['misses']} misses, "
        f"{results['size']}/{results['maxEntries']} entries, ttl {results['ttlSeconds']}s"
    )
    return "\n".join(lines)
