@_spi(PayPhoneInternal) import PayPhoneRecords
import PayPhoneTestSupport
import Testing

@testable import PayPhoneStreaming

/// `CSVColumnAppender` with columns that echo the values they read: every
/// record written back byte for byte with the cells in place (quotes, CRLF
/// and a byte order mark kept, short rows padded, long rows' extra fields
/// after the cells), the same bytes whatever the read blocks and whether
/// records are cut into chunks or scanned by the reader, and the header's
/// usage errors.
@Suite struct CSVColumnAppenderTests {
  /// For each named field, a cell `<name>Seen`: `=` and the value, or
  /// `missing` or `tooLong`.
  struct EchoColumns: CSVAppendedColumns {
    let fields: [String]

    func layout(forHeader header: [String]) throws(UsageError) -> (readFields: [Int], names: [String]) {
      var readFields: [Int] = []
      for field in fields {
        guard let index = header.firstIndex(of: field) else { throw UsageError("no column named '\(field)'") }
        readFields.append(index)
      }
      return (readFields, fields.map { $0 + "Seen" })
    }

    func appendCells(from values: CSVRowValues, delimiter: UInt8, into output: inout LineWriter) {
      for index in 0..<values.count {
        switch values[index] {
        case .missing: output.appendCSVCell("missing", delimiter: delimiter)
        case .tooLong: output.appendCSVCell("tooLong", delimiter: delimiter)
        case .bytes(let bytes):
          output.appendCSVCell("=" + String(decoding: bytes, as: UTF8.self), delimiter: delimiter)
        }
      }
    }
  }

  typealias Outcome = CSVColumnAppender<EchoColumns>.Outcome

  static func appended(
    _ input: String, fields: [String], delimiter: UInt8 = UInt8(ascii: ","), valueLimit: Int = 4096
  ) -> (output: String, outcome: Outcome) {
    let appender = CSVColumnAppender(
      delimiter: delimiter, columns: EchoColumns(fields: fields), valueLimit: valueLimit)
    let (output, outcome) = appender.appended(Array(input.utf8), blockSize: 1 << 16)
    return (String(decoding: output, as: UTF8.self), outcome)
  }

