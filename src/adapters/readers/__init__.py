"""Hosted readers (opt-in fallback): services that read a URL from their own servers."""
