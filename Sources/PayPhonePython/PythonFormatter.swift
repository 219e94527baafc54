// The extension module's as-you-type formatter: an `AsYouTypeFormatter`
// owned by a capsule, typed into one key at a time.
#if Python
  internal import CPython
  internal import PayPhone

  /// An as-you-type formatter, owned by a capsule. Used with the GIL held
  /// only, so calls on one formatter from several threads take turns; a
  /// call holds its own reference to the capsule, so `close()` elsewhere
  /// cannot free the formatter under it.
  private final class FormatterBox {
    var formatter: AsYouTypeFormatter
    init(region: RegionCode) { formatter = AsYouTypeFormatter(region: region) }
  }

  private let capsuleName: StaticString = "payphone._payphone.formatter"

  private func releaseFormatter(_ capsule: Object?) {
    guard let capsule, let pointer = PyCapsule_GetPointer(capsule, cString(capsuleName)) else { return }
    Unmanaged<FormatterBox>.fromOpaque(pointer).release()
  }

  /// The formatter in a capsule argument; nil with an exception set.
  private func formatterBox(_ object: Object) -> FormatterBox? {
    guard let pointer = PyCapsule_GetPointer(object, cString(capsuleName)) else { return nil }
    return Unmanaged<FormatterBox>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// `formatter_new(region)`: a capsule holding a new formatter.
  func formatterNew(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard let values = arguments("formatter_new", ["region"], required: 1, positional, count, keywords),
      let region = copyText(values[0], "region")
    else { return nil }
    let box = Unmanaged.passRetained(FormatterBox(region: RegionCode.named(region) ?? .unknown))
    guard let capsule = PyCapsule_New(box.toOpaque(), cString(capsuleName), releaseFormatter) else {
      box.release()
      return nil
    }
    return capsule
  }

  /// `formatter_input(formatter, key, remember)`: the text shown after `key`.
  func formatterInput(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments(
        "formatter_input", ["formatter", "key", "remember"], required: 2, positional, count, keywords),
      let box = formatterBox(values[0]), let key = copyText(values[1], "key"), let remember = flag(values[2])
    else { return nil }
    let scalars = key.unicodeScalars
    guard scalars.count == 1, let scalar = scalars.first else {
      return raise(payphone_value_error(), "input_digit takes one character")
    }
    return pythonString(box.formatter.input(scalar, rememberingPosition: remember))
  }

  /// `formatter_clear(formatter)`: forgets everything typed.
  func formatterClear(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard let values = arguments("formatter_clear", ["formatter"], required: 1, positional, count, keywords),
      let box = formatterBox(values[0])
    else { return nil }
    box.formatter.clear()
    return payphone_none()
  }

  /// `formatter_position(formatter)`: where the remembered key is now.
  func formatterPosition(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments("formatter_position", ["formatter"], required: 1, positional, count, keywords),
      let box = formatterBox(values[0])
    else { return nil }
    return PyLong_FromSsize_t(box.formatter.rememberedScalarPosition)
  }
#endif
