/* See wi_guided.h. */
#include "wi_guided.h"

#include <string.h>

#include "wi_r_functions.h"

/* The runtime's constant named by the key's value in r_info, or r_value. */
static int refine(const struct wi_guided *guided, int r_value, R_MPI_Info r_info)
{
    /* resource names are short: a longer value matches none of them, and is not even read */
    char text[64];
    int length = 0, flag = 0;
    if (r_info == R_MPI_INFO_NULL
        || R_PMPI_Info_get_valuelen(r_info, guided->key, &length, &flag) != R_MPI_SUCCESS || !flag
        || length >= (int)sizeof text)
        return r_value;
    /* MPI_Info_get writes at most length characters and a null */
    if (R_PMPI_Info_get(r_info, guided->key, length, text, &flag) == R_MPI_SUCCESS && flag) {
        for (int i = 0; i < guided->refined_count; i++) {
            if (strcmp(text, guided->refined[i].value) == 0) {
                r_value = guided->refined[i].runtime;
                break;
            }
        }
    }
    return r_value;
}

/* The runtime's guided constant with an info that asks for value, or r_value. */
static int expand(const struct wi_guided *guided, const char *value, int r_value, R_MPI_Info *r_info,
                  R_MPI_Info *made)
{
    R_MPI_Info info = R_MPI_INFO_NULL;
    /* a copy: the application's info is not the runtime's to change */
    int rc = *r_info == R_MPI_INFO_NULL ? R_PMPI_Info_create(&info) : R_PMPI_Info_dup(*r_info, &info);
    if (rc != R_MPI_SUCCESS)
        return r_value;
    if (R_PMPI_Info_set(info, guided->key, value) != R_MPI_SUCCESS) {
        R_PMPI_Info_free(&info);
        return r_value;
    }
    *r_info = info;
    *made = info;
    return guided->runtime_constant;
}

int wi_guided_a2r(const struct wi_guided *guided, int value, int r_value, R_MPI_Info *r_info, R_MPI_Info *made)
{
    if (guided->refines && value == guided->application_constant)
        return refine(guided, r_value, *r_info);
    if (guided->expands) {
        for (int i = 0; i < guided->expanded_count; i++) {
            if (value == guided->expanded[i].application)
                return expand(guided, guided->expanded[i].value, r_value, r_info, made);
        }
    }
    return r_value;
}

void wi_guided_release(R_MPI_Info *made)
{
    if (*made != R_MPI_INFO_NULL)
        R_PMPI_Info_free(made);
}
