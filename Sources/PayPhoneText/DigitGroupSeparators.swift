/// The characters people put between groups of digits they type (a card
/// number's `4111 1111`, `4111.1111`, `4111/1111`): one definition for
/// finding card numbers in text and for hiding them in messages.
package enum DigitGroupSeparators {
  /// The most separator characters between two groups of one run: four in
  /// a row end it.
  package static let maximumBetweenGroups = 3

  /// The first digit of a run's group after the group of digits ending at
  /// `end`: past one to ``maximumBetweenGroups`` separators, at a scalar
  /// `isDigit` takes; nil when the run ends at `end`.
  @inline(__always)
  package static func nextGroup(
    in scalars: UnsafeBufferPointer<Unicode.Scalar>, after end: Int, isDigit: (Unicode.Scalar) -> Bool
  ) -> Int? {
    var index = end
    while index < scalars.count && index - end < maximumBetweenGroups && contains(scalars[index]) {
      index += 1
    }
    guard index > end, index < scalars.count, isDigit(scalars[index]) else { return nil }
    return index
  }

  /// A separator between groups of digits: a space (a tab or any Unicode
  /// space separator, Zs), a dash (any Unicode dash punctuation, Pd), a
  /// dot, a slash, an underscore or a zero-width space.
  @inline(__always)
  package static func contains(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    // Space, tab, hyphen-minus, dot, slash, underscore, zero-width space.
    case 0x20, 0x09, 0x2D, 0x2E, 0x2F, 0x5F, 0x200B: return true
    case ..<0x80: return false
    default: return isSpaceOrDash(scalar)
    }
  }

  /// A Unicode space separator (Zs) or dash punctuation (Pd). Out of line:
  /// reading a scalar's properties sets up the standard library's types
  /// on every call of the function that does it, and a scan's hot loop
  /// should not pay that for ASCII text.
  @inline(never)
  private static func isSpaceOrDash(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .spaceSeparator, .dashPunctuation: return true
    default: return false
    }
  }
}
