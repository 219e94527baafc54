/*
 * payphone.h — PayPhone's C ABI (libPayPhoneC.so).
 *
 * Phone numbers parsed, validated and formatted as libphonenumber 9.0.43
 * does; card numbers inspected; phone (and card) numbers found in text;
 * numbers formatted as they are typed. Every answer is a record with exactly the
 * fields, in the same order, of the `payphone` CLI's --jsonl output
 * (docs: the CLI contract in the repository's README, and `payphone
 * <command> --help`).
 *
 * Building and linking
 *   swift build -c release --product PayPhoneC -Xswiftc -static-stdlib \
 *      --scratch-path .build/static
 *   cc app.c -ISources/PayPhoneC/include -L.build/static/release -lPayPhoneC \
 *      -Wl,-rpath,"$PWD/.build/static/release"
 * (or copy libPayPhoneC.so beside the program and link with
 * -Wl,-rpath,'$ORIGIN'). With -static-stdlib the Swift runtime is linked
 * into the library, which then needs only libc, libm, libstdc++/libgcc_s
 * and the system ICU (libicuuc) at run time: no Swift toolchain on the
 * machine that runs it. The static build has a scratch path of its own: in
 * the same .build as plain builds, each switch rebuilds everything and
 * could leave a library that still needs libswiftCore.so (check with
 * `readelf -d libPayPhoneC.so | grep NEEDED`). The library exports the
 * functions of this header and no other symbol.
 *
 * Text
 *   Every string passed in is UTF-8 (ill-formed sequences are read as
 *   U+FFFD). A string with a size (`number`, `number_size`) may hold any
 *   bytes, NUL included; a string without one (`region`, `cvc`) is
 *   NUL-terminated, and NULL means "not given". Every string given back is
 *   UTF-8 and NUL-terminated.
 *
 * Formats
 *   PAYPHONE_FORMAT_JSON    a JSON object per record; a batch is JSON
 *                           lines (one object and a '\n' per input, in
 *                           input order). The only format: 1 and 2 (the
 *                           pickles the Python package once read) are
 *                           refused as invalid arguments.
 *
 * Ownership
 *   Single calls write into a buffer the caller owns (`out`, `capacity`
 *   bytes). `*written` always receives the length of the answer without
 *   its NUL; when `capacity` is not more than that, nothing is written
 *   and the call returns PAYPHONE_BUFFER_TOO_SMALL: call again with at
 *   least `*written + 1` bytes. A phone or card record is its input
 *   (JSON-escaped) and a few hundred bytes; 1024 bytes plus the input's
 *   size is a good first buffer.
 *   Batch calls allocate their answer: `*out` receives a NUL-terminated
 *   buffer of `*out_size` bytes (NUL not counted) that the caller releases
 *   with payphone_free. A formatter handle is released with
 *   payphone_formatter_free. The library keeps no pointer it was given.
 *   Releasing a buffer or a handle twice, or using it after its release,
 *   is the caller's error, as with free(): the library cannot tell, and
 *   the process may crash.
 *
 * Batches
 *   A batch of `count` strings is passed packed: the strings laid end to
 *   end, each followed by a NUL (`"020 7946 0958\0+1 650 253 0000\0"`),
 *   `size` bytes in all. A batch of regions (or of security codes) is
 *   packed the same way, one per input, an empty string for "none"; or
 *   NULL for none at all. One call answers a whole batch, so a caller in
 *   another language crosses the boundary once, not once per number. A
 *   `count` larger than the strings a packed argument holds (a count
 *   larger than its size, whatever it is) is PAYPHONE_INVALID_ARGUMENT,
 *   found before anything is allocated for it.
 *
 * Threads
 *   Every function may be called from any number of threads at once. The
 *   tables are immutable once loaded (each part on first use), and a
 *   formatter handle locks its own state.
 *
 * Status
 *   Functions return PAYPHONE_OK (0), one of the contract's error codes
 *   (positive: the record says ok:false with that "error" and a
 *   "message"), or one of the ABI's own failures (negative: nothing was
 *   answered). payphone_status_code names every status. When the system
 *   refuses memory for an answer, the call returns PAYPHONE_OUT_OF_MEMORY
 *   (a batch's *out is NULL, a single call's *written 0) and the process
 *   goes on.
 */
