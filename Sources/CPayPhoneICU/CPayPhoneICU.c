#include "CPayPhoneICU.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>
#include <unicode/utext.h>

// Opening a break iterator loads its rules, far more work than cloning
// one; iterators are not thread-safe. Each thread clones the shared
// template once and keeps its clone, closed by the key's destructor when
// the thread ends.
static UBreakIterator *graphemeTemplate;
static pthread_once_t graphemeTemplateOnce = PTHREAD_ONCE_INIT;
static pthread_key_t graphemeIteratorKey;
static pthread_mutex_t graphemeCloneLock = PTHREAD_MUTEX_INITIALIZER;

static void closeIterator(void *iterator) { ubrk_close((UBreakIterator *)iterator); }

static void openGraphemeTemplate(void) {
    UErrorCode status = U_ZERO_ERROR;
    graphemeTemplate = ubrk_open(UBRK_CHARACTER, "", NULL, 0, &status);
    if (U_FAILURE(status)) graphemeTemplate = NULL;
    pthread_key_create(&graphemeIteratorKey, closeIterator);
}

static UBreakIterator *threadGraphemeIterator(void) {
    pthread_once(&graphemeTemplateOnce, openGraphemeTemplate);
    if (graphemeTemplate == NULL) return NULL;
    UBreakIterator *iterator = pthread_getspecific(graphemeIteratorKey);
    if (iterator != NULL) return iterator;
    UErrorCode status = U_ZERO_ERROR;
    pthread_mutex_lock(&graphemeCloneLock);
    iterator = ubrk_clone(graphemeTemplate, &status);
    pthread_mutex_unlock(&graphemeCloneLock);
    if (U_FAILURE(status)) return NULL;
    pthread_setspecific(graphemeIteratorKey, iterator);
    return iterator;
}

int64_t payphone_icu_grapheme_boundaries(const uint8_t *utf8, int64_t length,
                                         int64_t *boundaries, int64_t capacity) {
    if (length == 0) {
        if (capacity > 0) boundaries[0] = 0;
        return 1;
    }
    UBreakIterator *iterator = threadGraphemeIterator();
    if (iterator == NULL) return -1;
    UErrorCode status = U_ZERO_ERROR;
    UText text = UTEXT_INITIALIZER;
    utext_openUTF8(&text, (const char *)utf8, length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(iterator, &text, &status);
    if (U_FAILURE(status)) {
        utext_close(&text);
        return -1;
    }
    int64_t count = 0;
    for (int32_t boundary = ubrk_first(iterator); boundary != UBRK_DONE;
         boundary = ubrk_next(iterator)) {
        if (boundaries != NULL && count < capacity) boundaries[count] = boundary;
        count++;
    }
    // Detach the caller's bytes before the iterator outlives them.
    UText empty = UTEXT_INITIALIZER;
    utext_openUTF8(&empty, "", 0, &status);
    ubrk_setUText(iterator, &empty, &status);
    utext_close(&empty);
    utext_close(&text);
    return count;
}

int64_t payphone_icu_count_graphemes(const uint8_t *utf8, int64_t length) {
    if (length == 0) return 0;
    int64_t boundaries = payphone_icu_grapheme_boundaries(utf8, length, NULL, 0);
    return boundaries < 0 ? -1 : boundaries - 1;
}

int32_t payphone_icu_digit_value(uint32_t codePoint) {
    if (u_charType((UChar32)codePoint) != U_DECIMAL_DIGIT_NUMBER) return -1;
    return u_charDigitValue((UChar32)codePoint);
}

int32_t payphone_icu_digit_type_value(uint32_t codePoint) {
    int32_t type = u_getIntPropertyValue((UChar32)codePoint, UCHAR_NUMERIC_TYPE);
    if (type != U_NT_DECIMAL && type != U_NT_DIGIT) return -1;
    double value = u_getNumericValue((UChar32)codePoint);
    if (value < 0 || value > 9 || value != (double)(int32_t)value) return -1;
    return (int32_t)value;
}

bool payphone_icu_is_decimal_digit_category(uint32_t codePoint) {
    return u_charType((UChar32)codePoint) == U_DECIMAL_DIGIT_NUMBER;
}

double payphone_icu_numeric_value(uint32_t codePoint) {
    double value = u_getNumericValue((UChar32)codePoint);
    return value == U_NO_NUMERIC_VALUE ? -123456789.0 : value;
}

void payphone_icu_unicode_version(char *out) {
    UVersionInfo version;
    u_getUnicodeVersion(version);
    snprintf(out, 16, "%d.%d", version[0], version[1]);
}

int32_t payphone_icu_region_display_name(const char *regionCode, const char *displayLocale,
                                         uint8_t *out, int32_t capacity) {
    char locale[16];
    snprintf(locale, sizeof locale, "und_%s", regionCode);
    UChar name[256];
    UErrorCode status = U_ZERO_ERROR;
    int32_t nameLength = uloc_getDisplayCountry(locale, displayLocale, name, 256, &status);
    if (status == U_USING_DEFAULT_WARNING) {
        // ICU knows nothing of the display locale and fell back to the
        // process's default locale: use root's English names instead, the
        // same whatever the environment says.
        status = U_ZERO_ERROR;
        nameLength = uloc_getDisplayCountry(locale, "en", name, 256, &status);
    }
    if (U_FAILURE(status)) return -1;
    if (status == U_USING_DEFAULT_WARNING || nameLength == 0) return 0;
    int32_t written = 0;
    u_strToUTF8((char *)out, capacity, &written, name, nameLength, &status);
    if (U_FAILURE(status) || written >= capacity) return -1;
    // ICU answers a region it has no name for with the code itself.
    if ((size_t)written == strlen(regionCode) && memcmp(out, regionCode, (size_t)written) == 0) return 0;
    return written;
}
