import Foundation
import PayPhone

/// `payphone-bench phone-stages CORPUS`: where the time of the `phone` loop
/// goes — parse alone, then validity, type and each format on parsed
/// numbers — in nanoseconds per corpus line.
enum PhoneStagesBenchmark: Benchmark {
  static let name = "phone-stages"
  static let usage = "phone-stages CORPUS    the phone loop split by stage, ns per number"

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count == 1, let text = try? String(contentsOfFile: arguments[0], encoding: .utf8) else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    let lines: [(RegionCode, String)] = text.split(separator: "\n").compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      return fields.count == 2 ? (RegionCode(String(fields[0])), String(fields[1])) : nil
    }
    PhoneMetadata.loadAll()
    let numbers = lines.compactMap { try? PhoneNumber($0.1, region: $0.0) }
    var sink = 0
    func stage(_ name: String, _ body: () -> Void) {
      let result = measure(atLeast: .milliseconds(500), body)
      let perLine = result.nanoseconds / Double(result.passes) / Double(lines.count)
      print("bench=phone-stages stage=\(name) lines=\(lines.count) ns_per_line=\(figure(perLine))")
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
    if sink == 42 { print("") }
    return 0
  }
}
