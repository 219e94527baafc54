import PayPhone
import PayPhoneTestSupport
import Testing

/// Card numbers in text by the contract's `find` rule, the card winning an
/// overlap with a phone match, and redaction. Expectations come from the
/// rule (12-19 digits in groups, no plus before, valid by the card table)
/// and from published test card numbers; `CardsInTextTests` covers the
/// separators, the boundaries and the letters.
@Suite struct TextFinderTests {
  struct CardCase: Sendable, CustomTestStringConvertible {
    let written: String
    let brand: CardBrand
    let last4: String
    var testDescription: String { written }
  }

  /// One published number per brand, in every grouping people write.
  static let cardCases: [CardCase] = {
    let published: [(String, CardBrand)] = [
      ("4111111111111111", .visa), ("5555555555554444", .mastercard), ("2223003122003222", .mastercard),
      ("378282246310005", .americanExpress), ("6011111111111117", .discover), ("30569309025904", .dinersClub),
      ("3530111333300000", .jcb), ("6200000000000005", .unionPay), ("6304000000000000", .maestro),
      ("5066991111111118", .elo), ("6370950000000005", .hiper), ("6062820524845321", .hipercard),
      ("5060990580000217499", .verve), ("2200000000000004", .mir),
    ]
    var cases: [CardCase] = []
    for (digits, brand) in published {
      let chars = Array(digits)
      func grouped(_ sizes: [Int], _ separator: String) -> String {
        var parts: [String] = []
        var index = 0
        for size in sizes where index < chars.count {
          parts.append(String(chars[index..<min(chars.count, index + size)]))
          index += size
        }
        if index < chars.count { parts.append(String(chars[index...])) }
        return parts.joined(separator: separator)
      }
      let last4 = String(digits.suffix(4))
      cases.append(CardCase(written: digits, brand: brand, last4: last4))
      cases.append(CardCase(written: grouped([4, 4, 4, 4], " "), brand: brand, last4: last4))
      cases.append(CardCase(written: grouped([4, 4, 4, 4], "-"), brand: brand, last4: last4))
      cases.append(CardCase(written: grouped([4, 6, 5], " "), brand: brand, last4: last4))
      cases.append(
        CardCase(
          written: grouped([4, 4], "-").replacingFirstSeparator(with: " "), brand: brand, last4: last4))
      // Arabic-Indic digits, as typed on an Arabic keyboard.
      let arabic = String(
        String.UnicodeScalarView(
          grouped([4, 4, 4, 4], " ").unicodeScalars.map { scalar in
            scalar.value >= 0x30 && scalar.value <= 0x39
              ? Unicode.Scalar(0x660 + scalar.value - 0x30)! : scalar
          }))
      cases.append(CardCase(written: arabic, brand: brand, last4: last4))
    }
    return cases
  }()

  static func cards(in text: String) -> [CardNumberMatch] {
    TextFinder(text: text, region: .us).compactMap { match in
      if case .card(let card) = match { return card }
      return nil
    }
  }

  @Test(arguments: cardCases)
  func cardIsFoundInText(_ item: CardCase) throws {
    let text = "Paid by card \(item.written), thanks."
    let found = Self.cards(in: text)
    try #require(found.count == 1, "\(found)")
    #expect(found[0].brand == item.brand)
    #expect(found[0].card.last4 == item.last4)
    let start = 13
    #expect(found[0].scalarRange == start..<(start + item.written.unicodeScalars.count))
    #expect(String(text[found[0].range]) == item.written)
  }

  /// Near misses: each is not a card by the rule.
  @Test(arguments: [
    "4111111111111112",  // Luhn fails
    "4111 1111 1111 1112",
    "41111111111",  // 11 digits
    "41111111111111111111",  // 20 digits in one group: no whole stretch of 12-19
    "14111111111111111",  // a digit before: the group is 17 digits, no brand
    "+4111111111111111",  // a plus before
    "＋4111 1111 1111 1111",  // a fullwidth plus before; "1111 1111 1111" has no brand
    "9111111111111111",  // no brand
  ])
  func nearMissIsNotACard(_ written: String) {
    #expect(Self.cards(in: "note \(written) end").isEmpty)
  }

  @Test func cardsAtTheEdgesOfTheTextAndTouchingPunctuation() {
    #expect(Self.cards(in: "4111111111111111").count == 1)
    #expect(Self.cards(in: "(4111-1111-1111-1111)").count == 1)
    #expect(Self.cards(in: "card:4111111111111111.").count == 1)
    #expect(Self.cards(in: "x 4111 1111 1111 1111 5").count == 1)
  }

  @Test func twoCardsInOneChainAreBothFound() {
    let found = Self.cards(in: "4111 1111 1111 1111 5555 5555 5555 4444")
    #expect(found.map(\.brand) == [.visa, .mastercard])
    #expect(found.map(\.scalarRange) == [0..<19, 20..<39])
  }

