"""The rules engine for the pad to run in the browser (docs/pad.md, "The
engine in the browser"): the Web Worker's script, and the `scoring`
package itself as a zip for Pyodide to import.

The zip is made from the very files this server runs, when first asked
for, and named by a hash of its bytes: a deploy that changes the rules
changes the name, so a tablet may keep any copy for ever. The worker is
served from under /games/ so that the pad's service worker, whose scope
that is, keeps it and answers its requests with no connection; it is the
one script allowed to compile WebAssembly (Pyodide is Python built so)."""
import hashlib
import io
import zipfile
from functools import cache
from pathlib import Path

from csp.decorators import csp_update
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache

import scoring

# A fixed time in every entry, so the same files always make the same zip.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


@cache
def scoring_bundle() -> tuple[str, bytes]:
    """The engine's source files as a zip (`scoring/*.py`), and its hash."""
    package = Path(scoring.__file__).parent
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as bundle:
        for source in sorted(package.glob("*.py")):
            entry = zipfile.ZipInfo(f"scoring/{source.name}", ZIP_TIME)
            entry.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(entry, source.read_bytes())
    data = buffer.getvalue()
    return hashlib.sha256(data).hexdigest()[:16], data


def pyodide_version() -> str | None:
    """The Pyodide that `make pyodide` put beside the static files, if any."""
    root = Path(settings.PYODIDE_ROOT)
    found = sorted(folder.name for folder in root.glob("*") if (folder / "pyodide.mjs").is_file())
    return found[-1] if found else None


@never_cache  # it names the files of this deploy: a tablet must see a new one
@csp_update({"script-src": ["'wasm-unsafe-eval'"]})
def engine_worker(request: HttpRequest) -> HttpResponse:
    """The Web Worker that runs the engine: Pyodide's address, or none
    when it is not installed here (the worker then says so)."""
    version = pyodide_version()
    digest, _ = scoring_bundle()
    context = {
        "pyodide": f"{settings.STATIC_URL}pyodide/{version}/" if version else "",
        "scoring": reverse("pad-engine-scoring", args=[digest]),
    }
    return render(request, "pad/engine.js", context, content_type="text/javascript")


def engine_scoring(request: HttpRequest, digest: str) -> HttpResponse:
    """The `scoring` package as a zip, under its hash: cached for ever."""
    current, data = scoring_bundle()
    if digest != current:
        raise Http404("Not this server's rules engine")
    response = HttpResponse(data, content_type="application/zip")
    response["Cache-Control"] = "public, max-age=31536000, immutable"
    return response
