"""Put first on PYTHONPATH, this makes `import redis` fail as on an install without it."""

raise ModuleNotFoundError("No module named 'redis'", name="redis")
