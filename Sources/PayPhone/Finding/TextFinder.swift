/// Finds phone numbers and card numbers in free text in one pass over its
/// folded scalars, and redacts them.
///
/// Phone numbers are found exactly as `PhoneNumberMatcher` finds them;
/// with `findsCards`, card numbers too, by the rule of `payphone find
/// --cards` (see <doc:CommandLineReference>): in a run of digits (any
/// script) whose groups may be separated by one to three spaces, dashes,
/// dots, slashes, underscores or zero-width spaces, cards are taken from
/// the left at group boundaries, each the longest stretch of whole groups
/// (12 to 19 digits) that the card table calls valid; not at a run's start
/// right after a plus sign, and whatever letters touch the run. So
/// `4111.1111.1111.1111`, `PAN4111111111111111` and both cards of
/// `4111111111111111/5555555555554444` are found. A phone match that
/// overlaps a card at all is dropped: the card wins. Matches come in text
/// order.
///
/// This lives in the umbrella module because it needs both the phone
/// module and the card module, which do not depend on each other.
///
///     let finder = TextFinder(text: "Call 020 7946 0958, card 4111 1111 1111 1111", region: .gb)
///     finder.map(\.placeholder)  // ["[phone]", "[card]"]
///     finder.redacted()          // "Call [phone], card [card]"
///
/// A value, safe to share between threads; each iterator has its own state.
///
/// - Complexity: O(n) in the text's length, plus libphonenumber's bounded
///   work per phone candidate.
public struct TextFinder: Sequence, Sendable {
  /// The text searched.
  public let text: String
  /// The region assumed for phone numbers written without a country code.
  public let region: RegionCode?
  /// How sure the phone matcher must be.
  public let leniency: PhoneNumberLeniency
  /// Whether card numbers are found too.
  public let findsCards: Bool
  /// How many phone candidates may fail before the rest is given up.
  public let maxTries: Int
  /// The card table that decides validity and brand.
  public let cardTable: CardBrandTable

  /// A finder over `text`.
  ///
  ///     TextFinder(text: ticket, region: .us, leniency: .strictGrouping, findsCards: true)
  public init(
    text: String, region: RegionCode?, leniency: PhoneNumberLeniency = .valid, findsCards: Bool = true,
    maxTries: Int = 65535, cardTable: CardBrandTable = .standard
  ) {
    self.text = text
    self.region = region
    self.leniency = leniency
    self.findsCards = findsCards
    self.maxTries = maxTries
    self.cardTable = cardTable
  }

  /// An iterator from the start of the text.
  public func makeIterator() -> Iterator { Iterator(finder: self) }

  /// The text with each match replaced by its placeholder (`[phone]`,
  /// `[card]`), everything else unchanged.
  ///
  ///     TextFinder(text: "ring +44 20 7946 0958", region: nil).redacted()  // "ring [phone]"
  public func redacted() -> String {
    Self.redacted(text, matches: Array(self))
  }

  /// `text` with each of `matches` (in text order, not overlapping, found
  /// in `text`) replaced by its placeholder.
  public static func redacted(_ text: String, matches: [TextMatch]) -> String {
    guard !matches.isEmpty else { return text }
    var output = ""
    output.reserveCapacity(text.utf8.count)
    var position = text.startIndex
    for match in matches {
      // Match bounds are scalar boundaries: the text between them is copied
      // as is, whatever graphemes it splits.
      output += Substring(text.unicodeScalars[position..<match.range.lowerBound])
      output += match.placeholder
      position = match.range.upperBound
    }
    output += Substring(text.unicodeScalars[position...])
    return output
  }

  /// Finds the matches one by one.
  public struct Iterator: IteratorProtocol {
    private let text: String
    private let scalars: [Unicode.Scalar]
    private var phones: PhoneNumberScanner
    private var cards: [CardScanner.Found]
    private var nextCard = 0
    private var overlapCursor = 0
    private var pendingPhone: PhoneNumberScanner.Found?
    private var phonesDone = false
    private var cursor: ScalarIndexCursor

    init(finder: TextFinder) {
      text = finder.text
      scalars = FoldedScalars.scalars(of: finder.text)
      phones = PhoneNumberScanner(region: finder.region, leniency: finder.leniency, maxTries: finder.maxTries)
      cards =
        finder.findsCards
        ? scalars.withUnsafeBufferPointer { CardScanner.cards(in: $0, table: finder.cardTable) } : []
      cursor = ScalarIndexCursor(text: finder.text, scalarCount: scalars.count)
    }

    /// The next match in text order, or nil when there are no more.
    public mutating func next() -> TextMatch? {
      if pendingPhone == nil && !phonesDone { pendingPhone = nextPhone() }
      let card = nextCard < cards.count ? cards[nextCard] : nil
      if let phone = pendingPhone, card.map({ phone.range.lowerBound < $0.range.lowerBound }) ?? true {
        pendingPhone = nil
        let (range, rawText) = cursor.substring(phone.range, of: text)
        return .phone(
          PhoneNumberMatch(scalarRange: phone.range, range: range, rawText: rawText, number: phone.number))
      }
      guard let card else { return nil }
      nextCard += 1
      let lower = cursor.index(atScalarOffset: card.range.lowerBound, in: text)
      let upper = cursor.index(atScalarOffset: card.range.upperBound, in: text)
      return .card(
        CardNumberMatch(scalarRange: card.range, range: lower..<upper, card: card.card, brand: card.brand))
    }

    /// The next phone number that overlaps no card.
    private mutating func nextPhone() -> PhoneNumberScanner.Found? {
      while let found = scalars.withUnsafeBufferPointer({ phones.next(in: $0) }) {
        if !overlapsCard(found.range) { return found }
      }
      phonesDone = true
      return nil
    }

    private mutating func overlapsCard(_ range: Range<Int>) -> Bool {
      // Cards are in order and phones come in order: cards that end before
      // this phone starts end before every later one too.
      while overlapCursor < cards.count && cards[overlapCursor].range.upperBound <= range.lowerBound {
        overlapCursor += 1
      }
      var index = overlapCursor
      while index < cards.count && cards[index].range.lowerBound < range.upperBound {
        if cards[index].range.overlaps(range) { return true }
        index += 1
      }
      return false
    }
  }
}
