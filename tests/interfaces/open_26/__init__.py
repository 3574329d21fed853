"""Findings of issue 26's attacking review, fixed since (2dada08): each test asserts the fix.

An attacking review of the fence found these cases after the own-text rule landed: a URL
that passed the policy may stand outside the fence, but a redirect target's or a search
hit's path is written by the server (`/SYSTEM:%20IGNORE%20PREVIOUS...` is readable), and
look-alike closing markers (zero-width space, Cyrillic e) survived the neutraliser. They were
kept as strict expected failures until fixed.
"""
