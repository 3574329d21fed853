"""The HTML reader: main-content selection (jusText's classifier steered by page structure)
and rendering to Markdown. `reader.extract_html` is the entry point; `segment` cuts the body
into blocks, `classify` decides which are content (`stoplists`, `cjk`, `revise` help it),
`furniture` names what page furniture looks like, `tables` and `block` render, `metadata`
reads the head, and `honesty` flags JavaScript shells and bot walls."""
