/* Calls to functions the runtime lacks, through fake runtime functions: one error code per
 * function, created with a string naming the function and the runtime, raised on the call's
 * communicator, window or file, returned to the application as a user-defined code of its own. */
#include <string.h>

#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_lacking.h"
#include "wi_r_functions.h"
#include "wi_test.h"
#include "wi_tls.h"

enum { FIRST_CODE = 1000 };

static int codes_created, in_w_during_calls = 1;
static char last_string[512];
static int raised_code = -1, raised_on; /* 1 comm, 2 win, 3 file */
static const void *raised_object;

static void note_in_w(void)
{
    if (!wi_in_w)
        in_w_during_calls = 0;
}

static int fake_version(char *version, int *length)
{
    strcpy(version, "Fake MPI\t9.9\nsecond line"); /* MPICH separates its version with a tab */
    *length = (int)strlen(version);
    return R_MPI_SUCCESS;
}

static int fake_initialized(int *flag)
{
    *flag = 1;
    return R_MPI_SUCCESS;
}

static int fake_finalized(int *flag)
{
    *flag = 0;
    return R_MPI_SUCCESS;
}

static int fake_add_error_code(int error_class, int *code)
{
    note_in_w();
    CHECK_EQ(error_class, R_MPI_ERR_UNSUPPORTED_OPERATION);
    *code = FIRST_CODE + codes_created++;
    return R_MPI_SUCCESS;
}

static int fake_add_error_string(int code, const char *text)
{
    note_in_w();
    CHECK_EQ(code, FIRST_CODE + codes_created - 1);
    strncpy(last_string, text, sizeof last_string - 1);
    return R_MPI_SUCCESS;
}

static int fake_get_errhandler_fails(const void *object, R_MPI_Errhandler *handler)
{
    (void)object, (void)handler;
    return R_MPI_ERR_UNKNOWN;
}

static int fake_comm_get_errhandler(R_MPI_Comm comm, R_MPI_Errhandler *handler)
{
    return fake_get_errhandler_fails((const void *)(uintptr_t)comm, handler);
}

static int fake_win_get_errhandler(R_MPI_Win win, R_MPI_Errhandler *handler)
{
    return fake_get_errhandler_fails((const void *)(uintptr_t)win, handler);
}

static int fake_file_get_errhandler(R_MPI_File file, R_MPI_Errhandler *handler)
{
    return fake_get_errhandler_fails((const void *)(uintptr_t)file, handler);
}

static int fake_comm_call(R_MPI_Comm comm, int code)
{
    note_in_w();
    raised_on = 1, raised_object = (const void *)(uintptr_t)comm, raised_code = code;
    return R_MPI_SUCCESS;
}

static int fake_win_call(R_MPI_Win win, int code)
{
    note_in_w();
    raised_on = 2, raised_object = (const void *)(uintptr_t)win, raised_code = code;
    return R_MPI_SUCCESS;
}

static int fake_file_call(R_MPI_File file, int code)
{
    note_in_w();
    raised_on = 3, raised_object = (const void *)(uintptr_t)file, raised_code = code;
    return R_MPI_SUCCESS;
}

int main(void)
{
    R_PMPI_Get_library_version = fake_version;
    R_PMPI_Initialized = fake_initialized;
    R_PMPI_Finalized = fake_finalized;
    R_PMPI_Add_error_code = fake_add_error_code;
    R_PMPI_Add_error_string = fake_add_error_string;
    R_PMPI_Comm_get_errhandler = fake_comm_get_errhandler;
    R_PMPI_Win_get_errhandler = fake_win_get_errhandler;
    R_PMPI_File_get_errhandler = fake_file_get_errhandler;
    R_PMPI_Comm_call_errhandler = fake_comm_call;
    R_PMPI_Win_call_errhandler = fake_win_call;
    R_PMPI_File_call_errhandler = fake_file_call;

    static const char isendrecv[] = "MPI_Isendrecv", put_c[] = "MPI_Put_c", read_c[] = "MPI_File_read_c";
    R_MPI_Comm comm = (R_MPI_Comm)(uintptr_t)0x44000007;
    wi_in_w = 0;
    int code = wi_lacking_comm(isendrecv, comm);
    CHECK_EQ(code, FIRST_CODE);
    CHECK_EQ(codes_created, 1);
    CHECK_EQ(raised_on, 1);
    CHECK(raised_object == (const void *)(uintptr_t)comm);
    CHECK_EQ(raised_code, FIRST_CODE);
    CHECK(strcmp(last_string, "MPI_Isendrecv is not provided by the target MPI library (" WI_TO_NAME
                              ": Fake MPI 9.9)") == 0);
    CHECK_EQ(wi_in_w, 0);
    CHECK_EQ(in_w_during_calls, 1);

    /* The same function again: the same code, no new one. */
    CHECK_EQ(wi_lacking_comm(isendrecv, comm), FIRST_CODE);
    CHECK_EQ(codes_created, 1);

    /* The application sees a code above its own last predefined one, which translates back. */
    int a_code = wi_error_r2a(code);
    CHECK_EQ(a_code, A_MPI_ERR_LASTCODE + 1);
    CHECK_EQ(wi_error_a2r(a_code), code);

    R_MPI_Win win = (R_MPI_Win)(uintptr_t)0x78;
    CHECK_EQ(wi_lacking_win(put_c, win), FIRST_CODE + 1);
    CHECK_EQ(raised_on, 2);
    CHECK(raised_object == (const void *)(uintptr_t)win);
    R_MPI_File file = (R_MPI_File)(uintptr_t)0x90;
    CHECK_EQ(wi_lacking_file(read_c, file), FIRST_CODE + 2);
    CHECK_EQ(raised_on, 3);
    CHECK(raised_object == (const void *)(uintptr_t)file);
    CHECK(strstr(last_string, "MPI_File_read_c is not provided") == last_string);
    CHECK_EQ(wi_error_r2a(FIRST_CODE + 2), A_MPI_ERR_LASTCODE + 3);

    /* MPI_Error_string of a lacking code: the sentence, cut to the buffer; other codes untouched. */
    char string[32] = "runtime text";
    int length = 12;
    wi_lacking_error_string(FIRST_CODE + 1, string, (int)sizeof string, &length);
    CHECK(strcmp(string, "MPI_Put_c is not provided by th") == 0);
    CHECK_EQ(length, 31);
    strcpy(string, "runtime text");
    wi_lacking_error_string(R_MPI_ERR_ARG, string, (int)sizeof string, &length);
    CHECK(strcmp(string, "runtime text") == 0 && length == 31);

    CHECK_EQ(wi_lacking_tool("MPI_T_event_get_num"), A_MPI_T_ERR_INVALID);
    return wi_test_finish("lacking (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
