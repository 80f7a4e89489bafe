/* See wi_datarep.h. The runtime passes extra_state to every datarep callback, so the bundle carries
 * the user's functions: one trampoline per callback kind, no code created at run time.
 *
 * Neither supported runtime converts through a user representation today (Open MPI 4.1 and MPICH
 * 4.0 refuse such a view in MPI_File_set_view); the trampolines are what they would call. */
#include "wi_datarep.h"

#include <stdint.h>
#include <stdlib.h>

#include "wi_callbacks.h"
#include "wi_convert.h"
#include "wi_errors.h"
#include "wi_log.h"
#include "wi_tls.h"

#if !WI_IDENTITY

typedef int (*wi_a_conversion_fn)(void *userbuf, A_MPI_Datatype datatype, int count, void *filebuf,
                                  A_MPI_Offset position, void *extra_state);
typedef int (*wi_a_conversion_c_fn)(void *userbuf, A_MPI_Datatype datatype, A_MPI_Count count,
                                    void *filebuf, A_MPI_Offset position, void *extra_state);
typedef int (*wi_a_extent_fn)(A_MPI_Datatype datatype, A_MPI_Aint *file_extent, void *extra_state);

/* The same callbacks written in Fortran (registered by a Fortran wrapper): every argument by
 * reference, the datatype an INTEGER handle, the count an INTEGER (INTEGER(KIND=MPI_COUNT_KIND)
 * for the _c form), position and extent INTEGER(KIND=MPI_OFFSET_KIND/MPI_ADDRESS_KIND), extra
 * state INTEGER(KIND=MPI_ADDRESS_KIND), the result in ierror. */
typedef void (*wi_f_conversion_fn)(void *userbuf, A_MPI_Fint *datatype, A_MPI_Fint *count, void *filebuf,
                                   int64_t *position, int64_t *extra_state, A_MPI_Fint *ierror);
typedef void (*wi_f_conversion_c_fn)(void *userbuf, A_MPI_Fint *datatype, int64_t *count, void *filebuf,
                                     int64_t *position, int64_t *extra_state, A_MPI_Fint *ierror);
typedef void (*wi_f_extent_fn)(A_MPI_Fint *datatype, int64_t *file_extent, int64_t *extra_state,
                               A_MPI_Fint *ierror);

struct wi_datarep {
    void *read;
    void *write;
    wi_a_extent_fn extent;
    void *extra_state;
    int fortran;
};

void *wi_datarep_wrap(void *read_fn, void *write_fn, void *extent_fn, void *extra_state)
{
    struct wi_datarep *d = malloc(sizeof *d);
    if (d == NULL)
        wi_fatal("out of memory registering a data representation");
    d->read = read_fn;
    d->write = write_fn;
    d->extent = (wi_a_extent_fn)extent_fn;
    d->extra_state = extra_state;
    d->fortran = wi_callback_fortran != 0;
    return d;
}

void wi_datarep_discard(void *bundle)
{
    free(bundle);
}

/* Calls a conversion function of the bundle; count as the runtime gave it (int or MPI_Count). */
static int wi_datarep_convert(struct wi_datarep *d, void *user_fn, int large, void *userbuf,
                              R_MPI_Datatype r_datatype, int64_t count, void *filebuf, int64_t position)
{
    A_MPI_Datatype datatype = wi_datatype_r2a(r_datatype);
    int rc;
    int saved = wi_in_w_leave();
    if (d->fortran) {
        A_MPI_Fint f_datatype = wi_datatype_a2f(datatype), ierror = 0;
        int64_t extra = (int64_t)(intptr_t)d->extra_state;
        if (large) {
            ((wi_f_conversion_c_fn)user_fn)(userbuf, &f_datatype, &count, filebuf, &position, &extra, &ierror);
        } else {
            A_MPI_Fint f_count = (A_MPI_Fint)count;
            ((wi_f_conversion_fn)user_fn)(userbuf, &f_datatype, &f_count, filebuf, &position, &extra, &ierror);
        }
        rc = ierror;
    } else if (large) {
        rc = ((wi_a_conversion_c_fn)user_fn)(userbuf, datatype, (A_MPI_Count)count, filebuf,
                                            (A_MPI_Offset)position, d->extra_state);
    } else {
        rc = ((wi_a_conversion_fn)user_fn)(userbuf, datatype, (int)count, filebuf, (A_MPI_Offset)position,
                                          d->extra_state);
    }
    wi_in_w_restore(saved);
    return wi_error_a2r(rc);
}

