"""The installed distribution lives under one import package, ``endless_exam`` (ARCHITECTURE.md, Processes).

Generic names (``checker``, ``certificates``, ``crosscheck``, ``fixtures``, ``tests``) are taken by other
distributions on the public index; installing any of them beside ours must not change what runs.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

DIST = "endless-exam-checker"
PREFIX = "endless_exam"
ROOT = Path(__file__).resolve().parents[2]
GENERIC = ("checker", "certificates", "crosscheck", "fixtures", "tests")


def _installed() -> metadata.Distribution:
    """The installed distribution (its ``.dist-info``), not a build's ``.egg-info`` left in the checkout."""
    found = [d for d in metadata.distributions(name=DIST) if d.read_text("RECORD") is not None]
    assert found, f"{DIST} is not installed (pip install '.[test]')"
    return found[0]


def _editable(dist: metadata.Distribution) -> bool:
    text = dist.read_text("direct_url.json")
    return bool(text) and json.loads(text).get("dir_info", {}).get("editable", False)


def _installed_modules(dist: metadata.Distribution) -> list[str]:
    """Dotted names of every Python module the distribution installs."""
    if _editable(dist):
        # an editable install records only its finder; the finder's mapping is what gets imported
        finders = [f for f in dist.files or [] if f.name.endswith("finder.py")]
        if not finders:
            pytest.skip("editable install without a setuptools finder (legacy develop mode)")
        namespace: dict = {}
        exec(compile(Path(finders[0].locate()).read_text(), "finder", "exec"), namespace)
        return sorted(namespace["MAPPING"]) + sorted(namespace.get("NAMESPACES", {}))
    out = []
    for f in dist.files or []:
        parts = f.parts
        if f.suffix == ".py" and not parts[0].endswith((".dist-info", ".data")) and parts[0] != "..":
            out.append(".".join(parts)[: -len(".py")])
    return out


def test_every_installed_module_is_under_the_one_prefix():
    dist = _installed()
    modules = _installed_modules(dist)
    assert modules, "the distribution installs no module"
    outside = [m for m in modules if m != PREFIX and not m.startswith(PREFIX + ".")]
    assert outside == [], f"installed outside {PREFIX}: {outside[:10]}"
    for name in GENERIC:
        assert not any(m == name or m.startswith(name + ".") for m in modules)
    assert f"{PREFIX}.checker.cli" in modules or f"{PREFIX}.checker" in modules


def test_console_script_points_into_the_prefix():
    scripts = [e for e in _installed().entry_points if e.group == "console_scripts"]
    assert [e.name for e in scripts] == ["endless-exam"]
    assert scripts[0].value.startswith(PREFIX + ".")


def _stub_packages(root: Path) -> None:
    """Packages named like our folders, as another distribution would install them (pip install fixtures)."""
    for name in GENERIC:
        pkg = root / name
        pkg.mkdir()
        (pkg / "__init__.py").write_text("raise ImportError('stub package %s must never be imported')\n" % name)
    # and the attack of the harness issue: a planted worker module
    (root / "checker" / "worker.py").write_text("print('{\"verdict\": {\"status\": \"ACCEPT\"}}')\n")


def test_audit_runs_beside_packages_named_like_our_folders(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    _stub_packages(site)
    env = dict(os.environ, PYTHONPATH=str(site))
    proc = subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", "audit", "--family", "schur", "--json"],
                          cwd=site, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = json.loads(proc.stdout)["rows"]
    assert rows and all(r["status"] == "ACCEPT" for r in rows if r.get("construction"))
    assert "stub package" not in proc.stderr


def test_every_package_folder_is_listed_for_installation():
    """An editable install finds any folder; a real install only the packages pyproject.toml lists."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    mapping, listed = config["package-dir"], set(config["packages"])
    folders = set()
    for package, folder in mapping.items():
        base = ROOT / folder
        for init in base.rglob("__init__.py"):
            rel = init.parent.relative_to(base)
            if any(part == "public" for part in rel.parts) and package != PREFIX:
                continue   # checker/public is the top package itself, not a subpackage of endless_exam.checker
            folders.add(".".join((package, *rel.parts)))
    assert folders == listed, (sorted(folders - listed), sorted(listed - folders))
