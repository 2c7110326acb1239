/*
 * The C side of celllua's Lua binding.
 *
 * Why this exists: a Lua error is a longjmp. If it jumped over Swift frames it
 * would skip their cleanup (ARC releases, defers) and corrupt the program. So
 * Swift never raises: a host function returns CL_HOST_ERROR with its message on
 * the stack, and `cl_trampoline` (a C frame) raises it once Swift has returned.
 *
 * Memory errors are the other longjmp Swift could see (any allocating API call
 * may raise LUA_ERRMEM). `cl_alloc` therefore never fails while host code runs
 * (`host_depth > 0`); it records that the limit was passed and the trampoline
 * raises the memory error after the host function returns.
 *
 * Everything here is `static inline` so the system-library target needs no
 * compiled sources.
 */
#ifndef CELLLUA_SHIM_H
#define CELLLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <time.h>
#include <sys/stat.h>

/* ---- constants that Swift cannot import from macro expressions ---- */
static inline int cl_registryindex(void) { return LUA_REGISTRYINDEX; }
static inline int cl_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int cl_multret(void) { return LUA_MULTRET; }

/* ---- wrappers for Lua's function-like macros ---- */
static inline void cl_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void cl_newtable(lua_State *L) { lua_newtable(L); }
static inline int cl_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int cl_isnil(lua_State *L, int i) { return lua_isnil(L, i); }
static inline int cl_istable(lua_State *L, int i) { return lua_istable(L, i); }
static inline int cl_isfunction(lua_State *L, int i) { return lua_isfunction(L, i); }
static inline void cl_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void cl_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void cl_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline const char *cl_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number cl_tonumber(lua_State *L, int i, int *isnum) { return lua_tonumberx(L, i, isnum); }
static inline void cl_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/** One user value per userdata: a Table keeps its Lua draw functions there. */
static inline void *cl_newuserdata(lua_State *L, size_t size) { return lua_newuserdatauv(L, size, 1); }
/** The LUA_EXTRASPACE bytes before the state: celllua keeps its runtime there. */
static inline void **cl_extraspace(lua_State *L) { return (void **)lua_getextraspace(L); }

/* ---- the state shared by allocator, hook and trampoline ---- */

/* Slots for the metatables of the classes the host registers. */
#define CL_CLASSES 16

/* Lua's small blocks (tables, strings, closures, upvalues: most of what a
 * state allocates) come from a pool per state instead of malloc: blocks of up
 * to CL_POOL_MAX bytes, in size classes CL_POOL_GRAIN bytes apart, cut from
 * chunks of CL_POOL_CHUNK bytes and kept on a free list per class once Lua
 * frees them. A take or give is a few instructions where glibc's realloc and
 * free averaged about 260 and 85 (callgrind), and closing a state gives its
 * chunks back at once instead of freeing each object: a fresh state (every
 * variant, every watch update, every benchmark frame) opens and closes about
 * 2,000 of them. Pool memory is reused within the state and returned when it
 * closes; the --max-memory count is of the sizes Lua asked for, as before.
 * The grain keeps every block aligned for any Lua value. */
#define CL_POOL_GRAIN 16
#define CL_POOL_MAX 256
#define CL_POOL_CLASSES (CL_POOL_MAX / CL_POOL_GRAIN)
#define CL_POOL_CHUNK (32 * 1024)

/** Per-lua_State host data; passed to lua_newstate as the allocator's `ud`. */
typedef struct cl_Host {
    size_t used;             /* bytes currently allocated by Lua */
    size_t limit;            /* 0 = unlimited */
    int host_depth;          /* > 0 while Swift code runs: allocation never fails */
    int over_limit;          /* the limit was passed inside host code */
    double deadline;         /* CLOCK_MONOTONIC seconds; 0 = none */
    double timeout;          /* the --timeout value, for the message */
    volatile sig_atomic_t interrupted; /* set by a SIGINT handler (REPL) */
    int timed_out;           /* sticky once the deadline passed, until cleared */
    void (*record)(lua_State *L, const char *path); /* dofile/loadfile report reads here */
    /* dofile/loadfile ask before reading `path` (NULL: standard input): 1 to
     * go on, or 0 with the reason pushed as a string. Never raises. */
    int (*mayread)(lua_State *L, const char *path);
    lua_State *main;         /* the state's main thread, once made */
    int memory_pending;      /* Lua passed the limit: the hook raises at the next instruction */
    int user_hooks;          /* the script has called debug.sethook (cl_db_sethook) */
    const void *classes[CL_CLASSES]; /* each registered class' metatable, by slot (cl_setclass) */
    /* The small-block pool (cl_pool_take, cl_pool_give): */
    void *pool_free[CL_POOL_CLASSES]; /* per size class, blocks given back, linked through their first word */
    char *pool_next, *pool_end;       /* the unused rest of the newest chunk */
    void *pool_chunks;                /* every chunk, linked through its first word; freed by cl_closestate */
} cl_Host;

static inline cl_Host *cl_host(lua_State *L);

/** Notes the table on top of the stack as the metatable of class `slot`
 * (0 ..< CL_CLASSES). Registered metatables stay in the registry for the
 * state's life, so the address identifies the class. */
