"""Use cases of the gyms hexagon: the admin writes, the client reads, the demo gym."""
