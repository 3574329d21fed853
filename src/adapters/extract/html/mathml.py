"""MathML formulas as text: the TeX the page gives for them, else a linear form.

The reader used to remove `<math>` with scripts and styles, so a formula in running text
("the two solutions of <math>…</math> are …") left a hole in the sentence. `flatten_math`
replaces each visible `<math>` by a `<span>` holding its text, before the reader measures
and walks the tree:

- the TeX source when the page gives it (`alttext`, or an `<annotation
  encoding="application/x-tex">`, as MediaWiki, LaTeXML/arXiv and MathJax's output do),
  between `$` (or `$$` for `display="block"`);
- else a linear form of the presentation markup, tokens spaced: `(a)/(b)` for `<mfrac>`,
  `x^2`, `a_k`, `√(…)`, a table's rows separated by `;`.

A formula hidden by an inline style (MediaWiki hides its MathML for screen readers and
shows an image whose alt text is the same TeX) is dropped: the visible copy stays.
Written by hand: the converters on PyPI are small one-author packages, and the reader only
needs text an LLM can read, not faithful TeX. Recursion is bounded by the parser's depth.
"""

from __future__ import annotations

from lxml import etree

from webdistill.adapters.extract.html.furniture import is_hidden, is_styled_hidden

_TEX = frozenset({"application/x-tex", "tex", "application/x-latex", "latex"})
#: Elements whose text is a token of the formula.
_TOKENS = frozenset({"mi", "mn", "mo", "mtext", "ms", "mglyph", "cn", "ci", "csymbol"})
#: Elements that draw nothing or only annotate.
_SILENT = frozenset({"annotation", "annotation-xml", "mphantom", "none", "mprescripts"})
#: How many ancestors are looked at for an inline style hiding the formula.
_HIDDEN_LOOKUP = 3


def _tag(node: etree._Element) -> str:
    tag = node.tag
    return tag.lower() if isinstance(tag, str) else ""


def _tex(math: etree._Element) -> str:
    """The TeX source the page gives for the formula, or ''."""
    alt = " ".join((math.get("alttext") or "").split())
    if alt:
        return alt
    for node in math.iter():
        if _tag(node) == "annotation" and (node.get("encoding") or "").lower() in _TEX:
            return " ".join("".join(node.itertext()).split())
    return ""


def _group(text: str) -> str:
    """`text` as one operand: bare when it is one token, else in parentheses."""
    return text if text and " " not in text else f"({text})"


def _linear(node: etree._Element) -> str:
    """The linear form of a presentation-MathML node."""
    tag = _tag(node)
    if tag in _SILENT or not tag:
        return ""
    if tag in _TOKENS:
        return " ".join("".join(node.itertext()).split())
    parts = [_linear(child) for child in node if _tag(child) not in _SILENT]
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag == "mfrac" and len(parts) == 2:
        return f"{_group(parts[0])}/{_group(parts[1])}"
    if tag in {"msup", "mover"} and len(parts) == 2:
        return f"{parts[0]}^{_group(parts[1])}"
    if tag in {"msub", "munder"} and len(parts) == 2:
        return f"{parts[0]}_{_group(parts[1])}"
    if tag in {"msubsup", "munderover"} and len(parts) == 3:
        return f"{parts[0]}_{_group(parts[1])}^{_group(parts[2])}"
    if tag == "msqrt":
        return f"√({' '.join(p for p in parts if p)})"
    if tag == "mroot" and len(parts) == 2:
        return f"√[{parts[1]}]({parts[0]})"
    if tag == "mfenced":
        inner = (node.get("separators") or ",").strip()[:1] + " "
        return f"{node.get('open', '(')}{inner.join(p for p in parts if p)}{node.get('close', ')')}"
    if tag == "mtable":
        return "; ".join(p for p in parts if p)
    return " ".join(p for p in parts if p)


def _hidden(math: etree._Element) -> bool:
    node: etree._Element | None = math
    for _ in range(_HIDDEN_LOOKUP + 1):
        if node is None:
            return False
        if is_styled_hidden(node) or is_hidden(node):
            return True
        node = node.getparent()
    return False


def math_text(math: etree._Element) -> str:
    """The text that stands for the formula `math` (see the module docstring)."""
    tex = _tex(math)
    if tex:
        fence = "$$" if (math.get("display") or "").lower() == "block" else "$"
        return f"{fence}{tex}{fence}"
    return " ".join(_linear(math).split())


def flatten_math(root: etree._Element) -> None:
    """Replace each outermost `<math>` under `root` by a `<span>` of its text (hidden
    copies by nothing), keeping the text after it."""
    for math in list(root.iter("math")):
        if any(_tag(a) == "math" for a in math.iterancestors()):
            continue  # (inside a formula already replaced)
        text = "" if _hidden(math) else math_text(math)
        span = etree.Element("span")
        span.text = f" {text} " if text else None
        span.tail = math.tail
        parent = math.getparent()
        if parent is not None:
            parent.replace(math, span)
