#ifndef TIDINGS_CTERMINAL_H
#define TIDINGS_CTERMINAL_H
// Libc pieces Swift cannot reach directly on Linux; filled in with TerminalView.
int tidings_terminal_placeholder(void);
#endif