#ifndef PAYPHONE_H
#define PAYPHONE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Statuses. The positive ones are the contract's error codes. */
enum {
  PAYPHONE_OK = 0,
  PAYPHONE_INVALID_COUNTRY_CODE = 1, /* "invalid_country_code" */
  PAYPHONE_NOT_A_NUMBER = 2,         /* "not_a_number" */
  PAYPHONE_TOO_SHORT_AFTER_IDD = 3,  /* "too_short_after_idd" */
  PAYPHONE_TOO_SHORT_NSN = 4,        /* "too_short_nsn" */
  PAYPHONE_TOO_LONG = 5,             /* "too_long" */
  PAYPHONE_EMPTY = 6,                /* "empty" (card: no digits) */
  PAYPHONE_INVALID_CHARACTER = 7,    /* "invalid_character" (card) */
  PAYPHONE_TEXT_TOO_LONG = 8,        /* "text_too_long" (find: over 1 MiB) */
  PAYPHONE_BAD_INPUT = 9,            /* "bad_input_line" (e.g. over 250 keys) */
  PAYPHONE_BUFFER_TOO_SMALL = -1,    /* "buffer_too_small": see *written */
  PAYPHONE_INVALID_ARGUMENT = -2,    /* "invalid_argument": NULL, bad format, ... */
  PAYPHONE_OUT_OF_MEMORY = -3        /* "out_of_memory": no memory for the answer */
};

/* Record formats. */
enum {
  PAYPHONE_FORMAT_JSON = 0
};

/* The library's version, e.g. "0.1.0" (static storage). */
const char *payphone_version(void);

/* The snake_case code of a status, e.g. "too_short_nsn" (static storage;
 * "unknown_status" for a number that is none). */
const char *payphone_status_code(int32_t status);

/* Releases a buffer a batch call allocated. NULL is ignored. */
void payphone_free(void *buffer);

/* ---- phone ------------------------------------------------------------
 * One number's record, as `payphone phone --jsonl` writes it:
 *   {"input":"020 7946 0958","ok":true,"e164":"+442079460958",
 *    "countryCode":44,"nationalNumber":"2079460958","extension":null,
 *    "region":"GB","valid":true,"possible":true,"type":"fixed_line",
 *    "international":"+44 20 7946 0958","national":"020 7946 0958",
 *    "rfc3966":"tel:+44-20-7946-0958"}
 * or {"input":"...","ok":false,"error":"too_short_nsn","message":"..."}.
 * `region` (ISO 3166-1 alpha-2, any case; NULL or "" for none) is the
 * default region for numbers written without + or an international prefix.
 * Returns the parse status (PAYPHONE_OK or one of the five parse errors),
 * or a negative status. */
int32_t payphone_phone(const char *number, size_t number_size, const char *region, int32_t format,
                       char *out, size_t capacity, size_t *written);

/* `count` numbers (packed), each with its region from `regions` (packed,
 * or NULL for none): one record per number, in order, in a buffer
 * allocated for the caller (*out, *out_size; release with payphone_free).
 * Returns PAYPHONE_OK, PAYPHONE_INVALID_ARGUMENT (bad format, or fewer
 * than `count` strings in a packed argument), or PAYPHONE_OUT_OF_MEMORY. */
int32_t payphone_phone_batch(const char *numbers, size_t numbers_size, const char *regions,
                             size_t regions_size, size_t count, int32_t format, char **out,
                             size_t *out_size);

/* ---- card -------------------------------------------------------------
 * One card number's record, as `payphone card --jsonl` writes it:
 *   {"input":"...","ok":true,"digits":"378282246310005",
 *    "brand":"american-express","candidates":["american-express"],
 *    "luhn":true,"lengthValid":true,"valid":true,"potentiallyValid":true,
 *    "formatted":"3782 822463 10005","bin":"378282","last4":"0005",
 *    "cvcName":"CID","cvcLength":4,"cvcValid":null}
 * or ok:false with "empty" or "invalid_character" (messages never hold the
 * digits). `cvc` (NULL for none) is checked against the brand's security
 * code ("cvcValid") and never given back. Returns PAYPHONE_OK,
 * PAYPHONE_EMPTY, PAYPHONE_INVALID_CHARACTER, or a negative status. */
