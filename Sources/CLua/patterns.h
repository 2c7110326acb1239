/*
 * string.find, string.match, string.gmatch, string.gsub and table.sort that
 * watch the script's deadline.
 *
 * Why this exists: Lua's hook runs between instructions of Lua functions,
 * never inside a C function. Lua's own pattern matcher backtracks without
 * bound (`("a"):rep(1e5):find(".-.-.-.-b")` runs for days) and its sort of
 * millions of numbers never calls Lua code, so neither could be stopped by
 * --timeout or Ctrl-C. These versions do what the Lua 5.4 manual specifies
 * (section 6.4.1 "Patterns", 6.4 and 6.6), with the same error messages,
 * and look at the clock once per CL_CHECK_INTERVAL steps: past the
 * deadline they raise "script timed out" naming the calling line, as the
 * hook does.
 *
 * Included by shim.h; everything is static so the target needs no sources.
 */
#ifndef CELLLUA_PATTERNS_H
#define CELLLUA_PATTERNS_H

#include <ctype.h>
#include <limits.h>
#include <stdint.h>

/* The small functions every character or comparison goes through. */
#define CL_HOT inline __attribute__((always_inline))

/* Steps (characters tried, comparisons) between two looks at the clock. */
#define CL_CHECK_INTERVAL 0xFFFF

/* Lua's limits: captures in one pattern, nested pattern calls. */
#define CLP_MAXCAPTURES 32
#define CLP_MAXDEPTH 200

/* A capture's length while it is open, and for a position capture "()". */
#define CLP_OPEN (-1)
#define CLP_POSITION (-2)

/** Raises the hook's error if the deadline has passed or an interrupt is
 *  pending: "script.lua:LINE: script timed out after N seconds" at the Lua
 *  function that called the running C function. Never returns then. */
static void cl_checkpoint(lua_State *L) { cl_stopifdue(L, 1); }

/* ---- the matcher ---- */

typedef struct {
    lua_State *L;
    const char *subject, *subject_end; /* the text searched */
    const char *pattern_end;
    int depth;                         /* nested calls left before "too complex" */
    int captures;                      /* captures open or closed so far */
    unsigned steps;                    /* work since the clock was last read */
    struct { const char *start; ptrdiff_t length; } capture[CLP_MAXCAPTURES];
} clp_Matcher;

static CL_HOT void clp_step(clp_Matcher *m) {
    if ((++m->steps & CL_CHECK_INTERVAL) == 0) cl_checkpoint(m->L);
}

/** Where the single-character class starting at `p` ends: after "%x",
 *  after a set's closing ']', else after the character. */
static CL_HOT const char *clp_class_end(clp_Matcher *m, const char *p) {
    char c = *p++;
    if (c == '%') {
        if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
        return p + 1;
    }
    if (c == '[') {
        if (p < m->pattern_end && *p == '^') p++;
        /* The first character of a set is a member even if it is ']'. */
        do {
            if (p >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing ']')");
            char member = *p++;
            if (member == '%' && p < m->pattern_end) p++;
        } while (p >= m->pattern_end || *p != ']');
        return p + 1;
    }
    return p;
}

/** Does character `c` belong to class letter `k` (%a, %d, ...; upper case
 *  for the complement)? Any other character stands for itself. */
static CL_HOT int clp_in_class(int c, int k) {
    int member;
    switch (k | 0x20) { /* the letter in lower case (other characters never match a case below) */
    case 'a': member = isalpha(c); break;
    case 'c': member = iscntrl(c); break;
    case 'd': member = isdigit(c); break;
    case 'g': member = isgraph(c); break;
    case 'l': member = islower(c); break;
    case 'p': member = ispunct(c); break;
    case 's': member = isspace(c); break;
    case 'u': member = isupper(c); break;
    case 'w': member = isalnum(c); break;
    case 'x': member = isxdigit(c); break;
    case 'z': member = c == 0; break; /* the NUL; kept by Lua 5.4, deprecated */
    default: return k == c;
    }
    if (k >= 'A' && k <= 'Z') member = !member;
    return member != 0;
}

