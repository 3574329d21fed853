"""More look-alikes of the fence markers' letters, beyond confusables.txt: generated.

`lookalike_data` (Unicode's confusables, NFKC) misses spellings a reader still reads as a
marker (issue 26, attack a26): letters with combining marks on them (`W\u0332E\u0332B\u0332`, NFD
`E\u0301`), and enclosed letters without a one-letter NFKC form: parenthesized (U+249C..),
negative circled (U+1F150..), negative squared (U+1F170..) letters and regional indicators
(U+1F1E6..). Both come from Python 3.11's unicodedata (Unicode 14.0.0): `MARKS` is every
character of category Mn or Me; `ENCLOSED` maps a marker letter to the characters of
U+2460..U+24FF and U+1F100..U+1F1FF whose name ends in `LETTER <that letter>` and whose NFKC
form is not that letter. `COMPOSED` (attack b33m) maps a marker letter to the characters
whose canonical decomposition (NFD) is one of its look-alikes (confusables, `ENCLOSED`, the
letter itself) followed by combining marks only, e.g. `É` (pages are read to NFC, which
composes the `E\u0301` that `MARKS` catches into one such character), and to the characters
named `LATIN LETTER SMALL CAPITAL <that letter>` (`ᴇ`, `ʙ`: not in confusables.txt) or
`LATIN CAPITAL/SMALL LETTER <that letter> WITH ...` (`Đ`, `Ø`, `Ŧ`: a stroke, bar or hook
without a decomposition; attack b33g), not `... WITH SMALL LETTER ...` (digraphs such as `ǋ`). `LETTERS`
is each letter's `ENCLOSED` and `COMPOSED` together. `tests/rules/test_marker_extra_data.py`
rebuilds all of them and compares.
"""

# ruff: noqa: E501

