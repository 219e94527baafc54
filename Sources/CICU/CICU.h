// The system ICU, as found by pkg-config (icu-uc). Only the C shim
// (CPayPhoneICU) includes ICU headers; no Swift module imports this one.
#include <unicode/utypes.h>
