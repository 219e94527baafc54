import PayPhone
import Testing

// The Swift code blocks of README.md and of the DocC articles in
// Sources/<Module>/<Module>.docc/, statement by statement, checking the
// values their comments claim. The claimed values come from the references,
// not from this code: phone answers from libphonenumber 9.0.43's Python port
// (`phonenumbers`, run when these tests were written), grapheme counts and
// region names from ICU 72 (`ubrk_*`, `uloc_getDisplayCountry`), digit
// folding from Unicode's Nd digits, mask answers from the rules and worked
// examples of InputMasks.md, card answers from the table and rules of
// CardBrands.md, limits from TextMetricsAndLimits.md. When an article's
// example changes, change its test here in the same commit.

@Suite struct ReadmeExampleTests {
  /// README, "as-you-type": the formatter, the editor and the input masks.
  @Test func asYouType() throws {
    var formatter = AsYouTypeFormatter(region: .us)
    #expect(formatter.input("650253") == "650-253")
    #expect(formatter.input("2", rememberingPosition: true) == "650-2532")
    #expect(formatter.input("222") == "(650) 253-2222")
    #expect(formatter.rememberedPosition == 11)

    let editor = PhoneNumberEditor(region: .us)
    let field = editor.apply(.deleteBackward(in: "(650) 253-2222", at: 5))
    #expect(field.text == "(652) 532-222")
    #expect(field.caret == 3)
    #expect(editor.apply(.insert("+1 (650) 253-2222", into: "", at: 0)).text == "+1 650-253-2222")

    let gb = try #require(PhoneMetadata.inputMasks(for: .gb))
    #expect(gb.national == "0#### ######")
    #expect(gb.international == "+44 #### ######")
    let us = try #require(PhoneMetadata.inputMasks(for: .us))
    #expect(ShorthandMask(us.national).apply("2015550123").text == "(201) 555-0123")
  }

  /// README, "short: where short numbers live".
  @Test func shortNumbers() throws {
    let number = try PhoneNumber("112", region: .de)
    #expect(!number.isValid)
    #expect(ShortNumbers.isValid(number, in: .de))
    #expect(ShortNumbers.expectedCost(of: number, in: .de) == .tollFree)
    #expect(ShortNumbers.isEmergencyNumber("112", in: .de))
    #expect(ShortNumbers.connectsToEmergencyNumber("9116", in: .us))
    #expect(ShortNumbers.isSMSService(try PhoneNumber("3330", region: .de), in: .de))
    #expect(ShortNumbers.exampleNumber(for: .fr, cost: .premiumRate) == "1000")
    let info = try ShortNumberInfo("112", region: .de)
    #expect(info.cost == .tollFree)
    #expect(info.isPossible && info.isValid && info.isEmergency && info.connectsToEmergency)
    #expect(!info.isCarrierSpecific && !info.isSMSService)
  }

  /// README, "The library": phone numbers and their metadata.
  @Test func libraryPhoneNumbers() throws {
    let number = try PhoneNumber("020 7946 0958 ext. 123", region: .gb)
    #expect(number.formatted(.e164) == "+442079460958")
    #expect(number.formatted(.international) == "+44 20 7946 0958 x123")
    #expect(number.formatted(.national) == "020 7946 0958 x123")
    #expect(number.formatted(.rfc3966) == "tel:+44-20-7946-0958;ext=123")
    #expect(number.formattedForCalling(from: .us) == "011 44 20 7946 0958 x123")
    #expect(number.isValid)
    #expect(number.type == .fixedLine)
    #expect(number.region == "GB")
    let short = try PhoneNumber("+44 20 7946 095")
    #expect(short.possibility == .possible)
    #expect(!short.isValid)

    do {
      _ = try PhoneNumber("+999 1234")
      Issue.record("+999 1234 parsed; libphonenumber says invalid_country_code")
    } catch {
      #expect(error.code == .invalidCountryCode)
    }

    #expect(PhoneMetadata.regions(forCountryCode: 7) == ["RU", "KZ"])
    let example = try #require(PhoneMetadata.exampleNumber(for: .ch, type: .mobile))
    #expect(example.formatted(.international) == "+41 78 123 45 67")
    #if ICU
      #expect(PhoneMetadata.displayName(of: "DE", locale: "ja") == "ドイツ")
    #else
      #expect(PhoneMetadata.displayName(of: "DE", locale: "ja") == nil)  // no locale data without ICU
    #endif
    #expect(PhoneMetadata.flag(of: "DE") == "🇩🇪")
  }

