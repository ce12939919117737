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
#include "hp-linked-events.h"

/* the kernel args PyTorch writes on collectives (and on record_param_comms) */
#define ARG_GROUP_NAME "Process Group Name"
#define ARG_GROUP_RANKS "Process Group Ranks"

/* one communication kernel on one rank */
typedef struct
{
  guint32 name;  /* trace string id */
  guint32 group; /* index into Collect.groups */
  guint32 seq;   /* its order among the rank's kernels of (name, group) */
  int     rank;
  guint32 event;
  gint64  ts;
  gint64  dur;
} Occurrence;

/* one collective instance: a run of Collect.occ */
typedef struct
{
  guint  first;
  guint  n;
  gint64 earliest;
  gint64 latest;
  int    late_rank;
} Instance;

typedef struct
{
  GPtrArray  *groups;    /* char *: "Process Group Name", "" when absent */
  GHashTable *group_ids; /* name → index + 1 */
  GPtrArray  *members;   /* GArray of int per group: its ranks, or NULL if unknown */
  GArray     *occ;       /* Occurrence */
} Collect;

static guint32
intern_group (Collect    *c,
              const char *name)
{
  guint idx = GPOINTER_TO_UINT (g_hash_table_lookup (c->group_ids, name));

  if (idx != 0)
    return idx - 1;
  g_ptr_array_add (c->groups, g_strdup (name));
  g_ptr_array_add (c->members, NULL);
  g_hash_table_insert (c->group_ids, c->groups->pdata[c->groups->len - 1], GUINT_TO_POINTER (c->groups->len));
  return c->groups->len - 1;
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

static gboolean
is_collective (const HpRank *r,
               guint         e)
{
  return r->kind[e] == HP_EVENT_KIND_KERNEL && r->kclass[e] == HP_KERNEL_CLASS_COMMUNICATION;
}

/* the collective a kernel belongs to, before its order */
static int
compare_name_group (const Occurrence *x,
                    const Occurrence *y)
{
  if (x->name != y->name)
    return x->name < y->name ? -1 : 1;
  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  return 0;
}

/* (name, group), then the keys (x1, x2, x3) against (y1, y2, y3) */
static int
compare_in_collective (const Occurrence *x,
                       const Occurrence *y,
                       const gint64      xk[3],
                       const gint64      yk[3])
{
  int c = compare_name_group (x, y);

  for (guint i = 0; c == 0 && i < 3; i++)
    c = (xk[i] > yk[i]) - (xk[i] < yk[i]);
  return c;
}

/* (name, group, order, rank): one instance's kernels together */
static int
compare_instance_rank (gconstpointer a,
                       gconstpointer b)
{
  const Occurrence *x = a;
  const Occurrence *y = b;

  return compare_in_collective (x, y, (gint64[]){ x->seq, x->rank, 0 }, (gint64[]){ y->seq, y->rank, 0 });
}

/* The communication kernels of one rank; a row HTA-compatibility mode
 * repeats counts once */
static gboolean
collect_rank (Collect      *c,
              const HpRank *r,
              GCancellable *cancellable,
              GError      **error)
{
  guint32            group_key = hp_rank_lookup_arg_key (r, ARG_GROUP_NAME);
  guint32            ranks_key = hp_rank_lookup_arg_key (r, ARG_GROUP_RANKS);
  g_autofree guint8 *seen = g_new0 (guint8, r->n_events);

  for (guint i = 0; i < r->n_rows; i++)
    {
      guint            e = r->rows[i];
      HpArgValue       value;
      Occurrence       o;
      const char      *group = "";
      g_autofree char *group_text = NULL;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return FALSE;
      if (seen[e] || !is_collective (r, e))
        continue;
      seen[e] = 1;
      if (group_key != HP_NO_STRING && hp_rank_get_arg (r, e, group_key, &value) && value.type != HP_ARG_NULL)
        group = group_text = hp_arg_value_to_string (&value);
      o = (Occurrence){ r->name[e], intern_group (c, group), 0, r->rank, e, r->ts[e], hp_rank_dur (r, e) };
      if (ranks_key != HP_NO_STRING && c->members->pdata[o.group] == NULL &&
          hp_rank_get_arg (r, e, ranks_key, &value) && value.type == HP_ARG_STRING)
        c->members->pdata[o.group] = parse_rank_list (value.s, value.s_len);
      g_array_append_val (c->occ, o);
    }
  return TRUE;
}

/**
 * _hp_collective_kernels_overlap:
 * @starts: (array length=n): the start of each rank's kernel, ns
 * @ends: (array length=n): their ends
 * @n: the number of ranks, at least 1
 * @first_to_end: (out): the index of the kernel that ended first
 *
 * Whether the ranks' kernels can be one instance of a collective: a rank
 * that arrives waits in its kernel for the last one, so every kernel still
 * runs when the last starts, within %HP_COLLECTIVE_CLOCK_TOLERANCE_NS. When
 * they cannot, the kernel that ended first overlaps neither the others nor
 * any later kernel of their ranks: it is the one without a partner.
 *
 * Returns: %TRUE when they overlap
 */
gboolean
_hp_collective_kernels_overlap (const gint64 *starts,
                                const gint64 *ends,
                                guint         n,
                                guint        *first_to_end)
{
  gint64 last_start = G_MININT64;

  *first_to_end = 0;
  for (guint k = 0; k < n; k++)
    {
      last_start = MAX (last_start, starts[k]);
      if (ends[k] < ends[*first_to_end])
        *first_to_end = k;
    }
  return last_start <= ends[*first_to_end] + HP_COLLECTIVE_CLOCK_TOLERANCE_NS;
}

/* (name, group, rank, start): each rank's kernels of a collective together */
static int
compare_by_rank (gconstpointer a,
                 gconstpointer b)
{
  const Occurrence *x = a;
  const Occurrence *y = b;

  return compare_in_collective (x, y, (gint64[]){ x->rank, x->ts, x->event }, (gint64[]){ y->rank, y->ts, y->event });
}

/* Numbers the instances of one (name, group), @occ[0..@n) sorted by
 * compare_by_rank(): the n-th kernel of every rank is the n-th instance
 * while the ranks' kernels overlap. When a rank's trace lost one (sampled,
 * or it ends early) they do not: the kernel that ended first becomes an
 * instance of its own, missing on the other ranks, rather than being
 * paired with kernels that ran after it. */
static void
number_instances (Occurrence *occ,
                  guint       n)
{
  g_autoptr (GArray) at = g_array_new (FALSE, FALSE, sizeof (guint));  /* each rank's next kernel */
  g_autoptr (GArray) end = g_array_new (FALSE, FALSE, sizeof (guint)); /* past its last */
  g_autofree gint64 *starts = NULL;
  g_autofree gint64 *ends = NULL;
  g_autofree guint  *active = NULL;

  for (guint i = 0; i < n; i++)
    if (i == 0 || occ[i].rank != occ[i - 1].rank)
      {
        g_array_append_val (at, i);
        if (i > 0)
          g_array_append_val (end, i);
      }
  g_array_append_val (end, n);
  starts = g_new (gint64, at->len);
  ends = g_new (gint64, at->len);
  active = g_new (guint, at->len);
  for (guint32 seq = 0;; seq++)
    {
      guint n_active = 0, drop;

      for (guint k = 0; k < at->len; k++)
        if (g_array_index (at, guint, k) < g_array_index (end, guint, k))
          {
            const Occurrence *o = &occ[g_array_index (at, guint, k)];

            starts[n_active] = o->ts;
            ends[n_active] = o->ts + o->dur;
            active[n_active++] = k;
          }
      if (n_active == 0)
        break;
      if (_hp_collective_kernels_overlap (starts, ends, n_active, &drop))
        for (guint a = 0; a < n_active; a++)
          occ[g_array_index (at, guint, active[a])++].seq = seq;
      else
        occ[g_array_index (at, guint, active[drop])++].seq = seq;
    }
}

static int
compare_instances (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  const Instance   *x = a;
  const Instance   *y = b;
  const Occurrence *occ = user_data;

  if (x->earliest != y->earliest)
    return x->earliest < y->earliest ? -1 : 1;
  return compare_instance_rank (&occ[x->first], &occ[y->first]);
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
        for (guint i = 0; i < c->occ->len && !in; i++)
          {
            const Occurrence *o = &g_array_index (c->occ, Occurrence, i);

            in = o->rank == r->rank && o->name == name && o->group == group;
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
  g_clear_pointer (&c->occ, g_array_unref);
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
  Collect     c = { 0 };
  Occurrence *occ;
  gboolean    ok = FALSE;
  guint       n_partial = 0;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  c.groups = g_ptr_array_new_with_free_func (g_free);
  c.group_ids = g_hash_table_new (g_str_hash, g_str_equal);
  c.members = g_ptr_array_new_with_free_func (free_members);
  c.occ = g_array_new (FALSE, FALSE, sizeof (Occurrence));
  for (guint k = 0; k < ranks->len; k++)
    if (!collect_rank (&c, ranks->pdata[k], cancellable, error))
      goto out;
  if (c.occ->len == 0)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "no communication kernel on the selected ranks");
      goto out;
    }

  /* instances: runs of equal (name, group, seq), ranks ascending */
  g_array_sort (c.occ, compare_by_rank);
  occ = (Occurrence *)(void *)c.occ->data;
  for (guint i = 0; i < c.occ->len;)
    {
      guint j = i + 1;

      while (j < c.occ->len && compare_name_group (&occ[i], &occ[j]) == 0)
        j++;
      number_instances (occ + i, j - i);
      i = j;
    }
  g_array_sort (c.occ, compare_instance_rank);
  occ = (Occurrence *)(void *)c.occ->data;
  for (guint i = 0; i < c.occ->len;)
    {
      Instance inst = { i, 0, G_MAXINT64, G_MININT64, 0 };
      guint    j = i;

      while (j < c.occ->len && occ[j].name == occ[i].name && occ[j].group == occ[i].group && occ[j].seq == occ[i].seq)
        {
          inst.earliest = MIN (inst.earliest, occ[j].ts);
          if (occ[j].ts > inst.latest)
            {
              inst.latest = occ[j].ts;
              inst.late_rank = occ[j].rank;
            }
          j++;
        }
      inst.n = j - i;
      g_array_append_val (instances, inst);
      i = j;
    }
  g_array_sort_with_data (instances, compare_instances, occ);

  table = new_collectives_table ();
  waits = new_waits_table ();
  for (guint i = 0; i < instances->len; i++)
    {
      const Instance   *inst = &g_array_index (instances, Instance, i);
      const Occurrence *first = &occ[inst->first];
      const char       *name = hp_trace_get_string (trace, first->name);
      guint             expected = expected_ranks (&c, ranks, first->name, first->group);
      guint             row = hp_table_append_row (table);
      gint64            total_wait = 0;

      for (guint m = 0; m < inst->n; m++)
        {
          const Occurrence *o = &occ[inst->first + m];
          guint             w = hp_table_append_row (waits);

          total_wait += inst->latest - o->ts;
          hp_table_set_int (waits, w, WCOL_INDEX, i);
          hp_table_set_string (waits, w, WCOL_NAME, name);
          hp_table_set_int (waits, w, WCOL_RANK, o->rank);
          hp_table_set_double (waits, w, WCOL_START, hp_ns_to_us (o->ts));
          hp_table_set_double (waits, w, WCOL_DUR, hp_ns_to_us (o->dur));
          hp_table_set_double (waits, w, WCOL_LATE_BY, hp_ns_to_us (o->ts - inst->earliest));
          hp_table_set_double (waits, w, WCOL_WAIT, hp_ns_to_us (inst->latest - o->ts));
        }

      hp_table_set_int (table, row, COL_INDEX, i);
      hp_table_set_string (table, row, COL_NAME, name);
      hp_table_set_string (table, row, COL_GROUP, c.groups->pdata[first->group]);
      hp_table_set_int (table, row, COL_INSTANCE, first->seq);
      hp_table_set_int (table, row, COL_N_RANKS, inst->n);
      hp_table_set_int (table, row, COL_N_MISSING, expected > inst->n ? expected - inst->n : 0);
      hp_table_set_double (table, row, COL_EARLIEST, hp_ns_to_us (inst->earliest));
      hp_table_set_double (table, row, COL_LATEST, hp_ns_to_us (inst->latest));
      hp_table_set_double (table, row, COL_SKEW, hp_ns_to_us (inst->latest - inst->earliest));
      hp_table_set_int (table, row, COL_LATE_RANK, inst->late_rank);
      hp_table_set_double (table, row, COL_TOTAL_WAIT, hp_ns_to_us (total_wait));
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

  g_ptr_array_add (tables, g_steal_pointer (&table));
  g_ptr_array_add (tables, g_steal_pointer (&waits));
  ok = TRUE;

out:
  collect_clear (&c);
  return ok;
}

/**
 * hp_linked_events_for_collective_row:
 * @trace: the trace the table was computed from
 * @table: a `collective_waits` table
 * @row: one of its rows
 * @params: unused
 *
 * The kernel of the row: the communication kernel of that name starting
 * at the row's start on the row's rank.
 *
 * Returns: (transfer full) (nullable): the event, or %NULL
 */
HpLinkedEvents *
hp_linked_events_for_collective_row (HpTrace                *trace,
                                     HpTable                *table,
                                     guint                   row,
                                     const HpAnalysisParams *params)
{
  int             rank_col = hp_table_find_column (table, "rank");
  int             name_col = hp_table_find_column (table, "name");
  int             start_col = hp_table_find_column (table, "start(us)");
  const HpRank   *r;
  const char     *name;
  guint32         name_id;
  gint64          start;
  HpLinkedEvents *linked;

  g_return_val_if_fail (trace != NULL && table != NULL, NULL);

  if (rank_col < 0 || name_col < 0 || start_col < 0 || row >= hp_table_get_n_rows (table))
    return NULL;
  r = hp_trace_find_rank (trace, (int)hp_table_get_int (table, row, rank_col));
  name = hp_table_get_string (table, row, name_col);
  if (r == NULL || name == NULL)
    return NULL;
  name_id = hp_trace_lookup_string (trace, name);
  start = (gint64)llround (hp_table_get_double (table, row, start_col) * HP_NS_PER_US);
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint e = r->rows[i];

      /* the table's us hold the ns exactly up to 2^53 ns */
      if (r->name[e] == name_id && is_collective (r, e) && r->ts[e] == start)
        {
          linked = g_new0 (HpLinkedEvents, 1);
          linked->rank = r->rank;
          linked->events = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (linked->events, e);
          linked->focus = HP_LINKED_FOCUS_ONE;
          /* Translators: a kernel name and a rank */
          linked->description = g_strdup_printf (_ ("%s on rank %d"), name, r->rank);
          return linked;
        }
    }
  return NULL;
}

