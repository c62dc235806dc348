"""The site's pyodide-lock.json (build.py site_lockfile): Pyodide's, with its info and no packages,
as none of Pyodide's packages is served (micropip converted every entry into Python at its import)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import build


def test_the_site_s_lock_file_keeps_pyodide_s_info_and_lists_no_packages(dist_dir: Path) -> None:
    stock = json.loads((build.PYODIDE_NPM / "pyodide-lock.json").read_text())
    served = json.loads((dist_dir / "pyodide" / "pyodide-lock.json").read_text())
    assert len(stock["packages"]) > 100  # Pyodide's own lists its whole distribution
    assert served == {**stock, "packages": {}}
    # what the stock lock file listed is not on the site: an empty list tells the truth
    files = [package["file_name"] for package in stock["packages"].values()]
    assert files and not [name for name in files if (dist_dir / "pyodide" / name).exists()]
