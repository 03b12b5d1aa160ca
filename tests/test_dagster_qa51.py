"""The Dagster wiring as an operator drives it by hand: jobs launched from the CLI or the
Launchpad, outside the sensor's runs."""

from __future__ import annotations

import pytest
from dagster import Definitions

from docnav.errors import ConfigError
from pipelines.assets import collection, document
from pipelines.sensors import index_job
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    docs, instance, resource, stored_paths,
)


def test_a_run_naming_no_partition_says_how_to_name_them(instance, resource, docs):  # noqa: F811
    """`dagster job execute -j index_documents` names no partition: the run failed with
    Dagster's "Cannot access partition_key for a non-partitioned run", which says nothing of
    what to give; it now says how to name documents, or to index every root."""
    job = Definitions(assets=[document, collection], jobs=[index_job],
                      resources={"docnav": resource}).resolve_job_def("index_documents")
    with pytest.raises(ConfigError, match="names no document partition") as raised:
        job.execute_in_process(instance=instance)
    assert "--partition" in str(raised.value) and "full: true" in str(raised.value)
    assert not (docs.parent / "store").exists()

    full = job.execute_in_process(
        instance=instance, run_config={"ops": {"document": {"config": {"full": True}}}})
    assert full.success
    assert stored_paths(resource.db) == {str(docs / n) for n in ("a.md", "b.md", "c.md")}
