package import PayPhone

/// `find`'s record: the phone numbers (and with `cards`, the card numbers)
/// in a text, in text order, and with `redact` the text with each replaced
/// by `[phone]` or `[card]`; or `text_too_long`.
package struct FindRecord: Record {
  package static var schema: RecordSchema { .find }

  /// The most UTF-8 bytes one text may have: memory stays bounded.
  package static let maximumTextLength = 1 << 20

  package let text: String
  package let answer: Result<[TextMatch], FailureRecord>
  package let redacts: Bool

  package init(text: String, region: RegionCode?, leniency: PhoneNumberLeniency, cards: Bool, redact: Bool) {
    self.text = text
    redacts = redact
    let byteCount = text.utf8.count
    guard byteCount <= Self.maximumTextLength else {
      answer = .failure(
        FailureRecord(
          code: "text_too_long",
          message:
            "the text is \(byteCount) bytes long, more than the \(Self.maximumTextLength)-byte (1 MiB) limit")
      )
      return
    }
    answer = .success(Array(TextFinder(text: text, region: region, leniency: leniency, findsCards: cards)))
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    let matches: [TextMatch]
    switch answer {
    case .success(let found): matches = found
    case .failure(let failure): return failure.write(to: &writer)
    }
    writer.beginRecord()
    writer.field(.ok, true)
    writer.beginList(.matches)
    for match in matches {
      writer.beginRecord()
      switch match {
      case .phone(let phone):
        writer.field(.kind, "phone")
        writer.field(.start, phone.scalarRange.lowerBound)
        writer.field(.end, phone.scalarRange.upperBound)
        writer.field(.raw, phone.rawText)
        writer.field(.e164, phone.number, formatted: .e164)
        writer.field(.numberExtension, phone.number.numberExtension)
      case .card(let card):
        writer.field(.kind, "card")
        writer.field(.start, card.scalarRange.lowerBound)
        writer.field(.end, card.scalarRange.upperBound)
        writer.field(.brand, card.brand.rawValue)
        writer.field(.last4, card.card.last4)
      }
      writer.endRecord()
    }
    writer.endList()
    if redacts { writer.field(.redacted, TextFinder.redacted(text, matches: matches)) }
    writer.endRecord()
  }
}
