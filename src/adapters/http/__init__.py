"""The guarded HTTP client: SSRF-safe resolution, redirects by hand, size caps, timeouts."""
