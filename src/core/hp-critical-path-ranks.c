/* hp-critical-path-ranks.c — the critical path across ranks, linked by their collectives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-comm-collective.h"
#include "hp-comm-match-private.h"
#include "hp-critical-path-private.h"
#include "hp-parallel-private.h"

/* one matched instance: its kernel on each rank */
typedef struct
{
  gint64      first_start; /* on the first rank that ran it, for the order */
  guint32     first_event;
  guint32    *events; /* NO_EVENT on a rank outside its group */
  const char *key;    /* collective name and process group */
} Instance;

#define NO_EVENT G_MAXUINT32

typedef struct
{
  HpTrace         *trace;
  guint            n_ranks;
  HpCriticalPath **paths;                         /* per rank position, for this step */
  guint           *offset;                        /* first combined node id of each rank */
  guint           *edge_offset;                   /* first combined edge id of each rank */
  GArray          *nodes;                         /* guint: rank of each combined node */
  GArray          *edges;                         /* HpCpEdge over combined node ids */
  GArray          *edge_rank;                     /* guint: rank of each combined edge */
  gint64          *wait_caused;                   /* per rank, ns */
  guint           *late;                          /* per rank: collectives it arrived last at */
  HpCommClocks     clocks;                        /* the ranks' clocks, measured on this step */
  guint            n_by_match[HP_N_COMM_MATCHES]; /* instances by how they were matched */
  guint            n_matched;
  guint            n_unmatched;  /* kernels, over all ranks, left unmatched */
  char            *late_example; /* a collective the critical rank held back */
} Step;

/* The communication kernels of each rank's region, matched across ranks
 * by _hp_comm_match(), as `collectives` matches them: by (collective,
 * communicator or process group), then sequence number, else per-group
 * order on the measured clocks. An instance on one rank only is an
 * unmatched kernel. @keys keeps the names the instances point to. */
static GArray *
match_instances (Step      *s,
                 GPtrArray *keys)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Instance));
  g_autoptr (GArray) items = g_array_new (FALSE, FALSE, sizeof (HpCommMatchItem));
  g_autoptr (GHashTable) key_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) group_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean         compat = hp_trace_get_mode (s->trace) == HP_MODE_HTA_COMPAT;
  HpCommMatchItem *it;

  for (guint k = 0; k < s->n_ranks; k++)
    {
      HpCriticalPath *cp = s->paths[k];
      const HpRank   *r = cp->rank;
      const HpCpNode *nodes = (const HpCpNode *)(gpointer)cp->nodes->data;

      /* kernels' start nodes are in time order */
      for (guint i = 0; i < cp->nodes->len; i++)
        {
          guint            e = nodes[i].event;
          HpCommInfo       info;
          g_autofree char *key = NULL;
          const char      *group;
          gpointer         id;
          HpCommMatchItem  o;

          if (!nodes[i].is_start || r->kind[e] != HP_EVENT_KIND_KERNEL ||
              r->kclass[e] != HP_KERNEL_CLASS_COMMUNICATION)
            continue;
          hp_comm_describe (s->trace, r, e, &info);
          group = info.comm_id[0] != '\0' && !compat ? info.comm_id : info.group;
          if (!compat && info.collective[0] != '\0')
            key = g_strdup_printf ("%s|%s", info.collective, group);
          else
            {
              g_autofree char *short_name = hp_shorten_name (hp_trace_get_string (s->trace, r->name[e]));

              key = g_strdup_printf ("%s|%s", short_name, group);
            }
          if (!g_hash_table_lookup_extended (key_ids, key, NULL, &id))
            {
              id = GUINT_TO_POINTER (keys->len);
              g_ptr_array_add (keys, g_strdup (key));
              g_hash_table_insert (key_ids, g_strdup (key), id);
            }
          if (!g_hash_table_lookup_extended (group_ids, group, NULL, NULL))
            g_hash_table_insert (group_ids, g_strdup (group), GUINT_TO_POINTER (g_hash_table_size (group_ids)));
          o = (HpCommMatchItem){
            .key = GPOINTER_TO_UINT (id),
            .group = GPOINTER_TO_UINT (g_hash_table_lookup (group_ids, group)),
            .pos = k,
            .rank = r->rank,
            .event = e,
            .ts = r->ts[e],
            .dur = hp_rank_dur (r, e),
            .seq = compat ? -1 : info.seq,
            .msg = _hp_comm_message_must_agree (info.collective) ? info.nelems : -1,
            .group_size = info.group_size,
            .user = 0,
          };
          g_array_append_val (items, o);
          hp_comm_info_clear (&info);
        }
    }
  it = (HpCommMatchItem *)(void *)items->data;
  _hp_comm_match (it, items->len, s->n_ranks, &s->clocks);
  for (guint i = 0; i < items->len;)
    {
      guint j = i + 1;

      while (j < items->len && it[j].key == it[i].key && it[j].group == it[i].group &&
             it[j].instance == it[i].instance)
        j++;
      if (j - i < 2)
        s->n_unmatched++;
      else
        {
          Instance inst = { it[i].ts, it[i].event, g_new (guint32, s->n_ranks), keys->pdata[it[i].key] };

          for (guint k = 0; k < s->n_ranks; k++)
            inst.events[k] = NO_EVENT;
          for (guint m = i; m < j; m++)
            inst.events[it[m].pos] = it[m].event;
          s->n_by_match[it[i].match]++;
          g_array_append_val (out, inst);
        }
      i = j;
    }
  return out;
}

