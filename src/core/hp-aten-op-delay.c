/* hp-aten-op-delay.c — ATen operators, the kernels they launch, and their launch delays.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "hp-aten-op-delay.h"
#include "hp-aten-op-groups-private.h"

#define NAME_ATEN (1 << 0)
#define NAME_LAUNCH (1 << 1)

typedef struct
{
  gint64  ts;
  gint64  end;
  guint32 k; /* position in rows */
  guint32 e;
} Op;

typedef struct
{
  HpTrace      *trace;
  HpMode        mode;
  const guint8 *name_flags; /* per string id */
  HpTable      *table;
  HpAtenGroups *groups; /* in HTA-compatibility mode shared by all ranks */
  guint64       n_no_kernel;
  guint64       n_several_kernels;
} Ctx;

/* ---------------------------------------------------------------------------
 * Finding the enclosing op on any thread (HTA-compatibility mode)
 * ------------------------------------------------------------------------- */

/* Ops by start; among equal starts HTA takes the one first in row order, so
 * that one sorts last and the search for the rightmost candidate finds it.
 * Launches (default mode) sort by start, then row order. */
static inline gboolean
op_before (const Op *x,
           const Op *y,
           gboolean  later_rows_first)
{
  if (x->ts != y->ts)
    return x->ts < y->ts;
  return later_rows_first ? x->k > y->k : x->k < y->k;
}

/* a stable merge sort; rows come nearly sorted, so runs are long */
static void
sort_ops (Op      *ops,
          Op      *tmp,
          gsize    n,
          gboolean later_rows_first)
{
  gsize mid, i, j, k;

  if (n < 16)
    {
      for (i = 1; i < n; i++)
        {
          Op x = ops[i];

          for (j = i; j > 0 && op_before (&x, &ops[j - 1], later_rows_first); j--)
            ops[j] = ops[j - 1];
          ops[j] = x;
        }
      return;
    }
  mid = n / 2;
  sort_ops (ops, tmp, mid, later_rows_first);
  sort_ops (ops + mid, tmp, n - mid, later_rows_first);
  if (!op_before (&ops[mid], &ops[mid - 1], later_rows_first))
    return;
  memcpy (tmp, ops, mid * sizeof *ops);
  i = 0, j = mid, k = 0;
  while (i < mid && j < n)
    ops[k++] = op_before (&ops[j], &tmp[i], later_rows_first) ? ops[j++] : tmp[i++];
  while (i < mid)
    ops[k++] = tmp[i++];
}

static void
sort_op_array (GArray  *ops,
               gboolean later_rows_first)
{
  g_autofree Op *tmp = g_new (Op, ops->len / 2 + 1);

  sort_ops ((Op *)ops->data, tmp, ops->len, later_rows_first);
}

/* max end over ops[lo .. hi) per node of a binary tree over @ops */
static void
build_end_tree (gint64   *tree,
                const Op *ops,
                gsize     node,
                gsize     lo,
                gsize     hi)
{
  gsize mid;

  if (hi - lo == 1)
    {
      tree[node] = ops[lo].end;
      return;
    }
  mid = lo + (hi - lo) / 2;
  build_end_tree (tree, ops, 2 * node, lo, mid);
  build_end_tree (tree, ops, 2 * node + 1, mid, hi);
  tree[node] = MAX (tree[2 * node], tree[2 * node + 1]);
}

/* the largest i < @p with ops[i].end >= @end, or -1 */
static gssize
rightmost_ending_after (const gint64 *tree,
                        gsize         node,
                        gsize         lo,
                        gsize         hi,
                        gsize         p,
                        gint64        end)
{
  gsize  mid;
  gssize found;

  if (lo >= p || tree[node] < end)
    return -1;
  if (hi - lo == 1)
    return (gssize)lo;
  mid = lo + (hi - lo) / 2;
  found = rightmost_ending_after (tree, 2 * node + 1, mid, hi, p, end);
  if (found >= 0)
    return found;
  return rightmost_ending_after (tree, 2 * node, lo, mid, p, end);
}

