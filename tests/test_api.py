"""The public API is what __all__ says, and docnav/ never depends on Dagster or pipelines/."""

import ast
from pathlib import Path

import docnav

ROOT = Path(__file__).resolve().parents[1]


def test_every_exported_name_resolves():
    for name in docnav.__all__:
        assert getattr(docnav, name) is not None, name


def test_exported_names_are_public_and_listed_once():
    assert len(set(docnav.__all__)) == len(docnav.__all__)
    assert not [n for n in docnav.__all__ if n.startswith("_") and n != "__version__"]


def test_library_never_imports_dagster_or_pipelines():
    offenders = []
    for path in (ROOT / "docnav").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names
                          if n.split(".")[0] in ("dagster", "pipelines")]
    assert offenders == []


def test_docnav_version_names_the_release_the_schema_and_the_parser(capsys):
    # `docnav --version` was "unrecognized arguments": what a bug report asks for first
    import tomllib

    import pytest

    from docnav.cli import main
    from docnav.model import SCHEMA_VERSION
    from docnav.parse import parser_fingerprint

    release = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert docnav.__version__ == release
    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == (f"docnav {release} (store schema {SCHEMA_VERSION}, "
                                       f"parser {parser_fingerprint()})\n")


def test_vector_of_reads_a_stored_vector_from_the_package_as_the_readme_says():
    import numpy as np

    stored = np.array([0.5, -1.0, 2.0], dtype="<f4").tobytes()
    assert docnav.vector_of(stored).tolist() == [0.5, -1.0, 2.0]
    assert "docnav.vector_of(value)" in (ROOT / "README.md").read_text()


def test_docnav_store_vector_of_is_still_the_reader_the_readme_named_first():
    from docnav.store import vector_of

    assert vector_of is docnav.vector_of
    assert "`docnav.store.vector_of`" in (ROOT / "README.md").read_text()
    assert "`docnav.store.vector_of`" in (ROOT / "benchmarks" / "README.md").read_text()
