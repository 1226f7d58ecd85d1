"""Password hashing with argon2id, a memory-hard KDF (see docs/decisions/0003-signing-keys-and-api-keys.md).

The parameters are RFC 9106's second recommended option (64 MiB, three passes, four lanes): each
guess costs an attacker 64 MiB of memory, which is what hurts GPU and ASIC rigs, while one hash
takes about 0.17 s on a two-core machine (measured with argon2-cffi 25.1). Each stored hash records
its own parameters, so raising them later only needs new constants: ``needs_rehash`` tells sign-in
to upgrade old hashes with the password it just checked.
"""

from __future__ import annotations

from dataclasses import dataclass

from argon2 import PasswordHasher as _Argon2Hasher
from argon2 import Type
from argon2.exceptions import InvalidHashError, VerificationError

TIME_COST = 3  # passes over memory
MEMORY_COST_KIB = 64 * 1024  # 64 MiB per hash
PARALLELISM = 4  # lanes
HASH_LEN = 32  # bytes of output
SALT_LEN = 16  # bytes of random salt per hash


@dataclass(frozen=True)
class Argon2Parameters:
    """Cost parameters of argon2id; tests may pass cheaper ones, production uses the defaults."""

    time_cost: int = TIME_COST
    memory_cost_kib: int = MEMORY_COST_KIB
    parallelism: int = PARALLELISM
    hash_len: int = HASH_LEN
    salt_len: int = SALT_LEN


class PasswordHasher:
    """Hashes and checks passwords; hashes are PHC strings (``$argon2id$v=19$m=...``)."""

    def __init__(self, parameters: Argon2Parameters | None = None) -> None:
        p = parameters or Argon2Parameters()
        self._hasher = _Argon2Hasher(
            time_cost=p.time_cost,
            memory_cost=p.memory_cost_kib,
            parallelism=p.parallelism,
            hash_len=p.hash_len,
            salt_len=p.salt_len,
            type=Type.ID,
        )
        self._dummy_hash: str | None = None

    def hash(self, password: str) -> str:
        """A fresh salted hash of ``password``."""
        return self._hasher.hash(password)

    def verify(self, stored_hash: str, password: str) -> bool:
        """Whether ``password`` matches ``stored_hash``; a corrupt hash never matches."""
        try:
            return self._hasher.verify(stored_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, stored_hash: str) -> bool:
        """Whether ``stored_hash`` was made with other parameters than the current ones."""
        try:
            return self._hasher.check_needs_rehash(stored_hash)
        except InvalidHashError:
            return True

    def waste_time(self, password: str) -> None:
        """Spend as long as a real check, so an unknown email answers as slowly as a wrong password."""
        if self._dummy_hash is None:
            self._dummy_hash = self.hash("kinetic-timing-equalizer")
        self.verify(self._dummy_hash, password)
