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

A formula is often drawn twice: as MathML for screen readers and as a rendering for the eye.
- MediaWiki hides its MathML with an inline style on the wrapper that holds only it, beside an
  image whose alt text is the same TeX: that hidden copy is dropped, the image's text stays (a
  formula inside a closed tab, whose wrapper holds prose too, is kept with the prose);
- KaTeX, MathJax 2 and MathJax 3 put the MathML in a wrapper of its own next to an
  `aria-hidden="true"` rendering (KaTeX's `katex-html`, MathJax 2's `<nobr>`, MathJax 3's
  `<mjx-math>`): the rendering's glyph text is dropped and the formula's text stays once, as a
  screen reader reads it.
Invisible operators (U+2061-U+2064: function application, invisible times, separator, plus)
are left out; a binomial (`<mfrac linethickness="0">`) reads `(n choose k)`; a sub- or
superscript's base of several tokens is put in parentheses (`(a + b)^2`).
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
#: Invisible operators (function application, invisible times, separator, plus).
_INVISIBLE = str.maketrans("", "", "\u2061\u2062\u2063\u2064")
#: Outermost formulas, found in C (a formula inside another is replaced with it).
_OUTERMOST = etree.XPath("descendant-or-self::math[not(ancestor::math)]")


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
        return " ".join("".join(node.itertext()).translate(_INVISIBLE).split())
    parts = [_linear(child) for child in node if _tag(child) not in _SILENT]
    if tag == "semantics":
        return parts[0] if parts else ""
    if tag == "mfrac" and len(parts) == 2:
        if (node.get("linethickness") or "").strip() in {"0", "0px", "0em", "0pt"}:
            return f"({parts[0]} choose {parts[1]})"  # a binomial coefficient
        return f"{_group(parts[0])}/{_group(parts[1])}"
    if tag in {"msup", "mover"} and len(parts) == 2:
        return f"{_group(parts[0])}^{_group(parts[1])}"
    if tag in {"msub", "munder"} and len(parts) == 2:
        return f"{_group(parts[0])}_{_group(parts[1])}"
    if tag in {"msubsup", "munderover"} and len(parts) == 3:
        return f"{_group(parts[0])}_{_group(parts[1])}^{_group(parts[2])}"
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


def _wrapper(math: etree._Element) -> etree._Element | None:
    """The element that holds the formula and nothing else (no text of its own around it)."""
    parent = math.getparent()
    if parent is None or (parent.text or "").strip() or (math.tail or "").strip():
        return None
    return parent if len(parent) == 1 else None


def _hides(node: etree._Element | None) -> bool:
    return node is not None and (is_styled_hidden(node) or is_hidden(node))


def _drop_drawn_copy(wrapper: etree._Element | None) -> None:
    """Remove the `aria-hidden` rendering beside a formula's own wrapper (KaTeX, MathJax)."""
    box = wrapper.getparent() if wrapper is not None else None
    if box is None:
        return
    for sibling in [child for child in box if child.get("aria-hidden") == "true"]:
        if sibling is wrapper:
            continue
        tail = sibling.tail
        if tail:  # (text of the box after the rendering stays where it was)
            previous = sibling.getprevious()
            if previous is not None:
                previous.tail = (previous.tail or "") + tail
            else:
                box.text = (box.text or "") + tail
        box.remove(sibling)


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
    found = _OUTERMOST(root)
    for math in found if isinstance(found, list) else ():
        if not isinstance(math, etree._Element):
            continue
        wrapper = _wrapper(math)
        if _hides(math) or _hides(wrapper):  # (hidden itself, or MediaWiki's hidden copy)
            text = ""
        else:
            text = math_text(math)
            if text:
                _drop_drawn_copy(wrapper)
        span = etree.Element("span")
        span.text = f" {text} " if text else None
        span.tail = math.tail
        parent = math.getparent()
        if parent is not None:
            parent.replace(math, span)
