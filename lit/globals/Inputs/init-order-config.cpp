// The module init-order-*.cpp read from: a global with a dynamic
// initialiser (its value is computed when this module's initialisers run).
// Read through a volatile, so that the optimiser cannot evaluate the
// initialiser at compile time (it would then be a constant, not dynamic).
static volatile int configured = 42;
__attribute__((noinline)) int compute_limit() { return configured; }

int config_limit = compute_limit();

// A function of this module that reads its own global: called from another
// module's initialiser, the read is checked too.
int read_limit() { return config_limit; }
