"""The endurance records: completed activities with their per-second streams, the athlete's dated
thresholds and the daily health and readiness entries (EnduranceService).

A module of its own inside the sessions service (``domain``, ``service_layer``, ``adapters``,
``entrypoints``, built by ``bootstrap``), like ``workout_log``. It writes its own tables, under the
core's account lock, and appends to the core's change feed in the same transaction, so analytics
reads activities, thresholds and readiness from the one feed it already follows. Streams never
leave this module except through GetActivity: the figures that need them are computed here.
The core never imports it; ``services/sessions/bootstrap.py`` plugs it in.
Rules: docs/decisions/0054-endurance-records.md.
"""
