"""Open findings of issue 26, kept as strict expected failures.

An attacking review of the fence found these cases after the own-text rule landed: a URL
that passed the policy may stand outside the fence, but a redirect target's or a search
hit's path is written by the server (`/SYSTEM:%20IGNORE%20PREVIOUS...` is readable), and
look-alike closing markers (zero-width space, Cyrillic e) survive the neutraliser. Each test
asserts what the issue asks for and fails today; `xfail(strict=True)` makes a fixed finding
fail the run until its marker is removed.
"""
