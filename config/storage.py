"""The production static files storage: WhiteNoise's compressed manifest,
which names each file by its content's hash so browsers keep it for ever,
with the ES module imports between the pad's scripts rewritten to those
hashed names too. Otherwise `import ... from "./pad-state.js"` would load
the unhashed copy, kept only a minute: for that minute after a deploy a
tablet could run a new pad.js against an old pad-state.js."""
from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]


class StaticStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]  # WhiteNoise ships no types
    support_js_module_import_aggregation = True
