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
    do throws(CardError) {
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
    // The contract's BIN: 8 digits of a number of 16 or more, else 6 (all when fewer).
    let bin = String(digits.prefix(digits.count >= 16 ? 8 : 6))
    fuzzCheck(number.bin == bin && inspection.bin == bin, "bin \(inspection.bin)")
    // cvcValid: exactly the brand's code length, 3 or 4 without a brand.
    let code = String(digits.suffix(4))
    let codeFits = inspection.securityCode.map { $0.length == code.count } ?? (3...4).contains(code.count)
    fuzzCheck(inspection.isValidSecurityCode(code) == codeFits, "security code of \(code.count) digits")
    fuzzCheck(!inspection.isValidSecurityCode(code + "x"), "a security code with a letter")
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