static inline void cl_setclass(lua_State *L, int slot) {
    cl_host(L)->classes[slot] = lua_topointer(L, -1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &cl_host(L)->classes[slot]);
}

/** Pushes class `slot`'s metatable (nil before `cl_setclass`) and returns
 *  its type: a look-up by a pointer key (the slot's address in cl_Host),
 *  where finding it by name would first make the name a C string. */
static inline int cl_getclass(lua_State *L, int slot) {
    return lua_rawgetp(L, LUA_REGISTRYINDEX, &cl_host(L)->classes[slot]);
}

/** The block of the full userdata at `idx` when its metatable is class
 * `slot`'s, else NULL: luaL_testudata with one pointer compare instead of a
 * look-up of the class name in the registry (every method call checks its
 * `self`). */
static inline void *cl_testclass(lua_State *L, int idx, int slot) {
    if (lua_type(L, idx) != LUA_TUSERDATA || !lua_getmetatable(L, idx)) return NULL;
    const void *mt = lua_topointer(L, -1);
    lua_settop(L, -2);
    return mt == cl_host(L)->classes[slot] ? lua_touserdata(L, idx) : NULL;
}

/* Past --max-memory, Lua code gets this much more (bytes) while the hook
 * gets to raise a positioned error; an allocation beyond it fails at once
 * with Lua's bare "not enough memory". */
#define CL_MEMORY_GRACE ((size_t)1 << 20)

static inline void cl_hook(lua_State *L, lua_Debug *ar);

static inline double cl_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static inline cl_Host *cl_host(lua_State *L) {
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return (cl_Host *)ud;
}

/** The size class of a small block of `size` bytes (1 ... CL_POOL_MAX). */
static inline size_t cl_pool_class(size_t size) { return (size - 1) / CL_POOL_GRAIN; }

/** A block of class `c` from the pool: a given-back one, else cut from the
 * newest chunk, else from a new chunk. NULL when malloc fails. */
static inline void *cl_pool_take(cl_Host *h, size_t c) {
    void *p = h->pool_free[c];
    if (p != NULL) {
        h->pool_free[c] = *(void **)p;
        return p;
    }
    size_t size = (c + 1) * CL_POOL_GRAIN;
    if ((size_t)(h->pool_end - h->pool_next) < size) {
        /* The old chunk's tail (under CL_POOL_MAX bytes) stays unused. */
        char *chunk = (char *)malloc(CL_POOL_CHUNK);
        if (chunk == NULL) return NULL;
        *(void **)chunk = h->pool_chunks;
        h->pool_chunks = chunk;
        h->pool_next = chunk + CL_POOL_GRAIN; /* the link, padded to the grain */
        h->pool_end = chunk + CL_POOL_CHUNK;
    }
    p = h->pool_next;
    h->pool_next += size;
    return p;
}

/** Gives block `p` of class `c` back to its free list. */
static inline void cl_pool_give(cl_Host *h, void *p, size_t c) {
    *(void **)p = h->pool_free[c];
    h->pool_free[c] = p;
}

/** Frees block `p` of `size` bytes (not NULL) where it came from: its
 * class' free list when small, malloc otherwise. */
static inline void cl_free_block(cl_Host *h, void *p, size_t size) {
    if (size <= CL_POOL_MAX) cl_pool_give(h, p, cl_pool_class(size));
    else free(p);
}

/** Returns every pool chunk to malloc; the state is closed (nothing points
 * into them any more). */
static inline void cl_pool_release(cl_Host *h) {
    void *chunk = h->pool_chunks;
    while (chunk != NULL) {
        void *next = *(void **)chunk;
        free(chunk);
        chunk = next;
    }
    h->pool_chunks = NULL;
    h->pool_next = h->pool_end = NULL;
    memset(h->pool_free, 0, sizeof h->pool_free);
}

/** `nsize` bytes holding the first bytes of `ptr` (`osize` of them; NULL and
 * 0 for a new block): from the pool when small, else from malloc. NULL when
 * out of memory, `ptr` left as it was (Lua's contract). */
static inline void *cl_resize(cl_Host *h, void *ptr, size_t osize, size_t nsize) {
    int small_before = ptr != NULL && osize <= CL_POOL_MAX, small_after = nsize <= CL_POOL_MAX;
    if (small_before && small_after && cl_pool_class(osize) == cl_pool_class(nsize)) return ptr; /* it has room */
    if (ptr != NULL && !small_before && !small_after) return realloc(ptr, nsize);
    /* A move between pool and malloc, or between size classes. */
    void *p = small_after ? cl_pool_take(h, cl_pool_class(nsize)) : malloc(nsize);
    if (p == NULL) return NULL;
    if (ptr != NULL) {
        memcpy(p, ptr, osize < nsize ? osize : nsize);
        cl_free_block(h, ptr, osize);
    }
    return p;
}

