internal import PayPhoneText

/// Card numbers in text, by the rule of `payphone find --cards` (the
/// command-line reference, `find`).
///
/// A digit run is a maximal stretch of digits (any script, folded) in which
/// groups of digits may be separated by one to three separator characters
/// (`DigitGroupSeparators`): four in a row end the run. Within a run, cards
/// are taken from the left at group boundaries: at each group's first
/// digit, the longest stretch of whole groups starting there whose digits
/// the card table calls valid (12 to 19 digits) is a card, and the search
/// goes on at the group after it; where no card starts, at the next group.
/// A stretch at the run's start right after a plus sign is not a card
/// (digits after a plus are a phone number); letters around a run do not
/// matter.
///
/// So `4111111111111111/5555555555554444` is two cards, and in
/// `order 12 4111 1111 1111 1111` the search passes `12` and finds the card.
///
/// - Complexity: O(n). A stretch holds at most 19 digits, so the stretches
///   tried at one boundary span at most 19 groups and 18 separators of
///   three characters: each boundary costs a bounded amount of work.
enum CardScanner {
  /// A card found: its range in scalars, the number and its brand.
  struct Found {
    let range: Range<Int>
    let card: CardNumber
    let brand: CardBrand
  }

  /// The fewest and most digits of a card.
  static let minimumDigits = 12
  static let maximumDigits = 19

  /// Every card in `text` (folded scalars), in order.
  static func cards(in text: UnsafeBufferPointer<Unicode.Scalar>, table: CardBrandTable) -> [Found] {
    var found: [Found] = []
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumDigits) { digits in
      var position = 0
      while position < text.count {
        guard isDigit(text[position]) else {
          position += 1
          continue
        }
        // A run starts here: visit its groups' first digits in turn.
        let afterPlus = position > 0 && PhoneCharacters.isPlus(text[position - 1])
        var boundary: Int? = position
        var end = position
        while let start = boundary {
          if !(start == position && afterPlus),
            let card = longestCard(in: text, from: start, table: table, digits: digits)
          {
            found.append(card)
            end = card.range.upperBound
          } else {
            end = groupEnd(in: text, from: start)
          }
          boundary = DigitGroupSeparators.nextGroup(in: text, after: end, isDigit: isDigit)
        }
        position = end
      }
    }
    return found
  }

  /// The longest stretch of whole groups from the group starting at `start`
  /// whose digits are a valid card, or nil; `digits` is room for
  /// ``maximumDigits`` digits.
  private static func longestCard(
    in text: UnsafeBufferPointer<Unicode.Scalar>, from start: Int, table: CardBrandTable,
    digits: UnsafeMutableBufferPointer<UInt8>
  ) -> Found? {
    var best: (end: Int, count: Int, brand: CardBrand)?
    var count = 0
    var index = start
    stretch: while true {
      // Take the group at `index` whole, or stop if it does not fit.
      while index < text.count && isDigit(text[index]) {
        guard count < maximumDigits else { break stretch }
        digits[count] = UInt8(truncatingIfNeeded: text[index].value)
        count += 1
        index += 1
      }
      if count >= minimumDigits,
        let brand = table.validBrand(asciiDigits: UnsafeBufferPointer(rebasing: digits[..<count]))
      {
        best = (index, count, brand)
      }
      guard let next = DigitGroupSeparators.nextGroup(in: text, after: index, isDigit: isDigit) else { break }
      index = next
    }
    guard let best else { return nil }
    return Found(
      range: start..<best.end,
      card: CardNumber(asciiDigits: UnsafeBufferPointer(rebasing: digits[..<best.count])),
      brand: best.brand)
  }

  /// The end of the group of digits starting at `start`.
  private static func groupEnd(in text: UnsafeBufferPointer<Unicode.Scalar>, from start: Int) -> Int {
    var end = start
    while end < text.count && isDigit(text[end]) { end += 1 }
    return end
  }

  @inline(__always)
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }
}
