/* hp-comm-patterns.h — the user's communication patterns, read from a file (docs/communication.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

G_BEGIN_DECLS

/* the user's patterns, read from a file */
typedef struct _HpCommPatterns HpCommPatterns;

#define HP_TYPE_COMM_PATTERNS (hp_comm_patterns_get_type ())

GType           hp_comm_patterns_get_type (void) G_GNUC_CONST;
HpCommPatterns *hp_comm_patterns_new_from_file (const char *path,
                                                GError    **error);
HpCommPatterns *hp_comm_patterns_new_from_data (const char *text,
                                                gssize      len,
                                                const char *origin,
                                                GError    **error);
HpCommPatterns *hp_comm_patterns_ref (HpCommPatterns *self);
void            hp_comm_patterns_unref (HpCommPatterns *self);
const char     *hp_comm_patterns_get_origin (const HpCommPatterns *self);
guint           hp_comm_patterns_get_n_patterns (const HpCommPatterns *self);
int             hp_comm_patterns_match (const HpCommPatterns *self,
                                        const char           *name,
                                        gsize                 len);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpCommPatterns, hp_comm_patterns_unref)

G_END_DECLS
