// C++ libphonenumber (Debian's libphonenumber-dev) on a benchmark corpus.
//
// Runs the loop `payphone-bench phone` runs, on REGION<TAB>RAW lines: parse;
// if parsed, validity, type, and the E.164, international and national
// formats. Prints `impl=NAME n=N parsed=P valid=V checksum=C ns_per_number=X`
// on stdout and the process CPU time per number on stderr.
//
// Usage: peer_cpp CORPUS [WARMUP]
#include <chrono>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include <phonenumbers/phonenumberutil.h>

#ifndef LIBPHONENUMBER_VERSION
#define LIBPHONENUMBER_VERSION "unknown"
#endif

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

struct Totals {
  long parsed = 0;
  long valid = 0;
  long checksum = 0;
};

Totals Run(const PhoneNumberUtil& util, const std::vector<std::pair<std::string, std::string>>& lines,
           size_t count) {
  Totals totals;
  std::string formatted;
  for (size_t index = 0; index < count && index < lines.size(); ++index) {
    PhoneNumber number;
    if (util.Parse(lines[index].second, lines[index].first, &number) != PhoneNumberUtil::NO_PARSING_ERROR) {
      continue;
    }
    ++totals.parsed;
    if (util.IsValidNumber(number)) ++totals.valid;
    util.GetNumberType(number);
    for (auto format : {PhoneNumberUtil::E164, PhoneNumberUtil::INTERNATIONAL, PhoneNumberUtil::NATIONAL}) {
      util.Format(number, format, &formatted);
      totals.checksum += static_cast<long>(formatted.size());
    }
  }
  return totals;
}

long CpuNanoseconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return now.tv_sec * 1000000000L + now.tv_nsec;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: peer_cpp CORPUS [WARMUP]\n";
    return 2;
  }
  std::ifstream corpus(argv[1]);
  if (!corpus) {
    std::cerr << "peer_cpp: cannot open " << argv[1] << "\n";
    return 1;
  }
  size_t warmup = argc > 2 ? std::stoul(argv[2]) : 2000;
  std::vector<std::pair<std::string, std::string>> lines;
  for (std::string line; std::getline(corpus, line);) {
    size_t tab = line.find('\t');
    if (tab == std::string::npos) continue;
    lines.emplace_back(line.substr(0, tab), line.substr(tab + 1));
  }
  const PhoneNumberUtil& util = *PhoneNumberUtil::GetInstance();
  Run(util, lines, warmup);
  long cpuStart = CpuNanoseconds();
  auto wallStart = std::chrono::steady_clock::now();
  Totals totals = Run(util, lines, lines.size());
  double wall = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - wallStart).count();
  double cpu = static_cast<double>(CpuNanoseconds() - cpuStart);
  double n = static_cast<double>(lines.size());
  std::string name = std::string("cpp-libphonenumber-") + LIBPHONENUMBER_VERSION;
  std::printf("impl=%s n=%zu parsed=%ld valid=%ld checksum=%ld ns_per_number=%.1f\n", name.c_str(), lines.size(),
              totals.parsed, totals.valid, totals.checksum, wall / n);
  std::fprintf(stderr, "impl=%s cpu_ns_per_number=%.1f\n", name.c_str(), cpu / n);
  return 0;
}
