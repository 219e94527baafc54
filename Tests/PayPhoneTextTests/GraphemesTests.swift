import Foundation
import PayPhoneText
import Synchronization
import Testing

/// One text and the number of extended grapheme clusters UAX #29 gives it,
/// as ICU 72 implements the rules (Unicode 15.0, plus CLDR's Indic conjunct
/// rule that Unicode adopted in 15.1 as GB9c).
///
/// Every expectation is written by hand from the rule named in `rule`;
/// nothing here is computed by the code under test. Scalars are spelled as
/// escapes so the file's own normalization cannot change a case.
struct GraphemeCase: Sendable, CustomTestStringConvertible {
  let name: String
  let text: String
  let count: Int
  let rule: String

  var testDescription: String { "\(name) → \(count) (\(rule))" }
}

let emojiCases: [GraphemeCase] = [
  // 👨‍👩‍👧‍👦: man ZWJ woman ZWJ girl ZWJ boy.
  .init(
    name: "ZWJ family", text: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", count: 1,
    rule: "GB9 × ZWJ, GB11 ExtPict Extend* ZWJ × ExtPict"),
  .init(
    name: "two ZWJ families", text: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{1F469}\u{200D}\u{1F466}",
    count: 2, rule: "GB11 joins inside each; GB999 between girl and woman (no ZWJ)"),
  // ❤️‍🔥: heart, VS16, ZWJ, fire.
  .init(
    name: "heart on fire", text: "\u{2764}\u{FE0F}\u{200D}\u{1F525}", count: 1,
    rule: "GB9 × Extend (VS16), GB11 across Extend* ZWJ"),
  // 🏳️‍🌈: white flag, VS16, ZWJ, rainbow.
  .init(name: "rainbow flag", text: "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", count: 1, rule: "GB9, GB11"),
  .init(name: "trailing ZWJ", text: "\u{1F44D}\u{200D}", count: 1, rule: "GB9 × ZWJ"),
  .init(
    name: "ZWJ after a letter", text: "a\u{200D}\u{1F44D}", count: 2,
    rule: "GB9 × ZWJ; GB11 needs ExtPict before the ZWJ, so GB999 ÷ before 👍"),
  .init(
    name: "ZWJ between letters", text: "a\u{200D}b", count: 2, rule: "GB9 × ZWJ, then GB999 ÷"),
  // 👋🏽: waving hand, medium skin tone.
  .init(name: "skin tone", text: "\u{1F44B}\u{1F3FD}", count: 1, rule: "GB9 × Extend (Emoji_Modifier)"),
  .init(
    name: "skin tone alone", text: "\u{1F3FD}", count: 1, rule: "GB1 sot ÷, a lone Extend is a cluster"),
  .init(
    name: "two skin-toned hands", text: "\u{1F44B}\u{1F3FD}\u{1F44B}\u{1F3FF}", count: 2,
    rule: "GB9 inside each; GB999 between them"),
  // 👩🏽‍💻: woman, skin tone, ZWJ, laptop.
  .init(
    name: "skin tone in a ZWJ sequence", text: "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}", count: 1,
    rule: "GB11 ExtPict Extend* ZWJ × ExtPict"),
  // 🧑🏽‍🤝‍🧑🏿: people holding hands, two skin tones.
  .init(
    name: "two skin tones in a ZWJ sequence",
    text: "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F91D}\u{200D}\u{1F9D1}\u{1F3FF}", count: 1, rule: "GB9, GB11"),
  // 1️⃣ and #️⃣: digit or sign, VS16, combining enclosing keycap.
  .init(name: "keycap one", text: "1\u{FE0F}\u{20E3}", count: 1, rule: "GB9 × Extend (VS16, U+20E3)"),
  .init(name: "keycap hash", text: "#\u{FE0F}\u{20E3}", count: 1, rule: "GB9 × Extend"),
  .init(name: "keycaps in a row", text: "1\u{FE0F}\u{20E3}2\u{FE0F}\u{20E3}", count: 2, rule: "GB9, GB999"),
  // 🏴󠁧󠁢󠁥󠁮󠁧󠁿: black flag and tag characters (England).
  .init(
    name: "tag sequence flag",
    text: "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}", count: 1,
    rule: "GB9 × Extend (tags are Extend)"),
]

