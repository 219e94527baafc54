internal import PayPhoneMasks
internal import PayPhoneText

/// Formats a phone number while it is typed, one character at a time, the
/// way libphonenumber's `AsYouTypeFormatter` does, step for step.
///
/// Feed it each character the person types — digits of any script, a
/// leading `+`, or punctuation — and show the text it returns. It groups
/// the digits with the region's formats as soon as they fit, recognises a
/// `+` or the region's international prefix (then switches to the typed
/// country's formats), a national prefix or carrier code, and changes
/// format as more digits arrive. When no format fits, or once the person
/// types punctuation of their own, it shows what was typed, unformatted.
///
///     var formatter = AsYouTypeFormatter(region: .us)
///     for key in "6502532222".unicodeScalars {
///       print(formatter.input(key))  // 6, 65, 650, 650-2, ... (650) 253-2222
///     }
///
/// Digits of other scripts are folded to ASCII as they are typed (`٦٥٠`
/// formats like `650` and shows as `650`, at every step). Keys are Unicode
/// scalars, as libphonenumber takes them; the remembered position counts
/// characters, the library's one caret unit (see the Carets article of
/// PayPhoneMasks), and `rememberedUTF16Position` gives it in UTF-16 code
/// units.
///
/// A value: copying one is cheap, and a copy goes on independently (keep
/// one per step for undo). A formatter for a region without metadata, or
/// for `001`, formats only numbers typed with `+`.
public struct AsYouTypeFormatter: Sendable {
  /// What the formatter is doing with the keys it gets.
  enum Mode: Sendable, Equatable {
    /// Formatting as digits arrive (before and after a format is chosen).
    case formatting
    /// After `+` or an international prefix, waiting for a country code.
    case awaitingCountryCode
    /// No format fits; a longer prefix may still make one fit.
    case stalled
    /// The person typed punctuation or letters: shown as typed from now on.
    case verbatim
  }

  /// What filling a template slot gave.
  enum TemplateFill {
    /// The template up to and including the slot just filled.
    case filled(end: Int)
    /// No slot left: the typed text stands in.
    case exhausted
  }

  /// Byte standing for a fullwidth plus `＋` among the digits (it counts as
  /// a leading plus, and libphonenumber keeps it as a character of the
  /// number).
  static let fullwidthPlus: UInt8 = 0xFF
  static let space = UInt8(ascii: " ")
  static let plus = UInt8(ascii: "+")

  /// The region the formatter was made for, upper-cased.
  public let region: RegionCode
  let defaultRules: AsYouTypeRules
  var rules: AsYouTypeRules
  var mode = Mode.formatting

  /// Every key as typed.
  var typed = ""
  var typedCount = 0
  /// The digits typed (ASCII) and a leading `+`.
  var dialled: [UInt8] = []
  /// The digits after any international prefix, country code and national
  /// prefix: what the formats apply to.
  var national = DigitQueue()
  /// Where `national` starts among `dialled` while it is the dialled
  /// digits from there on (nil once a put-back prefix made it differ).
  var nationalOffset: Int? = 0
  /// What goes before the national number: `+44 `, `011 44 `, `0`, `1 `.
  var prefix: [UInt8] = []
  var extractedNationalPrefix: [UInt8] = []
  /// Set once a national prefix or an international prefix was seen: the
  /// number is complete, local formats no longer apply.
  var isCompleteNumber = false
  var spaceAfterNationalPrefix = false

  var candidateList = AsYouTypeRules.FormatList.national
  var candidates = FormatSet.empty
  var template: [UInt8] = []
  var lastFilledSlot = 0
  var currentPatternID: Int?
  /// Scratch space for building the text.
  var buffer: [UInt8] = []

  /// Where the remembered key is among `dialled`, and among `typed`.
  var rememberedDialledCount = 0
  var rememberedTypedCount = 0

  /// What the answer to the last key is. The keys as typed, and the digits
  /// while a country code is awaited, are not copied on every key (a long
  /// paste would copy them all each time): `text` reads them when asked.
  enum Shown: Sendable {
    /// The keys as typed.
    case typed
    /// The prefix and national number, while no country code is complete.
    case awaitedDigits
    case text(String)
  }

