"""A Chinese news report is read (issue 30: body text lost). Chinese has no kana and
fewer function characters than Japanese: a BBC Chinese report (saved by newspaper3k,
tests/data/html/chinese_article.html, and goose3, tests/data/content/test_bbc_chinese.html)
has paragraphs whose stop-character density runs 0.14 to 0.20, under the Japanese bounds
(0.20 / 0.25) the CJK classifier used for both: most of them were boilerplate, and the
page's wrapper, named like navigation (`blq-int-nav`), was judged a menu: the page read
EMPTY, flagged as an app shell. A page without kana now has Chinese bounds (0.15 / 0.20).
The shape is the BBC page's (masthead, links, datestamp, story body, a rail of links);
the words are ours, with the same spread of densities.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

TITLE = "老城区供水管道改造工程明年春季完成"
BODY = [
    "市政府星期二宣布，将在明年春季之前完成老城区的供水管道改造工程，总投资约为十二亿元。",
    "负责工程的官员说，现有管道大多是在上世纪八十年代铺设，近年漏水事故明显增加。",
    "部分居民担心施工期间的交通拥堵，要求政府公布详细的路线图，并在附近设立临时停车场。",
    "市议会多名议员对工程预算提出质疑，认为政府应该公开招标程序和承包商资质。",
    "环保团体呼吁在改造过程中同时建设雨水收集系统，以减少城市在暴雨时的内涝风险。",
    "市长在记者会上说，所有施工路段将提前两周张贴通告，并开通热线电话解答居民疑问。",
]
LINKS = ["首页", "国际", "两岸三地", "财经", "科技", "健康", "图片", "视频"]


def _page(menu_words: list[str] = LINKS, rail_word: str = "其他新闻标题") -> str:
    menu = "".join(f"<li><a href='/zh/{n}'>{name}</a></li>" for n, name in enumerate(menu_words))
    rail = "".join(f"<li><a href='/zh/story/{n}'>{rail_word}第{n}条</a></li>" for n in range(10))
    body = "".join(f"<p>{p}</p>" for p in BODY)
    return (
        "<html lang='zh-Hans'><head><meta charset='utf-8'><title>新闻</title></head><body>"
        "<div id='blq-container' class='blq-lang-zh-Hans blq-dotcom blq-int-nav'>"
        f"<div id='blq-nav'><h2>导航</h2><ul>{menu}</ul></div>"
        "<div id='blq-main'><div class='g-container'><h1>"
        f"{TITLE}</h1><div class='datestamp'>更新时间 2012年12月10日</div></div>"
        f"<div class='g-container story-body'><div class='bodytext'>{body}</div></div>"
        f"<div class='g-container'><h2>相关新闻</h2><ul>{rail}</ul></div></div>"
        "<div id='blq-foot'><p>版权所有</p></div></div></body></html>"
    )


def test_a_chinese_report_is_read() -> None:
    document = extract_html(_page())
    assert "needs_javascript" not in document.flags
    for output in (document.text, document.markdown):
        for paragraph in BODY:
            assert paragraph in output
    assert "其他新闻标题第3条" not in document.text


def test_a_stray_katakana_mark_does_not_make_it_japanese() -> None:
    # (the attack b30c: Chinese writes the katakana middle dot U+30FB in transliterated
    # names, and a link may name a Japanese brand: one such character made the whole page
    # Japanese and EMPTY again; hiragana, and a share of it, decides now)
    for menu, rail in ((["两岸・三地", *LINKS[1:]], "其他新闻标题"), (LINKS, "ソニー新品")):
        document = extract_html(_page(menu, rail))
        for paragraph in BODY:
            assert paragraph in document.text