/* the number of ops starting at or before @ts */
static gsize
ops_starting_by (const Op *ops,
                 gsize     n,
                 gint64    ts)
{
  gsize lo = 0, hi = n;

  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (ops[mid].ts <= ts)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* ---------------------------------------------------------------------------
 * Records of one rank (docs/analyses.md §7 steps 1-3)
 * ------------------------------------------------------------------------- */

static void
add_record (Ctx          *ctx,
            const HpRank *r,
            guint         op,
            guint         launch,
            guint         kernel)
{
  _hp_aten_groups_add (ctx->groups, hp_rank_tid (r, op), r->name[op], r->ts[op], r->name[kernel],
                       r->ts[launch] - r->ts[op], r->ts[kernel] - r->ts[launch]);
}

/* HTA: the enclosing op is searched on every thread, launches are taken in
 * row order, and a launch needs exactly one kernel (HTA stops with an error
 * otherwise; we skip the launch and count it). */
static gboolean
collect_compat (Ctx          *ctx,
                const HpRank *r,
                GCancellable *cancellable,
                GError      **error)
{
  g_autoptr (GArray) ops = g_array_new (FALSE, FALSE, sizeof (Op));
  g_autofree guint8  *n_kernels = g_new0 (guint8, MAX (r->n_events, 1));
  g_autofree guint32 *kernel = g_new (guint32, MAX (r->n_events, 1));
  g_autofree gint64  *tree = NULL;
  gsize               tree_size = 1;

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      if ((k & 4095) == 0 && hp_analysis_check_cancelled (cancellable, k, error))
        return FALSE;
      if (ctx->name_flags[r->name[e]] & NAME_ATEN)
        {
          Op op = { r->ts[e], hp_rank_end (r, e), k, e };

          g_array_append_val (ops, op);
        }
      /* a duplicated kernel row counts twice, as in HTA */
      if ((r->flags[e] & HP_EVENT_G1) && r->partner[e] >= 0)
        {
          guint launch = (guint)r->partner[e];

          if (n_kernels[launch] < 2)
            n_kernels[launch]++;
          kernel[launch] = e;
        }
    }
  if (ops->len == 0)
    return TRUE;

  sort_op_array (ops, TRUE);
  while (tree_size < ops->len)
    tree_size *= 2;
  tree = g_new (gint64, 2 * tree_size);
  build_end_tree (tree, (const Op *)ops->data, 1, 0, ops->len);

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint  e = r->rows[k];
      gsize  p;
      gssize found;
      guint  op;

      if ((k & 4095) == 0 && hp_analysis_check_cancelled (cancellable, k, error))
        return FALSE;
      if (!(ctx->name_flags[r->name[e]] & NAME_LAUNCH))
        continue;
      p = ops_starting_by ((const Op *)ops->data, ops->len, r->ts[e]);
      /* usually one of the last ops started encloses the launch */
      found = -1;
      for (gsize i = p; i > 0 && i + 8 > p && found < 0; i--)
        if (g_array_index (ops, Op, i - 1).end >= hp_rank_end (r, e))
          found = (gssize)i - 1;
      if (found < 0 && p > 8)
        found = rightmost_ending_after (tree, 1, 0, ops->len, p - 8, hp_rank_end (r, e));
      if (found < 0)
        continue;
      op = g_array_index (ops, Op, found).e;
      if (n_kernels[e] == 0)
        ctx->n_no_kernel++;
      else if (n_kernels[e] > 1)
        ctx->n_several_kernels++;
      else
        add_record (ctx, r, op, e, kernel[e]);
    }
  return TRUE;
}

/* Default mode: launches in time order; the op is the innermost ATen op on
 * the launch's own thread that contains it; every GPU event of the launch
 * is recorded, in start order. */
