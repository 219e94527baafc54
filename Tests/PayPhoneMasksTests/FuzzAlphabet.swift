/// Characters a person (or a paste) might throw at a mask: ASCII digits and
/// letters, separators, digits of other scripts, accented letters, emoji.
let fuzzAlphabet: [String] = [
  "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "4", "7", "9",
  "a", "b", "x", "Z", "Q", "é", "e\u{301}", "ß", "Ж", "中",
  " ", "-", "(", ")", "+", ".", "/", "_", "…", "\\", "[", "]", "{", "}",
  "٣", "۷", "०", "５", "²", "Ⅻ", "👍🏽", "🇺🇸", "\r\n", "\t",
]
