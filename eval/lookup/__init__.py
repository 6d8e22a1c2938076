"""catalog_lookup's evaluation: a catalog the size of a site, questions written blind, and the
lookup's figures beside plain bm25 (``python -m eval.lookup``; eval/README.md)."""
