import Foundation
import PayPhone

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payphone-bench metadata`: what the phone tables cost a process — the
/// first lookup in a fresh process (index built, one region's record
/// parsed and compiled), loading every table (`PhoneMetadata.loadAll()`)
/// and the resident memory before and after, and a full type check of a
/// 10-digit number. One line per figure.
///
/// Run it as the first thing a process does: the first-lookup figure is
/// only meaningful then.
enum MetadataBenchmark: Benchmark {
  static let name = "metadata"
  static let usage = "metadata               first lookup, loadAll time and memory, a type check, in ns / KiB"

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.isEmpty else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    let clock = ContinuousClock()
    let rssAtStart = residentKiB()

    // The first lookup: builds the store's indexes and compiles GB's record.
    let firstStart = clock.now
    let firstAnswer = PhoneMetadata.isNationalNumber("2079460958", ofType: .fixedLine, in: .gb)
    let first = clock.now - firstStart
    print(
      "bench=metadata figure=first-lookup region=GB answer=\(firstAnswer) ns=\(nanoseconds(first)) "
        + "rss_kib_before=\(rssAtStart) rss_kib_after=\(residentKiB())")

    // A first parse of a number of another region: one more record.
    let parseStart = clock.now
    let parsed = (try? PhoneNumber("+1 201-555-0123"))?.isValid ?? false
    print(
      "bench=metadata figure=first-parse region=US valid=\(parsed) ns=\(nanoseconds(clock.now - parseStart))")

    let rssBefore = residentKiB()
    let loadStart = clock.now
    PhoneMetadata.loadAll()
    let load = clock.now - loadStart
    let rssAfter = residentKiB()
    print(
      "bench=metadata figure=load-all regions=\(PhoneMetadata.supportedRegions.count) "
        + "non_geographic=\(PhoneMetadata.nonGeographicCountryCodes.count) ns=\(nanoseconds(load))")
    print(
      "bench=metadata figure=tables-memory rss_kib_before=\(rssBefore) rss_kib_after=\(rssAfter) "
        + "delta_kib=\(rssAfter - rssBefore) rss_kib_at_start=\(rssAtStart)")

    // A full check of one type: length, then the type's whole pattern.
    for (type, name) in [(PhoneNumberType.fixedLine, "fixed_line"), (.mobile, "mobile")] {
      var answer = false
      let timing = measure(atLeast: .milliseconds(300)) {
        for _ in 0..<10_000 {
          answer = PhoneMetadata.isNationalNumber("2079460958", ofType: type, in: .gb)
        }
      }
      let perCheck = timing.nanoseconds / Double(timing.passes) / 10_000
      print(
        "bench=metadata figure=type-check region=GB number=2079460958 type=\(name) answer=\(answer) "
          + "ns_per_check=\(figure(perCheck))")
    }
    return 0
  }

  static func nanoseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
  }

  /// The process's resident set, from /proc (Linux); 0 where unavailable.
  static func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
      return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
    }
    return 0
  }
}
