/* hp-call-graph-private.h — a rank's call graph: CPU operators, their nested calls, launches and kernels (docs/analyses.md §9.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "hp-rank.h"
#include "hp-trace.h"

G_BEGIN_DECLS

#define HP_CALL_GRAPH_NOT_A_NODE (-2)
#define HP_CALL_GRAPH_TOP_LEVEL (-1)

typedef struct
{
  HpTrace      *trace;
  const HpRank *rank;
  gboolean      compat;
  gint32       *parent; /* HP_CALL_GRAPH_NOT_A_NODE, HP_CALL_GRAPH_TOP_LEVEL or the parent event */
  gint32       *depth;
  guint8       *is_gpu; /* a GPU child (leaf) */
  guint32      *num_kernels;
  gint64       *kernel_dur;  /* ns */
  guint32      *child_first; /* CSR, n_events + 1 */
  guint32      *children;
} HpCallGraph;

gboolean _hp_call_graph_build (HpCallGraph  *g,
                               HpTrace      *trace,
                               const HpRank *r,
                               GCancellable *cancellable,
                               GError      **error);
void     _hp_call_graph_clear (HpCallGraph *g);
void     _hp_call_graph_descendants (const HpCallGraph *g,
                                     guint32            root,
                                     GArray            *out);

gboolean _hp_call_graph_name_contains (HpTrace    *trace,
                                       guint32     name,
                                       const char *needle);
int      _hp_call_graph_cmp_by_ts (gconstpointer a,
                                   gconstpointer b,
                                   gpointer      data);

G_END_DECLS