let regionalIndicatorCases: [GraphemeCase] = [
  .init(name: "flag", text: "\u{1F1FA}\u{1F1F8}", count: 1, rule: "GB12 sot (RI RI)* RI × RI"),
  .init(name: "two flags", text: "\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}", count: 2, rule: "GB12/GB13 pair up"),
  .init(
    name: "three flags", text: "\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}\u{1F1EB}\u{1F1F7}", count: 3,
    rule: "GB12/GB13 pair up"),
  .init(
    name: "odd regional indicator", text: "\u{1F1FA}\u{1F1F8}\u{1F1EB}", count: 2,
    rule: "GB12/GB13 pair, then GB999 for the lone third"),
  .init(name: "lone regional indicator", text: "\u{1F1FA}", count: 1, rule: "GB1/GB2"),
  .init(
    name: "flags split by a letter", text: "\u{1F1FA}a\u{1F1F8}", count: 3,
    rule: "GB13 needs an odd RI run right before; the letter resets it"),
  .init(
    name: "flag with emoji modifier", text: "\u{1F1FA}\u{1F1F8}\u{1F3FD}", count: 1,
    rule: "GB12, then GB9 × Extend"),
]

let combiningMarkCases: [GraphemeCase] = [
  .init(name: "e + acute", text: "e\u{301}", count: 1, rule: "GB9 × Extend"),
  .init(name: "precomposed é", text: "\u{E9}", count: 1, rule: "one scalar"),
  .init(name: "e + cedilla + acute", text: "e\u{327}\u{301}", count: 1, rule: "GB9 × Extend*"),
  .init(
    name: "stacked marks", text: "Z\u{351}\u{36B}\u{343}\u{36A}\u{302}\u{36B}\u{33D}", count: 1,
    rule: "GB9 × Extend*"),
  .init(name: "mark at the start", text: "\u{301}a", count: 2, rule: "GB1 sot ÷ Extend, then GB999"),
  .init(name: "Zoë with combining diaeresis", text: "Zoe\u{308}", count: 3, rule: "GB9"),
  .init(name: "Vietnamese stacked tone", text: "\u{1EC7}", count: 1, rule: "one scalar (ệ)"),
  .init(
    name: "Vietnamese decomposed", text: "e\u{323}\u{302}", count: 1,
    rule: "GB9 × Extend (dot below, circumflex)"),
  .init(
    name: "Arabic letter with harakat", text: "\u{628}\u{64E}\u{651}", count: 1,
    rule: "GB9 × Extend (fatha, shadda)"),
  .init(
    name: "Hebrew letter with points", text: "\u{5E9}\u{5C1}\u{5B8}", count: 1, rule: "GB9 × Extend"),
  .init(
    name: "Thai SARA AM", text: "\u{E01}\u{E33}", count: 1, rule: "GB9a × SpacingMark (U+0E33)"),
  .init(
    name: "Devanagari vowel sign", text: "\u{915}\u{93E}", count: 1, rule: "GB9a × SpacingMark (का)"),
  .init(
    name: "Arabic number sign before digits", text: "\u{600}\u{664}\u{665}", count: 2,
    rule: "GB9b Prepend × (U+0600 joins ٤), then GB999 before ٥"),
  .init(
    name: "digit with a mark", text: "\u{663}\u{301}", count: 1, rule: "GB9 × Extend after a digit"),
]

