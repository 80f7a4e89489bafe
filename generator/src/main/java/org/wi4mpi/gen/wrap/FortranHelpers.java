package org.wi4mpi.gen.wrap;

import org.wi4mpi.gen.dict.LengthExpression;

/** C written once before the first Fortran binding that needs it: the length of communicator-sized arrays. */
final class FortranHelpers {

    static final String COMM_LENGTH = "wrap_py_comm_length";

    private FortranHelpers() {}

    /** The second argument of {@link #COMM_LENGTH} for a length form. */
    static int commLengthKind(LengthExpression.Form form) {
        return switch (form) {
            case COMM_SIZE -> 0;
            case COMM_REMOTE_SIZE -> 1;
            case COMM_PEERS -> 2;
            case COMM_INDEGREE -> 3;
            case COMM_OUTDEGREE -> 4;
            default -> throw new IllegalArgumentException(form + " is not sized by a communicator");
        };
    }

    /**
     * The elements of an array sized by a communicator (Alltoallw's datatypes: one per peer;
     * Neighbor_alltoallw's: one per neighbour), asked through PMPI so that no wrapper sees the query.
     */
    static final String COMM_LENGTH_FUNCTION = """
            /* Elements of an array sized by a communicator: 0 group size, 1 remote group size, 2 peers
               (remote size of an intercommunicator, size otherwise), 3 and 4 in- and out-neighbours. */
            static int wrap_py_comm_length(MPI_Comm comm, int kind) {
                int n = 0, inter = 0, topology = MPI_UNDEFINED;
                if (kind == 2) {
                    PMPI_Comm_test_inter(comm, &inter);
                    kind = inter ? 1 : 0;
                }
                if (kind == 0) {
                    PMPI_Comm_size(comm, &n);
                    return n;
                }
                if (kind == 1) {
                    PMPI_Comm_remote_size(comm, &n);
                    return n;
                }
                PMPI_Topo_test(comm, &topology);
                if (topology == MPI_CART) {
                    PMPI_Cartdim_get(comm, &n);
                    return 2 * n;
                }
                if (topology == MPI_GRAPH) {
                    int rank = 0;
                    PMPI_Comm_rank(comm, &rank);
                    PMPI_Graph_neighbors_count(comm, rank, &n);
                    return n;
                }
                if (topology == MPI_DIST_GRAPH) {
                    int in = 0, out = 0, weighted = 0;
                    PMPI_Dist_graph_neighbors_count(comm, &in, &out, &weighted);
                    return kind == 3 ? in : out;
                }
                return 0;
            }

            """;

    static final String C_STRING = "wrap_py_c_string";
    static final String FORTRAN_STRING = "wrap_py_fortran_string";

    /** Fortran CHARACTER arguments to C strings and back. */
    static final String STRING_FUNCTIONS = """
            /* A Fortran string as a C string of at most size characters, trailing blanks dropped (free it). */
            static char *wrap_py_c_string(const char *fortran, int length, int size) {
                char *c = (char *) malloc((size_t) (size > 0 ? size : 0) + 1);
                int n = length < size ? length : size;
                int i;
                while (n > 0 && fortran[n - 1] == ' ') n--;
                for (i = 0; i < n; i++) c[i] = fortran[i];
                c[n > 0 ? n : 0] = '\\0';
                return c;
            }

            /* A C string into a Fortran string of that length: cut, or padded with blanks. */
            static void wrap_py_fortran_string(char *fortran, int length, const char *c) {
                int i = 0;
                for (; i < length && c[i] != '\\0'; i++) fortran[i] = c[i];
                for (; i < length; i++) fortran[i] = ' ';
            }

            """;

    /** Fortran status arrays hold MPI_F_STATUS_SIZE integers per status; Open MPI 4.1's mpi.h lacks the constant. */
    static final String STATUS_SIZE = """
            #ifndef MPI_F_STATUS_SIZE
            #define MPI_F_STATUS_SIZE ((int) (sizeof(MPI_Status) / sizeof(MPI_Fint)))
            #endif

            """;
}
