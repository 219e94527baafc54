internal import PayPhone
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone short`: short numbers (emergency, services, short codes), as
/// libphonenumber's ShortNumberInfo sees them.
struct ShortCommand: LineCommand {
  static let name = "short"
  static let summary = "Check short numbers (112, 911, service codes): valid, cost, emergency"
  static let valueOptions: Set<String> = ["--region"]
  static let help = """
    Usage: payphone short --region CC [--jsonl] [NUMBER ...]

    Answers for short numbers — emergency numbers, service codes and short
    codes — dialled in region CC, as libphonenumber's ShortNumberInfo (9.0.43)
    does: possible (length), valid, expected cost (toll_free, standard_rate,
    premium_rate, unknown_cost), emergency (exactly an emergency number),
    connects to emergency (also with digits after it, except in BR, CL, NI),
    carrier-specific, SMS service. `payphone phone` calls 112 invalid: it
    checks numbers diallable from anywhere; short numbers live here.

    Options:
      --region CC   the region the number is dialled in (ISO 3166-1 alpha-2);
                    required unless every --jsonl line gives its own
      --jsonl       read {"number": "112", "region": "DE"} per stdin line
                    ("region" optional with --region), write
                    {"ok": true, "possible": true, "valid": true,
                     "cost": "toll_free", "emergency": true,
                     "connectsToEmergency": true, "carrierSpecific": false,
                     "smsService": false} per line
      --jobs N      answer stdin on N threads, in input order
                    (default: one per core; 1 to 256)

    Examples:
      payphone short --region DE 112 116116 3330
      payphone short --region US 911 '9-1-1' 33669
      echo '{"number": "112", "region": "DE"}' | payphone short --jsonl

    """

  let defaultRegion: RegionCode?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    defaultRegion = try RegionOption.value(arguments)
    if defaultRegion == nil && !arguments.has("--jsonl") {
      throw UsageError("short needs --region CC (the region the number is dialled in)")
    }
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    try RegionRequests(defaultRegion: defaultRegion).answerShort(fields, into: &output)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    guard let defaultRegion else { return false }
    do throws(PhoneNumberError) {
      let info = try ShortNumberInfo(input, region: defaultRegion)
      var traits: [String] = []
      if info.isEmergency {
        traits.append("emergency")
      } else if info.connectsToEmergency {
        traits.append("connects to emergency")
      }
      if info.isCarrierSpecific { traits.append("carrier-specific") }
      if info.isSMSService { traits.append("SMS service") }
      let validity =
        info.isValid ? "valid" : info.isPossible ? "possible (not valid)" : "not a short number"
      let described = ([validity, info.cost.rawValue] + traits).joined(separator: ", ")
      output.plainLine("\(info.number.nationalNumber)\t\(described) in \(defaultRegion.rawValue)")
      return true
    } catch {
      output.plainLine("error: \(error.code.rawValue): \(error.message)")
      return false
    }
  }
}
