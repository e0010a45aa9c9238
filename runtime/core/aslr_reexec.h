/* Re-executing the program once with address randomisation off, when a
 * range the runtime needs at a fixed address (the shadow, the heap) is
 * already taken (aslr_reexec.c). */
#ifndef SLEUTH_ASLR_REEXEC_H
#define SLEUTH_ASLR_REEXEC_H

/* At start-up, before any fixed range is mapped: notes whether this process
 * is the re-execution (the marker is in envp), takes the marker out of
 * envp so the program and its children never see it, and gives children
 * back address randomisation. argv may be NULL (it is then read from
 * /proc/self/cmdline should a re-execution be needed). */
void aslr_reexec_start(char **argv, char **envp);

/* A fixed range is taken: re-executes the program with the same argv and
 * environment and ADDR_NO_RANDOMIZE, once. Returns only if that cannot be
 * done: this process is already the re-execution (the flag did not help or
 * did not survive exec), randomisation is already off, personality() is
 * refused (a container's seccomp profile), or execve failed. what names the
 * range for the verbosity=1 line. */
void aslr_reexec_or_return(const char *what);

/* Whether this process is the re-execution. */
int aslr_reexec_was_reexecuted(void);
#endif