  var shown = Shown.text("")
  /// The text while a country code is awaited, grown key by key, and the
  /// length of the national number it shows (-1 when it must be rebuilt).
  var awaitedText = ""
  var awaitedNationalCount = -1

  /// The text to show: the answer to the last key.
  ///
  ///     var formatter = AsYouTypeFormatter(region: .us)
  ///     formatter.input("650")
  ///     formatter.text  // "650"
  public var text: String {
    switch shown {
    case .typed: typed
    case .awaitedDigits: awaitedText
    case .text(let text): text
    }
  }

  /// Creates a formatter for numbers typed in `region`.
  ///
  ///     var formatter = AsYouTypeFormatter(region: "GB")
  ///
  /// - Complexity: O(1) once the region's rules are built (on the first
  ///   formatter of its country code).
  public init(region: RegionCode) {
    self.region = region
    defaultRules = AsYouTypeRules.Store.shared.rules(forRegion: region)
    rules = defaultRules
  }

  /// Forgets everything typed, keeping the region.
  public mutating func clear() {
    self = AsYouTypeFormatter(region: region, rules: defaultRules)
  }

  private init(region: RegionCode, rules: AsYouTypeRules) {
    self.region = region
    defaultRules = rules
    self.rules = rules
  }

  /// Takes the next key and returns the text to show.
  ///
  ///     var formatter = AsYouTypeFormatter(region: .gb)
  ///     for key in "0207946095".unicodeScalars { _ = formatter.input(key) }
  ///     formatter.input("8")  // "020 7946 0958"
  ///
  /// - Parameters:
  ///   - key: One character (Unicode scalar): a digit of any script, `+` or
  ///     `＋` as the first key, or anything else, which stops formatting.
  ///   - rememberingPosition: Remember where this key lands, so that
  ///     `rememberedPosition` follows it through later reformatting.
  /// - Complexity: O(n) in the digits typed so far (the remaining
  ///   candidate formats' patterns run over the national number, one
  ///   automaton pass each).
  @discardableResult
  public mutating func input(_ key: Unicode.Scalar, rememberingPosition: Bool = false) -> String {
    // Decimal digits are folded before anything else reads them (the
    // contract's rule), so every step shows ASCII digits.
    typed.unicodeScalars.append(DigitProperties.folded(key))
    typedCount += 1
    if rememberingPosition { rememberedTypedCount = typedCount }
    var digit: UInt8 = 0
    if let accrued = Self.dialledByte(key, isFirst: typedCount == 1) {
      digit = accrued
      dialled.append(accrued)
      if accrued != Self.plus {
        national.append(accrued)
      } else {
        nationalOffset? += 1
      }
      if rememberingPosition { rememberedDialledCount = dialled.count }
    } else {
      mode = .verbatim
    }
    shown = step(digit)
    return text
  }

  /// Types every character of `keys` and returns the last text.
  ///
  ///     var formatter = AsYouTypeFormatter(region: .us)
  ///     formatter.input("+16502532222")  // "+1 650-253-2222"
  @discardableResult
  public mutating func input(_ keys: String) -> String {
    for key in keys.unicodeScalars { input(key) }
    return text
  }

  /// Where the last key typed with `rememberingPosition` now is in `text`:
  /// the offset, in characters, just after it (libphonenumber's remembered
  /// position). Put the caret there after reformatting. When the key
  /// joined a character with what follows it (a mark typed after it), the
  /// offset is after that character.
  ///
  ///     var formatter = AsYouTypeFormatter(region: .us)
  ///     formatter.input("650")
  ///     formatter.input("2", rememberingPosition: true)  // "650-2"
  ///     formatter.rememberedPosition                      // 5
  public var rememberedPosition: Int {
    let scalars = rememberedScalarPosition
    let text = self.text
    guard text.utf8.contains(where: { $0 >= 0x80 || $0 == 0x0D }) else { return scalars }
    return CharacterOffsets(text).characterOffset(ofScalar: scalars, roundingUp: true)
  }

