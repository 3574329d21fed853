"""Which element is the article on pages that do not say so (issue 14, main container).

Shapes follow markup real templates emit, seen in public repositories (none copied):

- two- and three-column blog layouts without `<main>`/`<article>`: a content column beside
  `left_navi`/`right_navi` columns (a PHP blog's `index.tpl`), and Blueprint-CSS WordPress
  themes whose columns share grid classes (`<div class="span-17" id="content">` beside
  `<div class="span-7 last">` holding the sidebar; `column span-14` beside
  `column span-6 col-right`), with an "About me" paragraph in the sidebar that reads as
  well as the post;
- a thread or manual whose units repeat one shape (`div.topic-post` posts, `div.sect1`
  sections of an AsciiDoc manual) without a declared main container;
- an old news template whose body is one `<span class="body">` of `<br>`-separated lines
  right after a share box (`<div id="share">` with tweet and like buttons);
- a one-post blog page whose comment thread (`<div id="comments"><dl><dt>name - date
  <dd>comment`) holds most of the text, beside the short post in the same column;
- a post whose second paragraph is a fifth links, after a single long first paragraph.

Each test reads the page through `extract_html` and checks what the agent gets.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

POST = [
    "The county council agreed on Monday night to keep the old library on Mill Street "
    "open for at least three more years, after a campaign by parents, teachers and the "
    "town's reading groups collected more than four thousand signatures.",
    "The building needs a new roof and a lift before it can host the after-school clubs "
    "again, and the council says the repairs will be paid for from the money it had set "
    "aside for a new car park behind the station, which has now been shelved.",
    "Volunteers who have run the Saturday opening hours since the spring said they would "
    "carry on, and the head librarian thanked them for keeping the doors open through a "
    "winter in which the heating failed twice and the roof leaked onto the map shelves.",
]
ABOUT = (
    "I am a retired teacher who has lived in this town for forty years, and I write this "
    "blog about our schools, our libraries and the people who keep them going, because "
    "nobody else seems to write about them any more and they deserve to be remembered."
)
ARCHIVE = "".join(
    f'<li><a href="/archive/2012/{m:02d}">Posts of 2012/{m:02d}</a></li>' for m in range(1, 13)
) + "".join(
    f'<li><a href="/category/{c}">{c.title()} (posts: {n})</a></li>'
    for n, c in enumerate(["schools", "libraries", "council", "harbour", "weather"], start=3)
)


def page(body: str) -> str:
    return f"<html><head><title>Town notes</title></head><body>{body}</body></html>"


def side_column(name: str) -> str:
    return (
        f"<div {name}><h2>About me</h2><p>{ABOUT}</p><h2>Archives</h2><ul>{ARCHIVE}</ul>"
        "<h2>Blogroll</h2><ul><li><a href='/a'>A friend's garden diary</a></li>"
        "<li><a href='/b'>The harbour webcam</a></li></ul><p>Powered by a blog engine</p>"
        "</div>"
    )


def post_column(name: str) -> str:
    return (
        f"<div {name}><h2 class='date'>November 5, 2012</h2><h3 class='title'>The library "
        "stays open</h3><div class='posts'>" + "".join(f"<p>{p}</p>" for p in POST) + "</div></div>"
    )


def test_sidebar_columns_beside_the_post_are_not_content() -> None:
    html = page(
        "<div id='wrap'>"
        + post_column("id='content_wrap'")
        + side_column("id='left_navi'")
        + side_column("id='right_navi'")
        + "</div>"
    )
    text = extract_html(html).text
    for paragraph in POST:
        assert paragraph in text
    assert "The library stays open" in text
    assert ABOUT not in text
    assert "Posts of 2012/03" not in text


def test_grid_columns_sharing_grid_classes_are_not_alike() -> None:
    html = page(
        "<div class='container'>"
        + post_column("class='column span-14'")
        + side_column("class='column span-6 col-right'")
        + side_column("class='column span-4 last col-right2'")
        + "</div>"
    )
    text = extract_html(html).text
    for paragraph in POST:
        assert paragraph in text
    assert ABOUT not in text


def test_units_of_one_shape_beside_the_densest_are_all_content() -> None:
    replies = [
        "I went to the meeting too, and the mood in the room changed completely when the "
        "head teacher read out the letters the children had written about the library.",
        "Good news, but three years is not long: the campaign should start raising money "
        "for the lift now, before the next budget round takes the repairs off the list.",
        "Thanks to everyone who signed. My two sons learned to read in that building, and "
        "I would hate to see it turned into offices like the old post office on the square.",
    ]
    posts = "".join(
        f"<div class='topic-post' id='post_{n}'><div class='author'>member{n}</div>"
        f"<div class='post-body'><p>{text}</p></div></div>"
        for n, text in enumerate([POST[0] + " " + POST[1], *replies], start=1)
    )
    html = page(
        f"<div id='thread'><h1>The library stays open</h1>{posts}</div>"
        + side_column("id='side_column'")
    )
    text = extract_html(html).text
    for reply in replies:
        assert reply in text
    assert POST[1] in text
    assert ABOUT not in text


def test_text_after_a_closed_share_box_is_the_article() -> None:
    lines = "<br><br>".join(POST)
    html = page(
        "<div id='main'><div id='left'><h1>The library stays open</h1>"
        "<div id='meta'>Posted 5th November 2012 in <a href='/news'>News</a></div>"
        "<div id='share'><div class='tumbl'><a href='/s/t'>Share on Tumblr</a></div>"
        "<div class='like'><a href='/s/tw'>Tweet</a></div><div class='clear'></div></div>"
        "<img src='/images/library.jpg' alt='The library' class='article-image'>"
        f"<span class='body'>{lines}</span></div>"
        "<div id='right'><h3>Latest news</h3><ul><li><a href='/n/1'>Band announces tour "
        "dates</a></li><li><a href='/n/2'>Festival line-up revealed</a></li></ul></div></div>"
    )
    text = extract_html(html).text
    for paragraph in POST:
        assert paragraph in text


def test_a_long_comment_thread_beside_a_short_post_is_not_the_content() -> None:
    comments = "".join(
        f"<dt>{n}. reader{n} - November 5, 2012</dt><dd><p>I remember reading every Saturday "
        f"morning in that library as a child, and I am glad it stays open for the next "
        f"generation of readers in this town, comment number {n}.</p></dd>"
        for n in range(1, 30)
    )
    html = page(
        "<div id='wrapper'><div id='content'><h2>The library stays open</h2>"
        f"<p>{POST[0]}</p><p>{POST[1]}</p>"
        f"<div id='comments'><h3>Comments</h3><dl>{comments}</dl></div></div>"
        "<div id='sidebar'><ul><li><a href='/'>Home</a></li></ul></div></div>"
    )
    text = extract_html(html).text
    assert POST[0] in text and POST[1] in text
    assert "comment number 7" not in text


def test_a_paragraph_with_some_links_after_the_only_long_one_is_kept() -> None:
    linked = (
        'If you look closely at the <a href="/plans">council\'s published plans for the '
        "building</a>, the lift goes where the old reading room was. Could the reading room "
        'move upstairs? We asked <a href="/consultation">the consultation team</a> and will '
        "report back."
    )
    html = page(
        "<div id='page'><div class='post-body'><h1>The library stays open</h1>"
        f"<section class='entry'><p>{POST[0]} {POST[1]}</p><p>{linked}</p></section></div>"
        "<div id='related'><ul><li><a href='/x'>Council shelves car park</a></li></ul></div>"
        "</div>"
    )
    text = extract_html(html).text
    assert "lift goes where the old reading room was" in text


def test_a_month_dropdown_in_the_sidebar_does_not_outweigh_the_article() -> None:
    months = "".join(
        f"<option value='/{y}/{m:02d}'>{name} {y} ({m + 3} posts)</option>"
        for y in (2012, 2011, 2010)
        for m, name in enumerate(
            ["January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December"], start=1
        )
    )  # fmt: skip
    html = page(
        "<div id='container'><div id='alpha'><div class='asset-header'><h1>The library "
        "stays open</h1></div><div class='asset-body'>"
        + "".join(f"<p>{p}</p>" for p in POST)
        + "</div></div><div id='gamma'><div class='widget-archive-monthly-dropdown'>"
        "<h3>Archives</h3><div class='widget-content'><select>" + months + "</select></div></div>"
        "<div class='widget-recent-entries'><h3>Recent entries</h3><ul><li><a href='/r/1'>"
        "Council shelves car park</a></li></ul></div>"
        f"<div class='widget-about'><p>{ABOUT}</p><p>Powered by a blog engine.</p></div>"
        "</div></div>"
    )
    text = extract_html(html).text
    for paragraph in POST:
        assert paragraph in text
    assert ABOUT not in text


def test_a_cell_beside_the_article_cell_of_a_layout_table_stays() -> None:
    # An old layout-table page: the article runs on in the row's second cell (a "notes"
    # column of long paragraphs with short fact lines between). The dense container is the
    # first cell; without the rule the second cell is dropped as a side branch.
    notes = [
        "Today in 1883 the first public library of the county opened in two rooms above "
        "the corn exchange, with the books that the mill gave to the town that spring.",
        "Opened 1883.",
        "Two rooms.",
        "Free to borrow.",
        "It was open on every evening of the week so that the men who came off the late "
        "shift at the mill could borrow a book on the way home from their work.",
    ]
    html = page(
        "<table><tbody><tr><td><h1>The library</h1>"
        + "".join(f"<p>{p}</p>" for p in POST[:2])
        + "</td><td>"
        + "".join(f"<div>{n}</div>" for n in notes)
        + "</td></tr></tbody></table>"
    )
    text = extract_html(html).text
    for paragraph in POST[:2]:
        assert paragraph in text
    for note in (notes[0], notes[-1]):
        assert note in text
