"""What a range run tells of each document partition, in real Dagster runs: each partition's
materialisation carries its own document's outcome, beside the run's totals (``run_…``)."""

from __future__ import annotations

import warnings

from dagster import materialize

from pipelines.assets import document
from pipelines.partitions import key_for_path
from tests._dagster_harness import (  # noqa: F401 (fixtures)
    add_partitions, docs, instance, range_tags, resource, run_meta,
)

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


def by_partition(result) -> dict[str, dict]:
    return {m.partition: {k: v.value for k, v in m.metadata.items()}
            for m in result.asset_materializations_for_node("document")}


def test_each_partition_of_a_range_run_says_what_happened_to_its_own_document(
        instance, resource, docs):  # noqa: F811
    """A run over a.md, b.md, c.md and an empty e.md gave every partition the run's counts:
    each read "documents_added: 3, documents_failed: 1", e.md's as much as a.md's. Each now
    says its own outcome (e.md's with its error), and the totals are named as the run's."""
    (docs / "e.md").write_text("")
    keys = add_partitions(instance, *(docs / n for n in ("a.md", "b.md", "c.md", "e.md")))
    first = materialize([document], instance=instance, resources={"docnav": resource},
                        tags=range_tags(keys[0], keys[-1]))
    own = by_partition(first)
    assert {k: m["outcome"] for k, m in own.items()} == dict(
        zip(keys, ["added", "added", "added", "failed"]))
    assert own[keys[3]]["error"] == "file is empty (0 bytes)"
    assert "error" not in own[keys[0]] and "documents_added" not in own[keys[0]]
    assert all(m["run_documents_added"] == 3 and m["run_documents_failed"] == 1
               for m in own.values())
    assert run_meta(first)["documents_added"] == 3

    (docs / "b.md").write_text("# Bravo\n\nBravo builds bigger boats.\n")
    again = by_partition(materialize([document], instance=instance,
                                     resources={"docnav": resource},
                                     tags=range_tags(keys[0], keys[-1])))
    assert {k: m["outcome"] for k, m in again.items()} == dict(
        zip(keys, ["unchanged", "changed", "unchanged", "failed"]))


def test_the_partition_of_a_file_deleted_before_its_run_says_removed(instance, resource,
                                                                     docs):  # noqa: F811
    """z.md, the end of a run's range, is deleted before the run starts: the run removes its
    document, and Dagster still materialises the partition (every partition of the range);
    it read as indexed, with the run's counts. It now says its document was removed, and
    that the sensor deletes the partition."""
    z = docs / "z.md"
    z.write_text("# Zulu\n\nZulu zigzags.\n")
    keys = add_partitions(instance, docs / "a.md", z)
    materialize([document], instance=instance, resources={"docnav": resource},
                tags=range_tags(keys[0], keys[-1]))
    z.unlink()
    own = by_partition(materialize([document], instance=instance,
                                   resources={"docnav": resource},
                                   tags=range_tags(keys[0], keys[-1])))
    assert own[key_for_path(str(z))]["outcome"] == "removed"
    assert own[key_for_path(str(z))]["why"].startswith("its file is gone")
    assert own[keys[0]]["outcome"] == "unchanged" and "why" not in own[keys[0]]

