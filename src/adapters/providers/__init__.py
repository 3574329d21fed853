"""Search providers: one module each, plus the registry and `auto` selection."""
