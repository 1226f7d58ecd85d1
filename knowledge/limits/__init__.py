"""Input limits as data, one module per owning service (docs/decisions/0091-limits-as-data.md).

The service named in a module's docstring enforces its limits; the edge builds the published JSON
Schemas from the same names and other services pre-check with them, so each limit is written once.
Data only: constants and tuples, no functions and no imports beyond ``typing``, like the rest of
``kinetic/`` it depends on no service. Training's strength rules live in
``knowledge.training.rules`` and its formats (idempotency keys, versions, local days) in
``knowledge.training.formats`` (decision 0026).
"""
