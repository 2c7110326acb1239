/*
 * CEdit: the REPL's terminal side in C. libedit (BSD licensed) does the line
 * editing and keeps the history; this file adapts it for Swift and owns the
 * SIGINT handler.
 *
 * Why C: libedit's configuration calls (el_set, history) are variadic, which
 * Swift cannot call, and a signal handler is clearest where the language has
 * no runtime of its own to worry about. Everything the handler touches is a
 * `volatile` global written only outside it.
 *
 * Ctrl-C has two meanings, chosen by who is waiting:
 *  - while a chunk runs, the handler calls the forward function given to
 *    `ce_sigint_forward` (celllua's asks Lua to stop at its next hook check);
 *  - while the editor waits for a key, it ends `ce_read` with CE_INTERRUPTED,
 *    so the REPL drops the line being typed.
 * The editor waits in pselect with SIGINT blocked outside it, so a Ctrl-C can
 * never slip between "no interrupt yet" and "start waiting".
 */
#ifndef CELLLUA_CEDIT_H
#define CELLLUA_CEDIT_H

#include <stddef.h>

/* ---- SIGINT ---- */

/** Installs the handler (no SA_RESTART, so a blocked read returns EINTR) and
 *  remembers the previous one. Idempotent. */
void ce_sigint_install(void);
/** Restores the handler that was in place before `ce_sigint_install`. */
void ce_sigint_remove(void);
/** While `fn` is set, each SIGINT calls `fn(context)` from the handler, so `fn`
 *  must be async-signal-safe. NULL stops forwarding: a Ctrl-C is then only
 *  remembered (see `ce_sigint_take`). */
void ce_sigint_forward(void (*fn)(void *), void *context);
/** Returns 1 if a SIGINT arrived while nothing was forwarded, and forgets it. */
int ce_sigint_take(void);

/* ---- the line editor ---- */

typedef struct ce_Editor ce_Editor;

/** What a TAB (or any key bound to completion) asks the editor to do next. */
#define CE_KEEP 0       /* nothing changed */
#define CE_REFRESH 1    /* the line changed: redraw it */
#define CE_REDISPLAY 2  /* text was written below: redraw prompt and line */
#define CE_BEEP 3       /* nothing to complete */

/** Called for completion with the text before the cursor (UTF-8). It may call
 *  `ce_insert` and `ce_write`, and returns one of the CE_ codes above. */
typedef int (*ce_CompleteFn)(ce_Editor *editor, const char *before_cursor, void *context);

/** Opens an editor on stdin; prompts and echo go to stdout, or to stderr when
 *  stdout is not a terminal. `history_size` bounds the history (entries).
 *  Reads ~/.editrc (or $EDITRC) for the user's own bindings. NULL on failure. */
ce_Editor *ce_open(const char *program, int history_size);
void ce_close(ce_Editor *editor);

/** The outcome of `ce_read`. */
#define CE_LINE 0
#define CE_EOF 1
#define CE_INTERRUPTED 2

/** Shows `prompt` and reads one edited line. On CE_LINE, `*line` is the text
 *  without its newline (valid until the next call) and `*length` its size.
 *  `ce_sigint_install` must be in force for CE_INTERRUPTED to happen. */
int ce_read(ce_Editor *editor, const char *prompt, const char **line, int *length);

void ce_set_completer(ce_Editor *editor, ce_CompleteFn fn, void *context);
/** Inserts UTF-8 text at the cursor. Returns 0, or -1 on failure. */
int ce_insert(ce_Editor *editor, const char *text);
/** Writes text to the editor's output and flushes (completion listings). */
void ce_write(ce_Editor *editor, const char *text);
/** The terminal's width in columns (80 when it cannot be asked). */
int ce_columns(ce_Editor *editor);

/** Adds a line to the in-memory history (consecutive duplicates are kept once). */
void ce_history_add(ce_Editor *editor, const char *line);
/** Loads a history file (libedit's format); 0, or -1 if it cannot be read. */
int ce_history_load(ce_Editor *editor, const char *path);

/* ---- history files ---- */

/** Merges `lines` into the history file at `path`: reads what is there now
 *  (other sessions may have added to it), appends `lines`, keeps the newest
 *  `limit` entries and writes the file atomically (a temporary file renamed
 *  over it, mode 0600). Returns 0, or -1 with errno set. */
int ce_history_append(const char *path, const char *const *lines, int count, int limit);

#endif
