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

  /// The layout as a whole match of a pattern of `shape` fills it in;
  /// nil when the shape does not decide the match (a lazy varying part) or
  /// a piece does not fit a step.
  func wholeMatchProgram(shape: PatternShape) -> WholeMatchProgram? {
    guard shape.fixedLength != nil || shape.variablePartIsGreedy else { return nil }
    var steps: [UInt8] = []
    var groupCount = 0
    for piece in pieces {
      switch piece {
      case .literal(let range):
        guard range.count < WholeMatchProgram.groupStep else { return nil }
        steps.append(UInt8(range.count))
        steps += literals.elements(unchecked: range)
      case .group(let index):
        // A group the pattern lacks writes nothing.
        guard let bounds = shape.bounds(ofGroup: index) else { continue }
        guard let start = Int8(exactly: bounds.start), let end = Int8(exactly: bounds.end) else { return nil }
        steps += [
          WholeMatchProgram.groupStep | (bounds.startFromEnd ? WholeMatchProgram.startFromEnd : 0)
            | (bounds.endFromEnd ? WholeMatchProgram.endFromEnd : 0), UInt8(bitPattern: start),
          UInt8(bitPattern: end),
        ]
        groupCount += 1
      }
    }
    return WholeMatchProgram(steps: steps, literalCount: literals.count, groupCount: groupCount)
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

/// A layout filled in with a whole match of its pattern, resolved from the
/// pattern's shape when the metadata loads: the bytes to copy, in order.
/// A step is a literal (a length byte below 0x80, then that many bytes) or
/// a group (``groupStep`` with the flags, then the group's start and end,
/// each an `Int8` counted from the input's start, or back from its end when
/// flagged; a group that takes no part in the match is out of range and
/// writes nothing).
struct WholeMatchProgram: Sendable {
  static let groupStep: UInt8 = 0x80
  static let startFromEnd: UInt8 = 0x40
  static let endFromEnd: UInt8 = 0x20

  let steps: [UInt8]
  /// The literal bytes the steps write.
  let literalCount: Int
  let groupCount: Int

  /// The most bytes ``write(_:into:)`` writes for `count` input bytes.
  func outputCapacity(inputCount count: Int) -> Int { literalCount + groupCount * count }

  /// The literal bytes that this program writes before `other`'s steps,
  /// when it is a literal step and then `other`'s steps (none when it is
  /// `other`'s steps); nil when it is not.
  func literalPrefix(before other: WholeMatchProgram) -> [UInt8]? {
    if steps == other.steps { return [] }
    guard let first = steps.first, first < Self.groupStep, steps.count > Int(first),
      steps[(1 + Int(first))...].elementsEqual(other.steps)
    else { return nil }
    return Array(steps[1...Int(first)])
  }

  /// Appends the layout filled in with `digits`, which its pattern matches
  /// whole (as the caller knows). Needs ``outputCapacity(inputCount:)``
  /// free bytes.
  func write(_ digits: UnsafeBufferPointer<UInt8>, into output: inout UTF8Writer) {
    steps.withUnsafeBufferPointer { steps in
      var index = 0
      while index < steps.count {
        let step = steps[index]
        if step < Self.groupStep {
          output.append(steps[(index + 1)..<(index + 1 + Int(step))])
          index += 1 + Int(step)
          continue
        }
        let offsets = (Int(Int8(bitPattern: steps[index + 1])), Int(Int8(bitPattern: steps[index + 2])))
        let start = step & Self.startFromEnd == 0 ? offsets.0 : digits.count - offsets.0
        let end = step & Self.endFromEnd == 0 ? offsets.1 : digits.count - offsets.1
        index += 3
        guard start >= 0 && start <= end && end <= digits.count else { continue }
        output.append(digits[start..<end])
      }
    }
  }
}
