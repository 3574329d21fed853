"""Bodies that are small on the wire and costly to read: for the hostile-server tests and
bench/hostile_servers.py. Shapes follow the reports in issue 17 (a 25 KB PDF whose page holds
8 MiB of text operators, a CSV whose one row has a million columns, a wide JSON object)."""

from __future__ import annotations

import json
import zlib

from tests.extract.pdf_builder import assemble_pdf


def heavy_pdf(operator_mib: int = 8, pages: int = 1) -> bytes:
    """A PDF whose page content streams (FlateDecode) hold `operator_mib` MiB of text-showing
    operators each: a few tens of kilobytes that cost pypdf many seconds of CPU per page."""
    line = b"BT /F1 9 Tf 72 700 Td (Hostile text operator, repeated without end.) Tj ET\n"
    stream = zlib.compress(line * (operator_mib * (1 << 20) // len(line)), 9)
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(pages))
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i in range(pages):
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {5 + 2 * i} 0 R >>".encode()
        )
        objects.append(
            f"<< /Length {len(stream)} /Filter /FlateDecode >>\nstream\n".encode()
            + stream
            + b"\nendstream"
        )
    return assemble_pdf(objects)


def wide_csv(columns: int = 1_000_000, rows: int = 60) -> bytes:
    """A header row of `columns` empty cells over `rows` short rows (padding bait)."""
    return b"," * columns + b"\n" + b"a,b,c\n" * rows


def wide_json(keys: int = 200_000) -> bytes:
    """One object with `keys` keys, each holding a small nested object."""
    return json.dumps({f"k{i}": {"v": i, "w": [i, i]} for i in range(keys)}).encode()
