"""The retrieval evaluation of doc_extract over the example corpus: ``python -m eval``."""
