"""Headings with nothing under them: the signatures a page stacks over one description, or a
run of them listed in the section they sit in.

A README may write a function's forms one heading each, with one description under the last
(yargs' API reference: ".option(key, [opt])" over ".options(key, [opt])" and its text). Each
heading above the last is an empty section, dropped, and its name was found nowhere: yargs'
".option", ".epilog", ".require" and ".config([key], ...)". Headings that read as calls, stacked
right above a sibling call with text, are that section's other forms, shown at the head of its
body. Other runs of bare headings (axios' "##### axios.get(url[, config])", "##### axios.post(url[,
data[, config]])", ... with one note under them all) are listed in the section they sit in; a
single one is a placeholder and stays out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from builder.model import Section

# A heading that reads as a call: a name, then its arguments in parentheses.
_CALL = re.compile(r"[\w$]\s*\(.*\)")


def list_bare_headings(sections: list[Section]) -> list[Section]:
    """``sections`` with their runs of bare headings shown where the page shows them."""
    listed = list(sections)
    runs = _bare_runs(sections)
    parent_lists: dict[int, list[str]] = {}
    for parent, run in runs:
        after = run[-1] + 1
        if after < len(sections) and _are_forms_of(sections, run, after):
            forms = "\n".join(sections[index].heading for index in run)
            start = sections[run[0]].line_start
            body = f"{forms}\n\n{listed[after].body}"
            listed[after] = replace(listed[after], body=body, line_start=start)
        elif len(run) > 1:
            parent_lists.setdefault(parent, []).append(
                "\n".join(sections[index].heading for index in run)
            )
    for index, lists in parent_lists.items():
        body = "\n\n".join([listed[index].body, *lists]).strip("\n")
        listed[index] = replace(listed[index], body=body)
    return listed


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
    """Whether the bare headings of ``run`` are other forms of the call at ``after``: a
    sibling with text, each heading read as a call."""
    section = sections[after]
    if section.level != sections[run[-1]].level or not section.body:
        return False
    return all(_CALL.search(sections[index].heading) for index in [*run, after])
