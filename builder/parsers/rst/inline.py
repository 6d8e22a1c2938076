"""Reduce reStructuredText inline markup (roles, literals, links, emphasis) to readable text.

One regular expression finds every inline construct; text between them only loses the trailing
underscores of ``name_`` references. A span never runs past the next start of
its own kind of markup, so unclosed markup in a huge paragraph costs linear time.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

from builder.parsers.reference_titles import (
    document_title,
    label_title,
    other_project_document,
    other_project_label,
)
from builder.parsers.rst.citations import cited_text, is_citation
from builder.parsers.rst.extlinks import shown_extlink
from builder.parsers.rst.issue_roles import shown_link
from builder.parsers.rst.module_prefixes import shown_target
from builder.parsers.rst.role_aliases import base_role, raw_format
from builder.parsers.rst.substitutions import read_replacement

# Sphinx's default_role: the role of `text` written without one. Unset, such text reads as
# code, which is what projects that use it mean far more often than a title reference.
_DEFAULT_ROLE: ContextVar[str | None] = ContextVar("default_role", default=None)
# The label each footnote and citation of the page is shown with ("#t1" -> "1", "CIT" ->
# "CIT"): a reference to one reads as that label, as Sphinx shows it (page_footnotes).
_FOOTNOTE_LABELS: ContextVar[Mapping[str, str] | None] = ContextVar("footnote_labels", default=None)
# Reading a docstring from code: a numbered or citation reference keeps its label though the
# page does not define it. numpydoc's "See [2]_" cites the docstring's References
# (".. [2] ..."), read apart from the text that cites it: pvlib's "reported in [10]_." read
# "reported in." (docstring_footnotes).
_IN_DOCSTRING: ContextVar[bool] = ContextVar("in_docstring", default=False)

# Roles whose target is a code object, a command or a path: their text stays inline code.
CODE_ROLES = frozenset(
    {
        "func", "meth", "class", "attr", "mod", "obj", "data", "exc", "const", "type",
        "envvar", "option", "program", "file", "command", "samp", "code", "kbd", "any",
        "literal", "makevar", "macro", "member", "var", "struct", "enum", "enumerator",
        "expr", "texpr", "func-sig", "decorator", "directive", "role", "confval", "paramref",
    }
)  # fmt: skip
# Roles naming a Python object, whose target may start with a dot ("search from the current
# module outwards"), which Sphinx leaves out of the text it shows (":meth:`.Config.get`" reads
# "Config.get"); sphinx-paramlinks' paramref names a parameter the same way.
_PYTHON_OBJECT_ROLES = frozenset(
    {"func", "meth", "class", "attr", "mod", "obj", "data", "exc", "const", "paramref"}
)
CODE_DOMAINS = frozenset({"py", "c", "cpp", "js", "rst"})
# Where Sphinx puts a numbered reference's number in its title, and a space a dropped number
# leaves before a mark ("Figure : A droid").
_NUMBER_PLACES = re.compile(r"%s|\{number\}")
_SPACE_BEFORE_MARK = re.compile(r" (?=[:;,.!?)])")
_TEXT_DOMAIN_ROLES = frozenset({"ref", "doc", "term", "numref", "keyword", "token", "label"})
# Code roles that show their text as written, with no target: "Title <target>", a leading "~"
# or "!" mean nothing to them (docutils' code and literal, Sphinx's kbd and generic roles).
_LITERAL_ROLES = frozenset({"code", "literal", "kbd", "program", "makevar"})
# The role whose text is markup for one output format, and the format shown here.
_RAW = "raw"
_HTML = "html"
_HTML_TAG = re.compile(r"<[^<>]*>")
# sphinx-design's icon roles: their text names a picture ("heart-fill;1em;sd-text-danger");
# so do sphinx-panels' (fa, opticon), the Font Awesome role markdown-it-py's index writes
# before each feature ("{fa}`check,text-success mr-1`").
_ICON_ROLES = frozenset(
    {
        "octicon", "fab", "fas", "far", "material-regular", "material-outlined",
        "material-round", "material-sharp", "material-twotone", "fa", "opticon",
    }
)  # fmt: skip
# sphinx-panels' badges, ":badge:`text,classes`" and ":link-badge:`link,text,type,classes`": each
# argument given in turn or by name ("cls=badge-primary", "tooltip=..."), a quoted one holding
# commas. They show their text, a link badge without one its link; read whole, snowmobile's
# pages showed "./usage/sql.html,cls=badge-primary text-white,Usage: SQL,tooltip=...".
_PANELS_BADGES = {"badge": ("text", "cls"), "link-badge": ("link", "text", "type", "cls")}
_PANELS_ARGUMENT = re.compile(r'\s*(?:([A-Za-z0-9_]+)\s*=)?\s*("[^"]*"|[^,]+)\s*(?:,|$)')

_SPAN = r"(?:[^`\\]|\\.){1,2000}?"


# Docutils' recognition rule 5: a start-string between an opening quote or bracket and its
# closing one is text ("the '*' character", "[*]", "('|')"). Read as markup, mypy's "'*'
# character (e.g. ``foo.bar.*``)" was emphasis up to the asterisk inside the literal.
def _unquoted(start: str) -> str:
    """A lookahead, placed after ``start``, that fails when quotes or brackets enclose it."""
    return "".join(
        rf"(?!(?<={re.escape(opening + start)}){re.escape(closing)})"
        for opening, closing in ("''", '""', "()", "[]", "{}", "<>")
    )


_INLINE = re.compile(
    r"\\(?P<escaped>.)"
    r"|``(?P<literal>\S(?:(?:[^`]|`(?!`)){0,2000}?\S)??)``(?![\w`])"
    r"|:(?<!\w:)(?P<role>[A-Za-z][\w+.:-]{0,60}?):`(?P<role_text>" + _SPAN + r")`(?!\w)"
    r"|`(?<![\w`]`)(?P<suffixed>" + _SPAN + r")`:(?P<suffix_role>[A-Za-z][\w+.:-]{0,60}?):"
    r"(?![\w`])"
    r"|`(?<![\w`]`)(?P<reference>" + _SPAN + r")`__?(?!\w)"
    r"|`(?<![\w`]`)(?P<interpreted>" + _SPAN + r")`(?!\w)"
    r"|_`(?P<target>[^`]{1,2000}?)`"
    r"|\*\*(?<![\w*\\]\*\*)"
    + _unquoted("**")
    + r"(?P<strong>[^\s*](?:(?:[^*]|\*(?!\*)){0,2000}?[^\s\\])??)\*\*(?![\w*])"
    r"|\*(?<![\w*\\]\*)"
    + _unquoted("*")
    + r"(?P<emphasis>[^\s*](?:[^*]{0,1000}?[^\s\\*])??)\*(?![\w*])"
    r"|\|(?<![\w|]\|)"
    + _unquoted("|")
    + r"(?P<substitution>[^\s|](?:[^|]{0,200}?[^\s|])??)\|(?:__?)?(?![\w|])",
    re.DOTALL,
)
# A label is a number, "#" alone or before a name, "*", or (a citation's) a name: docutils'
# simple reference names, which may hold ".", "+" and ":" (setuptools' "[#setup.py]_").
_FOOTNOTE_REFERENCE = re.compile(r" ?\[(?:\d+|#[\w.+:-]*|\*|[A-Za-z][\w.+:-]*)\]_(?!\w)")
_SIMPLE_REFERENCE = re.compile(r"(?<![\w.\-])([A-Za-z0-9]+(?:[-_.+:][A-Za-z0-9]+)*)__?(?!\w)")
# "Title <target>": docutils reads no target after an escaped "<" (Sphinx's changelog links
# `\<search\>`_, which showed as "\"), and a title may end in an escaped line break.
_EXPLICIT_TITLE = re.compile(r"(.*?)(?:\\?\s)*(?<!\\)<([^<>]*)>", re.DOTALL)
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
# An intersphinx inventory's name before a target, after the "~", "!" or "." that lead it.
_INVENTORY = re.compile(r"^([~!.]*)[A-Za-z][\w.-]*:(?=[A-Za-z_])")
_TRIGGERS = re.compile(r"[\\`*|_]")
_BACKTICKS = re.compile(r"`+")
# The constructs that can read as a code span.
_CODE_KINDS = frozenset({"literal", "role_text", "suffix_role", "interpreted"})
# Interpreted text written as a cross-reference ("~pkg.mod.Class", "title <.func>"): with no
# default_role known (a plain reST folder, a conf.py not found) it reads as Sphinx's "obj"
# role shows it, not as its markup; invoke's changelog wrote "`~invoke.runners.Promise`".
_DOTTED_TARGET = r"(?:\.[A-Za-z_][\w.]*|[A-Za-z_][\w.]*\.\w+)"
_REFERENCE_SHAPED = re.compile(rf"~{_DOTTED_TARGET}|[^<>`]+ <[~!]?{_DOTTED_TARGET}>", re.DOTALL)


@contextmanager
def default_role(role: str | None) -> Iterator[None]:
    """Read interpreted text without a role as ``role`` (a project's default_role) within."""
    token = _DEFAULT_ROLE.set(role)
    try:
        yield
    finally:
        _DEFAULT_ROLE.reset(token)


def render_inline(text: str, *, heading: bool = False) -> str:
    """Plain text of one paragraph's inline markup; in a heading, code loses its backticks too."""
    if not _TRIGGERS.search(text):
        return text
    out: list[str] = []
    pos = 0
    # Where in out the last code span is, while nothing with text has followed it.
    code_at = -1
    for match in _INLINE.finditer(text):
        between = _plain(text[pos : match.start()])
        if between:
            out.append(between)
            code_at = -1
        piece = _construct(match, heading)
        pos = match.end()
        if not piece:
            continue
        if heading or match.lastgroup not in _CODE_KINDS or not piece.startswith("`"):
            out.append(piece)
            code_at = -1
        elif code_at >= 0:
            # Literals written back to back (``writer=``\ `FileWriter`, `a`\ `!.b`) read
            # as one: Sphinx draws them as one run of code.
            out[code_at] = _code(_code_text(out[code_at]) + _code_text(piece), heading)
        else:
            out.append(piece)
            code_at = len(out) - 1
    out.append(_plain(text[pos:]))
    return "".join(out)


@contextmanager
def page_footnotes(labels: Mapping[str, str]) -> Iterator[None]:
    """Within, a reference to a footnote or citation of ``labels`` (its label as written, to
    the label it is shown with) reads as "[shown]"; any other footnote mark goes."""
    token = _FOOTNOTE_LABELS.set(labels)
    try:
        yield
    finally:
        _FOOTNOTE_LABELS.reset(token)


@contextmanager
def docstring_footnotes() -> Iterator[None]:
    """Within, text is a docstring's: its footnote and citation references keep their labels."""
    token = _IN_DOCSTRING.set(True)
    try:
        yield
    finally:
        _IN_DOCSTRING.reset(token)


def _plain(text: str) -> str:
    """Text between constructs: footnote marks read as the label of their footnote (or go),
    references lose their underscores. Not inside a literal, which shows them (Sphinx's
    primer: "use ``[#name]_`` to mark")."""
    if "]_" in text:
        text = _FOOTNOTE_REFERENCE.sub(_footnote_mark, text)
    return _SIMPLE_REFERENCE.sub(r"\1", text) if "_" in text else text


def _footnote_mark(match: re.Match[str]) -> str:
    """A footnote reference as its footnote is labelled; nothing for one the page does not
    define, or whose label is not known (one of several anonymous "[#]_" or symbol "[*]_"
    marks, which docutils pairs with their footnotes in order). Dropped
    whole, Arrow's "MMMM | January, February, March ... [#t1]_" lost which tokens its
    footnotes ("[1] localization support for parsing and formatting") are about."""
    written = match.group(0)
    label = written.strip()[1:-2]
    shown = (_FOOTNOTE_LABELS.get() or {}).get(label)
    if shown is None and _IN_DOCSTRING.get() and label[:1] not in ("#", "*"):
        shown = label
    if shown is None:
        return ""
    return f"{' ' if written.startswith(' ') else ''}[{shown}]"


def _code(text: str, heading: bool) -> str:
    if heading or not text:
        return text
    if "`" not in text:
        return f"`{text}`"
    # Code that holds backticks (a reST link shown as code) is fenced by a longer run, spaced
    # off when it starts or ends with one, as Markdown reads a code span.
    ticks = "`" * (max(len(run) for run in _BACKTICKS.findall(text)) + 1)
    pad = " " if text[0] == "`" or text[-1] == "`" else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


def _code_text(code: str) -> str:
    """The text of a code span :func:`_code` wrote."""
    ticks = len(code) - len(code.lstrip("`"))
    inner = code[ticks:-ticks]
    if ticks > 1 and inner.startswith(" ") and inner.endswith(" ") and len(inner) > 1:
        return inner[1:-1]
    return inner


def _construct(match: re.Match[str], heading: bool) -> str:
    kind = match.lastgroup
    value = match.group(kind) if kind else ""
    if kind == "escaped":
        # An escaped space joins words without a gap (``\ ``), anything else stands for itself.
        return "" if value.isspace() else value
    if kind == "literal":
        return _code(value, heading)
    if kind == "role_text":
        return render_role(match.group("role"), value, heading=heading)
    if kind == "suffix_role":
        return render_role(value, match.group("suffixed"), heading=heading)
    if kind == "reference":
        title, target = _split_title(value)
        return title or target
    if kind == "interpreted":
        role = _DEFAULT_ROLE.get()
        if role:
            return render_role(role, value, heading=heading)
        if _REFERENCE_SHAPED.fullmatch(value):
            return render_role("obj", value, heading=heading)
        return _code(_unescape(value), heading)
    if kind == "substitution":
        # A definition's text is inline markup too, and may name other definitions.
        shown = read_replacement(value, heading, lambda text: render_inline(text, heading=heading))
        return value if shown is None else shown
    if kind in ("target", "strong", "emphasis"):
        return value
    return match.group(0)


def render_role(role: str, text: str, *, heading: bool = False) -> str:
    """Readable text of ``:role:`text```, per Sphinx's rendering of each role kind."""
    name = role.lower()
    role = base_role(name)
    domain, _, base = role.rpartition(":")
    if not domain and base == _RAW:
        return _raw_text(text, raw_format(name))
    title, target = _split_title(text)
    if base in _ICON_ROLES:
        return ""
    if not domain and base in _PANELS_BADGES:
        return _panels_badge_text(_PANELS_BADGES[base], text)
    if not domain and base in _LITERAL_ROLES:
        # celery's ":program:`celery -A proj control revoke <task_id>`" lost "<task_id>".
        return _code(_unescape(text), heading)
    if base in ("pep", "rfc"):
        return title or f"{base.upper()} {target}"
    if is_citation(domain, base) and (cited := cited_text(domain, base, text)) is not None:
        return cited
    if not domain and (linked := shown_extlink(base, text)) is not None:
        return linked
    if not domain and (linked := shown_link(base, text)) is not None:
        return linked
    code_like = base in CODE_ROLES or (domain in CODE_DOMAINS and base not in _TEXT_DOMAIN_ROLES)
    if not code_like:
        if base == "math":  # LaTeX keeps its backslashes, as docutils does: "\sin", not "sin"
            return text
        if base in ("abbr", "guilabel", "menuselection", "sub", "sup", "dfn"):
            return _unescape(text)
        if not title and base == "ref":
            # ":ref:`sqla:constraint_naming_conventions`" names another project's section.
            external = domain.startswith("external")
            return (
                (None if external else label_title(target))
                or other_project_label(target, external=external)
                or target
            )
        if not title and base == "doc":
            # ":external+sphinx:doc:`usage/configuration`" names another project's too.
            external = domain.startswith("external")
            return (
                (None if external else document_title(target))
                or other_project_document(target, external=external)
                or target
            )
        if title and base == "numref":
            return numbered_title(title, label_title(target) or target)
        return title or target
    if title:
        return _code(title, heading)
    if target.startswith("!"):
        # No reference: Sphinx shows the rest as written, a leading dot or tilde kept
        # (psycopg's `psycopg.adapters`\ `!.types` reads "psycopg.adapters.types").
        return _code(_unescape(target[1:]), heading)
    if base in _PYTHON_OBJECT_ROLES or base == "envvar":
        # intersphinx's "python:re.match" names the inventory the target is in, which Sphinx
        # leaves out of the text; a Python name or a variable's never holds a colon.
        target = _INVENTORY.sub(r"\1", target, count=1)
    if base in _PYTHON_OBJECT_ROLES and (shown := shown_target(base, target)) is not None:
        return _code(shown, heading)
    if base in _PYTHON_OBJECT_ROLES:
        target = target.lstrip(".")
    if target.startswith("~"):
        target = target[1:].rsplit(".", 1)[-1]
    return _code(target, heading)


def _raw_text(text: str, formats: str) -> str:
    """What a role made from ``raw`` shows in a page: for HTML, the text of its markup (its
    tags left out, its character references read); for another output (LaTeX), nothing.
    LightGBM 4.6.0's parameters page writes a link mark after each parameter's name
    (':raw-html:`<a id="config" title="Permalink to this parameter"
    href="#config">&#x1F517;&#xFE0E;</a>`'), which read as its markup, the closing tag cut."""
    if _HTML not in formats.split():
        return ""
    return " ".join(html.unescape(_HTML_TAG.sub("", _unescape(text))).split())


def _panels_badge_text(parameters: tuple[str, ...], text: str) -> str:
    """The text a sphinx-panels badge with the arguments ``text`` shows."""
    given: dict[str, str] = {}
    in_turn = iter(parameters)
    for name, value in _PANELS_ARGUMENT.findall(text):
        value = value.strip()
        quoted = len(value) > 1 and value[0] == value[-1] == '"'
        given.setdefault(name or next(in_turn, ""), value[1:-1] if quoted else value)
    return given.get("text") or given.get("link", "")


def numbered_title(title: str, target_title: str) -> str:
    """A ``numref`` title as it reads without the target's number, which a page parsed alone
    does not know: Sphinx puts the number where ``%s`` or ``{number}`` stands ("Figure %s"),
    and here the target's own title stands there instead, or nowhere when ``{name}`` puts
    that title in already ("Figure {number}: {name}" reads "Figure: A droid")."""
    if "{name}" in title:
        shown = _NUMBER_PLACES.sub("", title).replace("{name}", target_title)
    else:
        shown = _NUMBER_PLACES.sub(lambda _: target_title, title)
    return _SPACE_BEFORE_MARK.sub("", " ".join(shown.split()))


def _split_title(text: str) -> tuple[str, str]:
    """``Title <target>`` gives both parts; a bare target gives an empty title."""
    match = _EXPLICIT_TITLE.fullmatch(text)
    if match and match.group(1):
        return _unescape(match.group(1)).strip(), match.group(2).strip()
    if match:
        return "", match.group(2).strip()
    return "", _unescape(text).strip()


def _unescape(text: str) -> str:
    return _ESCAPE.sub(r"\1", text) if "\\" in text else text
