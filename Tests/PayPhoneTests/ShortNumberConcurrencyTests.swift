import PayPhone
import Testing

/// The short-number tables and number matching used from many tasks at
/// once, starting cold: the tasks race to load each region's short-number
/// record. Every task's answers must equal what one task computes alone
/// afterwards. CI runs this suite under ThreadSanitizer with the other
/// `ConcurrencyTests`.
@Suite struct ShortNumberConcurrencyTests {
  /// For every region with short numbers: its example, and the answers for
  /// it and for 112 dialled there.
  static func answers() -> [String] {
    ShortNumbers.supportedRegions.map { region in
      let example = ShortNumbers.exampleNumber(for: region) ?? ""
      var line = "\(region) \(example)"
      for text in [example, "112", "9110"] {
        guard let info = try? ShortNumberInfo(text, region: region) else {
          line += " -"
          continue
        }
        line += " \(info.isValid) \(info.cost.rawValue) \(info.isEmergency) \(info.connectsToEmergency)"
        line += " \(info.number.match(text).rawValue)"
      }
      return line
    }
  }

  @Test func tasksLoadingTheTablesAtOnceAgreeWithOneTask() async {
    let results = await withTaskGroup(of: [String].self) { group in
      for _ in 0..<8 { group.addTask { Self.answers() } }
      var all: [[String]] = []
      for await result in group { all.append(result) }
      return all
    }
    let alone = Self.answers()
    #expect(alone.count == 241)
    #expect(alone.contains { $0.hasPrefix("DE 110 true toll_free true true") })
    for result in results { #expect(result == alone) }
  }
}
