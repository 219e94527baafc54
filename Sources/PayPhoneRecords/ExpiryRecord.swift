package import PayPhone

/// `expiry`'s record: a card's expiry date read and checked on a day, or
/// why it could not be read.
package struct ExpiryRecord: Record {
  package static var schema: RecordSchema { .expiry }

  package let answer: Result<CardExpiry, CardError>
  package let today: CalendarDay

  package init(text: String, today: CalendarDay) {
    self.today = today
    answer = Result { () throws(CardError) in try CardExpiry(text, today: today) }
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    switch answer {
    case .success(let expiry):
      writer.field(.ok, true)
      writer.field(.month, expiry.month)
      writer.field(.year, expiry.year)
      writer.field(.formatted, expiry.formatted())
      writer.field(.expired, expiry.isExpired(on: today))
      writer.field(.valid, expiry.isValid(on: today))
    case .failure(let error):
      writer.failure(code: error.code.rawValue, message: error.message)
    }
    writer.endRecord()
  }
}