let hangulCases: [GraphemeCase] = [
  // ᄀ ᅡ ᆨ: choseong kiyeok, jungseong a, jongseong kiyeok.
  .init(name: "L V T jamo", text: "\u{1100}\u{1161}\u{11A8}", count: 1, rule: "GB6 L × V, GB7 V × T"),
  .init(name: "L V jamo", text: "\u{1100}\u{1161}", count: 1, rule: "GB6 L × V"),
  .init(name: "L L V jamo", text: "\u{1100}\u{1100}\u{1161}", count: 1, rule: "GB6 L × L, L × V"),
  .init(
    name: "L V V T T jamo", text: "\u{1100}\u{1161}\u{1162}\u{11A8}\u{11A8}", count: 1, rule: "GB6, GB7, GB8"),
  .init(name: "LV syllable + T", text: "\u{AC00}\u{11A8}", count: 1, rule: "GB7 LV × T (가 + ᆨ)"),
  .init(name: "LV syllable + V", text: "\u{AC00}\u{1161}", count: 1, rule: "GB7 LV × V"),
  .init(name: "LVT syllable + T", text: "\u{AC01}\u{11A8}", count: 1, rule: "GB8 LVT × T (각 + ᆨ)"),
  .init(name: "LVT syllable + V", text: "\u{AC01}\u{1161}", count: 2, rule: "GB8 has no LVT × V: GB999 ÷"),
  .init(name: "V then L", text: "\u{1161}\u{1100}", count: 2, rule: "no rule joins V L: GB999 ÷"),
  .init(name: "T then L", text: "\u{11A8}\u{1100}", count: 2, rule: "no rule joins T L: GB999 ÷"),
  .init(name: "precomposed syllables", text: "\u{D55C}\u{AE00}", count: 2, rule: "LVT LVT: GB999 ÷ (한글)"),
]

let indicCases: [GraphemeCase] = [
  // क्षि: KA, VIRAMA, SSA, VOWEL SIGN I. Unicode 15.0's own rules give 2
  // (क् | षि); ICU 72 applies CLDR's conjunct rule (LinkingConsonant
  // ExtCccZwj* Virama ExtCccZwj* × LinkingConsonant), later GB9c.
  .init(
    name: "Devanagari conjunct ksha + i", text: "\u{915}\u{94D}\u{937}\u{93F}", count: 1,
    rule: "conjunct rule (GB9c) × SSA, GB9a × VOWEL SIGN I"),
  // नमस्ते: NA | MA | SA VIRAMA TA VOWEL SIGN E.
  .init(
    name: "namaste", text: "\u{928}\u{92E}\u{938}\u{94D}\u{924}\u{947}", count: 3,
    rule: "GB999 between NA and MA; conjunct rule joins स्ते"),
  // हिन्दी: HA VOWEL SIGN I | NA VIRAMA DA VOWEL SIGN II.
  .init(
    name: "hindi", text: "\u{939}\u{93F}\u{928}\u{94D}\u{926}\u{940}", count: 2,
    rule: "GB9a; conjunct rule joins न्दी"),
  .init(
    name: "virama at the end", text: "\u{915}\u{94D}", count: 1, rule: "GB9 × Extend (virama)"),
  .init(
    name: "conjunct through ZWJ", text: "\u{915}\u{94D}\u{200D}\u{937}", count: 1,
    rule: "conjunct rule allows ExtCccZwj* (ZWJ) after the virama"),
  .init(
    name: "virama then a vowel letter", text: "\u{915}\u{94D}\u{905}", count: 2,
    rule: "conjunct rule needs a consonant after the virama: GB999 ÷ before अ"),
  .init(
    name: "Bengali conjunct", text: "\u{995}\u{9CD}\u{9B7}", count: 1,
    rule: "conjunct rule covers Bengali (ক্ষ)"),
  .init(
    name: "Tamil pulli is not a linker", text: "\u{B95}\u{BCD}\u{BB7}", count: 2,
    rule: "Tamil is outside the conjunct rule: GB9 × pulli, then GB999 ÷ (க் | ஷ)"),
  .init(
    name: "Gujarati conjunct", text: "\u{A95}\u{ACD}\u{AB7}", count: 1,
    rule: "conjunct rule covers Gujarati (ક્ષ)"),
  .init(
    name: "Malayalam conjunct", text: "\u{D15}\u{D4D}\u{D15}", count: 1,
    rule: "conjunct rule covers Malayalam (ക്ക)"),
]

