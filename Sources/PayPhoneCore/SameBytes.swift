extension UnsafeBufferPointer<UInt8> {
  /// Whether `other` holds the same bytes: a plain loop, where
  /// `elementsEqual` goes through the generic sequence path.
  @inlinable
  package func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    for index in indices where self[index] != other[index] { return false }
    return true
  }
}
