// Python objects from Swift values and Swift values from Python objects,
// through the interpreter's C API (CPython.h). Every function here
// runs with the GIL held.
#if Python
  internal import CPython
  @_spi(PayPhoneInternal) internal import PayPhoneCore

  /// A pointer to a Python object.
  typealias Object = UnsafeMutablePointer<PyObject>

  /// A new reference to `object`.
  @inline(__always)
  func retained(_ object: Object) -> Object {
    payphone_incref(object)
    return object
  }

  /// Sets `kind` (`payphone_type_error()`, ...) with `message` and gives nil, the
  /// answer of a call that failed.
  func raise(_ kind: Object?, _ message: String) -> Object? {
    PyErr_SetString(kind, message)
    return nil
  }

  /// The name of `object`'s type, for messages: never its value, which may
  /// be a card number.
  func typeName(_ object: Object) -> String {
    guard let type = PyObject_Type(object) else { return "object" }
    defer { payphone_decref(type) }
    guard let name = PyObject_GetAttrString(type, "__name__") else {
      PyErr_Clear()
      return "object"
    }
    defer { payphone_decref(name) }
    var size = 0
    guard let utf8 = PyUnicode_AsUTF8AndSize(name, &size) else {
      PyErr_Clear()
      return "object"
    }
    return utf8.withMemoryRebound(to: UInt8.self, capacity: size) {
      String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self)
    }
  }

  /// A copy of the text of `object`, a `str`; nil with `TypeError` set when
  /// it is not one (`what` names the argument in the message). A lone
  /// surrogate, which UTF-8 cannot carry, is read as U+FFFD: one
  /// character for one, so offsets into the text stay the caller's.
  func copyText(_ object: Object, _ what: @autoclosure () -> String) -> String? {
    guard payphone_is_str(object) != 0 else {
      _ = raise(payphone_type_error(), "\(what()) must be str, not \(typeName(object))")
      return nil
    }
    var size = 0
    if let utf8 = PyUnicode_AsUTF8AndSize(object, &size) {
      return utf8.withMemoryRebound(to: UInt8.self, capacity: size) {
        String(decoding: UnsafeBufferPointer(start: $0, count: size), as: UTF8.self)
      }
    }
    // Only a lone surrogate makes a str's UTF-8 fail.
    PyErr_Clear()
    let count = PyUnicode_GetLength(object)
    guard count >= 0, let scalars = PyUnicode_AsUCS4Copy(object) else { return nil }
    defer { PyMem_Free(scalars) }
    var text = String.UnicodeScalarView()
    for offset in 0..<count {
      text.append(Unicode.Scalar(scalars[offset]) ?? "\u{FFFD}")
    }
    return String(text)
  }

  /// A copy of `object`'s text, or nil for None (`absent` true); nil with
  /// `TypeError` set (`absent` false) for anything else.
  func copyOptionalText(_ object: Object?, _ what: @autoclosure () -> String) -> (text: String?, failed: Bool)
  {
    guard let object, payphone_is_none(object) == 0 else { return (nil, false) }
    guard let text = copyText(object, what()) else { return (nil, true) }
    return (text, false)
  }

  /// A new `str` of `text`.
  func pythonString(_ text: String) -> Object? {
    var text = text
    return text.withUTF8(pythonString)
  }

  /// A new `str` of the UTF-8 `utf8`: ASCII (most values) copied in as it
  /// is, anything else decoded.
  func pythonString(_ utf8: UnsafeBufferPointer<UInt8>) -> Object? {
    let isASCII = ASCIIWords.isASCII(utf8)
    return utf8.withMemoryRebound(to: CChar.self) {
      isASCII
        ? payphone_ascii_string($0.baseAddress ?? cString(""), $0.count)
        : PyUnicode_FromStringAndSize($0.baseAddress ?? cString(""), $0.count)
    }
  }

  /// The items of `object`, a list or tuple (or any iterable but a `str`),
  /// as a new tuple: the call's own references, which no other thread can
  /// change. Nil with `TypeError` set for a `str`, which would otherwise be
  /// read as a list of its characters.
  func snapshot(_ object: Object, _ what: String) -> Object? {
    if payphone_is_str(object) != 0 || payphone_is_bytes(object) != 0 {
      return raise(payphone_type_error(), "\(what) must be a list, not \(typeName(object))")
    }
    return PySequence_Tuple(object)
  }

  /// A static string as a C string (static strings hold a NUL after their bytes).
  func cString(_ text: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
  }
#endif