  @Test func quotesLineBreaksAndAByteOrderMarkPassThrough() {
    let (output, outcome) = Self.appended(
      "\u{FEFF}id,phone\r\n1,\"a,\"\"b\"\"\nc\"\r\n2,x\r\n", fields: ["phone"])
    #expect(outcome == .done(shortRows: 0, longRows: 0))
    #expect(
      output
        == "\u{FEFF}id,phone,phoneSeen\r\n" + "1,\"a,\"\"b\"\"\nc\",\"=a,\"\"b\"\"\nc\"\r\n" + "2,x,=x\r\n")
  }

  @Test func shortRowsArePaddedAndLongRowsKeepTheirFieldsAfterTheCells() {
    let (output, outcome) = Self.appended(
      "id,phone,note\n1,+44\n2\n3,p,n,extra,\"more,x\"\n", fields: ["phone", "note"])
    #expect(outcome == .done(shortRows: 2, longRows: 1))
    #expect(
      output
        == "id,phone,note,phoneSeen,noteSeen\n" + "1,+44,,=+44,missing\n" + "2,,,missing,missing\n"
        + "3,p,n,=p,=n,extra,\"more,x\"\n")
  }

  @Test func aFieldReadTwiceGetsItsValueTwice() {
    let (output, _) = Self.appended("id,phone\n1,+44", fields: ["phone", "phone"])
    #expect(output == "id,phone,phoneSeen,phoneSeen\n1,+44,=+44,=+44\n")
  }

  @Test func valuesLongerThanTheLimitAreTooLong() {
    let (output, _) = Self.appended("id,ph\n1,1234\n2,123\n3,\"12\"\"\"\n", fields: ["ph"], valueLimit: 3)
    #expect(output == "id,ph,phSeen\n1,1234,tooLong\n2,123,=123\n3,\"12\"\"\",\"=12\"\"\"\n")
  }

  @Test func namesAreQuotedForTheDelimiter() {
    let appender = CSVColumnAppender(
      delimiter: UInt8(ascii: ";"), columns: EchoColumns(fields: ["a;b"]), valueLimit: 4096)
    let (output, _) = appender.appended(Array("\"a;b\";c\n1;2\n".utf8), blockSize: 3)
    #expect(String(decoding: output, as: UTF8.self) == "\"a;b\";c;\"a;bSeen\"\n1;2;=1\n")
  }

  @Test func aHeaderWithoutALineEndGetsOne() {
    let (output, outcome) = Self.appended("id,phone", fields: ["phone"])
    #expect(outcome == .done(shortRows: 0, longRows: 0))
    #expect(output == "id,phone,phoneSeen\n")
  }

  @Test func anEmptyInputHasNoHeader() {
    let (output, outcome) = Self.appended("", fields: ["phone"])
    #expect(outcome == .usageError(UsageError("the CSV input is empty: no header row")))
    #expect(output.isEmpty)
  }

  @Test func aHeaderTheColumnsCannotUseWritesNothing() {
    let (output, outcome) = Self.appended("id,phone\n1,2\n", fields: ["nope"])
    #expect(outcome == .usageError(UsageError("no column named 'nope'")))
    #expect(output.isEmpty)
  }

  @Test func aHeaderOverAMebibyteIsRefused() {
    let (output, outcome) = Self.appended(
      String(repeating: "a", count: (1 << 20) + 1) + "\n1\n", fields: ["a"])
    #expect(outcome == .usageError(UsageError("the CSV header row is longer than 1048576 bytes")))
    #expect(output.isEmpty)
  }

  /// Random records of quotes, delimiters, CR, LF, invalid UTF-8 and
  /// plain bytes, after a header.
  static func hostileInput(seed: UInt64, length: Int) -> [UInt8] {
    var generator = SeededGenerator(seed: seed)
    let alphabet: [UInt8] = [
      UInt8(ascii: "\""), UInt8(ascii: ","), 0x0A, 0x0D, UInt8(ascii: "a"), UInt8(ascii: "1"),
      UInt8(ascii: " "),
      0xFF,
    ]
    var bytes = Array("\u{FEFF}id,phone,region\r\n".utf8)
    for _ in 0..<length {
      // Mostly plain bytes, so records are a few dozen bytes long.
      let byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
      bytes.append(generator.next() % 3 == 0 ? byte : UInt8(ascii: "5"))
    }
    return bytes
  }

  @Test func theBytesDoNotDependOnReadBlocksOrOnChunking() {
    for seed: UInt64 in 1...20 {
      let input = Self.hostileInput(seed: seed, length: 20_000)
      var appender = CSVColumnAppender(
        delimiter: UInt8(ascii: ","), columns: EchoColumns(fields: ["phone", "region"]), valueLimit: 8)
      let (expected, outcome) = appender.appended(input, blockSize: 1 << 16)
      guard case .done(let shortRows, let longRows) = outcome else {
        Issue.record("seed \(seed): \(outcome)")
        continue
      }
      #expect(shortRows > 0 && longRows > 0)
      for limit in [appender.chunkedRecordLimit, 16] {
        appender.chunkedRecordLimit = limit
        for blockSize in [1, 2, 7, 64, 1000] {
          let (output, outcomeInBlocks) = appender.appended(input, blockSize: blockSize)
          #expect(
            output == expected && outcomeInBlocks == outcome,
            "seed \(seed), blocks of \(blockSize), record limit \(limit)")
        }
      }
    }
  }

  @Test func everyRecordComesOutWithItsFieldsAndTheCells() {
    let input = Self.hostileInput(seed: 99, length: 50_000)
    let appender = CSVColumnAppender(
      delimiter: UInt8(ascii: ","), columns: EchoColumns(fields: ["phone"]), valueLimit: 4096)
    let (output, _) = appender.appended(input, blockSize: 100)
    let records = CSVRecords.parse(input)
    let written = CSVRecords.parse(output)
    #expect(records.count > 1000)
    // The input may end inside quotes: then its last record swallows the
    // line break written after it, and is left out.
    let checked = CSVRecords.endInsideQuotes(input) || input.last == 0x0D ? records.count - 1 : records.count
    #expect(written.count >= checked)
    for (index, (record, row)) in zip(records, written).enumerated().prefix(checked).dropFirst() {
      guard row.count == max(3, record.count) + 1 else {
        Issue.record("record \(index): \(record) came out as \(row)")
        continue
      }
      let padded = record + Array(repeating: "", count: max(0, 3 - record.count))
      let kept = Array(row.prefix(3)) + row.dropFirst(4)
      #expect(kept == padded, "record \(index)")
      let value = record.count > 1 ? record[1] : nil
      #expect(row[3] == (value.map { "=" + $0 } ?? "missing"), "record \(index)")
    }
  }
}
