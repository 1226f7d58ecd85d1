"""Pure rules of the auth service: validation, hashing, key formats, token claims. No storage here."""
