"""The RunFlow personal profile (seed 004, decision 0061)."""
