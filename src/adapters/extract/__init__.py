"""Content-type dispatch and main-content extraction: bytes in, `Document` out."""