static gboolean
collect_default (Ctx          *ctx,
                 const HpRank *r,
                 GCancellable *cancellable,
                 GError      **error)
{
  g_autoptr (GArray) launches = g_array_new (FALSE, FALSE, sizeof (Op));
  g_autoptr (GArray) kernels = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autofree guint8 *in_rows = g_new0 (guint8, MAX (r->n_events, 1));

  for (guint k = 0; k < r->n_rows; k++)
    {
      guint e = r->rows[k];

      in_rows[e] = 1;
      if ((ctx->name_flags[r->name[e]] & NAME_LAUNCH) && !(r->flags[e] & HP_EVENT_G1))
        {
          Op l = { r->ts[e], hp_rank_end (r, e), k, e };

          g_array_append_val (launches, l);
        }
    }
  sort_op_array (launches, FALSE);

  for (guint i = 0; i < launches->len; i++)
    {
      guint          e = g_array_index (launches, Op, i).e;
      gint64         end = hp_rank_end (r, e);
      gint32         op = r->parent[e];
      guint          n_launched;
      const guint32 *launched;

      if ((i & 4095) == 0 && hp_analysis_check_cancelled (cancellable, i, error))
        return FALSE;
      while (op >= 0 && !((ctx->name_flags[r->name[op]] & NAME_ATEN) && in_rows[op] &&
                          r->ts[op] <= r->ts[e] && hp_rank_end (r, op) >= end))
        op = r->parent[op];
      if (op < 0)
        continue;

      g_array_set_size (kernels, 0);
      launched = hp_rank_get_launched (r, e, &n_launched);
      for (guint j = 0; j < n_launched; j++)
        {
          guint32 g = launched[j];

          if ((r->flags[g] & HP_EVENT_G1) && in_rows[g] && r->partner[g] == (gint32)e)
            g_array_append_val (kernels, g);
        }
      if (kernels->len == 0)
        {
          ctx->n_no_kernel++;
          continue;
        }
      if (kernels->len > 1)
        ctx->n_several_kernels++;
      /* few kernels per launch: insertion sort by start */
      for (guint a = 1; a < kernels->len; a++)
        for (guint b = a; b > 0; b--)
          {
            guint32 *v = (guint32 *)kernels->data;
            guint32  t = v[b];

            if (r->ts[t] >= r->ts[v[b - 1]])
              break;
            v[b] = v[b - 1];
            v[b - 1] = t;
          }
      for (guint j = 0; j < kernels->len; j++)
        add_record (ctx, r, (guint)op, e, g_array_index (kernels, guint32, j));
    }
  return TRUE;
}

/* docs/analyses.md §7 steps 1-2: names starting with `aten::`; launch calls */
static guint8 *
classify_names (HpTrace *trace,
                HpMode   mode)
{
  guint   n = hp_trace_get_n_strings (trace);
  guint8 *flags = g_new0 (guint8, MAX (n, 1));

  for (guint32 s = 0; s < n; s++)
    {
      const char *name = hp_trace_get_string (trace, s);

      if (name == NULL)
        continue;
      if (g_str_has_prefix (name, "aten::"))
        flags[s] |= NAME_ATEN;
      if ((g_str_has_prefix (name, "cuda") && strstr (name + 4, "LaunchKernel") != NULL) ||
          g_str_has_prefix (name, "cuLaunchKernel") || g_str_has_prefix (name, "runFunction"))
        flags[s] |= NAME_LAUNCH;
      /* ROCm launches, which HTA's pattern misses */
      if (mode == HP_MODE_DEFAULT && g_str_has_prefix (name, "hip") &&
          strstr (name + 3, "LaunchKernel") != NULL)
        flags[s] |= NAME_LAUNCH;
    }
  return flags;
}

/**
 * hp_aten_op_delay_compute:
 * @trace: a loaded trace
 * @params: uses `ranks`
 * @tables: (element-type HpTable): where the table is appended
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * ATen-op → kernel launch delays (docs/analyses.md §7). Every kernel launch
 * call is attributed to the ATen op (`aten::…`) containing it; the kernels
 * launched by one op instance form its kernel sequence (names joined by
 * ` -> `). Per (op name, kernel sequence): the number of op instances, and
 * the mean delays of the instance's first launch, in microseconds rounded
 * to 3 decimals: from the op's start to the launch call
 * (`avg_aten_op_launch_delay`) and from the call to its kernel's start
 * (`avg_runtime_delay`).
 *
 * Appends one table, `aten_op_kernels_and_delay` (rank, aten_op_name,
 * kernel_sequence, occurrence_count, avg_aten_op_launch_delay,
 * avg_runtime_delay), sorted by rank, then occurrence_count descending,
 * op name and kernel sequence.
 *
 * In HTA-compatibility mode the op is searched on every thread, launches
 * are taken in row order, a launch with no kernel or several is skipped
 * (HTA stops with an error) and the records accumulate from one rank to the
 * next as in HTA (the quirk of docs/analyses.md §7). In the default mode each rank
 * stands alone, the op is the innermost one on the launch's thread,
 * launches are taken in time order, every kernel of a launch is recorded
 * and ROCm launches count.
 *
 * Returns: %TRUE on success; %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK
 *   when a requested rank is not loaded, or %G_IO_ERROR_CANCELLED
 */
