package import PayPhone

/// `card`'s record: a card number's brand, checks and grouping, or why it
/// could not be read. The security code typed, when given, is checked and
/// never written.
package struct CardRecord: Record {
  package static var schema: RecordSchema { .card }

  package let input: String
  package let answer: Result<(number: CardNumber, inspection: CardInspection), CardError>
  /// Whether the security code given fits the brand; nil when none was given.
  package let securityCodeIsValid: Bool?

  package init(input: String, securityCode: String?) {
    self.input = input
    do throws(CardError) {
      let number = try CardNumber(input)
      let inspection = CardBrandTable.standard.inspect(number)
      answer = .success((number, inspection))
      securityCodeIsValid = securityCode.map(inspection.isValidSecurityCode)
    } catch {
      answer = .failure(error)
      securityCodeIsValid = nil
    }
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    writer.field(.input, input)
    switch answer {
    case .success(let (number, inspection)):
      writer.field(.ok, true)
      writer.field(.digits, number.digits)
      writer.field(.brand, inspection.brand?.rawValue)
      writer.field(.candidates, inspection.candidates.map { $0.rawValue })
      writer.field(.luhn, inspection.passesLuhn)
      writer.field(.lengthValid, inspection.isLengthValid)
      writer.field(.valid, inspection.isValid)
      writer.field(.potentiallyValid, inspection.isPotentiallyValid)
      writer.field(.formatted, number.formatted(inspection.grouping))
      writer.field(.bin, inspection.bin)
      writer.field(.last4, number.last4)
      writer.field(.cvcName, inspection.securityCode?.name)
      writer.field(.cvcLength, inspection.securityCode?.length)
      writer.field(.cvcValid, securityCodeIsValid)
    case .failure(let error):
      writer.failure(code: error.code.rawValue, message: error.message)
    }
    writer.endRecord()
  }
}
