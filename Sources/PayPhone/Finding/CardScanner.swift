/// Card numbers in text, by the rule of the CLI contract's `find`: a run of
/// 12 to 19 digits (any script, folded), contiguous or in groups separated
/// by single spaces or single hyphens, with no digit or letter (any script)
/// right before or after it and no plus sign right before it, whose digits
/// the card table calls valid (a detected brand, a length it allows, Luhn
/// unless the brand waives it).
///
/// Within a chain of groups, candidates start and end at group boundaries
/// (a digit may not touch a card); scanning from the left, the longest
/// valid candidate starting at the earliest possible group is taken, and
/// scanning goes on after it.
enum CardScanner {
  /// A card found: its range in scalars, the number and its brand.
  struct Found {
    let range: Range<Int>
    let card: CardNumber
    let brand: CardBrand
  }

  static let minimumDigits = 12
  static let maximumDigits = 19

  /// Every card in `text` (folded scalars), in order.
  static func cards(in text: UnsafeBufferPointer<Unicode.Scalar>, table: CardBrandTable) -> [Found] {
    var found: [Found] = []
    var groups: [Range<Int>] = []
    var index = 0
    while index < text.count {
      guard isDigit(text[index]) else {
        index += 1
        continue
      }
      // A chain of digit groups joined by single separators.
      groups.removeAll(keepingCapacity: true)
      var end = runEnd(text, from: index)
      groups.append(index..<end)
      var digitCount = end - index
      while end + 1 < text.count, text[end] == " " || text[end] == "-", isDigit(text[end + 1]) {
        let next = runEnd(text, from: end + 1)
        groups.append((end + 1)..<next)
        digitCount += next - end - 1
        end = next
      }
      if digitCount >= minimumDigits {
        scanChain(text, groups, table: table, into: &found)
      }
      index = end
    }
    return found
  }

  private static func scanChain(
    _ text: UnsafeBufferPointer<Unicode.Scalar>, _ groups: [Range<Int>], table: CardBrandTable,
    into found: inout [Found]
  ) {
    let chainStart = groups[0].lowerBound
    let chainEnd = groups[groups.count - 1].upperBound
    let startAllowed =
      chainStart == 0
      || !(isLetter(text[chainStart - 1]) || PhoneCharactersForCards.isPlus(text[chainStart - 1]))
    let endAllowed = chainEnd == text.count || !isLetter(text[chainEnd])
    var first = 0
    var digits: [UInt8] = []
    digits.reserveCapacity(maximumDigits)
    while first < groups.count {
      guard first > 0 || startAllowed else {
        first += 1
        continue
      }
      var best: Found?
      var last = first
      var count = 0
      digits.removeAll(keepingCapacity: true)
      while last < groups.count {
        count += groups[last].count
        guard count <= maximumDigits else { break }
        for position in groups[last] { digits.append(UInt8(truncatingIfNeeded: text[position].value)) }
        if count >= minimumDigits && (last < groups.count - 1 || endAllowed),
          let card = try? CardNumber(String(decoding: digits, as: UTF8.self))
        {
          let inspection = table.inspect(card)
          if inspection.isValid, let brand = inspection.brand {
            best = Found(range: groups[first].lowerBound..<groups[last].upperBound, card: card, brand: brand)
          }
        }
        last += 1
      }
      if let best {
        found.append(best)
        first = (groups.lastIndex { $0.upperBound == best.range.upperBound } ?? first) + 1
      } else {
        first += 1
      }
    }
  }

  @inline(__always)
  private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value &- 0x30 < 10 }

  private static func runEnd(_ text: UnsafeBufferPointer<Unicode.Scalar>, from start: Int) -> Int {
    var end = start
    while end < text.count && isDigit(text[end]) { end += 1 }
    return end
  }

  /// A letter of any script (general category L*).
  private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value < 0x80 {
      return (scalar.value | 0x20) &- 0x61 < 26
    }
    switch scalar.properties.generalCategory {
    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
    default: return false
    }
  }
}

/// The plus signs that may not stand right before a card: `+` and `＋`.
enum PhoneCharactersForCards {
  static func isPlus(_ scalar: Unicode.Scalar) -> Bool { scalar == "+" || scalar == "\u{FF0B}" }
}
