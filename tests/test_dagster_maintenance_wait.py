"""The Dagster maintenance jobs (prune_vectors, compact_store) that wait for a store another
process holds say so in the run's log as the wait starts, naming the holder's PID, as an
index run does; they waited without a word. Real runs, real holders in other processes."""

from __future__ import annotations

import warnings
from pathlib import Path

from _cli import SAMPLE_DOCS, SAMPLES, index
from _harness import held, writer_held
from dagster import Definitions, instance_for_test
from test_lock_wait_said import waiting_said

from pipelines.maintenance import compact_store_job, prune_vectors_job
from pipelines.resources import DocNavResource

warnings.filterwarnings("ignore", message=".*backfill_policy.*")


def run_log(instance, job, db: Path) -> str:
    """The job run on the store at ``db`` (a wait of up to 60 s); its log's lines."""
    resource = DocNavResource(roots=str(SAMPLES), db=str(db), embed_model="hashing",
                              summaries=False, lock_wait_seconds=60)
    result = Definitions(jobs=[job], resources={"docnav": resource}).resolve_job_def(
        job.name).execute_in_process(instance=instance)
    assert result.success
    return "\n".join(r.user_message for r in instance.all_logs(result.run_id)
                     if r.user_message)


def test_the_maintenance_jobs_say_whom_they_wait_for(tmp_path):
    db = tmp_path / "s.duckdb"
    assert index(db, SAMPLES / SAMPLE_DOCS[0]) == 0
    with instance_for_test() as instance:
        run_log(instance, compact_store_job, db)  # Dagster's first run loads what it needs
        with held(db, "w", 4) as holder:  # a query loading it, as DuckDB names it
            said = run_log(instance, prune_vectors_job, db)
        assert len(waiting_said(said, holder.pid)) == 1, said
        with writer_held(db, 4) as writer:  # a DocNav writer, as the writer lock's holder
            said = run_log(instance, compact_store_job, db)
    assert len(waiting_said(said, writer.pid)) == 1, said
