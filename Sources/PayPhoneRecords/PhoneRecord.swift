package import PayPhone

/// `phone`'s record: a number parsed, validated, classified and formatted,
/// or why it could not be.
package struct PhoneRecord: Record {
  package static var schema: RecordSchema { .phone }

  /// The text as given ("" where the surface does not repeat it: a CSV
  /// row keeps its own cell).
  package let input: String
  package let answer: Result<PhoneNumber, PhoneNumberError>
  /// With `--describe`: the number's place, carrier and time zones (from
  /// `PayPhoneDescribe`, which the caller brings).
  package var description: PhoneNumberDescription?

  /// `input` parsed with `region` as the default region.
  package init(input: String, region: RegionCode?) {
    self.input = input
    answer = Result { () throws(PhoneNumberError) in try PhoneNumber(input, region: region) }
  }

  package init(input: String, answer: Result<PhoneNumber, PhoneNumberError>) {
    self.input = input
    self.answer = answer
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    writer.field(.input, input)
    switch answer {
    case .success(let number):
      writer.field(.ok, true)
      writer.field(.e164, number, formatted: .e164)
      writer.field(.countryCode, number.countryCode)
      writer.field(.nationalNumber, nationalNumberOf: number)
      writer.field(.numberExtension, number.numberExtension)
      writer.field(.region, region: number.region)
      writer.field(.valid, number.isValid)
      writer.field(.possible, number.isPossible)
      writer.field(.type, type: number.type)
      writer.formatFields(of: number)
      if let description {
        writer.field(.location, description.location)
        writer.field(.carrier, description.carrier)
        writer.field(.timeZones, description.timeZones)
      }
    case .failure(let error):
      writer.failure(code: error.code.rawValue, message: error.message)
    }
    writer.endRecord()
  }
}

/// What `--describe` adds to a number's record.
package struct PhoneNumberDescription: Sendable {
  package let location: String?
  package let carrier: String?
  package let timeZones: [String]

  package init(location: String?, carrier: String?, timeZones: [String]) {
    self.location = location
    self.carrier = carrier
    self.timeZones = timeZones
  }
}