  @Test func cardWinsOverAnOverlappingPhoneNumber() {
    // libphonenumber reads the card as the extension (up to 20 digits after
    // "ext."): that match overlaps the card, so it is dropped.
    let text = "call +1 650-253-0000 ext. 4111111111111111 now"
    let phoneOnly = Array(PhoneNumberMatcher(text: text, region: .us))
    #expect(phoneOnly.count == 1)
    let matches = Array(TextFinder(text: text, region: .us))
    #expect(matches.map(\.placeholder) == ["[card]"])
    // Without cards, the phone is reported as the matcher finds it.
    let phones = Array(TextFinder(text: text, region: .us, findsCards: false))
    #expect(phones.map(\.scalarRange) == phoneOnly.map(\.scalarRange))
  }

  @Test func aCardReadAsALocalNumberIsNotAPhone() {
    // At `possible`, phonenumbers finds "4111", "1111" and "1111 1111" in
    // the card: all three overlap it and go.
    let text = "4111 1111 1111 1111 and 020 7946 0958"
    let matches = Array(TextFinder(text: text, region: .gb, leniency: .possible))
    #expect(matches.map(\.placeholder) == ["[card]", "[phone]"])
    #expect(matches.map(\.scalarRange) == [0..<19, 24..<37])
  }

  @Test func redactionReplacesEachMatchAndKeepsTheRest() {
    let text = "Zoë 👋 call ٠٢٠ ٧٩٤٦ ٠٩٥٨ or pay 4111-1111-1111-1111!"
    let finder = TextFinder(text: text, region: .gb)
    #expect(finder.redacted() == "Zoë 👋 call [phone] or pay [card]!")
    #expect(TextFinder(text: "nothing here", region: .gb).redacted() == "nothing here")
  }

  @Test func phoneMatchesAreThoseOfTheMatcherInScalarOffsets() {
    let text = "👋🏽 ☎ +44 20 7946 0958"
    let match = Array(TextFinder(text: text, region: nil))
    #expect(match.count == 1)
    guard case .phone(let phone)? = match.first else { return }
    #expect(phone.scalarRange == 5..<21)
    #expect(phone.rawText == "+44 20 7946 0958")
    #expect(phone.number.formatted(.e164) == "+442079460958")
  }

  /// No output of finding shows a found card's digits: neither the
  /// redacted text nor any phone match's raw text, number or extension.
  @Test func foundCardsDigitsAppearInNoOutput() {
    var generator = SeededGenerator(seed: 0xCA4D)
    let prefixes = ["4", "51", "55", "2221", "34", "37", "6011", "65", "3530", "62", "5066", "6062", "2200"]
    let fillers = [
      "call", "+44 20 7946 0958", "020 7946 0959", "ext.", "x", "-", "/", "(", ")", "or", "12/05/2024",
      "#", "+", "٠٢٠ ٧٩٤٦ ٠٩٥٧", "Tel:", "ß", "👍", "1234", "\t",
    ]
    var checked = 0
    for _ in 0..<2000 {
      var digits = prefixes[Int(generator.next() % UInt64(prefixes.count))]
      let length = [15, 16, 16, 16, 19][Int(generator.next() % 5)]
      while digits.count < length - 1 { digits.append(Character(String(generator.next() % 10))) }
      digits.append(Character(String(Self.luhnCheckDigit(digits))))
      var written = digits
      if generator.next() % 2 == 0 {
        written = stride(from: 0, to: digits.count, by: 4).map { offset in
          let start = digits.index(digits.startIndex, offsetBy: offset)
          return String(
            digits[start..<(digits.index(start, offsetBy: 4, limitedBy: digits.endIndex) ?? digits.endIndex)])
        }.joined(separator: generator.next() % 2 == 0 ? " " : "-")
      }
      var parts = (0..<Int(generator.next() % 5)).map { _ in
        fillers[Int(generator.next() % UInt64(fillers.count))]
      }
      parts.insert(written, at: Int(generator.next() % UInt64(parts.count + 1)))
      let text = parts.joined(separator: [" ", ", ", " ext. ", ""][Int(generator.next() % 4)])
      let matches = Array(TextFinder(text: text, region: .gb, leniency: .possible))
      var outputs = [TextFinder.redacted(text, matches: matches)]
      for case .phone(let phone) in matches {
        outputs += [phone.rawText, phone.number.formatted(.e164), phone.number.numberExtension ?? ""]
      }
      for case .card(let card) in matches {
        checked += 1
        for output in outputs {
          #expect(!output.contains(card.card.digits), "\(text.debugDescription) shows a card in \(output)")
          #expect(!output.contains(String(text[card.range])), "\(text.debugDescription)")
        }
      }
    }
    #expect(checked > 1000)
  }

  static func luhnCheckDigit(_ body: String) -> Int {
    var sum = 0
    for (index, character) in body.reversed().enumerated() {
      var value = Int(String(character)) ?? 0
      if index % 2 == 0 {
        value *= 2
        if value > 9 { value -= 9 }
      }
      sum += value
    }
    return (10 - sum % 10) % 10
  }
}

extension String {
  /// The text with its first `-` made a space: a grouping that mixes both.
  fileprivate func replacingFirstSeparator(with separator: String) -> String {
    guard let index = firstIndex(of: "-") else { return self }
    return replacingCharacters(in: index...index, with: separator)
  }
}
