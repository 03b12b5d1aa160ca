"""The one place the Dagster code location is wired up."""

from __future__ import annotations

from dagster import Definitions, ScheduleDefinition, define_asset_job

from pipelines.assets import document_graph
from pipelines.resources import default_resource

index_job = define_asset_job(
    "index_documents", selection=[document_graph], tags={"docnav/store": "write"}
)

reconcile_schedule = ScheduleDefinition(
    name="reconcile_scan", job=index_job, cron_schedule="*/15 * * * *",
    description="Catch any change the sensors missed: an incremental index of every root.",
)

defs = Definitions(
    assets=[document_graph],
    jobs=[index_job],
    schedules=[reconcile_schedule],
    resources={"docnav": default_resource()},
)
