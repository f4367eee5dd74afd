"""The publications package (:mod:`bilingual_cv.publications`): its modules import only the
modules listed before them in the package docstring, and it re-exports what callers use."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bilingual_cv import publications

PACKAGE = Path(publications.__file__).parent


def _documented_order() -> list[str]:
    """The modules in the order the package docstring lists them."""
    assert publications.__doc__ is not None
    return re.findall(r"^- :mod:`\.(\w+)`", publications.__doc__, re.MULTILINE)


def _siblings_imported(module: str) -> set[str]:
    tree = ast.parse((PACKAGE / f"{module}.py").read_text(encoding="utf-8"))
    prefix = "bilingual_cv.publications."
    return {
        node.module.removeprefix(prefix)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(prefix)
    }


def test_every_module_is_listed_once_in_the_package_docstring() -> None:
    order = _documented_order()
    files = sorted(p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__")
    assert sorted(order) == files and len(set(order)) == len(order)


def test_each_module_imports_only_modules_listed_before_it() -> None:
    order = _documented_order()
    for position, module in enumerate(order):
        later = _siblings_imported(module) - set(order[:position])
        assert not later, f"{module} imports {sorted(later)}, listed after it"


def test_the_package_exports_what_its_callers_import() -> None:
    for name in publications.__all__:
        assert getattr(publications, name) is not None, name
    assert {"parse_publications", "inferred_owner_name", "venue_query", "kind_hint"} <= set(
        publications.__all__
    )
