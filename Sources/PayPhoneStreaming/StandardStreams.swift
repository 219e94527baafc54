@_spi(PayPhoneInternal) package import PayPhoneRecords

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Raw standard streams: buffered writes to a file descriptor, and the exits
/// the contract asks for when a stream fails.
package enum StandardStreams {
  /// Writes every byte to standard output. A closed pipe (`payphone … |
  /// head -1`) ends the process quietly with status 0; any other write
  /// failure is an I/O error (status 1).
  package static func writeOutput(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { writeOutput($0) }
  }

  /// Writes every byte to standard output, as `writeOutput(_: [UInt8])`.
  package static func writeOutput(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard let failure = writeAll(buffer, to: 1) else { return }
    if failure == EPIPE { exit(0) }
    writeError("payphone: cannot write to standard output: \(String(cString: strerror(failure)))\n")
    exit(1)
  }

  /// Writes a message to standard error, ignoring failures (there is no
  /// one left to tell). Card-number-like digit runs are hidden first (see
  /// `DigitRunRedaction`): nothing written here shows a whole card number.
  package static func writeError(_ message: String) {
    var message = DigitRunRedaction.redact(message)
    message.withUTF8 { _ = writeAll($0, to: 2) }
  }

  /// Writes every byte to `descriptor`, again where a write was
  /// interrupted; the `errno` of a write that failed (or wrote nothing),
  /// nil when all were written.
  private static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    guard let base = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, base + offset, buffer.count - offset)
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return written < 0 ? errno : EIO
      }
    }
    return nil
  }

  /// Whether standard input is a terminal (someone is to type the input).
  package static var inputIsTerminal: Bool { isatty(0) == 1 }

  /// Makes a closed pipe a write error (EPIPE) instead of a fatal signal.
  package static func ignoreBrokenPipeSignal() {
    signal(SIGPIPE, SIG_IGN)
  }

  package static func exitProcess(_ status: Int32) -> Never {
    exit(status)
  }
}

extension LineWriter {
  /// Writes what is waiting to standard output and empties the buffer.
  /// When memory ran out on the way (some output was dropped) the process
  /// ends with an error instead: no line goes missing unannounced.
  package mutating func flushToStandardOutput() {
    guard !failed else {
      StandardStreams.writeError("payphone: out of memory\n")
      StandardStreams.exitProcess(1)
    }
    withBytes { StandardStreams.writeOutput($0) }
    removeAll()
  }
}
