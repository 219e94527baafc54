// The interpreter's C API for the extension module (PayPhonePython), from
// the headers of the Python that builds the wheel (build-wheel.sh passes
// their folder with -Xcc -I). The full C API, not the stable ABI: a str of
// ASCII bytes is made by copying them in (PyUnicode_New), where the stable
// ABI's only way decodes them; so a wheel serves the one CPython version it
// was built with. The macros Swift cannot import are wrapped below as
// inline functions.
#ifndef PAYPHONE_CPYTHON_H
#define PAYPHONE_CPYTHON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#ifdef Py_GIL_DISABLED
#error "payphone's extension module does not support free-threaded CPython: build it with a standard CPython"
#endif

/// A new reference to None.
static inline PyObject *payphone_none(void) {
  Py_INCREF(Py_None);
  return Py_None;
}

/// None, borrowed (for an argument not given).
static inline PyObject *payphone_borrowed_none(void) { return Py_None; }

/// A new reference to True or False.
static inline PyObject *payphone_bool(int value) {
  PyObject *result = value ? Py_True : Py_False;
  Py_INCREF(result);
  return result;
}

static inline int payphone_is_none(PyObject *object) { return object == Py_None; }
static inline int payphone_is_str(PyObject *object) { return PyUnicode_Check(object); }
static inline int payphone_is_bytes(PyObject *object) { return PyBytes_Check(object); }
static inline int payphone_is_dict(PyObject *object) { return PyDict_Check(object); }
static inline int payphone_is_list(PyObject *object) { return PyList_Check(object); }
static inline int payphone_is_tuple(PyObject *object) { return PyTuple_Check(object); }

static inline void payphone_incref(PyObject *object) { Py_INCREF(object); }
static inline void payphone_decref(PyObject *object) { Py_DECREF(object); }
static inline void payphone_xdecref(PyObject *object) { Py_XDECREF(object); }

/// The exceptions the calls raise.
static inline PyObject *payphone_type_error(void) { return PyExc_TypeError; }
static inline PyObject *payphone_value_error(void) { return PyExc_ValueError; }
static inline PyObject *payphone_runtime_error(void) { return PyExc_RuntimeError; }

/// The module definition's head (PyModuleDef_HEAD_INIT).
static inline PyModuleDef_Base payphone_module_head(void) {
  PyModuleDef_Base head = PyModuleDef_HEAD_INIT;
  return head;
}

/// PyModule_Create (a macro that passes the API version).
static inline PyObject *payphone_module_create(PyModuleDef *definition) { return PyModule_Create(definition); }

/// METH_FASTCALL | METH_KEYWORDS functions, stored in a PyMethodDef as a PyCFunction (as C does with a cast).
typedef PyObject *(*payphone_fastcall)(PyObject *, PyObject *const *, Py_ssize_t, PyObject *);
static inline PyCFunction payphone_method(payphone_fastcall function) { return (PyCFunction)(void (*)(void))function; }

/// A new instance of `type` (a tuple subclass) with room for `count` items,
/// allocated as CPython allocates one: through the type's tp_alloc slot.
static inline PyObject *payphone_allocate_tuple(PyObject *type, Py_ssize_t count) {
  allocfunc allocate = (allocfunc)PyType_GetSlot((PyTypeObject *)type, Py_tp_alloc);
  return allocate((PyTypeObject *)type, count);
}

/// A new str of `count` ASCII bytes, copied as they are (no decoding).
static inline PyObject *payphone_ascii_string(const char *bytes, Py_ssize_t count) {
  PyObject *string = PyUnicode_New(count, 127);
  if (string != NULL) memcpy(PyUnicode_1BYTE_DATA(string), bytes, (size_t)count);
  return string;
}

#endif