static int
compare_instances (gconstpointer a,
                   gconstpointer b)
{
  const Instance *x = a;
  const Instance *y = b;

  if (x->first_start != y->first_start)
    return x->first_start < y->first_start ? -1 : 1;
  return (x->first_event > y->first_event) - (x->first_event < y->first_event);
}

/* the union of the ranks' graphs, then one cross-rank edge per waiting
 * rank and collective */
static void
combine (Step *s)
{
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) instances = NULL;

  s->offset = g_new0 (guint, s->n_ranks + 1);
  s->edge_offset = g_new0 (guint, s->n_ranks + 1);
  s->nodes = g_array_new (FALSE, FALSE, sizeof (guint));
  s->edges = g_array_new (FALSE, FALSE, sizeof (HpCpEdge));
  s->edge_rank = g_array_new (FALSE, FALSE, sizeof (guint));
  s->wait_caused = g_new0 (gint64, s->n_ranks);
  s->late = g_new0 (guint, s->n_ranks);
  for (guint k = 0; k < s->n_ranks; k++)
    {
      HpCriticalPath *cp = s->paths[k];

      s->offset[k] = s->nodes->len;
      s->edge_offset[k] = s->edges->len;
      for (guint i = 0; i < cp->nodes->len; i++)
        g_array_append_val (s->nodes, k);
      for (guint i = 0; i < cp->edges->len; i++)
        {
          HpCpEdge e = g_array_index (cp->edges, HpCpEdge, i);

          e.src += s->offset[k];
          e.dst += s->offset[k];
          g_array_append_val (s->edges, e);
          g_array_append_val (s->edge_rank, k);
        }
    }
  s->offset[s->n_ranks] = s->nodes->len;
  if (s->n_ranks < 2)
    return;

  instances = match_instances (s, keys);
  g_array_sort (instances, compare_instances);
  for (guint i = 0; i < instances->len; i++)
    {
      guint32 *events = g_array_index (instances, Instance, i).events;
      guint    late = 0;
      gint64   last_start = G_MININT64;

      s->n_matched++;
      /* on the clocks the matching measured: rank k's time minus its offset */
      for (guint k = 0; k < s->n_ranks; k++)
        if (events[k] != NO_EVENT && s->paths[k]->rank->ts[events[k]] - s->clocks.offsets[k] > last_start)
          {
            last_start = s->paths[k]->rank->ts[events[k]] - s->clocks.offsets[k];
            late = k;
          }
      s->late[late]++;
      for (guint k = 0; k < s->n_ranks; k++)
        {
          HpCriticalPath *cp = s->paths[k];
          guint           e = events[k];
          gint64          end;
          guint32        *id;
          HpCpEdge        cross;

          if (k == late || e == NO_EVENT)
            continue;
          end = hp_rank_end (cp->rank, e) - s->clocks.offsets[k];
          s->wait_caused[late] += last_start - (cp->rank->ts[e] - s->clocks.offsets[k]);
          /* within the clocks' disagreement the kernel ended before the
           * last rank arrived: an edge would run back in time */
          if (end < last_start)
            continue;
          /* the kernel's own time is the transfer after the last rank
           * arrived; the wait before it is the late rank's */
          id = _hp_cp_edge_map_lookup (&cp->edge_ids, (guint32)cp->start_node[e], (guint32)cp->end_node[e]);
          if (id != NULL)
            g_array_index (s->edges, HpCpEdge, s->edge_offset[k] + *id).weight = end - last_start;
          cross = (HpCpEdge){ (guint32)(s->offset[late] + (guint)s->paths[late]->start_node[events[late]]),
                              (guint32)(s->offset[k] + (guint)cp->end_node[e]),
                              end - last_start,
                              HP_CP_EDGE_CROSS_RANK,
                              FALSE,
                              (gint32)e };
          g_array_append_val (s->edges, cross);
          g_array_append_val (s->edge_rank, late);
        }
      if (s->late_example == NULL)
        {
          const char *key = g_array_index (instances, Instance, i).key;

          /* the collective's name, without its empty group */
          s->late_example = g_str_has_suffix (key, "|") ? g_strndup (key, strlen (key) - 1) : g_strdup (key);
        }
    }
  for (guint i = 0; i < instances->len; i++)
    g_free (g_array_index (instances, Instance, i).events);
}

