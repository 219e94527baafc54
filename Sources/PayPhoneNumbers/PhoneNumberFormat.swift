/// The ways to write a phone number: libphonenumber's four formats.
public enum PhoneNumberFormat: String, Sendable, Hashable, CaseIterable {
  /// `+442079460958`: no spaces, no extension.
  case e164
  /// `+44 20 7946 0958`, extension as the region writes it (` x123`).
  case international
  /// `020 7946 0958`, as dialled within the country.
  case national
  /// `tel:+44-20-7946-0958;ext=123`.
  case rfc3966
}

#if !hasFeature(Embedded)
  extension PhoneNumberFormat: Codable {}
#endif
