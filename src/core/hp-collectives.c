/* hp-collectives.c — each collective matched across ranks: start skew, late rank, waits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-collectives-private.h"
#include "hp-collectives.h"
#include "hp-comm-collective.h"
#include "hp-comm-match-private.h"
#include "hp-linked-events.h"
#include "hp-stats.h"
#include "hp-summary-private.h"

/* the kernel args PyTorch writes on collectives (and on record_param_comms) */
#define ARG_GROUP_NAME "Process Group Name"
#define ARG_GROUP_RANKS "Process Group Ranks"

/* one collective instance: a run of Collect.items */
typedef struct
{
  guint  first;
  guint  n;
  gint64 earliest; /* on the aligned clocks in the default mode */
  gint64 latest;
  int    late_rank;
} Instance;

typedef struct
{
  GPtrArray    *groups;    /* char *: the group key, "" when absent */
  GHashTable   *group_ids; /* name → index + 1 */
  GPtrArray    *members;   /* GArray of int per group: its ranks, or NULL if unknown */
  GPtrArray    *keys;      /* char *: a collective, or a kernel name */
  GHashTable   *key_ids;   /* key → index + 1 */
  GArray       *items;     /* HpCommMatchItem; user indexes infos and names */
  GArray       *infos;     /* HpCommInfo */
  GPtrArray    *names;     /* const char *: each kernel's name */
  GStringChunk *strings;   /* the names read from summaries */
  HpCommClocks  clocks;    /* the ranks' measured clock offsets */
  gboolean      aligned;   /* the tables' times are on the aligned clocks */
} Collect;

static guint32
intern (GPtrArray  *names,
        GHashTable *ids,
        const char *name)
{
  guint idx = GPOINTER_TO_UINT (g_hash_table_lookup (ids, name));

  if (idx != 0)
    return idx - 1;
  g_ptr_array_add (names, g_strdup (name));
  g_hash_table_insert (ids, names->pdata[names->len - 1], GUINT_TO_POINTER (names->len));
  return names->len - 1;
}

static guint32
intern_group (Collect    *c,
              const char *name)
{
  guint n = c->groups->len;
  guint idx = intern (c->groups, c->group_ids, name);

  if (c->groups->len > n)
    g_ptr_array_add (c->members, NULL);
  return idx;
}

/* "[0, 1, 2]" → the ranks; NULL when it is not such a list */
static GArray *
parse_rank_list (const char *text,
                 gsize       len)
{
  g_autofree char *copy = g_strndup (text, len);
  g_autoptr (GArray) out = g_array_new (FALSE, FALSE, sizeof (int));
  char *p = g_strstrip (copy);

  if (*p != '[')
    return NULL;
  p++;
  while (*p != '\0' && *p != ']')
    {
      char  *end;
      gint64 v;

      while (*p == ' ' || *p == ',')
        p++;
      if (*p == ']')
        break;
      v = g_ascii_strtoll (p, &end, 10);
      if (end == p || v < G_MININT || v > G_MAXINT)
        return NULL;
      {
        int iv = (int)v;

        g_array_append_val (out, iv);
      }
      p = end;
    }
  return *p == ']' ? g_steal_pointer (&out) : NULL;
}

/* @o's start on the clock the tables show: the first selected rank's in
 * the default mode when the offsets were measured, else its own */
static gint64
aligned_start (const Collect         *c,
               const HpCommMatchItem *o)
{
  return c->aligned ? o->ts - c->clocks.offsets[o->pos] : o->ts;
}

/* The group a kernel belongs to: its communicator where the trace names
 * one, else its process group */
static const char *
group_key (const HpCommInfo *info)
{
  return info->comm_id[0] != '\0' ? info->comm_id : info->group;
}

