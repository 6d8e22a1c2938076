"""The optional semantic lane (``pip install 'doctrove[semantic]'``): embedding models behind
one interface, and the int8 quantisation of their vectors.

Nothing in the default install imports this package: the builder and the client reach it only
when asked for embeddings, through :func:`semantic.embedders.load_embedder`.
"""
