/// Keeps a phone field formatted while the person edits it anywhere —
/// typing in the middle, deleting, pasting, replacing a selection — with
/// the caret where they are working.
///
/// Every edit re-types the field's digits (and a leading `+`) into an
/// `AsYouTypeFormatter` for the region, so the text is always what
/// libphonenumber would show for those keys, and the caret follows the
/// last key before it. The separators the formatter writes are not keys:
///
/// - deleting a separator deletes the digit before it (backspace) or after
///   it (forward delete), instead of the separator coming straight back;
/// - pasting a written number (`+1 (650) 253-2222`, `٠٦٥٠…`) keeps its
///   digits and reformats them; other characters (letters, punctuation, a
///   `+` after the first digit) are dropped;
/// - digits of any script are shown as ASCII digits.
///
/// Carets and ranges count Unicode scalars (what `text.unicodeScalars`
/// indexes); out-of-range values are clamped.
///
///     let editor = PhoneNumberEditor(region: .us)
///     var field = editor.format("6502532222")      // "(650) 253-2222", caret 14
///     field = editor.apply(.deleteBackward, to: field.text, caret: 5)
///     field.text   // "(652) 532-222": the ")" took the 0 with it
///     field.caret  // 3
public struct PhoneNumberEditor: Sendable, Hashable {
  /// A change the person makes to the field.
  public enum Edit: Sendable, Hashable {
    /// Typed or pasted text at the caret.
    case insert(String)
    /// Backspace: the key before the caret.
    case deleteBackward
    /// Forward delete: the key after the caret.
    case deleteForward
    /// A selection replaced by text (empty to cut or delete it).
    case replace(Range<Int>, with: String)
  }

  /// The field after an edit.
  public struct State: Sendable, Hashable {
    /// The formatted text to show.
    public let text: String
    /// Where the caret goes, in Unicode scalars.
    public let caret: Int
    /// The keys typed: ASCII digits, with `+` first for an international
    /// number (`+16502532222`).
    public let value: String
    /// The number, once the keys make a valid one for the region (or with
    /// their own `+` and calling code); nil before.
    public let number: PhoneNumber?

    /// Whether the keys make a valid phone number.
    public var isComplete: Bool { number != nil }
  }

  /// The region numbers are typed in.
  public let region: RegionCode

  /// An editor for numbers typed in `region`.
  ///
  ///     PhoneNumberEditor(region: .us).apply(.insert("6502532222"), to: "", caret: 0).text
  ///     // "(650) 253-2222"
  public init(region: RegionCode) {
    self.region = region
  }

  /// Applies `edit` to the field showing `text` with the caret at `caret`.
  ///
  ///     let editor = PhoneNumberEditor(region: .gb)
  ///     let field = editor.apply(.insert("+44 20 7946 0958"), to: "", caret: 0)
  ///     field.text  // "+44 20 7946 0958"
  ///
  /// - Complexity: O(n) in the length of the text.
  public func apply(_ edit: Edit, to text: String, caret: Int) -> State {
    let scalars = Array(text.unicodeScalars)
    let caret = min(max(caret, 0), scalars.count)
    var range = caret..<caret
    var insertion = ""
    var forward = false
    switch edit {
    case .insert(let text):
      insertion = text
    case .replace(let selection, let text):
      range = Self.clamped(selection, to: scalars.count)
      insertion = text
    case .deleteBackward:
      range = max(caret - 1, 0)..<caret
    case .deleteForward:
      range = caret..<min(caret + 1, scalars.count)
      forward = true
    }
    if insertion.isEmpty && !range.isEmpty && !scalars[range].contains(where: Self.isKey) {
      // Only separators: take the neighbouring key with them.
      if forward {
        if let key = scalars[range.upperBound...].firstIndex(where: Self.isKey) {
          range = range.lowerBound..<(key + 1)
        }
      } else if let key = scalars[..<range.lowerBound].lastIndex(where: Self.isKey) {
        range = key..<range.upperBound
      }
    }
    var edited = String.UnicodeScalarView()
    edited.append(contentsOf: scalars[..<range.lowerBound])
    edited.append(contentsOf: insertion.unicodeScalars)
    edited.append(contentsOf: scalars[range.upperBound...])
    return format(String(edited), caret: range.lowerBound + insertion.unicodeScalars.count)
  }

  /// Formats whole text (a pasted or stored number), with the caret after
  /// the key before `caret` (at the end by default).
  ///
  ///     PhoneNumberEditor(region: .us).format("+1 650 253 2222").text  // "+1 650-253-2222"
  public func format(_ text: String, caret: Int? = nil) -> State {
    var formatter = AsYouTypeFormatter(region: region)
    var keys = String.UnicodeScalarView()
    var keysBeforeCaret = 0
    let caret = caret ?? Int.max
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      let key: Unicode.Scalar
      if let digit = PhoneCharacters.digitValue(scalar) {
        key = Unicode.Scalar(0x30 + digit)
      } else if PhoneCharacters.isPlus(scalar) && keys.isEmpty {
        key = "+"
      } else {
        continue
      }
      keys.append(key)
      if offset < caret { keysBeforeCaret += 1 }
    }
    let keyCount = keys.count
    for (index, key) in keys.enumerated() {
      formatter.input(key, rememberingPosition: index == keysBeforeCaret - 1)
    }
    let shown = formatter.text
    let position: Int
    if keysBeforeCaret == keyCount {
      // Typing at the end: stay at the end, after any separator written.
      position = shown.unicodeScalars.count
    } else {
      position = keysBeforeCaret == 0 ? 0 : formatter.rememberedPosition
    }
    let value = String(keys)
    let number = (try? PhoneNumber(value, region: region)).flatMap { $0.isValid ? $0 : nil }
    return State(text: shown, caret: position, value: value, number: number)
  }

  private static func isKey(_ scalar: Unicode.Scalar) -> Bool {
    PhoneCharacters.digitValue(scalar) != nil || PhoneCharacters.isPlus(scalar)
  }

  private static func clamped(_ range: Range<Int>, to count: Int) -> Range<Int> {
    let lower = min(max(range.lowerBound, 0), count)
    let upper = min(max(range.upperBound, lower), count)
    return lower..<upper
  }
}