  /// README, "The library": text.
  @Test func libraryText() {
    #expect(Graphemes.count(in: "👨‍👩‍👧‍👦 🇺🇸") == 3)
    #expect(DigitFolding.fold("٠٧٩١١ ١٢٣٤٥٦") == "07911 123456")
    #expect(TextLimit(limit: 10, warningFraction: 0.7).evaluate(graphemes: 8).level == .warning)
    let metrics = TextMetrics("héllo 👋🏽")
    #expect(metrics.graphemes == 7)
    #expect(metrics.utf16 == 10)
    #expect(metrics.utf8 == 15)
  }

  /// README, "The library": cards and expiry dates (`65`'s candidates are
  /// the Card brands article's: discover, elo, troy).
  @Test func libraryCards() throws {
    let card = try CardNumber("4111 1111 1111 1111")
    let inspection = CardBrandTable.standard.inspect(card)
    #expect(CardBrandTable.standard.inspect(try CardNumber("65")).candidates == [.discover, .elo, .troy])
    #expect(inspection.brand == .visa)
    #expect(inspection.isValid)
    #expect(card.formatted(inspection.grouping) == "4111 1111 1111 1111")
    #expect("\(card)" == "411111******1111")

    let today = try #require(CalendarDay(year: 2026, month: 11, day: 29))
    #expect(try CardExpiry("4/31", today: today).isValid(on: today))
    let expiry = ExpiryFormatter()
    #expect(expiry.format("4").text == "04")
    #expect(expiry.format("042").text == "04/2")
    #expect(expiry.format("0425").text == "04/25")
  }

  /// README, "The library": masks.
  @Test func libraryMasks() throws {
    let phone = try BracketMask("+1 ([000]) [000]-[0000]")
    let result = phone.apply(CaretString("5551234567"))
    #expect(result.text == "+1 (555) 123-4567")
    #expect(result.value == "5551234567")
    #expect(result.isComplete)

    #expect(phone.apply(TextEdit("+1 (55", replacing: 6..<6, with: "5")).text == "+1 (555) ")
    #expect(
      phone.apply(TextEdit("+1 (555) 1", replacing: 9..<10, with: ""), autoskip: true).text == "+1 (555")

    let taxID = try MaskPicker(
      primary: "[000].[000].[000]-[00]", affine: ["[00].[000].[000]/[0000]-[00]"])
    #expect(taxID.apply(CaretString("12345678000195")).text == "12.345.678/0001-95")

    #expect(try Mask("##/##").apply("1225").text == "12/25")
    let field = try BracketMask("[00] [00]").apply(TextEdit("🇺🇸 12", replacingUTF16: 7..<7, with: "3"))
    #expect(field.text == "12 3")
    #expect(field.utf16Caret == 4)
    #expect(ShorthandMask("##/##").apply("1225").text == "12/25")
  }
}

@Suite struct ArticleExampleTests {
  /// PayPhone.md, GettingStarted.md and PayPhoneNumbers.md.
  @Test func gettingStartedAndNumbers() throws {
    #expect(try PhoneNumber("020 7946 0958", region: .gb).formatted(.e164) == "+442079460958")
    #expect(try PhoneNumber("٠٢٠ ٧٩٤٦ ٠٩٥٨", region: .gb).formatted(.e164) == "+442079460958")

    let card = try CardNumber("3782 822463 10005")
    let inspection = CardBrandTable.standard.inspect(card)
    #expect(inspection.brand == .americanExpress)
    #expect(card.formatted(inspection.grouping) == "3782 822463 10005")
    let phone = try BracketMask("+1 ([000]) [000]-[0000]")
    #expect(phone.apply(CaretString("5551234567")).text == "+1 (555) 123-4567")
    #expect(Graphemes.count(in: "👨‍👩‍👧‍👦 🇺🇸") == 3)

    var formatter = AsYouTypeFormatter(region: .us)
    #expect(formatter.input("6502532222") == "(650) 253-2222")
    #expect(ShortNumbers.isEmergencyNumber("112", in: .de))
  }