gboolean
hp_aten_op_delay_compute (HpTrace                *trace,
                          const HpAnalysisParams *params,
                          GPtrArray              *tables,
                          GCancellable           *cancellable,
                          GError                **error)
{
  g_autoptr (GPtrArray) ranks = NULL;
  g_autoptr (HpTable) table = NULL;
  g_autoptr (HpAtenGroups) groups = NULL;
  g_autofree guint8 *name_flags = NULL;
  g_autoptr (GString) note = g_string_new (NULL);
  Ctx ctx = { 0 };

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (tables != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ranks = hp_analysis_select_ranks (trace, params, error);
  if (ranks == NULL)
    return FALSE;

  table = hp_table_new ("aten_op_kernels_and_delay",
                        N_ ("ATen operations, associated kernels, ATen and runtime delays"));
  hp_table_add_column (table, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "aten_op_name", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "kernel_sequence", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "occurrence_count", HP_COLUMN_INT, NULL);
  hp_table_add_column (table, "avg_aten_op_launch_delay", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "avg_runtime_delay", HP_COLUMN_DOUBLE, "us");

  ctx.trace = trace;
  ctx.mode = hp_trace_get_mode (trace);
  name_flags = classify_names (trace, ctx.mode);
  ctx.name_flags = name_flags;
  ctx.table = table;

  for (guint i = 0; i < ranks->len; i++)
    {
      const HpRank *r = g_ptr_array_index (ranks, i);

      if (ctx.mode == HP_MODE_HTA_COMPAT)
        {
          /* HTA's record list is shared: the groups carry over */
          if (groups == NULL)
            groups = _hp_aten_groups_new ();
          ctx.groups = groups;
          if (!collect_compat (&ctx, r, cancellable, error))
            return FALSE;
        }
      else
        {
          g_clear_pointer (&groups, _hp_aten_groups_free);
          groups = _hp_aten_groups_new ();
          ctx.groups = groups;
          if (!collect_default (&ctx, r, cancellable, error))
            return FALSE;
        }
      _hp_aten_groups_append_rows (groups, trace, r->rank, table);
    }

  if (ctx.mode == HP_MODE_HTA_COMPAT && ranks->len > 1)
    g_string_append (note, "As in HTA, each rank's rows also count the launches of the ranks "
                           "listed before it.");
  if (ctx.n_no_kernel > 0 || ctx.n_several_kernels > 0)
    {
      if (note->len > 0)
        g_string_append_c (note, ' ');
      if (ctx.mode == HP_MODE_HTA_COMPAT)
        g_string_append_printf (note, "Skipped %" G_GUINT64_FORMAT " launches without a kernel and "
                                      "%" G_GUINT64_FORMAT " with several (HTA stops with an error).",
                                ctx.n_no_kernel, ctx.n_several_kernels);
      else
        g_string_append_printf (note, "Skipped %" G_GUINT64_FORMAT " launches without a kernel; "
                                      "%" G_GUINT64_FORMAT " launches started several GPU events.",
                                ctx.n_no_kernel, ctx.n_several_kernels);
    }
  if (note->len > 0)
    hp_table_set_note (table, note->str);

  g_ptr_array_add (tables, g_steal_pointer (&table));
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_aten_op_delay_analysis = {
  .name = HP_ATEN_OP_DELAY_ANALYSIS,
  .title = N_ ("ATen-op → kernel launch delays"),
  .section = "§7",
  .func = hp_aten_op_delay_compute,
  .in_default_set = TRUE,
  .cost = 2,
  .tables = HP_STRV (HP_ATEN_OP_DELAY_TABLE),
  .needs = HP_ANALYSIS_NEEDS_GPU | HP_ANALYSIS_NEEDS_LAUNCH | HP_ANALYSIS_NEEDS_CPU_OPS,
};
