#include "CPayPhoneSystem.h"

#include <stdlib.h>

#if defined(_WIN32)
#include <windows.h>

struct payphone_mutex {
  SRWLOCK lock;
};

payphone_mutex *payphone_mutex_create(void) {
  payphone_mutex *mutex = malloc(sizeof *mutex);
  if (mutex != NULL) InitializeSRWLock(&mutex->lock);
  return mutex;
}

int32_t payphone_mutex_destroy(payphone_mutex *mutex) {
  free(mutex);
  return 0;
}

int32_t payphone_mutex_lock(payphone_mutex *mutex) {
  AcquireSRWLockExclusive(&mutex->lock);
  return 0;
}

int32_t payphone_mutex_unlock(payphone_mutex *mutex) {
  ReleaseSRWLockExclusive(&mutex->lock);
  return 0;
}

#elif defined(__wasm__) && !defined(_REENTRANT)
// WebAssembly without threads: one thread, nothing to exclude.

struct payphone_mutex {
  char unused;
};

payphone_mutex *payphone_mutex_create(void) { return malloc(sizeof(payphone_mutex)); }

int32_t payphone_mutex_destroy(payphone_mutex *mutex) {
  free(mutex);
  return 0;
}

int32_t payphone_mutex_lock(payphone_mutex *mutex) {
  (void)mutex;
  return 0;
}

int32_t payphone_mutex_unlock(payphone_mutex *mutex) {
  (void)mutex;
  return 0;
}

#else
// glibc, musl, Bionic, Darwin and the BSDs: POSIX threads.
#include <pthread.h>

struct payphone_mutex {
  pthread_mutex_t mutex;
};

payphone_mutex *payphone_mutex_create(void) {
  payphone_mutex *mutex = malloc(sizeof *mutex);
  if (mutex == NULL) return NULL;
  pthread_mutexattr_t attributes;
  if (pthread_mutexattr_init(&attributes) != 0) {
    free(mutex);
    return NULL;
  }
#if defined(DEBUG)
  pthread_mutexattr_settype(&attributes, PTHREAD_MUTEX_ERRORCHECK);
#endif
  int error = pthread_mutex_init(&mutex->mutex, &attributes);
  pthread_mutexattr_destroy(&attributes);
  if (error != 0) {
    free(mutex);
    return NULL;
  }
  return mutex;
}

int32_t payphone_mutex_destroy(payphone_mutex *mutex) {
  int error = pthread_mutex_destroy(&mutex->mutex);
  free(mutex);
  return error;
}

int32_t payphone_mutex_lock(payphone_mutex *mutex) { return pthread_mutex_lock(&mutex->mutex); }

int32_t payphone_mutex_unlock(payphone_mutex *mutex) { return pthread_mutex_unlock(&mutex->mutex); }
#endif

#if defined(__GLIBC__)
#include <malloc.h>

void payphone_keep_freed_memory_mapped(void) {
  mallopt(M_MMAP_THRESHOLD, 4 << 20);
  mallopt(M_TRIM_THRESHOLD, 32 << 20);
}
#else
void payphone_keep_freed_memory_mapped(void) {}
#endif

void *payphone_reallocate(void *block, size_t size) { return realloc(block, size == 0 ? 1 : size); }

void payphone_deallocate(void *block) { free(block); }
