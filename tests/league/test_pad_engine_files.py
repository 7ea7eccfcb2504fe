"""What the server hands the pad's engine in the browser: the rules as a
zip of its own `scoring` files, under a name that changes with them and
may be kept for ever, and the worker's script, the one response allowed
to compile WebAssembly."""
import io
import zipfile
from pathlib import Path
from typing import Any

from django.test import Client
from django.urls import reverse

import scoring
from league.pages.pad_engine import scoring_bundle
from league.services.games import game_create

PACKAGE = Path(scoring.__file__).parent


def test_the_rules_zip_holds_exactly_the_servers_scoring_files_and_is_kept_for_ever(client: Client) -> None:
    digest, _ = scoring_bundle()
    response = client.get(reverse("pad-engine-scoring", args=[digest]))
    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    bundle = zipfile.ZipFile(io.BytesIO(response.content))
    assert sorted(bundle.namelist()) == sorted(f"scoring/{path.name}" for path in PACKAGE.glob("*.py"))
    for name in bundle.namelist():
        assert bundle.read(name) == (PACKAGE / Path(name).name).read_bytes()


def test_a_zip_of_other_rules_is_not_found(client: Client) -> None:
    assert client.get(reverse("pad-engine-scoring", args=["0123456789abcdef"])).status_code == 404


def test_the_worker_names_this_servers_rules_and_alone_may_compile_webassembly(
        client: Client, scorer: Any) -> None:
    digest, _ = scoring_bundle()
    worker = client.get(reverse("pad-engine-worker"))
    assert worker.status_code == 200
    assert worker["Content-Type"].startswith("text/javascript")
    assert digest in worker.content.decode()  # in a JavaScript string, its dashes escaped
    assert "'wasm-unsafe-eval'" in worker["Content-Security-Policy"]
    assert "'unsafe-eval'" not in worker["Content-Security-Policy"].replace("'wasm-unsafe-eval'", "")
    client.force_login(scorer)
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    pad = client.get(reverse("game-pad", args=[game.pk]))
    assert pad.status_code == 200
    assert "wasm-unsafe-eval" not in pad["Content-Security-Policy"]
