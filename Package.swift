// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "PayPhone",
  products: [
    .library(name: "PayPhone", targets: ["PayPhone"]),
    // Optional: place, carrier and time zones of a number (about 2 MB of tables).
    .library(name: "PayPhoneDescribe", targets: ["PayPhoneDescribe"]),
    .executable(name: "payphone", targets: ["PayPhoneCLI"]),
    .executable(name: "payphone-bench", targets: ["PayPhoneBench"]),
    // The C ABI (include/payphone.h) as libPayPhoneC.so, for C, Python, and the rest.
    .library(name: "PayPhoneC", type: .dynamic, targets: ["PayPhoneC"]),
  ],
  targets: [
    // ICU: the system library, and the C shim that alone includes its headers.
    .systemLibrary(
      name: "CICU", path: "Sources/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
    .target(name: "CPayPhoneICU", dependencies: ["CICU"], path: "Sources/CPayPhoneICU"),

    // Library modules: Text <- Masks <- Numbers/Cards <- PayPhone.
    .target(name: "PayPhoneText", dependencies: ["CPayPhoneICU"], swiftSettings: swiftSettings),
    .target(name: "PayPhoneMasks", dependencies: ["PayPhoneText"], swiftSettings: swiftSettings),
    .target(
      name: "PayPhoneNumbers", dependencies: ["PayPhoneText", "PayPhoneMasks"], swiftSettings: swiftSettings),
    .target(
      name: "PayPhoneCards", dependencies: ["PayPhoneText", "PayPhoneMasks"], swiftSettings: swiftSettings),
    .target(
      name: "PayPhone", dependencies: ["PayPhoneText", "PayPhoneMasks", "PayPhoneNumbers", "PayPhoneCards"],
      swiftSettings: swiftSettings),
    // Optional, beside PayPhone (which does not re-export it): an app that only parses does not carry its tables.
    .target(
      name: "PayPhoneDescribe", dependencies: ["PayPhoneText", "PayPhoneNumbers"],
      swiftSettings: swiftSettings),

    // The command-line tool, and its plumbing (JSON and CSV reading and writing, lines, arguments, --jobs).
    .target(name: "PayPhoneStreaming", dependencies: ["PayPhoneText"], swiftSettings: swiftSettings),
    .executableTarget(
      name: "PayPhoneCLI", dependencies: ["PayPhone", "PayPhoneDescribe", "PayPhoneStreaming"],
      swiftSettings: swiftSettings),

    // The C ABI: @_cdecl functions over the library, the header in include/; the library exports
    // the header's functions alone (exports.map).
    .target(
      name: "PayPhoneC", dependencies: ["PayPhone"], exclude: ["include", "exports.map"],
      swiftSettings: swiftSettings,
      linkerSettings: [
        .unsafeFlags(
          ["-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/PayPhoneC/exports.map"],
          .when(platforms: [.linux]))
      ]),

    // Tools: benchmarks (outside the library's dependency graph).
    .executableTarget(
      name: "PayPhoneBench", dependencies: ["PayPhone", "PayPhoneDescribe"], path: "Tools/Bench",
      swiftSettings: swiftSettings),

    // Tests: one target per module, sharing the seeded generator and the oracle's stored answers.
    .target(name: "PayPhoneTestSupport", path: "Tests/PayPhoneTestSupport", swiftSettings: swiftSettings),
    .testTarget(
      name: "PayPhoneTextTests", dependencies: ["PayPhoneText", "CPayPhoneICU"],
      swiftSettings: swiftSettings),
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
      name: "PayPhoneStreamingTests", dependencies: ["PayPhoneStreaming", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
    // End-to-end: depending on the executable target gets `payphone` built next to the tests.
    .testTarget(
      name: "PayPhoneCLITests", dependencies: ["PayPhoneCLI", "PayPhoneTestSupport"],
      swiftSettings: swiftSettings),
  ]
)
