import PayPhone
import Testing

/// The contract's card-in-text rule (`find`, `--cards`): a digit run's groups
/// may be separated by one to three separators (a space: a tab or any Zs; a
/// dash: any Pd; a dot, a slash, an underscore, U+200B); cards are taken
/// from the left at group boundaries, each the longest stretch of whole
/// groups that is a valid card; not at a run's start directly after a plus
/// sign; letters around a card do not hide it.
///
/// Expectations come from that rule and the card rules of the `card`
/// command: the brand lengths of the card table (Visa 16, 18 or 19 digits,
/// Mastercard 16, American Express 15; no brand starts with `1` but JCB's
/// `1800`, nor with `12`) and the Luhn check, on published test numbers:
/// Visa 4111111111111111, Mastercard 5555555555554444, American Express
/// 378282246310005. Offsets count Unicode scalars.
@Suite struct CardsInTextTests {
  /// A card as `find` reports it.
  struct Card: Equatable, CustomStringConvertible {
    let range: Range<Int>
    let brand: CardBrand
    let last4: String
    var description: String { "\(brand) \(last4) at \(range)" }
  }

  static func cards(in text: String) -> [Card] {
    TextFinder(text: text, region: .us).compactMap { match in
      guard case .card(let card) = match else { return nil }
      return Card(range: card.scalarRange, brand: card.brand, last4: card.card.last4)
    }
  }

