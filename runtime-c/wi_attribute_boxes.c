/* See wi_attribute_boxes.h. A uthash set keyed by the box address, under one lock: boxes are made
 * by Fortran sets and copy callbacks, rare next to communication. */
#include "wi_attribute_boxes.h"

#include <pthread.h>
#include <stdlib.h>

#include "wi_log.h"

#define uthash_fatal(msg) wi_fatal("out of memory in the attribute box table (%s)", msg)
#include <uthash.h>

struct wi_attribute_box {
    int64_t value; /* first: the box's address is the value's */
    const void *key;
    unsigned references;
    UT_hash_handle hh;
};

static struct wi_attribute_box *wi_boxes;
static pthread_mutex_t wi_boxes_lock = PTHREAD_MUTEX_INITIALIZER;

static struct wi_attribute_box *wi_box_find(const void *pointer)
{
    struct wi_attribute_box *box = NULL;
    if (pointer != NULL)
        HASH_FIND_PTR(wi_boxes, &pointer, box);
    return box;
}

void *wi_attribute_box(int64_t value)
{
    struct wi_attribute_box *box = calloc(1, sizeof *box);
    if (box == NULL)
        wi_fatal("out of memory storing an attribute value set from Fortran");
    box->value = value;
    box->key = box;
    box->references = 1;
    pthread_mutex_lock(&wi_boxes_lock);
    HASH_ADD_PTR(wi_boxes, key, box);
    pthread_mutex_unlock(&wi_boxes_lock);
    return box;
}

int wi_attribute_unbox(const void *pointer, int64_t *value)
{
    pthread_mutex_lock(&wi_boxes_lock);
    struct wi_attribute_box *box = wi_box_find(pointer);
    if (box != NULL)
        *value = box->value;
    pthread_mutex_unlock(&wi_boxes_lock);
    return box != NULL;
}

int64_t wi_attribute_fortran_value(const void *pointer)
{
    int64_t value;
    return wi_attribute_unbox(pointer, &value) ? value : (int64_t)(intptr_t)pointer;
}

void wi_attribute_box_retain(const void *pointer)
{
    pthread_mutex_lock(&wi_boxes_lock);
    struct wi_attribute_box *box = wi_box_find(pointer);
    if (box != NULL)
        box->references++;
    pthread_mutex_unlock(&wi_boxes_lock);
}

void wi_attribute_box_release(const void *pointer)
{
    pthread_mutex_lock(&wi_boxes_lock);
    struct wi_attribute_box *box = wi_box_find(pointer);
    if (box != NULL && --box->references == 0)
        HASH_DEL(wi_boxes, box);
    else
        box = NULL;
    pthread_mutex_unlock(&wi_boxes_lock);
    free(box);
}

unsigned wi_attribute_box_count(void)
{
    pthread_mutex_lock(&wi_boxes_lock);
    unsigned n = HASH_COUNT(wi_boxes);
    pthread_mutex_unlock(&wi_boxes_lock);
    return n;
}
