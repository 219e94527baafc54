internal import PayPhone
internal import PayPhoneDescribe
@_spi(PayPhoneInternal) internal import PayPhoneRecords
internal import PayPhoneRequests
internal import PayPhoneStreaming

/// `payphone phone`: parse, validate, classify and format phone numbers.
struct PhoneCommand: LineCommand {
  static let name = "phone"
  static let summary = "Parse, validate and format phone numbers (E.164 and more)"
  static let valueOptions: Set<String> = [
    "--region", "--column", "--region-column", "--delimiter", "--locale",
  ]
  static let flagOptions: Set<String> = ["--jsonl", "--csv", "--describe"]
  static let help = """
    Usage: payphone phone [--region CC] [--describe [--locale LANG]]
                          [--jsonl | --csv --column NAME ... [--region-column NAME] [--delimiter C]]
                          [NUMBER ...]

    Parses phone numbers as people type them — punctuation, + or an
    international prefix, national prefixes, extensions, tel: URIs, vanity
    letters, digits of any script — and gives E.164, validity, type, region
    and the international, national and RFC 3966 formats (libphonenumber
    9.0.43 semantics).

    Options:
      --region CC      default region (ISO 3166-1 alpha-2) for numbers written
                       without + or an international prefix
      --jsonl          read {"number": "...", "region": "GB"} per stdin line
                       ("region" optional), write one JSON object per line
      --csv            read CSV (RFC 4180, header row) from stdin and write it
                       back with e164, phoneValid, phoneType, phoneRegion and
                       phoneError columns appended; needs --column
      --column NAME    the CSV column holding the phone number (matched
                       exactly, else ignoring case and surrounding spaces);
                       repeat it for several columns (phone, mobile, fax):
                       each gets its own <column>E164, <column>Valid,
                       <column>Type, <column>Region, <column>Error columns
      --region-column NAME
                       a CSV column holding each row's default region
                       (used where not empty, else --region)
      --describe       also give each number's place ("location"), original
                       carrier ("carrier") and time zones ("timeZones"), as
                       libphonenumber's offline geocoder, carrier and
                       time-zone mappers give them; in CSV mode the columns
                       phoneLocation, phoneCarrier and phoneTimeZones (zones
                       separated by spaces) follow the five, or with several
                       --column, <column>Location, <column>Carrier and
                       <column>TimeZones after each column's five
      --locale LANG    the language of places and carriers (default en):
                       de, fr, zh, zh_Hant, ja, pt_BR, ... (any other falls
                       back as libphonenumber falls back, mostly to English);
                       with --jsonl a line may carry "describe": true and
                       "locale": "de"
      --delimiter C    the CSV field separator: one character, or 'tab'
                       (default ','; spreadsheet exports often use ';')
      --jobs N         answer stdin on N threads, in input order
                       (default: one per core; 1 to 256)

    A row with fewer fields than the header is padded with empty fields; a
    row with more keeps them after the appended columns; stderr counts both.

    Examples:
      payphone phone --region GB '020 7946 0958 ext. 123'
      payphone phone '+1 (650) 253-0000' 'tel:+33-1-42-68-53-00'
      echo '{"number": "٠٢٠ ٧٩٤٦ ٠٩٥٨", "region": "gb"}' | payphone phone --jsonl
      payphone phone --csv --column phone --region-column country < Data/samples/contacts.csv
      payphone phone --describe --locale de '+49 30 901820' '+1 650 253 0000'

    """

  let defaultRegion: RegionCode?
  let csvColumns: [String]
  let csvRegionColumn: String?
  let csvDelimiter: UInt8
  /// With --describe: the describer in --locale's language.
  let describer: PhoneNumberDescriber?
  /// --locale, the language of lines that ask for a description.
  let locale: DescriptionLocale

