import PayPhone
import PayPhoneDescribe

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `payphone-bench describe [NUMBER [LOCALE]]`: what describing numbers
/// costs — the tables' bytes in the binary, the first lookup in a fresh
/// process (NUMBER, default the largest table's +86, in LOCALE, default
/// `en`) and the resident memory it adds to a process that has parsed,
/// then later lookups of place, carrier and time zones. One line per figure.
///
/// Run it as the first thing a process does: the first-lookup figures are
/// only meaningful then.
enum DescribeBenchmark: Benchmark {
  static let name = "describe"
  static let usage =
    "describe [NUMBER [LOCALE]]   table bytes, first lookup and its memory, later lookups (ns / KiB)"

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count <= 2 else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    let text = arguments.first ?? "+86 139 1234 5678"
    guard let number = try? PhoneNumber(text),
      let locale = try? DescriptionLocale(arguments.dropFirst().first ?? "en")
    else {
      printError("payphone-bench describe: '\(text)' does not parse, or the locale is not one\n")
      return 2
    }
    print("bench=describe figure=table-bytes embedded_bytes=\(DescribeTableSizes.embeddedBytes)")

    // A process that has parsed (and so loaded the phone tables) ...
    let clock = ContinuousClock()
    let rssParsed = MetadataBenchmark.residentKiB()
    // ... then describes one number: tables indexed, its lines decoded.
    let cpuStart = threadCPUNanoseconds()
    let start = clock.now
    let describer = PhoneNumberDescriber(locale: locale)
    let made = clock.now - start
    let location = describer.location(of: number)
    let firstLocation = clock.now - start
    let firstLocationCPU = threadCPUNanoseconds() - cpuStart
    let carrierStart = clock.now
    let carrier = describer.carrierName(of: number)
    let firstCarrier = clock.now - carrierStart
    let zonesStart = clock.now
    let zones = describer.timeZones(of: number)
    let firstZones = clock.now - zonesStart
    let rssDescribed = MetadataBenchmark.residentKiB()
    print(
      "bench=describe figure=first-lookup number=\(number.formatted(.e164)) locale=\(locale) "
        + "location_ns=\(MetadataBenchmark.nanoseconds(firstLocation)) "
        + "of_which_describer_ns=\(MetadataBenchmark.nanoseconds(made)) location_cpu_ns=\(firstLocationCPU) "
        + "carrier_ns=\(MetadataBenchmark.nanoseconds(firstCarrier)) "
        + "time_zones_ns=\(MetadataBenchmark.nanoseconds(firstZones)) "
        + "location=\"\(location ?? "")\" carrier=\"\(carrier ?? "")\" time_zones=\(zones.joined(separator: ","))"
    )
    print(
      "bench=describe figure=memory rss_kib_after_parse=\(rssParsed) rss_kib_after_lookup=\(rssDescribed) "
        + "delta_kib=\(rssDescribed - rssParsed)")