static inline void *cl_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    cl_Host *h = (cl_Host *)ud;
    if (ptr == NULL) osize = 0;
    if (nsize == 0) {
        if (ptr != NULL) cl_free_block(h, ptr, osize);
        h->used -= osize;
        return NULL;
    }
    if (h->limit && nsize > osize && h->used + (nsize - osize) > h->limit) {
        if (h->host_depth == 0) {
            /* Lua code passed the limit: allow a little more so that the hook
             * can raise an error that names the script line (a memory error
             * raised here would have no position). lua_sethook only flags the
             * call frames, which is safe inside an allocation. */
            if (h->used + (nsize - osize) > h->limit + CL_MEMORY_GRACE || h->main == NULL) return NULL;
            if (!h->memory_pending) {
                h->memory_pending = 1;
                lua_sethook(h->main, cl_hook, LUA_MASKCOUNT, 1);
            }
        } else {
            h->over_limit = 1;                /* raised by the trampoline later */
        }
    }
    void *p = cl_resize(h, ptr, osize, nsize);
    if (p == NULL) {
        if (h->host_depth > 0) abort(); /* the system itself is out of memory */
        return NULL;
    }
    h->used = h->used - osize + nsize;
    return p;
}

/** Closes the state and returns its pool's memory. The finalizers that
 * closing runs are Lua code: the memory limit holds for them as for the
 * script (an allocation past it fails, and the finalizer with it), where the
 * host's depth would let everything through. */
static inline void cl_closestate(lua_State *L) {
    cl_Host *h = cl_host(L);
    h->host_depth = 0;
    lua_close(L);
    cl_pool_release(h);
}

/* lua_gc is variadic, which Swift cannot call. */
static inline void cl_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
static inline void cl_gc_step(lua_State *L, int kilobytes) { lua_gc(L, LUA_GCSTEP, kilobytes); }

static inline lua_State *cl_newstate(cl_Host *h) {
    h->host_depth = 1; /* the host is running until it calls cl_pcall */
    lua_State *L = lua_newstate(cl_alloc, h);
    h->main = L;
    return L;
}

/** "script.lua:LINE: not enough memory (--max-memory N MB)" at `level`. */
static inline void cl_pushmemoryerror(lua_State *L, int level) {
    cl_Host *h = cl_host(L);
    luaL_where(L, level);
    double mb = (double)h->limit / 1048576.0;
    if (mb == (double)(long long)mb) lua_pushfstring(L, "not enough memory (--max-memory %I MB)", (lua_Integer)mb);
    else lua_pushfstring(L, "not enough memory (--max-memory %f MB)", mb);
    lua_concat(L, 2);
}

/* ---- host functions and the trampoline ---- */

/** A Swift function callable from Lua. Returns the number of results, or
 *  CL_HOST_ERROR with the error value on top of the stack. */
typedef int (*cl_HostFunction)(lua_State *L);
#define CL_HOST_ERROR (-1)


static inline int cl_trampoline(lua_State *L) {
    cl_HostFunction fn = (cl_HostFunction)lua_touserdata(L, lua_upvalueindex(1));
    cl_Host *h = cl_host(L);
    if (h->timed_out) {
        luaL_where(L, 1);
        lua_pushfstring(L, "script timed out after %f seconds", h->timeout);
        lua_concat(L, 2);
        return lua_error(L);
    }
    h->host_depth++;
    int n = fn(L);
    h->host_depth--;
    /* A long drawing call watches the deadline itself and returns early once
     * it has passed (Cancellation); the timeout is raised here, naming the
     * script line of the call. */
    if (h->deadline > 0 && cl_now() > h->deadline) {
        h->timed_out = 1;
        lua_sethook(L, cl_hook, LUA_MASKCOUNT, 1);
        luaL_where(L, 1);
        lua_pushfstring(L, "script timed out after %f seconds", h->timeout);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (h->over_limit && h->host_depth == 0) {
        h->over_limit = 0;
        lua_gc(L, LUA_GCCOLLECT);
        if (h->used > h->limit) {
            cl_pushmemoryerror(L, 1);
            return lua_error(L);
        }
    }
    if (n < 0) return lua_error(L);
    return n;
}

/** Pushes `fn` as a Lua function that runs through the trampoline. */
static inline void cl_pushhostfunction(lua_State *L, cl_HostFunction fn) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushcclosure(L, cl_trampoline, 1);
}

/** `__index` of a userdata class: the method named by the key, straight from
 *  the methods table (upvalue 2) without entering Swift (every `obj:method()`
 *  call looks one up); any other key goes to the class's field function
 *  (upvalue 1) through the trampoline, in this same frame, so its errors
 *  name the script's line as before. */
static inline int cl_index(lua_State *L) {
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    return cl_trampoline(L);
}

/** Pushes `cl_index` for the field function `fields` and the methods table at
 *  `methods`. */
static inline void cl_pushindex(lua_State *L, cl_HostFunction fields, int methods) {
    methods = lua_absindex(L, methods);
    lua_pushlightuserdata(L, (void *)fields);
    lua_pushvalue(L, methods);
    lua_pushcclosure(L, cl_index, 2);
}

/** lua_pcall with the host depth dropped to zero while Lua runs, so that the
 *  allocator may fail (and Lua raise) inside the protected call. */
static inline int cl_pcall(lua_State *L, int nargs, int nresults, int msgh) {
    cl_Host *h = cl_host(L);
    int saved = h->host_depth;
    h->host_depth = 0;
    int status = lua_pcall(L, nargs, nresults, msgh);
    h->host_depth = saved;
    return status;
}

