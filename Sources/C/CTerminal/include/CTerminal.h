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

/// Opens a pipe whose two ends are closed on exec, so a child spawned with one end as its standard
/// input holds no other copy (it would never see end of file). Returns 0, or -1 with errno.
int tidings_cloexec_pipe(int fds[2]);

/// Starts `path` with `argv` (NULL-terminated) in a process group of its own, with the default action
/// for every signal a shell resets (the reader ignores SIGPIPE, and an ignored signal survives exec),
/// no signal blocked, and descriptors above 2 closed; `stdin_fd` (-1: the caller's) becomes its
/// standard input. A child of its own group can be given the terminal without giving it the reader.
/// Returns 0 and the child's id in `pid`, or an errno value.
int tidings_spawn_in_group(const char *path, char *const argv[], int stdin_fd, int *pid);

/// Gives the terminal on `tty_fd` to the process group `pid` leads (when the caller's group holds it),
/// continues that group (a member that touched the terminal before it was handed over stopped on
/// SIGTTIN/SIGTTOU), and waits for `pid` to end; a stop of the child (Ctrl-Z) gives the terminal back
/// to it and continues it. Then takes the terminal back for the caller's group, SIGTTOU blocked.
/// Returns the wait status in `status` and 0, or -1 with errno when waitpid fails.
int tidings_wait_in_foreground(int pid, int tty_fd, int *status);

#endif
