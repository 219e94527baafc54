/* The C ABI's Arrow entry points: string arrays built by hand in the three
 * layouts, the struct arrays answered (names, types, values from the CLI
 * contract's examples, nulls), bad input refused with a status, release
 * callbacks that free everything, and out
 * of memory answered with a status.
 *
 *   arrow_test    run the checks; exit 0 when all pass
 */
#define _DEFAULT_SOURCE /* fork, setrlimit */
#include "payphone.h"
#include "check.h"

#include <string.h>
#include <sys/resource.h>

/* A borrowed input: the test owns the memory, the release does nothing. */
static void release_nothing_schema(struct ArrowSchema *schema) { schema->release = NULL; }
static void release_nothing_array(struct ArrowArray *array) { array->release = NULL; }

/* A utf8 ("u") array of `count` strings, NULL entries null. */
struct utf8_input {
  struct ArrowSchema schema;
  struct ArrowArray array;
  const void *buffers[3];
  uint8_t validity[8];
  int32_t offsets[65];
  char data[1024];
};

static void make_utf8(struct utf8_input *input, const char *const *strings, int count) {
  memset(input, 0, sizeof *input);
  int64_t nulls = 0;
  input->offsets[0] = 0;
  for (int i = 0; i < count; i++) {
    size_t length = strings[i] ? strlen(strings[i]) : 0;
    if (strings[i]) {
      memcpy(input->data + input->offsets[i], strings[i], length);
      input->validity[i / 8] |= (uint8_t)(1 << (i % 8));
    } else {
      nulls++;
    }
    input->offsets[i + 1] = input->offsets[i] + (int32_t)length;
  }
  input->buffers[0] = input->validity;
  input->buffers[1] = input->offsets;
  input->buffers[2] = input->data;
  input->schema = (struct ArrowSchema){.format = "u", .name = "", .flags = ARROW_FLAG_NULLABLE,
                                       .release = release_nothing_schema};
  input->array = (struct ArrowArray){.length = count, .null_count = nulls, .n_buffers = 3,
                                     .buffers = input->buffers, .release = release_nothing_array};
}

/* The child of `schema` named `name`, or -1. */
static int child_named(const struct ArrowSchema *schema, const char *name) {
  for (int64_t i = 0; i < schema->n_children; i++) {
    if (strcmp(schema->children[i]->name, name) == 0) return (int)i;
  }
  return -1;
}

static int is_valid(const struct ArrowArray *array, int64_t row) {
  const uint8_t *validity = array->buffers[0];
  return validity == NULL || (validity[row / 8] >> (row % 8)) & 1;
}

/* Row `row` of a utf8 child, NUL-terminated into `out`. */
static const char *string_at(const struct ArrowArray *column, int64_t row, char *out) {
  const int32_t *offsets = column->buffers[1];
  const char *data = column->buffers[2];
  int32_t length = offsets[row + 1] - offsets[row];
  memcpy(out, data + offsets[row], (size_t)length);
  out[length] = 0;
  return out;
}

/* Row `row` of a dictionary-encoded child (int32 indexes into utf8), NUL-terminated into `out`. */
static const char *dictionary_string_at(const struct ArrowArray *column, int64_t row, char *out) {
  return string_at(column->dictionary, ((const int32_t *)column->buffers[1])[row], out);
}

