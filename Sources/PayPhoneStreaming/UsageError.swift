/// A mistake in how the tool was called: exit status 2, message on stderr.
package struct UsageError: Error, Equatable {
  package let message: String
  package init(_ message: String) { self.message = message }
}
