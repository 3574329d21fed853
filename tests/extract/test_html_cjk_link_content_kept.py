"""Guards from attack b30p (issue 30): a trailing-rail rule scaled x0.35 on Chinese/Japanese
pages (commit 6f5d6ba, reverted) dropped the page's own links; these pages keep them.

On a CJK page an "article" is now 3 paragraphs of 53+ characters, 350+ characters in them
(about four short Japanese paragraphs: a typical "はじめに" intro), and every run of 3+
link-only lines after the last such paragraph goes, with the short heading before it.
Pages whose content IS a list of links after a short intro lose that content; each test
below passed on c3a7e86 and failed with that commit.

Shapes (hand-written text, real markup):
- a Qiita link-roundup article ("〜のおすすめ学習リソースまとめ": intro, then `h2` sections of
  `ul > li > a`; Qiita's article body is `div.it-MdContent`) — the links are the article;
- a Japanese Sphinx documentation index page (docs.python.org/ja/3/tutorial/index.html's
  shape: `div.body[role=main] > section > h1, p..., div.toctree-wrapper.compound >
  ul > li.toctree-l1 > a.reference.internal` with nested `li.toctree-l2`) — the table of
  contents is the page;
- a Zenn tech article (`div.znc`) ending with its "参考" list of the documents it cites;
- a Chinese link roundup (same shape as the Qiita one, `zh-CN`).

The English translations of the first two (an intro over 1,000 characters) lose their lists
on main too (the pre-existing rule); the scaled CJK bar makes a far shorter page an article.
"""

from __future__ import annotations

from webdistill.adapters.extract.html.reader import extract_html


def page(body: str, lang: str = "ja") -> str:
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>t</title></head>'
        '<body><header><nav><ul><li><a href="/">トップ</a></li><li><a href="/a">記事</a></li>'
        '<li><a href="/b">タグ</a></li></ul></nav></header>'
        f"{body}<footer><p>&copy; 2026 Example</p></footer></body></html>"
    )


def paragraphs(texts: list[str]) -> str:
    return "".join(f"<p>{t}</p>" for t in texts)


QIITA_INTRO = [  # 367 characters in four paragraphs
    "この記事では、Rustを独学で学び始めた私が実際に読んで役に立ったドキュメントや記事をまとめて"
    "います。公式のものから個人のブログまで、入門者が最初の一か月で迷わないように順番も意識して"
    "並べました。",
    "Rustは所有権や借用といった独特の概念があり、最初はコンパイラのエラーに戸惑うことが多いと"
    "思います。そんなときに立ち返る場所として、ここに挙げた資料をブックマークしておくと便利です。",
    "私自身、最初は公式ドキュメントを頭から読もうとして挫折しました。二度目は手を動かしながら読める"
    "資料から入り、分からないところだけ公式に戻るやり方に変えたところ、ずっと続けやすくなりました。",
    "なお、リンク先の内容は執筆時点のものです。古くなっている情報があればコメントで教えていただける"
    "と助かります。随時更新していく予定ですので、ストックしておいてください。",
]
QIITA_SECTIONS = {
    "公式ドキュメント": [
        "The Rust Programming Language 日本語版",
        "Rust by Example 日本語版",
        "The Cargo Book",
        "Rust API Guidelines",
    ],
    "入門記事": [
        "Rustの所有権を図で理解する",
        "借用チェッカーと仲良くなる方法",
        "ライフタイム注釈を完全に理解した",
        "エラー処理のベストプラクティス",
    ],
    "書籍": ["プログラミングRust 第2版", "実践Rust入門", "RustによるWebアプリケーション開発"],
}


def roundup(title: str, intro: list[str], sections: dict[str, list[str]], lang: str) -> str:
    body = f'<div class="it-MdContent"><h2>{"はじめに" if lang == "ja" else "前言"}</h2>'
    body += paragraphs(intro)
    n = 0
    for heading, items in sections.items():
        lis = ""
        for item in items:
            n += 1
            lis += f'<li><a href="https://example.com/{n}">{item}</a></li>'
        body += f"<h2>{heading}</h2><ul>{lis}</ul>"
    return page(f"<main><article><h1>{title}</h1>{body}</div></article></main>", lang)


def test_a_japanese_link_roundup_keeps_its_links() -> None:
    html = roundup(
        "Rust入門者のためのおすすめ学習リソースまとめ", QIITA_INTRO, QIITA_SECTIONS, "ja"
    )
    doc = extract_html(html)
    assert QIITA_INTRO[-1] in doc.text
    for heading, items in QIITA_SECTIONS.items():
        assert f"## {heading}" in doc.markdown
        for item in items:
            assert item in doc.markdown, item