static inline int cl_load(lua_State *L, const char *buf, size_t len, const char *name, const char *mode) {
    cl_Host *h = cl_host(L);
    int saved = h->host_depth;
    h->host_depth = 0;
    int status = luaL_loadbufferx(L, buf, len, name, mode);
    h->host_depth = saved;
    return status;
}

/* ---- compiled chunks kept across states (CompiledChunks.swift) ---- */

typedef struct { char *data; size_t len, cap; } cl_DumpBuffer;

static int cl_dumpwriter(lua_State *L, const void *p, size_t size, void *ud) {
    (void)L;
    cl_DumpBuffer *b = (cl_DumpBuffer *)ud;
    if (b->len + size > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + size) cap *= 2;
        char *data = (char *)realloc(b->data, cap);
        if (!data) return 1;
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, p, size);
    b->len += size;
    return 0;
}

/** The Lua function on the top of the stack as a binary chunk, debug
 *  information kept (lines and the chunk's name, for error messages), in a
 *  malloc'd buffer the caller frees; NULL when it cannot be had. Uses no
 *  Lua memory and raises nothing (lua_dump only reads the function). */
static inline char *cl_dumpfunction(lua_State *L, size_t *len) {
    cl_DumpBuffer b = { NULL, 0, 0 };
    if (lua_dump(L, cl_dumpwriter, &b, 0) != 0) {
        free(b.data);
        return NULL;
    }
    *len = b.len;
    return b.data;
}

/* ---- messages in luaL's style, pushed rather than raised ---- */

/** Pushes "where: bad argument #arg to 'name' (extramsg)" exactly as
 *  luaL_argerror words it (method calls count arguments without self). */
static inline void cl_pushargerror(lua_State *L, int arg, const char *extramsg) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar)) {
        lua_pushfstring(L, "bad argument #%d (%s)", arg, extramsg);
        return;
    }
    lua_getinfo(L, "n", &ar);
    if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0) {
        arg--;
        if (arg == 0) {
            luaL_where(L, 1);
            lua_pushfstring(L, "calling '%s' on bad self (%s)", ar.name ? ar.name : "?", extramsg);
            lua_concat(L, 2);
            return;
        }
    }
    luaL_where(L, 1);
    lua_pushfstring(L, "bad argument #%d to '%s' (%s)", arg, ar.name ? ar.name : "?", extramsg);
    lua_concat(L, 2);
}

/** As cl_pushargerror, positioned at `line` of the calling chunk rather
 *  than its current line: a spec field's own line in a table constructor
 *  that spans several. */
static inline void cl_pushargerror_at(lua_State *L, int arg, const char *extramsg, int line) {
    lua_Debug caller;
    if (line <= 0 || !lua_getstack(L, 1, &caller)) {
        cl_pushargerror(L, arg, extramsg);
        return;
    }
    lua_getinfo(L, "S", &caller);
    lua_Debug ar;
    const char *name = "?";
    if (lua_getstack(L, 0, &ar)) {
        lua_getinfo(L, "n", &ar);
        if (ar.name) name = ar.name;
    }
    lua_pushfstring(L, "%s:%d: bad argument #%d to '%s' (%s)", caller.short_src, line, arg, name, extramsg);
}

/** The source of the calling chunk (`level` 1): "@path" for a file, the
 *  code itself for a string chunk; NULL when there is none. */
static inline const char *cl_callersource(lua_State *L, int level) {
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar)) return NULL;
    lua_getinfo(L, "S", &ar);
    return ar.source;
}

/** Pushes "where: msg", where is the calling Lua line (as luaL_error). */
static inline void cl_pusherror(lua_State *L, const char *msg) {
    luaL_where(L, 1);
    lua_pushstring(L, msg);
    lua_concat(L, 2);
}

/** The calling Lua line, as luaL_where finds it (`level` 1: the function
 *  that called the host function), without building a string: its chunk's
 *  short name copied into `src` (LUA_IDSIZE bytes) and its line returned;
 *  0 when there is no Lua line (a C caller, or no line information). */
static inline int cl_whereline(lua_State *L, int level, char *src) {
    lua_Debug ar;
    if (!lua_getstack(L, level, &ar)) return 0;
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline <= 0) return 0;
    /* strncpy, not memcpy: the bytes after short_src's terminator were never
     * written, and the caller compares all LUA_IDSIZE of them with the last
     * site's (valgrind saw the garbage); strncpy pads with zeros. */
    strncpy(src, ar.short_src, LUA_IDSIZE);
    return ar.currentline;
}

static inline int cl_idsize(void) { return LUA_IDSIZE; }

/** The name of the function being called (for messages), or "?". */
static inline const char *cl_currentname(lua_State *L) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar)) return "?";
    lua_getinfo(L, "n", &ar);
    return ar.name ? ar.name : "?";
}

/* ---- the message handler: message plus traceback ---- */

#define CL_TRACEBACK_KEY "celllua.traceback"

