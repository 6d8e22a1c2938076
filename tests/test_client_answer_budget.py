"""maxTokens bounds the whole text of a doc_extract answer: its header, every section's title
and location lines, bodies, subsections, table of contents and note, not the bodies alone
(at maxTokens=500 an answer read 2,772 characters for a budget of 2,000)."""

import pytest

from client.assemble import make_service
from client.config import resolve_settings
from client.render import render_extract
from client.search.trim import CHARS_PER_TOKEN, MIN_PART_CHARS
from client.service import DocService

QUESTIONS = [
    ("werkzeug", "routing converters"),
    ("click", "options with multiple values"),
    ("python", "asyncio tasks cancel"),
    ("jinja", "template inheritance blocks"),
    ("attrs", "validators"),
    ("attrs", None),
    ("python", None),
    ("werkzeug", "werkzeug"),  # names the library: its opening sections
]


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> DocService:
    cache = tmp_path_factory.mktemp("cache")
    return make_service(resolve_settings({}, {"DOCTROVE_CACHE_DIR": str(cache)}))


@pytest.mark.parametrize("max_tokens", [300, 500, 1000, 2000, 4000])
@pytest.mark.parametrize(("library", "focus"), QUESTIONS)
def test_the_whole_text_fits_max_tokens(
    service: DocService, library: str, focus: str | None, max_tokens: int
) -> None:
    answer = service.extract(library, None, focus, 10, max_tokens)
    assert answer.sections
    assert len(render_extract(answer)) <= max_tokens * CHARS_PER_TOKEN


@pytest.mark.parametrize(("library", "focus"), QUESTIONS)
def test_the_smallest_budget_still_shows_the_first_sections_text(
    service: DocService, library: str, focus: str | None
) -> None:
    answer = service.extract(library, None, focus, 10, 100)
    first = answer.sections[0]
    assert len(first.body) >= min(MIN_PART_CHARS // 2, 100)
    assert len(answer.sections) == 1 and answer.hint and "maxTokens=100" in answer.hint
