@_spi(PayPhoneInternal) internal import PayPhoneCore
import PayPhoneNumbers

/// One prefix table file (geocoding, carriers or time zones) as compiled
/// into the binary, with the index of its lines: which bytes hold each
/// country code's line. Built from the file's header alone; no table line
/// is read until its country code is looked up. Every indexed line lies
/// inside the text (checked when the index is read; a line the index puts
/// past the end is refused, as no line), so lines are read unchecked.
final class PrefixTableFile: Sendable {
  private let text: GeneratedTable<UInt8>
  /// The `L` (languages) or `Z` (time zones) line's fields.
  let names: [String]
  /// Each table line's first byte and length, in the order of the index.
  private let lineStarts: [Int]
  private let lineLengths: [Int]
  /// The line of each country code (0...999), -1 for none.
  private let lineByCountryCode: [Int16]

  init(_ text: StaticString) {
    let table = GeneratedTable(text)
    self.text = table
    let bytes = table.allElements
    var names: [String] = []
    var starts: [Int] = []
    var lengths: [Int] = []
    var byCountryCode = [Int16](repeating: -1, count: 1000)
    var position = 0
    while position < bytes.count {
      let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
      let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
      position = end + 1
      guard let tag = line.first, line.count > 1, line[1] == 0x09 else { continue }
      let fields = line.split(separator: 0x09).dropFirst().map { String(decoding: $0, as: UTF8.self) }
      if tag == UInt8(ascii: "L") || tag == UInt8(ascii: "Z") {
        names = fields
      } else if tag == UInt8(ascii: "I") {
        var start = position
        for field in fields {
          let parts = field.split(separator: ":")
          guard parts.count == 2, let code = Int(parts[0]), let length = Int(parts[1]),
            (0..<1000).contains(code)
          else { continue }
          do throws(TableDefect) {
            try table.check(range: start..<start + length)
            byCountryCode[code] = Int16(starts.count)
          } catch {
            // A truncated file: the line is refused, the code has none.
          }
          starts.append(start)
          lengths.append(length)
          start += length + 1
        }
        break
      }
    }
    self.names = names
    lineStarts = starts
    lineLengths = lengths
    lineByCountryCode = byCountryCode
  }

  /// How many country codes have a line.
  var lineCount: Int { lineStarts.count }

  /// The line index of a country code, nil when the table has none.
  @inline(__always)
  func lineIndex(countryCode: Int) -> Int? {
    guard countryCode >= 0 && countryCode < 1000 else { return nil }
    let index = lineByCountryCode[countryCode]
    return index < 0 ? nil : Int(index)
  }

  /// Runs `body` over the fields of line `index` (one ``lineIndex(countryCode:)``
  /// gave) after the country code.
  func withLineFields<Result>(_ index: Int, _ body: ([UnsafeBufferPointer<UInt8>]) -> Result) -> Result {
    let bytes = text.elements(unchecked: lineStarts[index]..<lineStarts[index] + lineLengths[index])
    let fields = bytes.split(separator: 0x09, omittingEmptySubsequences: false).dropFirst().map {
      UnsafeBufferPointer(rebasing: $0)
    }
    return body(Array(fields))
  }
}
