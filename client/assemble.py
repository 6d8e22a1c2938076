"""Assemble a ready DocService from settings: the data layer, the bundled site, the service.

The one place that knows how the client's parts fit together; the CLI and the MCP server
both start here.
"""

from __future__ import annotations

import atexit
import logging
import sys
from pathlib import Path

from client.config import SEMANTIC_OFF, Settings
from client.semantic_lane import SemanticLane
from client.service import DocService
from client.site_data import SiteData


def bundled_site() -> Path | None:
    """The default site shipped inside the package (built by docbuild from examples/)."""
    folder = Path(__file__).resolve().with_name("bundled")
    return folder if (folder / "catalog.json").is_file() else None


def make_service(settings: Settings, **data_options: object) -> DocService:
    """A service over ``settings``; a broken local index raises ConfigError here, at start-up."""
    data = SiteData(settings, bundled_site(), **data_options)  # type: ignore[arg-type]
    service = DocService(
        data,
        cache_size=settings.cache_size,
        cache_ttl=settings.cache_ttl,
        min_confidence=settings.min_confidence,
        rewrite_below=settings.rewrite_below,
        lane=None if settings.semantic == SEMANTIC_OFF else SemanticLane(settings.semantic),
    )
    if settings.debug:
        _log_debug(service)
    return service


def _log_debug(service: DocService) -> None:
    """--debug: fetch and cache decisions on stderr as they happen, statistics at exit."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("docclient debug: %(message)s"))
    logger = logging.getLogger("doctrove")
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)

    def report() -> None:
        stats = service.results.stats()
        logger.debug(
            "result cache: %d hits, %d misses, %d evictions, %d expirations",
            stats.hits,
            stats.misses,
            stats.evictions,
            stats.expirations,
        )

    atexit.register(report)
