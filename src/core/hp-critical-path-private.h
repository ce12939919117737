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

/* Edge ids by their nodes, (src << 32 | dst) -> id: open addressing over
 * one array, so a graph of 10^5 edges costs no allocation per edge (a
 * GHashTable of boxed keys spent more in malloc and free than the rest of
 * a step's graph) */
typedef struct
{
  guint64 *keys; /* EDGE_MAP_EMPTY when free */
  guint32 *ids;
  guint    mask; /* size − 1, size a power of two */
  guint    count;
} HpCpEdgeMap;

void     _hp_cp_edge_map_init (HpCpEdgeMap *map);
void     _hp_cp_edge_map_clear (HpCpEdgeMap *map);
guint32 *_hp_cp_edge_map_lookup (HpCpEdgeMap *map,
                                 guint32      src,
                                 guint32      dst);
void     _hp_cp_edge_map_insert (HpCpEdgeMap *map,
                                 guint32      src,
                                 guint32      dst,
                                 guint32      id);

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
  HpCpEdgeMap edge_ids; /* (src, dst) -> edge id */

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
gboolean        _hp_critical_path_validate (HpCriticalPath *self);
void            _hp_critical_path_find_path (HpCriticalPath *self);

/* what building one region's graph reads: the trace's names and keys,
 * looked up once */
typedef struct
{
  HpCriticalPath *cp;
  const HpRank   *r;
  guint8         *is_blocking;  /* per string id */
  guint8         *is_lock;      /* per string id */
  guint8         *is_launch;    /* per string id */
  guint8         *is_sync_copy; /* per string id */
  guint           n_strings;
  guint32         event_sync, context_sync, stream_sync, stream_wait_event;
  guint32         cuda_event_record, cuda_stream_wait_event, cuda_sync_cat;
  guint32         key_wait_stream, key_wait_corr;
  gint32         *parent; /* per event: the call-stack parent in the region, or -1 */
} HpCpBuilder;

/* stream != -1 in HTA; GPU activity or a sync record otherwise (TF §7) */
static inline gboolean
_hp_cp_is_device_side (const HpCpBuilder *b,
                       guint              e)
{
  const HpRank *r = b->r;

  if (b->cp->compat)
    return hp_rank_stream (r, e) != -1;
  return (r->flags[e] & HP_EVENT_G1) || r->kind[e] == HP_EVENT_KIND_SYNC;
}

static inline gboolean
_hp_cp_is_sync_record (const HpCpBuilder *b,
                       guint              e)
{
  return b->r->cat[e] == b->cuda_sync_cat && b->cuda_sync_cat != HP_NO_STRING;
}

static inline const HpCpNode *
_hp_cp_node_at (HpCriticalPath *cp,
                gint32          id)
{
  return &g_array_index (cp->nodes, HpCpNode, id);
}

guint _hp_cp_add_edge (HpCriticalPath *cp,
                       gint32          src,
                       gint32          dst,
                       HpCpEdgeType    type,
                       gboolean        zero_weight);
void  _hp_cp_attribute_edge (HpCriticalPath *cp,
                             guint           id,
                             gint32          src_parent);

/* the passes of §12.3 over the region's events, in this order */
void     _hp_cp_pass_runtime_lock (HpCpBuilder *b);
void     _hp_cp_pass_call_stacks (HpCpBuilder *b,
                                  GArray      *events);
gboolean _hp_cp_pass_kernels (HpCpBuilder  *b,
                              GArray       *events,
                              GCancellable *cancellable,
                              GError      **error);

/* how many times the path across ranks was made, for the tests */
guint _hp_critical_path_across_ranks_n_computed (void);

G_END_DECLS
