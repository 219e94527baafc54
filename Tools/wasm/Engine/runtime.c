// Functions compiled Swift code calls that the Embedded Swift toolchain
// ships no wasm32 library for: 128-bit multiplication (a compiler-rt
// builtin) and the standard library's locale-independent strtod (a runtime
// stub, for `Double(String)`), written here for wasm32 with wasi-libc,
// whose only locale is "C"; and the random bytes of the standard library's
// hashing seed, read straight from WASI (wasi-libc's arc4random_buf would
// link the whole of printf for the message of an assertion).

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <unistd.h>

typedef __int128 int128;
typedef unsigned __int128 uint128;

// The low 128 bits of a * b, from 32-bit partial products.
int128 __multi3(int128 a, int128 b) {
  unsigned long long a_low = (unsigned long long)a, a_high = (unsigned long long)((uint128)a >> 64);
  unsigned long long b_low = (unsigned long long)b, b_high = (unsigned long long)((uint128)b >> 64);
  unsigned long long a0 = a_low & 0xffffffffu, a1 = a_low >> 32;
  unsigned long long b0 = b_low & 0xffffffffu, b1 = b_low >> 32;
  unsigned long long p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
  unsigned long long middle = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);
  unsigned long long low = (middle << 32) | (p00 & 0xffffffffu);
  unsigned long long high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32) + a_low * b_high + a_high * b_low;
  return (int128)(((uint128)high << 64) | low);
}

// What the standard library's `Double(String)` calls: the value of the
// text at `text`, and where reading stopped; NULL when the value is out of
// range (as the hosted runtime answers).
const char *_swift_stdlib_strtod_clocale(const char *text, double *result) {
  char *end;
  errno = 0;
  double value = strtod(text, &end);
  *result = value;
  if ((value == 0.0 || value == HUGE_VAL || value == -HUGE_VAL) && errno == ERANGE) return NULL;
  return end;
}

// `count` random bytes from the host (`random_get`), 256 at a time as
// getentropy allows; a host that cannot give them stops the program, as
// running without them would not be safe.
void arc4random_buf(void *buffer, size_t count) {
  unsigned char *bytes = buffer;
  while (count > 0) {
    size_t chunk = count < 256 ? count : 256;
    if (getentropy(bytes, chunk) != 0) abort();
    bytes += chunk;
    count -= chunk;
  }
}
