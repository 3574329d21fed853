"""Closing a toolkit while reads are under way (tests from the session-10 attack)."""
