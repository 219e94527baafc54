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

  /// The most bytes ``apply(_:to:matchingAll:writingDigitsAs:into:)`` writes
  /// for `count` input bytes: each match covers at least one byte and
  /// writes the literals and each referenced group (at most the match)
  /// once; what no match covers is copied.
  func outputCapacity(inputCount count: Int) -> Int {
    count * (literals.count + groupReferenceCount + 1)
  }

  /// libphonenumber's `formatNsnUsingPattern` at its core: appends `digits`
  /// with every match of `pattern`, left to right, replaced by the layout
  /// filled in with the match's groups (an unset group writes nothing), as
  /// a regex replace-all does. With `matchingAll` (the caller knows the
  /// pattern matches all of `digits`, as a chosen format's does) and a
  /// pattern whose shape decides its match of them, the groups follow from
  /// the shape and no match is searched for. With `symbol`, every byte
  /// copied from `digits` is written as that symbol instead (input masks).
  /// Needs ``outputCapacity(inputCount:)`` free bytes.
  func apply(
    _ pattern: DigitPattern, to digits: UnsafeBufferPointer<UInt8>, matchingAll: Bool = false,
    writingDigitsAs symbol: UInt8? = nil, into output: inout UTF8Writer
  ) {
    if matchingAll, let shape = pattern.shape, shape.fixedLength != nil || shape.variablePartIsGreedy,
      digits.count > 0, digits.count < Int(Int32.max)
    {
      // The shape's split of the whole input is the pattern's first match.
      fill(in: digits, as: symbol, into: &output) { shape.span(ofGroup: $0, length: digits.count) }
      return
    }
    var position = 0
    search: while position < digits.count {
      for start in position..<digits.count {
        let rest = UnsafeBufferPointer(rebasing: digits[start...])
        guard let match = pattern.prefixMatch(rest), match.end > 0 else { continue }
        Self.append(digits[position..<start], as: symbol, into: &output)
        fill(in: rest, as: symbol, into: &output) { match.group($0) }
        position = start + match.end
        continue search
      }
      break
    }
    Self.append(digits[position...], as: symbol, into: &output)
  }

  /// ``apply(_:to:matchingAll:writingDigitsAs:into:)``'s bytes, as an array.
  func applied(
    _ pattern: DigitPattern, to digits: UnsafeBufferPointer<UInt8>, writingDigitsAs symbol: UInt8? = nil
  ) -> [UInt8] {
    UTF8Writer.bytes(capacity: outputCapacity(inputCount: digits.count), Array.init) { output in
      apply(pattern, to: digits, writingDigitsAs: symbol, into: &output)
    }
  }

  /// Appends the pieces: the literals, and the span `group` gives of each
  /// group reference (none when it gives nil).
  private func fill(
    in digits: UnsafeBufferPointer<UInt8>, as symbol: UInt8?, into output: inout UTF8Writer,
    group: (Int) -> Range<Int>?
  ) {
    pieces.withUnsafeBufferPointer { pieces in
      for piece in pieces {
        switch piece {
        case .literal(let range): output.append(literals.elements(unchecked: range))
        case .group(let index):
          if let range = group(index) { Self.append(digits[range], as: symbol, into: &output) }
        }
      }
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
