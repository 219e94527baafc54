#ifndef CPAYPHONESYSTEM_H
#define CPAYPHONESYSTEM_H

// The C library calls PayPhone makes, behind one header: Swift modules call
// these and import no C library module of their own. Each function chooses
// the platform's way (pthreads, Windows slim locks, nothing on single-threaded
// WebAssembly) and reports failure by its return value.

#include <stddef.h>
#include <stdint.h>

/// A mutual-exclusion lock; opaque.
typedef struct payphone_mutex payphone_mutex;

/// A new unlocked mutex, or NULL when it cannot be made (out of memory, or the
/// platform refused). Debug builds make an error-checking mutex where the
/// platform has one, so that unlocking a mutex this thread does not hold fails.
payphone_mutex *payphone_mutex_create(void);

/// Destroys an unlocked mutex made by payphone_mutex_create and frees it.
/// Returns 0, or the platform's error code.
int32_t payphone_mutex_destroy(payphone_mutex *mutex);

/// Locks the mutex, waiting for it. Returns 0, or the platform's error code
/// (a deadlock detected, an invalid mutex).
int32_t payphone_mutex_lock(payphone_mutex *mutex);

/// Unlocks a mutex this thread holds. Returns 0, or the platform's error code.
int32_t payphone_mutex_unlock(payphone_mutex *mutex);

/// Tunes the C allocator for a process that streams large short-lived
/// buffers between threads (the command-line tool's parallel chunks): on
/// glibc, freed blocks up to 4 MiB stay mapped and up to 32 MiB of free
/// memory stays with the process, instead of being unmapped and faulted in
/// again for each chunk. Elsewhere it does nothing. Process-wide: only a
/// program's main function calls it, once.
void payphone_keep_freed_memory_mapped(void);

/// Resizes a block from the C allocator (NULL: a new one) to `size` bytes,
/// keeping its bytes; NULL, with the block untouched, when the system refuses.
/// A block handed to a C caller is freed with payphone_deallocate (free).
void *payphone_reallocate(void *block, size_t size);

/// Frees a block from payphone_reallocate (NULL: nothing).
void payphone_deallocate(void *block);

#endif
