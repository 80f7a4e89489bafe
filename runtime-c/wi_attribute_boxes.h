/* Attribute values set from Fortran, as the C side sees them (MPI-4.1 §20.3.7): both vendors store
 * the Fortran integer in the attribute and give C a pointer to it. The runtime only stores pointers,
 * so a Fortran set stores a pointer to a "box" holding the integer; Fortran reads and Fortran
 * callbacks get the integer back, C code gets the pointer, as with the vendors.
 *
 * A box lives as long as an attribute holds it: one reference per attribute (the set, and every copy
 * callback whose result is the box), dropped by the delete callback. Keyvals therefore always get the
 * trampolines, even for the predefined callbacks (wi_attributes.c). */
#ifndef WI_ATTRIBUTE_BOXES_H
#define WI_ATTRIBUTE_BOXES_H

#include <stdint.h>

#include "wi_defs.h"

/* A new box holding value, with one reference; its address is what the runtime stores. The value is
 * its first member, so C reading *(MPI_Aint *) or, on little-endian machines, *(int *) sees it. */
WI_HIDDEN void *wi_attribute_box(int64_t value);

/* 1 and the boxed value if pointer is a live box; 0 otherwise (a C pointer, a predefined value). */
WI_HIDDEN int wi_attribute_unbox(const void *pointer, int64_t *value);

/* The Fortran value of an attribute: the boxed integer, or the pointer value itself (what C set). */
WI_HIDDEN int64_t wi_attribute_fortran_value(const void *pointer);

/* One more attribute holds pointer (a copy callback returned it); nothing if it is not a box. */
WI_HIDDEN void wi_attribute_box_retain(const void *pointer);

/* An attribute holding pointer is gone (deleted, replaced, its object freed, or the set failed);
 * the box is freed with its last reference. Nothing if pointer is not a box. */
WI_HIDDEN void wi_attribute_box_release(const void *pointer);

/* Live boxes, for tests. */
WI_HIDDEN unsigned wi_attribute_box_count(void);

#endif
