// posix_openpt, grantpt, unlockpt and ptsname are declared by glibc only with _XOPEN_SOURCE, pipe2
// and posix_spawn_file_actions_addclosefrom_np only with _GNU_SOURCE; they must come before any include.
#define _GNU_SOURCE 1
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE 1

#include "CTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int tidings_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    if (ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

int tidings_set_window_size(int fd, int rows, int cols) {
    struct winsize ws;
    memset(&ws, 0, sizeof ws);
    ws.ws_row = (unsigned short)rows;
    ws.ws_col = (unsigned short)cols;
    return ioctl(fd, TIOCSWINSZ, &ws);
}

int tidings_open_pseudo_terminal(int *master, int *slave) {
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0) return -1;
    const char *name = NULL;
    if (grantpt(m) != 0 || unlockpt(m) != 0 || (name = ptsname(m)) == NULL) {
        int saved = errno;
        close(m);
        errno = saved;
        return -1;
    }
    int s = open(name, O_RDWR | O_NOCTTY);
    if (s < 0) {
        int saved = errno;
        close(m);
        errno = saved;
        return -1;
    }
    *master = m;
    *slave = s;
    return 0;
}

// ---- State shared with the signal handlers ------------------------------------------------------

#define SEQUENCE_CAPACITY 256

static int term_in = -1;
static int term_out = -1;
static int wake_write = -1;
static struct termios saved_termios;
static struct termios raw_termios;
static char enter_seq[SEQUENCE_CAPACITY];
static size_t enter_len;
static char leave_seq[SEQUENCE_CAPACITY];
static size_t leave_len;
static volatile sig_atomic_t is_configured;
static volatile sig_atomic_t is_active;
static volatile sig_atomic_t suspended_by_us;
static volatile sig_atomic_t pending_resize;
static volatile sig_atomic_t pending_resumed;
static volatile sig_atomic_t handlers_installed;
static volatile sig_atomic_t atexit_registered;

static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous_fatal[FATAL_COUNT];
static struct sigaction previous_winch, previous_tstp, previous_cont;

static void write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += n;
        length -= (size_t)n;
    }
}

static void wake(void) {
    if (wake_write >= 0) {
        int saved = errno;
        char byte = 2;  // TerminalWakeup.post() writes 1: the event loop tells the two apart
        (void)write(wake_write, &byte, 1);
        errno = saved;
    }
}

static size_t copy_sequence(char *dest, const char *src) {
    size_t n = src ? strlen(src) : 0;
    if (n >= SEQUENCE_CAPACITY) n = SEQUENCE_CAPACITY - 1;
    if (n) memcpy(dest, src, n);
    dest[n] = 0;
    return n;
}

int tidings_term_setup(int input_fd, int output_fd, const char *enter_sequence, const char *leave_sequence) {
    if (tcgetattr(input_fd, &saved_termios) != 0) return -1;
    raw_termios = saved_termios;
    raw_termios.c_iflag &= ~(tcflag_t)(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON);
    raw_termios.c_oflag &= ~(tcflag_t)OPOST;
    raw_termios.c_lflag &= ~(tcflag_t)(ECHO | ECHONL | ICANON | ISIG | IEXTEN);
    raw_termios.c_cflag &= ~(tcflag_t)(CSIZE | PARENB);
    raw_termios.c_cflag |= CS8;
    raw_termios.c_cc[VMIN] = 1;
    raw_termios.c_cc[VTIME] = 0;
    term_in = input_fd;
    term_out = output_fd;
    enter_len = copy_sequence(enter_seq, enter_sequence);
    leave_len = copy_sequence(leave_seq, leave_sequence);
    is_configured = 1;
    return 0;
}

int tidings_term_enter(void) {
    if (!is_configured) {
        errno = EINVAL;
        return -1;
    }
    if (tcsetattr(term_in, TCSAFLUSH, &raw_termios) != 0) return -1;
    is_active = 1;
    write_all(term_out, enter_seq, enter_len);
    return 0;
}

