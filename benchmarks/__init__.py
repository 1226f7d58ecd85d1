"""Benchmarks that print figures (``make bench``); none of them is a test."""
