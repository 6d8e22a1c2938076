"""docclient: fetch, cache, validate and search a doctrove site; answer agents over MCP."""

__version__ = "0.1.0"
