package import PayPhone

/// `as-you-type`'s record: the text an as-you-type formatter shows after
/// each key.
package struct AsYouTypeRecord: Record {
  package static var schema: RecordSchema { .asYouType }

  /// The most keys one request may have. Every key's step repeats the text
  /// so far, so the answer grows with the square of the keys: a megabyte of
  /// keys would take hours and gigabytes. No phone number comes near this
  /// (libphonenumber reads at most 250 characters of one).
  package static let maximumKeys = 250

  package let answer: Result<[String], FailureRecord>

  /// The steps of typing `keys` (each Unicode scalar a key) in `region`.
  package init(keys: String, region: RegionCode) {
    guard keys.unicodeScalars.count <= Self.maximumKeys else {
      answer = .failure(.badInputLine("field \"keys\" has more than \(Self.maximumKeys) characters"))
      return
    }
    var formatter = AsYouTypeFormatter(region: region)
    answer = .success(keys.unicodeScalars.map { formatter.input($0) })
  }

  package func write<Writer: RecordWriting>(to writer: inout Writer) {
    switch answer {
    case .success(let steps):
      writer.beginRecord()
      writer.field(.ok, true)
      writer.field(.steps, steps)
      writer.endRecord()
    case .failure(let failure):
      failure.write(to: &writer)
    }
  }
}
