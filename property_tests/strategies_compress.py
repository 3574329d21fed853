"""Hypothesis strategies for the compressors: Markdown-like documents with known blocks."""

from __future__ import annotations

from hypothesis import strategies as st

_words = st.sampled_from(
    ["alpha", "beta", "gamma", "code", "tide", "port", "the", "of", "42", "3.14", "Zoë", "x"]
)
_sentences = st.lists(_words, min_size=1, max_size=12).map(lambda ws: " ".join(ws) + ".")
_paragraphs = st.lists(_sentences, min_size=1, max_size=25).map(" ".join)
_headings = st.tuples(st.integers(1, 4), st.lists(_words, min_size=1, max_size=4)).map(
    lambda t: "#" * t[0] + " " + " ".join(t[1])
)
_lists = st.lists(_sentences, min_size=1, max_size=8).map(
    lambda items: "\n".join(f"- {item}" for item in items)
)
_noise = st.text(max_size=60)


def _code_block(number: int) -> str:
    return f"```\ncodeblock{number} = 1\n\n\nmore{number}()\n```"


def _table(number: int) -> str:
    return f"| col | tablerow{number} |\n|---|---|\n| a | tableend{number} |"


@st.composite
def markdown_with_atoms(draw: st.DrawFn) -> tuple[str, list[str]]:
    """A document and the code blocks / tables in it (each with unique marker words)."""
    blocks: list[str] = []
    atoms: list[str] = []
    for number in range(draw(st.integers(0, 14))):
        kind = draw(st.sampled_from(["p", "p", "p", "h", "code", "table", "list", "noise"]))
        if kind == "code":
            atoms.append(_code_block(number))
            blocks.append(atoms[-1])
        elif kind == "table":
            atoms.append(_table(number))
            blocks.append(atoms[-1])
        elif kind == "h":
            blocks.append(draw(_headings))
        elif kind == "list":
            blocks.append(draw(_lists))
        elif kind == "noise":
            blocks.append(draw(_noise))
        else:
            blocks.append(draw(_paragraphs))
    separator = draw(st.sampled_from(["\n\n", "\n\n\n", "\r\n\r\n"]))
    return separator.join(blocks), atoms


def markdown_documents() -> st.SearchStrategy[str]:
    """Markdown-like documents: headings, paragraphs, lists, code blocks, tables, noise."""
    return markdown_with_atoms().map(lambda pair: pair[0])
