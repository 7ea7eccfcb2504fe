"""The service as it is deployed: production settings (DEBUG off, the
manifest static storage, WhiteNoise) under gunicorn, on a database migrated
and filled with the demo league by `manage.py`. Every kind of page a visitor
or the secretary can reach by following links answers 200, and so does every
static file the pages name (and every module those scripts import).

Behind its TLS proxy the service sees `X-Forwarded-Proto: https`; the test
sends it too, so the settings stay exactly those of production (secure
cookies, HSTS, the HTTPS redirect for anything else)."""
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.client import HTTPResponse
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.parse import urlencode, urljoin, urlsplit
from urllib.request import HTTPRedirectHandler, Request, build_opener

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
STATIC_URL = "/static/"
# Enough for every kind of page with room to spare; a crawl that needs more
# is following something it should not.
MOST_PAGES = 200

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _production_env(tmp: Path) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if key not in {"DEBUG", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE"}}
    env.update({
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "production-smoke-test-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp / 'league.sqlite3'}",
        "STATIC_ROOT": str(tmp / "static"),
        "PYTHONDONTWRITEBYTECODE": "1",
    })
    return env


def _manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL, timeout=600)


def _wait_until_listening(port: int, server: subprocess.Popen[bytes]) -> None:
    for _ in range(200):  # up to 20 s
        if server.poll() is not None:
            raise AssertionError(f"gunicorn exited with {server.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("gunicorn did not start listening in 20 s")


@pytest.fixture(scope="module")
def production(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the service under gunicorn with production settings."""
    tmp = tmp_path_factory.mktemp("production")
    env = _production_env(tmp)
    _manage(env, "migrate", "--noinput")
    _manage(env, "demo_load")
    _manage(env, "collectstatic", "--noinput")
    port = _free_port()
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "-c", "config/gunicorn.py", "--bind", f"127.0.0.1:{port}",
         "--workers", "1", "--threads", "2", "config.wsgi"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )
    try:
        _wait_until_listening(port, server)
        yield f"http://127.0.0.1:{port}"
    finally:
        _stop(server)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Asks the process to stop, and makes it after 20 seconds."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)


class _NoRedirects(HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


@dataclass
class Answer:
    status: int
    content_type: str
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


@dataclass
class Visitor:
    """A browser's part in this: cookies (secure ones too, as the proxy
    speaks HTTPS to the browser), no redirects followed, HTTPS as the proxy
    says."""
    base: str
    cookies: dict[str, str] = field(default_factory=dict)

    def get(self, path: str) -> Answer:
        return self._send(Request(urljoin(self.base, path)))

    def post(self, path: str, form: dict[str, str]) -> Answer:
        request = Request(urljoin(self.base, path), data=urlencode(form).encode(), method="POST")
        request.add_header("Content-Type", "application/x-www-form-urlencoded")
        # Over HTTPS, Django's CSRF check wants a Referer of this origin.
        request.add_header("Referer", f"https://{urlsplit(self.base).netloc}{path}")
        return self._send(request)

    def _send(self, request: Request) -> Answer:
        request.add_header("X-Forwarded-Proto", "https")
        if self.cookies:
            request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        try:
            response: HTTPResponse = build_opener(_NoRedirects).open(request, timeout=30)
        except HTTPError as refused:
            response = refused  # type: ignore[assignment]
        except URLError as failed:
            raise AssertionError(f"{request.full_url}: {failed}") from failed
        with response:
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return Answer(response.status, response.headers.get("Content-Type", ""), response.read())

    def log_in(self, username: str, password: str) -> None:
        self.get("/accounts/login/")
        answer = self.post("/accounts/login/", {
            "username": username, "password": password, "csrfmiddlewaretoken": self.cookies["csrftoken"],
        })
        assert answer.status == 302, f"logging in as {username}: {answer.status}"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.static: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name not in {"href", "src"} or not value:
                continue
            if value.startswith(STATIC_URL):
                self.static.append(value)
            elif tag == "a":
                self.links.append(value)


def _shape(path: str) -> str:
    """Pages of one kind (every team's page) have one shape: one of each is
    fetched."""
    return re.sub(r"\d+", "N", path)


def _followed(link: str) -> str | None:
    """The site's own pages, without fragments; the admin's many pages are
    Django's, and logging out would end the visit."""
    parts = urlsplit(link)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        return None
    if parts.path.startswith("/admin/") or parts.path.startswith("/accounts/logout"):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


@dataclass
class Crawl:
    visitor: Visitor
    pages: dict[str, int] = field(default_factory=dict)
    statics: dict[str, int] = field(default_factory=dict)

    def pages_from(self, *starts: str) -> None:
        shapes = {_shape(path) for path in self.pages}
        queue = list(starts)
        while queue and len(self.pages) < MOST_PAGES:
            path = queue.pop(0)
            if path in self.pages or (_shape(path) in shapes and path not in starts):
                continue
            shapes.add(_shape(path))
            answer = self.visitor.get(path)
            self.pages[path] = answer.status
            if "text/html" in answer.content_type:
                parser = _Links()
                parser.feed(answer.text)
                queue.extend(link for link in map(_followed, parser.links) if link)
                for url in parser.static:
                    self.static_file(url)

    def static_file(self, url: str) -> None:
        if url in self.statics:
            return
        answer = self.visitor.get(url)
        self.statics[url] = answer.status
        if url.endswith(".js"):
            # The pad's modules import one another by relative name.
            for module in re.findall(r'''from\s+["'](\.{1,2}/[^"']+)["']''', answer.text):
                self.static_file(urljoin(url, module))


def test_every_page_and_static_file_answers_under_gunicorn_with_production_settings(production: str) -> None:
    visitor = Visitor(production)
    crawl = Crawl(visitor)
    crawl.pages_from("/", "/accounts/login/", "/api/schema", "/api/docs")
    visitor.log_in("secretary", "secretary-demo-pass")
    # The pad of a game the secretary may score: the front page offers it.
    links = _Links()
    links.feed(visitor.get("/").text)
    pad = next(link for link in links.links if re.fullmatch(r"/games/\d+/pad", link))
    crawl.pages_from("/secretary/", "/", pad, "/games/pad-sw.js")

    failed = {path: status for path, status in {**crawl.pages, **crawl.statics}.items() if status != 200}
    assert failed == {}
    kinds = {_shape(path) for path in crawl.pages}
    assert {"/", "/leagues/demo/", "/divisions/N/", "/divisions/N/print", "/teams/N/", "/players/N/",
            "/games/N/pad", "/games/N/board", "/games/pad-sw.js", "/accounts/login/", "/secretary/",
            "/api/schema", "/api/docs"} <= kinds
    assert "/fixtures/N/night" in kinds, sorted(kinds)
    assert {"/cups/N/", "/leagues/demo/cups/winners", "/secretary/cups/N/"} <= kinds, sorted(kinds)
    assert any(path.startswith("/secretary/divisions/") for path in crawl.pages), sorted(kinds)
    assert any(re.search(r"/js/pad\.[0-9a-f]{12}\.js$", url) for url in crawl.statics), sorted(crawl.statics)