static inline int cl_msghandler(lua_State *L) {
    /* An error re-raised by a host function (c:with) carries the traceback
     * taken where it first happened: use that one. */
    if (lua_getfield(L, LUA_REGISTRYINDEX, CL_TRACEBACK_KEY) == LUA_TTABLE) {
        lua_rawgeti(L, -1, 1);
        int same = lua_rawequal(L, -1, 1);
        lua_pop(L, 1);
        if (same) {
            lua_rawgeti(L, -1, 2);
            lua_pushnil(L);
            lua_setfield(L, LUA_REGISTRYINDEX, CL_TRACEBACK_KEY);
            return 1;
        }
    }
    lua_pop(L, 1);
    const char *msg = lua_tostring(L, 1);
    if (msg == NULL) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/** The message handler for protected calls a host function makes on the
 *  script's behalf (c:with): the error goes on unchanged, and its traceback,
 *  taken here where it happened, waits in the registry for cl_msghandler. */
static inline int cl_keeptraceback(lua_State *L) {
    const char *msg = lua_tostring(L, 1);
    lua_createtable(L, 2, 0);
    lua_pushvalue(L, 1);
    lua_rawseti(L, -2, 1);
    luaL_traceback(L, L, msg ? msg : "(error object is not a string)", 1);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, LUA_REGISTRYINDEX, CL_TRACEBACK_KEY);
    lua_settop(L, 1);
    return 1;
}

static inline void cl_pushkeeptraceback(lua_State *L) { lua_pushcfunction(L, cl_keeptraceback); }

static inline void cl_pushmsghandler(lua_State *L) { lua_pushcfunction(L, cl_msghandler); }

/* ---- the hook: timeouts and interrupts ---- */

static inline void cl_rehook(lua_State *L);
static void cl_stopifdue(lua_State *L, int level);

static inline void cl_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    cl_Host *h = cl_host(L);
    if (h->memory_pending) {
        cl_rehook(L);
        h->memory_pending = 0; /* after: were rehooking to allocate, its flag must stand */
        lua_gc(L, LUA_GCCOLLECT);
        if (h->used > h->limit) {
            cl_pushmemoryerror(L, 0); /* in a hook, level 0 is the running Lua function */
            lua_error(L);
        }
    }
    cl_stopifdue(L, 0); /* in a hook, level 0 is the running Lua function */
}

/** Raises "interrupted!" when Ctrl-C is pending, or the timeout once the
 *  deadline has passed, positioned at the Lua function of `level` (0 in the
 *  hook; 1 in a C function, for its caller). Returns when neither is due. */
static void cl_stopifdue(lua_State *L, int level) {
    cl_Host *h = cl_host(L);
    if (h->interrupted) {
        h->interrupted = 0;
        cl_rehook(L);
        luaL_where(L, level);
        lua_pushliteral(L, "interrupted!");
        lua_concat(L, 2);
        lua_error(L);
    }
    if (h->timed_out || (h->deadline > 0 && cl_now() > h->deadline)) {
        /* Sticky: a script that catches the error with pcall gets it again at
         * its very next instruction, so nothing outlives the deadline. */
        h->timed_out = 1;
        lua_sethook(L, cl_hook, LUA_MASKCOUNT, 1);
        luaL_where(L, level);
        lua_pushfstring(L, "script timed out after %f seconds", h->timeout);
        lua_concat(L, 2);
        lua_error(L);
    }
}

/** Installs the count hook (every 10000 instructions): cheap, and frequent
 *  enough that a runaway loop stops within milliseconds of its deadline. */
static inline void cl_sethook(lua_State *L) {
    cl_rehook(L);
}

/** Ends a timed run: no deadline, no sticky timeout, no host hook (the
 *  script's own, from debug.sethook, stays). */
static inline void cl_cleartimeout(lua_State *L) {
    cl_Host *h = cl_host(L);
    h->deadline = 0;
    h->timed_out = 0;
    cl_rehook(L);
}

/** Makes the running chunk stop with "interrupted!" at its next hook check.
 *  Async-signal-safe: it only sets a flag and (re)installs the hook. */
static inline void cl_interrupt(lua_State *L) {
    cl_host(L)->interrupted = 1;
    lua_sethook(L, cl_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT, 1);
}

/** Forgets an interrupt that came after the chunk it was meant for had
 *  finished, so that the next chunk does not fail at its first instruction.
 *  Only call it while no Lua code runs. */
static inline void cl_clearinterrupt(lua_State *L) {
    cl_Host *h = cl_host(L);
    h->interrupted = 0;
    if (h->deadline > 0) cl_sethook(L);
    else lua_sethook(L, NULL, 0, 0);
}

/** `cl_interrupt` in the shape a signal handler can call through a pointer. */
static inline void cl_interrupt_context(void *L) {
    if (L != NULL) cl_interrupt((lua_State *)L);
}

/* ---- warn(): as the stand-alone lua prints warnings ---- */

/* Warnings start off, as in lua.c; "@on" and "@off" switch them; a message
 * given in pieces is printed as one line "Lua warning: ..." on stderr. */
static void cl_warnfoff(void *ud, const char *message, int tocont);
static void cl_warnfon(void *ud, const char *message, int tocont);
static void cl_warnfcont(void *ud, const char *message, int tocont);