static void test_phone_arrow(void) {
  const char *numbers[] = {"020 7946 0958 ext. 123", NULL, "+1 650 253 0000", "1"};
  struct utf8_input input;
  make_utf8(&input, numbers, 4);
  struct ArrowSchema schema;
  struct ArrowArray out;
  CHECK(payphone_phone_arrow(&input.schema, &input.array, NULL, NULL, "GB", &schema, &out) == PAYPHONE_OK);
  CHECK(strcmp(schema.format, "+s") == 0);
  CHECK(out.length == 4 && out.null_count == 1 && !is_valid(&out, 1) && is_valid(&out, 0));
  /* The contract's fields in its order, then the failure's. */
  const char *names[] = {"input", "ok", "e164", "countryCode", "nationalNumber", "extension", "region", "valid",
                         "possible", "type", "international", "national", "rfc3966", "error", "message"};
  const char *formats[] = {"u", "b", "u", "i", "u", "u", "u", "b", "b", "i", "u", "u", "u", "i", "u"};
  CHECK(schema.n_children == 15 && out.n_children == 15);
  for (int i = 0; i < 15 && i < schema.n_children; i++) {
    CHECK(strcmp(schema.children[i]->name, names[i]) == 0);
    CHECK(strcmp(schema.children[i]->format, formats[i]) == 0);
    /* The type and the error are dictionary-encoded strings, the rest plain. */
    int encoded = strcmp(names[i], "type") == 0 || strcmp(names[i], "error") == 0;
    CHECK((schema.children[i]->dictionary != NULL) == encoded && (out.children[i]->dictionary != NULL) == encoded);
    CHECK(!encoded || strcmp(schema.children[i]->dictionary->format, "u") == 0);
  }
  char text[256];
  struct ArrowArray *e164 = out.children[child_named(&schema, "e164")];
  CHECK(strcmp(string_at(e164, 0, text), "+442079460958") == 0);
  CHECK(strcmp(string_at(e164, 2, text), "+16502530000") == 0);
  CHECK(!is_valid(e164, 3));
  struct ArrowArray *code = out.children[child_named(&schema, "countryCode")];
  CHECK(((const int32_t *)code->buffers[1])[0] == 44 && ((const int32_t *)code->buffers[1])[2] == 1);
  CHECK(strcmp(string_at(out.children[child_named(&schema, "extension")], 0, text), "123") == 0);
  CHECK(!is_valid(out.children[child_named(&schema, "extension")], 2));
  CHECK(strcmp(dictionary_string_at(out.children[child_named(&schema, "error")], 3, text), "not_a_number") == 0);
  CHECK(!is_valid(out.children[child_named(&schema, "error")], 0));
  struct ArrowArray *type = out.children[child_named(&schema, "type")];
  CHECK(strcmp(dictionary_string_at(type, 0, text), "fixed_line") == 0);
  CHECK(strcmp(dictionary_string_at(type, 2, text), "fixed_line_or_mobile") == 0);
  CHECK(type->dictionary->length == 2 && !is_valid(type, 3));
  const uint8_t *ok = out.children[child_named(&schema, "ok")]->buffers[1];
  CHECK((ok[0] & 0x0D) == 0x05); /* rows 0 and 2 true, row 3 false */
  out.release(&out);
  CHECK(out.release == NULL);
  schema.release(&schema);
  CHECK(schema.release == NULL);
}

static void test_regions_and_views(void) {
  /* utf8_view: one inline string (<= 12 bytes), one in a data buffer. */
  static const char long_number[] = "+44 20 7946 0958";
  uint8_t views[32] = {0};
  int32_t short_length = 11, long_length = (int32_t)strlen(long_number), zero = 0;
  memcpy(views, &short_length, 4);
  memcpy(views + 4, "07911123456", 11);
  memcpy(views + 16, &long_length, 4);
  memcpy(views + 20, long_number, 4);
  memcpy(views + 24, &zero, 4);
  memcpy(views + 28, &zero, 4);
  int64_t sizes[1] = {long_length};
  const void *view_buffers[4] = {NULL, views, long_number, sizes};
  struct ArrowSchema view_schema = {.format = "vu", .name = "", .release = release_nothing_schema};
  struct ArrowArray view_array = {.length = 2, .n_buffers = 4, .buffers = view_buffers,
                                  .release = release_nothing_array};
  const char *regions[] = {"GB", "US"};
  struct utf8_input region_input;
  make_utf8(&region_input, regions, 2);
  struct ArrowSchema schema;
  struct ArrowArray out;
  CHECK(payphone_phone_arrow(&view_schema, &view_array, &region_input.schema, &region_input.array, NULL, &schema,
                             &out) == PAYPHONE_OK);
  char text[256];
  struct ArrowArray *e164 = out.children[child_named(&schema, "e164")];
  CHECK(strcmp(string_at(e164, 0, text), "+447911123456") == 0);
  CHECK(strcmp(string_at(e164, 1, text), "+442079460958") == 0);
  out.release(&out);
  schema.release(&schema);

  /* A view that points past its buffer is refused. */
  int32_t past = 1;
  memcpy(views + 28, &past, 4);
  CHECK(payphone_phone_arrow(&view_schema, &view_array, NULL, NULL, "GB", &schema, &out) ==
        PAYPHONE_INVALID_ARGUMENT);
}

