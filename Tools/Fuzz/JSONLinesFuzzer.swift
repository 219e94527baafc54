internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fuzz target `jsonl`: the CLI's line handling, compiled together with the
/// CLI's sources (all but its `@main`).
///
/// The first byte picks a command and its options and whether the lines are
/// JSONL or plain; the rest is the standard input, read through the tool's
/// own `LineReader` from a pipe. Checks the contract: exactly one output
/// line per input line, and in JSONL mode each one a JSON object with a
/// boolean `ok`.
@_cdecl("LLVMFuzzerTestOneInput")
public func jsonLinesFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let selector = input.byte()
  let stream = input.rest()
  // The whole input must fit in the pipe before anyone reads it.
  guard stream.count < 1 << 15 else { return 0 }
  JSONLinesFuzzer.run(selector: selector, stream: stream)
  return 0
}

enum JSONLinesFuzzer {
  typealias Handler = (JSONFields, inout LineWriter) throws(BadInputLine) -> Void

  /// Each command with the options a run might give it; made afresh for
  /// every input, so no state (the mask command's cache) outlives one.
  static var commands: [(type: any LineCommand.Type, options: [String])] {
    [
      (PhoneCommand.self, []), (PhoneCommand.self, ["--region", "gb"]),
      (PhoneCommand.self, ["--region", "ZZ"]),
      (CardCommand.self, []), (ExpiryCommand.self, ["--today", "2026-11-29"]), (MaskCommand.self, []),
      (MaskCommand.self, ["--mask", "+1 ([000]) [000]-[0000]"]), (MaskCommand.self, ["--mask", "##/##"]),
      (TextCommand.self, []), (TextCommand.self, ["--limit", "3", "--warning-fraction", "0.5"]),
      (AsYouTypeCommand.self, []), (AsYouTypeCommand.self, ["--region", "us"]),
    ]
  }

  /// The command as `payphone NAME [--jsonl] OPTIONS` makes it; nil when
  /// the tool would refuse those arguments (a usage error, no lines read).
  static func make(_ type: any LineCommand.Type, _ options: [String], isJSON: Bool) -> (any LineCommand)? {
    do throws(UsageError) {
      let arguments = try ParsedArguments(
        ((isJSON ? ["--jsonl"] : []) + options)[...], valueOptions: type.valueOptions,
        flagOptions: type.flagOptions)
      return try type.init(arguments)
    } catch {
      return nil
    }
  }

  static func run(selector: UInt8, stream: UnsafeBufferPointer<UInt8>) {
    let choice = commands[Int(selector >> 1) % commands.count]
    let isJSON = selector & 1 == 0
    guard let command = make(choice.type, choice.options, isJSON: isJSON) else { return }
    var descriptors: [Int32] = [0, 0]
    fuzzCheck(pipe(&descriptors) == 0, "no pipe")
    if let base = stream.baseAddress, !stream.isEmpty {
      fuzzCheck(write(descriptors[1], base, stream.count) == stream.count, "short write to the pipe")
    }
    close(descriptors[1])
    defer { close(descriptors[0]) }

    let reader = LineReader(fileDescriptor: descriptors[0])
    var output = LineWriter()
    do throws(LineReader.ReadFailure) {
      try reader.forEachLine { line in
        if isJSON {
          InputLoop.jsonLine(line, into: &output) { (fields, output) throws(BadInputLine) in
            try command.process(json: fields, into: &output)
          }
        } else {
          InputLoop.plainLine(line, into: &output) { text, output in
            _ = command.process(plain: text, into: &output)
          }
        }
      }
    } catch {
      fuzzFailure("reading the pipe failed: \(error.reason)")
    }
    check(output: output.bytes, for: stream, isJSON: isJSON)
  }

  static func check(output: [UInt8], for stream: UnsafeBufferPointer<UInt8>, isJSON: Bool) {
    var expectedLines = stream.count(where: { $0 == 0x0A })
    if let last = stream.last, last != 0x0A { expectedLines += 1 }
    let lines = output.split(separator: 0x0A, omittingEmptySubsequences: false)
    fuzzCheck(output.isEmpty || output.last == 0x0A, "output does not end with a newline")
    fuzzCheck(
      lines.count - 1 == expectedLines || (output.isEmpty && expectedLines == 0),
      "\(expectedLines) input lines gave \(max(lines.count - 1, 0)) output lines")
    fuzzCheck(String(validating: output, as: UTF8.self) != nil, "output is not UTF-8")
    guard isJSON else { return }
    for line in lines.dropLast() {
      Array(line).withUnsafeBufferPointer { bytes in
        do throws(BadInputLine) {
          try JSONParser.withObject(bytes) { fields in
            fuzzCheck(
              (try? fields.optionalBool("ok")) != nil,
              "no boolean ok: \(String(decoding: bytes, as: UTF8.self))")
          }
        } catch {
          fuzzFailure("not a JSON object (\(error.message)): \(String(decoding: bytes, as: UTF8.self))")
        }
      }
    }
  }
}