/* one communication kernel: its item, keyed as the mode keys it; takes @info */
static void
add_item (Collect    *c,
          gboolean    compat,
          guint       pos,
          int         rank,
          guint       event,
          const char *name,
          gint64      ts,
          gint64      dur,
          HpCommInfo *info)
{
  /* the kernel name keys a collective in HTA-compatibility mode, as it
   * always did; otherwise what the trace says it is */
  HpCommMatchItem o = {
    .key = intern (c->keys, c->key_ids, !compat && info->collective[0] != '\0' ? info->collective : name),
    .group = intern_group (c, compat ? info->group : group_key (info)),
    .pos = pos,
    .rank = rank,
    .event = event,
    .ts = ts,
    .dur = dur,
    .seq = compat ? -1 : info->seq,
    .msg = compat || !_hp_comm_message_must_agree (info->collective) ? -1 : info->nelems,
    .group_size = compat ? -1 : info->group_size,
    .user = c->infos->len,
  };

  if (c->members->pdata[o.group] == NULL && info->group_ranks[0] != '\0')
    c->members->pdata[o.group] = parse_rank_list (info->group_ranks, strlen (info->group_ranks));
  g_array_append_val (c->infos, *info);
  g_ptr_array_add (c->names, (gpointer)name);
  g_array_append_val (c->items, o);
}

/* The communication kernels of one rank, each once (a row
 * HTA-compatibility mode repeats counts once), as @visit sees them */
typedef void (*KernelVisit) (gpointer      data,
                             HpTrace      *trace,
                             const HpRank *r,
                             guint         e,
                             HpCommInfo   *info);

static gboolean
visit_rank_kernels (HpTrace      *trace,
                    const HpRank *r,
                    KernelVisit   visit,
                    gpointer      data,
                    GCancellable *cancellable,
                    GError      **error)
{
  g_autofree guint8 *seen = g_new0 (guint8, MAX (r->n_events, 1));

  for (guint i = 0; i < r->n_rows; i++)
    {
      guint      e = r->rows[i];
      HpCommInfo info;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return FALSE;
      if (seen[e] || !_hp_collectives_is_kernel (r, e))
        continue;
      seen[e] = 1;
      hp_comm_describe (trace, r, e, &info);
      visit (data, trace, r, e, &info);
    }
  return TRUE;
}

typedef struct
{
  Collect *c;
  guint    pos;
} RankVisit;

static void
visit_collect (gpointer      data,
               HpTrace      *trace,
               const HpRank *r,
               guint         e,
               HpCommInfo   *info)
{
  RankVisit *v = data;

  add_item (v->c, hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT, v->pos, r->rank, e,
            hp_trace_get_string (trace, r->name[e]), r->ts[e], hp_rank_dur (r, e), info);
}

static gboolean
collect_rank (Collect      *c,
              HpTrace      *trace,
              const HpRank *r,
              guint         pos,
              GCancellable *cancellable,
              GError      **error)
{
  RankVisit v = { c, pos };

  return visit_rank_kernels (trace, r, visit_collect, &v, cancellable, error);
}

/* the columns of a summary's collective instances (format 2) */
enum
{
  ICOL_NAME,
  ICOL_STREAM,
  ICOL_TS,
  ICOL_DUR,
  ICOL_COLLECTIVE,
  ICOL_MSG_BYTES,
  ICOL_NELEMS,
  ICOL_GROUP_SIZE,
  ICOL_GROUP,
  ICOL_GROUP_RANKS,
  ICOL_COMM_ID,
  ICOL_SEQ,
  ICOL_SOURCE,
  N_ICOLS
};

static const char *const instance_columns[N_ICOLS] = {
  "name",
  "stream",
  "ts",
  "dur",
  "collective",
  "msg_bytes",
  "nelems",
  "group_size",
  "group",
  "group_ranks",
  "comm_id",
  "seq",
  "source",
};

static void
visit_describe (gpointer      data,
                HpTrace      *trace,
                const HpRank *r,
                guint         e,
                HpCommInfo   *info)
{
  HpTable *t = data;
  guint    row = hp_table_append_row (t);

  hp_table_set_string (t, row, ICOL_NAME, hp_trace_get_string (trace, r->name[e]));
  hp_table_set_int (t, row, ICOL_STREAM, hp_rank_stream (r, e));
  hp_table_set_int (t, row, ICOL_TS, r->ts[e]);
  hp_table_set_int (t, row, ICOL_DUR, hp_rank_dur (r, e));
  hp_table_set_string (t, row, ICOL_COLLECTIVE, info->collective);
  hp_table_set_int (t, row, ICOL_MSG_BYTES, info->msg_bytes);
  hp_table_set_int (t, row, ICOL_NELEMS, info->nelems);
  hp_table_set_int (t, row, ICOL_GROUP_SIZE, info->group_size);
  hp_table_set_string (t, row, ICOL_GROUP, info->group);
  hp_table_set_string (t, row, ICOL_GROUP_RANKS, info->group_ranks);
  hp_table_set_string (t, row, ICOL_COMM_ID, info->comm_id);
  hp_table_set_int (t, row, ICOL_SEQ, info->seq);
  hp_table_set_int (t, row, ICOL_SOURCE, info->source);
  hp_comm_info_clear (info);
}

