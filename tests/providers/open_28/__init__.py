"""Open findings of issue 28, kept as strict expected failures.

An attacking review of the provider options (after the value lists, paging and CLI flags
landed) found these cases; each test asserts what the issue asks for and fails today. They
are marked `xfail(strict=True)`: when a fix makes one pass, the run fails until its marker
is removed, so a fixed finding cannot stay marked as open.
"""