/** Does `c` belong to the set from `p` (its '[') to `last` (its ']')? */
static int clp_in_set(int c, const char *p, const char *last) {
    int negated = 0;
    p++;
    if (*p == '^') { negated = 1; p++; }
    while (p < last) {
        if (*p == '%' && p + 1 < last) {
            if (clp_in_class(c, (unsigned char)p[1])) return !negated;
            p += 2;
        } else if (p + 2 < last && p[1] == '-') {
            if ((unsigned char)p[0] <= c && c <= (unsigned char)p[2]) return !negated;
            p += 3;
        } else {
            if ((unsigned char)*p == c) return !negated;
            p++;
        }
    }
    return negated;
}

/** Does the subject character at `s` match the class from `p` to `end`? */
static CL_HOT int clp_single(clp_Matcher *m, const char *s, const char *p, const char *end) {
    if (s >= m->subject_end) return 0;
    int c = (unsigned char)*s;
    switch (*p) {
    case '.': return 1;
    case '%': return clp_in_class(c, (unsigned char)p[1]);
    case '[': return clp_in_set(c, p, end - 1);
    default: return (unsigned char)*p == c;
    }
}

static const char *clp_match(clp_Matcher *m, const char *s, const char *p);

/** The innermost capture still open, for a ')'. */
static int clp_open_capture(clp_Matcher *m) {
    for (int i = m->captures - 1; i >= 0; i--)
        if (m->capture[i].length == CLP_OPEN) return i;
    return luaL_error(m->L, "invalid pattern capture");
}

static const char *clp_begin_capture(clp_Matcher *m, const char *s, const char *p, ptrdiff_t kind) {
    if (m->captures >= CLP_MAXCAPTURES) luaL_error(m->L, "too many captures");
    m->capture[m->captures].start = s;
    m->capture[m->captures].length = kind;
    m->captures++;
    const char *end = clp_match(m, s, p);
    if (end == NULL) m->captures--;
    return end;
}

static const char *clp_end_capture(clp_Matcher *m, const char *s, const char *p) {
    int i = clp_open_capture(m);
    m->capture[i].length = s - m->capture[i].start;
    const char *end = clp_match(m, s, p);
    if (end == NULL) m->capture[i].length = CLP_OPEN;
    return end;
}

/** %bxy at `s`: an x, then text with x and y balanced, then the matching y. */
static const char *clp_balanced(clp_Matcher *m, const char *s, const char *p) {
    if (p + 1 >= m->pattern_end) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
    if (s >= m->subject_end || *s != p[0]) return NULL;
    int open = 1;
    for (const char *q = s + 1; q < m->subject_end; q++) {
        clp_step(m);
        if (*q == p[1]) {
            if (--open == 0) return q + 1;
        } else if (*q == p[0]) {
            open++;
        }
    }
    return NULL;
}

/** %1 .. %9 at `s`: the text capture `digit` caught, again. */
static const char *clp_backreference(clp_Matcher *m, const char *s, int digit) {
    int i = digit - '1';
    if (i < 0 || i >= m->captures || m->capture[i].length == CLP_OPEN)
        luaL_error(m->L, "invalid capture index %%%d", i + 1);
    ptrdiff_t length = m->capture[i].length;
    if (length < 0) return NULL; /* a position capture matches no text */
    if (m->subject_end - s >= length && memcmp(m->capture[i].start, s, (size_t)length) == 0) return s + length;
    return NULL;
}

/** `p`'s class repeated as often as it matches, then the rest from `rest`;
 *  on failure one repetition fewer, down to none (greedy '*'). */
static const char *clp_longest(clp_Matcher *m, const char *s, const char *p, const char *class_end) {
    ptrdiff_t count = 0;
    while (clp_single(m, s + count, p, class_end)) { clp_step(m); count++; }
    for (; count >= 0; count--) {
        const char *end = clp_match(m, s + count, class_end + 1);
        if (end != NULL) return end;
    }
    return NULL;
}

/** The rest first, then one repetition more each time it fails ('-'). */
static const char *clp_shortest(clp_Matcher *m, const char *s, const char *p, const char *class_end) {
    for (;;) {
        const char *end = clp_match(m, s, class_end + 1);
        if (end != NULL) return end;
        if (!clp_single(m, s, p, class_end)) return NULL;
        s++;
    }
}