let lineBreakCases: [GraphemeCase] = [
  .init(name: "CRLF", text: "\r\n", count: 1, rule: "GB3 CR × LF"),
  .init(name: "LF CR", text: "\n\r", count: 2, rule: "GB4/GB5 ÷ around controls"),
  .init(name: "CR CR LF", text: "\r\r\n", count: 2, rule: "GB5 ÷ before CR, GB3 CR × LF"),
  .init(name: "CRLF CRLF", text: "\r\n\r\n", count: 2, rule: "GB3, GB4 ÷ after LF"),
  .init(name: "text lines", text: "a\r\nb\r\n", count: 4, rule: "GB3, GB4/GB5"),
  .init(name: "CR LF LF", text: "\r\n\n", count: 2, rule: "GB3, then GB4 ÷ after LF"),
  .init(name: "LF then mark", text: "\n\u{301}", count: 2, rule: "GB4 ÷ after Control even before Extend"),
  .init(name: "CRLF in non-ASCII text", text: "\u{E9}\r\n\u{E9}", count: 3, rule: "GB3, GB4/GB5"),
  .init(name: "tab and NUL", text: "a\t\u{0}b", count: 4, rule: "GB4/GB5: controls are clusters"),
]

let plainCases: [GraphemeCase] = [
  .init(name: "empty", text: "", count: 0, rule: "no clusters"),
  .init(name: "ASCII", text: "Hello, world!", count: 13, rule: "GB999 between every pair"),
  .init(name: "CJK", text: "\u{6771}\u{4EAC}\u{90FD}", count: 3, rule: "GB999 (東京都)"),
  .init(
    name: "fullwidth digits", text: "\u{FF10}\u{FF11}\u{FF12}", count: 3, rule: "GB999 (０１２)"),
  .init(
    name: "Arabic-Indic digits", text: "\u{660}\u{667}\u{669}", count: 3, rule: "GB999 (٠٧٩)"),
  .init(
    name: "README mixed line", text: "Zo\u{EB} \u{260E} \u{664}\u{665}", count: 8,
    rule: "GB999 between every scalar (Zoë ☎ ٤٥)"),
  .init(
    name: "README family and flag",
    text: "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1FA}\u{1F1F8}", count: 3,
    rule: "GB11, GB999, GB12"),
  .init(name: "noncharacter", text: "\u{FFFE}", count: 1, rule: "GB1/GB2"),
  .init(name: "last scalar", text: "\u{10FFFF}a", count: 2, rule: "GB999"),
]

@Suite("Grapheme clusters as ICU 72 counts them")
struct GraphemesTests {
  @Test("emoji: ZWJ sequences, skin tones, keycaps, tag flags", arguments: emojiCases)
  func emoji(_ testCase: GraphemeCase) {
    #expect(Graphemes.count(in: testCase.text) == testCase.count)
  }

  @Test("regional indicators pair into flags", arguments: regionalIndicatorCases)
  func regionalIndicators(_ testCase: GraphemeCase) {
    #expect(Graphemes.count(in: testCase.text) == testCase.count)
  }

  @Test("combining marks, spacing marks and prepend stay with their base", arguments: combiningMarkCases)
  func combiningMarks(_ testCase: GraphemeCase) {
    #expect(Graphemes.count(in: testCase.text) == testCase.count)
  }

  @Test("Hangul jamo combine into syllables", arguments: hangulCases)
  func hangul(_ testCase: GraphemeCase) {
    #expect(Graphemes.count(in: testCase.text) == testCase.count)
  }

