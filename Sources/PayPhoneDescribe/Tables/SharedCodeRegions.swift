@_spi(PayPhoneInternal) internal import PayPhoneCore
import PayPhoneNumbers

/// For each country code several regions share (+1, +7, +44, ...), the
/// regions a number may be valid in, by its first national digits
/// (`Data/describe/regions.txt`), read one country code at a time on first
/// use.
///
/// The geocoder names a number's country only when exactly one region of
/// its country code validates it, so it would try every region of +1 (25)
/// on each lookup, and load each one's metadata on the first. The table
/// rules out, from the digits alone, every region whose patterns cannot
/// match: what is left (the number's own region, and another only where
/// both regions' patterns overlap) is still validated, so answers stay
/// libphonenumber's.
final class SharedCodeRegions: Sendable {
  /// One country code's regions and the trie of its prefixes.
  final class Line: Sendable {
    /// The country code's regions, bit i of a set being `regions[i]`.
    let regions: [RegionCode]
    private let trie: DigitTrie

    init?(regions: [RegionCode], entries: UnsafeBufferPointer<UInt8>) {
      guard regions.count <= 32, let trie = DigitTrie(entries: entries) else { return nil }
      self.regions = regions
      self.trie = trie
    }

    /// The regions (a bit set over `regions`) a number with these national
    /// digits may be valid in: a superset of those it is valid in.
    @inline(__always)
    func candidates(digits: UnsafeBufferPointer<UInt8>) -> UInt32 {
      trie.value(digits: digits)
    }
  }

  private let text: GeneratedTable<UInt8>
  /// The line of each country code (0...999), -1 for none.
  private let lineByCountryCode: [Int16]
  /// Each line's first byte (after the country code) and length, inside
  /// the text (checked when indexed): read unchecked.
  private let lineStarts: [Int]
  private let lineLengths: [Int]
  private let slots: LazyReferences<LineSlot>

  init(_ text: StaticString) {
    let table = GeneratedTable(text)
    self.text = table
    let bytes = table.allElements
    var byCountryCode = [Int16](repeating: -1, count: 1000)
    var starts: [Int] = []
    var lengths: [Int] = []
    var position = 0
    while position < bytes.count {
      let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
      if bytes[position] != UInt8(ascii: "#") {
        var code = 0
        var index = position
        while index < end, bytes[index] >= 0x30 && bytes[index] <= 0x39, code < 1000 {
          code = code * 10 + Int(bytes[index] - 0x30)
          index += 1
        }
        if index < end, bytes[index] == 0x09, code < 1000, byCountryCode[code] < 0,
          (try? table.check(range: index + 1..<end)) != nil
        {
          byCountryCode[code] = Int16(starts.count)
          starts.append(index + 1)
          lengths.append(end - index - 1)
        }
      }
      position = end + 1
    }
    lineByCountryCode = byCountryCode
    lineStarts = starts
    lineLengths = lengths
    slots = LazyReferences(count: starts.count)
  }

  /// The line of a country code, nil when the table has none (the code
  /// is not shared) or the line does not list exactly the regions the
  /// phone metadata gives the code.
  @inline(__always)
  func line(countryCode: Int) -> Line? {
    guard countryCode >= 0 && countryCode < 1000 else { return nil }
    let index = Int(lineByCountryCode[countryCode])
    guard index >= 0 else { return nil }
    return slots.loadOrMake(index) { LineSlot(line: decode(line: index, countryCode: countryCode)) }.line
  }

  /// A decoded line, or none: what a slot keeps.
  private final class LineSlot: Sendable {
    let line: Line?
    init(line: Line?) { self.line = line }
  }

  private func decode(line index: Int, countryCode: Int) -> Line? {
    let bytes = text.elements(unchecked: lineStarts[index]..<lineStarts[index] + lineLengths[index])
    let fields = bytes.split(separator: 0x09, omittingEmptySubsequences: false)
    guard fields.count == 2 else { return nil }
    // An entry that is no region code is dropped, and the comparison
    // below then refuses the line.
    let regions = fields[0].split(separator: UInt8(ascii: "|")).compactMap {
      RegionCode(utf8: UnsafeBufferPointer(rebasing: $0))
    }
    guard regions == PhoneMetadata.regions(forCountryCode: countryCode) else { return nil }
    return Line(regions: regions, entries: UnsafeBufferPointer(rebasing: fields[1]))
  }
}

/// Digit prefixes with a value each (`PREFIX=HEX` entries, space-separated,
/// in string order, the empty prefix first): a number's value is that of
/// the longest prefix it starts with.
///
/// Sendable: the buffers are the immutable memory of the two tables it
/// keeps.
struct DigitTrie: @unchecked Sendable {
  /// Node n's child for digit d is `children[n * 10 + d]`, -1 for none;
  /// node 0 is the empty prefix. Ten children per node, each a node
  /// (checked when built): read unchecked.
  private let children: GeneratedTable<Int32>
  /// Each node's value: its entry's, else its parent's.
  private let values: GeneratedTable<UInt32>
  /// The two tables' elements, taken once: a lookup then reads buffers of
  /// its own module's types, not `GeneratedTable`'s generic reads in
  /// PayPhoneNumbers.
  private let childElements: UnsafeBufferPointer<Int32>
  private let valueElements: UnsafeBufferPointer<UInt32>

  init?(entries: UnsafeBufferPointer<UInt8>) {
    var children: [Int32] = Array(repeating: -1, count: 10)
    var values: [UInt32] = [0]
    var sawRoot = false
    // A prefix comes before the ones it begins.
    for entry in entries.split(separator: UInt8(ascii: " ")) {
      guard let equals = entry.firstIndex(of: UInt8(ascii: "=")),
        let value = UInt32(String(decoding: entry[equals + 1..<entry.endIndex], as: UTF8.self), radix: 16)
      else { return nil }
      var node = 0
      for byte in entry[entry.startIndex..<equals] {
        let digit = Int(byte &- 0x30)
        guard digit < 10 else { return nil }
        if children[node * 10 + digit] < 0 {
          children[node * 10 + digit] = Int32(values.count)
          values.append(values[node])
          children.append(contentsOf: repeatElement(-1, count: 10))
        }
        node = Int(children[node * 10 + digit])
      }
      if node == 0 { sawRoot = true }
      values[node] = value
    }
    guard sawRoot else { return nil }
    let childTable = GeneratedTable(copying: children)
    let valueTable = GeneratedTable(copying: values)
    do throws(TableDefect) {
      try childTable.check(count: valueTable.count * 10)
      try childTable.check(everyIndexBelow: valueTable.count, allowing: -1)
    } catch {
      return nil
    }
    self.children = childTable
    self.values = valueTable
    childElements = childTable.allElements
    valueElements = valueTable.allElements
  }

  /// The value of the longest listed prefix of `digits` (ASCII digits).
  @inline(__always)
  func value(digits: UnsafeBufferPointer<UInt8>) -> UInt32 {
    let children = childElements
    var node = 0
    for byte in digits {
      let digit = Int(byte &- 0x30)
      guard digit < 10 else { break }
      let child = children[node &* 10 &+ digit]
      guard child >= 0 else { break }
      node = Int(child)
    }
    return valueElements[node]
  }
}