    // Later lookups: numbers of many country codes, tables already decoded.
    let samples = [
      "+1 650 253 0000", "+44 20 7946 0958", "+49 30 901820", "+33 1 42 68 53 00", "+86 139 1234 5678",
      "+61 2 9374 4000", "+55 11 3030 1234", "+91 22 2778 8000", "+81 3 1234 5678", "+7 495 123 45 67",
      "+39 06 1234 5678", "+34 91 123 45 67", "+44 7400 123456", "+1 415 555 2671", "+52 55 1234 5678",
      "+54 9 11 2345 6789",
      // The country name on a shared country code: a territory of +1, a
      // toll-free number valid in several regions, mobiles of +44 and +7.
      "+1 684 622 1234", "+1 800 253 0000", "+44 7624 123456", "+7 701 123 4567", "+590 690 00 12 34",
      // An Argentine mobile whose digits after the 9 parse differently (11 15 ...).
      "+54 9 11 1523 4567",
    ]
    let numbers = samples.compactMap { try? PhoneNumber($0) }
    for number in numbers {
      _ = describer.location(of: number)
      _ = describer.carrierName(of: number)
      _ = describer.timeZones(of: number)
    }
    for number in numbers {
      var sum = 0
      let perLookup = leastCPUNanoseconds(iterations: 2000) {
        sum &+= describer.location(of: number)?.utf8.count ?? 0
      }
      print(
        "bench=describe figure=later-location number=\(number.formatted(.e164)) locale=\(locale) "
          + "cpu_ns_per_lookup=\(figure(perLookup)) location=\"\(describer.location(of: number) ?? "")\" sum=\(sum)"
      )
    }
    argentineMobiles(describer)
    var sink = 0
    let figures: [(String, (PhoneNumber) -> Int)] = [
      ("location", { describer.location(of: $0)?.utf8.count ?? 0 }),
      ("carrier", { describer.carrierName(of: $0)?.utf8.count ?? 0 }),
      ("time_zones", { describer.timeZones(of: $0).count }),
    ]
    for (name, lookup) in figures {
      let timing = measure(atLeast: .milliseconds(300)) {
        for _ in 0..<1000 {
          for number in numbers { sink &+= lookup(number) }
        }
      }
      let perLookup = timing.nanoseconds / Double(timing.passes) / Double(1000 * numbers.count)
      let leastCPU =
        leastCPUNanoseconds(iterations: 200) { for number in numbers { sink &+= lookup(number) } }
        / Double(numbers.count)
      print(
        "bench=describe figure=later-lookup what=\(name) numbers=\(numbers.count) "
          + "ns_per_lookup=\(figure(perLookup)) least_cpu_ns_per_lookup=\(figure(leastCPU))")
    }
    if sink == 42 { print("") }
    return 0
  }
}

/// Argentine mobiles whose digits after the token 9 start with an area
/// code and the carrier code 15 (what libphonenumber's geocoder parses
/// again): the place as `location(of:)` finds it (the digits read from
/// the mobile-token table) against parsing the digits again
/// (`argentineMobilePlaceByParsing`), in the same run; and one whose
/// digits read as themselves, for scale.
private func argentineMobiles(_ describer: PhoneNumberDescriber) {
  let samples = [
    "+54 9 11 1523 4567", "+54 9 264 615-2754", "+54 9 3873 15-1774", "+54 9 3888 15-9658",
    "+54 9 11 2345 6789",
  ]
  for number in samples.compactMap({ try? PhoneNumber($0) }) {
    var sum = 0
    let now = leastCPUNanoseconds(iterations: 2000) {
      sum &+= describer.location(of: number)?.utf8.count ?? 0
    }
    let table = leastCPUNanoseconds(iterations: 2000) {
      sum &+= describer.argentineMobilePlace(number)?.utf8.count ?? 0
    }
    let reparse = leastCPUNanoseconds(iterations: 2000) {
      sum &+= describer.argentineMobilePlaceByParsing(number)?.utf8.count ?? 0
    }
    let same =
      describer.argentineMobilePlace(number) == describer.argentineMobilePlaceByParsing(number)
    print(
      "bench=describe figure=argentine-mobile number=\(number.formatted(.e164)) locale=\(describer.locale) "
        + "location_cpu_ns=\(figure(now)) table_read_cpu_ns=\(figure(table)) full_reparse_cpu_ns=\(figure(reparse)) "
        + "same_place=\(same) location=\"\(describer.location(of: number) ?? "")\" sum=\(sum)")
  }
}

/// The CPU time this thread has used: unlike the wall clock, not inflated
/// by other work sharing the machine's cores.
func threadCPUNanoseconds() -> Int {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// The least CPU time per iteration of `body` over 15 rounds of
/// `iterations`: the figure least disturbed by other work on the machine.
func leastCPUNanoseconds(iterations: Int, _ body: () -> Void) -> Double {
  var least = Double.infinity
  for _ in 0..<15 {
    let start = threadCPUNanoseconds()
    for _ in 0..<iterations { body() }
    least = min(least, Double(threadCPUNanoseconds() - start) / Double(iterations))
  }
  return least
}