/**
 * hp_linked_events_for_collective:
 * @trace: the trace the table was computed from
 * @waits: a `collective_waits` table
 * @index: a collective's `index`
 * @focus_rank: the rank whose kernel is in focus
 *
 * One collective on every rank that ran it: @focus_rank's kernel in
 * @events (in focus), every other rank's kernel of the same instance in
 * @others, by rank. What a heat map cell (a rank of a collective) stands
 * for on the timeline.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when
 *   @focus_rank did not run that collective
 */
HpLinkedEvents *
hp_linked_events_for_collective (HpTrace *trace,
                                 HpTable *waits,
                                 gint64   index,
                                 int      focus_rank)
{
  int              index_col = hp_table_find_column (waits, "index");
  int              rank_col = hp_table_find_column (waits, "rank");
  int              name_col = hp_table_find_column (waits, "name");
  HpLinkedEvents  *linked = NULL;
  const char      *name = NULL;
  g_autofree char *number = NULL;
  g_autoptr (GArray) others = g_array_new (FALSE, FALSE, sizeof (HpLinkedEvent));

  g_return_val_if_fail (trace != NULL && waits != NULL, NULL);

  if (index_col < 0 || rank_col < 0 || name_col < 0)
    return NULL;
  for (guint row = 0; row < hp_table_get_n_rows (waits); row++)
    {
      g_autoptr (HpLinkedEvents) one = NULL;
      int rank;

      if (hp_table_get_int (waits, row, (guint)index_col) != index)
        continue;
      rank = (int)hp_table_get_int (waits, row, (guint)rank_col);
      one = hp_linked_events_for_collective_row (trace, waits, row, NULL);
      if (one == NULL)
        continue;
      if (rank == focus_rank && linked == NULL)
        {
          linked = g_steal_pointer (&one);
          name = hp_table_get_string (waits, row, (guint)name_col);
        }
      else
        {
          HpLinkedEvent e = { rank, g_array_index (one->events, guint32, 0) };

          g_array_append_val (others, e);
        }
    }
  if (linked == NULL)
    return NULL;
  number = g_strdup_printf ("%" G_GINT64_FORMAT, index);
  g_free (linked->description);
  /* Translators: a collective's kernel name, its number, how many ranks ran it */
  linked->description = g_strdup_printf (ngettext ("%s #%s on %u rank", "%s #%s on %u ranks", others->len + 1),
                                         name != NULL ? name : "", number, others->len + 1);
  if (others->len > 0)
    linked->others = g_steal_pointer (&others);
  return linked;
}