static void
step_clear (Step *s)
{
  for (guint k = 0; k < s->n_ranks; k++)
    hp_critical_path_free (s->paths[k]);
  g_free (s->paths);
  g_free (s->offset);
  g_free (s->edge_offset);
  g_clear_pointer (&s->nodes, g_array_unref);
  g_clear_pointer (&s->edges, g_array_unref);
  g_clear_pointer (&s->edge_rank, g_array_unref);
  g_free (s->wait_caused);
  g_free (s->late);
  g_free (s->late_example);
  _hp_comm_clocks_clear (&s->clocks);
}

static int
cmp_int (gconstpointer a,
         gconstpointer b)
{
  return *(const int *)a - *(const int *)b;
}

/**
 * hp_critical_path_list_steps:
 * @trace: a trace
 * @rank: one of its ranks
 *
 * The steps a critical path can be asked for on @rank: the numbers N of
 * its `ProfilerStep#N` annotations the analyses keep, each once.
 *
 * Returns: (transfer full) (element-type int): the numbers, ascending
 */
GArray *
hp_critical_path_list_steps (HpTrace      *trace,
                             const HpRank *rank)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);

  for (guint i = 0; i < rank->n_rows; i++)
    {
      guint e = rank->rows[i];
      int   n;

      if (!(rank->flags[e] & HP_EVENT_STEP) || rank->kind[e] != HP_EVENT_KIND_USER_ANNOTATION)
        continue;
      n = hp_trace_step_number (trace, rank->name[e]);
      if (n < 0 || !g_hash_table_add (seen, GINT_TO_POINTER (n + 1)))
        continue;
      g_array_append_val (steps, n);
    }
  g_array_sort (steps, cmp_int);
  return steps;
}

/* the step numbers every rank has, ascending */
static GArray *
common_steps (HpTrace *trace)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GHashTable) count = g_hash_table_new (NULL, NULL);
  guint n_ranks = hp_trace_get_n_ranks (trace);

  for (guint k = 0; k < n_ranks; k++)
    {
      g_autoptr (GArray) mine = hp_critical_path_list_steps (trace, hp_trace_get_rank (trace, k));

      for (guint i = 0; i < mine->len; i++)
        {
          gpointer key = GINT_TO_POINTER (g_array_index (mine, int, i) + 1);

          g_hash_table_insert (count, key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (count, key)) + 1));
        }
    }
  {
    GHashTableIter iter;
    gpointer       key, value;

    g_hash_table_iter_init (&iter, count);
    while (g_hash_table_iter_next (&iter, &key, &value))
      if (GPOINTER_TO_UINT (value) == n_ranks)
        {
          int n = GPOINTER_TO_INT (key) - 1;

          g_array_append_val (steps, n);
        }
  }
  g_array_sort (steps, cmp_int);
  return steps;
}

static void
free_paths (HpCriticalPath ***paths,
            guint             n_steps,
            guint             n_ranks)
{
  for (guint si = 0; paths != NULL && si < n_steps; si++)
    {
      for (guint k = 0; paths[si] != NULL && k < n_ranks; k++)
        hp_critical_path_free (paths[si][k]);
      g_free (paths[si]);
    }
  g_free (paths);
}

