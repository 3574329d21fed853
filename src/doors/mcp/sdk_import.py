"""Load the MCP SDK's server modules without the SDK's package-wide imports (issue 33).

`import mcp.server.lowlevel` first runs `mcp/__init__.py` and `mcp/server/__init__.py`, and
those import the SDK's client (with httpx2), its high-level `MCPServer` (resources, prompts,
cryptography) and more: about 0.12 s of CPU (`-X importtime`, resource usage) on the way to
a stdio server's first tool answer, for code a server never runs. `defer_package_inits()`
registers those two packages with their search path but does not run them yet: submodules
import as usual (`mcp.server.lowlevel`, `mcp.server.stdio`...), and a package's own
`__init__` runs, into the same module object, the first time a name is asked of it (`from
mcp import ClientSession`, as the MCP search-provider bridge does; `mcp.Client`): every
importer still sees the SDK it expects, it only pays later.

Used by `webdistill mcp` over stdio (handshake.py), before anything imports the SDK; when
the SDK is already imported it does nothing.
"""

from __future__ import annotations

import importlib.util
import sys
import threading
import types

#: The packages whose `__init__` waits for a first attribute lookup, parents first.
DEFERRED = ("mcp", "mcp.server")

_lock = threading.RLock()


def _run_init(module: types.ModuleType) -> None:
    """Run `module`'s real `__init__` into it, once."""
    with _lock:
        if module.__dict__.pop("__getattr__", None) is None:
            return  # (already run, by another thread)
        spec = module.__spec__
        assert spec is not None and spec.loader is not None
        spec.loader.exec_module(module)


def _deferred(name: str) -> types.ModuleType | None:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return None
    module = importlib.util.module_from_spec(spec)  # sets __path__, __spec__, __file__...

    def __getattr__(attribute: str) -> object:  # (PEP 562: asked when a name is missing)
        _run_init(module)
        try:
            return module.__dict__[attribute]
        except KeyError:
            raise AttributeError(f"module {name!r} has no attribute {attribute!r}") from None

    module.__dict__["__getattr__"] = __getattr__
    return module


def defer_package_inits() -> bool:
    """Register `DEFERRED` in `sys.modules` with their `__init__` not yet run. False (and
    nothing changed) when the SDK is already imported or not installed."""
    with _lock:
        if any(name in sys.modules for name in DEFERRED):
            return False
        added: list[str] = []
        for name in DEFERRED:
            module = _deferred(name)
            if module is None:
                for done in added:
                    del sys.modules[done]
                return False
            sys.modules[name] = module
            added.append(name)
            parent, _, child = name.rpartition(".")
            if parent:
                setattr(sys.modules[parent], child, module)
        return True
