"""The build's stages, one module each, in the order ``builder.pipeline`` runs them:

    read       a version's files: its tree (git, archive, folder), project layout and code
    imported   (instead of read → compile) a volume taken from another index
    parse      one file → its sections → its index records (``FileRecords``)
    compile    every file of a version, parsed, into one ``CompiledVersion``
    volume     the version's volume written for index.json, and checked (``WrittenVolume``)
    vectors    (when embedding) the version's section vectors (``builder.embeddings.VectorsStage``
               → ``VectorsInfo``); it keeps its embedded passages in its own store
    shard      the version's search shard (``builder.shards.write_shard`` → ``ShardInfo``)
    pages      the version's HTML pages (``builder.pages.render_version`` → ``VersionPages``)
    site_files index.json, catalog.json, the library and landing pages (``SiteFiles``)

Each takes and returns frozen records; none touches the build cache, which wraps them from
outside (``builder.cached_stages``).
"""
