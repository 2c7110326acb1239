/* The REPL's terminal side: see include/cedit.h for what and why. */
#define _GNU_SOURCE
#include "cedit.h"

#include <errno.h>
#include <histedit.h>
#include <limits.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/select.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

#include "lazylibrary.h"

/* libedit is opened by the first editor or history file, not at start-up (see
 * lazylibrary.h): only the REPL uses it. Every call below goes through these
 * pointers. */
#define LIBEDIT_FUNCTIONS(X)                                                                      \
    X(el_init) X(el_end) X(el_set) X(el_get) X(el_source) X(el_gets) X(el_line) X(el_insertstr) \
    X(el_resize) X(history_init) X(history_end) X(history)
LIBEDIT_FUNCTIONS(LAZYLIBRARY_POINTER)
static const char *const libedit_files[] = {"libedit.so.2", NULL};
static const char *const libedit_symbols[] = {LIBEDIT_FUNCTIONS(LAZYLIBRARY_NAME) NULL};
static void **const libedit_slots[] = {LIBEDIT_FUNCTIONS(LAZYLIBRARY_SLOT)};
static lazylibrary libedit = {libedit_files, libedit_symbols, libedit_slots, LAZYLIBRARY_STATE};
#define el_init (*lazy_el_init)
#define el_end (*lazy_el_end)
#define el_set (*lazy_el_set)
#define el_get (*lazy_el_get)
#define el_source (*lazy_el_source)
#define el_gets (*lazy_el_gets)
#define el_line (*lazy_el_line)
#define el_insertstr (*lazy_el_insertstr)
#define el_resize (*lazy_el_resize)
#define history_init (*lazy_history_init)
#define history_end (*lazy_history_end)
/* Function-like: the editor's `history` member keeps its name. */
#define history(...) (*lazy_history)(__VA_ARGS__)

/* ---- SIGINT and SIGWINCH ---- */

static volatile sig_atomic_t ce_pending_interrupt; /* a Ctrl-C nobody was forwarded */
static volatile sig_atomic_t ce_resized;           /* the terminal changed size */
static void (*volatile ce_forward_fn)(void *);
static void *volatile ce_forward_context;
static struct sigaction ce_previous_sigint;
static int ce_sigint_installed;

static void ce_on_sigint(int signo) {
    (void)signo;
    int saved = errno;
    void (*fn)(void *) = ce_forward_fn;
    if (fn != NULL) fn(ce_forward_context);
    else ce_pending_interrupt = 1;
    errno = saved;
}

static void ce_on_sigwinch(int signo) {
    (void)signo;
    ce_resized = 1;
}

void ce_sigint_install(void) {
    if (ce_sigint_installed) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = ce_on_sigint;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0; /* no SA_RESTART: a read blocked in a chunk returns EINTR */
    if (sigaction(SIGINT, &action, &ce_previous_sigint) == 0) ce_sigint_installed = 1;
}

void ce_sigint_remove(void) {
    if (!ce_sigint_installed) return;
    ce_forward_fn = NULL;
    sigaction(SIGINT, &ce_previous_sigint, NULL);
    ce_sigint_installed = 0;
}

void ce_sigint_forward(void (*fn)(void *), void *context) {
    if (fn != NULL) {
        ce_forward_context = context; /* the context first: the handler reads fn, then it */
        ce_forward_fn = fn;
    } else {
        ce_forward_fn = NULL;
        ce_forward_context = NULL;
    }
}

int ce_sigint_take(void) {
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigprocmask(SIG_BLOCK, &block, &old);
    int seen = ce_pending_interrupt != 0;
    ce_pending_interrupt = 0;
    sigprocmask(SIG_SETMASK, &old, NULL);
    return seen;
}

/* ---- the editor ---- */

struct ce_Editor {
    EditLine *el;
    History *history;
    HistEvent event;
    FILE *out;
    int in_fd;
    char *prompt;
    char *line;            /* the last line read, without its newline */
    size_t line_capacity;
    int interrupted;       /* the current ce_read ended by Ctrl-C */
    ce_CompleteFn complete;
    void *complete_context;
    struct sigaction previous_sigwinch;
};

static ce_Editor *ce_editor_of(EditLine *el) {
    ce_Editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    return editor;
}

static char *ce_prompt(EditLine *el) {
    ce_Editor *editor = ce_editor_of(el);
    return (editor != NULL && editor->prompt != NULL) ? editor->prompt : "";
}

