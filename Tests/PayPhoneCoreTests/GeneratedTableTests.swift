@_spi(PayPhoneInternal) import PayPhoneCore
import Testing

/// The table reader's checks: what its unchecked reads rely on is refused
/// when a table is truncated, holds an offset outside it, or is misaligned.
@Suite struct GeneratedTableTests {
  @Test func aCopiedTableReadsBackItsElements() throws {
    let table = GeneratedTable(copying: (0..<100).map { UInt32($0 * 3) })
    try table.check(count: 100)
    #expect(table[unchecked: 0] == 0)
    #expect(table[unchecked: 99] == 297)
    #expect(Array(table.elements(unchecked: 10..<13)) == [30, 33, 36])
    #expect(Array(table.allElements) == (0..<100).map { UInt32($0 * 3) })
  }

  @Test func aTruncatedTableIsRefused() {
    let table = GeneratedTable(copying: [UInt32](repeating: 0, count: 99))
    #expect(throws: TableDefect.count(expected: 100, actual: 99)) { try table.check(count: 100) }
    #expect(throws: TableDefect.count(expected: 100, actual: 99)) { try table.check(countAtLeast: 100) }
    #expect(throws: Never.self) { try table.check(countAtLeast: 99) }
  }

  @Test func aRangePastTheTableIsRefused() {
    let table = GeneratedTable(copying: [UInt8](repeating: 7, count: 10))
    #expect(throws: Never.self) { try table.check(range: 0..<10) }
    #expect(throws: Never.self) { try table.check(range: 10..<10) }
    #expect(throws: TableDefect.outOfBounds(position: 11)) { try table.check(range: 4..<11) }
    #expect(throws: TableDefect.outOfBounds(position: -1)) { try table.check(range: -1..<3) }
  }

  @Test func aCorruptedIndexIsRefused() {
    // A trie's children: -1 for none, else a node below 3.
    var children: [Int32] = [1, -1, 2, -1, -1, 0]
    #expect(throws: Never.self) {
      try GeneratedTable(copying: children).check(everyIndexBelow: 3, allowing: -1)
    }
    children[4] = 3
    #expect(throws: TableDefect.outOfBounds(position: 4)) {
      try GeneratedTable(copying: children).check(everyIndexBelow: 3, allowing: -1)
    }
    children[4] = -2
    #expect(throws: TableDefect.outOfBounds(position: 4)) {
      try GeneratedTable(copying: children).check(everyIndexBelow: 3, allowing: -1)
    }
    #expect(throws: TableDefect.outOfBounds(position: 1)) {
      try GeneratedTable(copying: children).check(everyIndexBelow: 3)
    }
  }

  @Test func misalignedWideValuesAreRefused() throws {
    let bytes: [UInt8] = [1, 0, 2, 0, 3, 0, 4, 0, 5]
    try bytes.withUnsafeBufferPointer { buffer in
      let table = GeneratedTable(unowned: buffer)
      // The array's storage is aligned far beyond UInt16's.
      try table.check(aligned: UInt16.self, byteOffset: 0, count: 4)
      #expect(table.load(uncheckedByteOffset: 2, as: UInt16.self) == UInt16(littleEndian: 2))
      #expect(throws: TableDefect.misaligned(byteOffset: 1)) {
        try table.check(aligned: UInt16.self, byteOffset: 1, count: 4)
      }
      #expect(throws: TableDefect.misaligned(byteOffset: 2)) {
        try table.check(aligned: UInt32.self, byteOffset: 2, count: 1)
      }
      // Past the end, aligned or not.
      #expect(throws: TableDefect.outOfBounds(position: 2)) {
        try table.check(aligned: UInt16.self, byteOffset: 2, count: 4)
      }
      // A table starting one byte in: its own offset 0 is misaligned.
      let shifted = GeneratedTable(unowned: UnsafeBufferPointer(rebasing: buffer[1...]))
      #expect(throws: TableDefect.misaligned(byteOffset: 0)) {
        try shifted.check(aligned: UInt16.self, byteOffset: 0, count: 4)
      }
    }
  }

  @Test func aLiteralIsReadInPlace() throws {
    let table = GeneratedTable("1\t2\n")
    try table.check(count: 4)
    #expect(Array(table.allElements) == Array("1\t2\n".utf8))
    #expect(GeneratedTable<UInt8>(unowned: nil, count: 5).isEmpty)
  }

  /// The examples of the doc comments of ``GeneratedTable`` and ``TableDefect``.
  @Test func docCommentExamples() throws {
    let masks = GeneratedTable(copying: [UInt32](repeating: 1, count: 100))
    try masks.check(count: 100)
    #expect(masks[unchecked: 42] == 1)
    let table = GeneratedTable(copying: [UInt8](repeating: 0, count: 3))
    #expect(throws: TableDefect.count(expected: 4, actual: 3)) { try table.check(count: 4) }
  }

  @Test func tablesOfReferencesReleaseThem() {
    final class Box: Sendable {}
    weak var weakBox: Box?
    do {
      let box = Box()
      weakBox = box
      let table = GeneratedTable(copying: [box, box])
      #expect(table[unchecked: 1] === box)
    }
    #expect(weakBox == nil)
  }
}
