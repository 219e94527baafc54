@_spi(PayPhoneInternal) internal import PayPhoneCore

/// A replacement template (`($1) $2-$3`) split into literal text and group
/// references once, so filling it in is a copy per piece. A class: formats
/// share it without copying its arrays.
final class FormatLayout: Sendable {
  enum Piece: Sendable, Hashable {
    /// A range of `literals`.
    case literal(Range<Int>)
    case group(Int)
  }

  let pieces: [Piece]
  /// The literal text of all pieces, one after the other. Every literal
  /// piece's range lies inside it (checked when split): read unchecked.
  let literals: GeneratedTable<UInt8>
  /// How many pieces are group references.
  let groupReferenceCount: Int
  /// The pieces as the whole match of the layout's pattern fills them in,
  /// when the pattern's shape decides that match; else nil.
  private let wholeMatchCopies: [WholeMatchCopy]?

  /// A piece's bytes in a whole match: `start..<end` of the literals, or of
  /// the input, where a bound flagged `fromEnd` is an offset from the
  /// input's end (negative).
  private struct WholeMatchCopy: Sendable {
    let start: Int16
    let end: Int16
    let startFromEnd: Bool
    let endFromEnd: Bool
    let isLiteral: Bool
  }

  /// Splits `template`: `$1`...`$9` are group references; any other `$`
  /// is literal text. With the `shape` of the pattern it is filled in by,
  /// each piece is resolved once to the bytes a whole match copies (see
  /// ``applyToWholeMatch(_:of:into:)``).
  init(_ template: String, shape: PatternShape? = nil) {
    var pieces: [Piece] = []
    var literals: [UInt8] = []
    var literalStart = 0
    let bytes = Array(template.utf8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "$"), index + 1 < bytes.count, (0x30...0x39).contains(bytes[index + 1])
      {
        if literals.count > literalStart { pieces.append(.literal(literalStart..<literals.count)) }
        literalStart = literals.count
        // `$0` names the whole match in a regex replacement; no metadata
        // template uses it, and an unset group gives nothing.
        pieces.append(.group(Int(bytes[index + 1] - 0x30)))
        index += 2
      } else {
        literals.append(bytes[index])
        index += 1
      }
    }
    if literals.count > literalStart { pieces.append(.literal(literalStart..<literals.count)) }
    let table = GeneratedTable(copying: literals)
    for case .literal(let range) in pieces {
      do throws(TableDefect) {
        try table.check(range: range)
      } catch {
        preconditionFailure("template \(template) split past its literals: \(error)")
      }
    }
    self.pieces = pieces
    self.literals = table
    groupReferenceCount = pieces.count { if case .group = $0 { true } else { false } }
    wholeMatchCopies = shape.flatMap { Self.wholeMatchCopies(pieces, $0) }
  }

  /// What each piece copies in a whole match of a pattern of `shape`; nil
  /// when the shape does not decide the match (a lazy varying part).
  private static func wholeMatchCopies(_ pieces: [Piece], _ shape: PatternShape) -> [WholeMatchCopy]? {
    guard shape.fixedLength != nil || shape.variablePartIsGreedy else { return nil }
    var copies: [WholeMatchCopy] = []
    for piece in pieces {
      switch piece {
      case .literal(let range):
        guard let start = Int16(exactly: range.lowerBound), let end = Int16(exactly: range.upperBound) else {
          return nil
        }
        copies.append(
          WholeMatchCopy(start: start, end: end, startFromEnd: false, endFromEnd: false, isLiteral: true))
      case .group(let index):
        // A group the pattern lacks writes nothing.
        guard let bounds = shape.bounds(ofGroup: index) else { continue }
        guard let start = Int16(exactly: bounds.startFromEnd ? -bounds.start : bounds.start),
          let end = Int16(exactly: bounds.endFromEnd ? -bounds.end : bounds.end)
        else { return nil }
        copies.append(
          WholeMatchCopy(
            start: start, end: end, startFromEnd: bounds.startFromEnd, endFromEnd: bounds.endFromEnd,
            isLiteral: false))
      }
    }
    return copies
  }

  /// The most bytes ``apply(_:to:writingDigitsAs:into:)`` writes
  /// for `count` input bytes: each match covers at least one byte and
  /// writes the literals and each referenced group (at most the match)
  /// once; what no match covers is copied.
  func outputCapacity(inputCount count: Int) -> Int {
    count * (literals.count + groupReferenceCount + 1)
  }

  /// libphonenumber's `formatNsnUsingPattern` at its core: appends `digits`
  /// with every match of `pattern`, left to right, replaced by the layout
  /// filled in with the match's groups (an unset group writes nothing), as
  /// a regex replace-all does. With `symbol`, every byte copied from
  /// `digits` is written as that symbol instead (input masks). Needs
  /// ``outputCapacity(inputCount:)`` free bytes.
  func apply(
    _ pattern: DigitPattern, to digits: UnsafeBufferPointer<UInt8>, writingDigitsAs symbol: UInt8? = nil,
    into output: inout UTF8Writer
  ) {
    var position = 0
    search: while position < digits.count {
      for start in position..<digits.count {
        let rest = UnsafeBufferPointer(rebasing: digits[start...])
        guard let match = pattern.prefixMatch(rest), match.end > 0 else { continue }
        Self.append(digits[position..<start], as: symbol, into: &output)
        pieces.withUnsafeBufferPointer { pieces in
          for piece in pieces {
            switch piece {
            case .literal(let range): output.append(literals.elements(unchecked: range))
            case .group(let index):
              if let range = match.group(index) { Self.append(rest[range], as: symbol, into: &output) }
            }
          }
        }
        position = start + match.end
        continue search
      }
      break
    }
    Self.append(digits[position...], as: symbol, into: &output)
  }

  /// ``apply(_:to:writingDigitsAs:into:)`` on `digits` that `pattern`
  /// (the one whose shape made the layout) matches whole, as the caller
  /// knows: then the groups follow from the shape, and no match is
  /// searched for.
  func applyToWholeMatch(
    _ digits: UnsafeBufferPointer<UInt8>, of pattern: DigitPattern, into output: inout UTF8Writer
  ) {
    guard let copies = wholeMatchCopies, !digits.isEmpty else {
      return apply(pattern, to: digits, into: &output)
    }
    let count = digits.count
    copies.withUnsafeBufferPointer { copies in
      for copy in copies {
        if copy.isLiteral {
          output.append(literals.elements(unchecked: Int(copy.start)..<Int(copy.end)))
          continue
        }
        let start = Int(copy.start) &+ (copy.startFromEnd ? count : 0)
        let end = Int(copy.end) &+ (copy.endFromEnd ? count : 0)
        guard start >= 0 && start <= end && end <= count else { continue }
        output.append(UnsafeBufferPointer(rebasing: digits[start..<end]))
      }
    }
  }

  /// ``apply(_:to:writingDigitsAs:into:)``'s bytes, as an array.
  func applied(
    _ pattern: DigitPattern, to digits: UnsafeBufferPointer<UInt8>, writingDigitsAs symbol: UInt8? = nil
  ) -> [UInt8] {
    UTF8Writer.bytes(capacity: outputCapacity(inputCount: digits.count), Array.init) { output in
      apply(pattern, to: digits, writingDigitsAs: symbol, into: &output)
    }
  }

  private static func append(
    _ digits: Slice<UnsafeBufferPointer<UInt8>>, as symbol: UInt8?, into output: inout UTF8Writer
  ) {
    if let symbol {
      output.append(symbol, count: digits.count)
    } else {
      output.append(digits)
    }
  }
}