/* every step of one rank, on a worker thread */
typedef struct
{
  HpTrace                     *trace;
  const HpCriticalPathOptions *options;
  GArray                      *steps;
  HpCpRankCache               *caches;
  HpCriticalPath            ***paths;  /* [step][rank] */
  GError                     **errors; /* per rank */
  GCancellable                *cancellable;
} RankJobs;

static void
rank_steps (guint    k,
            gpointer user_data)
{
  RankJobs             *jobs = user_data;
  HpCriticalPathOptions opts = *jobs->options;

  for (guint si = 0; si < jobs->steps->len && jobs->errors[k] == NULL; si++)
    {
      int              number = g_array_index (jobs->steps, int, si);
      g_autofree char *annotation = number >= 0 ? g_strdup_printf ("ProfilerStep#%d", number) : g_strdup ("");

      opts.annotation = annotation;
      opts.instance_first = opts.instance_last = 0;
      jobs->paths[si][k] = _hp_critical_path_new_cached (jobs->trace, hp_trace_get_rank (jobs->trace, k), &opts,
                                                         &jobs->caches[k], jobs->cancellable, &jobs->errors[k]);
    }
}

/**
 * hp_critical_path_cross_rank_edges:
 * @paths: (array length=n_paths): one path per rank of the trace, in the
 *   trace's rank order, over the same step
 * @n_paths: the trace's number of ranks
 *
 * The edges hp_critical_path_ranks() adds between the ranks' graphs: from
 * the start of the collective kernel of the rank that arrived last to the
 * end of the same collective on every other rank, for a view to draw.
 *
 * Returns: (transfer full) (element-type HpCpCrossEdge): the edges
 */
GArray *
hp_critical_path_cross_rank_edges (HpCriticalPath **paths,
                                   guint            n_paths)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HpCpCrossEdge));
  Step    s = { .n_ranks = n_paths };

  g_return_val_if_fail (paths != NULL || n_paths == 0, out);
  if (n_paths < 2)
    return out;
  s.trace = paths[0]->trace;
  s.paths = g_memdup2 (paths, n_paths * sizeof *paths);
  combine (&s);
  for (guint i = 0; i < s.edges->len; i++)
    {
      const HpCpEdge *e = &g_array_index (s.edges, HpCpEdge, i);
      guint           ks = g_array_index (s.nodes, guint, e->src);
      guint           kd = g_array_index (s.nodes, guint, e->dst);
      const HpCpNode *a, *b;
      HpCpCrossEdge   cross;

      if (e->type != HP_CP_EDGE_CROSS_RANK)
        continue;
      a = &g_array_index (paths[ks]->nodes, HpCpNode, e->src - s.offset[ks]);
      b = &g_array_index (paths[kd]->nodes, HpCpNode, e->dst - s.offset[kd]);
      cross = (HpCpCrossEdge){ ks, a->event, a->time, kd, b->event, b->time };
      g_array_append_val (out, cross);
    }
  /* the paths are the caller's */
  for (guint k = 0; k < n_paths; k++)
    s.paths[k] = NULL;
  step_clear (&s);
  return out;
}

/* one step joined across ranks, and its path by rank and bound_by */
typedef struct
{
  Step        step;
  gboolean    ok;       /* the joined graph has no cycle */
  gint64     *per_rank; /* ns of the path on each rank */
  gint64      total;
  GHashTable *sums; /* "rank|bound_by" -> gint64 ns */
  GList      *keys; /* of sums, sorted */
} Joined;

typedef struct
{
  HpTrace          *trace;
  guint             n_ranks;
  HpCriticalPath ***paths; /* [step][rank], each taken by its step */
  Joined           *joined;
} JoinJobs;