static int cl_warncontrol(lua_State *L, const char *message, int tocont) {
    if (tocont || *(message++) != '@') return 0;
    if (strcmp(message, "off") == 0) lua_setwarnf(L, cl_warnfoff, L);
    else if (strcmp(message, "on") == 0) lua_setwarnf(L, cl_warnfon, L);
    return 1;
}
static void cl_warnfoff(void *ud, const char *message, int tocont) {
    cl_warncontrol((lua_State *)ud, message, tocont);
}
static void cl_warnfcont(void *ud, const char *message, int tocont) {
    lua_State *L = (lua_State *)ud;
    fputs(message, stderr);
    fflush(stderr);
    if (tocont) lua_setwarnf(L, cl_warnfcont, L);
    else {
        fputs("\n", stderr);
        fflush(stderr);
        lua_setwarnf(L, cl_warnfon, L);
    }
}
static void cl_warnfon(void *ud, const char *message, int tocont) {
    if (cl_warncontrol((lua_State *)ud, message, tocont)) return;
    fputs("Lua warning: ", stderr);
    fflush(stderr);
    cl_warnfcont(ud, message, tocont);
}
static inline void cl_installwarnings(lua_State *L) { lua_setwarnf(L, cl_warnfoff, L); }

/* ---- dofile and loadfile that record what they read ---- */

/* Lua's own dofile and loadfile, in C as the base library has them, so that
 * they add no stack level of their own (an `error(msg, 2)` in a file run by
 * dofile blames its caller, as in lua), plus three things: each file name is
 * reported to the host's `record` (--watch watches it), the host's `mayread`
 * may refuse a file (one that is not a regular file, or under --sandbox one
 * outside the script's folder), and with the registry flag CL_TEXTONLY_KEY
 * set (--sandbox) only text chunks load. Errors raised here cross C frames
 * only. */
#define CL_TEXTONLY_KEY "celllua.textonly"

static int cl_textonly(lua_State *L) {
    int t = lua_getfield(L, LUA_REGISTRYINDEX, CL_TEXTONLY_KEY);
    int on = t != LUA_TNIL && lua_toboolean(L, -1);
    lua_pop(L, 1);
    return on;
}

static int cl_dofilecont(lua_State *L, int d1, lua_KContext d2) {
    (void)d1; (void)d2;
    return lua_gettop(L) - 1;
}

/* Asks the host whether `fname` may be read; 0 with the reason pushed if not. */
static int cl_mayread(lua_State *L, const char *fname) {
    return cl_host(L)->mayread == NULL || cl_host(L)->mayread(L, fname);
}

static int cl_dofile(lua_State *L) {
    const char *fname = luaL_optstring(L, 1, NULL);
    lua_settop(L, 1);
    if (fname != NULL && cl_host(L)->record != NULL) cl_host(L)->record(L, fname);
    if (!cl_mayread(L, fname)) return lua_error(L);
    if (luaL_loadfilex(L, fname, cl_textonly(L) ? "t" : NULL) != LUA_OK) return lua_error(L);
    lua_callk(L, 0, LUA_MULTRET, 0, cl_dofilecont);
    return cl_dofilecont(L, 0, 0);
}

