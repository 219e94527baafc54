internal import PayPhoneStreaming

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command's arguments after option parsing.
struct ParsedArguments {
  /// Every value of each valued option, in the order given (`--column`
  /// may be repeated); `value(_:)` reads the last.
  var values: [String: [String]] = [:]
  var flags: Set<String> = []
  var inputs: [String] = []

  func value(_ option: String) -> String? { values[option]?.last }
  func values(_ option: String) -> [String] { values[option] ?? [] }

  /// The most `--jobs` may ask for.
  static let maximumJobs = 256

  /// `--jobs N` (checked by `checkJobs`), else one per online core.
  var jobs: Int {
    if let text = value("--jobs"), let jobs = Int(text) { return jobs }
    return max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), Self.maximumJobs))
  }

  /// Refuses a `--jobs` that is not a whole number from 1 to `maximumJobs`.
  func checkJobs() throws(UsageError) {
    guard let text = value("--jobs") else { return }
    guard let jobs = Int(text), (1...Self.maximumJobs).contains(jobs) else {
      throw UsageError("--jobs needs a whole number from 1 to \(Self.maximumJobs), not '\(text)'")
    }
  }
  func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Parses the arguments that follow the command name.
  ///
  /// `--name value` and `--name=value` for valued options, bare `--flag`
  /// for flags, `--` to end options (so an input may start with `-`).
  init(
    _ arguments: ArraySlice<String>, valueOptions: Set<String>, flagOptions: Set<String>
  ) throws(UsageError) {
    var index = arguments.startIndex
    var optionsEnded = false
    while index < arguments.endIndex {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
        inputs.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      if argument == "-h" {
        flags.insert("--help")
        continue
      }
      guard argument.hasPrefix("--") else {
        inputs.append(argument)
        continue
      }
      let name: String
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      } else {
        name = argument
      }
      if flagOptions.contains(name) {
        guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
        flags.insert(name)
      } else if valueOptions.contains(name) {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.endIndex else { throw UsageError("\(name) needs a value") }
          value = arguments[index]
          index += 1
        }
        values[name, default: []].append(value)
      } else {
        let options = (flagOptions.union(valueOptions)).sorted()
        let hint = Suggestion.closest(to: name, among: options).map { ": did you mean \($0)?" } ?? ""
        throw UsageError("unknown option \(name)\(hint)")
      }
    }
  }
}

/// The word a user most likely meant when they mistyped one.
enum Suggestion {
  /// The candidate nearest to `word` by edit distance (a letter added,
  /// dropped, changed, or two neighbours swapped), if it is near enough to
  /// be a slip: one edit for words up to four characters, two beyond.
  /// Among equally near candidates, the first.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let typed = Array(word)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(typed, Array(candidate))
      let allowed = candidate.count > 4 ? 2 : 1
      if distance <= allowed && distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal string alignment distance: insertions, deletions,
  /// substitutions and transpositions of adjacent characters.
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          current[j] = min(current[j], previous2[j - 2] + 1)
        }
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }
}