static void
join_step (guint    si,
           gpointer user_data)
{
  JoinJobs *jobs = user_data;
  Joined   *j = &jobs->joined[si];
  Step     *s = &j->step;
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree gint64 *dist_to = NULL;
  g_autofree gint64 *dist_from = NULL;
  HpCpEdgeMap        edge_ids;
  gint64             length = 0;

  s->trace = jobs->trace;
  s->n_ranks = jobs->n_ranks;
  s->paths = g_steal_pointer (&jobs->paths[si]);
  combine (s);
  j->per_rank = g_new0 (gint64, jobs->n_ranks);
  j->sums = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  _hp_cp_edge_map_init (&edge_ids);
  for (guint i = 0; i < s->edges->len; i++)
    {
      const HpCpEdge *e = &g_array_index (s->edges, HpCpEdge, i);

      _hp_cp_edge_map_insert (&edge_ids, e->src, e->dst, i);
    }
  dist_to = g_new0 (gint64, MAX (s->nodes->len, 1));
  dist_from = g_new0 (gint64, MAX (s->nodes->len, 1));
  j->ok = _hp_cp_longest_path ((const HpCpEdge *)(gpointer)s->edges->data, s->edges->len, s->nodes->len, -1, path,
                               dist_to, dist_from, &length);
  if (!j->ok)
    {
      _hp_cp_edge_map_clear (&edge_ids);
      return;
    }

  for (guint i = 1; i < path->len; i++)
    {
      guint           id = *_hp_cp_edge_map_lookup (&edge_ids, g_array_index (path, guint32, i - 1), g_array_index (path, guint32, i));
      const HpCpEdge *e = &g_array_index (s->edges, HpCpEdge, id);
      guint           k = g_array_index (s->edge_rank, guint, id);
      const char     *bound;
      char           *name;
      gint64         *sum;

      if (e->type == HP_CP_EDGE_CROSS_RANK)
        bound = "gpu_communication_bound";
      else
        {
          HpCpEdge local = *e;

          local.src -= s->offset[k];
          local.dst -= s->offset[k];
          bound = hp_critical_path_edge_bound_by (s->paths[k], &local);
        }
      j->per_rank[k] += e->weight;
      j->total += e->weight;
      name = g_strdup_printf ("%010u|%s", k, bound);
      sum = g_hash_table_lookup (j->sums, name);
      if (sum == NULL)
        {
          sum = g_new0 (gint64, 1);
          g_hash_table_insert (j->sums, name, sum);
        }
      else
        g_free (name);
      *sum += e->weight;
    }
  j->keys = g_list_sort (g_hash_table_get_keys (j->sums), (GCompareFunc)strcmp);
  _hp_cp_edge_map_clear (&edge_ids);
}

static void
joined_free (Joined *joined,
             guint   n_steps)
{
  for (guint si = 0; joined != NULL && si < n_steps; si++)
    {
      Joined *j = &joined[si];

      if (j->step.paths != NULL)
        step_clear (&j->step);
      g_free (j->per_rank);
      g_list_free (j->keys);
      g_clear_pointer (&j->sums, g_hash_table_unref);
    }
  g_free (joined);
}

/**
 * hp_critical_path_ranks:
 * @trace: a trace
 * @options: the switches (@annotation and the instances are ignored: every
 *   step all ranks have is analysed, or the whole trace without steps)
 * @breakdown: (out) (optional) (transfer full): the path of each step by
 *   rank and bound_by (`critical_path_ranks_breakdown`)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The critical path across ranks: the ranks' graphs of each step, joined
 * by their collectives (the n-th NCCL kernel of one collective name and
 * process group on each rank that runs it, checked by message size when
 * the trace has it): a collective ends on no rank before it started on all, so the rank
 * that arrived last is linked to the ends of the others' kernels, whose
 * own time shrinks to the transfer after that arrival. Kernels pair only
 * where they ran together (see _hp_collective_kernels_overlap()); one a
 * sampled or truncated trace lost on another rank is left unmatched and
 * counted (`unmatched_kernels`, and the table's note).
 *
 * Returns: (transfer full): the table `critical_path_ranks`, one row per
 *   step: the critical rank (the largest share of the joined path), the
 *   wait it caused the others at collectives it arrived last at, and a
 *   finding in words; %NULL with @error set
 */