  /// The remembered position (see `rememberedPosition`) as a UTF-16
  /// offset into `text`, for `UITextField`, `NSTextView` and the DOM.
  ///
  ///     var formatter = AsYouTypeFormatter(region: .us)
  ///     formatter.input("6502")
  ///     formatter.input("5", rememberingPosition: true)  // "650-25"
  ///     formatter.rememberedUTF16Position                 // 6
  public var rememberedUTF16Position: Int {
    CharacterOffsets.utf16Offset(ofCharacter: rememberedPosition, in: text)
  }

  /// The remembered position in Unicode scalars of `text`, as
  /// libphonenumber counts it (the C ABI's unit).
  package var rememberedScalarPosition: Int {
    guard mode == .formatting || mode == .awaitingCountryCode else { return rememberedTypedCount }
    var matched = 0
    var position = 0
    for scalar in text.unicodeScalars {
      guard matched < rememberedDialledCount else { break }
      if scalar == Self.scalar(dialled[matched]) { matched += 1 }
      position += 1
    }
    return position
  }

  /// The byte a key adds to the dialled digits, nil when it is not a digit
  /// or a leading plus. "Digit" is what Python's `str.isdigit` accepts
  /// (decimal digits of every script, superscripts, circled digits).
  static func dialledByte(_ key: Unicode.Scalar, isFirst: Bool) -> UInt8? {
    if let value = PhoneCharacters.digitValue(key) { return 0x30 + value }
    guard isFirst else { return nil }
    if key == "+" { return plus }
    return key == "\u{FF0B}" ? fullwidthPlus : nil
  }

  static func scalar(_ byte: UInt8) -> Unicode.Scalar {
    byte == fullwidthPlus ? "\u{FF0B}" : Unicode.Scalar(byte)
  }

  /// The answer to the key just added.
  private mutating func step(_ digit: UInt8) -> Shown {
    switch mode {
    case .verbatim:
      return .typed
    case .stalled:
      return resumeAfterStall()
    case .awaitingCountryCode:
      return awaitCountryCode()
    case .formatting:
      break
    }
    switch dialled.count {
    case ..<3:
      return .typed
    case 3:
      if let end = internationalPrefixEnd() {
        takeInternationalPrefix(end: end)
        mode = .awaitingCountryCode
        return awaitCountryCode()
      }
      extractedNationalPrefix = removeNationalPrefix()
      return chooseFormat()
    default:
      return candidates.isEmpty ? chooseFormat() : continueFormat(with: digit)
    }
  }

  /// After `+` or an international prefix: shows the digits as they are
  /// until a country code is complete.
  private mutating func awaitCountryCode() -> Shown {
    guard extractCountryCode() else {
      // The text grows by the key just typed, unless the prefix changed.
      if awaitedNationalCount >= 0 && national.count == awaitedNationalCount + 1, let last = national.last {
        awaitedText.unicodeScalars.append(Self.scalar(last))
      } else {
        awaitedText = Self.render(awaitedDigits)
        WorkMeter.rebuiltAwaitedText()
      }
      awaitedNationalCount = national.count
      return .awaitedDigits
    }
    mode = .formatting
    awaitedNationalCount = -1
    awaitedText = ""
    return .text(Self.render(awaitedDigits))
  }

  /// The prefix and the national number as they are, while no country code
  /// is complete.
  var awaitedDigits: [UInt8] {
    var bytes = prefix
    bytes.append(contentsOf: national)
    return bytes
  }

  /// No format fitted: a prefix recognised only now (a longer international
  /// or national prefix) may still let one fit.
  private mutating func resumeAfterStall() -> Shown {
    if let end = internationalPrefixEnd() {
      takeInternationalPrefix(end: end)
      if extractCountryCode() { return restartFormatting() }
    } else if extractLongerNationalPrefix() {
      // A long national prefix gets a space of its own.
      prefix.append(Self.space)
      return restartFormatting()
    }
    return .typed
  }

  /// Starts choosing a format afresh for the national number.
  private mutating func restartFormatting() -> Shown {
    mode = .formatting
    candidates = .empty
    lastFilledSlot = 0
    template.removeAll(keepingCapacity: true)
    currentPatternID = nil
    return chooseFormat()
  }
}
