@_spi(PayPhoneInternal) internal import PayPhoneCore
internal import PayPhoneText

/// Values made on first use, one per line of a prefix file, kept for the
/// life of the process (``LazyReferences``: lookups take no lock once a
/// line's value is made).
final class LazyLines<Value: AnyObject & Sendable>: Sendable {

  let file: PrefixTableFile
  private let slots: LazyReferences<Value>
  private let make: @Sendable (Int) -> Value

  /// `make` builds the value of a line index.
  init(file: PrefixTableFile, make: @escaping @Sendable (Int) -> Value) {
    self.file = file
    slots = LazyReferences(count: file.lineCount)
    self.make = make
  }

  /// The value of a country code's line; nil when the file has none.
  @inline(__always)
  func value(countryCode: Int) -> Value? {
    guard let index = file.lineIndex(countryCode: countryCode) else { return nil }
    return value(line: index)
  }

  @inline(__always)
  func value(line index: Int) -> Value {
    slots.loadOrMake(index) { make(index) }
  }
}

/// A geocoding or carrier file: its lines decoded once, and one view of
/// them per language chain in use (a chain is the file's languages a
/// locale falls back through, so a handful of chains serve every locale).
final class LanguageMaps: Sendable {
  let lines: LazyLines<NamedPrefixLine>
  private let chains = Locked<[[Int]: LazyLines<NamedPrefixView>]>([:])

  init(file: PrefixTableFile) {
    lines = LazyLines(file: file) { index in file.withLineFields(index) { NamedPrefixLine($0) } }
  }

  /// The views for a chain of language names, most wanted first; names the
  /// file lacks are dropped.
  func views(languages: [String]) -> LazyLines<NamedPrefixView> {
    var chain: [Int] = []
    for language in languages {
      if let index = lines.file.names.firstIndex(of: language), !chain.contains(index) { chain.append(index) }
    }
    let key = chain
    let lines = self.lines
    return chains.withLock { chains in
      if let views = chains[key] { return views }
      let views = LazyLines<NamedPrefixView>(file: lines.file) { index in
        NamedPrefixView(line: lines.value(line: index), chain: key)
      }
      chains[key] = views
      return views
    }
  }
}
