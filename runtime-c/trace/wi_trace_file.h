/* The trace of one rank: its DUMPI files, opened once the rank is known and closed at
 * MPI_Finalize, at exit or before an abort (docs/tracing.md, "How wi4mpi writes traces").
 *
 * Life cycle, as the generated wrappers drive it:
 *   wi_trace_start(&config)        before the first traced call (the MPI_Init wrapper, before
 *                                  PMPI_Init): clock biases, record mask, exit and signal handlers;
 *   wi_trace_open(dir, prefix, rank, nprocs)
 *                                  after PMPI_Init: creates DIR/<prefix>-<rank %04d>.bin and, on
 *                                  rank 0, DIR/<prefix>.meta; records made before (MPI_Init's own)
 *                                  stay in their thread's buffer until then;
 *   ... records (wi_trace_encode.h) ...
 *   wi_trace_close()               at MPI_Finalize after its record is committed, before
 *                                  PMPI_Finalize; also called before PMPI_Abort and by atexit.
 *
 * What survives what:
 *   - MPI_Finalize, exit(), return from main, MPI_Abort through the wrapper: the whole trace;
 *   - a fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTERM): every record completed
 *     before it, then the end of stream, header, footer, keyval and index, written with write()
 *     from storage prepared at open; the signal is then re-raised with its default action. Skipped
 *     (file left without its trailer, unreadable) when the signal interrupts a write of the file
 *     itself; the record being encoded by the interrupted thread is lost;
 *   - SIGKILL or a machine failure: what full buffers had written, without a trailer.
 */
#ifndef WI_TRACE_FILE_H
#define WI_TRACE_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

typedef struct wi_trace_config {
    int wall;      /* non-zero: records hold wall-clock entry and exit times (CLOCK_MONOTONIC) */
    int cpu;       /* non-zero: records hold CPU times (CLOCK_PROCESS_CPUTIME_ID) */
    int statuses;  /* mask status bits: 3 (enable), 1 (success) or 0 (no status fields) */
    /* NULL, or WI_TRACE_LABEL_COUNT flags: non-zero means the function is counted, not recorded
     * (dumpi.conf "MPI_<Function> disable"). Copied. */
    const unsigned char *disabled;
    int signals;   /* non-zero: install the fatal-signal handler */
} wi_trace_config;

/* Starts tracing in this process. 0, or -1 with one sentence on stderr (bad status setting). */
int wi_trace_start(const wi_trace_config *config);

/* The mask every record carries (thread bit, time bits, status bits). */
uint8_t wi_trace_mask(void);

/* "<fileroot>-YYYY.MM.DD.hh.mm.ss" of start (local time) into out, as libdumpi names a run; the
 * wrappers agree on start across ranks (rank 0's, broadcast). -1 when out is too small. */
int wi_trace_prefix(char *out, size_t size, const char *fileroot, time_t start);

/* Opens this rank's trace under dir (which must exist), or at prefix itself when prefix is an
 * absolute path (dumpi.conf's fileroot may be one). start_time is written in the header and the
 * meta file (seconds since the epoch). 0, or -1 with one sentence on stderr naming the file. */
int wi_trace_open(const char *dir, const char *prefix, int rank, int nprocs, time_t start_time);

/* Records the size of datatype number `number` (a DUMPI constant or user number) for the
 * datatype-sizes record; the wrappers call it when wi_trace_handle reports a datatype new. */
void wi_trace_datatype_size(int32_t number, int32_t size);

/* Writes what every thread buffered, the end of stream, header, footer, keyval and index records,
 * and closes the file. Later calls (and later traced calls) do nothing. 0, or -1 after a failed
 * write (one sentence on stderr). Other threads must have finished their traced calls. */
int wi_trace_close(void);

/* How many write() calls of stream and trailer bytes the file had (lead-in excepted). */
uint64_t wi_trace_file_writes(void);

/* The path of this rank's .bin file once open (for messages and tests); "" before. */
const char *wi_trace_path(void);

#endif
