internal import PayPhoneStreaming

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The options `phone --csv` and `find --csv` share: `--delimiter`, and the
/// header field a `--column` names.
enum CSVOptions {
  /// The `--delimiter` value as a byte: one ASCII character other than a
  /// quote or a line break, or `tab`.
  static func delimiter(_ text: String?) throws(UsageError) -> UInt8 {
    guard let text else { return UInt8(ascii: ",") }
    if text == "tab" || text == "\t" { return 0x09 }
    let bytes = Array(text.utf8)
    guard bytes.count == 1, bytes[0] < 0x80, bytes[0] != UInt8(ascii: "\""), bytes[0] != 0x0A,
      bytes[0] != 0x0D
    else {
      throw UsageError(
        "--delimiter needs one ASCII character other than a quote or a line break, or 'tab', not '\(text)'")
    }
    return bytes[0]
  }

  /// The header field `name` designates: the one equal to it, else the one
  /// equal to it ignoring case and surrounding spaces. When none is and
  /// the header row is one field holding a `;`, a tab or a `,`, the file
  /// is most likely separated by that character: with
  /// `suggestingDelimiter`, the error says which `--delimiter` to give.
  static func columnIndex(
    of name: String, in headers: [String], option: String, suggestingDelimiter: Bool
  ) throws(UsageError) -> Int {
    if let exact = headers.firstIndex(of: name) { return exact }
    let key = trimmed(name).lowercased()
    let near = headers.indices.filter { trimmed(headers[$0]).lowercased() == key }
    if near.count == 1 { return near[0] }
    let list = headers.joined(separator: ", ")
    if near.count > 1 {
      let names = near.map { "'\(headers[$0])'" }.joined(separator: ", ")
      throw UsageError("\(option) '\(name)' is ambiguous: it matches \(names) ignoring case and spaces")
    }
    var hint = ""
    if suggestingDelimiter, headers.count == 1 {
      let separators: [(character: Character, option: String)] = [(";", ";"), ("\t", "tab"), (",", ",")]
      if let likely = separators.first(where: { headers[0].contains($0.character) }) {
        hint = ": did you mean --delimiter '\(likely.option)'?"
      }
    }
    throw UsageError("no column named '\(name)' (\(option)) in the CSV header (columns: \(list))\(hint)")
  }

  /// `name` without surrounding white space.
  static func trimmed(_ name: String) -> String {
    var scalars = Substring(name).unicodeScalars
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }
}

extension CSVColumnAppender {
  /// Streams standard input to standard output on `jobs` threads, then
  /// tells `command`'s user on standard error what went wrong, or how
  /// many rows were ragged; the exit status.
  func run(jobs: Int, command: String) -> Int32 {
    switch streamStandardInput(jobs: jobs) {
    case .readFailed(let errorNumber):
      StandardStreams.writeError(
        "payphone \(command): cannot read standard input: \(String(cString: strerror(errorNumber)))\n")
      return 1
    case .usageError(let error):
      return usageFailure(error, command: command)
    case .done(let shortRows, let longRows):
      if shortRows > 0 || longRows > 0 {
        StandardStreams.writeError(
          "payphone \(command): \(shortRows) \(shortRows == 1 ? "row" : "rows") with fewer fields than "
            + "the header (padded with empty fields), \(longRows) \(longRows == 1 ? "row" : "rows") "
            + "with more (extra fields kept after the appended columns)\n")
      }
      return 0
    }
  }
}
