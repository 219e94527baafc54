internal import PayPhone

/// Fuzz target `phone-region`: the first byte picks the default region (a
/// region with metadata, `001`, or a code without metadata); the rest is the
/// number.
@_cdecl("LLVMFuzzerTestOneInput")
public func phoneRegionFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let regions = PhoneFuzzChecks.regions
  let region = regions[input.integer(in: 0...255) % regions.count]
  PhoneFuzzChecks.exercise(input.restText(), region: region)
  return 0
}
