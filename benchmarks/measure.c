/* measure.c - tiny timing helper for benchmarks/run.sh.
 *
 * Usage: measure STATS_FILE PROGRAM [ARGS...]
 *
 * Runs PROGRAM with the given arguments (stdin, stdout and stderr are
 * inherited), waits for it with wait4() and writes one line to
 * STATS_FILE:
 *     <wall seconds> <peak RSS in KiB> <exit status> <CPU seconds, user+sys>
 * The exit status is the child's exit code, or 128 + signal number if it
 * was killed by a signal.  measure itself exits with the same status, or
 * 125 if it could not run the program (127 if exec failed).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s STATS_FILE PROGRAM [ARGS...]\n", argv[0]);
        return 125;
    }
    FILE *stats = fopen(argv[1], "w");
    if (!stats) {
        fprintf(stderr, "measure: cannot open %s: %s\n", argv[1], strerror(errno));
        return 125;
    }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "measure: fork: %s\n", strerror(errno));
        return 125;
    }
    if (pid == 0) {
        fclose(stats);
        execvp(argv[2], argv + 2);
        fprintf(stderr, "measure: cannot run %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage ru;
    pid_t r;
    do {
        r = wait4(pid, &status, 0, &ru);
    } while (r < 0 && errno == EINTR);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (r < 0) {
        fprintf(stderr, "measure: wait4: %s\n", strerror(errno));
        return 125;
    }
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    int code = WIFEXITED(status) ? WEXITSTATUS(status)
               : WIFSIGNALED(status) ? 128 + WTERMSIG(status)
                                     : 125;
    double cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
                 ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    fprintf(stats, "%.4f %ld %d %.4f\n", secs, ru.ru_maxrss, code, cpu);
    if (fclose(stats) != 0) {
        fprintf(stderr, "measure: cannot write %s\n", argv[1]);
        return 125;
    }
    return code;
}
