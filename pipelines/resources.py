"""Typed configuration for the DocNav Dagster code location."""

from __future__ import annotations

from dagster import ConfigurableResource, EnvVar


class DocNavResource(ConfigurableResource):
    """Where the documents are and where the graph is stored.

    roots: comma-separated folders to index; db: DuckDB store path; embed_model:
    sentence-transformers model id or folder, or 'hashing'.
    """

    roots: str
    db: str
    embed_model: str = "all-MiniLM-L6-v2"

    def root_list(self) -> list[str]:
        return [r.strip() for r in self.roots.split(",") if r.strip()]


def default_resource() -> DocNavResource:
    return DocNavResource(
        roots=EnvVar("DOCNAV_ROOTS"),
        db=EnvVar("DOCNAV_DB"),
    )