/**
 * _hp_collectives_instances_table:
 * @trace: a loaded trace
 * @r: one of its ranks
 *
 * What a rank summary keeps of the rank's communication kernels for
 * matching them across ranks later: each kernel once, in the order the
 * analysis takes them, with its time (ns, the rank's clock) and what
 * hp_comm_describe() says of it.
 *
 * Returns: (transfer full): the `collectives` table of a summary
 */
HpTable *
_hp_collectives_instances_table (HpTrace      *trace,
                                 const HpRank *r)
{
  HpTable *t = hp_table_new (HP_COLLECTIVES_TABLE, "Collective instances");

  for (guint k = 0; k < N_ICOLS; k++)
    {
      gboolean text = k == ICOL_NAME || k == ICOL_COLLECTIVE || k == ICOL_GROUP || k == ICOL_GROUP_RANKS ||
                      k == ICOL_COMM_ID;

      hp_table_add_column (t, instance_columns[k], text ? HP_COLUMN_STRING : HP_COLUMN_INT,
                           k == ICOL_TS || k == ICOL_DUR ? "ns" : NULL);
    }
  visit_rank_kernels (trace, r, visit_describe, t, NULL, NULL);
  return t;
}

static char *
dup_cell (HpTable *t,
          guint    row,
          guint    col)
{
  const char *v = hp_table_get_string (t, row, col);

  return g_strdup (v != NULL ? v : "");
}

/* The communication kernels of one rank from its summary, moved to the
 * job's clock */
static gboolean
collect_summary (Collect      *c,
                 HpTrace      *trace,
                 const HpRank *r,
                 guint         pos,
                 GError      **error)
{
  const HpTraceSummaryHooks *hooks = _hp_trace_get_summary_hooks (trace);
  g_autoptr (GVariant) v = NULL;
  g_autoptr (HpTable) t = NULL;
  gboolean compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  gint64   offset = 0;

  if (hooks != NULL && hooks->rank_part != NULL)
    v = hooks->rank_part (trace, r->rank, HP_COLLECTIVES_TABLE, G_VARIANT_TYPE (HP_SUMMARY_TABLE_TYPE), 2, &offset);
  t = v != NULL ? hooks->table_from_variant (v) : NULL;
  for (guint k = 0; t != NULL && k < N_ICOLS; k++)
    if (hp_table_find_column (t, instance_columns[k]) != (int)k)
      g_clear_pointer (&t, hp_table_unref);
  if (t == NULL)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "%s: the summary of rank %d does not describe its collectives (format 2 does)", r->path, r->rank);
      return FALSE;
    }
  for (guint row = 0; row < hp_table_get_n_rows (t); row++)
    {
      HpCommInfo info = {
        .collective = dup_cell (t, row, ICOL_COLLECTIVE),
        .msg_bytes = hp_table_get_int (t, row, ICOL_MSG_BYTES),
        .nelems = hp_table_get_int (t, row, ICOL_NELEMS),
        .group_size = (int)hp_table_get_int (t, row, ICOL_GROUP_SIZE),
        .group = dup_cell (t, row, ICOL_GROUP),
        .group_ranks = dup_cell (t, row, ICOL_GROUP_RANKS),
        .comm_id = dup_cell (t, row, ICOL_COMM_ID),
        .seq = hp_table_get_int (t, row, ICOL_SEQ),
        .source = (HpCommSource)hp_table_get_int (t, row, ICOL_SOURCE),
      };
      const char *name = hp_table_get_string (t, row, ICOL_NAME);

      add_item (c, compat, pos, r->rank, row, g_string_chunk_insert_const (c->strings, name != NULL ? name : ""),
                hp_table_get_int (t, row, ICOL_TS) + offset, hp_table_get_int (t, row, ICOL_DUR), &info);
    }
  return TRUE;
}

static int
compare_instances (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  const Instance *x = a;
  const Instance *y = b;

  (void)user_data;
  if (x->earliest != y->earliest)
    return x->earliest < y->earliest ? -1 : 1;
  /* items are in (key, group, instance) order */
  return (x->first > y->first) - (x->first < y->first);
}

