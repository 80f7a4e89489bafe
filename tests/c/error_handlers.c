/*
 * User-defined error classes, codes and strings (they keep their identity through translation, and
 * MPI_LASTUSEDCODE follows them), and user error handlers on windows and files, which must see the
 * application's window or file handle and error code.
 */
#include <stdlib.h>
#include <unistd.h>

#include "check.h"

static int win_calls, win_code, file_calls, file_code;
static MPI_Win handled_win;
static MPI_File handled_file;

static void on_win_error(MPI_Win *win, int *code, ...)
{
    CHECK_HANDLE(handled_win, *win);
    win_code = *code;
    win_calls++;
}

static void on_file_error(MPI_File *file, int *code, ...)
{
    CHECK_HANDLE(handled_file, *file);
    file_code = *code;
    file_calls++;
}

static void check_user_codes(void)
{
    int user_class = -1, user_code = -1, second_class = -1, class = -1, len = -1, flag = 0, *last_used = NULL;
    char text[MPI_MAX_ERROR_STRING];
    CHECK_MPI(MPI_Add_error_class(&user_class));
    CHECK_MPI(MPI_Add_error_code(user_class, &user_code));
    CHECK_MPI(MPI_Add_error_class(&second_class));
    CHECK(user_class > MPI_ERR_LASTCODE);
    CHECK(user_code > MPI_ERR_LASTCODE);
    CHECK(second_class != user_class && second_class != user_code && user_code != user_class);
    CHECK_MPI(MPI_Add_error_string(user_code, "wi4mpi user error"));
    CHECK_MPI(MPI_Error_class(user_code, &class));
    CHECK_INT(user_class, class);
    /* MPI_Error_class of a user class that has no code yet is not checked: Open MPI 4.1 answers
     * MPI_ERR_UNKNOWN there, natively. */
    CHECK_MPI(MPI_Error_string(user_code, text, &len));
    CHECK_STR("wi4mpi user error", text);
    CHECK_MPI(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_LASTUSEDCODE, &last_used, &flag));
    CHECK_INT(1, flag);
    CHECK(*last_used >= second_class);

    /* A user code passed to an error handler arrives unchanged. */
    CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    CHECK_MPI(MPI_Comm_call_errhandler(MPI_COMM_WORLD, user_code));
}

static void check_win_handler(void)
{
    int *base = NULL;
    MPI_Win win;
    CHECK_MPI(MPI_Win_allocate((MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_SELF, &base, &win));
    MPI_Errhandler handler;
    CHECK_MPI(MPI_Win_create_errhandler(on_win_error, &handler));
    CHECK_MPI(MPI_Win_set_errhandler(win, handler));
    handled_win = win;
    CHECK_MPI(MPI_Win_call_errhandler(win, MPI_ERR_OTHER));
    CHECK_INT(1, win_calls);
    CHECK_INT(MPI_ERR_OTHER, win_code);
    /* A real error: a put to a rank outside the window's group. */
    CHECK_MPI(MPI_Win_fence(0, win));
    int value = 5;
    int rc = MPI_Put(&value, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    CHECK(rc != MPI_SUCCESS);
    CHECK_INT(2, win_calls);
    CHECK_ERROR_CLASS(MPI_ERR_RANK, win_code);
    CHECK_MPI(MPI_Win_fence(0, win));
    MPI_Errhandler current;
    CHECK_MPI(MPI_Win_get_errhandler(win, &current));
    CHECK_HANDLE(handler, current);
    CHECK_MPI(MPI_Errhandler_free(&current));
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_MPI(MPI_Win_free(&win));
}

static void check_file_handler(void)
{
    char path[] = "/tmp/wi4mpi-errhandler-XXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    close(fd);
    MPI_File file;
    CHECK_MPI(MPI_File_open(MPI_COMM_SELF, path, MPI_MODE_RDONLY, MPI_INFO_NULL, &file));
    MPI_Errhandler handler;
    CHECK_MPI(MPI_File_create_errhandler(on_file_error, &handler));
    CHECK_MPI(MPI_File_set_errhandler(file, handler));
    handled_file = file;
    CHECK_MPI(MPI_File_call_errhandler(file, MPI_ERR_IO));
    CHECK_INT(1, file_calls);
    CHECK_INT(MPI_ERR_IO, file_code);
    /* A real error: writing to a file opened read-only (not a negative offset: Open MPI 4.1 reports
     * success for that, natively). */
    int value = 3;
    int rc = MPI_File_write_at(file, 0, &value, 1, MPI_INT, MPI_STATUS_IGNORE);
    CHECK(rc != MPI_SUCCESS);
    CHECK_INT(2, file_calls);
    CHECK_INT(rc, file_code);
    CHECK_MPI(MPI_Errhandler_free(&handler));
    CHECK_MPI(MPI_File_close(&file));
    CHECK_HANDLE(MPI_FILE_NULL, file);
    CHECK(unlink(path) == 0);
}

int main(int argc, char **argv)
{
    CHECK_MPI(MPI_Init(&argc, &argv));
    check_user_codes();
    check_win_handler();
    check_file_handler();
    check_report_ok("error_handlers");
    CHECK_MPI(MPI_Finalize());
    return 0;
}
