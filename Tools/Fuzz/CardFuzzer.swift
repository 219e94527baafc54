internal import PayPhone

/// Fuzz target `card`: the whole input is a card number as typed (a
/// prefix, separators, digits of any script, anything else).
///
/// Checks what holds for every number: detection agrees with itself, the
/// grouped number holds exactly the digits, and no description or error
/// message shows the whole number.
@_cdecl("LLVMFuzzerTestOneInput")
public func cardFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  CardFuzzer.exercise(input.restText())
  return 0
}

enum CardFuzzer {
  static func exercise(_ text: String) {
    let number: CardNumber
    do throws(CardNumberError) {
      number = try CardNumber(text)
    } catch {
      let digits = DigitFolding.fold(text).filter(\.isASCII).filter(\.isNumber)
      fuzzCheck(digits.count < 8 || !error.message.contains(digits), "the error message shows the digits")
      fuzzCheck(!error.message.isEmpty, "an error without a message")
      return
    }
    let digits = number.digits
    fuzzCheck(!digits.isEmpty && digits.utf8.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }, "digits \(digits)")
    for shown in [number.description, number.debugDescription, "\(number)", String(reflecting: number)] {
      fuzzCheck(!shown.contains(digits), "a description shows the whole number")
    }
    var dumped = ""
    dump(number, to: &dumped)
    fuzzCheck(!dumped.contains(digits), "dump shows the whole number")
    fuzzCheck(number.masked.count == digits.count, "masked \(number.masked) for \(digits.count) digits")
    fuzzCheck(number.last4 == String(digits.suffix(4)), "last4 \(number.last4)")

    let table = CardBrandTable.standard
    let inspection = table.inspect(number)
    fuzzCheck(inspection.digitCount == digits.count, "digit count")
    fuzzCheck(inspection.candidates == table.candidates(for: number), "candidates differ")
    if let brand = inspection.brand {
      fuzzCheck(inspection.candidates == [brand], "brand \(brand) among \(inspection.candidates)")
      fuzzCheck(table.specification(for: brand) != nil, "a brand without a specification")
    } else {
      fuzzCheck(
        inspection.candidates.count != 1 || digits.count < table.decidingDigits, "one candidate, no brand")
      fuzzCheck(!inspection.isLengthValid && !inspection.isValid, "valid without a brand")
    }
    fuzzCheck(!inspection.isValid || inspection.isLengthValid, "valid with a length not allowed")
    fuzzCheck(!inspection.isValid || inspection.isPotentiallyValid, "valid but not potentially valid")
    fuzzCheck(inspection.passesLuhn == Luhn.passes(digits), "Luhn differs")
    let grouped = number.formatted(inspection.grouping)
    fuzzCheck(grouped.filter { $0 != " " } == digits, "grouped \(grouped) holds other digits")
    fuzzCheck(number.formatted() == grouped, "formatted(using:) differs")
    if let check = Luhn.checkDigit(for: digits) {
      fuzzCheck(Luhn.passes(digits + "\(check)"), "the check digit does not pass")
    }
  }
}
