"""The package's layering: a module imports only modules of its own layer or below, so no
arrow runs back up (STYLE.md). Imports inside functions count too."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "bilingual_cv"

#: Layers from the ground up; a name is a top-level module or package of ``bilingual_cv``.
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"errors", "schema", "lexicon", "lines", "memo", "plain_data", "cache_files"}),
    frozenset({"lang"}),  # scripts, dates, segmenters, heading lexicons: language knowledge
    frozenset({"io"}),  # the readers
    frozenset({"clean"}),
    frozenset({"venues"}),  # the catalogs and the venue matcher
    frozenset({"entries"}),
    frozenset({"publications"}),
    frozenset({"sections"}),  # find headings, settle what a section holds, route it
    frozenset({"stats", "record", "pipeline"}),
    frozenset({"batch", "export", "report"}),  # the product layer
    frozenset({"cli"}),
    frozenset({"__init__", "__main__"}),
)


def _layer(name: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if name in layer)


def _unit(path: Path) -> str:
    """The top-level module or package a file of the package belongs to."""
    parts = path.relative_to(PACKAGE).parts
    return parts[0].removesuffix(".py")


def _imports(path: Path) -> set[str]:
    """The top-level modules and packages of ``bilingual_cv`` that ``path`` imports."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] == "bilingual_cv":
                if len(parts) > 1:
                    found.add(parts[1])
                else:  # from bilingual_cv import __version__ / a module
                    found.update(
                        alias.name for alias in node.names if (PACKAGE / alias.name).exists()
                    )
                    if any(alias.name == "__version__" for alias in node.names):
                        found.add("__init__")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "bilingual_cv" and len(parts) > 1:
                    found.add(parts[1])
    return found


def _sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "vendor" not in p.parts)


def test_every_module_is_on_a_layer() -> None:
    units = {_unit(path) for path in _sources()}
    placed = set().union(*LAYERS)
    assert units <= placed, f"modules on no layer: {sorted(units - placed)}"


def test_no_import_runs_back_up() -> None:
    upward = []
    for path in _sources():
        unit = _unit(path)
        for target in _imports(path):
            if target == "__init__" and unit != "__init__":
                continue  # the version string, read by the product layer
            if target in set().union(*LAYERS) and _layer(target) > _layer(unit):
                upward.append(f"{path.relative_to(PACKAGE)} -> {target}")
    assert upward == []
