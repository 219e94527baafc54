// payphone-bench SUB-COMMAND [ARGS ...]: release-mode figures, one
// `key=value` line per measurement on stdout (see design.md, "Benchmarks").

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every sub-command; adding one is adding its type here.
let benchmarks: [any Benchmark.Type] = [
  MetadataBenchmark.self,
  PhoneBenchmark.self,
  PhoneStagesBenchmark.self,
  CardBenchmark.self,
  MaskBenchmark.self,
  TextBenchmark.self,
  MatchBenchmark.self,
  ShortBenchmark.self,
  PasteBenchmark.self,
]

let arguments = Array(CommandLine.arguments.dropFirst())
let usage =
  "Usage: payphone-bench <benchmark> [ARGS ...]\n\nBenchmarks:\n"
  + benchmarks.map { "  \($0.usage)\n" }.joined()

if let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) {
  exit(benchmark.run(Array(arguments.dropFirst())))
} else if arguments.first == "--help" || arguments.first == "-h" {
  print(usage, terminator: "")
} else {
  printError((arguments.first.map { "payphone-bench: unknown benchmark '\($0)'\n\n" } ?? "") + usage)
  exit(2)
}