static int cl_loadfile(lua_State *L) {
    const char *fname = luaL_optstring(L, 1, NULL);
    const char *mode = luaL_optstring(L, 2, NULL);
    int env = (!lua_isnone(L, 3) ? 3 : 0);
    if (cl_textonly(L)) mode = "t";
    if (fname != NULL && cl_host(L)->record != NULL) cl_host(L)->record(L, fname);
    int status = cl_mayread(L, fname) ? luaL_loadfilex(L, fname, mode) : LUA_ERRFILE;
    if (status == LUA_OK) {
        if (env != 0) {
            lua_pushvalue(L, env);
            if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
        }
        return 1;
    }
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

/* ---- require's Lua-file searcher and package.searchpath ---- */

/* Lua's own, as loadlib.c has them, except that a candidate file is tested
 * with stat before it is opened: opening a FIFO waits for a writer, so
 * `require "x"` with a FIFO named x.lua on the path blocked the run for
 * good. A candidate that exists but is not a regular file counts as found,
 * and the loader's `mayread` then refuses it with its reason. The searcher
 * also reports the file to `record` (--watch) and loads text only under
 * CL_TEXTONLY_KEY, as dofile and loadfile do. */
static int cl_candidate(const char *filename) {
    struct stat info;
    if (stat(filename, &info) != 0) return 0;
    if (!S_ISREG(info.st_mode)) return 1; /* found; refused by the loader */
    FILE *f = fopen(filename, "r");
    if (f == NULL) return 0;
    fclose(f);
    return 1;
}

/* Pushes the first file of `path` (templates separated by ';', each '?'
 * replaced by `name` with `sep` turned into `rep`) that exists, and returns
 * it; else pushes "no file 'a'\n\tno file 'b'..." and returns NULL. */
static const char *cl_findfile(lua_State *L, const char *name, const char *path, const char *sep,
                               const char *rep) {
    if (*sep != '\0' && strchr(name, *sep) != NULL) name = luaL_gsub(L, name, sep, rep);
    const char *names = luaL_gsub(L, path, LUA_PATH_MARK, name);
    int namesIndex = lua_gettop(L);
    luaL_Buffer tried;
    luaL_buffinit(L, &tried);
    int count = 0;
    for (const char *next = names; *next != '\0';) {
        if (*next == *LUA_PATH_SEP) { next++; continue; } /* empty entries are skipped */
        const char *end = strchr(next, *LUA_PATH_SEP);
        size_t len = end != NULL ? (size_t)(end - next) : strlen(next);
        lua_pushlstring(L, next, len);
        const char *filename = lua_tostring(L, -1);
        if (cl_candidate(filename)) {
            lua_remove(L, namesIndex); /* (the buffer is left unused) */
            return lua_tostring(L, -1);
        }
        if (count++ > 0) luaL_addstring(&tried, "\n\t");
        luaL_addstring(&tried, "no file '");
        luaL_addvalue(&tried);
        luaL_addstring(&tried, "'");
        next += len;
    }
    if (count == 0) luaL_addstring(&tried, "no file ''");
    luaL_pushresult(&tried);
    lua_remove(L, namesIndex);
    return NULL;
}

/* package.searchpath(name, path [, sep [, rep]]) */
static int cl_searchpath(lua_State *L) {
    const char *f = cl_findfile(L, luaL_checkstring(L, 1), luaL_checkstring(L, 2), luaL_optstring(L, 3, "."),
                                luaL_optstring(L, 4, LUA_DIRSEP));
    if (f != NULL) return 1;
    luaL_pushfail(L);
    lua_insert(L, -2);
    return 2;
}

/* package.searchers[2]; upvalue 1: the package table. */
static int cl_searcher_lua(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    const char *path = lua_tostring(L, -1);
    if (path == NULL) luaL_error(L, "'package.path' must be a string");
    const char *filename = cl_findfile(L, name, path, ".", LUA_DIRSEP);
    if (filename == NULL) return 1; /* the files tried */
    if (cl_host(L)->record != NULL) cl_host(L)->record(L, filename);
    int status = cl_mayread(L, filename) ? luaL_loadfilex(L, filename, cl_textonly(L) ? "t" : NULL) : LUA_ERRFILE;
    if (status != LUA_OK) {
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", lua_tostring(L, 1), filename,
                          lua_tostring(L, -1));
    }
    lua_pushstring(L, filename);
    return 2;
}

/* Installs both into the package table on the top of the stack. */
static inline void cl_installsearcher(lua_State *L) {
    lua_pushcfunction(L, cl_searchpath);
    lua_setfield(L, -2, "searchpath");
    if (lua_getfield(L, -1, "searchers") == LUA_TTABLE) {
        lua_pushvalue(L, -2);
        lua_pushcclosure(L, cl_searcher_lua, 1);
        lua_rawseti(L, -2, 2);
    }
    lua_pop(L, 1);
}

static inline void cl_pushdofile(lua_State *L) { lua_pushcfunction(L, cl_dofile); }
static inline void cl_pushloadfile(lua_State *L) { lua_pushcfunction(L, cl_loadfile); }

/* ---- debug.sethook beside the host's own hook ---- */

/* The stand-alone lua's debug.sethook replaces whatever hook a thread has:
 * a script could remove --timeout's (and Ctrl-C's) that way. These versions
 * install one C hook that runs the host's checks first and then calls the
 * script's function for the events it asked for, as the debug library does.
 * The bookkeeping is the debug library's own, so code that inspects it sees
 * what it would in lua: the registry's `_HOOKKEY` table (weak keys) maps
 * each thread to its hook function; the mask and count the script asked for
 * (the thread's own are the host's too) are kept apart, in
 * CL_HOOKMASKS_KEY, as an integer: mask | count << 8. */
#define CL_HOOKKEY "_HOOKKEY"
#define CL_HOOKMASKS_KEY "celllua.hookmasks"

/* Pushes the registry table `key`, made with weak keys if missing; returns its index. */
static int cl_weaktable(lua_State *L, const char *key) {
    if (lua_getfield(L, LUA_REGISTRYINDEX, key) == LUA_TTABLE) return lua_gettop(L);
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, key);
    return lua_gettop(L);
}

/* The mask and count the script asked for on thread L (0, 0: none). */
static int cl_userhookmask(lua_State *L, int *count) {
    *count = 0;
    /* Nothing to look up (and no key string to make: this runs in the hook,
     * past the memory limit too) until the script has set a hook. */
    if (!cl_host(L)->user_hooks) return 0;
    if (lua_getfield(L, LUA_REGISTRYINDEX, CL_HOOKMASKS_KEY) != LUA_TTABLE) { lua_pop(L, 1); return 0; }
    lua_pushthread(L);
    lua_rawget(L, -2);
    lua_Integer packed = lua_tointeger(L, -1);
    lua_pop(L, 2);
    *count = (int)(packed >> 8);
    return (int)(packed & 0xFF);
}

static void cl_combinedhook(lua_State *L, lua_Debug *ar);

/* Installs on thread L the hook the host and the script need together: the
 * host's count hook while a deadline runs, the script's events (sethook). */
