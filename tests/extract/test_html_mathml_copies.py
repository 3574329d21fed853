"""MathML drawn twice, and formulas read as an LLM should read them (found by the session-10
attack on the MathML reader; each test failed on cf7687c).

Shapes: KaTeX's real output (a MathML copy in `katex-mathml` beside the `aria-hidden`
`katex-html` rendering), MathJax 2's HTML-CSS output with its assistive MathML (default since
MathJax 2.6), MathJax/LaTeXML presentation markup (binomials as `mfrac linethickness="0"`,
U+2061/U+2062 invisible operators); the formula-count growth case is counted, not timed.
"""

from __future__ import annotations

from tests.extract.call_count import calls
from webdistill.adapters.extract.html.reader import extract_html

P = (
    "<p>The pilot study enrolled forty patients over two years, and the analysis below reports"
    " the main result in detail for readers who want to check it themselves.</p>"
)


def _page(para: str) -> str:
    return (
        "<!DOCTYPE html><html><head><title>T</title></head><body><article>"
        f"<h1>Notes on series</h1>{P}<p>{para}</p>{P}{P}</article></body></html>"
    )


def _line(html: str, word: str = "We know") -> tuple[str, str]:
    doc = extract_html(_page(html))
    pick = lambda s: next(line for line in s.splitlines() if word in line)  # noqa: E731
    return pick(doc.text), pick(doc.markdown)


# KaTeX's real output: a MathML copy (class katex-mathml, hidden by KaTeX's CSS) beside the
# HTML rendering (aria-hidden). The reader kept the HTML rendering before; now both.
KATEX = (
    'We know that <span class="katex"><span class="katex-mathml"><math xmlns="http://www.w3.org/'
    '1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn>'
    '</mrow><annotation encoding="application/x-tex">x^2+1</annotation></semantics></math>'
    '</span><span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" '
    'style="height:0.8141em;"></span><span class="mord"><span class="mord mathnormal">x</span>'
    '<span class="msupsub"><span class="vlist-t"><span class="vlist-r"><span class="vlist" '
    'style="height:0.8141em;"><span style="top:-3.063em;margin-right:0.05em;"><span '
    'class="pstrut" style="height:2.7em;"></span><span class="sizing reset-size6 size3 mtight">'
    '<span class="mord mtight">2</span></span></span></span></span></span></span></span>'
    '<span class="mbin">+</span><span class="mord">1</span></span></span></span>'
    " is positive for every real x."
)

# MathJax 2 HTML-CSS output with its assistive MathML (default since MathJax 2.6).
MATHJAX2 = (
    'We know that <span class="MathJax" id="MathJax-Element-1-Frame" tabindex="0" '
    'role="presentation" style="position: relative;"><nobr aria-hidden="true"><span class="math" '
    'id="MathJax-Span-1" style="width: 2.5em; display: inline-block;"><span style="display: '
    'inline-block; position: relative;"><span class="mrow" id="MathJax-Span-2"><span '
    'class="msubsup" id="MathJax-Span-3"><span class="mi" id="MathJax-Span-4" style="font-family: '
    'MathJax_Math-italic;">x</span><span class="mn" id="MathJax-Span-5" style="font-size: 70.7%; '
    'font-family: MathJax_Main;">2</span></span><span class="mo" id="MathJax-Span-6" '
    'style="font-family: MathJax_Main;">+</span><span class="mn" id="MathJax-Span-7" '
    'style="font-family: MathJax_Main;">1</span></span></span></span></nobr><span '
    'class="MJX_Assistive_MathML" role="presentation"><math xmlns="http://www.w3.org/1998/Math/'
    'MathML"><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn></math></span></span>'
    '<script type="math/tex" id="MathJax-Element-1">x^2+1</script> is positive for every real x.'
)


def test_katex_formula_doubled() -> None:
    """a9c0cb1: 'We know that x2+1 is positive'; now '$x^2+1$ x2+1': the formula twice."""
    text, markdown = _line(KATEX)
    assert text.count("x2+1") + text.count("x^2+1") == 1, text
    assert markdown.count("x2+1") + markdown.count("x^2+1") == 1, markdown


def test_mathjax2_formula_doubled() -> None:
    """a9c0cb1: 'We know that x2+1 is positive'; now 'x2+1 x^2 + 1'."""
    text, _ = _line(MATHJAX2)
    assert text.count("x") == 2, text  # ('x2+1' once, and '... every real x.')


def test_superscript_of_unfenced_base_changes_meaning() -> None:
    """<msup><mrow>a+b</mrow><mn>2</mn></msup> is (a+b)^2; the reader writes 'a + b^2'."""
    text, _ = _line(
        "We know <math><msup><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><mn>2</mn></msup></math>"
        " expands."
    )
    assert "a + b^2" not in text, text


def test_binomial_read_as_fraction() -> None:
    """<mfrac linethickness="0"> is a binomial coefficient (MathJax/LaTeXML \\binom); the
    reader writes '( n/k )', n divided by k."""
    text, _ = _line(
        'We know <math><mrow><mo>(</mo><mfrac linethickness="0"><mi>n</mi><mi>k</mi></mfrac>'
        "<mo>)</mo></mrow></math> draws."
    )
    assert "n/k" not in text, text


def test_invisible_operators_left_in_text() -> None:
    """U+2061 FUNCTION APPLICATION / U+2062 INVISIBLE TIMES (in every MathJax/LaTeXML
    'sin x') end up as invisible characters in the text an LLM reads."""
    text, _ = _line(
        "We know <math><mi>sin</mi><mo>&#x2061;</mo><mi>x</mi><mo>&#x2062;</mo>"
        "<mi>y</mi></math> here."
    )
    assert "\u2061" not in text and "\u2062" not in text, repr(text)


def test_math_in_hidden_tab_dropped_but_its_sentence_kept() -> None:
    """A closed tab (display:none) whose prose the reader keeps: the formula is cut out of
    it ('uses  as the bound'), the text around it stays."""
    html = (
        "<!DOCTYPE html><html><head><title>T</title></head><body><article><h1>Notes</h1>"
        '<div class="tabs"><div class="tab" style="display:block"><p>Tab one prose: the first '
        "method works when the series converges absolutely, which we check below with a ratio "
        'test and a long explanation of the terms.</p></div><div class="tab" style="display:none">'
        "<p>Tab two prose: the second method uses <math><msup><mi>x</mi><mn>2</mn></msup></math>"
        " as the bound for every term of the series and then sums the bounds carefully.</p></div>"
        "</div></article></body></html>"
    )
    text = extract_html(html).text
    assert "Tab two prose" in text
    assert "uses x^2 as the bound" in text, text


def _deep_formulas(depth: int) -> str:
    unit = "<div>" * depth + "<math><mi>x</mi></math>" * 200 + "</div>" * depth
    head = "<!DOCTYPE html><html><head><title>T</title></head><body><article>"
    return f"{head}{P}{unit * 5}</article></body></html>"


def test_formulas_deep_in_a_page_cost_per_formula_not_per_formula_and_level() -> None:
    """1,000 formulas under 20 and under 180 nested <div>s: finding the outermost formulas
    climbed each one's ancestry in Python (a 5 MiB page of them read in 7-8.6 s)."""
    shallow, _ = calls(_deep_formulas(20))
    deep, _ = calls(_deep_formulas(180))
    extra_levels = 160 * 5
    assert deep - shallow < 40 * (extra_levels + 1_000), (shallow, deep)
