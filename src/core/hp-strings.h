/* hp-strings.h — interning of strings given as (pointer, length) pairs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/* An open-addressing table: the parser interns names and categories without
 * copying the bytes yajl hands over unless they are new. Not thread-safe; each
 * loader thread owns one and the trace merges them once at the end. */
typedef struct _HpStrings HpStrings;

HpStrings  *hp_strings_new (void);
void        hp_strings_free (HpStrings *self);
guint32     hp_strings_intern (HpStrings  *self,
                               const char *str,
                               gsize       len);
guint32     hp_strings_lookup (HpStrings  *self,
                               const char *str,
                               gsize       len);
const char *hp_strings_get (HpStrings *self,
                            guint32    id);
gsize       hp_strings_get_len (HpStrings *self,
                                guint32    id);
guint       hp_strings_size (HpStrings *self);
void        _hp_strings_take (HpStrings *self,
                              HpStrings *from);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpStrings, hp_strings_free)

G_END_DECLS