void tidings_term_leave(void) {
    if (!is_active) return;
    is_active = 0;
    write_all(term_out, leave_seq, leave_len);
    (void)tcsetattr(term_in, TCSAFLUSH, &saved_termios);
}

// ---- Signal handlers ----------------------------------------------------------------------------

static void on_winch(int sig) {
    (void)sig;
    pending_resize = 1;
    wake();
}

static void on_cont(int sig) {
    (void)sig;
    int saved = errno;
    // Re-enter after our own Ctrl-Z, and also after a SIGSTOP we never saw: the shell may have
    // changed the tty modes while the program was stopped.
    if (is_configured && (is_active || suspended_by_us)) {
        suspended_by_us = 0;
        if (tcsetattr(term_in, TCSAFLUSH, &raw_termios) == 0) {
            is_active = 1;
            write_all(term_out, enter_seq, enter_len);
        }
    }
    pending_resumed = 1;
    pending_resize = 1;
    errno = saved;
    wake();
}

static void on_tstp(int sig) {
    int saved = errno;
    if (is_active) suspended_by_us = 1;
    tidings_term_leave();
    struct sigaction dfl, mine;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &mine);
    sigset_t unblock;
    sigemptyset(&unblock);
    sigaddset(&unblock, SIGTSTP);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(sig);  // stops here; SIGCONT resumes and on_cont re-enters
    sigaction(SIGTSTP, &mine, NULL);
    errno = saved;
}

static int is_synchronous_fault(int sig) {
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP;
}

static void on_fatal(int sig) {
    tidings_term_leave();
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal_signals[i] == sig) {
            sigaction(sig, &previous_fatal[i], NULL);
            break;
        }
    }
    // A fault re-executes the faulting instruction on return and reaches the previous handler
    // (e.g. Swift's backtracer); anything else is re-raised to get its normal effect.
    if (!is_synchronous_fault(sig)) raise(sig);
}

static void leave_at_exit(void) { tidings_term_leave(); }

// A handler never runs for a signal the thread keeps blocked, and the mask is inherited across
// fork and exec: a reader started from a thread that blocks signals (a libdispatch worker blocks
// nearly all, and a launcher's posix_spawn passes that on to tmux, the shell and the reader) would
// leave SIGTERM, SIGHUP and SIGWINCH pending forever. The calling thread (the UI thread) takes them;
// libdispatch's own threads keep them blocked, so the handlers run where the event loop is.
static void unblock_handled_signals(void) {
    sigset_t handled;
    sigemptyset(&handled);
    sigaddset(&handled, SIGWINCH);
    sigaddset(&handled, SIGTSTP);
    sigaddset(&handled, SIGCONT);
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaddset(&handled, fatal_signals[i]);
    (void)pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
}

static int install(int sig, void (*handler)(int), struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: poll/read return EINTR so the loop sees the event
    return sigaction(sig, &action, previous);
}

int tidings_term_install_signal_handlers(int wake_fd) {
    wake_write = wake_fd;
    if (handlers_installed) {
        unblock_handled_signals();
        return 0;
    }
    if (install(SIGWINCH, on_winch, &previous_winch) != 0) return -1;
    if (install(SIGTSTP, on_tstp, &previous_tstp) != 0) return -1;
    if (install(SIGCONT, on_cont, &previous_cont) != 0) return -1;
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        // A signal ignored at launch (nohup's SIGHUP, SIGINT for a job started with `&`) stays
        // ignored: catching it would leave the terminal and then go on running, as re-raising an
        // ignored signal does nothing.
        if (sigaction(fatal_signals[i], NULL, &previous_fatal[i]) != 0) return -1;
        if (previous_fatal[i].sa_handler == SIG_IGN && !is_synchronous_fault(fatal_signals[i])) continue;
        if (install(fatal_signals[i], on_fatal, &previous_fatal[i]) != 0) return -1;
    }
    handlers_installed = 1;
    unblock_handled_signals();
    if (!atexit_registered) {
        atexit_registered = 1;
        atexit(leave_at_exit);
    }
    return 0;
}

