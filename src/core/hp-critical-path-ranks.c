/* hp-critical-path-ranks.c — the critical path across ranks, linked by their collectives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-collectives-private.h"
#include "hp-critical-path-private.h"
#include "hp-parallel-private.h"

/* One collective kernel of one rank, in the region's graph. */
typedef struct
{
  gint64  start;
  gint64  end;
  gint64  nelems;     /* "In msg nelems", or -1 when the trace has none */
  gint64  group_size; /* "Group size", or -1 */
  char    dtype[16];  /* "dtype", or "" */
  guint32 event;
} Collective;

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
  HpCriticalPath **paths;       /* per rank position, for this step */
  guint           *offset;      /* first combined node id of each rank */
  guint           *edge_offset; /* first combined edge id of each rank */
  GArray          *nodes;       /* guint: rank of each combined node */
  GArray          *edges;       /* HpCpEdge over combined node ids */
  GArray          *edge_rank;   /* guint: rank of each combined edge */
  gint64          *wait_caused; /* per rank, ns */
  guint           *late;        /* per rank: collectives it arrived last at */
  guint            n_matched;
  guint            n_unmatched;  /* kernels, over all ranks, left unmatched */
  char            *late_example; /* a collective the critical rank held back */
} Step;

static const char *
arg_string (const HpRank *r,
            guint         e,
            guint32       key,
            char         *buf,
            gsize         size)
{
  HpArgValue v;

  if (key == HP_NO_STRING || !hp_rank_get_arg (r, e, key, &v))
    return "";
  if (v.type == HP_ARG_STRING)
    {
      gsize n = MIN (v.s_len, size - 1);

      memcpy (buf, v.s, n);
      buf[n] = '\0';
      return buf;
    }
  if (v.type == HP_ARG_INT)
    {
      g_snprintf (buf, size, "%" G_GINT64_FORMAT, v.i);
      return buf;
    }
  return "";
}

/* whether every rank's message of the collective has the same number of
 * elements (not so for all-to-all with splits, gather or scatter) */
