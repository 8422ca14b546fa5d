#ifndef UTIL_H
#define UTIL_H

/* Prototypes only: the bodies live in src/util.c. */
int clamp(int value, int low, int high);
void log_msg(const char *message);

/* A definition in a header, visible to every file that includes it. */
static inline int square(int x) { return x * x; }

#endif
