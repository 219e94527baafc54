import PayPhoneText
import Testing

// The examples in PayPhoneText's doc comments, each checking the value its
// comment claims. The claims come from the references, not from this code:
// grapheme counts and boundaries from ICU 72's break iterator, digit values
// from Unicode's Nd digits, region names from ICU's locale data, limits from
// the TextMetricsAndLimits article. When a doc comment's example changes,
// change its test here in the same commit.

@Suite struct TextDocCommentExampleTests {
  @Test func graphemesAndMetrics() {
    #expect(Graphemes.count(in: "👨‍👩‍👧‍👦 🇺🇸") == 3)
    #expect(Graphemes.boundaries(in: "e\u{301}x") == [0, 3, 4])
    let metrics = TextMetrics("héllo 👋🏽")
    #expect(metrics.graphemes == 7)
    #expect(metrics.utf16 == 10)
    #expect(metrics.utf8 == 15)
  }

  @Test func digitFolding() {
    #expect(DigitFolding.fold("٠٧٩١١ ١٢٣٤٥٦") == "07911 123456")
    #expect(DigitFolding.digitValue(of: "٣") == 3)
  }

  @Test func textLimit() {
    let limit = TextLimit(limit: 10, warningFraction: 0.7)
    #expect(limit.evaluate(graphemes: 6).level == .normal)
    #expect(limit.evaluate(graphemes: 7).level == .warning)
    #expect(limit.evaluate(graphemes: 11).level == .over)
    #expect(limit.evaluate(graphemes: 11).remaining == -1)
    #expect(TextLimit(limit: 100, warningFraction: 0.07).evaluate(graphemes: 7).level == .normal)
  }

  #if ICU
    @Test func icuRegionName() {
      #expect(RegionNames.name(of: "US", locale: "ja") == "アメリカ合衆国")
    }
  #endif
}
