"""Own text is built from literals: every call of `own`/`line`/`words` in `src/` has a string
literal template (or a conditional choosing between literals) with as many `{}` as parts,
and `OwnText(...)`/`Fenced(...)` are called only by their constructors' modules. The walker
is proven on planted violations first."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
BUILDERS = frozenset({"own", "line", "words"})
#: Modules allowed to call the NewType itself (the constructors' own module, and the fence),
#: and `relayed`: webdistill's own words carried as a plain str (a message our extraction
#: worker built, back over its pipe). Search providers build their notes with `own` at the
#: source, store adapters their reasons, and notes read back from a store are put in closed
#: forms: the registry and the cache relay nothing (issue 26).
NEWTYPE_HOMES = {
    "OwnText": {"kernel/own_text.py"},
    "Fenced": {"doors/render.py"},
    "relayed": {"kernel/own_text.py", "adapters/extract/pool.py"},
    #: Gone (issue 26): no module may call it again.
    "unconverted": set(),
}


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    func = node.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        return func.attr if func.value.id == "own_text" else None
    return None


def _literal_templates(node: ast.expr) -> list[str] | None:
    """The literal templates `node` can be, or None when it is not a literal."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        body, orelse = _literal_templates(node.body), _literal_templates(node.orelse)
        return None if body is None or orelse is None else body + orelse
    return None


def violations(source: str, relative: str) -> list[str]:
    """Each non-literal own template or stray NewType call in `source`, as `path:line: why`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        callee = _callee(node)
        where = f"{relative}:{node.lineno}"
        if callee in NEWTYPE_HOMES and relative not in NEWTYPE_HOMES[callee]:
            found.append(f"{where}: {callee}(...) outside its constructors")
        for passed in (*node.args, *(keyword.value for keyword in node.keywords)):
            given = passed.value if isinstance(passed, ast.Starred) else passed
            if not isinstance(given, ast.Name) or given.id not in NEWTYPE_HOMES:
                continue
            if relative not in NEWTYPE_HOMES[given.id]:  # map(relayed, ...), cast(OwnText, ...)
                found.append(f"{where}: {given.id} passed outside its constructors")
        if callee not in BUILDERS or relative == "kernel/own_text.py":
            continue
        templates = _literal_templates(node.args[0]) if node.args else None
        if templates is None or node.keywords:
            found.append(f"{where}: {callee}() template is not a string literal")
            continue
        parts = node.args[1:]
        if not any(isinstance(part, ast.Starred) for part in parts):
            for template in templates:
                if template.count("{}") != len(parts):
                    found.append(f"{where}: {callee}() has {len(parts)} parts for {template!r}")
    return found


PLANTED = """
from webdistill.kernel import own_text
from webdistill.kernel.own_text import OwnText, line, own, words
own(f"Redirect to {url}")
own("Redirect to " + url)
own(template, site(url))
words(error.message)
own_text.words(notice)
line("{} and {}", number(1))
own(*args)
OwnText(server_text)
relayed(server_text)
unconverted(server_text)
own("fine {}", site(url))
own("fine" if ok else "also fine")
"""


def test_the_walker_catches_each_planted_violation() -> None:
    found = violations(PLANTED, "adapters/planted.py")
    assert [item.split(":")[1] for item in found] == [
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "10",
        "11",
        "12",
        "13",
    ]


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_every_own_template_in_src_is_a_literal(path: Path) -> None:
    relative = path.relative_to(SRC).as_posix()
    assert violations(path.read_text(encoding="utf-8"), relative) == []


#: A provider note relayed at the registry and a stored note relayed by the cache, as p26
#: had them: both refused now.
RELAYS = """
from webdistill.kernel.own_text import relayed
skipped = (*skipped, *map(relayed, answer.notes))
shortfall = relayed(answer.shortfall)
"""


@pytest.mark.parametrize("where", ["adapters/providers/registry.py", "adapters/pipeline/cache.py"])
def test_relaying_is_refused_in_the_registry_and_the_cache(where: str) -> None:
    found = violations(RELAYS, where)
    assert sorted(item.split(":")[1] for item in found) == ["3", "4"]
