/* describe_second.w: the second input of describe.w's tool, generated in the same run: fileno is 1 here
   and fn_num goes on counting from where describe.w left it. Its MPI_Finalize wrapper writes
   describe-rank<R>.txt. */
#include <stdlib.h>

{{fn fn_name MPI_Finalize}}
    int rank = -1;
    char name[64];
    char line[512];
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    snprintf(line, sizeof line, "file {{fileno}} fn_num={{fn_num}} {{fn_name}} nargs={{nargs}} int_sum=%ld world_comms=%d",
             describe_int_sum, describe_world_seen);
    describe(line);
    for (int i = 0; describe_rows[i]; i++)
        describe(describe_rows[i]);
    snprintf(line, sizeof line, "forallfn MPI_Send=%d MPI_Recv=%d MPI_Barrier=%d MPI_Finalize=%d",
             describe_forallfn_has("MPI_Send"), describe_forallfn_has("MPI_Recv"),
             describe_forallfn_has("MPI_Barrier"), describe_forallfn_has("MPI_Finalize"));
    describe(line);
    snprintf(name, sizeof name, "describe-rank%d.txt", rank);
    FILE *out = fopen(name, "w");
    if (!out) {
        perror(name);
        abort();
    }
    fwrite(describe_log, 1, describe_length, out);
    fclose(out);
    {{callfn}}
{{endfn}}
