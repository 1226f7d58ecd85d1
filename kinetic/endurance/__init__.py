"""Pure endurance formulas: runs, rides and swims, and the athlete thresholds they rest on.

No I/O, no gRPC, no database: each module turns numbers an athlete or a recording gives into the
figures an athlete profile and its activities show (VDOT and training paces, heart-rate zones and
load, critical swim speed and pace zones, power and load). Any service may read them, as it reads
``kinetic.training_knowledge``. Formulas, sources, constants and conventions:
docs/decisions/0052-running-swimming-and-heart-rate-figures.md.
"""
