import Testing

@testable import PayPhoneNumbers

/// Parsing, validation, classification and formatting, rule by rule. The
/// expected answers are libphonenumber's (9.0.43, through its Python port),
/// one row per rule: punctuation, + and international prefixes (preferred
/// ones too), national prefixes and carrier codes, Argentina's mobile 9/15,
/// extensions in every spelling, tel: URIs, vanity letters, other scripts'
/// digits, surrounding text, shared country codes, non-geographic numbers,
/// every type, each possibility reason and the five parse errors.
@Suite struct PhoneNumberTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let input: String
    let region: RegionCode?
    let error: PhoneNumberError.Code?
    let e164: String?
    let numberExtension: String?
    let numberRegion: String?
    let valid: Bool
    let possibility: PhoneNumberPossibility?
    let type: PhoneNumberType?
    let international: String?
    let national: String?
    let rfc3966: String?

    init(_ input: String, _ region: String?, error: PhoneNumberError.Code) {
      self.input = input
      self.region = region.map { RegionCode($0) ?? .unknown }
      self.error = error
      (e164, numberExtension, numberRegion, valid, possibility, type) = (nil, nil, nil, false, nil, nil)
      (international, national, rfc3966) = (nil, nil, nil)
    }

    init(
      _ input: String, _ region: String?, e164: String, extension numberExtension: String?,
      region numberRegion: String?,
      valid: Bool, possibility: PhoneNumberPossibility, type: PhoneNumberType, international: String,
      national: String, rfc3966: String
    ) {
      self.input = input
      self.region = region.map { RegionCode($0) ?? .unknown }
      self.error = nil
      self.e164 = e164
      self.numberExtension = numberExtension
      self.numberRegion = numberRegion
      self.valid = valid
      self.possibility = possibility
      self.type = type
      self.international = international
      self.national = national
      self.rfc3966 = rfc3966
    }

    var testDescription: String { "\(input.debugDescription) in \(region?.rawValue ?? "no region")" }
  }

  static let cases: [Case] = [
    .init(
      "+44 20 7946 0958", nil, e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "020 7946 0958", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "(020) 7946-0958", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "020.7946.0958", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "00 44 20 7946 0958", "DE", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "011 44 20 7946 0958", "US", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "0011 44 20 7946 0958", "AU", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "810 44 20 7946 0958", "RU", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "8 (495) 123-45-67", "RU", e164: "+74951234567", extension: nil, region: "RU", valid: true,
      possibility: .possible, type: .fixedLine, international: "+7 495 123-45-67",
      national: "8 (495) 123-45-67", rfc3966: "tel:+7-495-123-45-67"),
    .init(
      "44 20 7946 0958", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "4402079460958", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "0 15 11 2345 6789", "BR", e164: "+551123456789", extension: nil, region: "BR", valid: true,
      possibility: .possible, type: .fixedLine, international: "+55 11 2345-6789", national: "(11) 2345-6789",
      rfc3966: "tel:+55-11-2345-6789"),
    .init(
      "0 21 11 2345 6789", "BR", e164: "+551123456789", extension: nil, region: "BR", valid: true,
      possibility: .possible, type: .fixedLine, international: "+55 11 2345-6789", national: "(11) 2345-6789",
      rfc3966: "tel:+55-11-2345-6789"),
    .init(
      "(011) 15 2345-6789", "AR", e164: "+5491123456789", extension: nil, region: "AR", valid: true,
      possibility: .possible, type: .mobile, international: "+54 9 11 2345-6789",
      national: "011 15-2345-6789", rfc3966: "tel:+54-9-11-2345-6789"),
    .init(
      "011 15 2345-6789", "AR", e164: "+5491123456789", extension: nil, region: "AR", valid: true,
      possibility: .possible, type: .mobile, international: "+54 9 11 2345-6789",
      national: "011 15-2345-6789", rfc3966: "tel:+54-9-11-2345-6789"),
    .init(
      "+54 9 11 2345-6789", nil, e164: "+5491123456789", extension: nil, region: "AR", valid: true,
      possibility: .possible, type: .mobile, international: "+54 9 11 2345-6789",
      national: "011 15-2345-6789", rfc3966: "tel:+54-9-11-2345-6789"),
    .init(
      "03 1 234 5678", "CO", e164: "+5712345678", extension: nil, region: "CO", valid: false,
      possibility: .possible, type: .unknown, international: "+57 12345678", national: "12345678",
      rfc3966: "tel:+57-12345678"),
    .init(
      "044 55 1234 5678", "MX", e164: "+520445512345678", extension: nil, region: "MX", valid: false,
      possibility: .tooLong, type: .unknown, international: "+52 0445512345678", national: "0445512345678",
      rfc3966: "tel:+52-0445512345678"),
    .init(
      "+39 06 1234 5678", nil, e164: "+390612345678", extension: nil, region: "IT", valid: true,
      possibility: .possible, type: .fixedLine, international: "+39 06 1234 5678", national: "06 1234 5678",
      rfc3966: "tel:+39-06-1234-5678"),
    .init(
      "+39 312 345 6789", nil, e164: "+393123456789", extension: nil, region: "IT", valid: true,
      possibility: .possible, type: .mobile, international: "+39 312 345 6789", national: "312 345 6789",
      rfc3966: "tel:+39-312-345-6789"),
    .init(
      "020 7946 0958 ext. 123", "GB", e164: "+442079460958", extension: "123", region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958 x123",
      national: "020 7946 0958 x123", rfc3966: "tel:+44-20-7946-0958;ext=123"),
    .init(
      "020 7946 0958 x123", "GB", e164: "+442079460958", extension: "123", region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958 x123",
      national: "020 7946 0958 x123", rfc3966: "tel:+44-20-7946-0958;ext=123"),
    .init(
      "020 7946 0958 #123", "GB", e164: "+442079460958", extension: "123", region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958 x123",
      national: "020 7946 0958 x123", rfc3966: "tel:+44-20-7946-0958;ext=123"),
    .init(
      "+1 650 253 0000;ext=123", nil, e164: "+16502530000", extension: "123", region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000 ext. 123",
      national: "(650) 253-0000 ext. 123", rfc3966: "tel:+1-650-253-0000;ext=123"),
    .init(
      "+1 650 253 0000 extension 4", nil, e164: "+16502530000", extension: "4", region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000 ext. 4",
      national: "(650) 253-0000 ext. 4", rfc3966: "tel:+1-650-253-0000;ext=4"),
    .init(
      "+1 650 253 0000,,55", nil, e164: "+16502530000", extension: "55", region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000 ext. 55",
      national: "(650) 253-0000 ext. 55", rfc3966: "tel:+1-650-253-0000;ext=55"),
    .init(
      "+1 650 253 0000 - 12#", nil, e164: "+16502530000", extension: "12", region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000 ext. 12",
      national: "(650) 253-0000 ext. 12", rfc3966: "tel:+1-650-253-0000;ext=12"),
    .init(
      "+7 495 123-45-67 доб 89", nil, e164: "+74951234567", extension: "89", region: "RU", valid: true,
      possibility: .possible, type: .fixedLine, international: "+7 495 123-45-67 ext. 89",
      national: "8 (495) 123-45-67 ext. 89", rfc3966: "tel:+7-495-123-45-67;ext=89"),
    .init(
      "+1 650 253 0000 anexo 7", nil, e164: "+16502530000", extension: "7", region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000 ext. 7",
      national: "(650) 253-0000 ext. 7", rfc3966: "tel:+1-650-253-0000;ext=7"),
    .init(
      "tel:+1-650-253-0000", nil, e164: "+16502530000", extension: nil, region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000",
      national: "(650) 253-0000", rfc3966: "tel:+1-650-253-0000"),
    .init(
      "tel:253-0000;phone-context=+1-650", nil, e164: "+16502530000", extension: nil, region: "US",
      valid: true, possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000",
      national: "(650) 253-0000", rfc3966: "tel:+1-650-253-0000"),
    .init(
      "tel:+1-650-253-0000;ext=42", nil, e164: "+16502530000", extension: "42", region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000 ext. 42",
      national: "(650) 253-0000 ext. 42", rfc3966: "tel:+1-650-253-0000;ext=42"),
    .init(
      "tel:2079460958;phone-context=+44", "US", e164: "+442079460958", extension: nil, region: "GB",
      valid: true, possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958",
      national: "020 7946 0958", rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "1-800-FLOWERS", "US", e164: "+18003569377", extension: nil, region: "US", valid: true,
      possibility: .possible, type: .tollFree, international: "+1 800-356-9377", national: "(800) 356-9377",
      rfc3966: "tel:+1-800-356-9377"),
    .init(
      "1 800 GOT JUNK", "US", e164: "+18004685865", extension: nil, region: "US", valid: true,
      possibility: .possible, type: .tollFree, international: "+1 800-468-5865", national: "(800) 468-5865",
      rfc3966: "tel:+1-800-468-5865"),
    .init(
      "٠٢٠ ٧٩٤٦ ٠٩٥٨", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "۰۲۱ ۸۸۸۸ ۸۸۸۸", "IR", e164: "+982188888888", extension: nil, region: "IR", valid: true,
      possibility: .possible, type: .fixedLine, international: "+98 21 8888 8888", national: "021 8888 8888",
      rfc3966: "tel:+98-21-8888-8888"),
    .init(
      "+९१ ९८७६५ ४३२१०", nil, e164: "+919876543210", extension: nil, region: "IN", valid: true,
      possibility: .possible, type: .mobile, international: "+91 98765 43210", national: "098765 43210",
      rfc3966: "tel:+91-98765-43210"),
    .init(
      "０２０ ７９４６ ０９５８", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "Call me at +44 20 7946 0958 today!", nil, e164: "+44207946095886329", extension: nil, region: nil,
      valid: false, possibility: .tooLong, type: .unknown, international: "+44 207946095886329",
      national: "207946095886329", rfc3966: "tel:+44-207946095886329"),
    .init(
      "Tel: 020 7946 0958.", "GB", e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "+1 416 555 0123", nil, e164: "+14165550123", extension: nil, region: "CA", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 416-555-0123",
      national: "(416) 555-0123", rfc3966: "tel:+1-416-555-0123"),
    .init(
      "+1 264 497 1234", nil, e164: "+12644971234", extension: nil, region: "AI", valid: true,
      possibility: .possible, type: .fixedLine, international: "+1 264-497-1234", national: "(264) 497-1234",
      rfc3966: "tel:+1-264-497-1234"),
    .init(
      "+7 701 123 4567", nil, e164: "+77011234567", extension: nil, region: "KZ", valid: true,
      possibility: .possible, type: .mobile, international: "+7 701 123 4567", national: "8 (701) 123 4567",
      rfc3966: "tel:+7-701-123-4567"),
    .init(
      "+44 7700 900123", nil, e164: "+447700900123", extension: nil, region: nil, valid: false,
      possibility: .possible, type: .unknown, international: "+44 7700 900123", national: "07700 900123",
      rfc3966: "tel:+44-7700-900123"),
    .init(
      "+44 1534 456789", nil, e164: "+441534456789", extension: nil, region: "JE", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 1534 456789", national: "01534 456789",
      rfc3966: "tel:+44-1534-456789"),
    .init(
      "+262 269 61 23 45", nil, e164: "+262269612345", extension: nil, region: "YT", valid: true,
      possibility: .possible, type: .fixedLine, international: "+262 269 61 23 45", national: "0269 61 23 45",
      rfc3966: "tel:+262-269-61-23-45"),
    .init(
      "+262 639 12 34 56", nil, e164: "+262639123456", extension: nil, region: nil, valid: false,
      possibility: .possible, type: .unknown, international: "+262 639 12 34 56", national: "0639 12 34 56",
      rfc3966: "tel:+262-639-12-34-56"),
    .init(
      "+800 1234 5678", nil, e164: "+80012345678", extension: nil, region: "001", valid: true,
      possibility: .possible, type: .tollFree, international: "+800 1234 5678", national: "1234 5678",
      rfc3966: "tel:+800-1234-5678"),
    .init(
      "+979 1 2345 6789", nil, e164: "+979123456789", extension: nil, region: "001", valid: true,
      possibility: .possible, type: .premiumRate, international: "+979 1 2345 6789", national: "1 2345 6789",
      rfc3966: "tel:+979-1-2345-6789"),
    .init(
      "+882 1234 5678", nil, e164: "+88212345678", extension: nil, region: "001", valid: false,
      possibility: .possible, type: .unknown, international: "+882 12345678", national: "12345678",
      rfc3966: "tel:+882-12345678"),
    .init(
      "+44 20 7946 095", nil, e164: "+44207946095", extension: nil, region: nil, valid: false,
      possibility: .possible, type: .unknown, international: "+44 207946095", national: "207946095",
      rfc3966: "tel:+44-207946095"),
    .init(
      "+44 20 7946 09581", nil, e164: "+4420794609581", extension: nil, region: nil, valid: false,
      possibility: .tooLong, type: .unknown, international: "+44 20794609581", national: "20794609581",
      rfc3966: "tel:+44-20794609581"),
    .init(
      "+1 253 0000", nil, e164: "+12530000", extension: nil, region: nil, valid: false,
      possibility: .possibleLocalOnly, type: .unknown, international: "+1 2530000", national: "253-0000",
      rfc3966: "tel:+1-2530000"),
    .init(
      "+44 20794609581234", nil, e164: "+4420794609581234", extension: nil, region: nil, valid: false,
      possibility: .tooLong, type: .unknown, international: "+44 20794609581234", national: "20794609581234",
      rfc3966: "tel:+44-20794609581234"),
    .init(
      "+49 30 123", nil, e164: "+4930123", extension: nil, region: "DE", valid: true, possibility: .possible,
      type: .fixedLine, international: "+49 30 123", national: "030 123", rfc3966: "tel:+49-30-123"),
    .init(
      "+44 800 123 4567", nil, e164: "+448001234567", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .tollFree, international: "+44 800 123 4567", national: "0800 123 4567",
      rfc3966: "tel:+44-800-123-4567"),
    .init(
      "+44 909 876 5432", nil, e164: "+449098765432", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .premiumRate, international: "+44 909 876 5432",
      national: "0909 876 5432", rfc3966: "tel:+44-909-876-5432"),
    .init(
      "+44 870 123 4567", nil, e164: "+448701234567", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .premiumRate, international: "+44 870 123 4567",
      national: "0870 123 4567", rfc3966: "tel:+44-870-123-4567"),
    .init(
      "+44 56 1234 5678", nil, e164: "+445612345678", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .voip, international: "+44 56 1234 5678", national: "056 1234 5678",
      rfc3966: "tel:+44-56-1234-5678"),
    .init(
      "+44 70 1234 5678", nil, e164: "+447012345678", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .personalNumber, international: "+44 70 1234 5678",
      national: "070 1234 5678", rfc3966: "tel:+44-70-1234-5678"),
    .init(
      "+44 76 4012 3456", nil, e164: "+447640123456", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .pager, international: "+44 76 4012 3456", national: "076 4012 3456",
      rfc3966: "tel:+44-76-4012-3456"),
    .init(
      "+44 55 1234 5678", nil, e164: "+445512345678", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .uan, international: "+44 55 1234 5678", national: "055 1234 5678",
      rfc3966: "tel:+44-55-1234-5678"),
    .init(
      "+1 650 253 0000", nil, e164: "+16502530000", extension: nil, region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000",
      national: "(650) 253-0000", rfc3966: "tel:+1-650-253-0000"),
    .init(
      "+43 660 1234567", nil, e164: "+436601234567", extension: nil, region: "AT", valid: true,
      possibility: .possible, type: .mobile, international: "+43 660 1234567", national: "0660 1234567",
      rfc3966: "tel:+43-660-1234567"),
    .init(
      "+49 1999 1234567", nil, e164: "+4919991234567", extension: nil, region: "DE", valid: false,
      possibility: .possible, type: .unknown, international: "+49 19991234567", national: "19991234567",
      rfc3966: "tel:+49-19991234567"),
    .init(
      "+39 03 1234 5678", nil, e164: "+390312345678", extension: nil, region: "IT", valid: true,
      possibility: .possible, type: .fixedLine, international: "+39 031 234 5678", national: "031 234 5678",
      rfc3966: "tel:+39-031-234-5678"),
    .init(
      "+55 11 96123 4567", nil, e164: "+5511961234567", extension: nil, region: "BR", valid: true,
      possibility: .possible, type: .mobile, international: "+55 11 96123-4567", national: "(11) 96123-4567",
      rfc3966: "tel:+55-11-96123-4567"),
    .init("", "GB", error: .notANumber),
    .init("abc", "GB", error: .notANumber),
    .init("+", nil, error: .notANumber),
    .init("020 7946 0958", nil, error: .invalidCountryCode),
    .init("020 7946 0958", "ZZ", error: .invalidCountryCode),
    .init("+999 1234 5678", nil, error: .invalidCountryCode),
    .init("+0 1234 5678", nil, error: .invalidCountryCode),
    .init("0011 1", "AU", error: .tooShortAfterIDD),
    .init("+44 1", nil, error: .tooShortNSN),
    .init(
      "12", "GB", e164: "+4412", extension: nil, region: nil, valid: false, possibility: .tooShort,
      type: .unknown, international: "+44 12", national: "12", rfc3966: "tel:+44-12"),
    .init("1", "GB", error: .notANumber),
    .init("+44 11111111111111111111", nil, error: .tooLong),
    .init(
      "11111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111",
      "GB", error: .tooLong),
    .init("tel:253-0000;phone-context=", nil, error: .notANumber),
    .init(
      "+44 20 7946 0958/x12", nil, e164: "+442079460958", extension: nil, region: "GB", valid: true,
      possibility: .possible, type: .fixedLine, international: "+44 20 7946 0958", national: "020 7946 0958",
      rfc3966: "tel:+44-20-7946-0958"),
    .init(
      "+7 (8) 495 123 45 67", nil, e164: "+74951234567", extension: nil, region: "RU", valid: true,
      possibility: .possible, type: .fixedLine, international: "+7 495 123-45-67",
      national: "8 (495) 123-45-67", rfc3966: "tel:+7-495-123-45-67"),
    .init(
      "8 10 1 650 253 0000", "RU", e164: "+16502530000", extension: nil, region: "US", valid: true,
      possibility: .possible, type: .fixedLineOrMobile, international: "+1 650-253-0000",
      national: "(650) 253-0000", rfc3966: "tel:+1-650-253-0000"),
  ]

  @Test(arguments: cases)
  func parsesLikeLibphonenumber(_ expected: Case) throws {
    if let code = expected.error {
      #expect(throws: PhoneNumberError.self) { try PhoneNumber(expected.input, region: expected.region) }
      do {
        _ = try PhoneNumber(expected.input, region: expected.region)
      } catch {
        #expect(error.code == code)
        #expect(!error.message.isEmpty)
      }
      return
    }
    let number = try PhoneNumber(expected.input, region: expected.region)
    #expect(number.formatted(.e164) == expected.e164)
    #expect(number.numberExtension == expected.numberExtension)
    #expect(number.region?.rawValue == expected.numberRegion)
    #expect(number.isValid == expected.valid)
    #expect(number.possibility == expected.possibility)
    #expect(number.isPossible == expected.possibility?.isPossible)
    #expect(number.type == expected.type)
    #expect(number.formatted(.international) == expected.international)
    #expect(number.formatted(.national) == expected.national)
    #expect(number.formatted(.rfc3966) == expected.rfc3966)
  }

  static let callingFrom: [(number: String, from: String, expected: String)] = [
    ("+44 20 7946 0958", "US", "011 44 20 7946 0958"),
    ("+44 20 7946 0958", "DE", "00 44 20 7946 0958"),
    ("+44 20 7946 0958", "GB", "020 7946 0958"),
    ("+1 650 253 0000", "CA", "1 (650) 253-0000"),
    ("+1 650 253 0000", "GB", "00 1 650-253-0000"),
    ("+44 20 7946 0958", "AU", "0011 44 20 7946 0958"),
    ("+44 20 7946 0958", "RU", "8~10 44 20 7946 0958"),
    ("+44 20 7946 0958 x12", "US", "011 44 20 7946 0958 x12"),
    ("+800 1234 5678", "US", "011 800 1234 5678"),
    ("+7 495 123 45 67", "KZ", "8 (495) 123-45-67"),
    ("+44 20 7946 0958", "ZZ", "+44 20 7946 0958"),
  ]

  @Test(arguments: callingFrom)
  func formatsForCallingFromAnotherRegion(_ row: (number: String, from: String, expected: String)) throws {
    let number = try PhoneNumber(row.number)
    #expect(number.formattedForCalling(from: RegionCode(row.from) ?? .unknown) == row.expected)
  }

  @Test func keepsItalianLeadingZero() throws {
    let number = try PhoneNumber("+39 06 1234 5678")
    #expect(number.nationalNumber == "0612345678")
    #expect(number.countryCode == 39)
  }

  @Test func valueSemanticsCompareEveryField() throws {
    let plain = try PhoneNumber("+44 20 7946 0958")
    let withExtension = try PhoneNumber("+44 20 7946 0958 ext. 1")
    #expect(plain != withExtension)
    #expect(try plain == PhoneNumber(countryCode: 44, nationalNumber: "2079460958"))
    #expect(Set([plain, withExtension, plain]).count == 2)
    #expect(withExtension.description == "+442079460958;ext=1")
  }
}
