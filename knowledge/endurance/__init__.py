"""Endurance formulas: pure functions over the streams and daily figures of runs, rides and swims.

Nothing here does I/O: a caller reads an activity's samples or its stored per-activity summaries
and passes plain values in, and gets frozen values back, at full precision (rounding belongs to the
answer a service builds, as for strength figures in docs/decisions/0037-exercise-names-and-trends.md).
The analytics service will compute its endurance figures with these; the edge and the other services
may read them too, because they are the same arithmetic everywhere.

- ``power``: a ride's 1 Hz power stream: normalized power, intensity factor, variability index,
  training stress, mean-maximal power, the power curve across rides, estimated FTP, power zones
  and time in them;
- ``load``: the performance management chart from a daily training-stress series: chronic and
  acute load, form, ramp rate, the acute:chronic workload ratio and an overtraining-risk class,
  per sport and combined;
- ``running``: VDOT from a race, race predictions, E/M/T/I/R training paces, effective VDOT from
  recent runs, threshold pace and rTSS;
- ``heart_rate``: six heart-rate zones from a threshold (or estimated from resting and maximum),
  TRIMP, hrTSS and time in zones;
- ``swimming``: critical swim speed, swim pace zones and sTSS;
- ``pace``: paces per kilometre and per mile, and "m:ss" text.

Each formula, its source and its conventions: docs/decisions/0051-power-stress-and-training-load.md
(power, load) and docs/decisions/0052-running-swimming-and-heart-rate-figures.md (running, heart
rate, swimming).
"""
