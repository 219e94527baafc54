/// libphonenumber's inner-match patterns: the parts of a candidate that
/// failed whole, tried in turn.
extension MatcherPatterns {
  /// One match of an inner-match pattern: where it starts, and its group.
  struct InnerMatch {
    let start: Int
    let group: Range<Int>
  }

  /// How many inner-match patterns there are, tried in this order.
  static let innerPatternCount = 6

  /// Which inner-match patterns may match in `range`, one bit per kind:
  /// those whose first character (a slash, a bracket, a hyphen beside a
  /// blank, a dash, a full stop, a blank) the range holds. One pass, so
  /// that the searches of the others are skipped.
  static func innerPatternKinds(in text: Text, _ range: Range<Int>) -> Int {
    var kinds = 0
    for index in range {
      let scalar = text[index]
      switch scalar {
      case "/": kinds |= 1 << 0
      case "(": kinds |= 1 << 1
      case "-":
        // Pattern 2 needs a blank beside the hyphen (not so a date's).
        if (index > range.lowerBound && MatcherCharacters.isWhitespace(text[index - 1]))
          || (index + 1 < range.upperBound && MatcherCharacters.isWhitespace(text[index + 1]))
        {
          kinds |= 1 << 2
        }
      case ".": kinds |= 1 << 4
      case " ": kinds |= 1 << 5
      default:
        if scalar.value < 0x80 && scalar.value > 0x20 { continue }
        if (0x2012...0x2015).contains(scalar.value) || scalar == "\u{FF0D}" { kinds |= 1 << 3 }
        if MatcherCharacters.isWhitespace(scalar) { kinds |= 1 << 5 }
      }
    }
    return kinds
  }

  /// The inner-match pattern `kind` searched in `range` from `from`:
  /// 0 `/+(.*)`, 1 `(\([^(]*)`, 2 `(?:\s-|-\s)\s*(.+)`,
  /// 3 `[‒-―－]\s*(.+)`, 4 `\.+\s*([^.]+)`, 5 `\s+(\S+)`.
  static func innerMatch(_ kind: Int, in text: Text, _ range: Range<Int>, from: Int) -> InnerMatch? {
    let end = range.upperBound
    var start = from
    while start < end {
      defer { start += 1 }
      let scalar = text[start]
      switch kind {
      case 0:
        guard scalar == "/" else { continue }
        var group = start
        while group < end && text[group] == "/" { group += 1 }
        return InnerMatch(start: start, group: group..<end)
      case 1:
        guard scalar == "(" else { continue }
        var groupEnd = start + 1
        while groupEnd < end && text[groupEnd] != "(" { groupEnd += 1 }
        return InnerMatch(start: start, group: start..<groupEnd)
      case 2:
        guard start + 1 < end else { continue }
        let next = text[start + 1]
        let separated =
          (MatcherCharacters.isWhitespace(scalar) && next == "-")
          || (scalar == "-" && MatcherCharacters.isWhitespace(next))
        guard separated, let group = restAfterWhitespace(text, from: start + 2, end: end) else { continue }
        return InnerMatch(start: start, group: group)
      case 3:
        guard (0x2012...0x2015).contains(scalar.value) || scalar == "\u{FF0D}",
          let group = restAfterWhitespace(text, from: start + 1, end: end)
        else { continue }
        return InnerMatch(start: start, group: group)
      case 4:
        guard scalar == "." else { continue }
        var afterDots = start
        while afterDots < end && text[afterDots] == "." { afterDots += 1 }
        var groupStart = afterDots
        while groupStart < end && MatcherCharacters.isWhitespace(text[groupStart]) { groupStart += 1 }
        if groupStart == end || text[groupStart] == "." {
          // `\s*` gives back its last blank, which `[^.]+` then takes.
          guard groupStart > afterDots else { continue }
          groupStart -= 1
        }
        var groupEnd = groupStart
        while groupEnd < end && text[groupEnd] != "." { groupEnd += 1 }
        return InnerMatch(start: start, group: groupStart..<groupEnd)
      default:
        guard MatcherCharacters.isWhitespace(scalar) else { continue }
        var groupStart = start
        while groupStart < end && MatcherCharacters.isWhitespace(text[groupStart]) { groupStart += 1 }
        guard groupStart < end else { continue }
        var groupEnd = groupStart
        while groupEnd < end && !MatcherCharacters.isWhitespace(text[groupEnd]) { groupEnd += 1 }
        return InnerMatch(start: start, group: groupStart..<groupEnd)
      }
    }
    return nil
  }

  /// `\s*(.+)` from `position`: the group, or nil when nothing follows
  /// (`\s*` gives back its last blank for `.+` when only blanks follow).
  private static func restAfterWhitespace(_ text: Text, from position: Int, end: Int) -> Range<Int>? {
    var start = position
    while start < end && MatcherCharacters.isWhitespace(text[start]) { start += 1 }
    if start < end { return start..<end }
    return start > position ? (start - 1)..<end : nil
  }
}
