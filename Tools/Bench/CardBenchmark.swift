import PayPhone

/// `payphone-bench card`: reading, detection, validation and grouping of
/// card numbers, in nanoseconds per number, over the brands' published
/// test numbers typed with spaces, hyphens and none, plus typing prefixes.
///
/// Prints `bench=card op=... numbers=N ns_per_number=X`.
enum CardBenchmark: Benchmark {
  static let name = "card"
  static let usage = "card                   card detection + validation + grouping, ns per number"

  static let numbers = [
    "4242 4242 4242 4242", "4000-0566-5566-5556", "5555555555554444", "2223 0031 2200 3222",
    "5200 8282 8282 8210",
    "3782 822463 10005", "3714 496353 98431", "6011 1111 1111 1117", "6011000990139424", "3056 9309 0259 04",
    "3566 0020 2036 0505", "6200 0000 0000 0005", "6205 5000 0000 0000 004", "6759 6498 2643 8453",
    "5066 9911 1111 1118", "6362 9700 0045 7013", "6062 8288 8866 6688", "4111 1111 1111 1111",
    "4012 8888 8888 1881", "378734493671000",
  ]

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.isEmpty else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    let table = CardBrandTable.standard
    var sink = 0
    let whole = measure(atLeast: .milliseconds(500)) {
      for text in numbers {
        guard let number = try? CardNumber(text) else { continue }
        let inspection = table.inspect(number)
        sink &+= inspection.isValid ? 1 : 0
        sink &+= number.formatted(inspection.grouping).utf8.count
      }
    }
    report("read+detect+validate+group", whole, count: numbers.count)
    let prefixes = numbers.flatMap { text in (1...text.count).map { String(text.prefix($0)) } }
    let typing = measure(atLeast: .milliseconds(500)) {
      for text in prefixes {
        guard let number = try? CardNumber(text) else { continue }
        sink &+= table.inspect(number).candidates.count
      }
    }
    report("keystroke-prefix", typing, count: prefixes.count)
    if sink == 42 { print("") }
    return 0
  }

  static func report(_ operation: String, _ result: (passes: Int, nanoseconds: Double), count: Int) {
    let perNumber = result.nanoseconds / Double(result.passes) / Double(count)
    print("bench=card op=\(operation) numbers=\(count) ns_per_number=\(figure(perNumber))")
  }
}
