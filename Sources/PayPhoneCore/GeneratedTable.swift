/// The one reader of the library's immutable tables in raw memory: those
/// compiled into the binary (`StaticString` literals of generated data)
/// and those built once from them at load time (prefix masks, region type
/// tables, format layouts, tries). The hot paths read them
/// without bounds checks, so those reads go through this type, and the
/// owner of each table checks, once, when it builds or loads the table,
/// what those reads rely on. The automata of compiled patterns are checked
/// with the same checks (``AutomatonTable/validate(flags:transitions:stateCount:isWide:start:)``)
/// and read by ``AutomatonTable``, which is made per match and so holds
/// bare pointers rather than a table with its owner reference.
///
/// It lives in PayPhoneCore, under every module that reads tables, and its
/// checks and reads are `@inlinable`: each reading module specialises and
/// inlines them for its element types, as it would a type of its own. The
/// compiler inlines only public declarations across modules, so it is
/// public, in the `PayPhoneInternal` SPI: a module of the package imports
/// it with `@_spi(PayPhoneInternal) internal import PayPhoneCore`, and it
/// is no part of the library's API.
///
/// Invariants (what ``subscript(unchecked:)``, ``elements(unchecked:)`` and
/// ``load(uncheckedByteOffset:as:)`` assume of their arguments, and what
/// the `check` functions establish when the table is made):
/// - the memory is immutable and lives as long as the table: a copy it
///   owns (``init(copying:)``), a literal of the binary (``init(_:)``), or
///   memory whose owner outlives every reader (``init(unowned:count:)``);
/// - its element count is the one the reads are written against
///   (``check(count:)``, ``check(countAtLeast:)``): a truncated table is
///   refused;
/// - every offset the table stores (an index, a range's bounds) names
///   elements inside it or inside the table it points into
///   (``check(everyIndexBelow:)``, ``check(range:)``): a corrupted table
///   is refused;
/// - a multi-byte value read from raw memory sits at an address aligned
///   for its type, and all of it lies in the table
///   (``check(aligned:byteOffset:count:)``): a misaligned table is refused.
///
/// A table that fails a check is never handed to the readers: its owner
/// refuses it (throws, returns nil, or drops the offending line).
///
/// ```swift
/// let masks = GeneratedTable(copying: [UInt32](repeating: 1, count: 100))
/// try masks.check(count: 100)
/// let mask = masks[unchecked: 42]  // 1: every index below 100 is in the table
/// ```
@_spi(PayPhoneInternal) public struct GeneratedTable<Element>: @unchecked Sendable {
  @usableFromInline let base: UnsafePointer<Element>?
  /// The number of elements.
  public let count: Int
  /// Keeps a copied table's memory alive; nil when the memory is a literal
  /// or its owner keeps it.
  private let owner: Owner?

  /// Why a table was refused.
  public typealias Defect = TableDefect

  private final class Owner: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    init(_ base: UnsafeMutablePointer<Element>, count: Int) {
      self.base = base
      self.count = count
    }

