/* hp-critical-path-private.h — the critical-path graph shared by its builder and its queries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "hp-critical-path.h"

G_BEGIN_DECLS

/* attribution of an edge HTA gives none (dependencies, syncs, launches) */
#define HP_CP_NO_ATTRIBUTION (-2)

/* what pass C needs of the whole rank: the same for every region */
typedef struct
{
  gint64     *q;        /* per event: queue length after it, or G_MININT64 */
  GArray     *launches; /* the launches with their work's stream and device */
  GHashTable *records;  /* event record correlation -> launch before it + 2 */
} HpCpRankCache;

void _hp_cp_rank_cache_clear (HpCpRankCache *cache);

struct _HpCriticalPath
{
  HpTrace      *trace;
  const HpRank *rank;
  gboolean      compat;
  gboolean      zero_weight_launch_edges;
  GStrv         data_load_events;
  GRegex      **data_load_regex; /* NULL-terminated; HTA's bound_by test */

  char          *region; /* for people: "ProfilerStep#12", "the whole trace" */
  HpCpRankCache *cache;  /* borrowed, or NULL */
  gint64         start;  /* the region, ns */
  gint64         end;

  guint8 *in_region; /* per event: in the clipped set */
  gint32 *start_node;
  gint32 *end_node;

  GArray     *nodes;    /* HpCpNode */
  GArray     *edges;    /* HpCpEdge, in order of first insertion */
  GHashTable *edge_ids; /* (src << 32 | dst) -> edge id + 1 */

  /* what could not be linked: kernels whose launch has no node, events
   * outside the trace, dropped same-stream syncs */
  guint n_unlinked;

  gboolean valid;
  char    *problem; /* why the graph is not valid */

  /* the longest path */
  gint32  last_node;  /* the region's last node (default mode), or -1 */
  GArray *path;       /* node ids */
  GArray *path_edges; /* edge ids */
  gint64  length;     /* ns */
  gint64 *dist_to;    /* per node: longest path ending there */
  gint64 *dist_from;  /* per node: longest path starting there */
  guint8 *critical;   /* per event */
};

/* The hash of an edge key (src << 32 | dst). g_int64_hash() folds the
 * halves with xor, which maps every edge between neighbouring nodes to a
 * handful of values; this mixes all 64 bits (the murmur3 finaliser). */
static inline guint
_hp_cp_edge_key_hash (gconstpointer key)
{
  guint64 h = *(const guint64 *)key;

  h ^= h >> 33;
  h *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  h ^= h >> 33;
  h *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  h ^= h >> 33;
  return (guint)h;
}

HpCriticalPath *_hp_critical_path_new_cached (HpTrace                     *trace,
                                              const HpRank                *rank,
                                              const HpCriticalPathOptions *options,
                                              HpCpRankCache               *cache,
                                              GCancellable                *cancellable,
                                              GError                     **error);
gboolean        _hp_critical_path_build (HpCriticalPath              *self,
                                         const HpCriticalPathOptions *options,
                                         GCancellable                *cancellable,
                                         GError                     **error);
gboolean        _hp_cp_longest_path (const HpCpEdge *edges,
                                     guint           n_edges,
                                     guint           n_nodes,
                                     gint32          end_node,
                                     GArray         *path,
                                     gint64         *dist_to,
                                     gint64         *dist_from,
                                     gint64         *length);
gint64          _hp_critical_path_graph_weight (HpCriticalPath *self,
                                                const HpCpEdge *edge);

G_END_DECLS
