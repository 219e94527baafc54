/// Comparing numbers as libphonenumber's `isNumberMatch` does: for
/// deduplicating contacts and caller ID.
extension PhoneNumber {
  /// How far this number and `other` are the same.
  ///
  /// Different extensions never match; a number without an extension
  /// matches the same number with one as `.shortNationalSignificantNumber`.
  ///
  ///     let office = try PhoneNumber("+1 345 657 1234")
  ///     office.match(try PhoneNumber("+1 345 657 1234"))           // .exact
  ///     office.match(try PhoneNumber("+1 345 657 1234 ext. 12"))   // .shortNationalSignificantNumber
  ///     office.match(try PhoneNumber("+44 20 7946 0958"))          // .noMatch
  ///
  /// - Complexity: O(n) in the digits of the two numbers.
  public func match(_ other: PhoneNumber) -> PhoneNumberMatchType {
    MatchKey(self).match(MatchKey(other))
  }

  /// How far this number and the number written in `text` are the same.
  ///
  /// `text` is read without a default region; written without a country
  /// code, it is read in this number's region, and then at best a
  /// `.nationalSignificantNumber` match (the country code was not written).
  /// A NANPA number matches its 7-digit local form as
  /// `.shortNationalSignificantNumber`.
  ///
  ///     let office = try PhoneNumber("+1 345 657 1234")
  ///     office.match("345 657 1234")  // .nationalSignificantNumber
  ///     office.match("657 1234")      // .shortNationalSignificantNumber
  ///     office.match("345 657")       // .noMatch
  ///     office.match("hello")         // .notANumber
  public func match(_ text: String) -> PhoneNumberMatchType {
    MatchKey(self).match(text: text)
  }

  /// How far the numbers written in two texts are the same, neither read
  /// with a default region: a text without a country code is read in the
  /// other's region, or compared by its digits when neither has one.
  ///
  ///     PhoneNumber.match("+44 20 7946 0958", "020 7946 0958")  // .nationalSignificantNumber
  ///     PhoneNumber.match("+39 02 1234 5678", "+39 2 1234 5678")  // .shortNationalSignificantNumber (not exact: Italy keeps its 0)
  ///     PhoneNumber.match("020 7946 0958", "(020) 7946-0958")   // .nationalSignificantNumber
  ///     PhoneNumber.match("020 7946 0958", "abc")               // .notANumber
  public static func match(_ first: String, _ second: String) -> PhoneNumberMatchType {
    do throws(PhoneNumberError) {
      return MatchKey(try PhoneNumber(first, region: nil)).match(text: second)
    } catch  where error.code == .invalidCountryCode {
      // The first has no country code: try the other way round.
    } catch {
      return .notANumber
    }
    do throws(PhoneNumberError) {
      return MatchKey(try PhoneNumber(second, region: nil)).match(text: first)
    } catch  where error.code == .invalidCountryCode {
      // Neither has a country code: compare what is written.
    } catch {
      return .notANumber
    }
    guard let first = MatchKey(writtenWithoutRegion: first),
      let second = MatchKey(writtenWithoutRegion: second)
    else { return .notANumber }
    return first.match(second)
  }
}

/// The fields that identify a number for matching (libphonenumber's
/// `copyCoreFieldsOnly`): the country code, 0 when the number was read
/// without one; the national number with its leading zeros; the extension.
struct MatchKey: Hashable {
  var countryCode: Int
  let nationalNumber: String
  let numberExtension: String?

  init(_ number: PhoneNumber) {
    self.init(
      countryCode: number.countryCode, nationalNumber: number.nationalNumber,
      numberExtension: number.numberExtension)
  }

  init(countryCode: Int, nationalNumber: String, numberExtension: String?) {
    self.countryCode = countryCode
    self.nationalNumber = nationalNumber
    self.numberExtension = numberExtension.flatMap { $0.isEmpty ? nil : $0 }
  }

  /// libphonenumber's `isNumberMatch` on two numbers.
  func match(_ other: MatchKey) -> PhoneNumberMatchType {
    if let numberExtension, let otherExtension = other.numberExtension, numberExtension != otherExtension {
      return .noMatch
    }
    if countryCode != 0 && other.countryCode != 0 {
      if self == other { return .exact }
      if countryCode == other.countryCode && isSuffixMatch(other) { return .shortNationalSignificantNumber }
      return .noMatch
    }
    // One or both were read without a country code: take the other's.
    var adopted = self
    adopted.countryCode = other.countryCode
    if adopted == other { return .nationalSignificantNumber }
    if isSuffixMatch(other) { return .shortNationalSignificantNumber }
    return .noMatch
  }

  /// Whether one national number ends with the other, compared as numbers
  /// (leading zeros dropped, as libphonenumber stores them).
  private func isSuffixMatch(_ other: MatchKey) -> Bool {
    let mine = Self.significantDigits(nationalNumber.utf8)
    let theirs = Self.significantDigits(other.nationalNumber.utf8)
    let (longer, shorter) = mine.count >= theirs.count ? (mine, theirs) : (theirs, mine)
    return longer.suffix(shorter.count).elementsEqual(shorter)
  }

  /// The digits without leading zeros; `0` when all are zeros or there
  /// are none (the number 0).
  private static func significantDigits(_ digits: String.UTF8View) -> Substring.UTF8View {
    guard let last = digits.indices.last else { return Substring("0").utf8 }
    return digits[(digits.firstIndex { $0 != UInt8(ascii: "0") } ?? last)...]
  }

  /// libphonenumber's `isNumberMatch` on a number and a text.
  func match(text: String) -> PhoneNumberMatchType {
    do throws(PhoneNumberError) {
      return match(MatchKey(try PhoneNumber(text, region: nil)))
    } catch  where error.code == .invalidCountryCode {
      // No country code written: read it in this number's region.
    } catch {
      return .notANumber
    }
    guard let region = PhoneMetadataStore.shared.mainRegion(countryCode: countryCode) else {
      guard let other = MatchKey(writtenWithoutRegion: text) else { return .notANumber }
      return match(other)
    }
    guard let other = try? PhoneNumber(text, region: region) else { return .notANumber }
    let result = match(MatchKey(other))
    return result == .exact ? .nationalSignificantNumber : result
  }
}