ZH_INTRO = [  # 5 paragraphs of 64-84 characters, 379 in all
    "这篇文章整理了我自学Go语言时真正读过、也确实有帮助的文档和文章。从官方资料到个人博客都有，"
    "并按照入门者的学习顺序做了排列，希望能帮助新手在第一个月里少走弯路。",
    "Go的语法虽然简单，但并发模型、接口和错误处理的思路与其他语言差别很大，刚开始时难免会感到"
    "困惑。遇到问题时，可以回到这里列出的资料中查找答案，每一篇的讲解角度都不一样。",
    "我第一次尝试从头到尾读完官方文档，结果半途而废。第二次改为先从可以边读边动手的资料入手，只在"
    "遇到不懂的地方时再回去查官方文档，这样坚持下来就容易多了，也更有成就感。",
    "链接中的内容以写作时为准。如果发现有过时的信息，欢迎在评论区告诉我。这份清单会不定期更新，"
    "建议先收藏起来，之后再回来看看有没有新增的内容。",
    "另外，文中提到的示例代码都放在我的代码仓库里，可以直接克隆下来运行，边看边改效果会更好。"
    "仓库的说明文件里也附上了环境搭建的步骤。",
]
ZH_SECTIONS = {
    "官方文档": ["Go 语言之旅", "Effective Go 中文版", "Go 语言规范", "标准库文档"],
    "入门文章": ["理解 Go 的接口", "goroutine 与 channel 入门", "Go 错误处理的最佳实践"],
}


def test_a_chinese_link_roundup_keeps_its_links() -> None:
    doc = extract_html(roundup("Go语言入门学习资源汇总", ZH_INTRO, ZH_SECTIONS, "zh-CN"))
    assert ZH_INTRO[-1] in doc.text
    for items in ZH_SECTIONS.values():
        for item in items:
            assert item in doc.markdown, item


SPHINX_INTRO = [  # 367 characters
    "Python は強力で、学びやすいプログラミング言語です。効率的な高レベルデータ構造と、シンプルで"
    "効果的なオブジェクト指向プログラミング機構を備えています。",
    "Python のエレガントな構文と動的な型付け、そしてインタプリタであるという特徴から、多くの"
    "プラットフォームで、さまざまな分野のスクリプト作成や迅速なアプリケーション開発に理想的な言語と"
    "なっています。",
    "Python インタプリタと豊富な標準ライブラリは、ソースコードとしても、バイナリ形式としても、"
    "主要なプラットフォーム向けに公式サイトから無料で入手でき、自由に再配布できます。",
    "このチュートリアルは、Python 言語の基本的な概念と機能を、読者が形式張らずに学べるように"
    "紹介します。実際に手を動かして試せるよう、"
    "手元に Python インタプリタを用意しておくとよいでしょう。",
]
SPHINX_TOC = [
    ("appetite.html", "1. やる気を高めよう", []),
    ("interpreter.html", "2. Python インタプリタを使う", ["2.1. インタプリタを起動する"]),
    (
        "introduction.html",
        "3. 形式ばらない Python の紹介",
        ["3.1. Python を電卓として使う", "3.2. プログラミングへの第一歩"],
    ),
    ("controlflow.html", "4. その他の制御フローツール", ["4.1. if 文", "4.2. for 文"]),
    ("datastructures.html", "5. データ構造", ["5.1. リスト型についてもう少し"]),
]


def test_a_japanese_sphinx_index_page_keeps_its_table_of_contents() -> None:
    lis = ""
    for href, title, subs in SPHINX_TOC:
        sub = "".join(
            f'<li class="toctree-l2"><a class="reference internal" href="{href}#s{k}">{s}</a></li>'
            for k, s in enumerate(subs)
        )
        lis += (
            f'<li class="toctree-l1"><a class="reference internal" href="{href}">{title}</a>'
            + (f"<ul>{sub}</ul>" if sub else "")
            + "</li>"
        )
    html = page(
        '<div class="document"><div class="documentwrapper"><div class="bodywrapper">'
        '<div class="body" role="main"><section id="the-python-tutorial">'
        '<h1>Python チュートリアル<a class="headerlink" href="#the-python-tutorial">¶</a></h1>'
        + paragraphs(SPHINX_INTRO)
        + f'<div class="toctree-wrapper compound"><ul>{lis}</ul></div></section></div></div></div>'
        '<div class="sphinxsidebar" role="navigation"><h3>前のトピックへ</h3>'
        '<p class="topless"><a href="../whatsnew/index.html">Python の変更点</a></p></div></div>'
    )
    doc = extract_html(html)
    assert SPHINX_INTRO[-1] in doc.text
    for _, title, subs in SPHINX_TOC:
        assert title in doc.markdown, title
        for sub in subs:
            assert sub in doc.markdown, sub


