// Placeholder until the module lands; see the issue for ReaderControllers.
