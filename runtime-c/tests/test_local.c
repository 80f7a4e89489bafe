/* The functions the application's ABI alone defines (wi_local.h), against scripted A_ functions
 * (fake_application.h). */
#include <stdint.h>
#include <string.h>

#include "fake_application.h"
#include "wi_local.h"
#include "wi_status.h"
#include "wi_test.h"

static int source_of(const A_MPI_Status *status)
{
    int source = 0;
    wi_local_status_get_source(status, &source);
    return source;
}

static void status_fields_are_the_application_offsets(void)
{
    A_MPI_Status status;
    memset(&status, 0, sizeof status);
    CHECK_EQ(wi_local_status_set_source(&status, 3), A_MPI_SUCCESS);
    CHECK_EQ(wi_local_status_set_tag(&status, 77), A_MPI_SUCCESS);
    CHECK_EQ(wi_local_status_set_error(&status, 5), A_MPI_SUCCESS);
    CHECK_EQ(wi_status_get_int(&status, A_STATUS_SOURCE), 3);
    CHECK_EQ(wi_status_get_int(&status, A_STATUS_TAG), 77);
    CHECK_EQ(wi_status_get_int(&status, A_STATUS_ERROR), 5);
    int source = 0, tag = 0, error = 0;
    CHECK_EQ(wi_local_status_get_source(&status, &source), A_MPI_SUCCESS);
    CHECK_EQ(wi_local_status_get_tag(&status, &tag), A_MPI_SUCCESS);
    CHECK_EQ(wi_local_status_get_error(&status, &error), A_MPI_SUCCESS);
    CHECK_EQ(source, 3);
    CHECK_EQ(tag, 77);
    CHECK_EQ(error, 5);
}

static void status_c2f_and_f2c_copy_every_byte(void)
{
    A_MPI_Status c, back;
    for (size_t i = 0; i < sizeof c; i++)
        ((unsigned char *)&c)[i] = (unsigned char)(i + 1);
    A_MPI_Fint f[sizeof(A_MPI_Status) / sizeof(A_MPI_Fint)];
    memset(&back, 0, sizeof back);
    CHECK_EQ(wi_local_status_c2f(&c, f), A_MPI_SUCCESS);
    CHECK(memcmp(f, &c, sizeof c) == 0);
    CHECK_EQ(wi_local_status_f2c(f, &back), A_MPI_SUCCESS);
    CHECK(memcmp(&back, &c, sizeof c) == 0);
}

static void set_elements_c_is_set_elements_x(void)
{
    fake_application_reset();
    fake_application.set_elements_code = 42;
    A_MPI_Status status;
    CHECK_EQ(wi_local_status_set_elements_c(&status, A_MPI_DOUBLE, 1LL << 40), 42);
    CHECK(fake_application.set_elements_status == &status);
    CHECK(fake_application.set_elements_datatype == A_MPI_DOUBLE);
    CHECK_EQ(fake_application.set_elements_count, 1LL << 40);
}

