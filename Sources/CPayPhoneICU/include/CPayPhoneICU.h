#ifndef CPAYPHONEICU_H
#define CPAYPHONEICU_H

// Plain C entry points over the system ICU, for builds with the `ICU` trait.
// ICU headers stay inside the .c file: a Swift module that sees both
// Foundation's bundled ICU and the system ICU does not compile.

#include <stdbool.h>
#include <stdint.h>

/// Counts ICU extended grapheme clusters in valid UTF-8 text.
/// Returns -1 when ICU reports an error.
int64_t payphone_icu_count_graphemes(const uint8_t *utf8, int64_t length);

/// Writes the grapheme cluster boundaries of `utf8` (byte offsets, starting
/// with 0 and ending with `length`) into `boundaries`, at most `capacity`
/// of them. Returns how many boundaries exist (which may exceed `capacity`),
/// or -1 on an ICU error.
int64_t payphone_icu_grapheme_boundaries(const uint8_t *utf8, int64_t length,
                                         int64_t *boundaries, int64_t capacity);

/// The decimal digit value (0-9) of `codePoint` if it is a Unicode decimal
/// digit (Nd), else -1.
int32_t payphone_icu_digit_value(uint32_t codePoint);

/// The value (0-9) of `codePoint` when ICU gives it numeric type Decimal or
/// Digit (decimal digits of every script, and superscript and circled
/// digits), else -1.
int32_t payphone_icu_digit_type_value(uint32_t codePoint);

/// Whether ICU puts `codePoint` in general category Nd (u_charType).
bool payphone_icu_is_decimal_digit_category(uint32_t codePoint);

/// ICU's numeric value of `codePoint` (u_getNumericValue), or -123456789
/// when it has none.
double payphone_icu_numeric_value(uint32_t codePoint);

/// The Unicode version ICU implements, as "major.minor".
/// Writes a NUL-terminated string into `out` (at least 16 bytes).
void payphone_icu_unicode_version(char *out);

/// The display name of the region `regionCode` (ISO 3166-1 alpha-2) in
/// `displayLocale` (e.g. "en", "ja"; a locale ICU does not know gives the
/// English names, not the process default's), as UTF-8 into `out`. Returns the byte
/// length written (without NUL), 0 when ICU has no name, -1 on error or when
/// `capacity` is too small.
int32_t payphone_icu_region_display_name(const char *regionCode, const char *displayLocale,
                                         uint8_t *out, int32_t capacity);

#endif