  init(_ arguments: ParsedArguments) throws(UsageError) {
    defaultRegion = try RegionOption.value(arguments)
    if let language = arguments.value("--locale") {
      locale = Self.describeLocale(language)
      guard arguments.has("--describe") || arguments.has("--jsonl") else {
        throw UsageError("--locale goes with --describe")
      }
    } else {
      locale = .english
    }
    describer = arguments.has("--describe") ? PhoneNumberDescriber(locale: locale) : nil
    if arguments.has("--csv") {
      let columns = arguments.values("--column")
      guard !columns.isEmpty else { throw UsageError("--csv needs --column NAME") }
      guard !arguments.has("--jsonl") else { throw UsageError("choose one of --csv and --jsonl") }
      guard arguments.inputs.isEmpty else { throw UsageError("--csv reads stdin; drop the arguments") }
      csvColumns = columns
      csvRegionColumn = arguments.value("--region-column")
      csvDelimiter = try CSVOptions.delimiter(arguments.value("--delimiter"))
    } else {
      guard arguments.value("--column") == nil, arguments.value("--region-column") == nil,
        arguments.value("--delimiter") == nil
      else {
        throw UsageError("--column, --region-column and --delimiter go with --csv")
      }
      csvColumns = []
      csvRegionColumn = nil
      csvDelimiter = UInt8(ascii: ",")
    }
  }

  /// The language of a `--locale` or a line's `"locale"`. A locale
  /// identifier (`de`, `zh_Hant`, `pt-BR`) is read as one; any other text
  /// is taken as a language the tables lack, as libphonenumber takes any
  /// language: places and carriers then fall back to English, and a
  /// country's name, which the tables hold per language, is absent.
  static func describeLocale(_ language: String) -> DescriptionLocale {
    (try? DescriptionLocale(language)) ?? DescriptionLocale(language: language)
  }

  func run(_ arguments: ParsedArguments) -> Int32 {
    if !csvColumns.isEmpty {
      let columns = PhoneColumns(
        columns: csvColumns, regionColumn: csvRegionColumn, region: defaultRegion, describer: describer)
      let appender = CSVColumnAppender(
        delimiter: csvDelimiter, columns: columns, valueLimit: PhoneColumns.valueLimit)
      return appender.run(jobs: arguments.jobs, command: Self.name)
    }
    return runLines(arguments)
  }

  func process(json fields: JSONFields, into output: inout LineWriter) throws(BadInputLine) {
    let (input, region) = try RegionRequests(defaultRegion: defaultRegion).phone(fields)
    var describer = self.describer
    let lineLocale = try fields.optionalString("locale")
    if try fields.optionalBool("describe") ?? (describer != nil) {
      if let lineLocale {
        describer = PhoneNumberDescriber(locale: Self.describeLocale(lineLocale))
      } else if describer == nil {
        describer = PhoneNumberDescriber(locale: locale)
      }
    } else {
      describer = nil
    }
    var record = PhoneRecord(input: input, region: region)
    describer?.describe(&record)
    output.append(record)
  }

  func process(plain input: String, into output: inout LineWriter) -> Bool {
    do throws(PhoneNumberError) {
      let number = try PhoneNumber(input, region: defaultRegion)
      let validity = number.isValid ? "valid" : "invalid"
      let region = number.region?.rawValue ?? "unknown region"
      var line =
        "\(number.formatted(.e164))\t\(validity) \(number.type.rawValue), \(region)\t"
        + "\(number.formatted(.international))\t\(number.formatted(.national))"
      if let describer {
        line += "\t\(describer.location(of: number) ?? "-")\t\(describer.carrierName(of: number) ?? "-")\t"
        line += describer.timeZones(of: number).joined(separator: " ")
      }
      output.plainLine(line)
      return true
    } catch {
      // The input is not repeated: it may be a card number typed into the
      // wrong field, and the line's place in the output already says which
      // input it answers.
      output.plainLine("error: \(error.code.rawValue): \(error.message)")
      return false
    }
  }
}

extension PhoneNumberDescriber {
  /// Adds what `--describe` adds to the record of a number that parsed.
  func describe(_ record: inout PhoneRecord) {
    guard case .success(let number) = record.answer else { return }
    record.description = PhoneNumberDescription(
      location: location(of: number), carrier: carrierName(of: number), timeZones: timeZones(of: number))
  }
}
