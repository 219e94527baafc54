@_spi(PayPhoneInternal) package import PayPhoneRecords

/// One `--jsonl` input line answered: whatever the bytes hold, exactly one
/// record goes to the output. The line is checked (a byte order mark is
/// skipped; a blank line, invalid UTF-8 and broken JSON are
/// `bad_input_line`) and its fields go to `handle`, whose `BadInputLine`
/// (a missing field, a field of the wrong type) is reported the same way.
///
/// The tool's line loop and the WebAssembly module's `run(command, request)`
/// both answer through this.
///
///     var output = LineWriter()
///     LineRequest.answer(line, into: &output) { fields, output throws(BadInputLine) in
///       try RegionRequests(defaultRegion: nil).answerPhone(fields, into: &output)
///     }
package enum LineRequest {
  package static func answer(
    _ line: UnsafeBufferPointer<UInt8>, into output: inout LineWriter,
    _ handle: (JSONFields, inout LineWriter) throws(BadInputLine) -> Void
  ) {
    // A byte order mark opens files some editors save: it is not part of
    // the JSON text (RFC 8259 lets a parser skip it), so it is skipped.
    let hasMark = line.count >= 3 && line[0] == 0xEF && line[1] == 0xBB && line[2] == 0xBF
    let bytes = hasMark ? UnsafeBufferPointer(rebasing: line[3...]) : line
    do throws(BadInputLine) {
      guard bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else {
        throw BadInputLine(message: "blank line: expected a JSON object")
      }
      guard UTF8Validation.isValid(bytes) else {
        throw BadInputLine(message: "line is not valid UTF-8")
      }
      try JSONParser.withObject(bytes) { (fields: JSONFields) throws(BadInputLine) in
        try handle(fields, &output)
      }
    } catch {
      output.append(FailureRecord.badInputLine(error.message))
    }
  }
}
