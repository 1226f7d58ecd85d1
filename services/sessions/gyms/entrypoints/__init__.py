"""Ways in to the gyms hexagon: GymAdminService and ClientWorkoutService over gRPC, and the CLI."""