/** Matches pattern `p` (to its end) at subject position `s`: where the match
 *  ends, or NULL. Backtracks; every call and character counts a step. */
static const char *clp_match(clp_Matcher *m, const char *s, const char *p) {
    if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
    while (p < m->pattern_end) {
        clp_step(m);
        switch (*p) {
        case '(':
            if (p + 1 < m->pattern_end && p[1] == ')')
                s = clp_begin_capture(m, s, p + 2, CLP_POSITION);
            else
                s = clp_begin_capture(m, s, p + 1, CLP_OPEN);
            goto done;
        case ')':
            s = clp_end_capture(m, s, p + 1);
            goto done;
        case '$':
            if (p + 1 == m->pattern_end) {
                if (s != m->subject_end) s = NULL;
                goto done;
            }
            break; /* a '$' inside the pattern is itself */
        case '%':
            if (p + 1 < m->pattern_end) {
                if (p[1] == 'b') {
                    s = clp_balanced(m, s, p + 2);
                    if (s == NULL) goto done;
                    p += 4;
                    continue;
                }
                if (p[1] == 'f') {
                    p += 2;
                    if (p >= m->pattern_end || *p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
                    const char *set_end = clp_class_end(m, p);
                    int before = s == m->subject ? 0 : (unsigned char)s[-1];
                    int after = s < m->subject_end ? (unsigned char)*s : 0;
                    if (clp_in_set(before, p, set_end - 1) || !clp_in_set(after, p, set_end - 1)) {
                        s = NULL;
                        goto done;
                    }
                    p = set_end;
                    continue;
                }
                if (isdigit((unsigned char)p[1])) {
                    s = clp_backreference(m, s, (unsigned char)p[1]);
                    if (s == NULL) goto done;
                    p += 2;
                    continue;
                }
            }
            break;
        default:
            break;
        }
        /* A single-character class, maybe with a quantifier. */
        const char *class_end = clp_class_end(m, p);
        char quantifier = class_end < m->pattern_end ? *class_end : '\0';
        if (!clp_single(m, s, p, class_end)) {
            if (quantifier == '*' || quantifier == '?' || quantifier == '-') {
                p = class_end + 1; /* zero repetitions */
                continue;
            }
            s = NULL;
            goto done;
        }
        switch (quantifier) {
        case '?': {
            const char *end = clp_match(m, s + 1, class_end + 1);
            if (end != NULL) { s = end; goto done; }
            p = class_end + 1;
            continue;
        }
        case '+': s = clp_longest(m, s + 1, p, class_end); goto done;
        case '*': s = clp_longest(m, s, p, class_end); goto done;
        case '-': s = clp_shortest(m, s, p, class_end); goto done;
        default: s++; p = class_end; continue;
        }
    }
done:
    m->depth++;
    return s;
}

static void clp_start(clp_Matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    m->L = L;
    m->subject = s;
    m->subject_end = s + ls;
    m->pattern_end = p + lp;
    m->steps = 0;
}

static void clp_restart(clp_Matcher *m) {
    m->captures = 0;
    m->depth = CLP_MAXDEPTH;
}

/** Pushes capture `i` of a match from `s` to `e`: its text, or its position
 *  for "()"; with no captures at all, capture 0 is the whole match. */
static void clp_push_capture(clp_Matcher *m, int i, const char *s, const char *e) {
    if (i >= m->captures) {
        if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
        lua_pushlstring(m->L, s, (size_t)(e - s));
        return;
    }
    ptrdiff_t length = m->capture[i].length;
    if (length == CLP_OPEN) luaL_error(m->L, "unfinished capture");
    if (length == CLP_POSITION)
        lua_pushinteger(m->L, (m->capture[i].start - m->subject) + 1);
    else
        lua_pushlstring(m->L, m->capture[i].start, (size_t)length);
}

/** Pushes every capture (or the whole match when `s` is given and the
 *  pattern has none); returns how many. */
static int clp_push_captures(clp_Matcher *m, const char *s, const char *e) {
    int n = (m->captures == 0 && s != NULL) ? 1 : m->captures;
    luaL_checkstack(m->L, n, "too many captures");
    for (int i = 0; i < n; i++) clp_push_capture(m, i, s, e);
    return n;
}

/* ---- the string functions ---- */

/** A 1-based start position as the manual defines `init`: negative counts
 *  from the end, zero and anything before the start mean 1. */
static size_t clp_start_position(lua_Integer init, size_t length) {
    if (init > 0) return (size_t)init;
    if (init == 0 || init < -(lua_Integer)length) return 1;
    return length + (size_t)init + 1;
}

/** True when the pattern has none of the magic characters: a plain search. */
static int clp_is_plain(const char *p, size_t lp) {
    for (size_t i = 0; i < lp; i++)
        if (strchr("^$*+?.([%-", p[i]) != NULL && p[i] != '\0') return 0;
    return 1;
}

/** `needle` in `haystack` (memmem, counted as steps). */
static const char *clp_find_plain(clp_Matcher *m, const char *haystack, size_t lh, const char *needle, size_t ln) {
    if (ln == 0) return haystack;
    if (ln > lh) return NULL;
    const char *last = haystack + (lh - ln);
    for (const char *at = haystack; at <= last; at++) {
        at = memchr(at, needle[0], (size_t)(last - at) + 1);
        if (at == NULL) return NULL;
        clp_step(m);
        if (memcmp(at + 1, needle + 1, ln - 1) == 0) return at;
    }
    return NULL;
}

static int clp_find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = clp_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {
        luaL_pushfail(L);
        return 1;
    }
    clp_Matcher m;
    clp_start(&m, L, s, ls, p, lp);
    if (find && (lua_toboolean(L, 4) || clp_is_plain(p, lp))) {
        const char *at = clp_find_plain(&m, s + init, ls - init, p, lp);
        if (at == NULL) {
            luaL_pushfail(L);
            return 1;
        }
        lua_pushinteger(L, (at - s) + 1);
        lua_pushinteger(L, (lua_Integer)((at - s) + lp));
        return 2;
    }
    int anchored = lp > 0 && *p == '^';
    if (anchored) { p++; lp--; m.pattern_end = p + lp; }
    const char *from = s + init;
    do {
        clp_restart(&m);
        const char *end = clp_match(&m, from, p);
        if (end != NULL) {
            if (!find) return clp_push_captures(&m, from, end);
            lua_pushinteger(L, (from - s) + 1);
            lua_pushinteger(L, end - s);
            return clp_push_captures(&m, NULL, NULL) + 2;
        }
    } while (from++ < m.subject_end && !anchored);
    luaL_pushfail(L);
    return 1;
}

