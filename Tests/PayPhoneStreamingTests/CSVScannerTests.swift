@_spi(PayPhoneInternal) import PayPhoneRecords
import PayPhoneTestSupport
import Testing

@testable import PayPhoneStreaming

/// CSV as RFC 4180 defines it (section 2), record by record: the
/// expectations are the RFC's rules, quoted beside each case, and the
/// contract's choices where the RFC is silent.
@Suite struct CSVScannerTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let rule: String
    let input: String
    let records: [[String]]
    var delimiter = UInt8(ascii: ",")
    var testDescription: String { rule }
  }

  static let cases: [Case] = [
    Case(
      rule: "2.1 records separated by CRLF", input: "aaa,bbb,ccc\r\nzzz,yyy,xxx\r\n",
      records: [["aaa", "bbb", "ccc"], ["zzz", "yyy", "xxx"]]),
    Case(
      rule: "2.1 LF alone also ends a record (common practice)", input: "a,b\nc,d\n",
      records: [["a", "b"], ["c", "d"]]),
    Case(
      rule: "2.2 the last record may lack a line break", input: "aaa,bbb\r\nzzz,yyy",
      records: [["aaa", "bbb"], ["zzz", "yyy"]]),
    Case(
      rule: "2.3 a header is an ordinary first record", input: "field_name,field_name\r\naaa,bbb\r\n",
      records: [["field_name", "field_name"], ["aaa", "bbb"]]),
    Case(rule: "2.4 spaces are part of a field", input: " a , b \n", records: [[" a ", " b "]]),
    Case(
      rule: "2.4 no comma after the last field; a trailing comma is one more empty field",
      input: "a,b,\n", records: [["a", "b", ""]]),
    Case(rule: "2.4 empty fields", input: ",,\n,\n", records: [["", "", ""], ["", ""]]),
    Case(
      rule: "2.5 fields may be enclosed in double quotes", input: "\"aaa\",\"bbb\",\"ccc\"\r\n",
      records: [["aaa", "bbb", "ccc"]]),
    Case(
      rule: "2.6 CRLF, double quotes and commas inside quotes",
      input: "\"aaa\",\"b\r\nbb\",\"c,cc\"\r\nzzz,yyy,xxx\r\n",
      records: [["aaa", "b\r\nbb", "c,cc"], ["zzz", "yyy", "xxx"]]),
    Case(
      rule: "2.6 an LF inside quotes is data", input: "\"line1\nline2\",x\n",
      records: [["line1\nline2", "x"]]),
    Case(
      rule: "2.7 a double quote inside quotes is doubled", input: "\"aaa\",\"b\"\"bb\",\"ccc\"\r\n",
      records: [["aaa", "b\"bb", "ccc"]]),
    Case(rule: "2.7 a field that is one quote", input: "\"\"\"\",\"\"\n", records: [["\"", ""]]),
    Case(
      rule: "2.5 a quote inside an unquoted field is data (lenient)", input: "a\"b,c\n",
      records: [["a\"b", "c"]]),
    Case(
      rule: "after a closing quote, bytes up to the delimiter join the field (lenient)",
      input: "\"ab\"cd,e\n", records: [["abcd", "e"]]),
    Case(
      rule: "an unbalanced quote runs to the end of the input", input: "\"abc,def\nghi\n",
      records: [["abc,def\nghi\n"]]),
    Case(rule: "a lone CR is data", input: "a\rb,c\r\n", records: [["a\rb", "c"]]),
    Case(rule: "a CR just before the end of input is data", input: "a,b\r", records: [["a", "b\r"]]),
    Case(
      rule: "an empty line is a record of one empty field", input: "a\n\nb\n", records: [["a"], [""], ["b"]]),
    Case(rule: "no input, no record", input: "", records: []),
    Case(
      rule: "a byte order mark is data of the first field", input: "\u{FEFF}id,phone\n",
      records: [["\u{FEFF}id", "phone"]]),
    Case(
      rule: "short and long rows are read as they are", input: "a,b,c\n1\n1,2,3,4,5\n",
      records: [["a", "b", "c"], ["1"], ["1", "2", "3", "4", "5"]]),
    Case(
      rule: "a custom delimiter; commas are then data", input: "a;\"b;c\";d,e\n",
      records: [["a", "b;c", "d,e"]], delimiter: UInt8(ascii: ";")),
    Case(rule: "a tab delimiter", input: "a\tb\t\"c\td\"\n", records: [["a", "b", "c\td"]], delimiter: 0x09),
    Case(
      rule: "other scripts pass through", input: "名前,電話\n\"خالد, م\",٠١٢٣\n",
      records: [["名前", "電話"], ["خالد, م", "٠١٢٣"]]),
  ]

  @Test(arguments: cases)
  func recordsAsRFC4180ReadsThem(_ test: Case) {
    #expect(CSVRecords.parse(Array(test.input.utf8), delimiter: test.delimiter) == test.records)
  }

  /// Every event the scanner reports, in order, as text.
  struct Recorder: CSVVisitor {
    var events: [String] = []
    var raw: [UInt8] = []
    var value: [UInt8] = []
    var delimiter: UInt8

    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) { raw.append(contentsOf: bytes) }
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) { value.append(contentsOf: bytes) }
    mutating func endField() {
      events.append("field \(String(decoding: value, as: UTF8.self).debugDescription)")
      value = []
      raw.append(delimiter)
    }
    mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool {
      events.append("record \(String(decoding: value, as: UTF8.self).debugDescription) \(terminator)")
      value = []
      switch terminator {
      case .lineFeed: raw.append(0x0A)
      case .carriageReturnLineFeed: raw.append(contentsOf: [0x0D, 0x0A])
      case .endOfInput: break
      }
      return true
    }
  }

  static func events(_ input: [UInt8], splits: [Int], delimiter: UInt8 = UInt8(ascii: ",")) -> Recorder {
    var recorder = Recorder(delimiter: delimiter)
    var scanner = CSVScanner(delimiter: delimiter)
    input.withUnsafeBufferPointer { buffer in
      var start = 0
      for end in splits + [buffer.count] where end >= start {
        _ = scanner.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]), into: &recorder)
        start = end
      }
    }
    _ = scanner.finish(into: &recorder)
    return recorder
  }

  @Test(arguments: cases)
  func theRawBytesGiveTheInputBackAndBlocksMayEndAnywhere(_ test: Case) {
    let input = Array(test.input.utf8)
    let whole = Self.events(input, splits: [], delimiter: test.delimiter)
    #expect(whole.raw == input)
    for split in 0...input.count {
      let parts = Self.events(input, splits: [split], delimiter: test.delimiter)
      #expect(parts.events == whole.events, "split at \(split)")
      #expect(parts.raw == input)
    }
    let bytewise = Self.events(input, splits: Array(0...input.count), delimiter: test.delimiter)
    #expect(bytewise.events == whole.events)
  }

  @Test func generatedTablesReadBackAsWritten() {
    var generator = SeededGenerator(seed: 0x4353_5600)
    let pieces = ["a", "1", " ", ",", ";", "\"", "\"\"", "\n", "\r\n", "\r", "é", "٣", "😀", "\t", ""]
    for _ in 0..<500 {
      let delimiter = [UInt8(ascii: ","), UInt8(ascii: ";"), 0x09][Int.random(in: 0..<3, using: &generator)]
      let terminator = Bool.random(using: &generator) ? "\r\n" : "\n"
      let table = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
        (0..<Int.random(in: 1...4, using: &generator)).map { _ in
          generator.string(from: pieces, maximumLength: 5)
        }
      }
      var writer = LineWriter()
      for record in table {
        for (position, field) in record.enumerated() {
          if position == 0 {
            // The writer's cell starts with a delimiter: write one and drop it.
            var cell = LineWriter()
            cell.appendCSVCell(field, delimiter: delimiter)
            cell.bytes.dropFirst().withUnsafeBufferPointer { writer.appendRaw($0) }
          } else {
            writer.appendCSVCell(field, delimiter: delimiter)
          }
        }
        Array(terminator.utf8).withUnsafeBufferPointer { writer.appendRaw($0) }
      }
      let written = writer.bytes
      #expect(
        CSVRecords.parse(written, delimiter: delimiter) == table,
        "\(String(decoding: written, as: UTF8.self).debugDescription)")
    }
  }

  @Test(arguments: [
    ("plain", ",plain"), ("", ","), ("a,b", ",\"a,b\""), ("say \"hi\"", ",\"say \"\"hi\"\"\""),
    ("two\nlines", ",\"two\nlines\""),
    ("cr\r", ",\"cr\r\""), ("a;b", ",a;b"), ("é٣", ",é٣"),
  ])
  func aCellIsQuotedOnlyWhenRFC4180NeedsIt(text: String, written: String) {
    var writer = LineWriter()
    writer.appendCSVCell(text, delimiter: UInt8(ascii: ","))
    #expect(String(decoding: writer.bytes, as: UTF8.self) == written)
  }

  @Test func aCellHoldingTheCustomDelimiterIsQuoted() {
    var writer = LineWriter()
    writer.appendCSVCell("a;b", delimiter: UInt8(ascii: ";"))
    #expect(String(decoding: writer.bytes, as: UTF8.self) == ";\"a;b\"")
  }

  @Test func anUnbalancedQuoteIsNoticedAtTheEnd() {
    #expect(CSVRecords.endInsideQuotes(Array("a,\"b\nc\n".utf8)))
    #expect(!CSVRecords.endInsideQuotes(Array("a,\"b\"\"\"\nc".utf8)))
    #expect(!CSVRecords.endInsideQuotes(Array("a,\"\"".utf8)))
  }

  struct Stopper: CSVVisitor {
    var records = 0
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {}
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) {}
    mutating func endField() {}
    mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool {
      records += 1
      return records < 2
    }
  }

  @Test func aVisitorCanStopTheScan() {
    var stopper = Stopper()
    var scanner = CSVScanner()
    let going = Array("a\nb\nc\n".utf8).withUnsafeBufferPointer { scanner.scan($0, into: &stopper) }
    #expect(!going)
    #expect(stopper.records == 2)
  }
}
