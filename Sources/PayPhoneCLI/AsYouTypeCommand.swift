internal import PayPhone
internal import PayPhoneStreaming

/// `payphone as-you-type`: what a phone field shows after each key.
struct AsYouTypeCommand: LineCommand {
  static let name = "as-you-type"
  static let summary = "Show a phone number formatted key by key, as typed in a region"
  static let valueOptions: Set<String> = ["--region"]
  static let flagOptions: Set<String> = ["--jsonl"]
  static let help = """
    Usage: payphone as-you-type --region CC [--jsonl] [KEYS ...]

    Feeds the characters of KEYS one at a time to an as-you-type formatter for
    region CC and prints the text after every key, exactly as libphonenumber's
    AsYouTypeFormatter (9.0.43) shows it: national and international entry,
    + or an international prefix, national prefixes and carrier codes, digits
    of any script; punctuation typed by the person stops the formatting.

    Options:
      --region CC   the region the number is typed in (ISO 3166-1 alpha-2);
                    required unless every --jsonl line gives its own
      --jsonl       read {"region": "US", "keys": "6502532222"} per stdin line
                    ("region" optional with --region), write
                    {"ok": true, "steps": ["6", "65", ...]} per line
      --jobs N      answer stdin on N threads, in input order
                    (default: one per core; 1 to 256)

    Examples:
      payphone as-you-type --region US 6502532222
      payphone as-you-type --region GB +442079460958 02079460958
      echo '{"region": "DE", "keys": "030123456"}' | payphone as-you-type --jsonl

    """

  /// The most keys one input may have. Every key's step repeats the text
  /// so far, so the output grows with the square of the keys: a megabyte of
  /// keys would take hours and gigabytes. No phone number comes near this
  /// (libphonenumber reads at most 250 characters of one).
  static let maximumKeys = 250

  let defaultRegion: RegionCode?

  init(_ arguments: ParsedArguments) throws(UsageError) {
    defaultRegion = try RegionOption.value(arguments)
    if defaultRegion == nil && !arguments.has("--jsonl") {
      throw UsageError("as-you-type needs --region CC")
    }
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let keys = try fields.string("keys")
    guard Self.isShortEnough(keys) else {
      throw BadInputLine(message: "field \"keys\" has more than \(Self.maximumKeys) characters")
    }
    guard let region = try RegionCodes.field(fields) ?? defaultRegion else {
      throw BadInputLine(message: "missing \"region\" (required without --region)")
    }
    output.beginObject()
    output.field("ok", true)
    output.field("steps", Self.steps(keys, region: region))
    output.endObject()
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    guard let defaultRegion else { return false }
    guard Self.isShortEnough(input) else {
      output.plainLine("error: more than \(Self.maximumKeys) keys")
      return false
    }
    output.plainLine(Self.steps(input, region: defaultRegion).joined(separator: "  →  "))
    return true
  }

  /// Whether `keys` has at most `maximumKeys` characters (Unicode
  /// scalars, as they are typed), looking no further than that.
  static func isShortEnough(_ keys: String) -> Bool {
    var count = 0
    for _ in keys.unicodeScalars {
      count += 1
      if count > maximumKeys { return false }
    }
    return true
  }

  /// The text after each key (Unicode scalar) of `keys`.
  static func steps(_ keys: String, region: RegionCode) -> [String] {
    var formatter = AsYouTypeFormatter(region: region)
    return keys.unicodeScalars.map { formatter.input($0) }
  }
}
