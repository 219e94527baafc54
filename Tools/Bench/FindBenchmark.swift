import PayPhone

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payphone-bench find CORPUS`: finding phone numbers in CRM-like notes
/// (`REGION<TAB>TEXT` per line, written by `Tools/peers/find_peer.py
/// --write-corpus`), at every leniency, with `PhoneNumberMatcher`; and the
/// combined finder with cards and redaction at `valid`.
///
/// Prints one line per measurement, as the Python peer does:
/// `impl=payphone bench=find leniency=L texts=N bytes=B matches=M mb_per_s=X
/// cpu_mb_per_s=Y ns_per_match=Z` (ns_per_match: CPU time over matches).
enum FindBenchmark: Benchmark {
  static let name = "find"
  static let usage =
    "find CORPUS [LENIENCY [PASSES]]  phone numbers (and cards) in notes, MB/s and ns per match"

  static func run(_ arguments: [String]) -> Int32 {
    guard (1...3).contains(arguments.count), let data = readFile(arguments[0]) else {
      printError("Usage: payphone-bench \(usage)\n")
      return 2
    }
    var notes: [(RegionCode?, String)] = []
    for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      guard parts.count == 2 else { continue }
      notes.append((parts[0].isEmpty ? nil : RegionCode(String(parts[0])) ?? .unknown, String(parts[1])))
    }
    let bytes = notes.reduce(0) { $0 + $1.1.utf8.count }
    let only = arguments.count >= 2 ? PhoneNumberLeniency(rawValue: arguments[1]) : nil
    if arguments.count == 3, let only, let passes = Int(arguments[2]) {
      // One warm-up pass, then exactly PASSES in `countedPasses`: a fixed
      // amount of steady-state work, for instruction counts before and
      // after a change (valgrind --tool=callgrind --collect-atstart=no
      // --toggle-collect='*countedPasses*').
      for (region, text) in notes {
        for _ in PhoneNumberMatcher(text: text, region: region, leniency: only) {}
      }
      let matches = countedPasses(passes, notes, only)
      print("impl=payphone bench=find leniency=\(only.rawValue) passes=\(passes) matches=\(matches)")
      return 0
    }
    for leniency in PhoneNumberLeniency.allCases where only == nil || only == leniency {
      report("leniency=\(leniency.rawValue)", notes: notes.count, bytes: bytes) {
        var matches = 0
        for (region, text) in notes {
          for _ in PhoneNumberMatcher(text: text, region: region, leniency: leniency) { matches += 1 }
        }
        return matches
      }
    }
    guard only == nil else { return 0 }
    report("leniency=valid cards=1 redact=1", notes: notes.count, bytes: bytes) {
      var matches = 0
      for (region, text) in notes {
        let found = Array(TextFinder(text: text, region: region, findsCards: true))
        matches += found.count
        _ = TextFinder.redacted(text, matches: found)
      }
      return matches
    }
    return 0
  }

  @inline(never)
  private static func countedPasses(
    _ passes: Int, _ notes: [(RegionCode?, String)], _ leniency: PhoneNumberLeniency
  ) -> Int {
    var matches = 0
    for _ in 0..<passes {
      for (region, text) in notes {
        for _ in PhoneNumberMatcher(text: text, region: region, leniency: leniency) { matches += 1 }
      }
    }
    return matches
  }

  private static func report(_ label: String, notes: Int, bytes: Int, _ pass: () -> Int) {
    var matches = pass()  // warm-up
    let cpuStart = cpuNanoseconds()
    var passes = 0
    let timing = measure(atLeast: .seconds(2)) {
      matches = pass()
      passes += 1
    }
    let cpu = Double(cpuNanoseconds() - cpuStart)
    // `measure` runs one untimed pass first.
    let timedPasses = Double(timing.passes)
    let cpuPerPass = cpu / Double(passes)
    let megabytes = Double(bytes) / 1e6
    print(
      "impl=payphone bench=find \(label) texts=\(notes) bytes=\(bytes) matches=\(matches) "
        + "mb_per_s=\(figure(megabytes / (timing.nanoseconds / timedPasses / 1e9))) "
        + "cpu_mb_per_s=\(figure(megabytes / (cpuPerPass / 1e9))) "
        + "ns_per_match=\(figure(cpuPerPass / Double(max(matches, 1))))")
  }

  private static func cpuNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
  }
}

/// The bytes of a file, or nil.
private func readFile(_ path: String) -> [UInt8]? {
  guard let file = fopen(path, "rb") else { return nil }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count <= 0 { break }
    bytes.append(contentsOf: chunk[0..<count])
  }
  return bytes
}
