"""The collection asset reads the NLI model's weights only when a claim is to be checked: an
update with nothing queued read them all the same (seconds and ~100 MB a run). Real Dagster
runs (in process) with the real shared NLI model, reached through a folder of links to its
files; the link to the weights is then removed, so that reading them fails."""

from __future__ import annotations

import warnings

from dagster import DagsterEventType, materialize

from pipelines.assets import collection, document
from pipelines.resources import DocNavResource
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    add_partitions, docs, instance, range_tags, run_meta,
)
from tests._paths import NLI_MODEL, require

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


def _failure(result) -> str:
    [failed] = [e for e in result.all_events if e.event_type == DagsterEventType.STEP_FAILURE]
    return failed.step_failure_data.error.to_string()


def test_a_collection_update_with_no_claim_to_check_reads_no_nli_weights(instance, tmp_path,
                                                                          docs):  # noqa: F811
    nli = tmp_path / "nli"
    nli.mkdir()
    for part in require(NLI_MODEL).iterdir():
        (nli / part.name).symlink_to(part)
    resource = DocNavResource(roots=str(docs), db=str(tmp_path / "store" / "g.duckdb"),
                              embed_model="hashing", nli_model=str(nli))
    keys = add_partitions(instance, *sorted(docs.glob("*.md")))
    first = materialize([document, collection], instance=instance,
                        resources={"docnav": resource}, tags=range_tags(keys[0], keys[-1]))
    assert run_meta(first)["claims_checked"] > 0
    (nli / "model.safetensors").unlink()  # its config and tokenizer are still there

    again = materialize([collection], instance=instance, resources={"docnav": resource},
                        raise_on_error=False)
    assert again.success, _failure(again)

    (docs / "b.md").write_text("# Bravo\n\nBravo builds boats and bridges.\n")
    full = materialize([collection], instance=instance, resources={"docnav": resource},
                       run_config={"ops": {"collection": {"config": {"full": True}}}},
                       raise_on_error=False)
    assert not full.success
    said = _failure(full)
    assert f"cannot load NLI model {str(nli)!r}" in said and "$DOCNAV_NLI_MODEL" in said, said