/* A conversion trampoline and its wi_callback_datarep_<name>_a2r: the runtime calls it with a count
 * of count_type, it calls the bundle's read or write function (field), which takes an MPI_Count
 * count when large. The _c_int ones are large-count functions registered with a runtime that has
 * MPI_Register_datarep only (MPI_Register_datarep_c on Open MPI 4.1). */
#define WI_DATAREP_CONVERSION(name, field, large, count_type)                                     \
    static int wi_datarep_##name##_trampoline(void *userbuf, R_MPI_Datatype datatype, count_type count, \
                                              void *filebuf, R_MPI_Offset position, void *state)      \
    {                                                                                              \
        struct wi_datarep *d = state;                                                              \
        return wi_datarep_convert(d, d->field, large, userbuf, datatype, count, filebuf, position); \
    }                                                                                              \
    void *wi_callback_datarep_##name##_a2r(void *user_fn)                                         \
    {                                                                                              \
        return user_fn == NULL ? NULL : (void *)wi_datarep_##name##_trampoline;                   \
    }

WI_DATAREP_CONVERSION(read, read, 0, int)
WI_DATAREP_CONVERSION(write, write, 0, int)
WI_DATAREP_CONVERSION(read_c, read, 1, R_MPI_Count)
WI_DATAREP_CONVERSION(write_c, write, 1, R_MPI_Count)
WI_DATAREP_CONVERSION(read_c_int, read, 1, int)
WI_DATAREP_CONVERSION(write_c_int, write, 1, int)

static int wi_datarep_extent_trampoline(R_MPI_Datatype r_datatype, R_MPI_Aint *file_extent, void *state)
{
    struct wi_datarep *d = state;
    A_MPI_Datatype datatype = wi_datatype_r2a(r_datatype);
    int rc;
    int saved = wi_in_w_leave();
    if (d->fortran) {
        A_MPI_Fint f_datatype = wi_datatype_a2f(datatype), ierror = 0;
        int64_t extent = 0, extra = (int64_t)(intptr_t)d->extra_state;
        ((wi_f_extent_fn)(void *)d->extent)(&f_datatype, &extent, &extra, &ierror);
        *file_extent = (R_MPI_Aint)extent;
        rc = ierror;
    } else {
        A_MPI_Aint extent = 0;
        rc = d->extent(datatype, &extent, d->extra_state);
        *file_extent = (R_MPI_Aint)extent;
    }
    wi_in_w_restore(saved);
    return wi_error_a2r(rc);
}

void *wi_callback_datarep_extent_a2r(void *user_fn)
{
    return user_fn == NULL ? NULL : (void *)wi_datarep_extent_trampoline;
}

#else /* WI_IDENTITY: the runtime calls the user's functions with the user's extra_state */

void *wi_datarep_wrap(void *read_fn, void *write_fn, void *extent_fn, void *extra_state)
{
    (void)read_fn, (void)write_fn, (void)extent_fn;
    return extra_state;
}

void wi_datarep_discard(void *bundle)
{
    (void)bundle; /* the user's own extra_state */
}

#define WI_DATAREP_USER_FUNCTION(name)                                                             \
    void *wi_callback_datarep_##name##_a2r(void *user_fn)                                         \
    {                                                                                              \
        return user_fn;                                                                            \
    }

WI_DATAREP_USER_FUNCTION(read)
WI_DATAREP_USER_FUNCTION(write)
WI_DATAREP_USER_FUNCTION(read_c)
WI_DATAREP_USER_FUNCTION(write_c)
WI_DATAREP_USER_FUNCTION(read_c_int)
WI_DATAREP_USER_FUNCTION(write_c_int)
WI_DATAREP_USER_FUNCTION(extent)

#endif
