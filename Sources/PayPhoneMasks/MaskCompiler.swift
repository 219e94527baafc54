internal import PayPhoneText

/// Turns a bracket-notation format into the chain of states a
/// `BracketMask` runs.
///
/// Rules (InputMask's, plus the contract's stricter ones): `[]` holds value
/// symbols of one type, sorted so mandatory ones come first (`[9900]` works
/// as `[0099]`); `{}` holds fixed characters; everything else is a free
/// literal; `\` makes the next character a literal. Nested, unclosed and
/// unmatched brackets, mixed types, unknown symbols and a misplaced
/// ellipsis are errors.
struct MaskCompiler {
  private(set) var states: [MaskState] = []
  private(set) var literals: [UInt8] = []
  private let notations: [MaskNotation]
  private var ellipsisOffset: Int?

  private enum Mode {
    case free
    case value(start: Int)
    case fixed(start: Int)
  }

  private enum SymbolType: String {
    case digits = "digit"
    case letters = "letter"
    case alphanumerics = "letter-or-digit"
    case custom
  }

  private struct BlockSymbol {
    let symbol: MaskState.Symbol
    let type: SymbolType
    let isOptional: Bool
  }

  private static let reserved: Set<Character> = ["0", "9", "A", "a", "_", "-", "…", "[", "]", "{", "}", "\\"]

