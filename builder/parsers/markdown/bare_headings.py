"""Headings with nothing under them: the signatures a page stacks over one description, or a
run of them listed in the section they sit in.

A README may write a function's forms one heading each, with one description under the last
(yargs' API reference: ".option(key, [opt])" over ".options(key, [opt])" and its text). Each
heading above the last is an empty section, dropped, and its name was found nowhere: yargs'
".option", ".epilog", ".require" and ".config([key], ...)". Headings that read as calls, or all
as names in code (execa's "## ExecaError" over "## ExecaSyncError", "### execa`command`" over
"### $`command`"), stacked right above a sibling of their kind with text, are one section: it
is titled and anchored by the first, which the page shows on top and its links name (execa's
docs link #execaerror 9 times, #execasyncerror twice), and the others head its body. Other
runs of bare headings (axios' "##### axios.get(url[, config])", "##### axios.post(url[, data[,
config]])", ... with one note under them all) are listed in the section they sit in; a single
one is a placeholder and stays out. Releases are never forms: a changelog's empty release
heading ("## 5.9.1", a silent release; "## [1.2.0](...) (2021-02-01)") over the next one's
notes is a release of its own, and the notes stay the next one's.
"""

from __future__ import annotations

import re
from dataclasses import replace

from builder.model import Section
from schemas.changelogs import is_release_heading

# A heading that reads as a call: a name, then its arguments in parentheses.
_CALL = re.compile(r"[\w$]\s*\(.*\)")
# A heading that reads as a name in code: one word, with what prose words lack (a capital
# inside it, a dot, "$", "_", a backtick). "Install" over "Usage" is a placeholder, no form.
_CODE_NAME = re.compile(r"[\w$.`\[\]]+")
_CODE_MARK = re.compile(r"[a-z][A-Z]|[.$_`]")


def list_bare_headings(sections: list[Section]) -> list[Section]:
    """``sections`` with their runs of bare headings shown where the page shows them."""
    listed = list(sections)
    runs = _bare_runs(sections)
    parent_lists: dict[int, list[str]] = {}
    merged: set[int] = set()  # the first forms, which became the sections below them
    for parent, run in runs:
        after = run[-1] + 1
        if after < len(sections) and _are_forms_of(sections, run, after):
            first = sections[run[0]]
            forms = "\n".join(sections[index].heading for index in [*run[1:], after])
            body = f"{forms}\n\n{listed[after].body}"
            listed[after] = replace(
                listed[after],
                heading=first.heading,
                anchor=first.anchor,
                body=body,
                line_start=first.line_start,
            )
            _rename_in_paths(listed, after, first.heading)
            merged.add(run[0])
        elif len(run) > 1:
            parent_lists.setdefault(parent, []).append(
                "\n".join(sections[index].heading for index in run)
            )
    for index, lists in parent_lists.items():
        body = "\n\n".join([listed[index].body, *lists]).strip("\n")
        listed[index] = replace(listed[index], body=body)
    return [section for index, section in enumerate(listed) if index not in merged]


def _rename_in_paths(sections: list[Section], index: int, heading: str) -> None:
    """The sections under ``sections[index]`` with its heading in their paths as ``heading``."""
    depth = len(sections[index].heading_path)
    for below in range(index + 1, len(sections)):
        section = sections[below]
        if section.level <= sections[index].level:
            break
        path = section.heading_path
        if len(path) > depth:
            renamed = (*path[:depth], heading, *path[depth + 1 :])
            sections[below] = replace(section, heading_path=renamed)


def _bare_runs(sections: list[Section]) -> list[tuple[int, list[int]]]:
    """Each run of bare headings (no text, no subsections) one level apart from none between,
    with the index of the section it sits in."""
    runs: list[tuple[int, list[int]]] = []
    parents: list[int] = []  # the sections the current one sits in, outermost first
    previous_bare: Section | None = None
    for index, section in enumerate(sections):
        while parents and sections[parents[-1]].level >= section.level:
            parents.pop()
        following = sections[index + 1] if index + 1 < len(sections) else None
        bare = not section.body and (following is None or following.level <= section.level)
        if bare and parents:
            if previous_bare is not None and previous_bare.level == section.level:
                runs[-1][1].append(index)
            else:
                runs.append((parents[-1], [index]))
        previous_bare = section if bare and parents else None
        parents.append(index)
    return runs


def _are_forms_of(sections: list[Section], run: list[int], after: int) -> bool:
    """Whether the bare headings of ``run`` are other forms of the entry at ``after``: a
    sibling with text, each heading read as a call, or each as a name in code, none a
    release."""
    section = sections[after]
    if section.level != sections[run[-1]].level or not section.body:
        return False
    headings = [sections[index].heading for index in [*run, after]]
    # A release ("5.9.1") reads as a name in code, "1.2.0 (2021-02-01)" as a call.
    if any(map(is_release_heading, headings)):
        return False
    return all(_CALL.search(heading) for heading in headings) or all(
        _CODE_NAME.fullmatch(heading) and _CODE_MARK.search(heading) for heading in headings
    )
