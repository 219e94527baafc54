package import PayPhone

/// `match`'s record: whether two phone numbers are the same.
package struct MatchRecord: Record {
  package static var schema: RecordSchema { .match }

  package let match: PhoneNumberMatchType

  /// The contract's answer: the two texts compared as texts without a
  /// region, or parsed in `region` and compared as numbers (a text that
  /// does not parse: `not_a_number`).
  package init(_ first: String, _ second: String, region: RegionCode?) {
    guard let region else {
      match = PhoneNumber.match(first, second)
      return
    }
    guard let firstNumber = try? PhoneNumber(first, region: region),
      let secondNumber = try? PhoneNumber(second, region: region)
    else {
      match = .notANumber
      return
    }
    match = firstNumber.match(secondNumber)
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    writer.field(.ok, true)
    writer.field(.match, match.rawValue)
    writer.endRecord()
  }
}
