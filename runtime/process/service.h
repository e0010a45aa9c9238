/* The runtime's one background thread (service.c): work that must not run
 * in a signal handler or on an allocation path. */
#ifndef SLEUTH_SERVICE_H
#define SLEUTH_SERVICE_H

typedef void (*service_fn)(void);

/* From sleuth_init, once the runtime is up: installs the heap-profile
 * signal handler and starts the thread if anything needs it. */
void service_init(void);
/* Calls fn on the service thread every heap_profile_interval_s seconds
 * (after that interval's heap-profile dump, if profiling). Starts the
 * thread if needed. Returns 0, or -1 if the table is full or the interval
 * is 0 (never). fn runs on a thread that the leak scan neither stops nor
 * scans; it may itself stop the world. */
int service_register_interval(service_fn fn);
/* Wakes the thread to look at its work now (async-signal-safe, takes no
 * lock: safe inside malloc). */
void service_wake(void);
/* Asks for a heap-profile dump on the service thread (async-signal-safe). */
void service_request_dump(void);
/* Stops periodic work at exit (the final dump is the exit path's own). */
void service_stop(void);
/* fork child: the thread did not survive the fork; start a new one. */
void service_after_fork_child(void);
#endif
