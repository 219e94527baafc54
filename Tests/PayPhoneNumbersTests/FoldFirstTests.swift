import PayPhoneNumbers
import Testing

/// The contract folds every Unicode decimal digit to ASCII before
/// interpretation: a parse of text with other scripts' digits is
/// libphonenumber's parse of the folded text, and as-you-type shows ASCII
/// digits at every step. Expectations are phonenumbers 9.0.43's answers for
/// the folded text (`phonenumbers.parse(fold(text), region)`).
@Suite struct FoldFirstTests {
  struct ParseCase: Sendable, CustomTestStringConvertible {
    let text: String
    let region: RegionCode
    let e164: String
    let numberExtension: String?
    var testDescription: String { text }
  }

  static let parseCases: [ParseCase] = [
    // Vanity letters meeting another script's digit: the digit counts.
    ParseCase(text: "1888ZE०BRA77", region: .us, e164: "+188893027277", numberExtension: nil),
    ParseCase(text: "0800 ٣٥٦ FLOWERS", region: .gb, e164: "+448003563569377", numberExtension: nil),
    // A digit inside an extension label is a digit of the number.
    ParseCase(
      text: "970 623 824 e٠xtnX. 2690", region: .us, e164: "+197062382430986", numberExtension: "2690"),
    ParseCase(text: "970 623 824 int ٣٥٤٥", region: .us, e164: "+1970623824", numberExtension: "3545"),
    ParseCase(text: "٠٢٠ ٧٩٤٦ ٠٩٥٨ доб ١٢", region: .gb, e164: "+442079460958", numberExtension: "12"),
    // tel: URIs.
    ParseCase(
      text: "tel:٠٢٠٧٩٤٦٠٩٥٨;phone-context=+44", region: .us, e164: "+442079460958", numberExtension: nil),
    ParseCase(
      text: "tel:+٤٤-٢٠-٧٩٤٦-٠٩٥٨;ext=١٢٣", region: .us, e164: "+442079460958", numberExtension: "123"),
  ]

  @Test(arguments: parseCases)
  func otherScriptsDigitsAreFoldedBeforeParsing(_ example: ParseCase) throws {
    let number = try PhoneNumber(example.text, region: example.region)
    #expect(number.formatted(.e164) == example.e164)
    #expect(number.numberExtension == example.numberExtension)
  }

  /// The contract's own example (the command-line reference, General rules; issue 11).
  @Test func asYouTypeShowsASCIIDigitsAtEveryStep() {
    var formatter = AsYouTypeFormatter(region: "AC")
    let steps = "२७९८४".unicodeScalars.map { formatter.input($0) }
    #expect(steps == ["2", "27", "279", "2798", "27984"])
    var us = AsYouTypeFormatter(region: .us)
    let usSteps = "٦٥٠٢٥٣٢٢٢٢".unicodeScalars.map { us.input($0) }
    // libphonenumber's steps for the folded keys "6502532222".
    #expect(
      usSteps == [
        "6", "65", "650", "650-2", "650-25", "650-253", "650-2532", "(650) 253-22", "(650) 253-222",
        "(650) 253-2222",
      ])
  }

  @Test func editorShowsASCIIDigitsForAShortNumber() {
    let editor = PhoneNumberEditor(region: "AC")
    #expect(editor.format("२७").text == "27")
    #expect(editor.apply(.insert("९", into: "27", at: 2)).text == "279")
  }
}
