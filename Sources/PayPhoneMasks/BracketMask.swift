internal import PayPhoneText

/// A mask in InputMask's bracket notation, compiled once from its format.
///
/// The format is a sequence of blocks:
/// - `[...]`: symbols the person types — `0` a digit, `9` an optional digit,
///   `A` a letter, `a` an optional letter, `_` a letter or digit, `-` an
///   optional letter or digit, custom notations, and `…` to repeat the
///   previous symbol without end (last in the mask). One block holds one
///   type of symbol; mandatory symbols are moved to the front of their block.
/// - `{...}`: fixed characters the mask writes itself and that belong to
///   the extracted value (`{+7}` puts `+7` into the value).
/// - anything else: free literals, written into the text but not the value.
/// - `\` makes the next character a literal (`\[`, `\{`, `\\`).
///
/// A mask is an immutable value: compile it once and apply it from any
/// thread. Digits of any script are folded to ASCII before they meet it.
///
///     let phone = try BracketMask("+7 ([000]) [000] [00] [00]")
///     let result = phone.apply(CaretText("79621234567"))
///     result.text        // "+7 (962) 123 45 67"
///     result.value       // "9621234567"
///     result.isComplete  // true
///
/// Equality compares the format and the custom notations.
public struct BracketMask: TextMasking, Hashable {
  /// The format the mask was compiled from.
  ///
  ///     try BracketMask("[00]-[00]").format  // "[00]-[00]"
  public let format: String
  /// The custom notations the format may use.
  ///
  ///     try BracketMask("[00]").customNotations  // []
  public let customNotations: [MaskNotation]
  /// The compiled tables, shared by every copy of the mask.
  let program: MaskProgram

  /// The characters of the text with every mandatory symbol filled: free
  /// literals, fixed characters and mandatory symbols.
  ///
  ///     try BracketMask("[00]-[99]").acceptableTextLength  // 3
  public var acceptableTextLength: Int { program.acceptableTextLength }
  /// The most characters the text can hold, optional symbols included; nil
  /// when an ellipsis lets it grow without end.
  ///
  ///     try BracketMask("[00]-[99]").totalTextLength  // 5
  public var totalTextLength: Int? { program.totalTextLength }
  /// The characters of the value with every mandatory symbol filled: fixed
  /// characters and mandatory symbols.
  ///
  ///     try BracketMask("{+7}[00]").acceptableValueLength  // 4
  public var acceptableValueLength: Int { program.acceptableValueLength }
  /// The most characters the value can hold; nil with an ellipsis.
  ///
  ///     try BracketMask("[0…]").totalValueLength  // nil
  public var totalValueLength: Int? { program.totalValueLength }

  /// Compiles a format.
  ///
  ///     let card = try BracketMask("[0000] [0000] [0000] [0000] [999]")
  ///     let name = try BracketMask(
  ///       "[N…]",
  ///       customNotations: [
  ///         MaskNotation(character: "N", characterSet: .letters.union(MaskCharacterSet(charactersIn: " ")))
  ///       ])
  ///
  /// - Throws: `MaskError` (`invalid_mask`) for a block mixing symbol types
  ///   (`[000AA]`), nested, unclosed or unmatched brackets (`[[0]]`, `[00`,
  ///   `0]`), an unknown symbol (`[0x0]`), an ellipsis with nothing to
  ///   repeat or something after it, a trailing backslash, or a custom
  ///   notation that clashes with the notation's own characters.
  public init(_ format: String, customNotations: [MaskNotation] = []) throws(MaskError) {
    let compiled = try MaskCompiler(format, notations: customNotations)
    self.format = format
    self.customNotations = customNotations
    program = MaskProgram(states: compiled.states, literals: compiled.literals, notations: customNotations)
  }

  /// Whether `format` compiles.
  ///
  ///     BracketMask.isValid("[000AA]")  // false
  public static func isValid(_ format: String, customNotations: [MaskNotation] = []) -> Bool {
    (try? MaskCompiler(format, notations: customNotations)) != nil
  }

  /// The whole mask as placeholder glyphs: `0` a digit, `a` a letter, `-` a
  /// letter or digit, a custom symbol as itself, literals as they are.
  ///
  ///     try BracketMask("+7 ([000]) [000] [00] [00]").placeholder  // "+7 (000) 000 00 00"
  public var placeholder: String {
    program.placeholder(from: 0)
  }

  /// Whether two masks have the same format and custom notations.
  ///
  ///     try BracketMask("[00]") == BracketMask("[00]")  // true
  public static func == (lhs: BracketMask, rhs: BracketMask) -> Bool {
    lhs.format == rhs.format && lhs.customNotations == rhs.customNotations
  }

