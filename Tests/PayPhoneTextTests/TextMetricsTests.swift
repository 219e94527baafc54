import PayPhoneText
import Testing

@Suite("The three lengths of a text")
struct TextMetricsTests {
  @Test(
    "graphemes, UTF-16 units and UTF-8 bytes of the text as given",
    arguments: [
      // h é l l o ␠ 👋🏽: é is U+00E9 (1 unit, 2 bytes); 👋 and 🏽 are astral
      // (2 units, 4 bytes each) and one cluster (GB9).
      ("h\u{E9}llo \u{1F44B}\u{1F3FD}", 7, 10, 15),
      ("e\u{301}", 1, 2, 3),  // GB9; U+0301 is 1 unit, 2 bytes
      ("", 0, 0, 0),
      ("\r\n", 1, 2, 2),  // GB3
      // क्षि: 4 BMP scalars of 3 bytes, one cluster (ICU 72's conjunct rule).
      ("\u{915}\u{94D}\u{937}\u{93F}", 1, 4, 12),
      // 👨‍👩‍👧‍👦: 4 astral (2 units, 4 bytes) + 3 ZWJ (1 unit, 3 bytes).
      ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 1, 11, 25),
      // ٤٥ are not folded before measuring: 2 bytes each.
      ("Zo\u{EB} \u{260E} \u{664}\u{665}", 8, 8, 13),
    ])
  func lengths(_ text: String, _ graphemes: Int, _ utf16: Int, _ utf8: Int) {
    let metrics = TextMetrics(text)
    #expect(metrics.graphemes == graphemes)
    #expect(metrics.utf16 == utf16)
    #expect(metrics.utf8 == utf8)
  }
}
