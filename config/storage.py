"""The production static files storage: WhiteNoise's compressed manifest,
which names each file by its content's hash so browsers keep it for ever,
with the ES module imports between the pad's scripts rewritten to those
hashed names too. Otherwise `import ... from "./pad-state.js"` would load
the unhashed copy, kept only a minute: for that minute after a deploy a
tablet could run a new pad.js against an old pad-state.js."""
from collections.abc import Iterator

from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # WhiteNoise ships no types
    support_js_module_import_aggregation = True


class UncompressedStaticStorage(StaticStorage):
    """The same hashed names and manifest without the gzip and Brotli copies,
    for the test run: compressing the pad's 14 MB offline engine cost every
    run seconds, and no page depends on the compressed copies (the production
    smoke test collects with StaticStorage itself)."""

    def compress_files(self, paths: object) -> Iterator[tuple[str, str]]:
        return iter(())
