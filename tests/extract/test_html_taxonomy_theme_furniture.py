"""Guard from the attack b30r (issue 30): theme furniture named `tag-…`/`category-…` stays
furniture: only a post's own taxonomy classes, beside the classes `post_class()` writes, are
exempt.

The attack's finding: `tag-` / `category-` as modifier prefixes exempt theme furniture named
that way.

Shape: Colorlib's "Fashi" blog-details template (public repo copies of `blog-details.html`):
after the article body, `div.tag-share` holds the post's tag list (`div.details-tag > ul >
li`) and a share bar (`div.blog-share`). Before d57b13b, `tag-share` ended in `-share` and
the whole box was furniture; now any token starting `tag-` is never furniture, so the tag list
(`details-tag` is no furniture name) is read as three one-word paragraphs of the article.
The same prefix covers `tag-social` (Gaviathemes' sofass/famita/maison single posts),
`tag-social-share` (PressLayouts Kapee template-parts/single-post), `tag-social-link`,
`category-sidebar`, `category-menu` (theme markup found in public repositories): these are
theme layout names, not `post_class()` output, which writes `tag-<slug>` on the ARTICLE.
Passed on e0c329b, failed on 50bb0de, passes again after the fix.
"""

# ruff: noqa: E501 (pages written as in their sources)

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

LOREM = (
    "Sum dolor sit amet, consectetur adipisicing elit, sed do eiusmod tempor incididunt ut "
    "labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco "
    "laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit."
)
FASHI = f"""<html><head><title>Blog details</title></head><body>
<section class="blog-details spad"><div class="container"><div class="row"><div class="col-lg-12">
<div class="blog-details-inner">
<div class="blog-detail-title"><h2>The Personality Trait That Makes People Happier</h2>
<p>travel <span>- May 19, 2019</span></p></div>
<div class="blog-detail-desc"><p>{LOREM}</p></div>
<div class="blog-quote"><p>" Technology is nothing. What's important is that you have a faith
in people, that they're basically good and smart." <span>- Steven Jobs</span></p></div>
<p>{LOREM}</p>
<div class="tag-share">
    <div class="details-tag">
        <ul>
            <li><i class="fa fa-tags"></i></li>
            <li>Travel</li>
            <li>Beauty</li>
            <li>Fashion</li>
        </ul>
    </div>
    <div class="blog-share">
        <span>Share:</span>
        <div class="social-links">
            <a href="#"><i class="fa fa-facebook"></i></a>
            <a href="#"><i class="fa fa-twitter"></i></a>
        </div>
    </div>
</div>
<div class="posted-by"><div class="pb-text"><a href="#"><h5>Shane Lynch</h5></a>
<p>Aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate.</p>
</div></div>
</div></div></div></div></section></body></html>"""


def test_fashi_tag_share_box_is_furniture() -> None:
    text = extract_html(FASHI).text
    assert "Duis aute irure" in text  # the article is read
    assert "Beauty" not in text, text  # the theme's tag/share box is not


NEWSLETTER = f"""<html><head><title>Recipes</title></head><body><div class="container">
<article class="post"><h1>Pho bo at home</h1><p>{LOREM}</p><p>{LOREM}</p>
<div class="category-newsletter-subscription"><h3>Get the newsletter</h3><p>Sign up to receive our weekly
newsletter with new recipes, cooking tips and seasonal menus straight to your inbox every
Friday.</p><form><input type="email"><button>Subscribe</button></form></div>
<p>{LOREM}</p><p>Final thoughts on the broth and how long to simmer it.</p></article>
</div></body></html>"""


def test_category_newsletter_box_is_furniture() -> None:
    """A per-category newsletter box (`div.category-newsletter-subscription`,
    `form.category-newsletter-form` in public PHP themes): `-newsletter` made it furniture."""
    text = extract_html(NEWSLETTER).text
    assert "simmer" in text
    assert "Sign up to receive" not in text, text