ZENN_BODY = [
    "Next.jsのApp Routerでは、サーバーコンポーネントがデフォルトになりました。この記事では、既存の"
    "Pages Routerのプロジェクトを段階的に移行したときにハマったポイントを三つ紹介します。",
    "一つ目はデータ取得です。getServerSidePropsがなくなり、コンポーネントの中で直接fetchを呼ぶ形に"
    "なりました。キャッシュの既定値が変わっているので、毎回最新のデータが必要なページではcache"
    "オプションを明示する必要があります。",
    "二つ目はクライアントコンポーネントの境界です。useStateやuseEffectを使うファイルの先頭には"
    "'use client'を書く必要があり、境界をどこに置くかでバンドルサイズが大きく変わりました。",
    "三つ目はミドルウェアでの認証です。Edgeランタイムで動くため、Node.jsのAPIに依存したライブラリ"
    "がそのままでは使えませんでした。最終的にJWTの検証だけをミドルウェアで行う形に落ち着きました。",
]
ZENN_REFS = [
    "App Router Incremental Adoption Guide",
    "Data Fetching: Caching | Next.js",
    "Server and Client Composition Patterns",
    "Middleware | Next.js",
]


def test_a_japanese_tech_article_keeps_its_references() -> None:
    refs = "".join(
        f'<li><a href="https://nextjs.org/docs/{i}">{t}</a></li>' for i, t in enumerate(ZENN_REFS)
    )
    html = page(
        "<article><h1>Pages RouterからApp Routerへの移行でハマった三つのこと</h1>"
        f'<div class="znc">{paragraphs(ZENN_BODY)}<h2>参考</h2><ul>{refs}</ul></div></article>'
    )
    doc = extract_html(html)
    assert ZENN_BODY[-1] in doc.text
    assert "## 参考" in doc.markdown
    for ref in ZENN_REFS:
        assert ref in doc.markdown, ref


CITY_BODY = [  # a city hall's notice (Japanese municipal CMS: `div.body`, `div.attachments`)
    "市では、地域の子育て支援活動を行う団体に対して、活動費の一部を補助します。令和八年度の募集を"
    "次のとおり行いますので、希望する団体は期間内に申請してください。",
    "対象となるのは、市内で一年以上継続して子育て支援活動を行っている五人以上の団体です。営利を"
    "目的とする団体や、宗教活動・政治活動を主な目的とする団体は対象外です。",
    "説明会を四月十日と十七日の午後二時から市役所本庁舎三階の会議室で開きます。参加を希望する"
    "団体は、前日までに電話で子ども家庭課へお申し込みください。",
    "補助の対象となる経費は、会場使用料、講師謝礼、教材費、保険料などです。飲食費や団体の構成員"
    "への人件費は対象になりませんので、事業計画書の作成時にご注意ください。",
    "申請書は下のファイルをダウンロードして記入し、子ども家庭課の窓口へ持参するか郵送してください。"
    "書類の審査のうえ、五月末までに結果を通知します。",
]
CITY_FILES = [
    "募集要項（PDF：245KB）",
    "補助金交付申請書（Word：38KB）",
    "事業計画書（Excel：22KB）",
    "収支予算書（Excel：19KB）",
]


def test_a_japanese_city_notice_keeps_its_application_forms() -> None:
    files = "".join(
        f'<li><a class="iconFile iconPdf" href="/docs/{i}.pdf">{t}</a></li>'
        for i, t in enumerate(CITY_FILES)
    )
    html = page(
        '<main><article><div id="content"><div class="body">'
        "<h1>子育て支援活動補助金の募集について</h1>"
        + paragraphs(CITY_BODY)
        + f'<h2>添付ファイル</h2><div class="attachments"><ul>{files}</ul></div>'
        "</div></div></article></main>"
    )
    doc = extract_html(html)
    assert CITY_BODY[-1] in doc.text
    assert "## 添付ファイル" in doc.markdown
    for name in CITY_FILES:
        assert name in doc.markdown, name
