"""Adapters of the kernel's `Store` port: memory, disk (the embedded default) and Redis."""
