"""Teaser cards of a listing page stay its content (issue 30).

Shape: the post page of Next.js's WordPress blog example (`examples/cms-wordpress` in
vercel/next.js: `pages/posts/[slug].tsx`, `components/more-stories.tsx`,
`components/post-preview.tsx`): `<article>` with the title `<h1>`, a date line and the post
body, then `<hr>` and `<section><h2>More Stories</h2><div class="grid ...">` of cards, each a
cover image link, an `<h3>` linked title, a `<time>`, a `<div>` holding the WordPress excerpt
`<p>…&hellip;</p>` and the author's name. Its utility class names (Tailwind) name nothing a
reader could call furniture. A rule that dropped the cards after a short post under its <h1>
(they outweighed the post) was removed: it also dropped FAQ answers, live-blog entries and
chapter summaries (test_html_item_pages_kept.py). The theme's home page, a one-line intro and
the cards, must keep them. The class names are the example's; the text is written here.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

POST = [
    "The harbour board voted on Tuesday evening to close the old fish quay for repairs, after "
    "an engineer's report found that two of its timber piles had rotted through.",
    "Crews will land their catch at the north pier until the work is done.",
]
CARDS = [
    (
        "Council approves budget for new schools",
        "The budget includes money for three new primary schools and the renovation of the "
        "old library, officials said on Monday evening after a long debate.",
    ),
    (
        "Storm damage closes coastal road for a week",
        "Engineers will inspect the sea wall before the road reopens to traffic, the county "
        "council said in a statement on its website.",
    ),
    (
        "Local bakery wins national bread award",
        "The family-run bakery has been making sourdough in the same oven for more than forty "
        "years and now supplies six cafes in town.",
    ),
    (
        "Ferry timetable changes for the summer",
        "The operator will add two sailings a day from June, but the early morning crossing "
        "will be dropped on Sundays until September.",
    ),
]


def card(index: int, title: str, excerpt: str) -> str:
    return (
        f'<div><div class="mb-5"><div class="sm:mx-0"><a href="/posts/c{index}">'
        f'<img alt="Cover Image for {title}" src="/img/{index}.jpg"></a></div></div>'
        f'<h3 class="text-3xl mb-3 leading-snug"><a class="hover:underline" '
        f'href="/posts/c{index}">{title}</a></h3>'
        f'<div class="text-lg mb-4"><time datetime="2026-03-0{index + 1}">March {index + 1}, '
        f"2026</time></div>"
        f'<div class="text-lg leading-relaxed mb-4"><p>{excerpt}&hellip;</p></div>'
        '<div class="flex items-center"><div class="text-xl font-bold">Sam Reporter</div></div>'
        "</div>"
    )


def post_page(post: list[str]) -> str:
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Old fish quay to '
        "close | Next.js Blog Example with WordPress</title></head><body>"
        '<div class="min-h-screen"><main><div class="container mx-auto px-5">'
        '<h2 class="text-2xl md:text-4xl font-bold tracking-tight leading-tight mb-20 mt-8">'
        '<a class="hover:underline" href="/">Blog</a>.</h2>'
        '<article><h1 class="text-6xl md:text-7xl font-bold tracking-tighter leading-tight '
        'mb-12">Old fish quay to close</h1>'
        '<div class="max-w-2xl mx-auto"><div class="mb-6 text-lg">Posted <time '
        'datetime="2026-03-10">March 10, 2026</time></div></div>'
        '<div class="max-w-2xl mx-auto"><div class="post-body-module__content">'
        + "".join(f"<p>{p}</p>" for p in post)
        + "</div></div><footer></footer></article>"
        '<hr class="border-accent-2 mt-28 mb-24">'
        '<section><h2 class="mb-8 text-6xl md:text-7xl font-bold tracking-tighter '
        'leading-tight">More Stories</h2><div class="grid grid-cols-1 md:grid-cols-2 '
        'md:gap-x-16 gap-y-20 mb-32">'
        + "".join(card(i, t, e) for i, (t, e) in enumerate(CARDS))
        + "</div></section></div></main></div>"
        '<footer class="bg-accent-1 border-t border-accent-2"><div class="container mx-auto '
        'px-5"><h3>Statically Generated with Next.js.</h3></div></footer></body></html>'
    )


def test_the_cards_of_a_listing_page_stay_its_content() -> None:
    # The same theme's home page (`pages/index.tsx`): a one-line intro, then the cards, with
    # no article of its own: the cards are what the page is about.
    html = post_page([]).replace(
        '<div class="post-body-module__content"></div>',
        '<div class="post-body-module__content"><p>Latest posts from the harbour.</p></div>',
    )
    document = extract_html(html, "https://example.org/")
    for _title, excerpt in CARDS:
        assert excerpt in document.text
        assert excerpt in document.markdown
