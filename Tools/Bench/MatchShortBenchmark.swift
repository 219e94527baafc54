import Foundation
import PayPhone

/// The oracle fixtures' inputs, read once for the `match` and `short`
/// benchmarks (the Python port's timing script, Tools/peers, reads the
/// same files, so both time the same inputs).
enum FixtureInputs {
  /// `Tests/Fixtures/<name>.jsonl`, or the path given, decoded line by line.
  static func load<T: Decodable>(_ type: T.Type, name: String, path: String?) -> [T]? {
    let file =
      path
      ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/\(name).jsonl").path
    guard let data = FileManager.default.contents(atPath: file) else {
      printError("payphone-bench \(name): cannot read \(file)\n")
      return nil
    }
    let decoder = JSONDecoder()
    return data.split(separator: 0x0A).compactMap { try? decoder.decode(T.self, from: $0) }
  }

  /// Times `body` over all inputs and prints its line.
  static func bench(_ benchmark: String, _ name: String, count: Int, _ body: () -> Int) {
    var sink = 0
    let result = measure(atLeast: .milliseconds(500)) { sink &+= body() }
    let perCall = result.nanoseconds / Double(result.passes) / Double(max(count, 1))
    print("bench=\(benchmark) case=\(name) impl=payphone n=\(count) ns_per_call=\(figure(perCall))")
    if sink == 42 { print("") }
  }
}

/// `payphone-bench match [FIXTURE]`: `PhoneNumber.match` on the pairs of
/// the match fixture, ns per comparison: two texts, a parsed number and a
/// text, two parsed numbers.
///
/// Prints `bench=match case=... impl=payphone n=N ns_per_call=X`.
enum MatchBenchmark: Benchmark {
  static let name = "match"
  static let usage = "match [FIXTURE]        number matching (texts, number/text, numbers), ns per call"

  struct Pair: Decodable {
    let a: String
    let b: String
    let region: String?
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count <= 1 else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    guard let pairs = FixtureInputs.load(Pair.self, name: "match", path: arguments.first) else { return 1 }
    PhoneMetadata.loadAll()
    FixtureInputs.bench("match", "strings", count: pairs.count) {
      pairs.reduce(0) { $0 &+ PhoneNumber.match($1.a, $1.b).rawValue.utf8.count }
    }
    let numberText = pairs.compactMap { pair -> (PhoneNumber, String)? in
      guard let number = try? PhoneNumber(pair.a, region: pair.region.map { RegionCode($0) ?? .unknown })
      else {
        return nil
      }
      return (number, pair.b)
    }
    FixtureInputs.bench("match", "number-text", count: numberText.count) {
      numberText.reduce(0) { $0 &+ $1.0.match($1.1).rawValue.utf8.count }
    }
    let numbers = pairs.compactMap { pair -> (PhoneNumber, PhoneNumber)? in
      guard let region = pair.region.map({ RegionCode($0) ?? .unknown }),
        let first = try? PhoneNumber(pair.a, region: region),
        let second = try? PhoneNumber(pair.b, region: region)
      else { return nil }
      return (first, second)
    }
    FixtureInputs.bench("match", "numbers", count: numbers.count) {
      numbers.reduce(0) { $0 &+ $1.0.match($1.1).rawValue.utf8.count }
    }
    return 0
  }
}

/// `payphone-bench short [FIXTURE]`: short-number calls on the numbers of
/// the short fixture, ns per call: everything `payphone short` asks (parse
/// and seven answers), validity and cost of a parsed number, and the
/// emergency check on the text.
///
/// Prints `bench=short case=... impl=payphone n=N ns_per_call=X`.
enum ShortBenchmark: Benchmark {
  static let name = "short"
  static let usage = "short [FIXTURE]        short numbers (all answers, valid, cost, emergency), ns per call"

  struct Entry: Decodable {
    let kind: String
    let number: String?
    let region: String
  }

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.count <= 1 else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    guard let entries = FixtureInputs.load(Entry.self, name: "short", path: arguments.first) else { return 1 }
    let inputs = entries.compactMap { entry in
      entry.kind == "number" ? entry.number.map { ($0, RegionCode(entry.region) ?? .unknown) } : nil
    }
    PhoneMetadata.loadAll()
    for region in ShortNumbers.supportedRegions { _ = ShortNumbers.exampleNumber(for: region) }
    FixtureInputs.bench("short", "all-answers", count: inputs.count) {
      inputs.reduce(0) { sum, input in
        guard let info = try? ShortNumberInfo(input.0, region: input.1) else { return sum &+ 1 }
        return sum &+ (info.isValid ? 2 : 3) &+ info.cost.rawValue.utf8.count
          &+ (info.connectsToEmergency ? 1 : 0)
      }
    }
    let parsed = inputs.compactMap { input in
      (try? PhoneNumber(input.0, region: input.1)).map { ($0, input.1) }
    }
    FixtureInputs.bench("short", "valid", count: parsed.count) {
      parsed.reduce(0) { $0 &+ (ShortNumbers.isValid($1.0, in: $1.1) ? 1 : 0) }
    }
    FixtureInputs.bench("short", "cost", count: parsed.count) {
      parsed.reduce(0) { $0 &+ ShortNumbers.expectedCost(of: $1.0, in: $1.1).rawValue.utf8.count }
    }
    FixtureInputs.bench("short", "connects-to-emergency", count: inputs.count) {
      inputs.reduce(0) { $0 &+ (ShortNumbers.connectsToEmergencyNumber($1.0, in: $1.1) ? 1 : 0) }
    }
    return 0
  }
}
