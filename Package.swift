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
    .executable(name: "payphone", targets: ["PayPhoneCLI"]),
    .executable(name: "payphone-bench", targets: ["PayPhoneBench"]),
  ],
  targets: [
    // ICU: the system library, and the C shim that alone includes its headers.
    .systemLibrary(
      name: "CICU", path: "Sources/CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
    .target(name: "CPayPhoneICU", dependencies: ["CICU"], path: "Sources/CPayPhoneICU"),

    // Library modules: Text <- Masks <- Numbers/Cards <- PayPhone.
    .target(name: "PayPhoneText", dependencies: ["CPayPhoneICU"], swiftSettings: swiftSettings),
    .target(name: "PayPhoneMasks", dependencies: ["PayPhoneText"], swiftSettings: swiftSettings),
    .target(name: "PayPhoneNumbers", dependencies: ["PayPhoneText"], swiftSettings: swiftSettings),
    .target(
      name: "PayPhoneCards", dependencies: ["PayPhoneText", "PayPhoneMasks"], swiftSettings: swiftSettings),
    .target(
      name: "PayPhone", dependencies: ["PayPhoneText", "PayPhoneMasks", "PayPhoneNumbers", "PayPhoneCards"],
      swiftSettings: swiftSettings),

    // The command-line tool.
    .executableTarget(name: "PayPhoneCLI", dependencies: ["PayPhone"], swiftSettings: swiftSettings),

    // Tools: benchmarks (outside the library's dependency graph).
    .executableTarget(
      name: "PayPhoneBench", dependencies: ["PayPhone"], path: "Tools/Bench",
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
    .testTarget(name: "PayPhoneCardsTests", dependencies: ["PayPhoneCards"], swiftSettings: swiftSettings),
    // The library as a backend embeds it: shared tables from many tasks at once.
    .testTarget(name: "PayPhoneTests", dependencies: ["PayPhone"], swiftSettings: swiftSettings),
    // End-to-end: depending on the executable target gets `payphone` built next to the tests.
    .testTarget(name: "PayPhoneCLITests", dependencies: ["PayPhoneCLI"], swiftSettings: swiftSettings),
  ]
)
