/* Attributes shared by the runtime sources.
 *
 * Everything the runtime defines is hidden: the translation library must
 * export MPI symbols only, so internal names never leak into the
 * application's symbol space (and never interpose on anything else). */
#ifndef WI_DEFS_H
#define WI_DEFS_H

#ifndef WI_HIDDEN
#define WI_HIDDEN __attribute__((visibility("hidden")))
#endif
#define WI_NORETURN __attribute__((noreturn))
/* For the conversions on every call's path: the compiler would otherwise keep some out of line. */
#define WI_INLINE static inline __attribute__((always_inline))
#define WI_PRINTF(fmt_index, first_arg) __attribute__((format(printf, fmt_index, first_arg)))
#define WI_LIKELY(x) __builtin_expect(!!(x), 1)
#define WI_UNLIKELY(x) __builtin_expect(!!(x), 0)
/* Runtime constructors run before the generated ones (default priority),
 * so logging and locks are ready when the loader registers handles. */
#define WI_EARLY_CONSTRUCTOR __attribute__((constructor(101)))

#endif