  /// PayPhoneMasks.md and InputMasks.md.
  @Test func inputMasks() throws {
    let us = try BracketMask("+1 ([000]) [000]-[0000]")
    let typed = us.apply(CaretString("5551234567"))
    #expect(typed.text == "+1 (555) 123-4567")
    #expect(typed.value == "5551234567")
    #expect(typed.isComplete)
    #expect(typed.caret == 17)

    let russian = try BracketMask("+7 ([000]) [000] [00] [00]")
    let result = russian.apply(CaretString("79621234567"))
    #expect(result.text == "+7 (962) 123 45 67")
    #expect(result.value == "9621234567")
    #expect(result.isComplete)
    #expect(result.caret == 18)
    #expect(russian.placeholder == "+7 (000) 000 00 00")

    #expect(try BracketMask("[00]-[00]").apply(CaretString("1234")).value == "1234")
    #expect(try BracketMask("[00]{-}[00]").apply(CaretString("1234")).value == "12-34")
    #expect(!BracketMask.isValid("[000AA]"))
    #expect(!BracketMask.isValid("[00"))
    #expect(BracketMask.isValid("[0099]"))

    #expect(us.apply(CaretString("5551234567", caret: 3)).caret == 9)
    #expect(us.apply(CaretString("")).text == "+1 (")
    #expect(us.apply(CaretString("", gravity: .forward(autocomplete: false))).text == "")

    #expect(us.apply(TextEdit("+1 (55", replacing: 6..<6, with: "5")).text == "+1 (555) ")
    #expect(us.apply(TextEdit("+1 (555) 1", replacing: 9..<10, with: ""), autoskip: true).text == "+1 (555")

    let taxID = try MaskPicker(
      primary: "[000].[000].[000]-[00]", affine: ["[00].[000].[000]/[0000]-[00]"])
    #expect(taxID.apply(CaretString("12345678901")).text == "123.456.789-01")
    #expect(taxID.apply(CaretString("12345678000195")).text == "12.345.678/0001-95")

    let expiry = ShorthandMask("##/##")
    #expect(expiry.apply("1225").text == "12/25")
    #expect(expiry.apply("12/").text == "12")
    #expect(expiry.isComplete("12/25"))
    #expect(ShorthandMask("+34 ### ### ###").apply("+34612345678").text == "+34 612 345 678")
    #expect(ShorthandMask("(###) ###-####").apply("555").text == "(555")
  }

  /// InputMasks.md, "Worked examples": every row of the table.
  @Test(arguments: [
    WorkedExample("+7 ([000]) [000] [00] [00]", "", nil, true, "+7 (", "", false, 4),
    WorkedExample("+7 ([000]) [000] [00] [00]", "", nil, false, "", "", false, 0),
    WorkedExample("+7 ([000]) [000] [00] [00]", "1", nil, false, "+7 (1", "1", false, 5),
    WorkedExample(
      "+7 ([000]) [000] [00] [00]", "79621234567", nil, true, "+7 (962) 123 45 67", "9621234567", true, 18),
    WorkedExample(
      "+7 ([000]) [000] [00] [00]", "+7 (962) 123-45-67", nil, true, "+7 (962) 123 45 67", "9621234567", true,
      18),
    WorkedExample(
      "+7 ([000]) [000] [00] [00]", "+7 (962) 123 45 67", 4, true, "+7 (962) 123 45 67", "9621234567", true, 4
    ),
    WorkedExample(
      "{+7} ([000]) [000] [00] [00]", "9621234567", nil, true, "+7 (962) 123 45 67", "+79621234567", true, 18),
    WorkedExample(
      "+998 [00] [000] [00] [00]", "909933344", nil, true, "+998 09 933 34 4", "09933344", false, 16),
    WorkedExample("[00]{.}[00]{.}[9900]", "0102", nil, true, "01.02.", "01.02.", false, 6),
    WorkedExample("[00]{.}[00]{.}[9900]", "01.02.20", nil, true, "01.02.20", "01.02.20", true, 8),
    WorkedExample("[00]-[00]", "1234", nil, true, "12-34", "1234", true, 5),
    WorkedExample("[00]{-}[00]", "1234", nil, true, "12-34", "12-34", true, 5),
    WorkedExample("[000999]-[000999]", "123456", nil, true, "123456-", "123456", false, 7),
    WorkedExample("[AAA]", "a1b2c3d", nil, true, "abc", "abc", true, 3),
    WorkedExample(
      "+1 ([000]) [000]-[0000]", "5551234567", 3, true, "+1 (555) 123-4567", "5551234567", true, 9),
  ])
  func workedExample(_ example: WorkedExample) throws {
    let mask = try BracketMask(example.mask)
    let result = mask.apply(
      CaretString(example.text, caret: example.caret, gravity: .forward(autocomplete: example.autocomplete)))
    #expect(result.text == example.expectedText)
    #expect(result.value == example.expectedValue)
    #expect(result.isComplete == example.expectedComplete)
    #expect(result.caret == example.expectedCaret)
  }

