"""The `webdistill` command line: `main` (argument parsing and entry), `commands` (what each
command does), `config_command`, `support` (exit codes, one-line errors, JSON output) and
`progress` (the terminal spinner)."""
