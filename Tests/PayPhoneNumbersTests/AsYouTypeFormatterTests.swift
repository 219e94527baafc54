import PayPhoneNumbers
import Testing

/// The as-you-type formatter, key by key. Expected texts and remembered
/// positions are libphonenumber's (phonenumbers 9.0.43 AsYouTypeFormatter
/// with the same keys; the differential tier checks thousands more).
@Suite struct AsYouTypeFormatterTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let region: RegionCode
    let keys: String
    /// Keys typed with `rememberingPosition`.
    let remember: Set<Int>
    let steps: [String]
    let positions: [Int]
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "US number switches from local to area-code format", region: .us, keys: "6502532222",
      remember: [3],
      steps: [
        "6", "65", "650", "650-2", "650-25", "650-253", "650-2532", "(650) 253-22", "(650) 253-222",
        "(650) 253-2222",
      ],
      positions: [0, 0, 0, 5, 5, 5, 5, 7, 7, 7]),
    Case(
      name: "plus and country code switch to the typed country's formats", region: .gb,
      keys: "+442079460958", remember: [4],
      steps: [
        "+", "+4", "+44 ", "+44 2", "+44 20", "+44 20 7", "+44 20 79", "+44 20 794", "+44 20 7946",
        "+44 20 7946 0", "+44 20 7946 09", "+44 20 7946 095", "+44 20 7946 0958",
      ],
      positions: [0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6, 6]),
    Case(
      name: "the region's international prefix works like a plus", region: .us, keys: "011442079460958",
      remember: [6],
      steps: [
        "0", "01", "011 ", "011 4", "011 44 ", "011 44 2", "011 44 20", "011 44 20 7", "011 44 20 79",
        "011 44 20 794", "011 44 20 7946", "011 44 20 7946 0", "011 44 20 7946 09", "011 44 20 7946 095",
        "011 44 20 7946 0958",
      ],
      positions: [0, 0, 0, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9, 9]),
    Case(
      name: "a four-digit international prefix is recognised late", region: .au, keys: "00114420794609",
      remember: [],
      steps: [
        "0", "00", "001", "0011", "00114", "0011 44 ", "0011 44 2", "0011 44 20", "0011 44 20 7",
        "0011 44 20 79", "0011 44 20 794", "0011 44 20 7946", "0011 44 20 7946 0", "0011 44 20 7946 09",
      ],
      positions: Array(repeating: 0, count: 14)),
    Case(
      name: "NANPA 1 is taken as the national prefix", region: .us, keys: "16502532222", remember: [],
      steps: [
        "1", "16", "1 65", "1 (650", "1 (650) 2", "1 (650) 25", "1 (650) 253", "1 (650) 253-2",
        "1 (650) 253-22", "1 (650) 253-222", "1 (650) 253-2222",
      ],
      positions: Array(repeating: 0, count: 11)),
    Case(
      name: "punctuation typed by the person stops formatting", region: .us, keys: "650-253", remember: [4],
      steps: ["6", "65", "650", "650-", "650-2", "650-25", "650-253"],
      positions: [0, 0, 0, 0, 5, 5, 5]),
    Case(
      name: "a digit too many falls back to the digits as typed", region: .us, keys: "650253222222",
      remember: [2],
      steps: [
        "6", "65", "650", "650-2", "650-25", "650-253", "650-2532", "(650) 253-22", "(650) 253-222",
        "(650) 253-2222", "65025322222", "650253222222",
      ],
      positions: [0, 0, 3, 3, 3, 3, 3, 4, 4, 4, 3, 3]),
    Case(
      // The contract folds every decimal digit before interpretation:
      // every step shows ASCII digits.
      name: "fullwidth digits are folded to ASCII at every step", region: .us,
      keys: "６５０２５３２２２２", remember: [],
      steps: [
        "6", "65", "650", "650-2", "650-25", "650-253", "650-2532", "(650) 253-22", "(650) 253-222",
        "(650) 253-2222",
      ],
      positions: Array(repeating: 0, count: 10)),
    Case(
      name: "a region without metadata formats nothing typed without a plus", region: "ZZ",
      keys: "6502532222", remember: [],
      steps: [
        "6", "65", "650", "6502", "65025", "650253", "6502532", "65025322", "650253222", "6502532222",
      ],
      positions: Array(repeating: 0, count: 10)),
    Case(
      name: "non-geographic numbers format after their country code", region: .nonGeographic,
      keys: "+80012345678", remember: [],
      steps: [
        "+", "+8", "+80", "+800 ", "+800 1", "+800 12", "+800 123", "+800 1234", "+800 1234 5",
        "+800 1234 56", "+800 1234 567", "+800 1234 5678",
      ],
      positions: Array(repeating: 0, count: 12)),
  ]

  @Test(arguments: cases)
  func eachKeyGivesLibphonenumbersTextAndPosition(_ example: Case) {
    var formatter = AsYouTypeFormatter(region: example.region)
    var steps: [String] = []
    var positions: [Int] = []
    for (index, key) in example.keys.unicodeScalars.enumerated() {
      steps.append(formatter.input(key, rememberingPosition: example.remember.contains(index)))
      positions.append(formatter.rememberedPosition)
    }
    #expect(steps == example.steps)
    #expect(positions == example.positions)
    #expect(formatter.text == example.steps.last)
  }

  @Test func copiesGoOnIndependently() {
    var formatter = AsYouTypeFormatter(region: .us)
    formatter.input("650253")
    var copy = formatter
    #expect(copy.input("2222") == "(650) 253-2222")
    #expect(formatter.text == "650-253")
    #expect(formatter.input("9") == "650-2539")
  }

  @Test func clearStartsOverInTheSameRegion() {
    var formatter = AsYouTypeFormatter(region: "gb")
    formatter.input("+16502532222")
    formatter.clear()
    #expect(formatter.text == "")
    #expect(formatter.region == .gb)
    #expect(formatter.input("02079460958") == "020 7946 0958")
  }

  @Test func rememberedPositionIsZeroBeforeAnyKeyIsRemembered() {
    var formatter = AsYouTypeFormatter(region: .us)
    formatter.input("6502532222")
    #expect(formatter.rememberedPosition == 0)
  }

  /// The remembered position counts characters; libphonenumber counts code
  /// points (phonenumbers 9.0.43 gives 3 for "e", U+0301, then "6"
  /// remembered: text "é6"), which `rememberedScalarPosition` keeps.
  @Test func rememberedPositionCountsCharacters() {
    var formatter = AsYouTypeFormatter(region: .us)
    formatter.input("e")
    formatter.input("\u{301}")
    #expect(formatter.input("6", rememberingPosition: true) == "e\u{301}6")
    #expect(formatter.rememberedScalarPosition == 3)
    #expect(formatter.rememberedPosition == 2)
    #expect(formatter.rememberedUTF16Position == 3)

    var flag = AsYouTypeFormatter(region: .us)
    flag.input("🇺🇸")
    #expect(flag.input("5", rememberingPosition: true) == "🇺🇸5")
    #expect(flag.rememberedScalarPosition == 3)
    #expect(flag.rememberedPosition == 2)
    #expect(flag.rememberedUTF16Position == 5)

    // Formatting (ASCII text): every unit agrees. phonenumbers: "650-2", 5.
    var us = AsYouTypeFormatter(region: .us)
    us.input("650")
    us.input("2", rememberingPosition: true)
    #expect(us.rememberedPosition == 5)
    #expect(us.rememberedUTF16Position == 5)
    #expect(us.rememberedScalarPosition == 5)
  }
}
