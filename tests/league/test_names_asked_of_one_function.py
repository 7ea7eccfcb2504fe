"""The house rule of docs/organisation.md, "Privacy": every name shown
comes from league.selectors.shown_names, the one function that knows who is
asking. Reading `Player.public_name` (or `public_form`, or a cup entry's
`public_name`) anywhere else would be safe today but copied tomorrow into a
place that is not, so only the models that define them and shown_names
itself may use them."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ALLOWED = {
    Path("league/selectors/shown_names.py"),
    Path("league/templatetags/shown_names.py"),
}

# An attribute or a template lookup (`player.public_name`), the function
# `public_form`, or either named as a string to be read (a serializer's
# `source="public_name"`, a getattr); not a key of data handed out, which
# names no attribute (`{"public_name": name_public(player)}`).
USE = re.compile(r"""\.public_(?:name|form)\b|\bpublic_form\b|["']public_(?:name|form)["'](?!\s*:)""")


def _sources() -> list[Path]:
    code = list((ROOT / "league").rglob("*.py"))
    return sorted(code + list((ROOT / "templates").rglob("*.html")) + list((ROOT / "templates").rglob("*.txt")))


def _allowed(path: Path) -> bool:
    relative = path.relative_to(ROOT)
    return relative in ALLOWED or relative.parts[:2] == ("league", "models")


def uses_outside_shown_names() -> list[str]:
    found = []
    for path in _sources():
        if _allowed(path):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if USE.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found


def test_no_page_answer_or_template_reads_a_public_name_but_through_shown_names() -> None:
    assert uses_outside_shown_names() == [], "name players with league.selectors.shown_names"


def test_the_check_finds_each_way_of_reading_the_public_name() -> None:
    for line in ('name = player.public_name', '{{ player.public_name }}', 'public_form(name, shown)',
                 'serializers.CharField(source="public_name")', "getattr(entry, 'public_name')"):
        assert USE.search(line), line
    assert not USE.search('{"public_name": name_public(player)}')
    assert not USE.search("{{ player|name_public }}")