  /// Compiles `format`; the last state is always `.end`.
  init(_ format: String, notations: [MaskNotation]) throws(MaskError) {
    self.notations = notations
    try checkNotations()
    // Characters are ICU's grapheme clusters, as the input's are: Swift's
    // own segmentation follows a newer Unicode, and a literal split
    // differently from the text it is matched against would never match.
    let boundaries = Graphemes.boundaries(in: format)
    let utf8 = Array(format.utf8)
    let characters = boundaries.indices.dropLast().map { index in
      String(decoding: utf8[boundaries[index]..<boundaries[index + 1]], as: UTF8.self)
    }
    var mode = Mode.free
    var block: [(character: String, offset: Int)] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let offset = index
      index += 1
      if let ellipsisOffset {
        throw MaskError(
          code: .misplacedEllipsis,
          message: "character \(offset) follows the ellipsis at character \(ellipsisOffset); "
            + "the ellipsis must end the mask", offset: offset)
      }
      if character == "\\" {
        guard index < characters.count else {
          throw MaskError(
            code: .danglingEscape,
            message: "the backslash at character \(offset) ends the format with nothing to escape",
            offset: offset)
        }
        try appendEscaped(characters[index], at: index, in: mode)
        index += 1
        continue
      }
      switch mode {
      case .free:
        switch character {
        case "[":
          mode = .value(start: offset)
          block = []
        case "{": mode = .fixed(start: offset)
        case "]", "}": throw Self.unmatched(character, at: offset)
        default: appendLiteral(.free, character)
        }
      case .value(let start):
        switch character {
        case "]":
          try closeValueBlock(block, start: start)
          mode = .free
        case "[", "{": throw Self.nested(character, at: offset, inside: start)
        case "}": throw Self.unmatched(character, at: offset)
        default: block.append((character, offset))
        }
      case .fixed(let start):
        switch character {
        case "}": mode = .free
        case "[", "{": throw Self.nested(character, at: offset, inside: start)
        case "]": throw Self.unmatched(character, at: offset)
        default: appendLiteral(.fixed, character)
        }
      }
    }
    switch mode {
    case .free: break
    case .value(let start), .fixed(let start):
      throw MaskError(
        code: .unclosedBracket,
        message: "the \"\(characters[start])\" at character \(start) is never closed", offset: start)
    }
    states.append(.end)
  }

  /// A character after a backslash: a literal, which has no place inside `[]`.
  private mutating func appendEscaped(
    _ character: String, at offset: Int, in mode: Mode
  ) throws(MaskError) {
    switch mode {
    case .free: appendLiteral(.free, character)
    case .fixed: appendLiteral(.fixed, character)
    case .value:
      throw MaskError(
        code: .unknownSymbol,
        message: "the escaped \"\(character)\" at character \(offset) is a literal, "
          + "and literals cannot stand inside []", offset: offset)
    }
  }

  private func checkNotations() throws(MaskError) {
    var seen: Set<Character> = []
    for notation in notations {
      let character = notation.character
      guard !Self.reserved.contains(character) else {
        throw MaskError(
          code: .conflictingNotation,
          message: "a custom notation cannot redefine \"\(character)\", which the notation itself uses")
      }
      guard seen.insert(character).inserted else {
        throw MaskError(
          code: .conflictingNotation, message: "two custom notations use the same character \"\(character)\"")
      }
    }
  }

  private mutating func appendLiteral(_ kind: MaskState.Kind, _ character: String) {
    let start = literals.count
    literals.append(contentsOf: character.utf8)
    states.append(.literal(kind, start..<literals.count))
  }

  private mutating func closeValueBlock(
    _ block: [(character: String, offset: Int)], start: Int
  ) throws(MaskError) {
    guard !block.isEmpty else { return }
    var symbols: [BlockSymbol] = []
    var ellipsis: Int?
    for (character, offset) in block {
      if character == "…" {
        guard ellipsis == nil else {
          throw MaskError(
            code: .misplacedEllipsis,
            message: "a second ellipsis at character \(offset); one ends the mask", offset: offset)
        }
        ellipsis = offset
        continue
      }
      let symbol = try classify(character, at: offset)
      if let type = symbols.first?.type, type != symbol.type {
        throw MaskError(
          code: .mixedSymbolTypes,
          message: "the block at character \(start) mixes \(type.rawValue) and \(symbol.type.rawValue) "
            + "symbols; give each type its own [] block", offset: start)
      }
      symbols.append(symbol)
    }
    // Mandatory symbols first, so `[9900]` reads as `[0099]`.
    let sorted = symbols.filter { !$0.isOptional } + symbols.filter { $0.isOptional }
    for symbol in sorted {
      states.append(.symbol(symbol.isOptional ? .optionalValue : .value, symbol.symbol))
    }
    if let ellipsis {
      guard let inherited = sorted.last else {
        throw MaskError(
          code: .misplacedEllipsis,
          message: "the ellipsis at character \(ellipsis) has no symbol before it to repeat",
          offset: ellipsis)
      }
      states.append(.symbol(.ellipsis, inherited.symbol))
      ellipsisOffset = ellipsis
    }
  }

  private func classify(_ character: String, at offset: Int) throws(MaskError) -> BlockSymbol {
    switch character {
    case "0": return BlockSymbol(symbol: .digit, type: .digits, isOptional: false)
    case "9": return BlockSymbol(symbol: .digit, type: .digits, isOptional: true)
    case "A": return BlockSymbol(symbol: .letter, type: .letters, isOptional: false)
    case "a": return BlockSymbol(symbol: .letter, type: .letters, isOptional: true)
    case "_": return BlockSymbol(symbol: .alphanumeric, type: .alphanumerics, isOptional: false)
    case "-": return BlockSymbol(symbol: .alphanumeric, type: .alphanumerics, isOptional: true)
    default:
      guard let index = notations.firstIndex(where: { String($0.character) == character }) else {
        throw MaskError(
          code: .unknownSymbol,
          message: "\"\(character)\" at character \(offset) is not a mask symbol "
            + "(0 9 A a _ - … or a custom notation)", offset: offset)
      }
      return BlockSymbol(symbol: .custom(index), type: .custom, isOptional: notations[index].isOptional)
    }
  }

  private static func nested(_ character: String, at offset: Int, inside start: Int) -> MaskError {
    MaskError(
      code: .nestedBracket,
      message: "the \"\(character)\" at character \(offset) opens a block inside the block "
        + "that starts at character \(start)", offset: offset)
  }

  private static func unmatched(_ character: String, at offset: Int) -> MaskError {
    MaskError(
      code: .unmatchedBracket,
      message: "the \"\(character)\" at character \(offset) closes no block", offset: offset)
  }
}
