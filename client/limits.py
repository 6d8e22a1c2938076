"""The bounds of every tool argument, each declared once.

The tool schemas (client.mcp_tools), the service's checks (client.service), the command line's
defaults and bounds (client.cli), lookup (client.lookup) and search (client.search.sections,
client.rewrite) read them from here; tests/test_client_limits.py checks the published schemas
say the same.
"""

from __future__ import annotations

MAX_ID_CHARS = 100
MAX_VERSION_CHARS = 64
MAX_QUERY_CHARS = 200
DEFAULT_LOOKUP_LIMIT, MAX_LOOKUP_LIMIT = 5, 50
MAX_FOCUS_CHARS = 500
DEFAULT_MAX_SECTIONS, MIN_SECTIONS, MAX_SECTIONS = 5, 1, 50
DEFAULT_MAX_TOKENS, MIN_TOKENS, MAX_TOKENS = 4000, 100, 50_000
MAX_PAGE_CHARS = 300
MAX_ANCHOR_CHARS = MAX_PAGE_CHARS + 300  # an anchor, or page#anchor
MAX_NEIGHBOURS = 5
SHA256_HEX_CHARS = 64
