"""After a deploy, a tablet runs one version of the pad: as collected for
production, every script's imports name the hashed copy of the module
(kept for ever, like the script itself), never the plain name that
browsers keep only a minute, and every module so named was collected."""
import json
import re
from pathlib import Path

IMPORT = re.compile(r"""^\s*(?:import|export)\b[^"'\n]*?\bfrom\s*["']([^"']+)["']""", re.MULTILINE)
HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")


def _collected_scripts(root: Path) -> dict[str, str]:
    paths = json.loads((root / "staticfiles.json").read_text())["paths"]
    return {name: hashed for name, hashed in paths.items() if name.startswith("js/") and name.endswith(".js")}


def test_every_collected_script_imports_modules_by_their_hashed_names(collected_static: Path) -> None:
    scripts = _collected_scripts(collected_static)
    assert "js/pad.js" in scripts
    imports = 0
    for hashed in scripts.values():
        served = collected_static / hashed
        for target in IMPORT.findall(served.read_text()):
            imports += 1
            assert HASHED.search(target), f"{hashed} imports {target} by its plain name"
            assert (served.parent / target).resolve().is_file(), f"{hashed} imports {target}, not collected"
    assert imports > 20