static inline void cl_rehook(lua_State *L) {
    int count;
    int mask = cl_userhookmask(L, &count);
    cl_Host *h = cl_host(L);
    int base = h->deadline > 0 ? LUA_MASKCOUNT : 0;
    int basecount = h->deadline > 0 ? 10000 : 0;
    if (mask == 0) {
        lua_sethook(L, base ? cl_hook : NULL, base, basecount);
        return;
    }
    int hookcount = count > 0 ? count : basecount;
    lua_sethook(L, cl_combinedhook, mask | base | (hookcount > 0 ? LUA_MASKCOUNT : 0), hookcount);
}

static void cl_combinedhook(lua_State *L, lua_Debug *ar) {
    static const char *const names[] = {"call", "return", "line", "count", "tail call"};
    cl_hook(L, ar); /* timeouts, interrupts, memory: raise before the script's hook */
    int count;
    int mask = cl_userhookmask(L, &count);
    /* A tail call is a call event; a count event is the script's only when
     * it asked for a count. */
    int bit = ar->event == LUA_HOOKTAILCALL ? LUA_MASKCALL : (1 << ar->event);
    if (!(mask & bit)) return;
    if (lua_getfield(L, LUA_REGISTRYINDEX, CL_HOOKKEY) != LUA_TTABLE) { lua_pop(L, 1); return; }
    lua_pushthread(L);
    if (lua_rawget(L, -2) != LUA_TFUNCTION) { lua_pop(L, 2); return; }
    lua_pushstring(L, names[ar->event]);
    if (ar->currentline >= 0) lua_pushinteger(L, ar->currentline);
    else lua_pushnil(L);
    lua_call(L, 2, 0);
    lua_pop(L, 1);
}

/* The thread argument, as ldblib's getthread: returns the argument offset. */
static lua_State *cl_hookthread(lua_State *L, int *arg) {
    if (lua_isthread(L, 1)) { *arg = 1; return lua_tothread(L, 1); }
    *arg = 0;
    return L;
}

static int cl_db_sethook(lua_State *L) {
    int arg;
    lua_State *L1 = cl_hookthread(L, &arg);
    int mask = 0, count = 0;
    if (lua_isnoneornil(L, arg + 1)) { /* turn the script's hook off; keep the host's */
        lua_settop(L, arg + 1);
    } else {
        const char *smask = luaL_checkstring(L, arg + 2);
        luaL_checktype(L, arg + 1, LUA_TFUNCTION);
        count = (int)luaL_optinteger(L, arg + 3, 0);
        if (strchr(smask, 'c')) mask |= LUA_MASKCALL;
        if (strchr(smask, 'r')) mask |= LUA_MASKRET;
        if (strchr(smask, 'l')) mask |= LUA_MASKLINE;
        if (count > 0) mask |= LUA_MASKCOUNT;
        else count = 0;
    }
    lua_settop(L, arg + 3); /* the arguments keep their slots below what is pushed */
    /* No event asked for: no hook, as lua_sethook makes it. */
    int on = mask != 0;
    int hooks = cl_weaktable(L, CL_HOOKKEY), masks = cl_weaktable(L, CL_HOOKMASKS_KEY);
    lua_pushthread(L1); lua_xmove(L1, L, 1);
    if (on) lua_pushvalue(L, arg + 1); else lua_pushnil(L);
    lua_rawset(L, hooks);
    lua_pushthread(L1); lua_xmove(L1, L, 1);
    if (on) lua_pushinteger(L, (lua_Integer)mask | ((lua_Integer)count << 8)); else lua_pushnil(L);
    lua_rawset(L, masks);
    cl_host(L)->user_hooks = 1;
    cl_rehook(L1);
    return 0;
}

static int cl_db_gethook(lua_State *L) {
    int arg;
    lua_State *L1 = cl_hookthread(L, &arg);
    lua_settop(L, arg);
    int hooks = cl_weaktable(L, CL_HOOKKEY), masks = cl_weaktable(L, CL_HOOKMASKS_KEY);
    lua_pushthread(L1); lua_xmove(L1, L, 1);
    if (lua_rawget(L, hooks) != LUA_TFUNCTION) { luaL_pushfail(L); return 1; }
    lua_pushthread(L1); lua_xmove(L1, L, 1);
    lua_rawget(L, masks);
    lua_Integer packed = lua_tointeger(L, -1);
    lua_pop(L, 1);
    int mask = (int)(packed & 0xFF);
    char smask[4];
    int n = 0; /* in the debug library's order */
    if (mask & LUA_MASKCALL) smask[n++] = 'c';
    if (mask & LUA_MASKRET) smask[n++] = 'r';
    if (mask & LUA_MASKLINE) smask[n++] = 'l';
    smask[n] = '\0';
    lua_pushstring(L, smask);
    lua_pushinteger(L, packed >> 8);
    return 3;
}

/** Puts the two functions in the `debug` table (outside --sandbox). */
static inline void cl_installhooks(lua_State *L) {
    if (lua_getglobal(L, "debug") == LUA_TTABLE) {
        lua_pushcfunction(L, cl_db_sethook);
        lua_setfield(L, -2, "sethook");
        lua_pushcfunction(L, cl_db_gethook);
        lua_setfield(L, -2, "gethook");
    }
    lua_pop(L, 1);
}

#include "patterns.h"

#endif
