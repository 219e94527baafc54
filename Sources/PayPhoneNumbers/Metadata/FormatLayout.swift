/// A format's layout (`$1 $2-$3`) compiled: literal bytes, and group
/// references stored as the bytes 1 to 9.
struct FormatLayout: Sendable {
  let bytes: [UInt8]

  init(_ layout: String) {
    var compiled: [UInt8] = []
    var source = layout.utf8.makeIterator()
    while let byte = source.next() {
      guard byte == UInt8(ascii: "$") else {
        compiled.append(byte)
        continue
      }
      guard let next = source.next() else {
        compiled.append(byte)
        break
      }
      if next >= 0x31 && next <= 0x39 {
        compiled.append(next - 0x30)
      } else if !(next == 0x30) {
        compiled.append(byte)
        compiled.append(next)
      }
    }
    bytes = compiled
  }

  /// Appends the layout with the match's groups filled in from `digits`
  /// (an unset group gives nothing); with `symbol`, every digit taken from
  /// `digits` is written as that symbol instead (for masks).
  func expand(
    _ match: PatternMatch, in digits: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
    writingDigitsAs symbol: UInt8? = nil
  ) {
    for byte in bytes {
      if byte >= 1 && byte <= 9 {
        if let group = match.group(Int(byte)) { Self.append(digits[group], as: symbol, to: &output) }
      } else {
        output.append(byte)
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
