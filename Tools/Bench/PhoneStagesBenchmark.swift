import Foundation
import PayPhone

/// `payphone-bench phone-stages CORPUS [STAGE]`: where the time of the
/// `phone` loop goes — parse alone, then validity, type and each format on
/// parsed numbers — in nanoseconds per corpus line; and `record`, the
/// whole contract `phone` record as the C ABI and the CLI ask for it (parse,
/// E.164, region, validity, possibility, type, international, national,
/// RFC 3966); and `rows`, the record as a C ABI or Python row makes it (the
/// line's UTF-8 parsed, then the four formats lent at once). With STAGE,
/// only that stage runs: for instruction counts, `valgrind --tool=callgrind
/// --collect-atstart=no --toggle-collect='*countedRecord*' payphone-bench
/// phone-stages CORPUS record` counts the record of each line (one untimed
/// pass, then the timed ones), and `*countedRow*` with `rows` the rows'.
/// An empty region field is no region.
enum PhoneStagesBenchmark: Benchmark {
  static let name = "phone-stages"
  static let usage = "phone-stages CORPUS [STAGE]  the phone loop split by stage, ns per number"

  static func run(_ arguments: [String]) -> Int32 {
    guard (1...2).contains(arguments.count),
      let text = try? String(contentsOfFile: arguments[0], encoding: .utf8)
    else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    let lines: [(RegionCode, String)] = text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      return fields.count == 2 ? (RegionCode(String(fields[0])) ?? .unknown, String(fields[1])) : nil
    }
    let rows: [(RegionCode?, [UInt8])] = lines.map { ($0.0.rawValue.isEmpty ? nil : $0.0, Array($0.1.utf8)) }
    PhoneMetadata.loadAll()
    let numbers = lines.compactMap { try? PhoneNumber($0.1, region: $0.0) }
    var sink = 0
    let only = arguments.count == 2 ? arguments[1] : nil
    func stage(_ name: String, _ body: () -> Void) {
      guard only == nil || only == name else { return }
      let result = measure(atLeast: .milliseconds(500), body)
      let perLine = result.nanoseconds / Double(result.passes) / Double(lines.count)
      print(
        "bench=phone-stages stage=\(name) lines=\(lines.count) passes=\(result.passes + 1) ns_per_line=\(figure(perLine))"
      )
    }
    stage("parse") {
      for (region, raw) in lines { sink &+= (try? PhoneNumber(raw, region: region))?.countryCode ?? 0 }
    }
    stage("valid") { for number in numbers { sink &+= number.isValid ? 1 : 0 } }
    stage("type") { for number in numbers { sink &+= number.type == .mobile ? 1 : 0 } }
    stage("region") { for number in numbers { sink &+= number.region == nil ? 1 : 0 } }
    for format in [PhoneNumberFormat.e164, .international, .national] {
      stage("format-\(format.rawValue)") {
        for number in numbers { sink &+= number.formatted(format).utf8.count }
      }
    }
    stage("record") {
      for (region, raw) in lines { sink &+= countedRecord(raw, region: region) }
    }
    stage("rows") {
      for (region, utf8) in rows { sink &+= utf8.withUnsafeBufferPointer { countedRow($0, region: region) } }
    }
    if sink == 42 { print("") }
    return 0
  }

  /// What the contract's `phone` record asks of one line, in its order.
  @inline(never)
  static func countedRecord(_ raw: String, region: RegionCode) -> Int {
    guard let number = try? PhoneNumber(raw, region: region) else { return 0 }
    var sum = number.formatted(.e164).utf8.count &+ number.countryCode &+ number.nationalNumber.utf8.count
    sum &+= (number.numberExtension?.utf8.count ?? 0) &+ (number.region?.rawValue.utf8.count ?? 0)
    sum &+= (number.isValid ? 1 : 0) &+ (number.isPossible ? 2 : 0) &+ number.type.rawValue.utf8.count
    sum &+= number.formatted(.international).utf8.count &+ number.formatted(.national).utf8.count
    return sum &+ number.formatted(.rfc3966).utf8.count
  }

  /// What a C ABI or Python row asks of one line: the number parsed from
  /// its UTF-8, then its four formats, type,
  /// region, validity and possibility.
  @inline(never)
  static func countedRow(_ utf8: UnsafeBufferPointer<UInt8>, region: RegionCode?) -> Int {
    guard let number = try? PhoneNumber(utf8: utf8, region: region) else { return 0 }
    var sum = number.countryCode &+ (number.numberExtension?.utf8.count ?? 0)
    sum &+= (number.region == nil ? 1 : 0) &+ (number.isValid ? 1 : 0) &+ (number.isPossible ? 2 : 0)
    sum &+= number.type == .mobile ? 4 : 0
    for format in [PhoneNumberFormat.e164, .international, .national, .rfc3966] {
      sum &+= number.formatted(format).utf8.count
    }
    return sum
  }
}
