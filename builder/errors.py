"""The builder's exception tree; the CLI maps ``exit_code`` to the process exit status.

BuildError                 code "build"               exit 1  a build failed
├── ConfigError            code "config"              exit 2  docbuild.toml is invalid
├── SourceError            code "source"              exit 1  an input cannot be read at all
│   ├── UnsafeArchive      code "unsafe-archive"      exit 1  an archive escapes its folder, too big
│   └── UnreadableDocument code "unreadable-document" exit 1  a file with nothing to index
├── ProblemsFound          code "build"               exit 1  a file or site breaks its format
│   ├── IndexInvalid       code "invalid-index"       exit 1  an index breaks doctrove-index@1
│   ├── CatalogInvalid     code "invalid-catalog"     exit 1  a catalog breaks doctrove-catalog@1
│   ├── ShardInvalid       code "invalid-shard"       exit 1  builder.check_shards: a chunk is bad
│   └── LookupInvalid      code "invalid-lookup"      exit 1  builder.check_lookup: lookup.json
├── StrictWarnings         code "strict"              exit 1  --strict, and the build warned
├── BuildLocked            code "locked"              exit 1  builder.lock: the output is in use
├── PublishError           code "publish"             exit 1  builder.publish: git refused
├── OverBudget             code "over-budget"         exit 1  builder.site_size: over --budget-mb
├── FileTooLarge           code "file-too-large"      exit 1  builder.site_size: a file over 100 MB
├── SiteSearchError        code "site-search"         exit 1  builder.site_search: Pagefind failed
├── PagefindFormatError    code "site-search"         exit 1  builder.pagefind_order: unknown files
├── PartError              code "part"                exit 1  builder.part: parts that cannot merge
└── CatalogExists          code "exists"              exit 1  builder.starter: would replace a file

ConfigError and every ProblemsFound carry every problem found; UnreadableDocument is
caught per file and becomes the reason the report gives for skipping it. A class defined beside
its only raiser is named with its module. builder.serve has a tree of its own
(builder/serve/errors.py).

Outside the tree, caught where they are raised and never seen by a caller: GlobError
(builder.globs), ArchiveProblem (builder.archive_source), GitProblem (builder.git_source),
IncludeRefused (builder.includes) and SelectionError (builder.parsers.included_lines), which
become a warning on the page that includes, and KeptFileMissing (builder.shards), after which
a shard is written from its pages instead of updated, HandlerNotRead
(builder.projects.autoapi_skip), after which an autoapi skip handler skips nothing, and
MacroNotRead (builder.parsers.markdown.macro_calls), after which an mkdocs-macros call stays
as written, ComputedSidebar (builder.projects.vuepress), after which a VuePress site's
pages come in path order, and Raised and Unreadable (builder.api.literal_calls), after which
a call read without running it has no value (a factory's property no doc), and NotStatic
(builder.api.decorator_docs), after which a decorated function keeps its own docstring.
"""

from __future__ import annotations

from collections.abc import Sequence


class BuildError(Exception):
    """Base of every error the builder raises on purpose."""

    code = "build"
    exit_code = 1


class ConfigError(BuildError):
    """The catalog file is invalid. ``problems`` lists each as "where: what is wrong"."""

    code = "config"
    exit_code = 2

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        heading = f"{count} problem{'s' if count != 1 else ''} in the catalog"
        super().__init__(heading + ":\n" + "\n".join(f"  - {p}" for p in self.problems))


class SourceError(BuildError):
    """An input could not be read at all (as opposed to one file being skipped)."""

    code = "source"


class UnsafeArchive(SourceError):
    """An archive (or a git tree) has a member that would land outside the folder it is
    extracted into, or more members or bytes than the builder accepts."""

    code = "unsafe-archive"


class UnreadableDocument(SourceError):
    """A PDF or Office file that cannot be read as text, or a page with nothing of its own to
    index (Sphinx's general index): ``str(error)`` is the reason the build report gives for
    skipping it ("no text layer (needs OCR)")."""

    code = "unreadable-document"


class ProblemsFound(BuildError):
    """A file or site that broke its format's rules: ``problems`` lists each, and the message
    names ``what`` and says what kind of damage it is (``states``)."""

    states = "has problems"

    def __init__(self, what: str, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__(f"{what} {self.states}:\n" + "\n".join(f"  - {p}" for p in self.problems))


class IndexInvalid(ProblemsFound):
    """An index document broke the doctrove-index@1 rules."""

    code = "invalid-index"
    states = "is not a valid doctrove-index@1 document"


class CatalogInvalid(ProblemsFound):
    """A site's catalog.json (or a library's) broke the doctrove-catalog@1 rules."""

    code = "invalid-catalog"
    states = "has catalogs a client turns down (rebuild the site, or restore them)"


class StrictWarnings(BuildError):
    """``--strict`` turns warnings into a failed build."""

    code = "strict"
