/// Finding and replacing text within a string, by characters, as the
/// metadata's format rules need it (`$1`, `$NP`, `;ext=`). Plain loops, so
/// that the library needs no `_StringProcessing` (absent in an Embedded
/// Swift build).
extension StringProtocol {
  /// The range of the first occurrence of `target`, by characters; nil when
  /// there is none or `target` is empty.
  ///
  ///     "+1;ext=2".firstRange(ofText: ";ext=")  // the 5 characters after "+1"
  ///
  /// - Complexity: O(n·m).
  package func firstRange(ofText target: some StringProtocol) -> Range<Index>? {
    guard !target.isEmpty else { return nil }
    var start = startIndex
    while start < endIndex {
      var position = start
      var matched = target.startIndex
      while position < endIndex && matched < target.endIndex && self[position] == target[matched] {
        formIndex(after: &position)
        target.formIndex(after: &matched)
      }
      if matched == target.endIndex { return start..<position }
      formIndex(after: &start)
    }
    return nil
  }

  /// The text with every occurrence of `target` (taken from the left,
  /// never overlapping) replaced by `replacement`.
  ///
  ///     "$NP $FG".replacing(every: "$NP", with: "0")  // "0 $FG"
  ///
  /// - Complexity: O(n·m).
  package func replacing(every target: some StringProtocol, with replacement: some StringProtocol) -> String {
    var result = ""
    var rest = self[...]
    while let range = rest.firstRange(ofText: target) {
      result += rest[..<range.lowerBound]
      result += replacement
      rest = rest[range.upperBound...]
    }
    result += rest
    return result
  }
}
