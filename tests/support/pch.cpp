// Compiles the precompiled header that the test programs reuse; nothing else.
