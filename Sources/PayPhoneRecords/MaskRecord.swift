package import PayPhone

/// `mask`'s record: a text put through a mask, with its caret; or why the
/// mask is unusable (`invalid_mask`, whichever rule it broke).
package struct MaskRecord: Record {
  package static var schema: RecordSchema { .mask }

  package let answer: Result<MaskResult, MaskError>

  package init(mask: Result<TextMask, MaskError>, text: String, caret: Int?, autocomplete: Bool) {
    answer = mask.map { mask in
      mask.apply(CaretText(text, caret: caret, gravity: .forward(autocomplete: autocomplete)))
    }
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    writer.beginRecord()
    switch answer {
    case .success(let outcome):
      writer.field(.ok, true)
      writer.field(.text, outcome.text)
      writer.field(.value, outcome.value)
      writer.field(.complete, outcome.isComplete)
      writer.field(.caret, outcome.caret)
    case .failure(let error):
      writer.failure(code: MaskError.Code.invalidMask.rawValue, message: error.message)
    }
    writer.endRecord()
  }
}
