"""Chunking for the LLM compressor: size bound, section boundaries, code blocks kept whole."""

from __future__ import annotations

import pytest

from webdistill.adapters.compress.chunking import split_chunks


def test_small_text_is_one_chunk_and_blank_text_none() -> None:
    assert split_chunks("short text", 100) == ["short text"]
    assert split_chunks("   \n\n ", 100) == []
    with pytest.raises(ValueError):
        split_chunks("x", 0)


def test_chunks_end_at_section_headings_when_half_full() -> None:
    section = "## Part {n}\n\n" + "A sentence of filler text here. " * 12
    text = "\n\n".join(section.format(n=n) for n in range(6))
    chunks = split_chunks(text, 700)
    assert all(len(chunk) <= 700 for chunk in chunks)
    assert all(chunk.startswith("## Part") for chunk in chunks)
    assert len(chunks) == 6


def test_code_block_is_not_split_when_it_fits() -> None:
    code = "```python\n" + "\n".join(f"x{n} = {n}" for n in range(30)) + "\n```"
    text = "Intro paragraph. " * 20 + "\n\n" + code + "\n\nOutro paragraph. " * 20
    chunks = split_chunks(text, 400)
    assert sum(code in chunk for chunk in chunks) == 1


def test_oversized_code_block_is_cut_at_line_ends() -> None:
    code = "```\n" + "\n".join(f"line {n:03d}" for n in range(200)) + "\n```"
    chunks = split_chunks(code, 300)
    assert all(len(chunk) <= 300 for chunk in chunks)
    assert "".join(chunks) == code
    assert all(chunk.endswith("\n") for chunk in chunks[:-1])


def test_giant_single_line_is_cut_hard() -> None:
    chunks = split_chunks("x" * 1000, 300)
    assert [len(chunk) for chunk in chunks] == [300, 300, 300, 100]
