#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One `payphone-bench` sub-command.
protocol Benchmark {
  /// The sub-command name (`text`, `phone`, ...).
  static var name: String { get }
  /// One usage line for `payphone-bench --help`.
  static var usage: String { get }
  /// Runs with the arguments after the name, prints one `key=value` line
  /// per measurement, and returns the exit status (2 for bad arguments).
  static func run(_ arguments: [String]) -> Int32
}

/// Writes a message to standard error.
func printError(_ message: String) {
  var message = message
  message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

/// Runs `pass` repeatedly, untimed once to warm up, then timed until at
/// least `minimum` has elapsed.
///
/// - Returns: the number of timed passes and their total time in
///   nanoseconds.
func measure(atLeast minimum: Duration, _ pass: () -> Void) -> (passes: Int, nanoseconds: Double) {
  pass()
  let clock = ContinuousClock()
  var passes = 0
  let start = clock.now
  var elapsed = Duration.zero
  repeat {
    pass()
    passes += 1
    elapsed = clock.now - start
  } while elapsed < minimum
  let (seconds, attoseconds) = elapsed.components
  return (passes, Double(seconds) * 1e9 + Double(attoseconds) / 1e9)
}

/// Formats a figure with up to two decimals, as the result lines print it.
func figure(_ value: Double) -> String {
  let hundredths = (value * 100).rounded()
  let whole = Int(hundredths / 100)
  let fraction = Int(hundredths) - whole * 100
  return fraction == 0 ? "\(whole)" : "\(whole)." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
}
