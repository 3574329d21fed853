"""Tests that pin one rule each at its exact boundary (the survivors of `bench/mutation.sh`)."""
