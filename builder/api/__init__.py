"""API reference generated from a version's own code: ``autodoc`` and mkdocstrings without imports.

The parsers meet ``.. autoclass::`` or ``::: pkg.Name`` and ask an :class:`ApiSource` for the
object's documentation as frozen records (:mod:`builder.api.model`); :mod:`builder.api.code`
is the one source there is, reading the code with griffe (static analysis, nothing imported
or run), and :mod:`builder.api.render` turns the records into the parser's sections.
"""
