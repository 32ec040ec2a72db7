// Compiles the precompiled header that the course targets reuse; nothing else.
