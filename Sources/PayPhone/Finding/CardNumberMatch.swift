/// A card number found in free text: where it is, its brand and the card.
///
/// No raw text: the match never holds the digits as a `String`; only
/// ``card`` has them, and it shows them masked.
///
///     let finder = TextFinder(text: "card 4111 1111 1111 1111 exp 12/30", region: .us)
///     if case .card(let match)? = finder.first(where: { _ in true }) {
///       match.brand        // .visa
///       match.card.last4   // "1111"
///       match.scalarRange  // 5..<24
///     }
///
/// `==` compares every field.
public struct CardNumberMatch: Sendable, Hashable {
  /// The match's range in Unicode scalars (code points) of the text.
  public let scalarRange: Range<Int>
  /// The same range as indices of the text.
  public let range: Range<String.Index>
  /// The card number (its digits, masked when shown).
  public let card: CardNumber
  /// The brand the card table detects.
  public let brand: CardBrand
}

/// A phone number or a card number found in text.
///
///     for match in TextFinder(text: note, region: .gb) {
///       switch match {
///       case .phone(let phone): print(phone.number.formatted(.e164))
///       case .card(let card): print(card.brand, card.card.last4)
///       }
///     }
public enum TextMatch: Sendable, Hashable {
  /// A phone number, as libphonenumber's matcher finds it.
  case phone(PhoneNumberMatch)
  /// A card number (its digits never shown).
  case card(CardNumberMatch)

  /// The match's range in Unicode scalars of the text.
  public var scalarRange: Range<Int> {
    switch self {
    case .phone(let match): return match.scalarRange
    case .card(let match): return match.scalarRange
    }
  }

  /// The match's range as indices of the text.
  public var range: Range<String.Index> {
    switch self {
    case .phone(let match): return match.range
    case .card(let match): return match.range
    }
  }

  /// What redaction writes in its place: `[phone]` or `[card]`.
  public var placeholder: String {
    switch self {
    case .phone: return "[phone]"
    case .card: return "[card]"
    }
  }
}
