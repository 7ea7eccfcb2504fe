"""URLs of the rules engine the pad runs in the browser (see
league.pages.pad_engine): under /games/, the pad's service worker's scope."""
from django.urls import path

from league.pages.pad_engine import engine_scoring, engine_worker

urlpatterns = [
    path("games/pad-engine.js", engine_worker, name="pad-engine-worker"),
    path("games/pad-engine/scoring-<slug:digest>.zip", engine_scoring, name="pad-engine-scoring"),
]
