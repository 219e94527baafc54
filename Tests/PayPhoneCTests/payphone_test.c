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
#include "check.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>


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
    CHECK(payphone_card_batch(numbers, sizeof numbers - 1, NULL, 0, counts[i], PAYPHONE_FORMAT_JSON, &out,
                              &size) == PAYPHONE_INVALID_ARGUMENT);
    CHECK(payphone_find_batch(numbers, sizeof numbers - 1, NULL, 0, counts[i], NULL, 0, PAYPHONE_FORMAT_JSON, &out,
                              &size) == PAYPHONE_INVALID_ARGUMENT);
    /* Two numbers, but too few regions for the count. */
    CHECK(payphone_phone_batch(numbers, sizeof numbers - 1, "GB", 3, 2, PAYPHONE_FORMAT_JSON, &out, &size) ==
          PAYPHONE_INVALID_ARGUMENT);
    CHECK(out == NULL);
  }
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

static void test_out_of_memory(void) { check_in_child(out_of_memory_child, "out-of-memory child"); }

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
  printf("payphone_test: %d checks, %d failed\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
