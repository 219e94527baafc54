extension UnsafeBufferPointer<UInt8> {
  /// Whether `other` holds the same bytes: a plain loop, where
  /// `elementsEqual` goes through the generic sequence path. Public only
  /// in the `PayPhoneInternal` SPI, so that other modules inline it.
  @_spi(PayPhoneInternal) @inlinable
  public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard count == other.count else { return false }
    for index in indices where self[index] != other[index] { return false }
    return true
  }
}
