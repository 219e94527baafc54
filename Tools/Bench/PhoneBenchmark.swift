import Foundation
import PayPhone

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payphone-bench phone CORPUS [WARMUP]`: the peer harness's loop
/// (`Sources/PayPhone/PayPhone.docc/Performance.md`) on PayPhone. Reads `REGION<TAB>RAW` lines,
/// runs the first WARMUP lines (default 2000) untimed, then times, per
/// line: parse; if parsed, validity, type, and the E.164, international and
/// national formats. Prints
/// `impl=payphone-<version> n=N parsed=P valid=V checksum=C ns_per_number=X`
/// on stdout and `impl=... cpu_ns_per_number=Y` on stderr, as the peers do.
/// With `PEER_DUMP=path`, also writes the per-line dump the peers write.
enum PhoneBenchmark: Benchmark {
  static let name = "phone"
  static let usage = "phone CORPUS [WARMUP]   the peers' parse/validate/format loop, ns per number"
  static let version = "\(PayPhoneVersion.current)"

  struct Line {
    let region: RegionCode
    let raw: String
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard let path = arguments.first, arguments.count <= 2 else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    let warmup = arguments.count == 2 ? Int(arguments[1]) ?? -1 : 2000
    guard warmup >= 0, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      printError("payphone-bench phone: cannot read \(path) (or bad WARMUP)\n")
      return 2
    }
    let lines: [Line] = text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
      let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard fields.count == 2 else { return nil }
      return Line(region: RegionCode(String(fields[0])) ?? .unknown, raw: String(fields[1]))
    }
    PhoneMetadata.loadAll()
    var sink = 0
    for line in lines.prefix(warmup) { sink &+= work(line).checksum }

    let cpuStart = cpuNanoseconds()
    let clock = ContinuousClock()
    let start = clock.now
    var parsed = 0
    var valid = 0
    var checksum = 0
    for line in lines {
      let result = work(line)
      sink &+= result.type == .unknown ? 1 : 0
      parsed += result.parsed ? 1 : 0
      valid += result.valid ? 1 : 0
      checksum += result.checksum
    }
    let elapsed = clock.now - start
    let cpu = cpuNanoseconds() - cpuStart
    let (seconds, attoseconds) = elapsed.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    let count = max(lines.count, 1)
    print(
      "impl=payphone-\(version) n=\(lines.count) parsed=\(parsed) valid=\(valid) checksum=\(checksum) "
        + "ns_per_number=\(oneDecimal(nanoseconds / Double(count)))")
    printError("impl=payphone-\(version) cpu_ns_per_number=\(oneDecimal(cpu / Double(count)))\n")
    if sink == -1 { print(sink) }
    if let dumpPath = ProcessInfo.processInfo.environment["PEER_DUMP"] {
      writeDump(lines, to: dumpPath)
    }
    return 0
  }

  /// One line of the timed loop.
  @inline(never)
  static func work(_ line: Line) -> (parsed: Bool, valid: Bool, checksum: Int, type: PhoneNumberType) {
    guard let number = try? PhoneNumber(line.raw, region: line.region) else {
      return (false, false, 0, .unknown)
    }
    let valid = number.isValid
    let type = number.type
    let lengths =
      number.formatted(.e164).utf8.count + number.formatted(.international).utf8.count
      + number.formatted(.national).utf8.count
    return (true, valid, lengths, type)
  }

  static let typeNames: [PhoneNumberType: String] = [
    .fixedLine: "FIXED_LINE", .mobile: "MOBILE", .fixedLineOrMobile: "FIXED_LINE_OR_MOBILE",
    .tollFree: "TOLL_FREE",
    .premiumRate: "PREMIUM_RATE", .sharedCost: "SHARED_COST", .voip: "VOIP",
    .personalNumber: "PERSONAL_NUMBER",
    .pager: "PAGER", .uan: "UAN", .voicemail: "VOICEMAIL", .unknown: "UNKNOWN",
  ]

  /// `parsed<TAB>valid<TAB>TYPE<TAB>E164<TAB>INTERNATIONAL<TAB>NATIONAL` per
  /// line, as `compare_dumps.py` reads it.
  static func writeDump(_ lines: [Line], to path: String) {
    var out = ""
    for line in lines {
      if let number = try? PhoneNumber(line.raw, region: line.region) {
        out += "1\t\(number.isValid ? 1 : 0)\t\(typeNames[number.type] ?? "UNKNOWN")\t"
        out +=
          "\(number.formatted(.e164))\t\(number.formatted(.international))\t\(number.formatted(.national))\n"
      } else {
        out += "0\t0\t-\t-\t-\t-\n"
      }
    }
    if !FileManager.default.createFile(atPath: path, contents: Data(out.utf8)) {
      printError("payphone-bench phone: cannot write \(path)\n")
    }
  }

  static func cpuNanoseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
  }

  static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