int32_t payphone_card(const char *number, size_t number_size, const char *cvc, int32_t format,
                      char *out, size_t capacity, size_t *written);

/* `count` card numbers (packed), with their security codes from `cvcs`
 * (packed, "" for none; or NULL): one record each, as payphone_phone_batch. */
int32_t payphone_card_batch(const char *numbers, size_t numbers_size, const char *cvcs,
                            size_t cvcs_size, size_t count, int32_t format, char **out,
                            size_t *out_size);

/* ---- as you type ------------------------------------------------------
 * Every step of typing `keys` (each Unicode scalar one key) in `region`,
 * as `payphone as-you-type --jsonl` writes it:
 *   {"ok":true,"steps":["6","65","650","650-2",...]}
 * More than 250 keys is PAYPHONE_BAD_INPUT ({"ok":false,
 * "error":"bad_input_line",...}). `region` is required. */
int32_t payphone_as_you_type(const char *region, const char *keys, size_t keys_size, int32_t format,
                             char *out, size_t capacity, size_t *written);

/* A formatter for a phone field: keys in one at a time, the text to show
 * out, exactly as libphonenumber's AsYouTypeFormatter. Create it for a
 * region (NULL when `region` is NULL or empty), release it with
 * payphone_formatter_free. A handle may be shared between threads (its
 * state is locked), though one field's keys naturally come from one. */
typedef struct payphone_formatter payphone_formatter;

payphone_formatter *payphone_formatter_new(const char *region);
void payphone_formatter_free(payphone_formatter *formatter);

/* Types one key (a Unicode scalar: a digit of any script, '+', or anything
 * else, which stops formatting) and writes the text to show into `out`
 * (the key counts as typed even when PAYPHONE_BUFFER_TOO_SMALL is
 * returned: fetch the text with payphone_formatter_text). With
 * `remember_position` non-zero, the key's place is followed through later
 * reformatting (payphone_formatter_remembered_position). */
int32_t payphone_formatter_input_digit(payphone_formatter *formatter, uint32_t key,
                                       int32_t remember_position, char *out, size_t capacity,
                                       size_t *written);

/* The text shown now. */
int32_t payphone_formatter_text(payphone_formatter *formatter, char *out, size_t capacity,
                                size_t *written);

/* Where the remembered key is in the text now: the offset in Unicode
 * scalars just after it. */
int32_t payphone_formatter_remembered_position(payphone_formatter *formatter);

/* Forgets everything typed, keeping the region. */
void payphone_formatter_clear(payphone_formatter *formatter);

/* ---- find -------------------------------------------------------------
 * The phone numbers in a text, exactly as libphonenumber's
 * PhoneNumberMatcher(text, region, leniency, max_tries=65535) finds them,
 * as `payphone find --jsonl` writes them:
 *   {"ok":true,"matches":[{"kind":"phone","start":5,"end":18,
 *    "raw":"020 7946 0958","e164":"+442079460958","extension":null}]}
 * `start`/`end` are offsets in Unicode scalars into the text as given.
 * `leniency` is "possible", "valid" (also for NULL), "strict_grouping" or
 * "exact_grouping" (another name is PAYPHONE_INVALID_ARGUMENT). Flags:
 *   PAYPHONE_FIND_CARDS   also card numbers, as
 *                         {"kind":"card","start":…,"end":…,"brand":"visa",
 *                         "last4":"1111"} (never the digits); a phone match
 *                         overlapping a card is dropped;
 *   PAYPHONE_FIND_REDACT  add "redacted": the text with each match replaced
 *                         by [phone] or [card].
 * A text over 1 MiB of UTF-8 is PAYPHONE_TEXT_TOO_LONG (ok:false,
 * "text_too_long"). */