/* The ranks expected at a (name, group): the group's own list when the
 * kernels carry it (restricted to the ranks analysed), else every rank
 * that runs the collective at all */
static guint
expected_ranks (Collect   *c,
                GPtrArray *ranks,
                guint      name,
                guint      group)
{
  GArray *members = c->members->pdata[group];
  guint   n = 0;

  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = ranks->pdata[k];
      gboolean      in = FALSE;

      if (members != NULL)
        for (guint m = 0; m < members->len && !in; m++)
          in = g_array_index (members, int, m) == r->rank;
      else
        for (guint i = 0; i < c->items->len && !in; i++)
          {
            const HpCommMatchItem *o = &g_array_index (c->items, HpCommMatchItem, i);

            in = o->rank == r->rank && o->key == name && o->group == group;
          }
      n += in;
    }
  return n;
}

enum
{
  COL_INDEX,
  COL_NAME,
  COL_GROUP,
  COL_INSTANCE,
  COL_N_RANKS,
  COL_N_MISSING,
  COL_EARLIEST,
  COL_LATEST,
  COL_SKEW,
  COL_LATE_RANK,
  COL_TOTAL_WAIT,
  COL_COLLECTIVE,
  COL_MSG_BYTES,
  COL_GROUP_SIZE,
  COL_GROUP_RANKS,
  COL_ALGBW,
  COL_BUSBW,
  COL_MATCH,
};

enum
{
  WCOL_INDEX,
  WCOL_NAME,
  WCOL_RANK,
  WCOL_START,
  WCOL_DUR,
  WCOL_LATE_BY,
  WCOL_WAIT,
  WCOL_OFFSET,
};