#: Combining marks (Mn, Me): skipped between a marker's letters.
MARKS = "\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1-\u05c2\u05c4-\u05c5\u05c7\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7-\u06e8\u06ea-\u06ed\u0711\u0730-\u074a\u07a6-\u07b0\u07eb-\u07f3\u07fd\u0816-\u0819\u081b-\u0823\u0825-\u0827\u0829-\u082d\u0859-\u085b\u0898-\u089f\u08ca-\u08e1\u08e3-\u0902\u093a\u093c\u0941-\u0948\u094d\u0951-\u0957\u0962-\u0963\u0981\u09bc\u09c1-\u09c4\u09cd\u09e2-\u09e3\u09fe\u0a01-\u0a02\u0a3c\u0a41-\u0a42\u0a47-\u0a48\u0a4b-\u0a4d\u0a51\u0a70-\u0a71\u0a75\u0a81-\u0a82\u0abc\u0ac1-\u0ac5\u0ac7-\u0ac8\u0acd\u0ae2-\u0ae3\u0afa-\u0aff\u0b01\u0b3c\u0b3f\u0b41-\u0b44\u0b4d\u0b55-\u0b56\u0b62-\u0b63\u0b82\u0bc0\u0bcd\u0c00\u0c04\u0c3c\u0c3e-\u0c40\u0c46-\u0c48\u0c4a-\u0c4d\u0c55-\u0c56\u0c62-\u0c63\u0c81\u0cbc\u0cbf\u0cc6\u0ccc-\u0ccd\u0ce2-\u0ce3\u0d00-\u0d01\u0d3b-\u0d3c\u0d41-\u0d44\u0d4d\u0d62-\u0d63\u0d81\u0dca\u0dd2-\u0dd4\u0dd6\u0e31\u0e34-\u0e3a\u0e47-\u0e4e\u0eb1\u0eb4-\u0ebc\u0ec8-\u0ecd\u0f18-\u0f19\u0f35\u0f37\u0f39\u0f71-\u0f7e\u0f80-\u0f84\u0f86-\u0f87\u0f8d-\u0f97\u0f99-\u0fbc\u0fc6\u102d-\u1030\u1032-\u1037\u1039-\u103a\u103d-\u103e\u1058-\u1059\u105e-\u1060\u1071-\u1074\u1082\u1085-\u1086\u108d\u109d\u135d-\u135f\u1712-\u1714\u1732-\u1733\u1752-\u1753\u1772-\u1773\u17b4-\u17b5\u17b7-\u17bd\u17c6\u17c9-\u17d3\u17dd\u180b-\u180d\u180f\u1885-\u1886\u18a9\u1920-\u1922\u1927-\u1928\u1932\u1939-\u193b\u1a17-\u1a18\u1a1b\u1a56\u1a58-\u1a5e\u1a60\u1a62\u1a65-\u1a6c\u1a73-\u1a7c\u1a7f\u1ab0-\u1ace\u1b00-\u1b03\u1b34\u1b36-\u1b3a\u1b3c\u1b42\u1b6b-\u1b73\u1b80-\u1b81\u1ba2-\u1ba5\u1ba8-\u1ba9\u1bab-\u1bad\u1be6\u1be8-\u1be9\u1bed\u1bef-\u1bf1\u1c2c-\u1c33\u1c36-\u1c37\u1cd0-\u1cd2\u1cd4-\u1ce0\u1ce2-\u1ce8\u1ced\u1cf4\u1cf8-\u1cf9\u1dc0-\u1dff\u20d0-\u20f0\u2cef-\u2cf1\u2d7f\u2de0-\u2dff\u302a-\u302d\u3099-\u309a\ua66f-\ua672\ua674-\ua67d\ua69e-\ua69f\ua6f0-\ua6f1\ua802\ua806\ua80b\ua825-\ua826\ua82c\ua8c4-\ua8c5\ua8e0-\ua8f1\ua8ff\ua926-\ua92d\ua947-\ua951\ua980-\ua982\ua9b3\ua9b6-\ua9b9\ua9bc-\ua9bd\ua9e5\uaa29-\uaa2e\uaa31-\uaa32\uaa35-\uaa36\uaa43\uaa4c\uaa7c\uaab0\uaab2-\uaab4\uaab7-\uaab8\uaabe-\uaabf\uaac1\uaaec-\uaaed\uaaf6\uabe5\uabe8\uabed\ufb1e\ufe00-\ufe0f\ufe20-\ufe2f\U000101fd\U000102e0\U00010376-\U0001037a\U00010a01-\U00010a03\U00010a05-\U00010a06\U00010a0c-\U00010a0f\U00010a38-\U00010a3a\U00010a3f\U00010ae5-\U00010ae6\U00010d24-\U00010d27\U00010eab-\U00010eac\U00010f46-\U00010f50\U00010f82-\U00010f85\U00011001\U00011038-\U00011046\U00011070\U00011073-\U00011074\U0001107f-\U00011081\U000110b3-\U000110b6\U000110b9-\U000110ba\U000110c2\U00011100-\U00011102\U00011127-\U0001112b\U0001112d-\U00011134\U00011173\U00011180-\U00011181\U000111b6-\U000111be\U000111c9-\U000111cc\U000111cf\U0001122f-\U00011231\U00011234\U00011236-\U00011237\U0001123e\U000112df\U000112e3-\U000112ea\U00011300-\U00011301\U0001133b-\U0001133c\U00011340\U00011366-\U0001136c\U00011370-\U00011374\U00011438-\U0001143f\U00011442-\U00011444\U00011446\U0001145e\U000114b3-\U000114b8\U000114ba\U000114bf-\U000114c0\U000114c2-\U000114c3\U000115b2-\U000115b5\U000115bc-\U000115bd\U000115bf-\U000115c0\U000115dc-\U000115dd\U00011633-\U0001163a\U0001163d\U0001163f-\U00011640\U000116ab\U000116ad\U000116b0-\U000116b5\U000116b7\U0001171d-\U0001171f\U00011722-\U00011725\U00011727-\U0001172b\U0001182f-\U00011837\U00011839-\U0001183a\U0001193b-\U0001193c\U0001193e\U00011943\U000119d4-\U000119d7\U000119da-\U000119db\U000119e0\U00011a01-\U00011a0a\U00011a33-\U00011a38\U00011a3b-\U00011a3e\U00011a47\U00011a51-\U00011a56\U00011a59-\U00011a5b\U00011a8a-\U00011a96\U00011a98-\U00011a99\U00011c30-\U00011c36\U00011c38-\U00011c3d\U00011c3f\U00011c92-\U00011ca7\U00011caa-\U00011cb0\U00011cb2-\U00011cb3\U00011cb5-\U00011cb6\U00011d31-\U00011d36\U00011d3a\U00011d3c-\U00011d3d\U00011d3f-\U00011d45\U00011d47\U00011d90-\U00011d91\U00011d95\U00011d97\U00011ef3-\U00011ef4\U00016af0-\U00016af4\U00016b30-\U00016b36\U00016f4f\U00016f8f-\U00016f92\U00016fe4\U0001bc9d-\U0001bc9e\U0001cf00-\U0001cf2d\U0001cf30-\U0001cf46\U0001d167-\U0001d169\U0001d17b-\U0001d182\U0001d185-\U0001d18b\U0001d1aa-\U0001d1ad\U0001d242-\U0001d244\U0001da00-\U0001da36\U0001da3b-\U0001da6c\U0001da75\U0001da84\U0001da9b-\U0001da9f\U0001daa1-\U0001daaf\U0001e000-\U0001e006\U0001e008-\U0001e018\U0001e01b-\U0001e021\U0001e023-\U0001e024\U0001e026-\U0001e02a\U0001e130-\U0001e136\U0001e2ae\U0001e2ec-\U0001e2ef\U0001e8d0-\U0001e8d6\U0001e944-\U0001e94a\U000e0100-\U000e01ef"

