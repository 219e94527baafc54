// The extension module's Arrow calls: a string array in, as the PyCapsules
// of the Arrow PyCapsule interface (`__arrow_c_array__`'s "arrow_schema"
// and "arrow_array"), a struct array of records out, as two new capsules.
// The records are made with the GIL released: the input's buffers belong
// to the capsules the caller holds for the call, and Arrow arrays do not
// change.
#if Python
  internal import CPython
  internal import PayPhone
  @_spi(PayPhoneInternal) internal import PayPhoneRecords

  private let schemaCapsuleName: StaticString = "arrow_schema"
  private let arrayCapsuleName: StaticString = "arrow_array"

  /// Frees an "arrow_schema" capsule's struct, released first unless its
  /// consumer moved it out (as the interface asks).
  private let destroySchemaCapsule: @convention(c) (Object?) -> Void = { capsule in
    guard let pointer = PyCapsule_GetPointer(capsule, cString(schemaCapsuleName)) else {
      return PyErr_Clear()
    }
    ArrowStructs.freeSchema(pointer)
  }

  private let destroyArrayCapsule: @convention(c) (Object?) -> Void = { capsule in
    guard let pointer = PyCapsule_GetPointer(capsule, cString(arrayCapsuleName)) else { return PyErr_Clear() }
    ArrowStructs.freeArray(pointer)
  }

  /// A string array from its two capsules; nil with an exception set.
  private func strings(_ schema: Object, _ array: Object, _ what: String) -> ArrowStrings? {
    guard let schemaPointer = PyCapsule_GetPointer(schema, cString(schemaCapsuleName)),
      let arrayPointer = PyCapsule_GetPointer(array, cString(arrayCapsuleName))
    else { return nil }
    do throws(ArrowInputError) {
      return try ArrowStrings(schema: schemaPointer, array: arrayPointer, what)
    } catch {
      _ = raise(payphone_value_error(), error.message)
      return nil
    }
  }

  /// The regions: a column from two capsules, else one region (None for none).
  private func regions(_ schema: Object, _ array: Object, _ region: Object) -> ArrowRegions? {
    guard payphone_is_none(schema) != 0 else { return strings(schema, array, "regions").map { .rows($0) } }
    let (code, failed) = copyOptionalText(region, "region")
    return failed ? nil : .all(.named(code))
  }

  /// The records `make` writes (without the GIL), as a new tuple of an
  /// "arrow_schema" and an "arrow_array" capsule.
  private func answer(_ make: () throws(ArrowInputError) -> ArrowRecordWriter) -> Object? {
    let (schema, array) = ArrowStructs.allocate()
    let outcome: Result<ArrowExportFailure?, ArrowInputError> = withoutGIL {
      Result { () throws(ArrowInputError) in try make().export(schema: schema, array: array) }
    }
    var failure: Object?
    switch outcome {
    case .failure(let error): failure = raise(payphone_value_error(), error.message)
    case .success(.outOfMemory): failure = PyErr_NoMemory()
    case .success(.tooLarge):
      failure = raise(payphone_value_error(), "the answer's text is over 2 GiB: pass fewer rows at once")
    case .success(nil): break
    }
    guard case .success(nil) = outcome else {
      ArrowStructs.freeSchema(schema)
      ArrowStructs.freeArray(array)
      return failure
    }
    guard let schemaCapsule = PyCapsule_New(schema, cString(schemaCapsuleName), destroySchemaCapsule) else {
      ArrowStructs.freeSchema(schema)
      ArrowStructs.freeArray(array)
      return nil
    }
    guard let arrayCapsule = PyCapsule_New(array, cString(arrayCapsuleName), destroyArrayCapsule) else {
      payphone_decref(schemaCapsule)
      ArrowStructs.freeArray(array)
      return nil
    }
    guard let pair = PyTuple_New(2) else {
      payphone_decref(schemaCapsule)
      payphone_decref(arrayCapsule)
      return nil
    }
    PyTuple_SetItem(pair, 0, schemaCapsule)  // steals the reference
    PyTuple_SetItem(pair, 1, arrayCapsule)
    return pair
  }

  /// `arrow_phone(schema, array, regions_schema, regions_array, region)`:
  /// the phone records of a string array, in the regions of another (or
  /// all in `region`).
  func arrowPhone(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments(
        "arrow_phone", ["schema", "array", "regions_schema", "regions_array", "region"], required: 2,
        positional, count, keywords),
      let numbers = strings(values[0], values[1], "numbers"),
      let regions = regions(values[2], values[3], values[4])
    else { return nil }
    return answer { () throws(ArrowInputError) in try ArrowRecordWriter.phones(numbers, regions: regions) }
  }

  /// `arrow_card(schema, array)`: the card records of a string array.
  func arrowCard(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments("arrow_card", ["schema", "array"], required: 2, positional, count, keywords),
      let numbers = strings(values[0], values[1], "numbers")
    else { return nil }
    return answer { ArrowRecordWriter.cards(numbers) }
  }

  /// `arrow_find(schema, array, regions_schema, regions_array, region,
  /// leniency, cards, redact)`: the find records of a string array.
  func arrowFind(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard
      let values = arguments(
        "arrow_find",
        ["schema", "array", "regions_schema", "regions_array", "region", "leniency", "cards", "redact"],
        required: 6, positional, count, keywords),
      let texts = strings(values[0], values[1], "texts"),
      let regions = regions(values[2], values[3], values[4]),
      let leniency = leniency(values[5]), let cards = flag(values[6]), let redact = flag(values[7])
    else { return nil }
    return answer { () throws(ArrowInputError) in
      try ArrowRecordWriter.finds(texts, regions: regions, leniency: leniency, cards: cards, redact: redact)
    }
  }

  /// `phone_columns()`: the columns `phone --csv` appends for one column,
  /// in order, as (record key, column name, cell when the record lacks the
  /// field) tuples.
  func phoneColumns(_: Object?, _ positional: Arguments, _ count: Int, _ keywords: Object?) -> Object? {
    guard arguments("phone_columns", [], required: 0, positional, count, keywords) != nil,
      let list = PyList_New(RecordColumn.phone.count)
    else { return nil }
    for (index, column) in RecordColumn.phone.enumerated() {
      guard let entry = PyTuple_New(3) else {
        payphone_decref(list)
        return nil
      }
      PyList_SetItem(list, index, entry)  // steals the entry, which the list now frees
      for (position, text) in [column.key.name, column.singleName, column.missing].enumerated() {
        guard let item = pythonString(text) else {
          payphone_decref(list)
          return nil
        }
        PyTuple_SetItem(entry, position, item)  // steals the item
      }
    }
    return list
  }
#endif