/* Waits until `fd` can be read. Returns 1 when it can, 0 when a Ctrl-C came
 * first, -1 on error. SIGINT and SIGWINCH are blocked except inside pselect,
 * so neither can arrive between checking the flags and starting to wait. */
static int ce_wait(ce_Editor *editor) {
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGWINCH);
    sigprocmask(SIG_BLOCK, &block, &old);
    int result;
    for (;;) {
        if (ce_pending_interrupt) {
            ce_pending_interrupt = 0;
            result = 0;
            break;
        }
        if (ce_resized) {
            ce_resized = 0;
            el_resize(editor->el);
            el_set(editor->el, EL_REFRESH);
        }
        fd_set readable;
        FD_ZERO(&readable);
        FD_SET(editor->in_fd, &readable);
        int n = pselect(editor->in_fd + 1, &readable, NULL, NULL, NULL, &old);
        if (n > 0) {
            result = 1;
            break;
        }
        if (n < 0 && errno != EINTR) {
            result = -1;
            break;
        }
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    /* pselect reports input even when a SIGINT came with it; the signal is
     * then handled only now that the mask is restored. The Ctrl-C was typed
     * first (the terminal discards earlier input on Ctrl-C), so it wins. */
    if (result == 1 && ce_pending_interrupt) {
        ce_pending_interrupt = 0;
        result = 0;
    }
    return result;
}

/* libedit's read-a-character hook: one (possibly multibyte) character, 0 at
 * end of input, -1 on error or Ctrl-C (which makes el_gets return NULL). */
static int ce_getc(EditLine *el, wchar_t *wc) {
    ce_Editor *editor = ce_editor_of(el);
    char bytes[MB_LEN_MAX];
    size_t have = 0;
    *wc = L'\0';
    for (;;) {
        int ready = ce_wait(editor);
        if (ready == 0) {
            editor->interrupted = 1;
            errno = EINTR;
            return -1;
        }
        if (ready < 0) return -1;
        char byte;
        ssize_t n = read(editor->in_fd, &byte, 1);
        if (n == 0) return 0;
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        bytes[have++] = byte;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t used = mbrtowc(wc, bytes, have, &state);
        if (used == (size_t)-2 && have < sizeof bytes) continue; /* more bytes to come */
        if (used == (size_t)-1 || used == (size_t)-2) {          /* not a character: drop it */
            have = 0;
            continue;
        }
        return 1;
    }
}

static unsigned char ce_complete_command(EditLine *el, int ch) {
    (void)ch;
    ce_Editor *editor = ce_editor_of(el);
    if (editor == NULL || editor->complete == NULL) return CC_ERROR;
    const LineInfo *info = el_line(el);
    size_t n = (size_t)(info->cursor - info->buffer);
    char *before = malloc(n + 1);
    if (before == NULL) return CC_ERROR;
    memcpy(before, info->buffer, n);
    before[n] = '\0';
    int action = editor->complete(editor, before, editor->complete_context);
    free(before);
    switch (action) {
    case CE_REFRESH: return CC_REFRESH;
    case CE_REDISPLAY: return CC_REDISPLAY;
    case CE_BEEP: return CC_REFRESH_BEEP;
    default: return CC_NORM;
    }
}

ce_Editor *ce_open(const char *program, int history_size) {
    /* Multibyte input (UTF-8 names and strings) needs the user's LC_CTYPE;
     * numbers keep the C locale's formatting (LC_NUMERIC is left alone). */
    setlocale(LC_CTYPE, "");
    if (!lazylibrary_open(&libedit, NULL, 0)) return NULL;
    ce_Editor *editor = calloc(1, sizeof *editor);
    if (editor == NULL) return NULL;
    editor->in_fd = fileno(stdin);
    editor->out = isatty(fileno(stdout)) ? stdout : stderr;
    editor->el = el_init(program, stdin, editor->out, stderr);
    editor->history = history_init();
    if (editor->el == NULL || editor->history == NULL) {
        ce_close(editor);
        return NULL;
    }
    history(editor->history, &editor->event, H_SETSIZE, history_size > 0 ? history_size : 1000);
    history(editor->history, &editor->event, H_SETUNIQUE, 1);

    EditLine *el = editor->el;
    el_set(el, EL_CLIENTDATA, editor);
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_SIGNAL, 0); /* signals are ours: see ce_getc */
    el_set(el, EL_PROMPT, ce_prompt);
    el_set(el, EL_HIST, lazy_history, editor->history);
    el_set(el, EL_GETCFN, ce_getc);
    el_set(el, EL_ADDFN, "celllua-complete", "Complete a Lua name", ce_complete_command);
    el_set(el, EL_BIND, "^I", "celllua-complete", NULL);
    el_set(el, EL_BIND, "^R", "em-inc-search-prev", NULL);
    el_source(el, NULL); /* the user's ~/.editrc may rebind any of this */

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = ce_on_sigwinch;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGWINCH, &action, &editor->previous_sigwinch);
    return editor;
}

