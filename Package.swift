// swift-tools-version: 6.2
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The ICU shim, where the `ICU` trait is on.
let icu = Target.Dependency.target(name: "CPayPhoneICU", condition: .when(traits: ["ICU"]))

let package = Package(
  name: "PayPhone",
  // `Atomic` (the lazily loaded tables' slots) sets the Apple floors.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "PayPhone", targets: ["PayPhone"]),
    // Optional: place, carrier and time zones of a number (about 2 MB of tables).
    .library(name: "PayPhoneDescribe", targets: ["PayPhoneDescribe"]),
    .executable(name: "payphone", targets: ["PayPhoneCLI"]),
    // The C ABI (include/payphone.h) as libPayPhoneC.so, for C, Python, and the rest.
    .library(name: "PayPhoneC", type: .dynamic, targets: ["PayPhoneC"]),
    // The Python package's extension module (trait Python; empty without it), which
    // Tools/python/build-wheel.sh builds and bundles as payphone/_payphone<EXT_SUFFIX>.
    .library(name: "PayPhonePython", type: .dynamic, targets: ["PayPhonePython"]),
  ],
  traits: [
    .trait(
      name: "ICU",
      description: "Digits, graphemes and region names as the system ICU (libicu-dev) answers them; "
        + "off, the standard library's own Unicode data answers (Apple platforms, WebAssembly, static builds)."
    ),
    .trait(
      name: "Python",
      description: "The CPython extension module (PayPhonePython), built against the interpreter's headers "
        + "(python3-dev), which Tools/python/build-wheel.sh passes; off, the module is empty."
    ),
    .default(enabledTraits: ["ICU"]),
  ],
  targets: [
    // The C library calls the package makes (locks, the allocator), behind one header.
    .target(name: "CPayPhoneSystem", path: "Sources/CPayPhoneSystem"),
    // ICU (trait ICU): the system library, and the C shim that alone includes its headers.
    .systemLibrary(
      name: "CICU", path: "Sources/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
    .target(name: "CPayPhoneICU", dependencies: ["CICU"], path: "Sources/CPayPhoneICU"),

    // Library modules: Core <- Text <- Masks <- Numbers/Cards <- PayPhone.
    .target(name: "PayPhoneCore", dependencies: ["CPayPhoneSystem"], swiftSettings: swiftSettings),
    .target(name: "PayPhoneText", dependencies: ["PayPhoneCore", icu], swiftSettings: swiftSettings),
    .target(
      name: "PayPhoneMasks", dependencies: ["PayPhoneCore", "PayPhoneText"], swiftSettings: swiftSettings),
    .target(
      name: "PayPhoneNumbers", dependencies: ["PayPhoneCore", "PayPhoneText", "PayPhoneMasks"],
      swiftSettings: swiftSettings),
    .target(
      name: "PayPhoneCards", dependencies: ["PayPhoneCore", "PayPhoneText", "PayPhoneMasks"],
      swiftSettings: swiftSettings),
    .target(
      name: "PayPhone",
      dependencies: ["PayPhoneCore", "PayPhoneText", "PayPhoneMasks", "PayPhoneNumbers", "PayPhoneCards"],
      swiftSettings: swiftSettings),
    // Optional, beside PayPhone (which does not re-export it): an app that only parses does not carry its tables.
    .target(
      name: "PayPhoneDescribe", dependencies: ["PayPhoneCore", "PayPhoneText", "PayPhoneNumbers"],
      swiftSettings: swiftSettings),

    // The contract's records, declared once (fields, order, kinds, nulls), and the one JSON writer:
    // what the tool, the C ABI and the Python package write.
    // The Arrow C Data Interface's structs, from the C ABI's header, for the Arrow columns.
    .systemLibrary(name: "CArrowData", path: "Sources/CArrowData"),
    .target(
      name: "PayPhoneRecords", dependencies: ["PayPhone", "PayPhoneCore", "CPayPhoneSystem", "CArrowData"],
      swiftSettings: swiftSettings),

    // The `--jsonl` contract's requests (a JSON object per line) read and answered with records:
    // the one request path of the tool and of the WebAssembly module (Tools/wasm).
    .target(
      name: "PayPhoneRequests", dependencies: ["PayPhone", "PayPhoneCore", "PayPhoneRecords"],
      swiftSettings: swiftSettings),

    // The command-line tool, and its plumbing (lines, JSON and CSV reading, --jobs, standard streams).
    .target(
      name: "PayPhoneStreaming", dependencies: ["PayPhoneCore", "PayPhoneText", "PayPhoneRecords"],
      swiftSettings: swiftSettings),
    .executableTarget(
      name: "PayPhoneCLI",
      dependencies: [
        "PayPhone", "PayPhoneDescribe", "PayPhoneRecords", "PayPhoneRequests", "PayPhoneStreaming",
        "CPayPhoneSystem",
      ],
      swiftSettings: swiftSettings),

    // The C ABI: @_cdecl functions over the library, the header in include/; the library exports
    // the header's functions alone (exports.map).
    .target(
      name: "PayPhoneC", dependencies: ["PayPhone", "PayPhoneRecords"],
      exclude: ["include", "exports.map"],
      swiftSettings: swiftSettings,
      linkerSettings: [
        .unsafeFlags(
          ["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/PayPhoneC/exports.map"],
          .when(platforms: [.linux]))
      ]),

    // The Python package's extension module (trait Python): the interpreter's limited C API
    // (CPython, headers from the build's -Xcc -I) and the calls, which walk the records.
    .systemLibrary(name: "CPython", path: "Sources/CPython"),
    .target(
      name: "PayPhonePython",
      dependencies: [
        "PayPhone", "PayPhoneCore", "PayPhoneRecords",
        .target(name: "CPython", condition: .when(traits: ["Python"])),
      ],
      swiftSettings: swiftSettings),

    // Tools: the benchmarks, `swift build --product payphone-bench` here; no product of the
    // package, so a package that depends on PayPhone does not see them.
    .executableTarget(
      name: "payphone-bench", dependencies: ["PayPhone", "PayPhoneDescribe"], path: "Tools/Bench",
      swiftSettings: swiftSettings),

    // The browser tests' oracle (Tests/PayPhoneWebTests/run.sh): the library's own answers for
    // field edits the tool's contract has no command for.
    .executableTarget(
      name: "payphone-web-oracle", dependencies: ["PayPhone"], path: "Tests/PayPhoneWebTests/Oracle",
      swiftSettings: swiftSettings),

    // Tests: one target per module, sharing the seeded generator and the oracle's stored answers.
    .target(name: "PayPhoneTestSupport", path: "Tests/PayPhoneTestSupport", swiftSettings: swiftSettings),
    .testTarget(name: "PayPhoneCoreTests", dependencies: ["PayPhoneCore"], swiftSettings: swiftSettings),
    .testTarget(
      name: "PayPhoneTextTests", dependencies: ["PayPhoneText", icu], swiftSettings: swiftSettings),
    .testTarget(
      name: "PayPhoneMasksTests", dependencies: ["PayPhoneMasks", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "PayPhoneNumbersTests",
      dependencies: ["PayPhoneNumbers", "PayPhoneMasks", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "PayPhoneDescribeTests", dependencies: ["PayPhoneDescribe", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(name: "PayPhoneCardsTests", dependencies: ["PayPhoneCards"], swiftSettings: swiftSettings),
    // The library as a backend embeds it: shared tables from many tasks at once.
    .testTarget(
      name: "PayPhoneTests", dependencies: ["PayPhone", "PayPhoneTestSupport"], swiftSettings: swiftSettings),
    .testTarget(
      name: "PayPhoneRecordsTests", dependencies: ["PayPhoneRecords", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
    .testTarget(
      name: "PayPhoneStreamingTests",
      dependencies: ["PayPhoneStreaming", "PayPhoneRecords", "PayPhoneRequests", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
    // End-to-end: depending on the executable target gets `payphone` built next to the tests.
    .testTarget(
      name: "PayPhoneCLITests", dependencies: ["PayPhoneCLI", "PayPhoneRecords", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
  ]
)