HpTable *
hp_critical_path_ranks (HpTrace                     *trace,
                        const HpCriticalPathOptions *options,
                        HpTable                    **breakdown,
                        GCancellable                *cancellable,
                        GError                     **error)
{
  guint n_ranks = hp_trace_get_n_ranks (trace);
  g_autoptr (GArray) steps = common_steps (trace);
  g_autofree HpCpRankCache *caches = g_new0 (HpCpRankCache, MAX (n_ranks, 1));
  HpCriticalPath         ***all_paths = NULL;
  GError                  **errors = NULL;
  Joined                   *joined = NULL;
  HpTable                  *table = hp_table_new ("critical_path_ranks", _ ("Critical path across ranks"));
  HpTable                  *parts = hp_table_new ("critical_path_ranks_breakdown", _ ("Critical path across ranks by rank"));
  guint                     c_step = hp_table_add_column (table, "step", HP_COLUMN_INT, NULL);
  guint                     c_rank = hp_table_add_column (table, "critical_rank", HP_COLUMN_INT, NULL);
  guint                     c_wait = hp_table_add_column (table, "wait_caused", HP_COLUMN_DOUBLE, "us");
  guint                     c_late = hp_table_add_column (table, "late_collectives", HP_COLUMN_INT, NULL);
  guint                     c_coll = hp_table_add_column (table, "collectives", HP_COLUMN_INT, NULL);
  guint                     c_len = hp_table_add_column (table, "path_duration", HP_COLUMN_DOUBLE, "us");
  guint                     c_pct = hp_table_add_column (table, "critical_rank_pct", HP_COLUMN_DOUBLE, "%");
  guint                     c_find = hp_table_add_column (table, "finding", HP_COLUMN_STRING, NULL);
  guint                     c_unmatched = hp_table_add_column (table, "unmatched_kernels", HP_COLUMN_INT, NULL);
  guint                     c_how = hp_table_add_column (table, "matched_by", HP_COLUMN_STRING, NULL);
  guint                     c_offset = hp_table_add_column (table, "max_clock_offset", HP_COLUMN_DOUBLE, "us");
  guint                     n_unmatched = 0;
  guint                     p_step = hp_table_add_column (parts, "step", HP_COLUMN_INT, NULL);
  guint                     p_rank = hp_table_add_column (parts, "rank", HP_COLUMN_INT, NULL);
  guint                     p_bound = hp_table_add_column (parts, "bound_by", HP_COLUMN_STRING, NULL);
  guint                     p_dur = hp_table_add_column (parts, "duration", HP_COLUMN_DOUBLE, "us");
  guint                     p_pct = hp_table_add_column (parts, "pct_of_path_duration", HP_COLUMN_DOUBLE, "%");

  if (n_ranks == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA, _ ("No rank to analyse"));
      goto fail;
    }
  if (steps->len == 0)
    {
      int none = -1;

      g_array_append_val (steps, none);
    }
  /* the ranks' graphs of every step, one rank per thread */
  all_paths = g_new0 (HpCriticalPath **, steps->len);
  for (guint si = 0; si < steps->len; si++)
    all_paths[si] = g_new0 (HpCriticalPath *, n_ranks);
  errors = g_new0 (GError *, n_ranks);
  {
    RankJobs jobs = { trace, options, steps, caches, all_paths, errors, cancellable };

    _hp_parallel_for (n_ranks, g_get_num_processors (), rank_steps, &jobs);
  }
  for (guint k = 0; k < n_ranks; k++)
    if (errors[k] != NULL)
      {
        g_propagate_error (error, g_steal_pointer (&errors[k]));
        goto fail;
      }

  /* then each step's joined graph and its path, one step per thread */
  joined = g_new0 (Joined, steps->len);
  {
    JoinJobs jobs = { trace, n_ranks, all_paths, joined };

    _hp_parallel_for (steps->len, g_get_num_processors (), join_step, &jobs);
  }

  for (guint si = 0; si < steps->len; si++)
    {
      int     number = g_array_index (steps, int, si);
      Joined *j = &joined[si];
      Step   *s = &j->step;
      guint   critical = 0, row;

      if (!j->ok)
        {
          g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                       _ ("The critical-path graph of step %d across ranks has a cycle"), number);
          goto fail;
        }
      /* the path by rank and bound_by */
      for (GList *l = j->keys; l != NULL; l = l->next)
        {
          const char *name = l->data;
          gint64      v = *(gint64 *)g_hash_table_lookup (j->sums, name);
          guint       k = (guint)g_ascii_strtoull (name, NULL, 10);

          row = hp_table_append_row (parts);
          hp_table_set_int (parts, row, p_step, number);
          hp_table_set_int (parts, row, p_rank, hp_trace_get_rank (trace, k)->rank);
          hp_table_set_string (parts, row, p_bound, strchr (name, '|') + 1);
          hp_table_set_double (parts, row, p_dur, hp_ns_to_us (v));
          hp_table_set_double (parts, row, p_pct, j->total != 0 ? 100.0 * (double)v / (double)j->total : NAN);
        }

      for (guint k = 1; k < n_ranks; k++)
        if (j->per_rank[k] > j->per_rank[critical])
          critical = k;
      row = hp_table_append_row (table);
      hp_table_set_int (table, row, c_step, number);
      hp_table_set_int (table, row, c_rank, hp_trace_get_rank (trace, critical)->rank);
      hp_table_set_double (table, row, c_wait, hp_ns_to_us (s->wait_caused[critical]));
      hp_table_set_int (table, row, c_late, s->late[critical]);
      hp_table_set_int (table, row, c_coll, s->n_matched);
      hp_table_set_int (table, row, c_unmatched, s->n_unmatched);
      n_unmatched += s->n_unmatched;
      {
        g_autoptr (GString) how = g_string_new (NULL);
        gint64 worst = 0;

        /* how the instances were matched: "sequence 3, order 2" */
        for (guint m = 0; m < HP_COMM_MATCH_UNMATCHED; m++)
          if (s->n_by_match[m] > 0)
            g_string_append_printf (how, "%s%s %u", how->len > 0 ? ", " : "",
                                    _hp_comm_match_to_string ((HpCommMatch)m), s->n_by_match[m]);
        hp_table_set_string (table, row, c_how, how->str);
        for (guint k = 0; k < s->clocks.n_pos; k++)
          worst = MAX (worst, ABS (s->clocks.offsets[k]));
        hp_table_set_double (table, row, c_offset, hp_ns_to_us (worst));
      }
      hp_table_set_double (table, row, c_len, hp_ns_to_us (j->total));
      hp_table_set_double (table, row, c_pct,
                           j->total != 0 ? 100.0 * (double)j->per_rank[critical] / (double)j->total : NAN);
      {
        g_autofree char *finding = NULL;
        g_autofree char *what = number >= 0 ? g_strdup_printf ("step %d", number) : g_strdup ("the trace");
        double           pct = j->total != 0 ? 100.0 * (double)j->per_rank[critical] / (double)j->total : 0.0;

        if (s->late[critical] > 0)
          finding = g_strdup_printf ("rank %d arrived last at %u of %u collectives of %s (first: %s) and kept "
                                     "the other ranks waiting %.1f us in all; %.0f%% of the path is on it",
                                     hp_trace_get_rank (trace, critical)->rank, s->late[critical], s->n_matched,
                                     what, s->late_example, hp_ns_to_us (s->wait_caused[critical]), pct);
        else
          finding = g_strdup_printf ("rank %d holds %.0f%% of the path of %s; %u collectives matched across ranks",
                                     hp_trace_get_rank (trace, critical)->rank, pct, what, s->n_matched);
        hp_table_set_string (table, row, c_find, finding);
      }
    }

  if (n_unmatched > 0)
    {
      g_autofree char *note = g_strdup_printf (
          _ ("%u collective kernels have no partner on the other ranks (a trace that dropped events or ends "
             "early, or clocks the ends of their collectives could not align within %d us): they add no "
             "cross-rank link"),
          n_unmatched, (int)(HP_COMM_CLOCK_TOLERANCE_NS / HP_NS_PER_US));

      hp_table_set_note (table, note);
    }
  joined_free (joined, steps->len);
  free_paths (all_paths, steps->len, n_ranks);
  g_free (errors);
  for (guint k = 0; k < n_ranks; k++)
    _hp_cp_rank_cache_clear (&caches[k]);
  if (breakdown != NULL)
    *breakdown = parts;
  else
    hp_table_unref (parts);
  return table;

fail:
  joined_free (joined, steps->len);
  free_paths (all_paths, steps->len, n_ranks);
  for (guint k = 0; errors != NULL && k < n_ranks; k++)
    g_clear_error (&errors[k]);
  g_free (errors);
  for (guint k = 0; k < n_ranks; k++)
    _hp_cp_rank_cache_clear (&caches[k]);
  hp_table_unref (table);
  hp_table_unref (parts);
  return NULL;
}
