/// Fuzz target `phone`: the whole input is a phone number read without a
/// default region, as `payphone phone` reads an argument.
@_cdecl("LLVMFuzzerTestOneInput")
public func phoneFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  PhoneFuzzChecks.exercise(input.restText(), region: nil)
  return 0
}
