/* See wi_info_entries.h. */
#include "wi_info_entries.h"

#include <stdlib.h>
#include <string.h>

#include "wi_log.h"

static char *wi_info_strdup(const char *s)
{
    char *copy = strdup(s);
    if (copy == NULL)
        wi_fatal("out of memory keeping an info entry");
    return copy;
}

int wi_info_entries_index(const struct wi_info_entries *entries, const char *key)
{
    for (int i = 0; i < entries->count; i++)
        if (strcmp(entries->at[i].key, key) == 0)
            return i;
    return -1;
}

void wi_info_entries_put(struct wi_info_entries *entries, const char *key, const char *value)
{
    int i = wi_info_entries_index(entries, key);
    if (i >= 0) {
        char *copy = wi_info_strdup(value);
        free(entries->at[i].value);
        entries->at[i].value = copy;
        return;
    }
    if (entries->count == entries->capacity) {
        int capacity = entries->capacity ? 2 * entries->capacity : 8;
        struct wi_info_entry *grown = realloc(entries->at, (size_t)capacity * sizeof *grown);
        if (grown == NULL)
            wi_fatal("out of memory keeping an info entry");
        entries->at = grown;
        entries->capacity = capacity;
    }
    entries->at[entries->count].key = wi_info_strdup(key);
    entries->at[entries->count].value = wi_info_strdup(value);
    entries->count++;
}

void wi_info_entries_remove(struct wi_info_entries *entries, int i)
{
    free(entries->at[i].key);
    free(entries->at[i].value);
    memmove(&entries->at[i], &entries->at[i + 1], (size_t)(entries->count - i - 1) * sizeof *entries->at);
    entries->count--;
}

void wi_info_entries_copy(struct wi_info_entries *to, const struct wi_info_entries *from)
{
    for (int i = 0; i < from->count; i++)
        wi_info_entries_put(to, from->at[i].key, from->at[i].value);
}

void wi_info_entries_clear(struct wi_info_entries *entries)
{
    for (int i = 0; i < entries->count; i++) {
        free(entries->at[i].key);
        free(entries->at[i].value);
    }
    free(entries->at);
    *entries = (struct wi_info_entries){0};
}

void wi_info_copy_at_most(char *out, const char *s, size_t most)
{
    size_t n = strnlen(s, most);
    memcpy(out, s, n);
    out[n] = '\0';
}

void wi_info_copy_string(char *out, int *buflen, const char *s)
{
    size_t length = strlen(s);
    if (*buflen > 0)
        wi_info_copy_at_most(out, s, (size_t)*buflen - 1);
    *buflen = (int)length + 1;
}