static int clp_str_find(lua_State *L) { return clp_find_or_match(L, 1); }
static int clp_str_match(lua_State *L) { return clp_find_or_match(L, 0); }

/* gmatch's iterator: upvalues the subject, the pattern and this state. */
typedef struct {
    const char *next;       /* where the next search starts */
    const char *last_end;   /* where the last match ended (an empty match there is skipped) */
} clp_Iteration;

static int clp_gmatch_next(lua_State *L) {
    size_t ls, lp;
    const char *s = lua_tolstring(L, lua_upvalueindex(1), &ls);
    const char *p = lua_tolstring(L, lua_upvalueindex(2), &lp);
    clp_Iteration *it = (clp_Iteration *)lua_touserdata(L, lua_upvalueindex(3));
    clp_Matcher m;
    clp_start(&m, L, s, ls, p, lp);
    for (const char *from = it->next; from <= m.subject_end; from++) {
        clp_restart(&m);
        const char *end = clp_match(&m, from, p);
        if (end != NULL && end != it->last_end) {
            it->next = it->last_end = end;
            return clp_push_captures(&m, from, end);
        }
    }
    it->next = m.subject_end + 1; /* done: later calls find nothing at once */
    return 0;
}

static int clp_str_gmatch(lua_State *L) {
    size_t ls;
    const char *s = luaL_checklstring(L, 1, &ls);
    luaL_checkstring(L, 2);
    size_t init = clp_start_position(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) init = ls + 1;
    lua_settop(L, 2); /* the closure keeps both strings alive */
    clp_Iteration *it = (clp_Iteration *)lua_newuserdatauv(L, sizeof(clp_Iteration), 0);
    it->next = s + init;
    it->last_end = NULL;
    lua_pushcclosure(L, clp_gmatch_next, 3);
    return 1;
}