void ce_close(ce_Editor *editor) {
    if (editor == NULL) return;
    if (editor->el != NULL) {
        sigaction(SIGWINCH, &editor->previous_sigwinch, NULL);
        el_end(editor->el);
    }
    if (editor->history != NULL) history_end(editor->history);
    free(editor->prompt);
    free(editor->line);
    free(editor);
}

int ce_read(ce_Editor *editor, const char *prompt, const char **line, int *length) {
    char *copy = strdup(prompt != NULL ? prompt : "");
    if (copy != NULL) {
        free(editor->prompt);
        editor->prompt = copy;
    }
    editor->interrupted = 0;
    (void)ce_sigint_take(); /* a Ctrl-C from before the prompt is not for this line */
    fflush(stdout);
    /* Raw mode before the prompt appears (libedit would switch after drawing
     * it): keys typed once the prompt shows must not meet the cooked terminal,
     * which turns Ctrl-D into a NUL byte and echoes everything twice. */
    el_set(editor->el, EL_PREP_TERM, 1);
    int count = 0;
    const char *text = el_gets(editor->el, &count);
    if (editor->interrupted) return CE_INTERRUPTED;
    if (text == NULL || count <= 0) return CE_EOF;
    size_t n = strlen(text);
    while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r')) n--;
    if (n + 1 > editor->line_capacity) {
        char *grown = realloc(editor->line, n + 1);
        if (grown == NULL) return CE_EOF;
        editor->line = grown;
        editor->line_capacity = n + 1;
    }
    memcpy(editor->line, text, n);
    editor->line[n] = '\0';
    *line = editor->line;
    *length = (int)n;
    return CE_LINE;
}

void ce_set_completer(ce_Editor *editor, ce_CompleteFn fn, void *context) {
    editor->complete = fn;
    editor->complete_context = context;
}

int ce_insert(ce_Editor *editor, const char *text) {
    return el_insertstr(editor->el, text);
}

void ce_write(ce_Editor *editor, const char *text) {
    fputs(text, editor->out);
    fflush(editor->out);
}

int ce_columns(ce_Editor *editor) {
    struct winsize size;
    if (ioctl(fileno(editor->out), TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}

void ce_history_add(ce_Editor *editor, const char *line) {
    history(editor->history, &editor->event, H_ENTER, line);
}

int ce_history_load(ce_Editor *editor, const char *path) {
    return history(editor->history, &editor->event, H_LOAD, path) < 0 ? -1 : 0;
}

/* ---- history files ---- */

int ce_history_append(const char *path, const char *const *lines, int count, int limit) {
    if (!lazylibrary_open(&libedit, NULL, 0)) return -1;
    HistEvent event;
    History *merged = history_init();
    if (merged == NULL) return -1;
    history(merged, &event, H_SETSIZE, limit > 0 ? limit : 1000);
    history(merged, &event, H_SETUNIQUE, 1);
    history(merged, &event, H_LOAD, path); /* a missing or foreign file starts empty */
    for (int i = 0; i < count; i++) history(merged, &event, H_ENTER, lines[i]);

    size_t length = strlen(path) + sizeof(".tmp-XXXXXX");
    char *temporary = malloc(length);
    if (temporary == NULL) {
        history_end(merged);
        return -1;
    }
    snprintf(temporary, length, "%s.tmp-XXXXXX", path);
    int fd = mkstemp(temporary); /* mode 0600: a history is private */
    int status = -1;
    if (fd >= 0) {
        FILE *file = fdopen(fd, "w");
        if (file == NULL) {
            close(fd);
        } else {
            int saved = history(merged, &event, H_SAVE_FP, file);
            int closed = fclose(file);
            if (saved >= 0 && closed == 0 && rename(temporary, path) == 0) status = 0;
        }
        if (status != 0) {
            int error = errno;
            unlink(temporary);
            errno = error;
        }
    }
    free(temporary);
    history_end(merged);
    return status;
}