static HpTable *
new_collectives_table (void)
{
  HpTable *table = hp_table_new ("collectives", N_ ("Collectives across ranks"));

  hp_table_add_column (table, "index", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "group", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "instance", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "ranks", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "missing_ranks", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "earliest_start(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "latest_start(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "start_skew(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "late_rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "total_wait(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "collective", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "msg_bytes", HP_COLUMN_INT, "B");
  hp_table_add_column (table, "group_size", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "group_ranks", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "algbw(GB/s)", HP_COLUMN_DOUBLE, "GB/s");
  hp_table_add_column (table, "busbw(GB/s)", HP_COLUMN_DOUBLE, "GB/s");
  hp_table_add_column (table, "match", HP_COLUMN_STRING, NULL);
  return table;
}

static HpTable *
new_waits_table (void)
{
  HpTable *table = hp_table_new ("collective_waits", N_ ("Collective waits per rank"));

  hp_table_add_column (table, "index", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "start(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "dur(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "late_by(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "wait(us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "clock_offset(us)", HP_COLUMN_DOUBLE, "us");
  return table;
}

static void
free_members (gpointer members)
{
  if (members != NULL)
    g_array_unref (members);
}

static void
collect_clear (Collect *c)
{
  g_clear_pointer (&c->groups, g_ptr_array_unref);
  g_clear_pointer (&c->group_ids, g_hash_table_unref);
  g_clear_pointer (&c->members, g_ptr_array_unref);
  g_clear_pointer (&c->keys, g_ptr_array_unref);
  g_clear_pointer (&c->key_ids, g_hash_table_unref);
  g_clear_pointer (&c->items, g_array_unref);
  g_clear_pointer (&c->names, g_ptr_array_unref);
  g_clear_pointer (&c->strings, g_string_chunk_free);
  if (c->infos != NULL)
    for (guint i = 0; i < c->infos->len; i++)
      hp_comm_info_clear (&g_array_index (c->infos, HpCommInfo, i));
  g_clear_pointer (&c->infos, g_array_unref);
  _hp_comm_clocks_clear (&c->clocks);
}

/**
 * hp_collectives_compute:
 * @trace: a loaded trace
 * @params: the rank selection
 * @tables: (element-type HpTable): where the `collectives` and
 *   `collective_waits` tables are appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Every collective matched across ranks: the k-th communication kernel of
 * a (name, process group) on one rank is the same collective as the k-th
 * on every other rank. The group is the kernel's `Process Group Name` arg
 * (empty when the trace has none); its `Process Group Ranks` say which
 * ranks should take part, otherwise every rank running that collective.
 *
 * `collectives` has one row per instance, by earliest start: how many
 * ranks ran it and how many of those expected did not, the earliest and
 * latest start, their difference (the start skew), the rank that started
 * last (the lowest of equal ones, and the longest any rank waited), and
 * the total time the other ranks waited for it. `collective_waits` has one row per rank and
 * instance: its start and duration, how late it started after the first
 * rank (`late_by`) and how long it waited for the last one (`wait`). Times
 * are in us from the start of the trace, on the aligned clocks of the
 * ranks.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_DATA when
 *   no selected rank has a communication kernel,
 *   %HP_ANALYSIS_ERROR_NO_SUCH_RANK, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_collectives_compute (HpTrace                *trace,
                        const HpAnalysisParams *params,
                        GPtrArray              *tables,
                        GCancellable           *cancellable,
                        GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (GArray) instances = g_array_new (FALSE, FALSE, sizeof (Instance));
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpTable) waits = NULL;
  Collect          c = { 0 };
  HpCommMatchItem *items;
  gboolean         ok = FALSE;
  guint            n_partial = 0;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  c.groups = g_ptr_array_new_with_free_func (g_free);
  c.group_ids = g_hash_table_new (g_str_hash, g_str_equal);
  c.members = g_ptr_array_new_with_free_func (free_members);
  c.keys = g_ptr_array_new_with_free_func (g_free);
  c.key_ids = g_hash_table_new (g_str_hash, g_str_equal);
  c.items = g_array_new (FALSE, FALSE, sizeof (HpCommMatchItem));
  c.infos = g_array_new (FALSE, FALSE, sizeof (HpCommInfo));
  c.names = g_ptr_array_new ();
  c.strings = g_string_chunk_new (4096);
  for (guint k = 0; k < ranks->len; k++)
    if (hp_trace_get_summaries (trace) != NULL ? !collect_summary (&c, trace, ranks->pdata[k], k, error)
                                               : !collect_rank (&c, trace, ranks->pdata[k], k, cancellable, error))
      goto out;
  if (c.items->len == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "no communication kernel on the selected ranks");
      goto out;
    }

  /* instances: runs of equal (key, group, instance), ranks ascending */
  items = (HpCommMatchItem *)(void *)c.items->data;
  _hp_comm_match (items, c.items->len, ranks->len, &c.clocks);
  /* the default mode shows the times on the first selected rank's clock */
  c.aligned = hp_trace_get_mode (trace) != HP_MODE_HTA_COMPAT && c.clocks.measured;
  for (guint i = 0; i < c.items->len;)
    {
      Instance inst = { i, 0, G_MAXINT64, G_MININT64, 0 };
      guint    j = i;

      while (j < c.items->len && items[j].key == items[i].key && items[j].group == items[i].group &&
             items[j].instance == items[i].instance)
        {
          gint64 start = aligned_start (&c, &items[j]);

          inst.earliest = MIN (inst.earliest, start);
          if (start > inst.latest)
            {
              inst.latest = start;
              inst.late_rank = items[j].rank;
            }
          j++;
        }
      inst.n = j - i;
      g_array_append_val (instances, inst);
      i = j;
    }
  g_array_sort_with_data (instances, compare_instances, NULL);

  table = new_collectives_table ();
  waits = new_waits_table ();
  for (guint i = 0; i < instances->len; i++)
    {
      const Instance        *inst = &g_array_index (instances, Instance, i);
      const HpCommMatchItem *first = &items[inst->first];
      const char            *name = c.names->pdata[first->user];
      guint                  expected = expected_ranks (&c, ranks, first->key, first->group);
      guint                  row = hp_table_append_row (table);
      gint64                 total_wait = 0;
      gint64                 shortest = G_MAXINT64;
      const HpCommInfo      *info = &g_array_index (c.infos, HpCommInfo, first->user);
      double                 algbw, factor;

      for (guint m = 0; m < inst->n; m++)
        {
          const HpCommMatchItem *o = &items[inst->first + m];
          guint                  w = hp_table_append_row (waits);
          gint64                 start = aligned_start (&c, o);

          shortest = MIN (shortest, o->dur);
          total_wait += inst->latest - start;
          hp_table_set_int (waits, w, WCOL_INDEX, i);
          hp_table_set_string (waits, w, WCOL_NAME, name);
          hp_table_set_int (waits, w, WCOL_RANK, o->rank);
          hp_table_set_double (waits, w, WCOL_START, hp_ns_to_us (o->ts));
          hp_table_set_double (waits, w, WCOL_DUR, hp_ns_to_us (o->dur));
          hp_table_set_double (waits, w, WCOL_LATE_BY, hp_ns_to_us (start - inst->earliest));
          hp_table_set_double (waits, w, WCOL_WAIT, hp_ns_to_us (inst->latest - start));
          hp_table_set_double (waits, w, WCOL_OFFSET, hp_ns_to_us (o->ts - start));
        }

      hp_table_set_int (table, row, COL_INDEX, i);
      hp_table_set_string (table, row, COL_NAME, name);
      hp_table_set_string (table, row, COL_GROUP, c.groups->pdata[first->group]);
      hp_table_set_int (table, row, COL_INSTANCE, first->instance);
      hp_table_set_int (table, row, COL_N_RANKS, inst->n);
      hp_table_set_int (table, row, COL_N_MISSING, expected > inst->n ? expected - inst->n : 0);
      hp_table_set_double (table, row, COL_EARLIEST, hp_ns_to_us (inst->earliest));
      hp_table_set_double (table, row, COL_LATEST, hp_ns_to_us (inst->latest));
      hp_table_set_double (table, row, COL_SKEW, hp_ns_to_us (inst->latest - inst->earliest));
      hp_table_set_int (table, row, COL_LATE_RANK, inst->late_rank);
      hp_table_set_double (table, row, COL_TOTAL_WAIT, hp_ns_to_us (total_wait));
      /* the rank that arrived last waited least: its kernel is the transfer */
      algbw = hp_comm_algbw_gbps (info->msg_bytes, shortest);
      factor = hp_comm_bus_factor (info->collective, info->group_size);
      hp_table_set_string (table, row, COL_COLLECTIVE, info->collective);
      hp_table_set_int (table, row, COL_MSG_BYTES, info->msg_bytes);
      hp_table_set_int (table, row, COL_GROUP_SIZE, info->group_size);
      hp_table_set_string (table, row, COL_GROUP_RANKS, info->group_ranks);
      hp_table_set_double (table, row, COL_ALGBW, algbw);
      hp_table_set_double (table, row, COL_BUSBW, algbw * factor);
      hp_table_set_string (table, row, COL_MATCH, _hp_comm_match_to_string (first->match));
      n_partial += expected > inst->n;
    }
  if (n_partial > 0)
    {
      g_autofree char *note = g_strdup_printf ("%u collectives are missing on some ranks: a rank that never "
                                               "reaches a collective hangs the others, or the trace windows "
                                               "of the ranks differ",
                                               n_partial);

      hp_table_set_note (table, note);
    }
  else if (c.clocks.measured)
    {
      gint64 worst = 0;

      for (guint k = 0; k < ranks->len; k++)
        worst = MAX (worst, ABS (c.clocks.offsets[k]));
      if (worst > c.clocks.tolerance)
        {
          g_autofree char *note = g_strdup_printf (
              "the ranks' clocks disagree by up to %.1f us (measured from the ends of their collectives); "
              "collectives were paired on aligned clocks, and %s",
              hp_ns_to_us (worst),
              c.aligned ? "the starts, lateness and waits are on the first rank's clock "
                          "(collective_waits: start(us) is each rank's own, clock_offset(us) its offset)"
                        : "the times shown are each rank's own");

          hp_table_set_note (table, note);
        }
    }

  g_ptr_array_add (tables, g_steal_pointer (&table));
  g_ptr_array_add (tables, g_steal_pointer (&waits));
  g_ptr_array_add (tables, _hp_collectives_size_classes (c.items, c.infos, ranks));
  ok = TRUE;

out:
  collect_clear (&c);
  return ok;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_collectives_analysis = {
  .name = HP_COLLECTIVES_ANALYSIS,
  .title = N_ ("Collectives across ranks"),
  .section = "§14",
  .func = hp_collectives_compute,
  .cost = 1,
  .tables = HP_STRV (HP_COLLECTIVES_TABLE, HP_COLLECTIVES_WAITS_TABLE, HP_COLLECTIVES_SIZES_TABLE),
  .row_events = hp_linked_events_for_collective_row,
  .row_events_tables = 0x2,
  .needs = HP_ANALYSIS_NEEDS_ALL_RANKS,
};