/** Appends the replacement string (argument 3) for a match from `s` to `e`:
 *  "%0" the match, "%1".."%9" captures, "%%" a percent sign. */
static void clp_add_replacement(clp_Matcher *m, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = m->L;
    size_t length;
    const char *r = lua_tolstring(L, 3, &length);
    const char *r_end = r + length;
    while (r < r_end) {
        const char *percent = memchr(r, '%', (size_t)(r_end - r));
        if (percent == NULL) {
            luaL_addlstring(b, r, (size_t)(r_end - r));
            return;
        }
        luaL_addlstring(b, r, (size_t)(percent - r));
        r = percent + 1;
        char c = r < r_end ? *r : '\0';
        if (c == '%') {
            luaL_addchar(b, '%');
        } else if (c == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (isdigit((unsigned char)c)) {
            clp_push_capture(m, c - '1', s, e);
            luaL_tolstring(L, -1, NULL);
            lua_remove(L, -2);
            luaL_addvalue(b);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        r++;
    }
}

/** Appends what replaces a match from `s` to `e`; returns whether it changed
 *  anything (a false or nil result from a function or table keeps the match). */
static int clp_add_value(clp_Matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
    lua_State *L = m->L;
    if (kind == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = clp_push_captures(m, s, e);
        lua_call(L, n, 1);
    } else if (kind == LUA_TTABLE) {
        clp_push_capture(m, 0, s, e);
        lua_gettable(L, 3);
    } else {
        clp_add_replacement(m, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1))
        return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int clp_str_gsub(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    int kind = lua_type(L, 3);
    lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
    luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION || kind == LUA_TTABLE,
                     3, "string/function/table");
    int anchored = lp > 0 && *p == '^';
    if (anchored) { p++; lp--; }
    clp_Matcher m;
    clp_start(&m, L, s, ls, p, lp);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    const char *from = s, *last_end = NULL;
    lua_Integer count = 0;
    int changed = 0;
    while (count < most) {
        clp_restart(&m);
        const char *end = clp_match(&m, from, p);
        if (end != NULL && end != last_end) {
            count++;
            changed |= clp_add_value(&m, &b, from, end, kind);
            from = last_end = end;
        } else if (from < m.subject_end) {
            clp_step(&m);
            luaL_addchar(&b, *from++);
        } else {
            break;
        }
        if (anchored) break;
    }
    if (!changed) {
        lua_pushvalue(L, 1);
    } else {
        luaL_addlstring(&b, from, (size_t)(m.subject_end - from));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, count);
    return 2;
}

/* ---- table.sort ---- */

typedef struct {
    lua_State *L;
    int has_order;    /* argument 2 is the order function */
    unsigned steps;
} cls_Sort;

/** Is the value at `a` before the one at `b` (absolute indices)? */
static CL_HOT int cls_before(cls_Sort *sort, int a, int b) {
    lua_State *L = sort->L;
    if ((++sort->steps & CL_CHECK_INTERVAL) == 0) cl_checkpoint(L);
    if (!sort->has_order) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    int before = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return before;
}

/** Stores the top value at t[i] and the one below it at t[j]. */
static void cls_store_two(lua_State *L, lua_Integer i, lua_Integer j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

static int cls_invalid_order(lua_State *L) {
    return luaL_error(L, "invalid order function for sorting");
}

/** Quicksort of t[lo..up] in place: median of the first, middle and last as
 *  the pivot, the smaller part sorted by recursion and the larger by the
 *  loop (stack depth stays logarithmic). A comparison that contradicts
 *  itself walks a scan past its end, which is reported as Lua does. */
static void cls_sort(cls_Sort *sort, lua_Integer lo, lua_Integer up) {
    lua_State *L = sort->L;
    while (lo < up) {
        /* Order t[lo] and t[up]. */
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        int top = lua_gettop(L);
        if (cls_before(sort, top, top - 1)) cls_store_two(L, lo, up);
        else lua_pop(L, 2);
        if (up - lo == 1) return;
        /* Then t[mid] between them. */
        lua_Integer mid = lo + (up - lo) / 2;
        lua_geti(L, 1, mid);
        lua_geti(L, 1, lo);
        top = lua_gettop(L);
        if (cls_before(sort, top - 1, top)) {
            cls_store_two(L, mid, lo);
        } else {
            lua_pop(L, 1);
            lua_geti(L, 1, up);
            top = lua_gettop(L);
            if (cls_before(sort, top, top - 1)) cls_store_two(L, mid, up);
            else lua_pop(L, 2);
        }
        if (up - lo == 2) return;
        /* The pivot goes to up - 1; t[lo] <= pivot <= t[up] bound the scans. */
        lua_geti(L, 1, mid);
        int pivot = lua_gettop(L);
        lua_pushvalue(L, pivot);
        lua_geti(L, 1, up - 1);
        cls_store_two(L, mid, up - 1);
        lua_Integer i = lo, j = up - 1;
        for (;;) {
            for (;;) {
                lua_geti(L, 1, ++i);
                if (!cls_before(sort, lua_gettop(L), pivot)) break;
                if (i == up - 1) cls_invalid_order(L);
                lua_pop(L, 1);
            }
            for (;;) {
                lua_geti(L, 1, --j);
                if (!cls_before(sort, pivot, lua_gettop(L))) break;
                if (j < i) cls_invalid_order(L);
                lua_pop(L, 1);
            }
            if (j < i) {
                lua_pop(L, 1);          /* t[j] */
                lua_geti(L, 1, up - 1); /* the pivot into place i */
                cls_store_two(L, i, up - 1);
                break;
            }
            cls_store_two(L, i, j);
        }
        lua_pop(L, 1); /* the pivot */
        if (i - lo < up - i) {
            cls_sort(sort, lo, i - 1);
            lo = i + 1;
        } else {
            cls_sort(sort, i + 1, up);
            up = i - 1;
        }
    }
}

/* ---- the same for a plain array of numbers, outside Lua ---- */

/* Numbers as unsigned keys in the same order: an integer with its sign bit
 * flipped; a float (never NaN here) with all bits flipped when negative, else
 * its sign bit set. */
static CL_HOT uint64_t cls_integer_key(lua_Integer v) { return (uint64_t)v ^ ((uint64_t)1 << 63); }
static CL_HOT lua_Integer cls_integer_value(uint64_t k) { return (lua_Integer)(k ^ ((uint64_t)1 << 63)); }
static CL_HOT uint64_t cls_float_key(lua_Number v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return (bits >> 63) ? ~bits : bits | ((uint64_t)1 << 63);
}
static CL_HOT lua_Number cls_float_value(uint64_t k) {
    uint64_t bits = (k >> 63) ? k & ~((uint64_t)1 << 63) : ~k;
    lua_Number v;
    memcpy(&v, &bits, sizeof v);
    return v;
}

/** Quicksort of keys a[0..<n]: median of three, insertion sort below 16. */
static void cls_sort_keys(lua_State *L, uint64_t *a, size_t n, unsigned *steps) {
    while (n > 16) {
        *steps += (unsigned)n;
        if (*steps > CL_CHECK_INTERVAL) { *steps = 0; cl_checkpoint(L); }
        size_t mid = n / 2;
        uint64_t t;
#define CLS_ORDER(i, j) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t; }
        CLS_ORDER(0, mid) CLS_ORDER(mid, n - 1) CLS_ORDER(0, mid)
#undef CLS_ORDER
        uint64_t pivot = a[mid];
        size_t i = 0, j = n - 1;
        for (;;) {
            while (a[++i] < pivot) {}
            while (pivot < a[--j]) {}
            if (j <= i) break;
            t = a[i]; a[i] = a[j]; a[j] = t;
        }
        /* a[0..<i] <= pivot <= a[i..<n]: sort the smaller side first. */
        if (i < n - i) {
            cls_sort_keys(L, a, i, steps);
            a += i;
            n -= i;
        } else {
            cls_sort_keys(L, a + i, n - i, steps);
            n = i;
        }
    }
    for (size_t i = 1; i < n; i++) {
        uint64_t v = a[i];
        size_t j = i;
        for (; j > 0 && v < a[j - 1]; j--) a[j] = a[j - 1];
        a[j] = v;
    }
}

/** Sorts t[1..n] when it is a plain table (no metatable) of integers only or
 *  of floats only (no NaN), with no order function: the values go to an
 *  array of keys (a userdata, counted against --max-memory), are sorted
 *  there and written back, several times faster than comparing them through
 *  the stack. Returns 0 (nothing changed) when the table is anything else. */
static int cls_sort_numbers(lua_State *L, lua_Integer n) {
    if (lua_type(L, 1) != LUA_TTABLE || !lua_isnil(L, 2)) return 0;
    if (lua_getmetatable(L, 1)) {
        lua_pop(L, 1);
        return 0;
    }
    int integers = lua_rawgeti(L, 1, 1) == LUA_TNUMBER && lua_isinteger(L, -1);
    lua_pop(L, 1);
    for (lua_Integer i = 1; i <= n; i++) {
        if ((i & CL_CHECK_INTERVAL) == 0) cl_checkpoint(L);
        int kind = lua_rawgeti(L, 1, i);
        int ok = kind == LUA_TNUMBER && lua_isinteger(L, -1) == integers;
        if (ok && !integers) { lua_Number v = lua_tonumber(L, -1); ok = v == v; }
        lua_pop(L, 1);
        if (!ok) return 0;
    }
    uint64_t *keys = (uint64_t *)lua_newuserdatauv(L, (size_t)n * sizeof(uint64_t), 0);
    for (lua_Integer i = 1; i <= n; i++) {
        if ((i & CL_CHECK_INTERVAL) == 0) cl_checkpoint(L);
        lua_rawgeti(L, 1, i);
        keys[i - 1] = integers ? cls_integer_key(lua_tointeger(L, -1)) : cls_float_key(lua_tonumber(L, -1));
        lua_pop(L, 1);
    }
    unsigned steps = 0;
    cls_sort_keys(L, keys, (size_t)n, &steps);
    for (lua_Integer i = 1; i <= n; i++) {
        if ((i & CL_CHECK_INTERVAL) == 0) cl_checkpoint(L);
        if (integers) lua_pushinteger(L, cls_integer_value(keys[i - 1]));
        else lua_pushnumber(L, cls_float_value(keys[i - 1]));
        lua_rawseti(L, 1, i);
    }
    lua_pop(L, 1);
    return 1;
}

static int cls_table_sort(lua_State *L) {
    if (lua_type(L, 1) != LUA_TTABLE) {
        /* Anything with __index, __newindex and __len sorts as a table. */
        int usable = 0;
        if (lua_getmetatable(L, 1)) {
            usable = lua_getfield(L, -1, "__index") != LUA_TNIL;
            usable = (lua_getfield(L, -2, "__newindex") != LUA_TNIL) && usable;
            usable = (lua_getfield(L, -3, "__len") != LUA_TNIL) && usable;
            lua_pop(L, 4);
        }
        if (!usable) luaL_checktype(L, 1, LUA_TTABLE);
    }
    lua_Integer n = luaL_len(L, 1);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        if (cls_sort_numbers(L, n)) return 0;
        cls_Sort sort = { L, !lua_isnil(L, 2), 0 };
        cls_sort(&sort, 1, n);
    }
    return 0;
}

/** Replaces find, match, gmatch and gsub in the string library and sort in
 *  the table library with the versions above. Call after luaL_openlibs. */
static inline void cl_installpatterns(lua_State *L) {
    if (lua_getglobal(L, "string") == LUA_TTABLE) {
        static const luaL_Reg functions[] = {
            { "find", clp_str_find }, { "match", clp_str_match },
            { "gmatch", clp_str_gmatch }, { "gsub", clp_str_gsub }, { NULL, NULL },
        };
        luaL_setfuncs(L, functions, 0);
    }
    lua_pop(L, 1);
    if (lua_getglobal(L, "table") == LUA_TTABLE) {
        lua_pushcfunction(L, cls_table_sort);
        lua_setfield(L, -2, "sort");
    }
    lua_pop(L, 1);
}

#endif
