"""A run whose resource says policy 'drop' with verify off (set in code, or in a launchpad's
resource config, where DOCNAV_* are not read) fails before it writes anything, as `docnav
index --policy drop --no-verify` is refused: it indexed and summarised, dropping nothing.
A real Dagster run (in process), the hashing embedder."""

from __future__ import annotations

import warnings

import pytest
from dagster import DagsterEventType, materialize

from docnav.errors import ConfigError
from pipelines.changes import PARTITIONS

from pipelines.assets import collection, document
from pipelines.resources import DocNavResource
from tests._dagster_harness import add_partitions, docs, instance, range_tags, tick  # noqa: F401

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


def test_a_run_with_drop_and_no_verification_fails_before_it_writes(instance, tmp_path,
                                                                     docs):  # noqa: F811
    db = tmp_path / "store" / "g.duckdb"
    resource = DocNavResource(roots=str(docs), db=str(db), embed_model="hashing",
                              policy="drop", verify=False)
    keys = add_partitions(instance, *sorted(docs.glob("*.md")))
    result = materialize([document, collection], instance=instance,
                         resources={"docnav": resource}, tags=range_tags(keys[0], keys[-1]),
                         raise_on_error=False)
    assert not result.success
    [failed] = [e for e in result.all_events if e.event_type == DagsterEventType.STEP_FAILURE]
    said = failed.step_failure_data.error.to_string()
    assert ("the resource's policy='drop' removes the claims the NLI check does not support: "
            "it cannot go with verify=False, which leaves the check out; set policy='flag', "
            "or verify=True to check the claims") in said, said
    assert not db.exists() and not db.parent.exists()


def test_a_sensor_tick_with_drop_and_no_verification_fails_naming_the_fields(
        instance, tmp_path, docs):  # noqa: F811
    """The sensor requested runs for such a resource, each to fail; its tick now fails with
    the refusal, naming the resource's fields (no DOCNAV_* was read), and requests none."""
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "g.duckdb"),
                              embed_model="hashing", policy="drop", verify=False)
    with pytest.raises(ConfigError, match=r"^the resource's policy='drop' removes the claims "
                                          r".*: it cannot go with verify=False, "):
        tick(instance, resource, None)
    assert instance.get_dynamic_partitions(PARTITIONS) == [] and not instance.get_runs()
