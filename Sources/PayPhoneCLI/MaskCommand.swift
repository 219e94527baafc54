internal import PayPhone
internal import PayPhoneCore
internal import PayPhoneRecords
internal import PayPhoneStreaming

/// `payphone mask`: formats text with an input mask, bracket notation
/// (InputMask) or the `#`/`A` shorthand.
struct MaskCommand: LineCommand {
  static let name = "mask"
  static let summary = "Format text with an input mask: [0] bracket notation or # / A shorthand"
  static let valueOptions: Set<String> = ["--mask"]
  static let flagOptions: Set<String> = ["--jsonl"]
  static let help = """
    Usage: payphone mask --mask MASK [TEXT ...]
           payphone mask [--mask MASK] --jsonl

    Applies an input mask to each text and prints the formatted text, the
    extracted value, whether the mask is complete, and the caret (in characters).
    Digits of any script are folded to ASCII first.

    A mask with a "[" is in bracket notation (InputMask):
      [0] digit   [9] optional digit   [A] letter   [a] optional letter
      [_] letter or digit   [-] optional letter or digit   […] repeat the last symbol
      {...} fixed characters that belong to the value; anything else is a literal
      that does not; \\ escapes a bracket. One [] block holds one type of symbol.
    Any other mask is shorthand: # digit, A letter, anything else a literal
    (written only when a character follows it; the caret goes to the end).

    Options:
      --mask MASK   the mask (required without --jsonl; with --jsonl, the default
                    for lines that carry no "mask")
      --jsonl       read {"mask": "...", "text": "...", "caret": 5, "autocomplete": true}
                    per stdin line ("caret" defaults to the end, "autocomplete" to
                    true), write {"ok":true,"text":...,"value":...,"complete":...,
                    "caret":...} per line; an unusable mask gives "invalid_mask"
      --jobs N      answer stdin on N threads, in input order
                    (default: one per core; 1 to 256)

    Examples:
      payphone mask --mask '+1 ([000]) [000]-[0000]' 5551234567
      payphone mask --mask '##/##' 1225 '12/2'
      echo '{"mask": "+7 ([000]) [000] [00] [00]", "text": "", "caret": 0}' | payphone mask --jsonl

    """

  /// Masks compiled so far in this run, by format string, shared by the
  /// `--jobs` threads; a stream with very many distinct formats starts over
  /// rather than growing without end.
  private final class Cache: Sendable {
    private let masks = Locked<[String: Result<TextMask, MaskError>]>([:])

    func compiled(_ format: String) -> Result<TextMask, MaskError> {
      if let known = masks.withLock({ $0[format] }) { return known }
      // The library's rule picks the notation: a `[` means bracket notation.
      let compiled: Result<TextMask, MaskError>
      do {
        compiled = .success(try TextMask(format))
      } catch {
        compiled = .failure(error)
      }
      masks.withLock { masks in
        if masks.count >= 4096 { masks.removeAll(keepingCapacity: true) }
        masks[format] = compiled
      }
      return compiled
    }
  }

  /// The contract's one error code for an unusable mask, whichever rule it
  /// broke.
  private static let invalidMask = MaskError.Code.invalidMask.rawValue

  private let defaultMask: String?
  private let cache = Cache()

  init(_ arguments: ParsedArguments) throws(UsageError) {
    defaultMask = arguments.value("--mask")
    guard !arguments.has("--jsonl") else { return }
    guard let format = defaultMask else {
      throw UsageError("--mask is required (with --jsonl, each line may carry its own \"mask\")")
    }
    if case .failure(let error) = cache.compiled(format) {
      throw UsageError("--mask is not a usable mask (\(Self.invalidMask)): \(error.message)")
    }
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let text = try fields.string("text")
    guard let format = try fields.optionalString("mask") ?? defaultMask else {
      throw BadInputLine(message: "missing required field \"mask\" (and no --mask default)")
    }
    let caret = try fields.optionalInt("caret")
    let autocomplete = try fields.optionalBool("autocomplete") ?? true
    output.append(
      MaskRecord(mask: cache.compiled(format), text: text, caret: caret, autocomplete: autocomplete))
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    guard let format = defaultMask else {
      output.plainLine("error: no --mask given")
      return false
    }
    switch cache.compiled(format) {
    case .failure(let error):
      output.plainLine("error: \(Self.invalidMask): \(error.message)")
      return false
    case .success(let mask):
      let outcome = mask.apply(input)
      output.plainLine(
        "\"\(outcome.text)\" — value \"\(outcome.value)\", "
          + "\(outcome.isComplete ? "complete" : "incomplete"), caret \(outcome.caret)")
      return true
    }
  }
}