  /// One to three separator characters between groups, of every kind.
  @Test(arguments: [
    ".", "/", "_", "\t", "-", " ",
    "\u{00A0}",  // no-break space (Zs)
    "\u{202F}",  // narrow no-break space (Zs)
    "\u{3000}",  // ideographic space (Zs)
    "\u{2013}",  // en dash (Pd)
    "\u{2014}",  // em dash (Pd)
    "\u{FF0D}",  // fullwidth hyphen-minus (Pd)
    "\u{200B}",  // zero-width space
    " - ", "--", "  ", ". ", " / ", "\u{200B} \u{200B}", "_\t_",
  ])
  func groupsMaySeparateByOneToThreeSeparators(_ separator: String) {
    let visa = ["4111", "1111", "1111", "1111"].joined(separator: separator)
    let text = "card: \(visa) ok"
    #expect(
      Self.cards(in: text) == [Card(range: 6..<(6 + visa.unicodeScalars.count), brand: .visa, last4: "1111")])
    #expect(TextFinder(text: text, region: .us).redacted() == "card: [card] ok")
    let amex = ["3782", "822463", "10005"].joined(separator: separator)
    #expect(
      Self.cards(in: "amex \(amex).")
        == [Card(range: 5..<(5 + amex.unicodeScalars.count), brand: .americanExpress, last4: "0005")])
  }

  /// Four separators in a row end a run; so does any other character.
  /// What is left on either side is no card ("1111 1111 1111" has no
  /// brand; eight digits are too few).
  @Test(arguments: [
    "4111    1111 1111 1111",
    "4111.-.-1111.1111.1111",
    "4111 1111\u{200B}\u{200B}\u{200B}\u{200B}1111 1111",
    "4111,1111,1111,1111",  // a comma is not a separator
    "4111:1111:1111:1111",
    "4111\u{2212}1111\u{2212}1111\u{2212}1111",  // the minus sign is Sm, not a dash (Pd)
  ])
  func aRunEndsAtFourSeparatorsOrAnyOtherCharacter(_ written: String) {
    #expect(Self.cards(in: "note \(written) end").isEmpty)
  }

  @Test func aCardAfterFourSeparatorsStartsARunOfItsOwn() {
    // Joined to "5555", the run's first stretch of 12-19 digits would start
    // at 5555; four spaces keep it out.
    #expect(
      Self.cards(in: "5555    4111 1111 1111 1111") == [Card(range: 8..<27, brand: .visa, last4: "1111")])
  }

  @Test(arguments: [
    ("PAN4111111111111111", Card(range: 3..<19, brand: .visa, last4: "1111")),
    ("4111111111111111exp", Card(range: 0..<16, brand: .visa, last4: "1111")),
    ("no.4111.1111.1111.1111x", Card(range: 3..<22, brand: .visa, last4: "1111")),
    ("ж4111 1111 1111 1111é", Card(range: 1..<20, brand: .visa, last4: "1111")),
    ("رقم٥٥٥٥٥٥٥٥٥٥٥٥٤٤٤٤ن", Card(range: 3..<19, brand: .mastercard, last4: "4444")),
  ])
  func lettersTouchingACardDoNotHideIt(_ text: String, _ card: Card) {
    #expect(Self.cards(in: text) == [card])
  }

  @Test func twoCardsSideBySideAreBothFound() {
    let visa = Card(range: 0..<16, brand: .visa, last4: "1111")
    #expect(
      Self.cards(in: "4111111111111111/5555555555554444")
        == [visa, Card(range: 17..<33, brand: .mastercard, last4: "4444")])
    #expect(
      Self.cards(in: "4111111111111111 - 5555555555554444")
        == [visa, Card(range: 19..<35, brand: .mastercard, last4: "4444")])
  }

  /// Where no card starts at a boundary, the search goes on at the next:
  /// stretches from `12` or `1234` have no brand.
  @Test func aCardAfterAShortNumberIsFound() {
    #expect(
      Self.cards(in: "order 12 4111 1111 1111 1111") == [Card(range: 9..<28, brand: .visa, last4: "1111")])
    #expect(
      Self.cards(in: "ref 1234 4111-1111-1111-1111") == [Card(range: 9..<28, brand: .visa, last4: "1111")])
  }

  @Test func theLongestValidStretchIsTaken() {
    // 4111111111111111 and 4111111111111111003 are both valid Visa numbers
    // (16 and 19 digits, Luhn passes): the longer one is the card.
    #expect(
      Self.cards(in: "4111 1111 1111 1111 003") == [Card(range: 0..<23, brand: .visa, last4: "1003")])
    // 41111111111111115 (17 digits) is no Visa length: the card stops
    // before the 5.
    #expect(Self.cards(in: "4111 1111 1111 1111 5") == [Card(range: 0..<19, brand: .visa, last4: "1111")])
  }

  @Test func aStretchAtTheRunsStartAfterAPlusIsNoCard() {
    #expect(Self.cards(in: "+4111111111111111").isEmpty)
    #expect(Self.cards(in: "tel ＋4111.1111.1111.1111").isEmpty)
    // Only the stretch at the run's start: the next boundary may start one.
    #expect(
      Self.cards(in: "+1 4111 1111 1111 1111") == [Card(range: 3..<22, brand: .visa, last4: "1111")])
    // Not directly after the plus: a card.
    #expect(Self.cards(in: "+ 4111111111111111") == [Card(range: 2..<18, brand: .visa, last4: "1111")])
  }

  @Test func aCardAfterExtDropsThePhoneMatch() throws {
    let text = "call +1 650-253-0000 ext. 4111.1111.1111.1111"
    // The matcher alone reads part of the card as the extension.
    let phones = Array(PhoneNumberMatcher(text: text, region: .us))
    try #require(phones.count == 1)
    #expect(phones[0].scalarRange.upperBound > 26)
    let matches = Array(TextFinder(text: text, region: .us))
    #expect(matches.map(\.placeholder) == ["[card]"])
    #expect(matches.map(\.scalarRange) == [26..<45])
    #expect(TextFinder(text: text, region: .us).redacted() == "call +1 650-253-0000 ext. [card]")
  }

  /// Digits of any script, with the same separators; offsets in scalars
  /// (the waving hand with its skin tone is two).
  @Test(arguments: [
    "٤١١١.١١١١.١١١١.١١١١",  // Arabic-Indic
    "۴۱۱۱/۱۱۱۱/۱۱۱۱/۱۱۱۱",  // Persian
    "४१११_११११_११११_११११",  // Devanagari
    "４１１１\u{2013}１１１１\u{2013}１１１１\u{2013}１１１１",  // fullwidth, en dashes
  ])
  func digitsOfOtherScriptsAreRead(_ written: String) {
    let text = "👋🏽 \(written) ✓"
    let found = Array(TextFinder(text: text, region: .us))
    #expect(found.count == 1)
    guard case .card(let card)? = found.first else { return }
    #expect(card.scalarRange == 3..<22)
    #expect(String(text[card.range]) == written)
    #expect((card.brand, card.card.last4) == (.visa, "1111"))
    #expect(TextFinder(text: text, region: .us).redacted() == "👋🏽 [card] ✓")
  }

  @Test func theIssuesExamplesAreRedacted() {
    let text =
      "PAN4111111111111111, 4111.1111.1111.1111, 4111/1111/1111/1111; 4111111111111111/5555555555554444"
      + " and order 12 4111 1111 1111 1111\tor 4111 - 1111 - 1111 - 1111"
    #expect(
      TextFinder(text: text, region: .us).redacted()
        == "PAN[card], [card], [card]; [card]/[card] and order 12 [card]\tor [card]")
  }

  /// A 256 KiB text of digits and separators: one group boundary after
  /// another, each trying stretches of up to 19 digits. It must take linear
  /// time: a quadratic scan (some 10^10 steps) overruns the limit, which a
  /// debug build on a busy machine meets with room to spare. Counts are
  /// compared, so that a failure prints no quarter megabyte of matches.
  @Test(.timeLimit(.minutes(2)))
  func longRunsOfDigitsAndSeparatorsAreScannedInLinearTime() {
    let size = 1 << 18
    func matchCount(_ text: String) -> Int { TextFinder(text: text, region: nil).reduce(0) { n, _ in n + 1 } }
    // No stretch of fours is a card: 16, 18 and 19 fours fail Luhn, and
    // Visa allows no other length.
    #expect(matchCount(String(repeating: "4 ", count: size / 2)) == 0)
    #expect(matchCount(String(repeating: "4", count: size)) == 0)
    // One card every 20 scalars, the run going on through each slash.
    let card = "4111.1111.1111.1111/"
    let cards = Array(TextFinder(text: String(repeating: card, count: size / 20), region: nil))
    #expect(cards.count == size / 20)
    #expect(cards.last?.scalarRange == (size / 20 - 1) * 20..<(size / 20 * 20 - 1))
  }
}
