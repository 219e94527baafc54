internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone mask`: formats text with an input mask, bracket notation
/// (InputMask) or the `#`/`A` shorthand.
struct MaskCommand: LineCommand {
  static let name = "mask"
  static let summary = "Format text with an input mask: [0] bracket notation or # / A shorthand"
  static let valueOptions: Set<String> = ["--mask"]
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

  /// The contract's one error code for an unusable mask, whichever rule it
  /// broke.
  private static let invalidMask = MaskError.Code.invalidMask.rawValue

  private let defaultMask: String?
  private let requests: MaskRequests

  init(_ arguments: ParsedArguments) throws(UsageError) {
    defaultMask = arguments.value("--mask")
    requests = MaskRequests(defaultMask: defaultMask)
    guard !arguments.has("--jsonl") else { return }
    guard let format = defaultMask else {
      throw UsageError("--mask is required (with --jsonl, each line may carry its own \"mask\")")
    }
    if case .failure(let error) = requests.compiled(format) {
      throw UsageError("--mask is not a usable mask (\(Self.invalidMask)): \(error.message)")
    }
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try requests.answer(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    guard let format = defaultMask else {
      output.plainLine("error: no --mask given")
      return false
    }
    switch requests.compiled(format) {
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
