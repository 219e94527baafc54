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

  /// Splits `template`: `$1`...`$9` are group references; any other `$`
  /// is literal text.
  init(_ template: String) {
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
  }

  /// The most bytes filling in the layout for every match in `count` input
  /// bytes, and copying what no match covers, can write: each match covers
  /// at least one byte and writes the literals and each referenced group
  /// (at most the match) once.
  func outputCapacity(inputCount count: Int) -> Int {
    count * (literals.count + groupReferenceCount + 1)
  }

  /// Appends the template filled in with `match`'s groups over `digits`.
  func fill(_ match: PatternMatch, in digits: UnsafeBufferPointer<UInt8>, into output: inout PhoneNumberBytes)
  {
    fill(in: digits, into: &output) { match.group($0) }
  }

  /// Fills in the groups of a shaped pattern's match of all of `digits`
  /// (``PatternShape/wholeMatch(length:)``), without making the match.
  func fill(_ shape: PatternShape, in digits: UnsafeBufferPointer<UInt8>, into output: inout PhoneNumberBytes)
  {
    fill(in: digits, into: &output) { shape.span(ofGroup: $0, length: digits.count) }
  }

  private func fill(
    in digits: UnsafeBufferPointer<UInt8>, into output: inout PhoneNumberBytes, group: (Int) -> Range<Int>?
  ) {
    pieces.withUnsafeBufferPointer { pieces in
      for piece in pieces {
        switch piece {
        case .literal(let range): output.append(literals.elements(unchecked: range))
        case .group(let index):
          if let range = group(index) { output.append(digits[range]) }
        }
      }
    }
  }

  /// Appends the layout with the match's groups filled in from `digits`
  /// (an unset group gives nothing); with `symbol`, every digit taken from
  /// `digits` is written as that symbol instead (for input masks).
  func expand(
    _ match: PatternMatch, in digits: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    writingDigitsAs symbol: UInt8? = nil
  ) {
    for piece in pieces {
      switch piece {
      case .literal(let range): output.append(contentsOf: literals.elements(unchecked: range))
      case .group(let index):
        if let range = match.group(index) { Self.append(digits[range], as: symbol, to: &output) }
      }
    }
  }

  private static func append(
    _ digits: Slice<UnsafeBufferPointer<UInt8>>, as symbol: UInt8?, to output: inout [UInt8]
  ) {
    if let symbol {
      output.append(contentsOf: repeatElement(symbol, count: digits.count))
    } else {
      output.append(contentsOf: digits)
    }
  }

  /// Appends `digits` with every match of `pattern`, left to right,
  /// replaced by the layout, as a regex replace-all does (`symbol` as for
  /// `expand`).
  func replacingMatches(
    of pattern: DigitPattern, in digits: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    writingDigitsAs symbol: UInt8? = nil
  ) {
    var position = 0
    search: while position < digits.count {
      for start in position..<digits.count {
        let rest = UnsafeBufferPointer(rebasing: digits[start...])
        guard let match = pattern.prefixMatch(rest), match.end > 0 else { continue }
        Self.append(digits[position..<start], as: symbol, to: &output)
        expand(match, in: rest, into: &output, writingDigitsAs: symbol)
        position = start + match.end
        continue search
      }
      break
    }
    Self.append(digits[position...], as: symbol, to: &output)
  }
}
