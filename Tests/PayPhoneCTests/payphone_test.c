/* The C ABI's test: expectations from the CLI contract's examples (the
 * same records `payphone <command> --jsonl` prints), ownership and
 * buffer-size rules, statuses, and many threads at once.
 *
 *   payphone_test              run the checks; exit 0 when all pass
 *   payphone_test phone-batch [REGION]  read numbers (one per line) from
 *                              stdin and write their records through one
 *                              batch call, for run.sh to compare with the CLI
 *   payphone_test find-batch [REGION]   the same for texts, with cards and
 *                              redaction
 */
#define _DEFAULT_SOURCE /* fork, setrlimit */
#include "payphone.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int checks = 0;
static int failures = 0;

#define CHECK(condition)                                                   \
  do {                                                                     \
    checks++;                                                              \
    if (!(condition)) {                                                    \
      failures++;                                                          \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
    }                                                                      \
  } while (0)

static void check_text(const char *what, const char *got, const char *want) {
  checks++;
  if (strcmp(got, want) != 0) {
    failures++;
    fprintf(stderr, "%s:\n  got  %s\n  want %s\n", what, got, want);
  }
}

static const char *GB_RECORD =
    "{\"input\":\"020 7946 0958 ext. 123\",\"ok\":true,\"e164\":\"+442079460958\",\"countryCode\":44,"
    "\"nationalNumber\":\"2079460958\",\"extension\":\"123\",\"region\":\"GB\",\"valid\":true,"
    "\"possible\":true,\"type\":\"fixed_line\",\"international\":\"+44 20 7946 0958 x123\","
    "\"national\":\"020 7946 0958 x123\",\"rfc3966\":\"tel:+44-20-7946-0958;ext=123\"}";

