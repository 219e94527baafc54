// The extension module `payphone._payphone`: its method table and
// `PyInit__payphone`, the function the interpreter calls to import it.
#if Python
  internal import CPython

  /// The method table and module definition: made once, kept for the
  /// process (the interpreter keeps pointers to them).
  nonisolated(unsafe) private var moduleDefinition: UnsafeMutablePointer<PyModuleDef>?

  private typealias Method = @convention(c) (Object?, UnsafePointer<Object?>?, Int, Object?) -> Object?

  private func makeDefinition() -> UnsafeMutablePointer<PyModuleDef> {
    let table: [(name: StaticString, function: Method, doc: StaticString)] = [
      (
        "parse", { parse($0, $1, $2, $3) },
        """
        parse($module, /, number, region=None)
        --

        Parses number (as people type it) with region (ISO 3166-1 alpha-2, any case)
        as the default region for numbers written without +: a PhoneNumber. Raises
        ParseError when the text is not a phone number.
        """
      ),
      ("normalize", { normalize($0, $1, $2, $3) }, "The phone records of many numbers."),
      ("card", { card($0, $1, $2, $3) }, "A card number's record."),
      ("cards", { cards($0, $1, $2, $3) }, "The card records of many numbers."),
      ("find", { find($0, $1, $2, $3) }, "A text's find record."),
      ("find_many", { findMany($0, $1, $2, $3) }, "The find records of many texts."),
      ("as_you_type", { asYouType($0, $1, $2, $3) }, "The as-you-type record of typing keys."),
      ("formatter_new", { formatterNew($0, $1, $2, $3) }, "A new as-you-type formatter."),
      ("formatter_input", { formatterInput($0, $1, $2, $3) }, "Types one key."),
      ("formatter_clear", { formatterClear($0, $1, $2, $3) }, "Forgets everything typed."),
      ("formatter_position", { formatterPosition($0, $1, $2, $3) }, "The remembered key's position."),
      ("arrow_phone", { arrowPhone($0, $1, $2, $3) }, "The phone records of an Arrow string array."),
      ("arrow_card", { arrowCard($0, $1, $2, $3) }, "The card records of an Arrow string array."),
      ("arrow_find", { arrowFind($0, $1, $2, $3) }, "The find records of an Arrow string array."),
      ("phone_columns", { phoneColumns($0, $1, $2, $3) }, "The columns phone --csv appends."),
      ("version", { version($0, $1, $2, $3) }, "The library's version."),
      ("_setup", { setup($0, $1, $2, $3) }, "The package's PhoneNumber and ParseError."),
    ]
    let methods = UnsafeMutablePointer<PyMethodDef>.allocate(capacity: table.count + 1)
    for (index, entry) in table.enumerated() {
      (methods + index).initialize(
        to: PyMethodDef(
          ml_name: cString(entry.name), ml_meth: payphone_method(entry.function),
          ml_flags: METH_FASTCALL | METH_KEYWORDS, ml_doc: cString(entry.doc)))
    }
    (methods + table.count).initialize(to: PyMethodDef())
    let definition = UnsafeMutablePointer<PyModuleDef>.allocate(capacity: 1)
    definition.initialize(
      to: PyModuleDef(
        m_base: payphone_module_head(), m_name: cString("payphone._payphone"),
        m_doc: cString("PayPhone's Swift engine for the payphone package."), m_size: -1, m_methods: methods,
        m_slots: nil, m_traverse: nil, m_clear: nil, m_free: nil))
    return definition
  }

  /// The module's initialisation, which the interpreter finds by name: the
  /// new module (a `PyObject *`).
  @_cdecl("PyInit__payphone")
  public func initializeModule() -> OpaquePointer? {
    guard makeKeyObjects() else { return nil }
    let definition = moduleDefinition ?? makeDefinition()
    moduleDefinition = definition
    return payphone_module_create(definition).map(OpaquePointer.init)
  }
#endif
