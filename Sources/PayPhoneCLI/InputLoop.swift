@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// How the streaming loop of a line command answers one line of standard
/// input: with one output line, whatever the line holds.
enum InputLoop {
  /// Handles one JSONL input line: exactly one output line, whatever the
  /// line holds (the fuzz target `jsonl` drives this directly).
  static func jsonLine(
    _ line: LineReader.Line, into output: inout LineWriter,
    _ handle: (JSONFields, inout LineWriter) throws(BadInputLine) -> Void
  ) {
    switch line {
    case .tooLong(let byteCount):
      output.append(
        FailureRecord.badInputLine(
          "line of \(byteCount) bytes is longer than the \(LineReader.maximumLineLength)-byte limit"
        ))
    case .text(let line):
      LineRequest.answer(line, into: &output, handle)
    }
  }

  /// Handles one plain input line: one output line.
  static func plainLine(
    _ line: LineReader.Line, into output: inout LineWriter, _ handle: (String, inout LineWriter) -> Void
  ) {
    switch line {
    case .tooLong(let byteCount):
      output.plainLine("error: line of \(byteCount) bytes is too long")
    case .text(let bytes):
      if let input = String(validating: bytes, as: UTF8.self) {
        handle(input, &output)
      } else {
        output.plainLine("error: line is not valid UTF-8")
      }
    }
  }
}
