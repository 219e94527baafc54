#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command's arguments after option parsing.
package struct ParsedArguments {
  package var values: [String: String] = [:]
  /// Every value of each valued option, in the order given (`--column`
  /// may be repeated); `values` keeps the last.
  package var allValues: [String: [String]] = [:]
  package var flags: Set<String> = []
  package var inputs: [String] = []

  package func value(_ option: String) -> String? { values[option] }
  package func values(_ option: String) -> [String] { allValues[option] ?? [] }

  /// The most `--jobs` may ask for.
  package static let maximumJobs = 256

  /// `--jobs N` (checked by `checkJobs`), else one per online core.
  package var jobs: Int {
    if let text = values["--jobs"], let jobs = Int(text) { return jobs }
    return max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), Self.maximumJobs))
  }

  /// Refuses a `--jobs` that is not a whole number from 1 to `maximumJobs`.
  package func checkJobs() throws(UsageError) {
    guard let text = values["--jobs"] else { return }
    guard let jobs = Int(text), (1...Self.maximumJobs).contains(jobs) else {
      throw UsageError("--jobs needs a whole number from 1 to \(Self.maximumJobs), not '\(text)'")
    }
  }
  package func has(_ flag: String) -> Bool { flags.contains(flag) }

  /// Parses the arguments that follow the command name.
  ///
  /// `--name value` and `--name=value` for valued options, bare `--flag`
  /// for flags, `--` to end options (so an input may start with `-`).
  package init(
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
        values[name] = value
        allValues[name, default: []].append(value)
      } else {
        throw UsageError("unknown option \(name)")
      }
    }
  }
}

/// A mistake in how the tool was called: exit status 2, message on stderr.
package struct UsageError: Error {
  package let message: String
  package init(_ message: String) { self.message = message }
}
