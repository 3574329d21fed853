"""Read the hand-written fixture files of tests/extract/fixtures/."""

from __future__ import annotations

from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


def read_fixture(name: str) -> bytes:
    """The bytes of tests/extract/fixtures/<name>."""
    return (FIXTURES / name).read_bytes()
