import PayPhone

/// `payphone-bench mask`: applying compiled masks to text plus caret, in
/// nanoseconds per apply: a phone mask and a card mask in the bracket
/// notation, typed digits and pasted formatted text, and the shorthand
/// notation.
///
/// Prints `bench=mask case=... ns_per_apply=X`.
enum MaskBenchmark: Benchmark {
  static let name = "mask"
  static let usage = "mask                   mask apply (phone, card, shorthand), ns per apply"

  static func run(_ arguments: [String]) -> Int32 {
    guard arguments.isEmpty else {
      printError("usage: payphone-bench \(usage)\n")
      return 2
    }
    guard let phone = try? BracketMask("+1 ([000]) [000]-[0000]"),
      let card = try? BracketMask("[0000] [0000] [0000] [0000] [999]")
    else {
      printError("payphone-bench mask: the benchmark masks do not compile\n")
      return 1
    }
    let shorthand = ShorthandMask("+1 (###) ###-####")
    var sink = 0
    func bench(_ name: String, _ body: () -> Int) {
      let result = measure(atLeast: .milliseconds(300)) { sink &+= body() }
      print("bench=mask case=\(name) ns_per_apply=\(figure(result.nanoseconds / Double(result.passes)))")
    }
    bench("phone-digits") { phone.apply(CaretText("5551234567")).text.utf8.count }
    bench("phone-pasted-formatted") { phone.apply(CaretText("+1 (555) 123-4567")).text.utf8.count }
    bench("phone-caret-middle") { phone.apply(CaretText("5551234567", caret: 3)).caret }
    bench("card-digits") { card.apply(CaretText("4242424242424242")).text.utf8.count }
    bench("card-spaced") { card.apply(CaretText("4242 4242 4242 4242")).text.utf8.count }
    bench("shorthand-phone") { shorthand.apply("5551234567").text.utf8.count }
    if sink == 42 { print("") }
    return 0
  }
}
