import PayPhoneTestSupport
import Testing

@testable import PayPhoneStreaming

/// `CSVRecordBoundaries` ends records exactly where `CSVScanner` does: the
/// scanner, fed the same bytes, is the expectation — on hand-picked cases
/// of RFC 4180's corners and on random hostile bytes cut into random blocks.
@Suite struct CSVRecordBoundariesTests {
  /// The offsets just after each line feed that ends a record, as the
  /// scanner reports them (its raw runs, delimiters and terminators add up
  /// to the input).
  struct RecordEnds: CSVVisitor {
    let delimiter: UInt8
    var consumed = 0
    var ends: [Int] = []
    mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) { consumed += bytes.count }
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>) {}
    mutating func endField() { consumed += 1 }
    mutating func endRecord(_ terminator: CSVScanner.Terminator) -> Bool {
      switch terminator {
      case .lineFeed: consumed += 1
      case .carriageReturnLineFeed: consumed += 2
      case .endOfInput: return true
      }
      ends.append(consumed)
      return true
    }
  }

  static func scannerEnds(_ bytes: [UInt8], delimiter: UInt8) -> [Int] {
    var visitor = RecordEnds(delimiter: delimiter)
    var scanner = CSVScanner(delimiter: delimiter)
    bytes.withUnsafeBufferPointer { _ = scanner.scan($0, into: &visitor) }
    return visitor.ends
  }

  /// Every record end, found block by block with `firstRecordEnd`; and the
  /// last of each block with `lastRecordEnd` on a second tracker.
  static func boundaryEnds(_ bytes: [UInt8], delimiter: UInt8, blocks: [Int]) -> (all: [Int], lasts: [Int]) {
    var first = CSVRecordBoundaries(delimiter: delimiter)
    var last = CSVRecordBoundaries(delimiter: delimiter)
    var all: [Int] = []
    var lasts: [Int] = []
    var offset = 0
    var blockIndex = 0
    bytes.withUnsafeBufferPointer { buffer in
      while offset < buffer.count {
        let size = min(blocks[blockIndex % blocks.count], buffer.count - offset)
        blockIndex += 1
        let block = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + size)])
        var start = 0
        while start < block.count,
          let end = first.firstRecordEnd(in: UnsafeBufferPointer(rebasing: block[start...]))
        {
          start += end
          all.append(offset + start)
        }
        if let end = last.lastRecordEnd(in: block) { lasts.append(offset + end) }
        offset += size
      }
    }
    return (all, lasts)
  }

  static let corners: [String] = [
    "a,b\nc,d\n", "a,\"b\nc\",d\ne\n", "\"a\"\"\n\"\"b\"\n", "a\"b,c\nd\n", "\r\"x\ny\"\n", "a\r\nb\rc\n",
    "\"a\"tail\"\nb\n", "\"unclosed\nstill\n", ",\"\n\",\n", "\"\"\n\"\"\"\n\"\n", "a,b", "\n\n\r\n",
    "\u{FEFF}id,phone\r\n1,\"+44\n20\"\r\n",
  ]

  @Test("hand-picked corners", arguments: corners)
  func cornersEndWhereTheScannerEnds(_ text: String) {
    let bytes = Array(text.utf8)
    let expected = Self.scannerEnds(bytes, delimiter: UInt8(ascii: ","))
    for blocks in [[bytes.count + 1], [1], [2, 3], [5]] {
      let found = Self.boundaryEnds(bytes, delimiter: UInt8(ascii: ","), blocks: blocks)
      #expect(found.all == expected, "\(text.debugDescription) in blocks of \(blocks)")
    }
  }

  @Test func randomHostileBytesEndWhereTheScannerEnds() {
    var generator = SeededGenerator(seed: 0x4353_5642)
    let alphabet: [UInt8] = [
      UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: ";"), 0x0A, 0x0D, UInt8(ascii: "a"),
      UInt8(ascii: "1"),
      UInt8(ascii: " "), 0xFF, 0xC3,
    ]
    var mismatches: [String] = []
    var records = 0
    for round in 0..<3000 {
      let delimiter = round % 2 == 0 ? UInt8(ascii: ",") : UInt8(ascii: ";")
      let length = Int(generator.next() % 300)
      // Some rounds have no quote at all (the fast path), most have a few.
      let quoteFree = round % 5 == 0
      let bytes = (0..<length).map { _ in
        var byte = alphabet[Int(generator.next() % UInt64(alphabet.count))]
        if quoteFree && byte == UInt8(ascii: "\"") { byte = UInt8(ascii: "b") }
        return byte
      }
      let blocks = (0..<4).map { _ in 1 + Int(generator.next() % 40) }
      let expected = Self.scannerEnds(bytes, delimiter: delimiter)
      records += expected.count
      let found = Self.boundaryEnds(bytes, delimiter: delimiter, blocks: blocks)
      // The last record end of each block that has one, from the scanner's.
      var expectedLasts: [Int] = []
      var offset = 0
      var blockIndex = 0
      while offset < bytes.count {
        let size = min(blocks[blockIndex % blocks.count], bytes.count - offset)
        blockIndex += 1
        if let last = expected.last(where: { $0 > offset && $0 <= offset + size }) {
          expectedLasts.append(last)
        }
        offset += size
      }
      if found.all != expected || found.lasts != expectedLasts {
        mismatches.append("\(bytes) blocks \(blocks): \(found) vs \(expected)")
      }
    }
    #expect(records > 10_000)
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.first ?? "")")
  }
}
