/* What the C test programs share: CHECK, which counts checks and failures,
 * and running a check in a child process whose address space is capped
 * (for out of memory). */
#ifndef PAYPHONE_CHECK_H
#define PAYPHONE_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int checks = 0;
static int failures = 0;

#define CHECK(condition)                                                             \
  do {                                                                               \
    checks++;                                                                        \
    if (!(condition)) {                                                              \
      failures++;                                                                    \
      fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #condition); \
    }                                                                                \
  } while (0)

/* The virtual memory the process has now, in bytes (/proc/self/statm). */
static inline size_t address_space_in_use(void) {
  FILE *statm = fopen("/proc/self/statm", "r");
  unsigned long pages = 0;
  if (statm == NULL) return 0;
  if (fscanf(statm, "%lu", &pages) != 1) pages = 0;
  fclose(statm);
  return pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* Runs `child` in a child process and checks that it exits with 0 (its
 * exit status says which of its checks failed). */
static inline void check_in_child(int (*child)(void), const char *what) {
  fflush(NULL);
  pid_t pid = fork();
  CHECK(pid >= 0);
  if (pid == 0) _exit(child());
  int status = 0;
  CHECK(waitpid(pid, &status, 0) == pid);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    fprintf(stderr, "%s: %s %d\n", what, WIFEXITED(status) ? "exit status" : "signal",
            WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
  }
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

#endif
