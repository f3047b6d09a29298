#include "CTerminal.h"
int tidings_terminal_placeholder(void) { return 0; }
