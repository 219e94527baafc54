/// How sure the matcher must be that text is a phone number, as
/// libphonenumber's `Leniency` levels say, from the most lenient.
///
///     PhoneNumberMatcher(text: note, region: .us, leniency: .strictGrouping)
///     PhoneNumberLeniency(rawValue: "exact_grouping")  // .exactGrouping
public enum PhoneNumberLeniency: String, Sendable, Hashable, CaseIterable {
  /// A possible number (its length fits its country).
  case possible
  /// A valid number, with its national prefix where its region writes one,
  /// and no Latin letter or currency sign touching it.
  case valid
  /// Valid, and grouped in a way its country's formats allow (`650 2530000`
  /// but not `65 02 53 00 00`); at most one slash in the national number.
  case strictGrouping = "strict_grouping"
  /// Valid, and grouped exactly as its country formats it, or as one block.
  case exactGrouping = "exact_grouping"
}

#if !hasFeature(Embedded)
  extension PhoneNumberLeniency: Codable {}
#endif
