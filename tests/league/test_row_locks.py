"""Row locks that serialise writers are `FOR NO KEY UPDATE`.

An INSERT of a row that refers to a locked one checks the key with `FOR KEY
SHARE`, which waits for a plain `FOR UPDATE` but not for `FOR NO KEY
UPDATE`. With plain locks a squad registration (holding its team, inserting
a row that names the season) and a transfer (holding the season, waiting for
the team) deadlocked each other. Only a lock taken before deleting the
locked rows may be a plain one: it is there to keep new rows from referring
to them. Read from the source with `ast`; nothing is imported.
"""
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _plain_locks(package: Path) -> list[str]:
    found = []
    for path in sorted(package.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef) or "delete" in function.name:
                continue
            for node in ast.walk(function):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.func.attr == "select_for_update"
                        and not any(keyword.arg == "no_key" for keyword in node.keywords)):
                    found.append(f"{path.relative_to(package.parent)}:{node.lineno} in {function.name}")
    return found


def test_every_row_lock_outside_a_delete_lets_inserts_that_refer_to_the_row_through() -> None:
    assert _plain_locks(ROOT / "league") == []


def test_a_plain_lock_is_found_and_one_before_a_delete_is_allowed(tmp_path: Path) -> None:
    package = tmp_path / "app"
    package.mkdir()
    (package / "services.py").write_text(
        "def register():\n    Team.objects.select_for_update().get(pk=1)\n\n"
        "def season_delete():\n    Division.objects.select_for_update().filter(season=1)\n\n"
        "def transfer():\n    Season.objects.select_for_update(no_key=True).get(pk=1)\n")
    assert _plain_locks(package) == ["app/services.py:2 in register"]