    deinit {
      base.deinitialize(count: count)
      base.deallocate()
    }
  }

  /// A table holding its own copy of `elements`, aligned for `Element`.
  public init(copying elements: some Collection<Element>) {
    let count = elements.count
    let base = UnsafeMutablePointer<Element>.allocate(capacity: max(count, 1))
    _ = UnsafeMutableBufferPointer(start: base, count: count).initialize(from: elements)
    self.base = UnsafePointer(base)
    self.count = count
    owner = Owner(base, count: count)
  }

  /// Memory another owner keeps immutable and alive for as long as the
  /// table is read (a `ManagedBuffer`'s elements, a literal's subrange).
  public init(unowned base: UnsafePointer<Element>?, count: Int) {
    self.base = base
    self.count = base == nil ? 0 : max(count, 0)
    owner = nil
  }

  /// Memory another owner keeps immutable and alive, as a buffer.
  public init(unowned buffer: UnsafeBufferPointer<Element>) {
    self.init(unowned: buffer.baseAddress, count: buffer.count)
  }

  /// Whether the table has no elements.
  public var isEmpty: Bool { count == 0 }

  // MARK: Checks, run once when the table is made

  /// Refuses a table of other than `expected` elements.
  @inlinable
  public func check(count expected: Int) throws(Defect) {
    guard count == expected else { throw .count(expected: expected, actual: count) }
  }

  /// Refuses a table of fewer than `minimum` elements.
  @inlinable
  public func check(countAtLeast minimum: Int) throws(Defect) {
    guard count >= minimum else { throw .count(expected: minimum, actual: count) }
  }

  /// Refuses a range (of elements) that is not inside the table.
  @inlinable
  public func check(range: Range<Int>) throws(Defect) {
    guard range.lowerBound >= 0 else { throw .outOfBounds(position: range.lowerBound) }
    guard range.upperBound <= count else { throw .outOfBounds(position: range.upperBound) }
  }

  /// Refuses `count` values of `type` at `byteOffset` of the table's
  /// memory that are not all inside it or not aligned for `type`.
  @inlinable
  public func check<Value: BitwiseCopyable>(aligned type: Value.Type, byteOffset: Int, count: Int)
    throws(Defect)
  {
    let byteCount = self.count * MemoryLayout<Element>.stride
    guard byteOffset >= 0, count >= 0, byteOffset + count * MemoryLayout<Value>.stride <= byteCount else {
      throw .outOfBounds(position: byteOffset)
    }
    guard count == 0 || (Int(bitPattern: base) &+ byteOffset) & (MemoryLayout<Value>.alignment - 1) == 0
    else {
      throw .misaligned(byteOffset: byteOffset)
    }
  }

  // MARK: Unchecked reads, within what the checks established

  /// Element `index`, which a check showed is inside the table.
  @inlinable @inline(__always)
  public subscript(unchecked index: Int) -> Element {
    base.unsafelyUnwrapped[index]
  }

  /// Elements `range`, which a check showed is inside the table.
  @inlinable @inline(__always)
  public func elements(unchecked range: Range<Int>) -> UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
  }

  /// All the elements.
  @inlinable @inline(__always)
  public var allElements: UnsafeBufferPointer<Element> {
    UnsafeBufferPointer(start: base, count: count)
  }

  /// The value of `type` at `byteOffset` of the table's memory, which a
  /// ``check(aligned:byteOffset:count:)`` covered.
  @inlinable @inline(__always)
  public func load<Value: BitwiseCopyable>(uncheckedByteOffset byteOffset: Int, as type: Value.Type) -> Value
  {
    UnsafeRawPointer(base.unsafelyUnwrapped).load(fromByteOffset: byteOffset, as: type)
  }
}

extension GeneratedTable where Element == UInt8 {
  /// The bytes of a literal compiled into the binary (immortal).
  public init(_ text: StaticString) {
    self.init(
      unowned: text.hasPointerRepresentation ? text.utf8Start : nil,
      count: text.hasPointerRepresentation ? text.utf8CodeUnitCount : 0)
  }
}

extension GeneratedTable where Element: BinaryInteger {
  /// Refuses a table holding an element outside `0..<bound` (with
  /// `allowing`, that one value too, e.g. -1 for "none").
  @inlinable
  public func check(everyIndexBelow bound: Int, allowing sentinel: Element? = nil) throws(Defect) {
    for position in 0..<count {
      let element = self[unchecked: position]
      if element == sentinel { continue }
      guard element >= 0 && element < bound else { throw .outOfBounds(position: position) }
    }
  }
}

/// Why a ``GeneratedTable`` was refused: the check and the offending
/// position.
///
/// ```swift
/// let table = GeneratedTable(copying: [UInt8](repeating: 0, count: 3))
/// #expect(throws: TableDefect.count(expected: 4, actual: 3)) { try table.check(count: 4) }
/// ```
@_spi(PayPhoneInternal) public enum TableDefect: Error, Equatable, Sendable {
  /// Fewer (or other than the required number of) elements.
  case count(expected: Int, actual: Int)
  /// A stored index or range bound outside the table.
  case outOfBounds(position: Int)
  /// A multi-byte value at an address not aligned for its type.
  case misaligned(byteOffset: Int)
}
