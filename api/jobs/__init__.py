"""Background jobs of the service: expiry and consolidation, run once or on a schedule.

``api.jobs.scheduler`` holds the ``JobRunner`` (one run of a job, used by the scheduler, the
admin route and the CLI) and the APScheduler wiring.
"""
