public import PayPhone

/// `phone`'s record: a number parsed, validated, classified and formatted,
/// or why it could not be.
@_spi(PayPhoneInternal) public struct PhoneRecord: Record {
  /// The `phone` record's fields.
  public static var schema: RecordSchema { .phone }

  /// The text as given ("" where the surface does not repeat it: a CSV
  /// row keeps its own cell).
  @usableFromInline package let input: String
  @usableFromInline package let answer: Result<PhoneNumber, PhoneNumberError>
  /// With `--describe`: the number's place, carrier and time zones (from
  /// `PayPhoneDescribe`, which the caller brings).
  @usableFromInline package var description: PhoneNumberDescription?

  /// `input` parsed with `region` as the default region.
  package init(input: String, region: RegionCode?) {
    self.input = input
    answer = Result { () throws(PhoneNumberError) in try PhoneNumber(input, region: region) }
  }

  package init(input: String, answer: Result<PhoneNumber, PhoneNumberError>) {
    self.input = input
    self.answer = answer
  }

  /// Walks the record's fields into `writer`, in the schema's order.
  /// Inlinable, and public in the SPI: a writer in another module (the
  /// Python package's) gets this walk specialised for it, each field a
  /// direct call. Swift specialises no `package` method in another module.
  @inlinable
  public func write<Writer: RecordWriting>(to writer: inout Writer) {
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
@usableFromInline package struct PhoneNumberDescription: Sendable {
  @usableFromInline package let location: String?
  @usableFromInline package let carrier: String?
  @usableFromInline package let timeZones: [String]

  package init(location: String?, carrier: String?, timeZones: [String]) {
    self.location = location
    self.carrier = carrier
    self.timeZones = timeZones
  }
}