  @Test("Indic conjuncts follow ICU 72's conjunct rule", arguments: indicCases)
  func indicConjuncts(_ testCase: GraphemeCase) {
    #expect(Graphemes.count(in: testCase.text) == testCase.count)
  }

  @Test("CRLF is one cluster, other controls stand alone", arguments: lineBreakCases)
  func lineBreaks(_ testCase: GraphemeCase) {
    #expect(Graphemes.count(in: testCase.text) == testCase.count)
  }

  @Test("plain text in several scripts", arguments: plainCases)
  func plainText(_ testCase: GraphemeCase) {
    #expect(Graphemes.count(in: testCase.text) == testCase.count)
  }

  @Test(
    "the UTF-8 entry point counts the same bytes the same way",
    arguments: emojiCases + indicCases + lineBreakCases + plainCases)
  func utf8EntryPoint(_ testCase: GraphemeCase) {
    let bytes = Array(testCase.text.utf8)
    let counted = bytes.withUnsafeBufferPointer { Graphemes.count(inUTF8: $0) }
    #expect(counted == testCase.count)
  }

  @Test(
    "boundaries are UTF-8 offsets from 0 to the end",
    arguments: [
      ("", [0]),
      ("ab", [0, 1, 2]),
      ("a\r\nb", [0, 1, 3, 4]),
      ("\r\r\n", [0, 1, 3]),
      ("e\u{301}x", [0, 3, 4]),  // GB9: é is e (1 byte) + U+0301 (2 bytes)
      ("\u{1F1FA}\u{1F1F8}\u{1F1EB}", [0, 8, 12]),  // GB12: a flag (8 bytes), a lone RI (4)
      ("\u{915}\u{94D}\u{937}\u{93F}a", [0, 12, 13]),  // conjunct rule: क्षि is 4 × 3 bytes
      ("\u{1100}\u{1161}\u{11A8}\u{AC00}", [0, 9, 12]),  // GB6/GB7, then GB999 before 가
      ("\u{E9}\r\n", [0, 2, 4]),  // GB3 on the ICU path
    ])
  func boundaries(_ text: String, _ expected: [Int]) {
    #expect(Graphemes.boundaries(in: text) == expected)
  }

  // ICU 72 implements Unicode 15.0; Swift 6.3's String.count implements
  // Unicode 17. U+1E5EE OL ONAL SIGN MU is a combining mark (Extend) since
  // Unicode 16.0, so Swift keeps it with the preceding letter; ICU 72 sees
  // an unassigned code point (Grapheme_Cluster_Break=Other) and breaks
  // before it (GB999). The library answers as ICU does.
  @Test("a mark newer than Unicode 15.0 is a cluster of its own, as in ICU 72")
  func markNewerThanICU() {
    #if ICU
      #expect(Graphemes.count(in: "a\u{1E5EE}") == 2)
    #else
      #expect(Graphemes.count(in: "a\u{1E5EE}") == 1)  // the standard library's Unicode 17: Extend
    #endif
  }
}

@Suite("Grapheme counting from many threads")
struct GraphemesConcurrencyTests {
  // Each thread keeps its own clone of ICU's break iterator; counts made at
  // the same time on many threads (real threads, not the cooperative pool,
  // which has one per core) must not see each other's text.
  @Test("concurrent counts on 8 threads give the single-threaded answers")
  func concurrentCounts() {
    let cases = emojiCases + indicCases + hangulCases + combiningMarkCases
    let mismatches = Mutex<[String]>([])
    let finished = DispatchGroup()
    for worker in 0..<8 {
      finished.enter()
      Thread.detachNewThread {
        for round in 0..<2_000 {
          let testCase = cases[(worker * 31 + round) % cases.count]
          if Graphemes.count(in: testCase.text) != testCase.count {
            mismatches.withLock { $0.append("\(testCase.name) on thread \(worker)") }
          }
        }
        finished.leave()
      }
    }
    finished.wait()
    #expect(mismatches.withLock { $0 }.isEmpty)
  }
}
