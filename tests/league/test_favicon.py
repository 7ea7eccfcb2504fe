"""The site's icon: a domino, drawn as SVG, that every page names and the
static files serve under its hashed name, as production does."""
import re

import pytest
from django.test import Client


@pytest.mark.django_db
def test_every_page_names_the_domino_icon_and_it_is_served() -> None:
    client = Client()
    html = client.get("/").content.decode()
    link = re.search(r'<link rel="icon" href="(/static/favicon\.[0-9a-f]{12}\.svg)" type="image/svg\+xml">', html)
    assert link is not None, "the front page names no hashed icon"
    icon = client.get(link.group(1))
    assert icon.status_code == 200 and icon["Content-Type"] == "image/svg+xml"
    body = b"".join(icon.streaming_content) if icon.streaming else icon.content
    assert b"<svg" in body and b"<circle" in body  # a domino's pips
