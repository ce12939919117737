/* hp-collectives-private.h — whether the ranks' kernels of a collective are one instance.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* After the per-rank alignment the clocks of ranks on different hosts may
 * still disagree by this much, in ns. */
#define HP_COLLECTIVE_CLOCK_TOLERANCE_NS ((gint64)100000)

gboolean _hp_collective_kernels_overlap (const gint64 *starts,
                                         const gint64 *ends,
                                         guint         n,
                                         gint64        tolerance,
                                         guint        *first_to_end);

G_END_DECLS
