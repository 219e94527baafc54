package import PayPhone

/// `text`'s record: a text's lengths against a limit, and its digits folded.
package struct TextRecord: Record {
  package static var schema: RecordSchema { .text }

  package let text: String
  package let limit: TextLimit

  package init(text: String, limit: TextLimit) {
    self.text = text
    self.limit = limit
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    let metrics = TextMetrics(text)
    let evaluation = limit.evaluate(graphemes: metrics.graphemes)
    writer.beginRecord()
    writer.field(.ok, true)
    writer.field(.graphemes, metrics.graphemes)
    writer.field(.utf16, metrics.utf16)
    writer.field(.utf8, metrics.utf8)
    writer.field(.level, evaluation.level.rawValue)
    writer.field(.remaining, evaluation.remaining)
    writer.field(.folded, DigitFolding.fold(text))
    writer.endRecord()
  }
}