static void get_status_any_reports_the_first_completed_active_request(void)
{
    A_MPI_Request requests[] = {A_MPI_REQUEST_NULL, FAKE_REQUEST(1), FAKE_REQUEST(2), FAKE_REQUEST(3)};
    A_MPI_Status status;
    int indx = -5, flag = -5;

    fake_application_reset();
    fake_application.completed[2] = fake_application.completed[3] = 1;
    CHECK_EQ(wi_local_request_get_status_any(4, requests, &indx, &flag, &status), A_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(indx, 2);
    CHECK_EQ(source_of(&status), 102);
    CHECK_EQ(fake_application.get_status_calls, 2); /* the null request is skipped, request 3 not asked */

    fake_application_reset(); /* nothing completed */
    CHECK_EQ(wi_local_request_get_status_any(4, requests, &indx, &flag, &status), A_MPI_SUCCESS);
    CHECK_EQ(flag, 0);
    CHECK_EQ(indx, A_MPI_UNDEFINED);
    CHECK_EQ(fake_application.get_status_calls, 3);

    fake_application_reset(); /* no active request: flag true, the empty status */
    A_MPI_Request nulls[] = {A_MPI_REQUEST_NULL, A_MPI_REQUEST_NULL};
    CHECK_EQ(wi_local_request_get_status_any(2, nulls, &indx, &flag, &status), A_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(indx, A_MPI_UNDEFINED);
    CHECK_EQ(source_of(&status), -1);
    CHECK_EQ(fake_application.get_status_calls, 1);
    CHECK(fake_application.asked[0] == A_MPI_REQUEST_NULL);

    fake_application_reset(); /* an error ends the loop with its code */
    fake_application.failing = 1;
    fake_application.failure_code = 13;
    fake_application.completed[2] = 1;
    CHECK_EQ(wi_local_request_get_status_any(4, requests, &indx, &flag, &status), 13);
    CHECK_EQ(indx, A_MPI_UNDEFINED);
    CHECK_EQ(fake_application.get_status_calls, 1);
}

static void get_status_all_writes_statuses_only_once_all_completed(void)
{
    A_MPI_Request requests[] = {FAKE_REQUEST(1), A_MPI_REQUEST_NULL, FAKE_REQUEST(3)};
    A_MPI_Status statuses[3];
    int flag = -5;

    fake_application_reset(); /* request 3 incomplete: no status written */
    fake_application.completed[1] = 1;
    memset(statuses, 0, sizeof statuses);
    CHECK_EQ(wi_local_request_get_status_all(3, requests, &flag, statuses), A_MPI_SUCCESS);
    CHECK_EQ(flag, 0);
    CHECK_EQ(fake_application.get_status_calls, 3);
    for (int i = 0; i < 3; i++)
        CHECK(fake_application.asked_ignore[i]);
    CHECK_EQ(source_of(&statuses[0]), 0);

    fake_application_reset(); /* all completed: a second pass writes each status */
    fake_application.completed[1] = fake_application.completed[3] = 1;
    CHECK_EQ(wi_local_request_get_status_all(3, requests, &flag, statuses), A_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(fake_application.get_status_calls, 6);
    CHECK(!fake_application.asked_ignore[3] && !fake_application.asked_ignore[5]);
    CHECK_EQ(source_of(&statuses[0]), 101);
    CHECK_EQ(source_of(&statuses[1]), -1);
    CHECK_EQ(source_of(&statuses[2]), 103);

    fake_application_reset(); /* MPI_STATUSES_IGNORE: one pass */
    fake_application.completed[1] = fake_application.completed[3] = 1;
    CHECK_EQ(wi_local_request_get_status_all(3, requests, &flag, A_MPI_STATUSES_IGNORE), A_MPI_SUCCESS);
    CHECK_EQ(flag, 1);
    CHECK_EQ(fake_application.get_status_calls, 3);

    fake_application_reset(); /* an error: its code, flag false */
    fake_application.completed[1] = 1;
    fake_application.failing = 3;
    fake_application.failure_code = 13;
    CHECK_EQ(wi_local_request_get_status_all(3, requests, &flag, statuses), 13);
    CHECK_EQ(flag, 0);
}

static void get_status_some_lists_the_completed_active_requests(void)
{
    A_MPI_Request requests[] = {FAKE_REQUEST(1), A_MPI_REQUEST_NULL, FAKE_REQUEST(3), FAKE_REQUEST(4)};
    A_MPI_Status statuses[4];
    int indices[4] = {-5, -5, -5, -5}, outcount = -5;

    fake_application_reset();
    fake_application.completed[1] = fake_application.completed[4] = 1;
    CHECK_EQ(wi_local_request_get_status_some(4, requests, &outcount, indices, statuses), A_MPI_SUCCESS);
    CHECK_EQ(outcount, 2);
    CHECK_EQ(indices[0], 0);
    CHECK_EQ(indices[1], 3);
    CHECK_EQ(source_of(&statuses[0]), 101);
    CHECK_EQ(source_of(&statuses[1]), 104);
    CHECK_EQ(fake_application.get_status_calls, 3);

    fake_application_reset(); /* MPI_STATUSES_IGNORE: each asked without a status */
    fake_application.completed[3] = 1;
    CHECK_EQ(wi_local_request_get_status_some(4, requests, &outcount, indices, A_MPI_STATUSES_IGNORE),
             A_MPI_SUCCESS);
    CHECK_EQ(outcount, 1);
    CHECK_EQ(indices[0], 2);
    CHECK(fake_application.asked_ignore[0] && fake_application.asked_ignore[1] && fake_application.asked_ignore[2]);

    fake_application_reset(); /* no active request */
    A_MPI_Request nulls[] = {A_MPI_REQUEST_NULL};
    CHECK_EQ(wi_local_request_get_status_some(1, nulls, &outcount, indices, statuses), A_MPI_SUCCESS);
    CHECK_EQ(outcount, A_MPI_UNDEFINED);
    CHECK_EQ(fake_application.get_status_calls, 0);

    fake_application_reset(); /* an error ends the loop, the completed ones before it stay listed */
    fake_application.completed[1] = 1;
    fake_application.failing = 3;
    fake_application.failure_code = 13;
    CHECK_EQ(wi_local_request_get_status_some(4, requests, &outcount, indices, statuses), 13);
    CHECK_EQ(outcount, 1);
    CHECK_EQ(fake_application.get_status_calls, 2);
}

static void value_index_gives_the_predefined_pair_types(void)
{
    struct {
        A_MPI_Datatype value, index, pair;
    } cases[] = {
        {A_MPI_FLOAT, A_MPI_INT, A_MPI_FLOAT_INT},
        {A_MPI_DOUBLE, A_MPI_INT, A_MPI_DOUBLE_INT},
        {A_MPI_LONG, A_MPI_INT, A_MPI_LONG_INT},
        {A_MPI_SHORT, A_MPI_INT, A_MPI_SHORT_INT},
        {A_MPI_INT, A_MPI_INT, A_MPI_2INT},
        {A_MPI_LONG_DOUBLE, A_MPI_INT, A_MPI_LONG_DOUBLE_INT},
        {A_MPI_REAL, A_MPI_REAL, A_MPI_2REAL},
        {A_MPI_DOUBLE_PRECISION, A_MPI_DOUBLE_PRECISION, A_MPI_2DOUBLE_PRECISION},
        {A_MPI_INTEGER, A_MPI_INTEGER, A_MPI_2INTEGER},
        {A_MPI_REAL, A_MPI_INT, A_MPI_DATATYPE_NULL},
        {A_MPI_DOUBLE, A_MPI_DOUBLE, A_MPI_DATATYPE_NULL},
        {A_MPI_REAL, A_MPI_INTEGER, A_MPI_DATATYPE_NULL},
        {A_MPI_INT, A_MPI_LONG, A_MPI_DATATYPE_NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        A_MPI_Datatype pair = A_MPI_INT;
        CHECK_EQ(wi_local_type_get_value_index(cases[i].value, cases[i].index, &pair), A_MPI_SUCCESS);
        if (pair != cases[i].pair)
            fprintf(stderr, "value index case %zu\n", i);
        CHECK(pair == cases[i].pair);
    }
}

static void arithmetic_and_device_support(void)
{
    CHECK_EQ(wi_local_aint_add(1000, -24), 976);
    CHECK_EQ(wi_local_aint_diff(1000, 1024), (uint64_t)(A_MPI_Aint)-24);
    CHECK_EQ(wi_local_no_device_support(), 0);
}

static void abi_info_has_the_three_sizes(void)
{
    fake_application_reset();
    fake_application.info_made = (A_MPI_Info)(uintptr_t)0x42;
    A_MPI_Info info = (A_MPI_Info)(uintptr_t)0;
    CHECK_EQ(wi_local_abi_get_info(&info), A_MPI_SUCCESS);
    CHECK(info == (A_MPI_Info)(uintptr_t)0x42);
    CHECK_EQ(fake_application.info_set_calls, 3);
    const char *keys[] = {"mpi_aint_size", "mpi_count_size", "mpi_offset_size"};
    for (int i = 0; i < 3; i++) {
        CHECK(fake_application.info_set_object[i] == (A_MPI_Info)(uintptr_t)0x42);
        CHECK(strcmp(fake_application.info_keys[i], keys[i]) == 0);
        CHECK(strcmp(fake_application.info_values[i], "8") == 0);
    }

    fake_application_reset(); /* the first failure ends it with its code */
    fake_application.info_set_failing = 2;
    fake_application.info_set_code = 16;
    CHECK_EQ(wi_local_abi_get_info(&info), 16);
    CHECK_EQ(fake_application.info_set_calls, 2);
}

int main(void)
{
    status_fields_are_the_application_offsets();
    status_c2f_and_f2c_copy_every_byte();
    set_elements_c_is_set_elements_x();
    get_status_any_reports_the_first_completed_active_request();
    get_status_all_writes_statuses_only_once_all_completed();
    get_status_some_lists_the_completed_active_requests();
    value_index_gives_the_predefined_pair_types();
    arithmetic_and_device_support();
    abi_info_has_the_three_sizes();
    return wi_test_finish("local functions (" WI_FROM_NAME " -> " WI_TO_NAME ")");
}