static void test_phone(void) {
  char out[1024];
  size_t written = 0;
  const char *number = "020 7946 0958 ext. 123";
  int32_t status = payphone_phone(number, strlen(number), "gb", PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  check_text("GB number with extension", out, GB_RECORD);
  CHECK(written == strlen(GB_RECORD));

  /* Arabic-Indic digits are folded (the README's example). */
  const char *arabic = "\xd9\xa0\xd9\xa2\xd9\xa0 \xd9\xa7\xd9\xa9\xd9\xa4\xd9\xa6 \xd9\xa0\xd9\xa9\xd9\xa5\xd9\xa8";
  status = payphone_phone(arabic, strlen(arabic), "GB", PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  CHECK(strstr(out, "\"e164\":\"+442079460958\"") != NULL);

  /* +800 is non-geographic: region "001". */
  const char *toll_free = "+800 1234 5678";
  status = payphone_phone(toll_free, strlen(toll_free), NULL, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  CHECK(strstr(out, "\"region\":\"001\"") != NULL);

  /* The five parse errors, as statuses and as records. */
  struct {
    const char *number;
    const char *region;
    int32_t status;
    const char *code;
  } errors[] = {
      {"+999 1234", NULL, PAYPHONE_INVALID_COUNTRY_CODE, "invalid_country_code"},
      {"hello", "US", PAYPHONE_NOT_A_NUMBER, "not_a_number"},
      {"011 1", "US", PAYPHONE_TOO_SHORT_AFTER_IDD, "too_short_after_idd"},
      {"+44 1", NULL, PAYPHONE_TOO_SHORT_NSN, "too_short_nsn"},
      {"+44 123456789012345678", NULL, PAYPHONE_TOO_LONG, "too_long"},
  };
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
    status = payphone_phone(errors[i].number, strlen(errors[i].number), errors[i].region, PAYPHONE_FORMAT_JSON,
                            out, sizeof out, &written);
    CHECK(status == errors[i].status);
    check_text("status code", payphone_status_code(status), errors[i].code);
    char want[128];
    snprintf(want, sizeof want, "\"ok\":false,\"error\":\"%s\",\"message\":\"", errors[i].code);
    CHECK(strstr(out, want) != NULL);
  }

  /* A NUL inside a sized string is part of the input, as any other byte
   * (and, as in libphonenumber, it makes the text not a number). */
  status = payphone_phone("+44 20\0 7946 0958", 17, NULL, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(strstr(out, "\"input\":\"+44 20\\u0000 7946 0958\"") != NULL);
  CHECK(status == PAYPHONE_NOT_A_NUMBER);

  /* Too small a buffer: nothing written, the size needed given. */
  char small[16];
  memset(small, 'z', sizeof small);
  status = payphone_phone(number, strlen(number), "GB", PAYPHONE_FORMAT_JSON, small, sizeof small, &written);
  CHECK(status == PAYPHONE_BUFFER_TOO_SMALL);
  CHECK(written == strlen(GB_RECORD));
  CHECK(small[0] == 'z');
  char *exact = malloc(written + 1);
  status = payphone_phone(number, strlen(number), "GB", PAYPHONE_FORMAT_JSON, exact, written + 1, &written);
  CHECK(status == PAYPHONE_OK);
  check_text("exact-size buffer", exact, GB_RECORD);
  free(exact);

  /* Bad arguments. */
  CHECK(payphone_phone(number, strlen(number), NULL, 7, out, sizeof out, &written) == PAYPHONE_INVALID_ARGUMENT);
  CHECK(payphone_phone(NULL, 3, NULL, PAYPHONE_FORMAT_JSON, out, sizeof out, &written) == PAYPHONE_INVALID_ARGUMENT);
  check_text("status code", payphone_status_code(PAYPHONE_BUFFER_TOO_SMALL), "buffer_too_small");
  check_text("status code", payphone_status_code(12345), "unknown_status");
  CHECK(strlen(payphone_version()) > 0);
}

static void test_phone_batch(void) {
  const char numbers[] = "020 7946 0958 ext. 123\0+1 (650) 253-0000\0+999 1234\0";
  const char regions[] = "GB\0\0\0";
  char *out = NULL;
  size_t size = 0;
  int32_t status = payphone_phone_batch(numbers, sizeof numbers - 1, regions, sizeof regions - 1, 3,
                                        PAYPHONE_FORMAT_JSON, &out, &size);
  CHECK(status == PAYPHONE_OK);
  CHECK(out != NULL);
  if (out == NULL) return;
  CHECK(strlen(out) == size);
  char *first_end = strchr(out, '\n');
  CHECK(first_end != NULL);
  if (first_end == NULL) return;
  *first_end = 0;
  check_text("batch line 1", out, GB_RECORD);
  char *second = first_end + 1;
  CHECK(strncmp(second, "{\"input\":\"+1 (650) 253-0000\",\"ok\":true,\"e164\":\"+16502530000\"", 60) == 0);
  char *third = strchr(second, '\n') + 1;
  CHECK(strncmp(third, "{\"input\":\"+999 1234\",\"ok\":false,\"error\":\"invalid_country_code\"", 62) == 0);
  CHECK(out[size - 1] == '\n');
  payphone_free(out);

  /* Fewer strings than the count: refused. */
  out = NULL;
  CHECK(payphone_phone_batch(numbers, sizeof numbers - 1, NULL, 0, 4, PAYPHONE_FORMAT_JSON, &out, &size) ==
        PAYPHONE_INVALID_ARGUMENT);
  CHECK(out == NULL);

  /* An empty batch is an empty answer. */
  CHECK(payphone_phone_batch("", 0, NULL, 0, 0, PAYPHONE_FORMAT_JSON, &out, &size) == PAYPHONE_OK);
  CHECK(size == 0);
  payphone_free(out);

  /* Pickle: protocol 2 header, STOP at the end. */
  CHECK(payphone_phone_batch(numbers, sizeof numbers - 1, NULL, 0, 3, PAYPHONE_FORMAT_PICKLE, &out, &size) ==
        PAYPHONE_OK);
  CHECK(size > 3 && (unsigned char)out[0] == 0x80 && out[1] == 2 && out[size - 1] == '.');
  payphone_free(out);
}

static void test_card(void) {
  char out[1024];
  size_t written = 0;
  const char *amex = "3782 822463 10005";
  int32_t status = payphone_card(amex, strlen(amex), NULL, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  check_text("amex", out,
             "{\"input\":\"3782 822463 10005\",\"ok\":true,\"digits\":\"378282246310005\","
             "\"brand\":\"american-express\",\"candidates\":[\"american-express\"],\"luhn\":true,"
             "\"lengthValid\":true,\"valid\":true,\"potentiallyValid\":true,\"formatted\":\"3782 822463 10005\","
             "\"bin\":\"378282\",\"last4\":\"0005\",\"cvcName\":\"CID\",\"cvcLength\":4,\"cvcValid\":null}");

  /* A 16-digit Visa: an 8-digit BIN; the CVC checked, never echoed. */
  const char *visa = "4111-1111-1111-1111";
  status = payphone_card(visa, strlen(visa), "123", PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  CHECK(strstr(out, "\"brand\":\"visa\"") != NULL);
  CHECK(strstr(out, "\"bin\":\"41111111\"") != NULL);
  CHECK(strstr(out, "\"cvcValid\":true") != NULL);
  CHECK(strstr(out, "123") == NULL);
  status = payphone_card(visa, strlen(visa), "1234", PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(strstr(out, "\"cvcValid\":false") != NULL);

  status = payphone_card("4242/4242", 9, NULL, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_INVALID_CHARACTER);
  CHECK(strstr(out, "\"ok\":false,\"error\":\"invalid_character\"") != NULL);
  status = payphone_card("", 0, NULL, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_EMPTY);

  const char numbers[] = "65\0" "4111 1111 1111 1111\0";
  const char cvcs[] = "\0" "999\0";
  char *batch = NULL;
  size_t size = 0;
  CHECK(payphone_card_batch(numbers, sizeof numbers - 1, cvcs, sizeof cvcs - 1, 2, PAYPHONE_FORMAT_JSON, &batch,
                            &size) == PAYPHONE_OK);
  CHECK(strstr(batch, "\"candidates\":[\"discover\",\"elo\"") != NULL);
  CHECK(strstr(batch, "\"cvcValid\":null}\n") != NULL);
  CHECK(strstr(batch, "\"cvcValid\":true}\n") != NULL);
  payphone_free(batch);
}

static void test_as_you_type(void) {
  char out[4096];
  size_t written = 0;
  int32_t status = payphone_as_you_type("US", "+16502532222", 12, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  check_text("as-you-type US", out,
             "{\"ok\":true,\"steps\":[\"+\",\"+1\",\"+1 6\",\"+1 65\",\"+1 650\",\"+1 650-2\",\"+1 650-25\","
             "\"+1 650-253\",\"+1 650-253-2\",\"+1 650-253-22\",\"+1 650-253-222\",\"+1 650-253-2222\"]}");
  CHECK(payphone_as_you_type(NULL, "1", 1, PAYPHONE_FORMAT_JSON, out, sizeof out, &written) ==
        PAYPHONE_INVALID_ARGUMENT);
  char keys[251];
  memset(keys, '1', sizeof keys);
  CHECK(payphone_as_you_type("US", keys, sizeof keys, PAYPHONE_FORMAT_JSON, out, sizeof out, &written) ==
        PAYPHONE_BAD_INPUT);
  CHECK(strstr(out, "\"error\":\"bad_input_line\"") != NULL);

  payphone_formatter *formatter = payphone_formatter_new("GB");
  CHECK(formatter != NULL);
  const char *typed = "02079460958";
  const char *want[] = {"0", "02", "020", "020 7", "020 79", "020 794", "020 7946", "020 7946 0",
                        "020 7946 09", "020 7946 095", "020 7946 0958"};
  for (int i = 0; typed[i]; i++) {
    status = payphone_formatter_input_digit(formatter, (uint32_t)typed[i], 0, out, sizeof out, &written);
    CHECK(status == PAYPHONE_OK);
    check_text("formatter step", out, want[i]);
  }
  payphone_formatter_text(formatter, out, sizeof out, &written);
  check_text("formatter text", out, "020 7946 0958");
  payphone_formatter_clear(formatter);
  payphone_formatter_text(formatter, out, sizeof out, &written);
  check_text("cleared", out, "");

  /* The README's remembered position: "650" then "2" remembered: 5. */
  payphone_formatter *us = payphone_formatter_new("us");
  payphone_formatter_input_digit(us, '6', 0, out, sizeof out, &written);
  payphone_formatter_input_digit(us, '5', 0, out, sizeof out, &written);
  payphone_formatter_input_digit(us, '0', 0, out, sizeof out, &written);
  payphone_formatter_input_digit(us, '2', 1, out, sizeof out, &written);
  check_text("remembered step", out, "650-2");
  CHECK(payphone_formatter_remembered_position(us) == 5);
  /* A key that is not a scalar (a surrogate) is refused. */
  CHECK(payphone_formatter_input_digit(us, 0xD800, 0, out, sizeof out, &written) == PAYPHONE_INVALID_ARGUMENT);
  /* Too small a buffer: the key still counts. */
  char tiny[2];
  CHECK(payphone_formatter_input_digit(us, '5', 0, tiny, sizeof tiny, &written) == PAYPHONE_BUFFER_TOO_SMALL);
  payphone_formatter_text(us, out, sizeof out, &written);
  check_text("after a small buffer", out, "650-25");
  payphone_formatter_free(us);
  payphone_formatter_free(formatter);
  CHECK(payphone_formatter_new(NULL) == NULL);
  CHECK(payphone_formatter_new("") == NULL);
}

static void test_find(void) {
  char out[4096];
  size_t written = 0;
  const char *text = "Call 020 7946 0958 or +1 650-253-0000 ext. 12";
  int32_t status = payphone_find(text, strlen(text), "GB", NULL, 0, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  check_text("find", out,
             "{\"ok\":true,\"matches\":[{\"kind\":\"phone\",\"start\":5,\"end\":18,\"raw\":\"020 7946 0958\","
             "\"e164\":\"+442079460958\",\"extension\":null},{\"kind\":\"phone\",\"start\":22,\"end\":45,"
             "\"raw\":\"+1 650-253-0000 ext. 12\",\"e164\":\"+16502530000\",\"extension\":\"12\"}]}");

  /* Cards: brand and last four only; the overlapping phone match dropped. */
  const char *card_text = "card 4111 1111 1111 1111, tel 020 7946 0958";
  status = payphone_find(card_text, strlen(card_text), "GB", "valid", PAYPHONE_FIND_CARDS | PAYPHONE_FIND_REDACT,
                         PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  check_text("find cards", out,
             "{\"ok\":true,\"matches\":[{\"kind\":\"card\",\"start\":5,\"end\":24,\"brand\":\"visa\","
             "\"last4\":\"1111\"},{\"kind\":\"phone\",\"start\":30,\"end\":43,\"raw\":\"020 7946 0958\","
             "\"e164\":\"+442079460958\",\"extension\":null}],\"redacted\":\"card [card], tel [phone]\"}");
  CHECK(strstr(out, "4111 1111") == NULL);

  /* However a card is spelled (a letter before, dots, two joined by a
     slash, one after a short number), it is found and redacted. */
  const char *spelled = "PAN4111.1111.1111.1111, 4111111111111111/5555555555554444, order 12 4111 1111 1111 1111";
  status = payphone_find(spelled, strlen(spelled), "GB", NULL, PAYPHONE_FIND_CARDS | PAYPHONE_FIND_REDACT,
                         PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
  CHECK(status == PAYPHONE_OK);
  check_text("find spelled cards", out,
             "{\"ok\":true,\"matches\":[{\"kind\":\"card\",\"start\":3,\"end\":22,\"brand\":\"visa\","
             "\"last4\":\"1111\"},{\"kind\":\"card\",\"start\":24,\"end\":40,\"brand\":\"visa\","
             "\"last4\":\"1111\"},{\"kind\":\"card\",\"start\":41,\"end\":57,\"brand\":\"mastercard\","
             "\"last4\":\"4444\"},{\"kind\":\"card\",\"start\":68,\"end\":87,\"brand\":\"visa\","
             "\"last4\":\"1111\"}],\"redacted\":\"PAN[card], [card]/[card], order 12 [card]\"}");

  CHECK(payphone_find(text, strlen(text), "GB", "loose", 0, PAYPHONE_FORMAT_JSON, out, sizeof out, &written) ==
        PAYPHONE_INVALID_ARGUMENT);
  size_t big = (1 << 20) + 1;
  char *huge = malloc(big);
  memset(huge, 'a', big);
  CHECK(payphone_find(huge, big, NULL, NULL, 0, PAYPHONE_FORMAT_JSON, out, sizeof out, &written) ==
        PAYPHONE_TEXT_TOO_LONG);
  CHECK(strstr(out, "\"ok\":false,\"error\":\"text_too_long\"") != NULL);
  free(huge);

  const char texts[] = "no numbers here\0tel +44 20 7946 0958\0";
  char *batch = NULL;
  size_t size = 0;
  CHECK(payphone_find_batch(texts, sizeof texts - 1, NULL, 0, 2, NULL, 0, PAYPHONE_FORMAT_JSON, &batch, &size) ==
        PAYPHONE_OK);
  check_text("find batch", batch,
             "{\"ok\":true,\"matches\":[]}\n{\"ok\":true,\"matches\":[{\"kind\":\"phone\",\"start\":4,\"end\":20,"
             "\"raw\":\"+44 20 7946 0958\",\"e164\":\"+442079460958\",\"extension\":null}]}\n");
  payphone_free(batch);
}

/* Threads: each parses, inspects and formats on its own, and all share one
 * formatter handle, whose lock keeps every key. */
static payphone_formatter *shared_formatter;

static void *worker(void *argument) {
  long *bad = argument;
  char out[1024];
  size_t written;
  const char *number = "020 7946 0958 ext. 123";
  for (int i = 0; i < 2000; i++) {
    payphone_phone(number, strlen(number), "GB", PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
    if (strcmp(out, GB_RECORD) != 0) (*bad)++;
    payphone_card("4111111111111111", 16, NULL, PAYPHONE_FORMAT_JSON, out, sizeof out, &written);
    if (strstr(out, "\"valid\":true") == NULL) (*bad)++;
    payphone_formatter_input_digit(shared_formatter, '1', 0, out, sizeof out, &written);
  }
  return NULL;
}

static void test_threads(void) {
  enum { THREADS = 8 };
  pthread_t threads[THREADS];
  long bad[THREADS] = {0};
  shared_formatter = payphone_formatter_new("ZZ");
  for (int i = 0; i < THREADS; i++) pthread_create(&threads[i], NULL, worker, &bad[i]);
  for (int i = 0; i < THREADS; i++) pthread_join(threads[i], NULL);
  for (int i = 0; i < THREADS; i++) CHECK(bad[i] == 0);
  /* Every key of every thread was typed: 16,000 ones (as typed: "ZZ" has no formats). */
  char *text = malloc(20000);
  size_t written = 0;
  CHECK(payphone_formatter_text(shared_formatter, text, 20000, &written) == PAYPHONE_OK);
  CHECK(written == THREADS * 2000);
  free(text);
  payphone_formatter_free(shared_formatter);
}

/* ---- Python objects: a stand-in interpreter ---------------------------
 * payphone_python_* build objects through the functions of a table; these
 * make tiny reference-counted objects instead of Python's, so that the
 * test can check the shapes built and that every reference the library
 * does not hand back is released (no object outlives its last reference). */
typedef struct fake {
  long refs;
  char kind; /* 's' str, 'i' int, 't' tuple, 'l' list, 'd' dict, 'c' constant */
  char *text;
  ptrdiff_t size;
  long value;
  struct fake **items; /* tuple and list items; a dict's keys and values, interleaved */
  ptrdiff_t count;
} fake;

static long fake_live = 0;     /* objects made and not yet freed */
static long fake_released = 0; /* PyEval_SaveThread calls not yet restored */
static fake fake_none = {1, 'c', "None", 4, 0, NULL, 0}, fake_true = {1, 'c', "True", 4, 1, NULL, 0},
            fake_false = {1, 'c', "False", 5, 0, NULL, 0};

static fake *fake_new(char kind, ptrdiff_t count) {
  fake *object = calloc(1, sizeof *object);
  object->refs = 1;
  object->kind = kind;
  object->count = count;
  if (count > 0) object->items = calloc((size_t)count * (kind == 'd' ? 2 : 1), sizeof(fake *));
  fake_live++;
  return object;
}

static void fake_decref(void *pointer) {
  fake *object = pointer;
  if (object == NULL || --object->refs > 0 || object->kind == 'c') return;
  ptrdiff_t slots = object->kind == 'd' ? 2 * object->count : object->count;
  for (ptrdiff_t i = 0; i < slots; i++) fake_decref(object->items[i]);
  free(object->items);
  /* An 'o' holds the library's state there; a str of fake_unicode_new its
   * characters just past itself. */
  if (object->kind != 'o' && object->text != (char *)(object + 1)) free(object->text);
  free(object);
  fake_live--;
}

static void fake_incref(void *pointer) {
  if (pointer) ((fake *)pointer)->refs++;
}

static void *fake_string(const char *text, ptrdiff_t size) {
  fake *object = fake_new('s', 0);
  object->text = malloc((size_t)size + 1);
  memcpy(object->text, text, (size_t)size);
  object->text[size] = 0;
  object->size = size;
  return object;
}

static const char *fake_utf8(void *pointer, ptrdiff_t *size) {
  fake *object = pointer;
  if (object->kind != 's') return NULL; /* Python: TypeError */
  *size = object->size;
  return object->text;
}

/* PyUnicode_New(size, 127) (optional slot 43): as CPython's compact ASCII
 * str, the characters (uninitialised) just past the object, at the same
 * offset in every one; PyUnicode_AsUTF8AndSize hands out that buffer. */
static long fake_unicode_new_calls = 0;

static void *fake_unicode_new(ptrdiff_t size, uint32_t maxchar) {
  if (maxchar > 127) return NULL;
  fake *object = calloc(1, sizeof *object + (size_t)size + 1);
  object->refs = 1;
  object->kind = 's';
  object->text = (char *)(object + 1);
  object->size = size;
  fake_live++;
  fake_unicode_new_calls++;
  return object;
}

/* PyGC_Disable / PyGC_Enable (optional slots 44, 45): the dicts made while
 * the collector runs are counted. */
static int fake_collecting = 1;
static long fake_dicts_made_collecting = 0;

static int fake_gc_disable(void) {
  int was = fake_collecting;
  fake_collecting = 0;
  return was;
}

static int fake_gc_enable(void) {
  int was = fake_collecting;
  fake_collecting = 1;
  return was;
}

static void *fake_long(long value) {
  fake *object = fake_new('i', 0);
  object->value = value;
  return object;
}

static void *fake_tuple_new(ptrdiff_t count) { return fake_new('t', count); }
static void *fake_list_new(ptrdiff_t count) { return fake_new('l', count); }

static int fake_set_item(void *sequence, ptrdiff_t index, void *item) { /* steals item */
  fake *object = sequence;
  if (index < 0 || index >= object->count) return -1;
  fake_decref(object->items[index]);
  object->items[index] = item;
  return 0;
}

static void *fake_list_get(void *list, ptrdiff_t index) { return ((fake *)list)->items[index]; }
static ptrdiff_t fake_list_size(void *list) { return ((fake *)list)->count; }
static void *fake_dict_new(void) {
  fake_dicts_made_collecting += fake_collecting;
  return fake_new('d', 0);
}

static int fake_dict_set(void *dict, void *key, void *value) { /* borrows both */
  fake *object = dict;
  for (ptrdiff_t i = 0; i < object->count; i++) {
    if (object->items[2 * i] != key) continue;
    fake_incref(value);
    fake_decref(object->items[2 * i + 1]);
    object->items[2 * i + 1] = value;
    return 0;
  }
  object->items = realloc(object->items, (size_t)(object->count + 1) * 2 * sizeof(fake *));
  fake_incref(key);
  fake_incref(value);
  object->items[2 * object->count] = key;
  object->items[2 * object->count + 1] = value;
  object->count++;
  return 0;
}

static void *fake_save_thread(void) {
  fake_released++;
  return &fake_released;
}

static void fake_restore_thread(void *state) {
  if (state == &fake_released) fake_released--;
}

static const char *fake_keys[15] = {"input",  "ok",    "error",    "message", "e164",          "countryCode",
                                    "nationalNumber", "extension", "region", "valid", "possible", "type",
                                    "international",  "national",  "rfc3966"};
static void *fake_api[PAYPHONE_PYTHON_FUNCTION_SLOTS];

/* The slots from 33 on (payphone_python_functions). A function object is
 * an 'f' holding its PyMethodDef (value), self and module; a type from a
 * spec a 'y'; the state object an 'o' (its pointer field where a fake's
 * text is, the 16 bytes after the header); PhoneNumber tuples 't'. */
static fake *fake_error = NULL; /* the exception set, as PyErr_SetObject leaves it */
static fake *fake_parse_error_type, *fake_general_parse;

static void *fake_new_function(void *definition, void *self, void *module) {
  fake *object = fake_new('f', 2);
  object->value = (long)(intptr_t)definition;
  fake_incref(self);
  fake_incref(module);
  object->items[0] = self;
  object->items[1] = module;
  return object;
}

static void *fake_type_from_spec(void *spec) {
  fake *object = fake_new('y', 0);
  object->value = *(int *)((char *)spec + 8); /* basicsize */
  return object;
}

static void *fake_generic_alloc(void *type, ptrdiff_t count) {
  if (count > 0) return fake_new('t', count); /* a PhoneNumber: a tuple of its own type */
  fake *object = fake_new('o', 1);
  fake_incref(type);
  object->items[0] = type;
  return object;
}

static void *fake_dict_copy(void *dict) {
  fake *source = dict, *copy = fake_dict_new();
  for (ptrdiff_t i = 0; i < source->count; i++) fake_dict_set(copy, source->items[2 * i], source->items[2 * i + 1]);
  return copy;
}

static void *fake_call(void *callable, void *args, void *kwargs) {
  if (callable == fake_parse_error_type) { /* ParseError(code, message): an 'e' holding the arguments */
    fake *error = fake_new('e', 1);
    fake_incref(args);
    error->items[0] = args;
    return error;
  }
  fake *answer = fake_new('t', 2); /* the general parse: ("general", its keyword count) */
  answer->items[0] = fake_string("general", 7);
  answer->items[1] = fake_long(kwargs ? (long)((fake *)kwargs)->count : -1);
  (void)args;
  return answer;
}

static void fake_set_error(void *type, void *value) {
  (void)type;
  fake_incref(value);
  fake_decref(fake_error);
  fake_error = value;
}

static void fake_clear_error(void) {
  fake_decref(fake_error);
  fake_error = NULL;
}

static void *fake_tuple_get(void *tuple, ptrdiff_t index) { return ((fake *)tuple)->items[index]; }
static void *fake_error_occurred(void) { return fake_error; }

static void fake_api_init(void) {
  void *functions[15] = {(void *)fake_string,    (void *)fake_utf8,      (void *)fake_long,
                         (void *)fake_tuple_new, (void *)fake_set_item,  (void *)fake_list_new,
                         (void *)fake_set_item,  (void *)fake_list_get,  (void *)fake_list_size,
                         (void *)fake_dict_new,  (void *)fake_dict_set,  (void *)fake_incref,
                         (void *)fake_decref,    (void *)fake_save_thread, (void *)fake_restore_thread};
  for (int i = 0; i < 15; i++) fake_api[i] = functions[i];
  fake_api[15] = &fake_none;
  fake_api[16] = &fake_true;
  fake_api[17] = &fake_false;
  for (int i = 0; i < 15; i++) fake_api[18 + i] = fake_string(fake_keys[i], (ptrdiff_t)strlen(fake_keys[i]));
  void *more[10] = {(void *)fake_new_function, (void *)fake_type_from_spec, (void *)fake_generic_alloc,
                    (void *)fake_dict_copy,    (void *)fake_call,           (void *)fake_set_error,
                    (void *)fake_clear_error,  (void *)fake_tuple_get,      (void *)fake_list_size,
                    (void *)fake_error_occurred};
  for (int i = 0; i < 10; i++) fake_api[33 + i] = more[i];
}

static int is_text(const fake *object, const char *text) {
  return object && object->kind == 's' && object->size == (ptrdiff_t)strlen(text) && strcmp(object->text, text) == 0;
}

/* The dict's value under `key` (by identity: the table's key objects). */
static fake *fake_lookup(const fake *dict, int key) {
  for (ptrdiff_t i = 0; i < dict->count; i++)
    if (dict->items[2 * i] == fake_api[18 + key]) return dict->items[2 * i + 1];
  return NULL;
}

/* Whether two stand-in objects hold the same values (constants and keys by identity). */
static int fake_equal(const fake *a, const fake *b) {
  if (a == b) return 1;
  if (!a || !b || a->kind != b->kind || a->kind == 'c' || a->count != b->count) return 0;
  if (a->kind == 's') return a->size == b->size && memcmp(a->text, b->text, (size_t)a->size) == 0;
  if (a->kind == 'i') return a->value == b->value;
  for (ptrdiff_t i = 0; i < (a->kind == 'd' ? 2 * a->count : a->count); i++) {
    if (a->kind == 'd' && i % 2 == 0 ? a->items[i] != b->items[i] : !fake_equal(a->items[i], b->items[i])) return 0;
  }
  return 1;
}

static void test_python_objects(void) {
  fake_api_init();
  long baseline = fake_live;
  void *const *api = (void *const *)fake_api;

  /* parse: the eleven values of the GB example (the record's from "e164" on). */
  fake *number = fake_string("020 7946 0958 ext. 123", 22), *gb = fake_string("gb", 2);
  fake *parsed = payphone_python_parse(api, number, gb);
  CHECK(parsed && parsed->kind == 't' && parsed->count == 11);
  if (parsed && parsed->count == 11) {
    fake **v = parsed->items;
    CHECK(is_text(v[0], "+442079460958"));
    CHECK(v[1]->kind == 'i' && v[1]->value == 44);
    CHECK(is_text(v[2], "2079460958"));
    CHECK(is_text(v[3], "123"));
    CHECK(is_text(v[4], "GB"));
    CHECK(v[5] == &fake_true && v[6] == &fake_true);
    CHECK(is_text(v[7], "fixed_line"));
    CHECK(is_text(v[8], "+44 20 7946 0958 x123"));
    CHECK(is_text(v[9], "020 7946 0958 x123"));
    CHECK(is_text(v[10], "tel:+44-20-7946-0958;ext=123"));
  }
  fake_decref(parsed);
  /* None for absent values; a parse error as (code, message). */
  fake *plain = fake_string("+44 20 7946 0958", 16);
  parsed = payphone_python_parse(api, plain, &fake_none);
  CHECK(parsed && parsed->count == 11 && parsed->items[3] == &fake_none);
  fake_decref(parsed);
  fake *bad = fake_string("+999 1234", 9);
  parsed = payphone_python_parse(api, bad, &fake_none);
  CHECK(parsed && parsed->kind == 't' && parsed->count == 2);
  if (parsed && parsed->count == 2) {
    CHECK(is_text(parsed->items[0], "invalid_country_code"));
    CHECK(parsed->items[1]->kind == 's' && parsed->items[1]->size > 0);
  }
  fake_decref(parsed);
  /* Not a str: NULL (Python's exception), nothing leaked; a NULL table: NULL. */
  fake *seven = fake_long(7);
  CHECK(payphone_python_parse(api, seven, &fake_none) == NULL);
  CHECK(payphone_python_parse(NULL, number, &fake_none) == NULL);

  /* normalize: the records, each input the very object given. */
  const char *texts[4] = {"020 7946 0958", "+1 650 253 0000", "nope", "a\0b"};
  ptrdiff_t sizes[4] = {13, 15, 4, 3};
  fake *numbers = fake_new('l', 4), *regions = fake_new('l', 4);
  for (int i = 0; i < 4; i++) numbers->items[i] = fake_string(texts[i], sizes[i]);
  regions->items[0] = fake_string("GB", 2);
  fake_incref(&fake_none);
  regions->items[1] = &fake_none;
  regions->items[2] = fake_string("US", 2);
  regions->items[3] = fake_string("", 0);
  fake *records = payphone_python_normalize(api, numbers, regions, &fake_none);
  CHECK(records && records->kind == 'l' && records->count == 4);
  CHECK(fake_released == 0);
  if (records && records->count == 4) {
    fake *first = records->items[0], *second = records->items[1], *third = records->items[2];
    CHECK(first->kind == 'd' && first->count == 13);
    for (ptrdiff_t i = 0; i < first->count && first->count == 13; i++) {
      int key = i < 2 ? (int)i : (int)i + 2; /* input, ok, then e164 ... rfc3966 */
      CHECK(first->items[2 * i] == fake_api[18 + key]);
    }
    CHECK(fake_lookup(first, 0) == numbers->items[0]);
    CHECK(fake_lookup(first, 1) == &fake_true);
    CHECK(is_text(fake_lookup(first, 4), "+442079460958"));
    CHECK(fake_lookup(first, 7) == &fake_none);
    CHECK(is_text(fake_lookup(first, 8), "GB"));
    CHECK(is_text(fake_lookup(first, 11), "fixed_line"));
    CHECK(is_text(fake_lookup(first, 14), "tel:+44-20-7946-0958"));
    CHECK(is_text(fake_lookup(second, 8), "US"));
    CHECK(is_text(fake_lookup(second, 11), "fixed_line_or_mobile"));
    CHECK(is_text(fake_lookup(second, 13), "(650) 253-0000"));
    CHECK(third->count == 4 && fake_lookup(third, 1) == &fake_false);
    CHECK(is_text(fake_lookup(third, 2), "not_a_number"));
    CHECK(is_text(fake_lookup(records->items[3], 2), "not_a_number"));
    CHECK(fake_lookup(records->items[3], 0) == numbers->items[3]);
  }
  fake_decref(records);
  /* Lists of different lengths, or an item that is not a str: NULL, nothing leaked. */
  fake *short_regions = fake_new('l', 1);
  short_regions->items[0] = fake_string("GB", 2);
  CHECK(payphone_python_normalize(api, numbers, short_regions, &fake_none) == NULL);
  fake_incref(seven);
  fake_set_item(numbers, 2, seven);
  CHECK(payphone_python_normalize(api, numbers, &fake_none, gb) == NULL);
  CHECK(fake_released == 0);

  /* Many numbers (several rounds of releasing the GIL), one region for all. */
  enum { MANY = 5000 };
  fake *many = fake_new('l', MANY);
  for (int i = 0; i < MANY; i++) many->items[i] = fake_string(i % 2 ? "07400 123456" : "020 7946 0958", i % 2 ? 12 : 13);
  records = payphone_python_normalize(api, many, &fake_none, gb);
  CHECK(records && records->count == MANY && fake_released == 0);
  long right = 0;
  for (ptrdiff_t i = 0; records && i < records->count; i++) {
    fake *type = fake_lookup(records->items[i], 11), *region = fake_lookup(records->items[i], 8);
    right += is_text(type, i % 2 ? "mobile" : "fixed_line") && is_text(region, "GB");
  }
  CHECK(right == MANY);
  /* The regions and types are one object each, shared by the records. */
  CHECK(records && records->count == MANY && fake_lookup(records->items[0], 8) == fake_lookup(records->items[2], 8));
  fake_decref(records);

  fake *inputs[] = {number, gb, plain, bad, seven, numbers, regions, short_regions, many};
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) fake_decref(inputs[i]);
  CHECK(fake_live == baseline);
  for (int i = 0; i < 15; i++) fake_decref(fake_api[18 + i]);
}

/* payphone_python_functions: the builtin functions, called as the
 * interpreter calls them (METH_FASTCALL), on the stand-in objects. */
typedef void *(*fast_call)(void *self, void *const *args, ptrdiff_t count, void *names);

static const char *definition_text(const fake *function, int offset) {
  return *(const char **)((const char *)(intptr_t)function->value + offset);
}

static fast_call definition_function(const fake *function) {
  fast_call call;
  memcpy(&call, (const char *)(intptr_t)function->value + 8, sizeof call);
  return call;
}

/* The record templates the package passes (payphone.h): a number's, with
 * True for ok, valid and possible and None for the rest, or a failure's. */
static fake *fake_template(int ok) {
  static const int number_keys[13] = {0, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14}, failure_keys[4] = {0, 1, 2, 3};
  fake *dict = fake_dict_new();
  for (int i = 0; i < (ok ? 13 : 4); i++) {
    int key = ok ? number_keys[i] : failure_keys[i];
    fake *value = key == 1 ? (ok ? &fake_true : &fake_false) : key == 9 || key == 10 ? &fake_true : &fake_none;
    fake_dict_set(dict, fake_api[18 + key], value);
  }
  return dict;
}

static void test_python_functions(void) {
  fake_api_init();
  void *const *api = (void *const *)fake_api;
  fake_parse_error_type = fake_new('c', 0);
  fake_general_parse = fake_new('c', 0);
  fake *phone_number_type = fake_new('c', 0), *objects = fake_new('t', 8);
  objects->items[0] = phone_number_type;
  objects->items[1] = fake_parse_error_type;
  objects->items[2] = fake_general_parse;
  objects->items[3] = fake_string("payphone", 8);
  const char *doc = "parse($module, number, region=None)\n--\n\nParses a number.";
  objects->items[4] = fake_string(doc, (ptrdiff_t)strlen(doc));
  objects->items[5] = fake_string("32", 2);
  objects->items[6] = fake_template(1);
  objects->items[7] = fake_template(0);
  CHECK(payphone_python_functions(NULL, objects) == NULL);
  CHECK(payphone_python_functions(api, objects) == NULL); /* another object header than CPython's usual */
  fake_decref(objects->items[5]);
  objects->items[5] = fake_string("16", 2);

  fake *functions = payphone_python_functions(api, objects);
  CHECK(functions && functions->kind == 't' && functions->count == 2);
  if (!functions || functions->count != 2) return;
  fake *parse = functions->items[0], *normalize = functions->items[1];
  CHECK(parse->kind == 'f' && normalize->kind == 'f' && parse->items[0] == normalize->items[0]);
  CHECK(parse->items[0]->kind == 'o' && parse->items[0]->items[0]->kind == 'y');
  CHECK(parse->items[0]->items[0]->value == 24); /* the header and the state's address */
  CHECK(is_text(parse->items[1], "payphone"));
  CHECK(strcmp(definition_text(parse, 0), "parse") == 0 && strcmp(definition_text(parse, 24), doc) == 0);
  CHECK(strcmp(definition_text(normalize, 0), "normalize") == 0);
  CHECK(*(const int *)((const char *)(intptr_t)parse->value + 16) == 0x82);      /* FASTCALL | KEYWORDS */
  CHECK(*(const int *)((const char *)(intptr_t)normalize->value + 16) == 0x80);  /* FASTCALL */
  fast_call call_parse = definition_function(parse), call_normalize = definition_function(normalize);
  void *self = parse->items[0];

  /* parse: a PhoneNumber (a tuple of eleven), then the same again: nothing kept per call. */
  fake *number = fake_string("020 7946 0958 ext. 123", 22), *gb = fake_string("gb", 2);
  void *arguments[3] = {number, gb, NULL};
  fake *parsed = call_parse(self, arguments, 2, NULL);
  CHECK(parsed && parsed->kind == 't' && parsed->count == 11);
  if (parsed && parsed->count == 11) {
    fake **v = parsed->items;
    CHECK(is_text(v[0], "+442079460958") && v[1]->kind == 'i' && v[1]->value == 44);
    CHECK(is_text(v[2], "2079460958") && is_text(v[3], "123") && is_text(v[4], "GB"));
    CHECK(v[5] == &fake_true && v[6] == &fake_true && is_text(v[7], "fixed_line"));
    CHECK(is_text(v[8], "+44 20 7946 0958 x123") && is_text(v[9], "020 7946 0958 x123"));
    CHECK(is_text(v[10], "tel:+44-20-7946-0958;ext=123"));
  }
  fake_decref(parsed);
  long live = fake_live;
  for (int i = 0; i < 50; i++) fake_decref(call_parse(self, arguments, 2, NULL));
  CHECK(fake_live == live && number->refs == 1 && gb->refs == 1);
  fake *plain = fake_string("+1 650 253 0000", 15);
  parsed = call_parse(self, (void *[]){plain}, 1, NULL);
  CHECK(parsed && parsed->count == 11 && parsed->items[3] == &fake_none && is_text(parsed->items[4], "US"));
  CHECK(parsed && parsed->count == 11 && is_text(parsed->items[10], "tel:+1-650-253-0000"));
  fake_decref(parsed);

  /* A parse error: NULL, ParseError(code, message) set. */
  fake *bad = fake_string("+999 1234", 9);
  CHECK(call_parse(self, (void *[]){bad, &fake_none}, 2, NULL) == NULL);
  CHECK(fake_error && fake_error->kind == 'e');
  if (fake_error && fake_error->kind == 'e') {
    fake *values = fake_error->items[0];
    CHECK(values->count == 2 && is_text(values->items[0], "invalid_country_code") && values->items[1]->size > 0);
  }
  fake_clear_error();

  /* Keywords, another count of arguments, a value that is not a str: the general parse. */
  fake *seven = fake_long(7), *names = fake_new('t', 1);
  names->items[0] = fake_string("region", 6);
  fake *general = call_parse(self, (void *[]){number, gb}, 1, names);
  CHECK(general && is_text(general->items[0], "general") && general->items[1]->value == 1);
  fake_decref(general);
  general = call_parse(self, (void *[]){seven}, 1, NULL);
  CHECK(general && is_text(general->items[0], "general") && general->items[1]->value == -1);
  fake_decref(general);
  general = call_parse(self, (void *[]){number, seven}, 2, NULL);
  CHECK(general && is_text(general->items[0], "general"));
  fake_decref(general);
  general = call_parse(self, (void *[]){number, gb, gb}, 3, NULL);
  CHECK(general && is_text(general->items[0], "general"));
  fake_decref(general);
  CHECK(number->refs == 1 && gb->refs == 1 && seven->refs == 1);

  /* normalize: the records of payphone_python_normalize, copied from templates. */
  fake *numbers = fake_new('l', 4), *regions = fake_new('l', 4);
  const char *texts[4] = {"020 7946 0958", "+1 650 253 0000", "nope", "07400 123456"};
  for (int i = 0; i < 4; i++) numbers->items[i] = fake_string(texts[i], (ptrdiff_t)strlen(texts[i]));
  for (int i = 0; i < 4; i++) regions->items[i] = fake_string(i == 1 ? "US" : "GB", 2);
  for (int round = 0; round < 2; round++) {
    fake *records = call_normalize(self, (void *[]){numbers, regions, &fake_none}, 3, NULL);
    CHECK(records && records->kind == 'l' && records->count == 4 && fake_released == 0);
    if (!records || records->count != 4) break;
    fake *first = records->items[0], *second = records->items[1], *third = records->items[2];
    CHECK(first->count == 13);
    for (ptrdiff_t i = 0; i < first->count && first->count == 13; i++) {
      int key = i < 2 ? (int)i : (int)i + 2; /* input, ok, then e164 ... rfc3966 */
      CHECK(first->items[2 * i] == fake_api[18 + key]);
    }
    CHECK(fake_lookup(first, 0) == numbers->items[0] && fake_lookup(first, 1) == &fake_true);
    CHECK(is_text(fake_lookup(first, 4), "+442079460958") && fake_lookup(first, 5)->value == 44);
    CHECK(is_text(fake_lookup(first, 6), "2079460958") && fake_lookup(first, 7) == &fake_none);
    CHECK(is_text(fake_lookup(first, 8), "GB") && is_text(fake_lookup(first, 11), "fixed_line"));
    CHECK(fake_lookup(first, 9) == &fake_true && fake_lookup(first, 10) == &fake_true);
    CHECK(is_text(fake_lookup(first, 12), "+44 20 7946 0958") && is_text(fake_lookup(first, 13), "020 7946 0958"));
    CHECK(is_text(fake_lookup(first, 14), "tel:+44-20-7946-0958"));
    CHECK(is_text(fake_lookup(second, 8), "US") && fake_lookup(second, 5)->value == 1);
    CHECK(is_text(fake_lookup(second, 11), "fixed_line_or_mobile") && is_text(fake_lookup(second, 13), "(650) 253-0000"));
    CHECK(third->count == 4 && fake_lookup(third, 1) == &fake_false && is_text(fake_lookup(third, 2), "not_a_number"));
    CHECK(is_text(fake_lookup(records->items[3], 11), "mobile") && is_text(fake_lookup(records->items[3], 8), "GB"));
    fake_decref(records);
  }
  /* The optional slots (PyUnicode_New, PyGC_Disable, PyGC_Enable), NULL
   * above: with them, the same records, their ASCII str made by
   * PyUnicode_New, every record made with the collector paused, and the
   * collector running again after. */
  fake *mixed = fake_new('l', 6), *mixed_regions = fake_new('l', 6);
  const char *mixed_texts[6] = {"020 7946 0958 ext. 123", "+7 495 123 45 67 \xd0\xb4\xd0\xbe\xd0\xb1 12", "nope",
                                "+800 1234 5678", "\xd9\xa0\xd9\xa2\xd9\xa0 7946 0958", "+1 650 253 0000"};
  for (int i = 0; i < 6; i++) {
    mixed->items[i] = fake_string(mixed_texts[i], (ptrdiff_t)strlen(mixed_texts[i]));
    mixed_regions->items[i] = fake_string("GB", 2);
  }
  fake *plain_records = call_normalize(self, (void *[]){mixed, mixed_regions, &fake_none}, 3, NULL);
  CHECK(fake_unicode_new_calls == 0 && fake_dicts_made_collecting > 0);
  fake_api[43] = (void *)fake_unicode_new;
  fake_api[44] = (void *)fake_gc_disable;
  fake_api[45] = (void *)fake_gc_enable;
  fake *fast_functions = payphone_python_functions(api, objects);
  CHECK(fast_functions && fast_functions->count == 2);
  if (fast_functions && fast_functions->count == 2) {
    fast_call fast_normalize = definition_function(fast_functions->items[1]);
    void *fast_self = fast_functions->items[1]->items[0];
    long made_collecting = fake_dicts_made_collecting;
    fake *fast_records = fast_normalize(fast_self, (void *[]){mixed, mixed_regions, &fake_none}, 3, NULL);
    CHECK(fake_equal(fast_records, plain_records) && fast_records && fast_records->count == 6);
    CHECK(fake_unicode_new_calls > 0 && fake_dicts_made_collecting == made_collecting && fake_collecting == 1);
    /* Every str of a number's record is a PyUnicode_New one, but its input
     * (the object given) and its region and type (shared, made once). */
    for (ptrdiff_t i = 0; fast_records && i < fast_records->count; i++) {
      fake *record = fast_records->items[i];
      for (int key = 4; record->count == 13 && key < 15; key += key == 7 || key == 10 ? 2 : 1) {
        fake *value = fake_lookup(record, key);
        CHECK(value->kind != 's' || value->text == (char *)(value + 1));
      }
    }
    CHECK(fast_records && is_text(fake_lookup(fast_records->items[0], 14), "tel:+44-20-7946-0958;ext=123"));
    CHECK(fast_records && is_text(fake_lookup(fast_records->items[1], 12), "+7 495 123-45-67 ext. 12"));
    CHECK(fast_records && is_text(fake_lookup(fast_records->items[3], 8), "001"));
    CHECK(fast_records && is_text(fake_lookup(fast_records->items[4], 4), "+442079460958"));
    /* The collector left as it was when it was not running. */
    fake_collecting = 0;
    fake_decref(fast_normalize(fast_self, (void *[]){mixed, mixed_regions, &fake_none}, 3, NULL));
    CHECK(fake_collecting == 0);
    fake_collecting = 1;
    fake_decref(fast_records);
  }
  fake_decref(plain_records);
  fake_decref(fast_functions);
  for (int i = 43; i < 46; i++) fake_api[i] = NULL;

  /* An item that is not a str: NULL, nothing leaked. */
  fake_incref(seven);
  fake_set_item(numbers, 2, seven);
  live = fake_live;
  CHECK(call_normalize(self, (void *[]){numbers, regions, &fake_none}, 3, NULL) == NULL);
  CHECK(call_normalize(self, (void *[]){numbers, regions}, 2, NULL) == NULL);
  CHECK(fake_live == live && fake_released == 0);

  fake *inputs[] = {number, gb, plain, bad, seven, names, numbers, regions, mixed, mixed_regions, functions, objects};
  for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) fake_decref(inputs[i]);
}

/* A count no packed argument can hold is refused before anything is
 * allocated for it (it once aborted the process, asking for 16 TiB). */
static void test_impossible_counts(void) {
  const char numbers[] = "020 7946 0958\0+1 650 253 0000\0";
  size_t counts[] = {3, 1 << 20, (size_t)1 << 40, SIZE_MAX / 2, SIZE_MAX};
  for (size_t i = 0; i < sizeof counts / sizeof *counts; i++) {
    char *out = NULL;
    size_t size = 0;
    CHECK(payphone_phone_batch(numbers, sizeof numbers - 1, NULL, 0, counts[i], PAYPHONE_FORMAT_JSON, &out,
                               &size) == PAYPHONE_INVALID_ARGUMENT);
    CHECK(payphone_card_batch(numbers, sizeof numbers - 1, NULL, 0, counts[i], PAYPHONE_FORMAT_PICKLE, &out,
                              &size) == PAYPHONE_INVALID_ARGUMENT);
    CHECK(payphone_find_batch(numbers, sizeof numbers - 1, NULL, 0, counts[i], NULL, 0, PAYPHONE_FORMAT_JSON, &out,
                              &size) == PAYPHONE_INVALID_ARGUMENT);
    /* Two numbers, but too few regions for the count. */
    CHECK(payphone_phone_batch(numbers, sizeof numbers - 1, "GB", 3, 2, PAYPHONE_FORMAT_JSON, &out, &size) ==
          PAYPHONE_INVALID_ARGUMENT);
    CHECK(out == NULL);
  }
}

/* The virtual memory the process has now, in bytes (/proc/self/statm). */
static size_t address_space_in_use(void) {
  FILE *statm = fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (statm == NULL) return 0;
  if (fscanf(statm, "%lu", &pages) != 1) pages = 0;
  fclose(statm);
  return pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* In a child whose address space is capped 64 MiB above what it uses, a
 * batch whose answer needs far more (a million records of about 160 bytes) gives
 * PAYPHONE_OUT_OF_MEMORY and no buffer, and the library goes on answering:
 * the process is not aborted. The child's exit status says which check
 * failed. */
static int out_of_memory_child(void) {
  const char number[] = "020 7946 0958 ext. 123";
  const size_t count = 1000000;
  char *numbers = malloc(count * sizeof number);
  if (numbers == NULL) return 10;
  for (size_t i = 0; i < count; i++) memcpy(numbers + i * sizeof number, number, sizeof number);
  /* Answer once before the cap, so that the tables are loaded. */
  char one[1024];
  size_t written = 0;
  if (payphone_phone(number, strlen(number), "GB", PAYPHONE_FORMAT_JSON, one, sizeof one, &written) != 0) return 11;
  size_t in_use = address_space_in_use();
  if (in_use == 0) return 12;
  struct rlimit cap = {in_use + (64 << 20), in_use + (64 << 20)};
  if (setrlimit(RLIMIT_AS, &cap) != 0) return 13;
  char *out = (char *)1;
  size_t size = 1;
  int32_t status =
      payphone_phone_batch(numbers, count * sizeof number, NULL, 0, count, PAYPHONE_FORMAT_JSON, &out, &size);
  if (status != PAYPHONE_OUT_OF_MEMORY) {
    fprintf(stderr, "out-of-memory child: status %d, %zu bytes\n", (int)status, size);
    return 14;
  }
  if (out != NULL || size != 0) return 15;
  if (strcmp(payphone_status_code(status), "out_of_memory") != 0) return 16;
  if (payphone_phone(number, strlen(number), "GB", PAYPHONE_FORMAT_JSON, one, sizeof one, &written) != 0) return 17;
  if (payphone_phone_batch(numbers, 10 * sizeof number, NULL, 0, 10, PAYPHONE_FORMAT_JSON, &out, &size) != 0) {
    return 18;
  }
  payphone_free(out);
  return 0;
}

static void test_out_of_memory(void) {
  fflush(NULL);
  pid_t child = fork();
  CHECK(child >= 0);
  if (child == 0) _exit(out_of_memory_child());
  int status = 0;
  CHECK(waitpid(child, &status, 0) == child);
  CHECK(WIFEXITED(status));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "out-of-memory child: %s %d\n", WIFEXITED(status) ? "exit status" : "signal",
            WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
  }
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

static size_t read_packed(const char *region, char **packed_out, size_t *size_out, char **regions_out,
                          size_t *regions_size_out) {
  size_t capacity = 1 << 16, size = 0, count = 0;
  char *packed = malloc(capacity);
  char line[1 << 16];
  while (fgets(line, sizeof line, stdin)) {
    size_t length = strcspn(line, "\n");
    if (length > 0 && line[length - 1] == '\r') length--;
    while (size + length + 1 > capacity) packed = realloc(packed, capacity *= 2);
    memcpy(packed + size, line, length);
    size += length;
    packed[size++] = 0;
    count++;
  }
  *regions_out = NULL;
  *regions_size_out = 0;
  if (region) {
    size_t region_length = strlen(region) + 1;
    *regions_size_out = region_length * count;
    *regions_out = malloc(*regions_size_out + 1);
    for (size_t i = 0; i < count; i++) memcpy(*regions_out + i * region_length, region, region_length);
  }
  *packed_out = packed;
  *size_out = size;
  return count;
}

static int batch_from_stdin(int find, const char *region) {
  char *packed, *regions;
  size_t size, regions_size;
  size_t count = read_packed(region, &packed, &size, &regions, &regions_size);
  char *out = NULL;
  size_t out_size = 0;
  int32_t status =
      find ? payphone_find_batch(packed, size, regions, regions_size, count, NULL,
                                 PAYPHONE_FIND_CARDS | PAYPHONE_FIND_REDACT, PAYPHONE_FORMAT_JSON, &out, &out_size)
           : payphone_phone_batch(packed, size, regions, regions_size, count, PAYPHONE_FORMAT_JSON, &out, &out_size);
  if (status != PAYPHONE_OK) return 1;
  fwrite(out, 1, out_size, stdout);
  payphone_free(out);
  free(packed);
  free(regions);
  return 0;
}

int main(int argc, char **argv) {
  if (argc >= 2 && strcmp(argv[1], "phone-batch") == 0) return batch_from_stdin(0, argc >= 3 ? argv[2] : NULL);
  if (argc >= 2 && strcmp(argv[1], "find-batch") == 0) return batch_from_stdin(1, argc >= 3 ? argv[2] : NULL);
  test_phone();
  test_phone_batch();
  test_impossible_counts();
  test_out_of_memory();
  test_card();
  test_as_you_type();
  test_find();
  test_threads();
  test_python_objects();
  test_python_functions();
  printf("payphone_test: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