#: Per marker letter (lower case): enclosed letters whose NFKC form is not the letter.
ENCLOSED: dict[str, str] = {
    "w": "\u24b2\U0001f126\U0001f166\U0001f186\U0001f1fc",
    "e": "\u24a0\U0001f114\U0001f154\U0001f174\U0001f1ea",
    "b": "\u249d\U0001f111\U0001f151\U0001f171\U0001f1e7",
    "c": "\u249e\U0001f112\U0001f152\U0001f172\U0001f1e8",
    "o": "\u24aa\U0001f11e\U0001f15e\U0001f17e\U0001f1f4",
    "n": "\u24a9\U0001f11d\U0001f15d\U0001f17d\U0001f1f3",
    "t": "\u24af\U0001f123\U0001f163\U0001f183\U0001f1f9",
    "g": "\u24a2\U0001f116\U0001f156\U0001f176\U0001f1ec",
    "i": "\u24a4\U0001f118\U0001f158\U0001f178\U0001f1ee",
    "d": "\u249f\U0001f113\U0001f153\U0001f173\U0001f1a5\U0001f1e9",
}


#: Per marker letter: characters composed of one of its look-alikes and combining marks, and
#: its small capital, its letters "with" a stroke, bar or hook (see the module docstring).
COMPOSED: dict[str, str] = {
    "w": "\u0174\u0175\u1e80\u1e81\u1e82\u1e83\u1e84\u1e85\u1e86\u1e87\u1e88\u1e89\u1e98\u2c72\u2c73",
    "e": "\u00c8\u00c9\u00ca\u00cb\u00e8\u00e9\u00ea\u00eb\u0112\u0113\u0114\u0115\u0116\u0117\u0118\u0119\u011a\u011b\u0204\u0205\u0206\u0207\u0228\u0229\u0246\u0247\u0388\u0400\u0401\u0450\u0451\u04d6\u04d7\u1d07\u1d92\u1e14\u1e15\u1e16\u1e17\u1e18\u1e19\u1e1a\u1e1b\u1e1c\u1e1d\u1eb8\u1eb9\u1eba\u1ebb\u1ebc\u1ebd\u1ebe\u1ebf\u1ec0\u1ec1\u1ec2\u1ec3\u1ec4\u1ec5\u1ec6\u1ec7\u1f18\u1f19\u1f1a\u1f1b\u1f1c\u1f1d\u1fc8\u1fc9\u2c78\uab34",
    "b": "\u0180\u0181\u0182\u0183\u0243\u0253\u0299\u1d6c\u1d80\u1e02\u1e03\u1e04\u1e05\u1e06\u1e07\ua796\ua797",
    "c": "\u00c7\u00e7\u0106\u0107\u0108\u0109\u010a\u010b\u010c\u010d\u0187\u0188\u023b\u023c\u0255\u1e08\u1e09\ua792\ua793\ua794\ua7c4\U0001df1d",
    "o": "\u00d2\u00d3\u00d4\u00d5\u00d6\u00d8\u00f2\u00f3\u00f4\u00f5\u00f6\u00f8\u014c\u014d\u014e\u014f\u0150\u0151\u019f\u01a0\u01a1\u01d1\u01d2\u01ea\u01eb\u01ec\u01ed\u01fe\u01ff\u020c\u020d\u020e\u020f\u022a\u022b\u022c\u022d\u022e\u022f\u0230\u0231\u038c\u03cc\u04e6\u04e7\u06c0\u06c2\u1e4c\u1e4d\u1e4e\u1e4f\u1e50\u1e51\u1e52\u1e53\u1ecc\u1ecd\u1ece\u1ecf\u1ed0\u1ed1\u1ed2\u1ed3\u1ed4\u1ed5\u1ed6\u1ed7\u1ed8\u1ed9\u1eda\u1edb\u1edc\u1edd\u1ede\u1edf\u1ee0\u1ee1\u1ee2\u1ee3\u1f40\u1f41\u1f42\u1f43\u1f44\u1f45\u1f48\u1f49\u1f4a\u1f4b\u1f4c\u1f4d\u1f78\u1f79\u1ff8\u1ff9\u2c7a\ua74a\ua74b\ua74c\ua74d\ufb41\U0001df1b",
    "n": "\u00d1\u00f1\u0143\u0144\u0145\u0146\u0147\u0148\u019d\u019e\u01f8\u01f9\u0220\u0235\u0272\u0273\u0274\u1d70\u1d87\u1e44\u1e45\u1e46\u1e47\u1e48\u1e49\u1e4a\u1e4b\ua790\ua791\ua7a4\ua7a5\uab3b",
    "t": "\u0162\u0163\u0164\u0165\u0166\u0167\u01ab\u01ac\u01ad\u01ae\u021a\u021b\u0236\u023e\u0288\u1d1b\u1d75\u1e6a\u1e6b\u1e6c\u1e6d\u1e6e\u1e6f\u1e70\u1e71\u1e97\u2c66\U0001df09",
    "g": "\u011c\u011d\u011e\u011f\u0120\u0121\u0122\u0123\u0193\u01e4\u01e5\u01e6\u01e7\u01f4\u01f5\u0260\u0262\u1e20\u1e21\ua7a0\ua7a1",
    "i": "\u00cc\u00cd\u00ce\u00cf\u00ec\u00ed\u00ee\u00ef\u0128\u0129\u012a\u012b\u012c\u012d\u012e\u012f\u0130\u0139\u013a\u013b\u013c\u013d\u013e\u0197\u01cf\u01d0\u0208\u0209\u020a\u020b\u0268\u038a\u0390\u03aa\u03af\u03ca\u0407\u0457\u0622\u0623\u0625\u1d96\u1e2c\u1e2d\u1e2e\u1e2f\u1e36\u1e37\u1e38\u1e39\u1e3a\u1e3b\u1e3c\u1e3d\u1ec8\u1ec9\u1eca\u1ecb\u1f30\u1f31\u1f32\u1f33\u1f34\u1f35\u1f36\u1f37\u1f38\u1f39\u1f3a\u1f3b\u1f3c\u1f3d\u1f3e\u1f3f\u1f76\u1f77\u1fd0\u1fd1\u1fd2\u1fd3\u1fd6\u1fd7\u1fd8\u1fd9\u1fda\u1fdb\u2224\ufb35\ufb4b\U0001df1a",
    "d": "\u010e\u010f\u0110\u0111\u018a\u018b\u018c\u0221\u0256\u0257\u1d05\u1d6d\u1d81\u1d91\u1e0a\u1e0b\u1e0c\u1e0d\u1e0e\u1e0f\u1e10\u1e11\u1e12\u1e13\ua7c7\ua7c8",
}

#: Per marker letter: every look-alike this module adds to `lookalike_data`'s.
LETTERS: dict[str, str] = {
    x: ENCLOSED.get(x, "") + COMPOSED.get(x, "") for x in sorted(set(ENCLOSED) | set(COMPOSED))
}
