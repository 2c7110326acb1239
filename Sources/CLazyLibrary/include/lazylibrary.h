/*
 * A shared library opened on first use instead of at start-up.
 *
 * Every library the program links is mapped and relocated before main runs,
 * whether a run uses it or not: the encoders of JPEG, WebP and GIF (with
 * libimagequant and its OpenMP runtime) and the REPL's libedit cost about a
 * millisecond of every start together, FreeType, fontconfig and HarfBuzz
 * about as much again. Their C shims (CTextLibraries for the last three)
 * instead name the functions they call in a lazylibrary and call them
 * through the pointers it fills on the first call that needs them.
 *
 * Thread-safe: the first caller loads, later ones wait for it. The outcome is
 * kept: a library that could not be loaded (not installed, or a function
 * missing) gives the same message to every later call, and nothing is
 * retried.
 */
#ifndef LAZYLIBRARY_H
#define LAZYLIBRARY_H

#include <pthread.h>
#include <stddef.h>

/** Room for the reason a library could not be loaded. */
#define LAZYLIBRARY_MESSAGE_SIZE 256

typedef struct {
    /** What to dlopen, in order: sonames, first found wins; NULL-terminated. */
    const char *const *files;
    /** The functions to look up, NULL-terminated. */
    const char *const *symbols;
    /** Where each symbol's address goes, one per symbol, in the same order. */
    void **const *slots;
    /* Filled by lazylibrary_open; start with LAZYLIBRARY_STATE. */
    pthread_mutex_t lock;
    int state; /* 0 not tried, 1 loaded, -1 failed */
    char message[LAZYLIBRARY_MESSAGE_SIZE];
} lazylibrary;

/** The initial value of a lazylibrary's lock, state and message. */
#define LAZYLIBRARY_STATE PTHREAD_MUTEX_INITIALIZER, 0, { 0 }

/**
 * Loads the library and fills its slots if no call has yet. Returns 1 when
 * they are filled (now or before); otherwise 0 and the reason (naming the
 * library and, if one is missing, the function) in `error`, at most
 * `error_size` bytes, NUL-terminated.
 */
int lazylibrary_open(lazylibrary *library, char *error, size_t error_size);

/*
 * A shim lists its functions once, as X(name) entries of a macro, and builds
 * from the list the pointers (`lazy_name`, typed from the library's own
 * declaration), their names and their slots:
 *
 *     #define LIBFOO_FUNCTIONS(X) X(foo_open) X(foo_close)
 *     LIBFOO_FUNCTIONS(LAZYLIBRARY_POINTER)
 *     static const char *const foo_symbols[] = {LIBFOO_FUNCTIONS(LAZYLIBRARY_NAME) NULL};
 *     static void **const foo_slots[] = {LIBFOO_FUNCTIONS(LAZYLIBRARY_SLOT)};
 */
#define LAZYLIBRARY_POINTER(f) static __typeof__(f) *lazy_##f;
#define LAZYLIBRARY_NAME(f) #f,
#define LAZYLIBRARY_SLOT(f) (void **)&lazy_##f,

#endif
