// A dynamic initialiser the optimiser can evaluate at compile time: at -O2
// GlobalOpt turns it into a constant (no code runs at start-up), at -O0 it
// runs with the module's initialisers.
__attribute__((noinline)) static int default_width() { return 42; }

int folded_width = default_width();