void tidings_term_remove_signal_handlers(void) {
    if (!handlers_installed) return;
    sigaction(SIGWINCH, &previous_winch, NULL);
    sigaction(SIGTSTP, &previous_tstp, NULL);
    sigaction(SIGCONT, &previous_cont, NULL);
    for (size_t i = 0; i < FATAL_COUNT; i++) sigaction(fatal_signals[i], &previous_fatal[i], NULL);
    handlers_installed = 0;
    wake_write = -1;
}

int tidings_term_take_events(void) {
    int events = 0;
    if (pending_resize) {
        pending_resize = 0;
        events |= TIDINGS_TERM_EVENT_RESIZE;
    }
    if (pending_resumed) {
        pending_resumed = 0;
        events |= TIDINGS_TERM_EVENT_RESUMED;
    }
    return events;
}

void tidings_term_suspend(void) {
    kill(0, SIGTSTP);
}

// ---- Children that use the terminal -------------------------------------------------------------

#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

int tidings_cloexec_pipe(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int tidings_spawn_in_group(const char *path, char *const argv[], int stdin_fd, int *pid) {
    static const int reset[] = {SIGPIPE, SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH, SIGCONT, SIGHUP, SIGTERM};
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    int result = posix_spawnattr_init(&attributes);
    if (result != 0) return result;
    result = posix_spawn_file_actions_init(&actions);
    if (result != 0) {
        posix_spawnattr_destroy(&attributes);
        return result;
    }
    sigset_t defaults, none;
    sigemptyset(&defaults);
    for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaddset(&defaults, reset[i]);
    sigemptyset(&none);
    if (result == 0) result = posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    if (result == 0) result = posix_spawnattr_setpgroup(&attributes, 0);
    if (result == 0) result = posix_spawnattr_setsigdefault(&attributes, &defaults);
    if (result == 0) result = posix_spawnattr_setsigmask(&attributes, &none);
    if (result == 0 && stdin_fd >= 0 && stdin_fd != STDIN_FILENO) result = posix_spawn_file_actions_adddup2(&actions, stdin_fd, STDIN_FILENO);
    if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    pid_t child = 0;
    if (result == 0) result = posix_spawn(&child, path, &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (result == 0) *pid = (int)child;
    return result;
}

// tcsetpgrp from a background group raises SIGTTOU, which would stop the reader: block it meanwhile.
static void set_foreground(int tty_fd, pid_t group) {
    sigset_t ttou, previous;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    pthread_sigmask(SIG_BLOCK, &ttou, &previous);
    (void)tcsetpgrp(tty_fd, group);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
}

int tidings_wait_in_foreground(int pid, int tty_fd, int *status) {
    pid_t own = getpgrp();
    int handed = tty_fd >= 0 && tcgetpgrp(tty_fd) == own;
    if (handed) set_foreground(tty_fd, (pid_t)pid);
    (void)kill(-(pid_t)pid, SIGCONT);
    int result = 0;
    for (;;) {
        int wstatus = 0;
        pid_t done = waitpid((pid_t)pid, &wstatus, WUNTRACED);
        if (done < 0) {
            if (errno == EINTR) continue;
            result = -1;
            break;
        }
        if (WIFSTOPPED(wstatus)) {
            // The reader has no job control of its own to offer: the child gets the terminal back. One
            // that cannot have it would stop again at once, forever: it is ended instead.
            if (handed) {
                set_foreground(tty_fd, (pid_t)pid);
            } else {
                (void)kill(-(pid_t)pid, SIGTERM);
            }
            (void)kill(-(pid_t)pid, SIGCONT);
            continue;
        }
        *status = wstatus;
        break;
    }
    if (handed) {
        int saved = errno;
        set_foreground(tty_fd, own);
        errno = saved;
    }
    return result;
}
