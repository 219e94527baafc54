import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A command about to read a terminal says so on stderr (how to type the
/// input, end it, or pipe it in), so that waiting for input does not look
/// like a hang; input from a file or a pipe, or given as arguments, gets
/// no such word.
@Suite struct TerminalInputTests {
  /// A pseudo-terminal whose input already holds end-of-file (Ctrl-D at the
  /// start of a line): the slave end reads as a terminal nobody typed into.
  final class Terminal {
    let master: Int32
    let slave: Int32
    let path: String

    // Glibc's module leaves out the X/Open pseudo-terminal calls; they are
    // looked up in the C library by name.
    typealias Call = @convention(c) (Int32) -> Int32
    typealias Name = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func function<T>(_ name: String, as type: T.Type) throws -> T {
      guard let symbol = dlsym(nil, name) else { throw PayPhoneProcessError(description: "no \(name)") }
      return unsafeBitCast(symbol, to: type)
    }

    init() throws {
      let grant = try Self.function("grantpt", as: Call.self)
      let unlock = try Self.function("unlockpt", as: Call.self)
      let slaveName = try Self.function("ptsname", as: Name.self)
      master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
      guard master >= 0, grant(master) == 0, unlock(master) == 0, let name = slaveName(master) else {
        throw PayPhoneProcessError(description: "no pseudo-terminal")
      }
      path = String(cString: name)
      slave = open(path, O_RDWR | O_NOCTTY)
      guard slave >= 0 else { throw PayPhoneProcessError(description: "cannot open \(path)") }
      var endOfFile: UInt8 = 0x04
      guard write(master, &endOfFile, 1) == 1 else { throw PayPhoneProcessError(description: "cannot type") }
    }

    deinit {
      close(slave)
      close(master)
    }
  }

  @Test(arguments: [
    (["phone"], "one input per line"), (["phone", "--jsonl"], "one JSON object per line"),
    (["phone", "--csv", "--column", "phone"], "CSV rows"), (["card", "--jobs", "1"], "one input per line"),
    (["text", "--jobs", "2"], "one input per line"),
  ])
  func aTerminalGetsToldHowToTypeOrPipeTheInput(_ arguments: [String], _ what: String) throws {
    let terminal = try Terminal()
    let run = try PayPhoneProcess.run(arguments, input: .path(terminal.path), timeout: .seconds(60))
    let command = arguments[0]
    #expect(run.stderrText.hasPrefix("payphone \(command): reading standard input from the terminal"))
    #expect(run.stderrText.contains(what))
    #expect(run.stderrText.contains("Ctrl-D"))
    #expect(run.stderrText.contains("< FILE"))
  }

  @Test func inputsGivenAsArgumentsNeedNoWord() throws {
    let terminal = try Terminal()
    let run = try PayPhoneProcess.run(["phone", "+44 20 7946 0958"], input: .path(terminal.path))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
  }

  @Test(arguments: [["phone"], ["phone", "--jsonl"]])
  func inputFromAFileNeedsNoWord(_ arguments: [String]) throws {
    let run = try PayPhoneProcess.run(arguments, input: .lines(["+44 20 7946 0958"]))
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
  }

  @Test func aUsageErrorComesAlone() throws {
    let terminal = try Terminal()
    let run = try PayPhoneProcess.run(["phone", "--csv"], input: .path(terminal.path))
    #expect(run.status == 2)
    #expect(!run.stderrText.contains("terminal"))
  }
}