static void test_bad_input(void) {
  const char *numbers[] = {"020 7946 0958", "07911 123456"};
  struct utf8_input input;
  make_utf8(&input, numbers, 2);
  struct ArrowSchema schema = {0};
  struct ArrowArray out = {0};
  /* Another format. */
  input.schema.format = "i";
  CHECK(payphone_phone_arrow(&input.schema, &input.array, NULL, NULL, "GB", &schema, &out) ==
        PAYPHONE_INVALID_ARGUMENT);
  input.schema.format = "u";
  /* Offsets out of order. */
  input.offsets[1] = 40;
  CHECK(payphone_phone_arrow(&input.schema, &input.array, NULL, NULL, "GB", &schema, &out) ==
        PAYPHONE_INVALID_ARGUMENT);
  make_utf8(&input, numbers, 2);
  /* Regions of another length. */
  struct utf8_input regions;
  make_utf8(&regions, numbers, 1);
  CHECK(payphone_phone_arrow(&input.schema, &input.array, &regions.schema, &regions.array, NULL, &schema, &out) ==
        PAYPHONE_INVALID_ARGUMENT);
  /* NULL and released arrays. */
  CHECK(payphone_phone_arrow(NULL, &input.array, NULL, NULL, "GB", &schema, &out) == PAYPHONE_INVALID_ARGUMENT);
  CHECK(payphone_card_arrow(&input.schema, &input.array, NULL, &out) == PAYPHONE_INVALID_ARGUMENT);
  input.array.release = NULL;
  CHECK(payphone_card_arrow(&input.schema, &input.array, &schema, &out) == PAYPHONE_INVALID_ARGUMENT);
  /* A leniency that is none, flags that are none. */
  make_utf8(&input, numbers, 2);
  CHECK(payphone_find_arrow(&input.schema, &input.array, NULL, NULL, "GB", "loose", 0, &schema, &out) ==
        PAYPHONE_INVALID_ARGUMENT);
  CHECK(payphone_find_arrow(&input.schema, &input.array, NULL, NULL, "GB", NULL, 8, &schema, &out) ==
        PAYPHONE_INVALID_ARGUMENT);
  /* Nothing was handed out. */
  CHECK(schema.release == NULL && out.release == NULL);
}

