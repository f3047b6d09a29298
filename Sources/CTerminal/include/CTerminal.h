#ifndef TIDINGS_CTERMINAL_H
#define TIDINGS_CTERMINAL_H

// Libc pieces Swift cannot reach on Linux, and the terminal state that signal handlers must reach.
// The terminal state lives in C statics because a signal handler may touch only async-signal-safe
// state; Swift sees it only through these functions.

#include <stdint.h>

/// Pending-event bits returned by tidings_term_take_events().
#define TIDINGS_TERM_EVENT_RESIZE 1
#define TIDINGS_TERM_EVENT_RESUMED 2

/// Window size through the TIOCGWINSZ ioctl (a macro Swift cannot call). Returns 0 on success.
int tidings_window_size(int fd, int *rows, int *cols);

/// Sets the window size through TIOCSWINSZ (on a pseudo-terminal's master side, as tests and
/// terminal emulators do). Returns 0 on success.
int tidings_set_window_size(int fd, int rows, int cols);

/// Opens a pseudo-terminal pair (posix_openpt/grantpt/unlockpt/ptsname are hidden from Swift without
/// _XOPEN_SOURCE). Lets tests drive the terminal code without a real tty. Returns 0, or -1 with errno.
int tidings_open_pseudo_terminal(int *master, int *slave);

/// Records the tty and the byte sequences that enter/leave the full-screen state, and saves the
/// current termios so it can be restored later. Returns 0, or -1 with errno set.
int tidings_term_setup(int input_fd, int output_fd, const char *enter_sequence, const char *leave_sequence);

/// Switches to raw mode and writes the enter sequence. Idempotent. Returns 0, or -1 with errno set.
int tidings_term_enter(void);

/// Writes the leave sequence and restores the saved termios. Idempotent and async-signal-safe.
void tidings_term_leave(void);

/// Installs handlers: SIGWINCH (resize bit), SIGTSTP (leave, stop, re-enter on continue),
/// SIGCONT (re-enter, resumed bit), and SIGINT/SIGTERM/SIGHUP/SIGQUIT plus the crash signals
/// (leave, then the previous action; one ignored at launch stays ignored). Each pending event also writes the byte 2 to wake_fd (-1: none)
/// to interrupt the event loop's poll.
/// Unblocks those signals in the calling thread, whatever mask the process inherited, so they reach
/// the handlers there. Registers an atexit hook that leaves too.
int tidings_term_install_signal_handlers(int wake_fd);

/// Restores the signal actions that were in place before tidings_term_install_signal_handlers.
void tidings_term_remove_signal_handlers(void);

/// Returns and clears the pending TIDINGS_TERM_EVENT_* bits set by the handlers.
int tidings_term_take_events(void);

/// Stops the process group as Ctrl-Z would (raw mode turns off ISIG, so the key arrives as a byte).
void tidings_term_suspend(void);

#endif
