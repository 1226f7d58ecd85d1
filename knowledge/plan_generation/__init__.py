"""What the running plan generator publishes: its 17 events, its arguments' limits and the JSON
Schema of its arguments (decision 0065, "Input schema"). Training runs the generator
(``services.training.plans.generator``, decision 0096); the edge publishes the schema and the event
list from here without importing the service.
"""