  /// PayPhoneCards.md and CardBrands.md.
  @Test func cardBrands() throws {
    let table = CardBrandTable.standard
    let card = try CardNumber("4111 1111 1111 1111")
    let inspection = table.inspect(card)
    #expect(inspection.brand == .visa)
    #expect(inspection.isValid)
    #expect(card.formatted(inspection.grouping) == "4111 1111 1111 1111")
    #expect("\(card)" == "411111******1111")

    #expect(table.inspect(try CardNumber("4011 7800 0000 0000")).brand == .elo)
    #expect(table.inspect(try CardNumber("6011 0000")).brand == .discover)

    let typed = table.inspect(try CardNumber("3"))
    #expect(typed.candidates == [.americanExpress, .dinersClub, .jcb])
    #expect(typed.brand == nil)
    #expect(table.inspect(try CardNumber("622")).brand == .unionPay)

    let visa = table.inspect(try CardNumber("4111 1111 1111 1112"))
    #expect(!visa.isValid)
    #expect(visa.isPotentiallyValid)
    let mastercard = table.inspect(try CardNumber("5555 5555 5555 4445"))
    #expect(!mastercard.isPotentiallyValid)
    let amex = try CardNumber("378282246310005")
    #expect(amex.formatted(table.inspect(amex).grouping) == "3782 822463 10005")
  }

  /// PayPhoneCards.md and CardBrands.md, "Expiry dates".
  @Test func expiryDates() throws {
    let today = try #require(CalendarDay(year: 2026, month: 11, day: 29))
    #expect(try CardExpiry("4/31", today: today).isValid(on: today))
    let expiry = try CardExpiry("11/26", today: today)
    #expect(!expiry.isExpired(on: today))
    #expect(expiry.isExpired(on: try #require(CalendarDay(year: 2026, month: 12, day: 1))))
    #expect(try CardExpiry("12/34", today: today).year == 2034)
    #expect(try !CardExpiry("01/47", today: today).isValid(on: today))
  }

  /// PayPhoneText.md and TextMetricsAndLimits.md.
  @Test func textMetricsAndLimits() {
    #expect(Graphemes.count(in: "👨‍👩‍👧‍👦 🇺🇸") == 3)
    #expect(DigitFolding.fold("٠٧٩١١ ١٢٣٤٥٦") == "07911 123456")
    let metrics = TextMetrics("héllo 👋🏽")
    #expect(metrics.graphemes == 7)
    #expect(metrics.utf16 == 10)
    #expect(metrics.utf8 == 15)

    #expect(Graphemes.count(in: "e\u{301}") == 1)
    #expect(Graphemes.count(in: "\r\n") == 1)
    #expect(TextMetrics("Zoë ☎ ٤٥").utf8 == 13)

    let limit = TextLimit(limit: 10, warningFraction: 0.7)
    #expect(limit.evaluate(graphemes: 6).level == .normal)
    #expect(limit.evaluate(graphemes: 7).level == .warning)
    #expect(limit.evaluate(graphemes: 11).level == .over)
    #expect(limit.evaluate(graphemes: 11).remaining == -1)
    #expect(TextLimit(limit: 100, warningFraction: 0.07).evaluate(graphemes: 7).level == .normal)

    #expect(DigitFolding.fold("۰۹۱۲ ۳۴۵ ۶۷۸۹") == "0912 345 6789")
    #expect(DigitFolding.fold("１２３") == "123")
  }
}

/// One row of InputMasks.md's worked examples: mask, text, caret (nil: the
/// end), autocomplete, and the text, value, completeness and caret expected.
struct WorkedExample: Sendable, CustomTestStringConvertible {
  let mask: String
  let text: String
  let caret: Int?
  let autocomplete: Bool
  let expectedText: String
  let expectedValue: String
  let expectedComplete: Bool
  let expectedCaret: Int

  init(
    _ mask: String, _ text: String, _ caret: Int?, _ autocomplete: Bool, _ expectedText: String,
    _ expectedValue: String, _ expectedComplete: Bool, _ expectedCaret: Int
  ) {
    self.mask = mask
    self.text = text
    self.caret = caret
    self.autocomplete = autocomplete
    self.expectedText = expectedText
    self.expectedValue = expectedValue
    self.expectedComplete = expectedComplete
    self.expectedCaret = expectedCaret
  }

  var testDescription: String { "\(mask) on \"\(text)\"" }
}
