"""The shipped snapshot itself: provenance in its header, licence beside it, and entries the
matcher can use as they are (canonical, unique, sorted, no non-public address)."""

from __future__ import annotations

from returns.pipeline import is_successful

from webdistill.adapters.blocklist import DATA_FILE, LICENCE_FILE, read_blocklist
from webdistill.kernel import addresses, hosts


def header() -> dict[str, str]:
    head = DATA_FILE.read_text().partition("\n\n")[0]
    pairs = (line[2:].split(": ", 1) for line in head.splitlines() if ": " in line)
    return {key: value for key, value in pairs}


def test_the_header_names_source_date_and_licence() -> None:
    fields = header()
    assert fields["Source"].startswith("https://")
    assert fields["Feed updated"].startswith("20")
    assert "CC0" in fields["Licence"]
    assert int(fields["Entries"].replace(",", "")) == len(read_blocklist())


def test_the_licence_file_ships_beside_it() -> None:
    text = LICENCE_FILE.read_text()
    assert "CC0" in text and "MIT License" in text and "URLhaus" in text


def test_every_entry_is_a_canonical_public_host_once_in_order() -> None:
    body = DATA_FILE.read_text().partition("\n\n")[2].split()
    assert len(body) >= 1000
    assert body == sorted(set(body))
    for entry in body:
        parsed = hosts.parse_host(f"[{entry}]" if ":" in entry else entry)
        assert is_successful(parsed), entry
        host = parsed.unwrap()
        assert host.name == entry
        if host.address is None:
            assert "." in entry, entry
        else:
            assert addresses.address_category(host.address) is addresses.AddressCategory.PUBLIC


def test_reading_twice_gives_the_same_set() -> None:
    assert read_blocklist() is read_blocklist()
