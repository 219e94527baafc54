package import PayPhone

/// `phone`'s record: a number parsed, validated, classified and formatted,
/// or why it could not be.
package struct PhoneRecord: Record {
  package static var schema: RecordSchema { .phone }

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
      // Region, type, validity and possibility from one classification;
      // for a writer that keeps every field, the four formats from one pass,
      // handed over as bytes.
      let classification = number.recordClassification
      func fields(_ formats: RecordFormatBytes?) {
        func format(_ key: RecordKey, _ bytes: UnsafeBufferPointer<UInt8>?, _ style: PhoneNumberFormat) {
          if let bytes { writer.field(key, utf8: bytes) } else { writer.field(key, number.formatted(style)) }
        }
        format(.e164, formats?.e164, .e164)
        writer.field(.countryCode, number.countryCode)
        writer.field(.nationalNumber, number.nationalNumber)
        writer.field(.numberExtension, number.numberExtension)
        writer.field(.region, classification.regionIndex.map { PhoneNumber.region(ofIndex: $0).rawValue })
        writer.field(.valid, classification.isValid)
        writer.field(.possible, classification.isPossible)
        writer.field(.type, classification.type.rawValue)
        format(.international, formats?.international, .international)
        format(.national, formats?.national, .national)
        format(.rfc3966, formats?.rfc3966, .rfc3966)
      }
      if writer.keepsEveryField {
        number.withRecordFormats { fields($0) }
      } else {
        fields(nil)
      }
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
