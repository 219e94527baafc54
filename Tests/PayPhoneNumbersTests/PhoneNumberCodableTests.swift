import Foundation
import PayPhoneNumbers
import Testing

/// A `PhoneNumber` is stored as its E.164 string (plus `;ext=`).
@Suite struct PhoneNumberCodableTests {
  @Test(arguments: ["+442079460958", "+390612345678", "+80012345678", "+16502530000;ext=42"])
  func encodesAsCanonicalStringAndBack(_ canonical: String) throws {
    let number = try PhoneNumber(canonical)
    let data = try JSONEncoder().encode([number])
    #expect(String(decoding: data, as: UTF8.self) == "[\"\(canonical)\"]")
    #expect(try JSONDecoder().decode([PhoneNumber].self, from: data) == [number])
  }

  @Test(arguments: [
    "", "442079460958", "+", "+0123", "+999123", "+44 20 7946 0958", "+4420;ext=", "+4420;ext=1a",
  ])
  func rejectsAnythingElse(_ text: String) {
    let data = Data("[\"\(text)\"]".utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode([PhoneNumber].self, from: data) }
  }
}
