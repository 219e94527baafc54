import Synchronization

/// One file's maps for one way of reading it (a language chain, or the
/// time zones), decoded lazily per calling code and kept for the life of
/// the process.
///
/// Each calling code's slot is set at most once (`AtomicLazyReference`):
/// lookups from many threads take no lock, and two threads decoding the
/// same line at once keep the first map stored.
final class LazyPrefixMaps<Answer: Sendable>: Sendable {
  private final class Slot: Sendable {
    let map = AtomicLazyReference<PrefixMap<Answer>>()
  }

  private let file: PrefixTableFile
  private let slots: [Slot]
  private let decode: @Sendable ([UnsafeBufferPointer<UInt8>]) -> PrefixMap<Answer>

  init(
    file: PrefixTableFile, decode: @escaping @Sendable ([UnsafeBufferPointer<UInt8>]) -> PrefixMap<Answer>
  ) {
    self.file = file
    slots = (0..<file.lineCount).map { _ in Slot() }
    self.decode = decode
  }

  /// The map of a calling code, decoded on first use; nil when the file has
  /// no line for it.
  @inline(__always)
  func map(callingCode: Int) -> PrefixMap<Answer>? {
    guard let index = file.lineIndex(callingCode: callingCode) else { return nil }
    let slot = slots[index]
    if let map = slot.map.load() { return map }
    return slot.map.storeIfNil(file.withLineFields(index, decode))
  }
}

/// A geocoding or carrier file's maps, one `LazyPrefixMaps` per language
/// chain in use (a handful: a chain is the file's languages a locale may
/// fall back through).
final class LanguageMaps: Sendable {
  let file: PrefixTableFile
  private let chains = Mutex<[[Int]: LazyPrefixMaps<String>]>([:])

  init(file: PrefixTableFile) {
    self.file = file
  }

  /// The maps for a chain of language names, most wanted first; names the
  /// file lacks are dropped.
  func maps(languages: [String]) -> LazyPrefixMaps<String> {
    var chain: [Int] = []
    for language in languages {
      if let index = file.names.firstIndex(of: language), !chain.contains(index) { chain.append(index) }
    }
    let file = self.file
    let key = chain
    return chains.withLock { chains in
      if let maps = chains[key] { return maps }
      let maps = LazyPrefixMaps<String>(file: file) { fields in PrefixMap.decodeNames(fields, chain: key) }
      chains[key] = maps
      return maps
    }
  }
}
