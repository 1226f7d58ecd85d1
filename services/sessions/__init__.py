"""Sessions service: what people actually did (live sessions, sets, completion) and its change feed."""
