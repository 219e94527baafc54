package import PayPhone

/// `short`'s record: a short number (emergency, services, short codes) as
/// dialled in a region, or the parse error.
package struct ShortRecord: Record {
  package static var schema: RecordSchema { .short }

  package let answer: Result<ShortNumberInfo, PhoneNumberError>

  package init(number: String, region: RegionCode) {
    answer = Result { () throws(PhoneNumberError) in try ShortNumberInfo(number, region: region) }
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    switch answer {
    case .success(let info):
      writer.field(.ok, true)
      writer.field(.possible, info.isPossible)
      writer.field(.valid, info.isValid)
      writer.field(.cost, info.cost.rawValue)
      writer.field(.emergency, info.isEmergency)
      writer.field(.connectsToEmergency, info.connectsToEmergency)
      writer.field(.carrierSpecific, info.isCarrierSpecific)
      writer.field(.smsService, info.isSMSService)
    case .failure(let error):
      writer.failure(code: error.code.rawValue, message: error.message)
    }
    writer.endRecord()
  }
}
