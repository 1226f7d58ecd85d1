"""Storage of the gyms hexagon: the ``gym_*`` tables of the sessions schema and the directory over them."""