  /// Hashes the format and the custom notations, as `==` compares them.
  ///
  ///     Set([try BracketMask("[00]"), try BracketMask("[00]")]).count  // 1
  public func hash(into hasher: inout Hasher) {
    hasher.combine(format)
    hasher.combine(customNotations)
  }
}

/// A compiled bracket mask: its states and the tables derived from them,
/// immutable and shared by every copy of the mask.
final class MaskProgram: Sendable {
  let states: [MaskState]
  let literals: [UInt8]
  /// Each free or fixed state's character with its digits folded, as the
  /// input's are, and where it is: what a literal the input carries is
  /// matched against (`+٧ ([000])` reads its own `+٧ (` back).
  let foldedLiterals: [UInt8]
  let foldedLiteralRanges: [Range<Int>]
  let notations: [MaskNotation]
  /// For each custom notation, which ASCII characters it accepts.
  let customASCII: [ASCIIMembership]
  /// For each state, whether the text is complete when the input ends there.
  let completeFrom: [Bool]
  private let placeholderBytes: [UInt8]
  /// For each state, where its part of the placeholder starts.
  private let placeholderOffsets: [Int]
  let acceptableTextLength: Int
  let totalTextLength: Int?
  let acceptableValueLength: Int
  let totalValueLength: Int?

  init(states: [MaskState], literals: [UInt8], notations: [MaskNotation]) {
    self.states = states
    self.literals = literals
    var folded: [UInt8] = []
    var foldedRanges: [Range<Int>] = []
    for state in states {
      let start = folded.count
      if state.kind == .free || state.kind == .fixed {
        folded.append(
          contentsOf: DigitFolding.fold(String(decoding: literals[state.literal], as: UTF8.self)).utf8)
      }
      foldedRanges.append(start..<folded.count)
    }
    foldedLiterals = folded
    foldedLiteralRanges = foldedRanges
    self.notations = notations
    customASCII = notations.map { ASCIIMembership($0.characterSet) }

    var complete = [Bool](repeating: true, count: states.count)
    for index in states.indices.reversed() {
      switch states[index].kind {
      case .end, .ellipsis: complete[index] = true
      case .value, .fixed: complete[index] = false
      case .free, .optionalValue: complete[index] = complete[index + 1]
      }
    }
    completeFrom = complete

    var glyphs: [UInt8] = []
    var offsets: [Int] = []
    var acceptableText = 0
    var optionalText = 0
    var acceptableValue = 0
    var isBounded = true
    for state in states {
      offsets.append(glyphs.count)
      switch state.kind {
      case .free, .fixed:
        acceptableText += 1
        if state.kind == .fixed { acceptableValue += 1 }
        glyphs.append(contentsOf: literals[state.literal])
      case .value, .optionalValue:
        if state.kind == .value {
          acceptableText += 1
          acceptableValue += 1
        } else {
          optionalText += 1
        }
        switch state.symbol {
        case .digit: glyphs.append(UInt8(ascii: "0"))
        case .letter: glyphs.append(UInt8(ascii: "a"))
        case .alphanumeric: glyphs.append(UInt8(ascii: "-"))
        case .custom(let notation): glyphs.append(contentsOf: String(notations[notation].character).utf8)
        }
      case .ellipsis: isBounded = false
      case .end: break
      }
    }
    placeholderBytes = glyphs
    placeholderOffsets = offsets
    acceptableTextLength = acceptableText
    acceptableValueLength = acceptableValue
    totalTextLength = isBounded ? acceptableText + optionalText : nil
    totalValueLength = isBounded ? acceptableValue + optionalText : nil
  }

  /// The placeholder from state `index` on.
  func placeholder(from index: Int) -> String {
    String(decoding: placeholderBytes[placeholderOffsets[index]...], as: UTF8.self)
  }
}

/// Which of the 128 ASCII characters a custom notation accepts, so ASCII
/// input never goes through `Character`.
struct ASCIIMembership: Sendable, Hashable {
  private var low: UInt64 = 0
  private var high: UInt64 = 0

  init(_ set: MaskCharacterSet) {
    for byte in UInt8(0)..<128 where set.contains(Character(Unicode.Scalar(byte))) {
      if byte < 64 {
        low |= 1 << UInt64(byte)
      } else {
        high |= 1 << UInt64(byte - 64)
      }
    }
  }

  @inline(__always)
  func contains(_ byte: UInt8) -> Bool {
    byte < 64 ? low & (1 << UInt64(byte)) != 0 : high & (1 << UInt64(byte & 63)) != 0
  }
}
