@_spi(PayPhoneInternal) internal import PayPhoneCore
import PayPhoneNumbers

/// The geocoder's own country names (`Data/describe/countries.txt`), read
/// one language at a time on first use.
final class CountryNameTable: Sendable {

  /// One language's names, by region slot (`A`-`Z` pairs).
  final class Names: Sendable {
    let byRegion: [String?]
    init(byRegion: [String?]) { self.byRegion = byRegion }
  }

  private let text: StaticString
  /// The table's languages (its `L` line).
  private let languages: [String]
  private let slots: LazyReferences<Names>
  /// Where the region lines start.
  private let bodyStart: Int

  init(_ text: StaticString) {
    self.text = text
    let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    var languages: [String] = []
    var position = 0
    while position < bytes.count {
      let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
      let line = bytes[position..<end]
      position = end + 1
      if line.first == UInt8(ascii: "L") {
        languages = line.split(separator: 0x09).dropFirst().map { String(decoding: $0, as: UTF8.self) }
        break
      }
    }
    self.languages = languages
    bodyStart = position
    slots = LazyReferences(count: languages.count)
  }

  /// The names in `language`, nil when the table does not know it.
  func names(language: String) -> Names? {
    guard let index = languages.firstIndex(of: language) else { return nil }
    return slots.loadOrMake(index) { Names(byRegion: read(language: language)) }
  }

  private func read(language: String) -> [String?] {
    var byRegion = [String?](repeating: nil, count: RegionCode.letterPairCount)
    let bytes = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    let prefix = Array(language.utf8) + [UInt8(ascii: "=")]
    var position = bodyStart
    while position < bytes.count {
      let end = bytes[position...].firstIndex(of: 0x0A) ?? bytes.count
      let fields = bytes[position..<end].split(separator: 0x09, omittingEmptySubsequences: false)
      position = end + 1
      guard fields.count == 3,
        let slot = RegionCode(utf8: UnsafeBufferPointer(rebasing: fields[0]))?.letterPairIndex
      else { continue }
      var name = fields[1]
      for exception in fields[2].split(separator: UInt8(ascii: "|")) where exception.starts(with: prefix) {
        name = exception.dropFirst(prefix.count)
        break
      }
      byRegion[slot] = String(decoding: name, as: UTF8.self)
    }
    return byRegion
  }
}
