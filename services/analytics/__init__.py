"""Analytics service: data derived from the other services' change feeds."""
