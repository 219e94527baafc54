internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone card`: brand, candidates, Luhn, validity and grouping of card
/// numbers. Never writes a card number to stderr or into an error message.
struct CardCommand: LineCommand {
  static let name = "card"
  static let summary = "Detect a card's brand, check Luhn and length, group the digits"
  static let valueOptions: Set<String> = []
  static let help = """
    Usage: payphone card [--jsonl] [NUMBER ...]

    Reads card numbers (complete or as typed so far; spaces, hyphens, dots and
    the digits of any script are fine) and reports the brand, the brands still
    possible, the Luhn check, whether the length fits the brand, validity,
    potential validity, the grouped number, the BIN, the last four digits and
    the security code. With --jsonl a line may carry the security code typed
    ("cvc"); "cvcValid" says whether it fits the brand. The code is never
    written back.

    Options:
      --jsonl    read {"number": "...", "cvc": "..."} per stdin line ("cvc" optional),
                 write one JSON object per line
      --jobs N   answer stdin on N threads, in input order
                 (default: one per core; 1 to 256)

    Examples:
      payphone card '3782 822463 10005'
      payphone card 4 65 622126
      echo '{"number": "4111-1111-1111-1111", "cvc": "123"}' | payphone card --jsonl

    """

  init(_ arguments: ParsedArguments) throws(UsageError) {}

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try CardRequests().answer(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    let number: CardNumber
    do {
      number = try CardNumber(input)
    } catch {
      output.plainLine("error: \(error.code.rawValue): \(error.message)")
      return false
    }
    let inspection = CardBrandTable.standard.inspect(number)
    let brand: String
    if let known = inspection.brand {
      brand = CardBrandTable.standard.specification(for: known)?.name ?? known.rawValue
    } else if inspection.candidates.isEmpty {
      brand = "unknown brand"
    } else {
      brand = "one of " + inspection.candidates.map(\.rawValue).joined(separator: ", ")
    }
    let verdict =
      inspection.isValid ? "valid" : inspection.isPotentiallyValid ? "incomplete" : "invalid"
    var details = ["Luhn " + (inspection.passesLuhn ? "ok" : "fails"), "\(inspection.digitCount) digits"]
    if inspection.brand != nil && !inspection.isLengthValid { details.append("length not allowed") }
    if let code = inspection.securityCode { details.append("\(code.name) \(code.length)") }
    output.plainLine(
      "\(number.formatted(inspection.grouping))  \(brand) — \(verdict) (\(details.joined(separator: ", ")))")
    return true
  }
}
