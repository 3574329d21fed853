"""Tracking-parameter lists taken from their maintainers, kept as data with the source named.

`ddg` (DuckDuckGo's list), `brave` (Brave's simple, site-scoped and conditional names) and
`tidyurl` (TidyURL's site-scoped rules); `kernel.urls` applies them.
"""
