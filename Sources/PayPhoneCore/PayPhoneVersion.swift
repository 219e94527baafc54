/// The version of this release of PayPhone.
///
/// The one place the version is written: the `payphone` tool's `--version`,
/// the C ABI's `payphone_version()` and the Python wheel all read it. A
/// `StaticString`, so the C ABI can hand out its bytes as a C string with
/// static storage, while Swift code reads it as text:
///
///     let version = "\(PayPhoneVersion.current)"  // "MAJOR.MINOR.PATCH"
public enum PayPhoneVersion {
  /// The release's semantic version, `MAJOR.MINOR.PATCH`.
  public static let current: StaticString = "0.1.0"
}
