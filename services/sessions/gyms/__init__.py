"""Gyms: companies, coaches, clients, consent, Workout V2 plans, presets and equipment.

A hexagon of its own inside the sessions service (``domain``, ``service_layer``, ``adapters``,
``entrypoints``, built by ``bootstrap``), sharing the service's process, schema and migrations.
The session core never imports it: it reads gyms through its own ports (the ``GymDirectory``
protocol and the ``ModuleGates`` callable), and ``services/sessions/bootstrap.py`` plugs this
package in. Layout and dependency rule: docs/decisions/0029-gyms-hexagon-and-typed-feed.md;
what gyms are: docs/decisions/0018-gyms.md.
"""
