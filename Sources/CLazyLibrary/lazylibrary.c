#include "lazylibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* Called with the lock held, once: 1 loaded, -1 failed (message set). */
static int load(lazylibrary *library) {
    void *handle = NULL;
    const char *tried = library->files[0];
    for (const char *const *file = library->files; *file && !handle; file++) {
        handle = dlopen(*file, RTLD_NOW | RTLD_LOCAL);
        tried = *file;
    }
    if (!handle) {
        const char *why = dlerror();
        snprintf(library->message, sizeof library->message, "%s is not installed or cannot be loaded (%s)",
                 tried, why ? why : "no reason given");
        return -1;
    }
    for (size_t i = 0; library->symbols[i]; i++) {
        void *address = dlsym(handle, library->symbols[i]);
        if (!address) {
            snprintf(library->message, sizeof library->message, "%s has no function %s (a different version?)",
                     tried, library->symbols[i]);
            /* Leave every slot empty: nothing is called through a half-filled table. */
            for (size_t j = 0; j < i; j++) *library->slots[j] = NULL;
            dlclose(handle);
            return -1;
        }
        *library->slots[i] = address;
    }
    return 1;
}

int lazylibrary_open(lazylibrary *library, char *error, size_t error_size) {
    /* A loaded library is never unloaded, so a state of 1 seen here stays true;
     * the atomic load orders the slots' writes before their use. */
    if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) == 1) return 1;
    pthread_mutex_lock(&library->lock);
    if (library->state == 0) __atomic_store_n(&library->state, load(library), __ATOMIC_RELEASE);
    int loaded = library->state == 1;
    if (!loaded && error && error_size > 0) snprintf(error, error_size, "%s", library->message);
    pthread_mutex_unlock(&library->lock);
    return loaded;
}
