// count_time.w: a counting-and-timing PMPI tool. Every MPI function but the few listed after the loop
// variable of fnall gets a wrapper that counts its calls and adds up the time spent in them; at
// MPI_Finalize each rank prints two lines, the counts sorted by function name (exact, comparable between
// runs) and the accumulated seconds in the same order (not comparable):
//     count_time rank 0: MPI_Barrier=2 MPI_Comm_rank=1 MPI_Finalize=1 MPI_Init=1 ...
//     count_time_seconds rank 0: MPI_Barrier=0.000012 ...
// Meant to be generated with -g (a call made from inside a wrapper, e.g. by an MPI library whose own
// functions call MPI_ entry points, goes straight to PMPI_ and is not counted) and -f (Fortran callers
// are counted through the same C wrappers); -w and -i change nothing it prints.
// Covers: fnall with exclusions, fn, callfn, the loop variable, comments left unexpanded in C mode.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define COUNT_TIME_MAX_FUNCTIONS 1024
#define COUNT_TIME_LINE 65536

struct count_time_entry {
    const char *name;
    long calls;
    double seconds;
};

static struct count_time_entry count_time_entries[COUNT_TIME_MAX_FUNCTIONS];
static int count_time_used;

/* Not PMPI_Wtime: MPICH refuses it before MPI_Init, whose wrapper starts its clock then. */
static double count_time_now(void)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double) now.tv_sec + 1e-9 * (double) now.tv_nsec;
}

/* The entry of one function, made on its first call (each wrapper keeps the pointer). */
static struct count_time_entry *count_time_entry(const char *name)
{
    if (count_time_used == COUNT_TIME_MAX_FUNCTIONS) {
        fprintf(stderr, "count_time: more than %d functions called\n", COUNT_TIME_MAX_FUNCTIONS);
        abort();
    }
    count_time_entries[count_time_used].name = name;
    return &count_time_entries[count_time_used++];
}

static int count_time_by_name(const void *a, const void *b)
{
    return strcmp(((const struct count_time_entry *) a)->name, ((const struct count_time_entry *) b)->name);
}

/* One line per report, written at once so that ranks sharing a terminal do not cut into it. */
static void count_time_report(int rank)
{
    static char counts[COUNT_TIME_LINE], seconds[COUNT_TIME_LINE];
    size_t nc = (size_t) snprintf(counts, sizeof counts, "count_time rank %d:", rank);
    size_t ns = (size_t) snprintf(seconds, sizeof seconds, "count_time_seconds rank %d:", rank);
    qsort(count_time_entries, (size_t) count_time_used, sizeof count_time_entries[0], count_time_by_name);
    for (int i = 0; i < count_time_used; i++) {
        if (nc < sizeof counts)
            nc += (size_t) snprintf(counts + nc, sizeof counts - nc, " %s=%ld", count_time_entries[i].name,
                                    count_time_entries[i].calls);
        if (ns < sizeof seconds)
            ns += (size_t) snprintf(seconds + ns, sizeof seconds - ns, " %s=%.6f", count_time_entries[i].name,
                                    count_time_entries[i].seconds);
    }
    printf("%s\n%s\n", counts, seconds);
    fflush(stdout);
}

// Not MPI_Finalize (below: it reports), not the clocks (called in timing loops, where a wrapper would weigh
// on what they measure), not the variadic MPI_Pcontrol.
{{fnall fn_name MPI_Finalize MPI_Wtime MPI_Wtick MPI_Pcontrol}}
    static struct count_time_entry *entry;
    if (!entry)
        entry = count_time_entry("{{fn_name}}");
    double start = count_time_now();
    {{callfn}}
    entry->seconds += count_time_now() - start;
    entry->calls++;
{{endfnall}}

{{fn fn_name MPI_Finalize}}
    int rank = -1;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    struct count_time_entry *entry = count_time_entry("{{fn_name}}");
    entry->calls = 1;
    count_time_report(rank);
    {{callfn}}
{{endfn}}