enum {
  PAYPHONE_FIND_CARDS = 1,
  PAYPHONE_FIND_REDACT = 2
};

int32_t payphone_find(const char *text, size_t text_size, const char *region, const char *leniency,
                      uint32_t flags, int32_t format, char *out, size_t capacity, size_t *written);

/* `count` texts (packed), each with its region from `regions` (packed, ""
 * for none; or NULL): one record each, in order, allocated for the caller
 * (release with payphone_free). */
int32_t payphone_find_batch(const char *texts, size_t texts_size, const char *regions,
                            size_t regions_size, size_t count, const char *leniency, uint32_t flags,
                            int32_t format, char **out, size_t *out_size);

/* ---- Arrow ------------------------------------------------------------
 * Columns in, columns out, on the Arrow C Data Interface
 * (https://arrow.apache.org/docs/format/CDataInterface.html): the spec's
 * structs below, no Arrow library needed. The input arrays are borrowed:
 * read during the call, never released or moved. Accepted inputs are
 * string arrays: "u" (utf8), "U" (large_utf8) or "vu" (utf8_view), with
 * any offset and nulls. On PAYPHONE_OK, *out_schema and *out receive a
 * struct array ("+s") of one record per input row, a null row for a null
 * input; the caller releases them with their release callbacks. The
 * struct's children are the record's fields, in the contract's order and
 * named as its JSON keys, followed by the failure's "error" and "message":
 * strings as utf8 (the type and the error dictionary-encoded: int32
 * indexes into a utf8 dictionary), integers as int32, booleans as bits, a
 * list of strings as a list of utf8, a list of records as a list of
 * structs; a field a record does not have is null in its row.
 * Returns PAYPHONE_OK, PAYPHONE_INVALID_ARGUMENT (NULL, a released array,
 * another format, lengths that differ, offsets out of order or out of
 * bounds, an answer over 2 GiB of text) or PAYPHONE_OUT_OF_MEMORY; on
 * failure *out_schema and *out are left untouched. */
#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
  const char *format;
  const char *name;
  const char *metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema **children;
  struct ArrowSchema *dictionary;
  void (*release)(struct ArrowSchema *);
  void *private_data;
};

struct ArrowArray {
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void **buffers;
  struct ArrowArray **children;
  struct ArrowArray *dictionary;
  void (*release)(struct ArrowArray *);
  void *private_data;
};

#endif /* ARROW_C_DATA_INTERFACE */

/* The phone records of `numbers`, each read in its region: the row's of
 * `regions` (a string array as long as `numbers`; a null or empty region
 * is none) when given, else `region` (NULL or "" for none). The fields are
 * `payphone phone --jsonl`'s (input, ok, e164, countryCode, ...). */
int32_t payphone_phone_arrow(const struct ArrowSchema *numbers_schema, const struct ArrowArray *numbers,
                             const struct ArrowSchema *regions_schema, const struct ArrowArray *regions,
                             const char *region, struct ArrowSchema *out_schema, struct ArrowArray *out);

/* The card records of `numbers`, as `payphone card --jsonl` writes them
 * (no security code: cvcValid is null). */
int32_t payphone_card_arrow(const struct ArrowSchema *numbers_schema, const struct ArrowArray *numbers,
                            struct ArrowSchema *out_schema, struct ArrowArray *out);

/* The find records of `texts`, as payphone_find_batch answers them: a
 * "matches" list of match structs per text (kind, start, end and each
 * kind's fields; a field the kind lacks is null). `regions`, `region`,
 * `leniency` and `flags` as for payphone_phone_arrow and payphone_find
 * (PAYPHONE_FIND_REDACT adds the "redacted" column). */
int32_t payphone_find_arrow(const struct ArrowSchema *texts_schema, const struct ArrowArray *texts,
                            const struct ArrowSchema *regions_schema, const struct ArrowArray *regions,
                            const char *region, const char *leniency, uint32_t flags,
                            struct ArrowSchema *out_schema, struct ArrowArray *out);

#ifdef __cplusplus
}
#endif

#endif /* PAYPHONE_H */