static gboolean
same_count_everywhere (const char *key)
{
  g_autofree char         *folded = g_ascii_strdown (key, strcspn (key, "|"));
  static const char *const kinds[] = { "allreduce", "allgather", "reducescatter", "broadcast" };
  char                    *w = folded;

  for (const char *p = folded; *p != '\0'; p++)
    if (*p != '_')
      *w++ = *p;
  *w = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (strstr (folded, kinds[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* The collectives of a rank's region by (collective name, process group),
 * each in time order. */
static GHashTable *
collectives_of (HpCriticalPath *cp)
{
  const HpRank   *r = cp->rank;
  GHashTable     *out = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_array_unref);
  guint32         k_coll = hp_rank_lookup_arg_key (r, "Collective name");
  guint32         k_pg = hp_rank_lookup_arg_key (r, "Process Group Name");
  guint32         k_pg_id = hp_rank_lookup_arg_key (r, "pg_id");
  guint32         k_size = hp_rank_lookup_arg_key (r, "In msg nelems");
  guint32         k_group = hp_rank_lookup_arg_key (r, "Group size");
  guint32         k_dtype = hp_rank_lookup_arg_key (r, "dtype");
  const HpCpNode *nodes = (const HpCpNode *)(gpointer)cp->nodes->data;

  /* kernels' start nodes are in time order */
  for (guint i = 0; i < cp->nodes->len; i++)
    {
      guint            e = nodes[i].event;
      char             name_buf[128], pg_buf[64];
      const char      *name, *pg;
      g_autofree char *short_name = NULL;
      char            *key;
      GArray          *list;
      Collective       c;

      if (!nodes[i].is_start || r->kind[e] != HP_EVENT_KIND_KERNEL || r->kclass[e] != HP_KERNEL_CLASS_COMMUNICATION)
        continue;
      name = arg_string (r, e, k_coll, name_buf, sizeof name_buf);
      if (name[0] == '\0')
        {
          short_name = hp_shorten_name (hp_trace_get_string (cp->trace, r->name[e]));
          name = short_name;
        }
      pg = arg_string (r, e, k_pg, pg_buf, sizeof pg_buf);
      if (pg[0] == '\0')
        pg = arg_string (r, e, k_pg_id, pg_buf, sizeof pg_buf);
      key = g_strdup_printf ("%s|%s", name, pg);
      list = g_hash_table_lookup (out, key);
      if (list == NULL)
        {
          list = g_array_new (FALSE, FALSE, sizeof (Collective));
          g_hash_table_insert (out, key, list);
        }
      else
        g_free (key);
      c = (Collective){ r->ts[e],
                        hp_rank_end (r, e),
                        k_size != HP_NO_STRING ? hp_rank_get_arg_int (r, e, k_size, -1) : -1,
                        k_group != HP_NO_STRING ? hp_rank_get_arg_int (r, e, k_group, -1) : -1,
                        "",
                        e };
      arg_string (r, e, k_dtype, c.dtype, sizeof c.dtype);
      g_array_append_val (list, c);
    }
  return out;
}

/* the ranks' kernels at @at are one collective: the same message where the
 * traces say, and every kernel still running when the last rank arrived */
static gboolean
consistent (GArray *const *lists,
            const guint   *at,
            guint          n_ranks,
            gboolean       check_count,
            gint64        *starts,
            gint64        *ends,
            guint         *drop)
{
  const Collective *c0 = &g_array_index (lists[0], Collective, at[0]);
  gboolean          same = TRUE;

  for (guint k = 0; k < n_ranks; k++)
    {
      const Collective *c = &g_array_index (lists[k], Collective, at[k]);

      starts[k] = c->start;
      ends[k] = c->end;
      if ((check_count && c->nelems >= 0 && c0->nelems >= 0 && c->nelems != c0->nelems) ||
          (c->group_size >= 0 && c0->group_size >= 0 && c->group_size != c0->group_size) ||
          (c->dtype[0] != '\0' && c0->dtype[0] != '\0' && strcmp (c->dtype, c0->dtype) != 0))
        same = FALSE;
    }
  return _hp_collective_kernels_overlap (starts, ends, n_ranks, HP_COLLECTIVE_CLOCK_TOLERANCE_NS, drop) && same;
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* Every instance of a collective on the ranks that run it (its group, as
 * far as the traces tell). The n-th kernel of a key on each of them is the
 * n-th instance, unless a rank's trace lost one (a sampled
 * or truncated trace): then the kernels do not overlap, and the one that
 * ended first, which cannot be the same collective as the others' nor as
 * any later kernel of theirs, is left unmatched and counted. */
static GArray *
match_instances (Step      *s,
                 GPtrArray *by_rank,
                 GPtrArray *keys)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (Instance));
  g_autoptr (GHashTable) done = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree GArray **lists = g_new0 (GArray *, s->n_ranks);
  g_autofree guint   *ranks = g_new0 (guint, s->n_ranks);
  g_autofree guint   *at = g_new0 (guint, s->n_ranks);
  g_autofree gint64  *starts = g_new (gint64, s->n_ranks);
  g_autofree gint64  *ends = g_new (gint64, s->n_ranks);

  for (guint k = 0; k < s->n_ranks; k++)
    {
      GHashTableIter iter;
      gpointer       key;

      g_hash_table_iter_init (&iter, by_rank->pdata[k]);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        if (g_hash_table_add (done, key))
          g_ptr_array_add (keys, g_strdup (key));
    }
  g_ptr_array_sort (keys, compare_keys);

  for (guint i = 0; i < keys->len; i++)
    {
      const char *key = keys->pdata[i];
      gboolean    check_count = same_count_everywhere (key);
      guint       n = 0; /* the ranks that run it: its group */

      for (guint k = 0; k < s->n_ranks; k++)
        {
          GArray *list = g_hash_table_lookup (by_rank->pdata[k], key);

          if (list == NULL)
            continue;
          lists[n] = list;
          ranks[n] = k;
          at[n++] = 0;
        }
      for (;;)
        {
          gboolean left = n >= 2;
          guint    drop;

          for (guint k = 0; k < n && left; k++)
            left = at[k] < lists[k]->len;
          if (!left)
            break;
          if (consistent ((GArray *const *)lists, at, n, check_count, starts, ends, &drop))
            {
              const Collective *c0 = &g_array_index (lists[0], Collective, at[0]);
              Instance          inst = { c0->start, c0->event, g_new (guint32, s->n_ranks), key };

              for (guint k = 0; k < s->n_ranks; k++)
                inst.events[k] = NO_EVENT;
              for (guint k = 0; k < n; k++)
                inst.events[ranks[k]] = g_array_index (lists[k], Collective, at[k]++).event;
              g_array_append_val (out, inst);
            }
          else
            {
              at[drop]++;
              s->n_unmatched++;
            }
        }
      /* what is left on some ranks has no partner on the others */
      for (guint k = 0; k < n; k++)
        s->n_unmatched += lists[k]->len - at[k];
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
  g_autoptr (GPtrArray) colls = g_ptr_array_new_with_free_func ((GDestroyNotify)g_hash_table_unref);
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
      g_ptr_array_add (colls, collectives_of (cp));
    }
  s->offset[s->n_ranks] = s->nodes->len;
  if (s->n_ranks < 2)
    return;

  instances = match_instances (s, colls, keys);
  g_array_sort (instances, compare_instances);
  for (guint i = 0; i < instances->len; i++)
    {
      guint32 *events = g_array_index (instances, Instance, i).events;
      guint    late = 0;
      gint64   last_start = G_MININT64;

      s->n_matched++;
      for (guint k = 0; k < s->n_ranks; k++)
        if (events[k] != NO_EVENT && s->paths[k]->rank->ts[events[k]] > last_start)
          {
            last_start = s->paths[k]->rank->ts[events[k]];
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
          end = hp_rank_end (cp->rank, e);
          s->wait_caused[late] += last_start - cp->rank->ts[e];
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
             "early, or clocks further apart than %d us): they add no cross-rank link"),
          n_unmatched, (int)(HP_COLLECTIVE_CLOCK_TOLERANCE_NS / HP_NS_PER_US));

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
