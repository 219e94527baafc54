internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// The streaming loops over standard input: one output line per input line,
/// in order, whatever the line holds.
enum InputLoop {
  /// Reads JSONL from stdin on `jobs` threads, answers in input order.
  /// Blank lines, invalid UTF-8, broken JSON and missing fields each give
  /// a `bad_input_line` object; nothing stops the stream.
  static func runJSONLines(
    jobs: Int, _ handle: @escaping @Sendable (JSONFields, inout LineWriter) throws(BadInputLine) -> Void
  ) -> Int32 {
    OrderedParallelLines.run(jobs: jobs) { line, output in
      jsonLine(line, into: &output, handle)
    }
  }

  /// Reads plain lines from stdin on `jobs` threads, one input per line,
  /// answers in input order. Lines that are not valid UTF-8 or too long
  /// give an error line of their own.
  static func runPlainLines(
    jobs: Int, _ handle: @escaping @Sendable (String, inout LineWriter) -> Void
  ) -> Int32 {
    OrderedParallelLines.run(jobs: jobs) { line, output in
      plainLine(line, into: &output, handle)
    }
  }

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
