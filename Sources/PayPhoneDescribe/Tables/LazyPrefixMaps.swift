internal import PayPhoneCore
internal import PayPhoneText
import Synchronization

/// Values made on first use, one per line of a prefix file, kept for the
/// life of the process.
///
/// Each slot is set at most once (compare-exchange of the value's address):
/// lookups from many threads take no lock, and when two threads make the
/// same value at once the first one stored is kept. Stored values live as
/// long as the process (the slot holds a retain it never gives back).
final class LazyLines<Value: AnyObject & Sendable>: Sendable {

  let file: PrefixTableFile
  private let slots: [LazySlot]
  private let make: @Sendable (Int) -> Value

  /// `make` builds the value of a line index.
  init(file: PrefixTableFile, make: @escaping @Sendable (Int) -> Value) {
    self.file = file
    slots = (0..<file.lineCount).map { _ in LazySlot() }
    self.make = make
  }

  /// The value of a country code's line; nil when the file has none.
  @inline(__always)
  func value(countryCode: Int) -> Value? {
    guard let index = file.lineIndex(countryCode: countryCode) else { return nil }
    return value(line: index)
  }

  /// Runs `body` with the value of a country code's line, lent rather than
  /// retained (stored values live as long as the process); nil when the
  /// file has no line for it.
  @inline(__always)
  func withValue<Result>(countryCode: Int, _ body: (Value) -> Result) -> Result? {
    guard let index = file.lineIndex(countryCode: countryCode) else { return nil }
    if let pointer = slots[index].load() {
      return Unmanaged<Value>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
    }
    return body(value(line: index))
  }

  @inline(__always)
  func value(line index: Int) -> Value {
    let slot = slots[index]
    if let pointer = slot.load() { return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue() }
    let made = Unmanaged.passRetained(make(index))
    let stored = slot.storeIfEmpty(made.toOpaque())
    if stored != made.toOpaque() { made.release() }
    return Unmanaged<Value>.fromOpaque(stored).takeUnretainedValue()
  }
}

/// A word set at most once: the address of a value kept for the life of
/// the process.
final class LazySlot: Sendable {
  private let address = Atomic<Int>(0)

  @inline(__always)
  func load() -> UnsafeMutableRawPointer? {
    UnsafeMutableRawPointer(bitPattern: address.load(ordering: .acquiring))
  }

  /// Stores `pointer` unless another thread stored first; returns the one stored.
  func storeIfEmpty(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer {
    let (exchanged, current) = address.compareExchange(
      expected: 0, desired: Int(bitPattern: pointer), ordering: .acquiringAndReleasing)
    guard !exchanged, let current = UnsafeMutableRawPointer(bitPattern: current) else { return pointer }
    return current
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
