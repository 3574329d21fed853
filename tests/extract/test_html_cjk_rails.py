"""Link rails after a Japanese or Chinese article (issue 30).

`rails.drop_trailing_rails` drops a run of bare linked titles (dates between) after an
article's last paragraph of running text, on articles only (3+ paragraphs of 150+
characters, 1,000+ characters in them). A Japanese article says in 150 characters what an
English one says in ~400, so a whole news report (four paragraphs, ~600 characters) was
"not an article" and its "latest in this section" rail stayed. The lengths are now in CJK
characters scaled as `cjk` scales jusText's (x0.35).

Shapes (hand-written text, no page copied):
- the article: a Japanese newspaper's article template as the dev set's Tokyo/Chunichi
  Shimbun pages use it — `main.main-container > div.l-container#entry > div.block` text
  without `<p>`, then `h2.hdg` "社会の新着" over `ul.list > li.item > a` titles, each with a
  `p.detail-info` date (the same layout as `test_html_news_parts`' English rail test);
- the guards: an index page of the same template whose list of dated links is its content
  (one introduction paragraph, as a newspaper's section page has), a ranking/list article
  whose items are linked titles with a description each (the shape of mozilla/readability's
  `test-pages/yahoo-4` Japanese article is prose; its 130 test pages, five of them
  Chinese/Japanese — yahoo-4, pixnet, qq, gmw, hukumusume — read the same before and after);
  and the same rail after a Chinese article (`<article>`, `<h3>` "相关新闻", `<li>` dates).
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html

NAV = (
    '<header class="l-header"><nav><ul class="gnav">'
    '<li><a href="/n/national">社会</a></li><li><a href="/n/politics">政治</a></li>'
    '<li><a href="/n/economics">経済</a></li><li><a href="/n/world">国際</a></li>'
    "</ul></nav></header>"
)
TITLE = "豪雨で川の水位が上昇、市が避難所を開設"
#: Four paragraphs, 84-124 characters each (~450 in all: under the unscaled 1,000).
BODY = [
    "十二日夜から降り続いた大雨の影響で、市内を流れる川の水位が十三日未明に氾濫危険水位に"
    "達した。市は午前三時に流域の約二千世帯に避難指示を出し、小学校など五カ所に避難所を"
    "開設した。気象台によると、山間部では一時間に八十ミリを超える猛烈な雨が観測された。",
    "避難所となった小学校の体育館には、毛布や飲み水を持った住民が次々に集まった。高齢の"
    "母親と訪れた会社員の男性は「夜中に防災無線で起こされた。家の前の道がもう川のように"
    "なっていた」と話した。市職員が受付で名前と人数を確認し、段ボールの仕切りを配った。",
    "川の水位は正午ごろから下がり始めたが、気象台は十五日にかけて再び雨雲が近づくとして、"
    "土砂災害にも警戒するよう呼びかけている。県は災害対策本部を設置し、被害の把握を急いで"
    "いる。これまでに住宅の床下浸水が三十棟確認されたが、けが人の情報は入っていない。",
    "市長は記者会見で「早めの避難に協力してもらい感謝している。雨がやんでも川には近づか"
    "ないでほしい」と述べた。市は避難指示を当面続け、十四日朝に解除するかどうかを判断する。",
]
RAIL_TITLES = [
    "夫の首を絞めた疑い、七十歳の妻を逮捕",
    "新幹線が緊急停止、一時見合わせ",
    "スキーバス事故から九年、遺族が献花",
    "冷水を浴びせ合い豊漁を祈る神社の祭り",
    "雪の集落をライトアップ、観光客でにぎわう",
]


def page(main: str) -> str:
    return (
        '<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>ニュース</title>'
        f'</head><body>{NAV}<main class="main-container">{main}</main>'
        '<footer class="l-footer"><p>&copy; 2026 Example Shimbun</p></footer></body></html>'
    )


def rail(heading: str = "社会の新着") -> str:
    items = "".join(
        f'<li class="item"><a href="/article/{400 + i}">{t}</a></li>'
        f'<p class="detail-info">1月{13 - i % 2}日</p>'
        for i, t in enumerate(RAIL_TITLES)
    )
    return (
        f'<div class="cmp-m-catelst001"><h2 class="hdg">{heading}</h2>'
        f'<ul class="list">{items}</ul></div>'
    )


def test_a_rail_after_a_japanese_article_is_not_content() -> None:
    main = (
        f'<div class="l-container" id="entry"><h1 class="hdg">{TITLE}</h1>'
        + "".join(f'<div class="block">{p}</div>' for p in BODY)
        + rail()
        + "</div>"
    )
    doc = extract_html(page(main))
    for paragraph in BODY:
        assert paragraph in doc.text
    for title in RAIL_TITLES:
        assert title not in doc.text
        assert title not in doc.markdown
    assert "社会の新着" not in doc.text
    assert "1月13日" not in doc.text


def test_a_japanese_index_page_keeps_its_dated_links() -> None:
    intro = (
        "このページでは、社会面に掲載した記事を新しい順に紹介しています。"
        "記事の見出しを選ぶと本文を読むことができます。"
    )
    titles = [f"{t}（{n}）" for n in range(1, 4) for t in RAIL_TITLES]
    items = "".join(
        f'<li class="item"><a href="/article/{500 + i}">{t}</a></li>'
        f'<p class="detail-info">1月{13 - i // 5}日</p>'
        for i, t in enumerate(titles)
    )
    main = (  # a section page: fifteen dated links under a one-paragraph introduction
        f'<div class="l-container" id="entry"><h1 class="hdg">社会</h1><p>{intro}</p>'
        f'<div class="cmp-m-catelst001"><h2 class="hdg">新着記事</h2>'
        f'<ul class="list">{items}</ul></div></div>'
    )
    doc = extract_html(page(main))
    assert intro in doc.text
    for title in titles:
        assert title in doc.text


def test_a_japanese_list_article_keeps_its_linked_items() -> None:
    items = [
        (
            "駅前の老舗そば店",
            "創業百年を超える店で、冷たいざるそばと季節の天ぷらが人気。昼時には"
            "行列ができるので、開店直後の訪問がおすすめだ。",
        ),
        (
            "川沿いの古民家カフェ",
            "築九十年の民家を改装した店内からは川の流れが見える。手作りの"
            "ケーキと地元の茶葉を使った紅茶が評判で、週末は予約が必要になる。",
        ),
        (
            "市場の中の食堂",
            "朝五時から営業する市場の食堂では、その日に揚がった魚の定食が"
            "千円以下で味わえる。刺身の盛り合わせは観光客にも好評だ。",
        ),
        (
            "山の上の洋食店",
            "展望台の近くにある洋食店で、窓際の席からは市街地を一望できる。"
            "看板メニューのハンバーグは開店以来変わらない味を守っている。",
        ),
    ]
    main = (
        '<div class="l-container" id="entry"><h1 class="hdg">地元の名店四選</h1>'
        + "".join(
            f'<h2><a href="/shop/{i}">{name}</a></h2><div class="block">{text}</div>'
            for i, (name, text) in enumerate(items)
        )
        + "</div>"
    )
    doc = extract_html(page(main))
    for name, text in items:
        assert name in doc.text
        assert text in doc.text


def test_a_rail_after_a_chinese_article_is_not_content() -> None:
    body = [
        "国家航天局十三日宣布，新一代载人飞船的返回舱已于当天上午在东风着陆场成功着陆。"
        "这是该型飞船第三次进行无人飞行试验，各项数据均达到预期要求。回收人员在着陆后一小时内"
        "抵达现场，完成了返回舱的安全处置和初步检查。",
        "专家表示，此次试验重点验证了返回舱的防热结构和降落伞系统。与上一次试验相比，"
        "着陆精度明显提高，落点偏差控制在一公里以内，为后续载人飞行打下了基础。试验队将在"
        "未来两周内完成全部数据的判读工作。",
        "据介绍，飞船在轨运行期间还开展了多项空间科学实验，包括微重力条件下的材料生长"
        "和植物培养实验。相关样品将交给科研单位进行分析，预计年底前公布初步结果。参与实验的"
        "十余家高校和研究所已派人前往着陆场。",
        "按照计划，新一代载人飞船将在明年执行首次载人飞行任务，届时将有三名航天员乘坐飞船"
        "前往空间站，并在轨驻留约半年。航天员选拔和训练工作目前正在有序进行。",
    ]
    related = [
        "我国首颗太阳探测卫星传回首批图像",
        "空间站迎来第七批航天员",
        "新型运载火箭完成首次海上发射",
    ]
    main = (
        "<article><h1>新一代载人飞船完成第三次试验</h1>"
        + "".join(f"<p>{p}</p>" for p in body)
        + "<h3>相关新闻</h3><ul>"
        + "".join(
            f'<li><a href="/news/2026-06/{i}.html">{t}</a></li><li>06-1{i}</li>'
            for i, t in enumerate(related)
        )
        + "</ul></article>"
    )
    doc = extract_html(page(main).replace('lang="ja"', 'lang="zh"'))
    for paragraph in body:
        assert paragraph in doc.text
    for title in related:
        assert title not in doc.text
    assert "相关新闻" not in doc.text