static void test_card_and_find_arrow(void) {
  const char *cards[] = {"3782 822463 10005", "", NULL};
  struct utf8_input input;
  make_utf8(&input, cards, 3);
  struct ArrowSchema schema;
  struct ArrowArray out;
  CHECK(payphone_card_arrow(&input.schema, &input.array, &schema, &out) == PAYPHONE_OK);
  char text[256];
  CHECK(strcmp(string_at(out.children[child_named(&schema, "brand")], 0, text), "american-express") == 0);
  CHECK(strcmp(dictionary_string_at(out.children[child_named(&schema, "error")], 1, text), "empty") == 0);
  int candidates = child_named(&schema, "candidates");
  CHECK(strcmp(schema.children[candidates]->format, "+l") == 0);
  CHECK(out.children[candidates]->children[0]->length == 1);
  CHECK(out.null_count == 1);
  out.release(&out);
  schema.release(&schema);

  const char *texts[] = {"Call 020 7946 0958 or card 4111 1111 1111 1111", "nothing here"};
  make_utf8(&input, texts, 2);
  CHECK(payphone_find_arrow(&input.schema, &input.array, NULL, NULL, "GB", "valid",
                            PAYPHONE_FIND_CARDS | PAYPHONE_FIND_REDACT, &schema, &out) == PAYPHONE_OK);
  int matches = child_named(&schema, "matches");
  CHECK(matches >= 0 && strcmp(schema.children[matches]->format, "+l") == 0);
  const struct ArrowArray *list = out.children[matches];
  const int32_t *list_offsets = list->buffers[1];
  CHECK(list_offsets[0] == 0 && list_offsets[1] == 2 && list_offsets[2] == 2);
  const struct ArrowSchema *element = schema.children[matches]->children[0];
  const struct ArrowArray *elements = list->children[0];
  CHECK(strcmp(string_at(elements->children[child_named(element, "kind")], 0, text), "phone") == 0);
  CHECK(strcmp(string_at(elements->children[child_named(element, "e164")], 0, text), "+442079460958") == 0);
  CHECK(strcmp(string_at(elements->children[child_named(element, "kind")], 1, text), "card") == 0);
  CHECK(strcmp(string_at(elements->children[child_named(element, "last4")], 1, text), "1111") == 0);
  CHECK(!is_valid(elements->children[child_named(element, "e164")], 1));
  CHECK(strcmp(string_at(out.children[child_named(&schema, "redacted")], 0, text),
               "Call [phone] or card [card]") == 0);
  out.release(&out);
  schema.release(&schema);
}

/* A million numbers answered under a cap on memory: a status, not a crash. */
static int out_of_memory_child(void) {
  const char number[] = "020 7946 0958 ext. 123";
  const int64_t count = 1000000;
  const size_t length = strlen(number);
  char *data = malloc((size_t)count * length);
  int32_t *offsets = malloc(((size_t)count + 1) * sizeof(int32_t));
  if (data == NULL || offsets == NULL) return 10;
  offsets[0] = 0;
  for (int64_t i = 0; i < count; i++) {
    memcpy(data + i * (int64_t)length, number, length);
    offsets[i + 1] = (int32_t)((i + 1) * (int64_t)length);
  }
  const void *buffers[3] = {NULL, offsets, data};
  struct ArrowSchema input_schema = {.format = "u", .name = "", .release = release_nothing_schema};
  struct ArrowArray input = {.length = 1, .n_buffers = 3, .buffers = buffers, .release = release_nothing_array};
  struct ArrowSchema schema;
  struct ArrowArray out;
  /* Once before the cap, so that the tables are loaded. */
  if (payphone_phone_arrow(&input_schema, &input, NULL, NULL, "GB", &schema, &out) != PAYPHONE_OK) return 11;
  out.release(&out);
  schema.release(&schema);
  size_t in_use = address_space_in_use();
  if (in_use == 0) return 12;
  struct rlimit cap = {in_use + (64 << 20), in_use + (64 << 20)};
  if (setrlimit(RLIMIT_AS, &cap) != 0) return 13;
  input.length = count;
  int32_t status = payphone_phone_arrow(&input_schema, &input, NULL, NULL, "GB", &schema, &out);
  if (status != PAYPHONE_OUT_OF_MEMORY) {
    fprintf(stderr, "out-of-memory child: status %d\n", (int)status);
    return 14;
  }
  input.length = 10;
  if (payphone_phone_arrow(&input_schema, &input, NULL, NULL, "GB", &schema, &out) != PAYPHONE_OK) return 15;
  out.release(&out);
  schema.release(&schema);
  return 0;
}

static void test_out_of_memory(void) { check_in_child(out_of_memory_child, "out-of-memory child"); }

int main(int argc, char **argv) {
  test_phone_arrow();
  test_regions_and_views();
  test_bad_input();
  test_card_and_find_arrow();
  if (argc < 2 || strcmp(argv[1], "--no-fork") != 0) test_out_of_memory();
  printf("%d checks, %d failures\n", checks, failures);
  return failures == 0 ? 0 : 1;
}
