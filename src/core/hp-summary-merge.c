/* hp-summary-merge.c — the tables of a job's rank summaries merged as a full load gives them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each rank's tables were computed on that rank alone (hp-summary-make.c);
 * a full load differs from that in two ways only, which the merge undoes:
 *
 * - times are aligned to the job's first start rather than the rank's, so
 *   the time columns of the time series move by the rank's offset;
 * - a few tables are over every rank: the kernel types (sums per label),
 *   the kernels (sorted by type, name and rank across ranks) and the time
 *   at the longest observed queue (the longest of any rank).
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-summary-private.h"

gint64
_hp_summary_job_offset (HpTrace   *trace,
                        HpSummary *s)
{
  return s->min_ts - s->job_min_ts;
}

/* us → the ns it was made from (hp_ns_to_us()), exact below 2^53 ns */
static gint64
us_to_ns (double us)
{
  return (gint64)llround (us * 1000.0);
}

void
_hp_summary_shift_time_column (HpTable    *table,
                               const char *column,
                               gint64      offset)
{
  int c = hp_table_find_column (table, column);

  if (c < 0 || offset == 0)
    return;
  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    if (!hp_table_is_null (table, i, c))
      hp_table_set_double (table, i, c, hp_ns_to_us (us_to_ns (hp_table_get_double (table, i, c)) + offset));
}

static HpTable *
concat (GPtrArray *per_rank)
{
  HpTable *first = per_rank->pdata[0];
  HpTable *out = hp_table_concat ((HpTable **)per_rank->pdata, per_rank->len, hp_table_get_name (first),
                                  hp_table_get_title (first));

  for (guint k = 0; out != NULL && k < per_rank->len; k++)
    if (hp_table_get_note (per_rank->pdata[k]) != NULL)
      {
        hp_table_set_note (out, hp_table_get_note (per_rank->pdata[k]));
        break;
      }
  return out;
}

typedef struct
{
  const char *label;
  gint64      sum; /* whole us (HTA-compatibility mode) or ns */
} LabelSum;

static int
cmp_label_sum (gconstpointer a,
               gconstpointer b)
{
  const LabelSum *x = a;
  const LabelSum *y = b;

  if (x->sum != y->sum)
    return x->sum > y->sum ? -1 : 1;
  return strcmp (x->label, y->label);
}

/* gpu_kernel_breakdown_kernel_type: each label's sum over the ranks, in
 * the order and with the shares of hp-kernel-breakdown.c */
static HpTable *
merge_kernel_types (GPtrArray *per_rank)
{
  HpTable *first = per_rank->pdata[0];
  HpTable *out = hp_table_new (hp_table_get_name (first), hp_table_get_title (first));
  gboolean compat = hp_table_get_column_type (first, 1) == HP_COLUMN_INT;
  g_autoptr (GArray) sums = g_array_new (FALSE, FALSE, sizeof (LabelSum));
  gint64 grand = 0;

  for (guint c = 0; c < hp_table_get_n_columns (first); c++)
    hp_table_add_column (out, hp_table_get_column_name (first, c), hp_table_get_column_type (first, c),
                         hp_table_get_column_unit (first, c));
  for (guint k = 0; k < per_rank->len; k++)
    {
      HpTable *t = per_rank->pdata[k];

      for (guint i = 0; i < hp_table_get_n_rows (t); i++)
        {
          const char *label = hp_table_get_string (t, i, 0);
          gint64      v = compat ? hp_table_get_int (t, i, 1) : us_to_ns (hp_table_get_double (t, i, 1));
          guint       j;

          for (j = 0; j < sums->len; j++)
            if (strcmp (g_array_index (sums, LabelSum, j).label, label) == 0)
              break;
          if (j == sums->len)
            {
              LabelSum ls = { g_intern_string (label), 0 };

              g_array_append_val (sums, ls);
            }
          g_array_index (sums, LabelSum, j).sum += v;
        }
    }
  for (guint j = 0; j < sums->len; j++)
    grand += g_array_index (sums, LabelSum, j).sum;
  g_array_sort (sums, cmp_label_sum);
  for (guint j = 0; j < sums->len; j++)
    {
      const LabelSum *ls = &g_array_index (sums, LabelSum, j);
      guint           row = hp_table_append_row (out);

      hp_table_set_string (out, row, 0, ls->label);
      if (compat)
        hp_table_set_int (out, row, 1, ls->sum);
      else
        hp_table_set_double (out, row, 1, hp_ns_to_us (ls->sum));
      hp_table_set_double (out, row, 2,
                           grand != 0 ? hp_round_half_even (100.0 * (double)ls->sum / (double)grand, 1) : NAN);
    }
  return out;
}

typedef struct
{
  HpTable *table;
  int      type, name, rank;
} KernelOrder;

static int
cmp_kernel_rows (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const KernelOrder *o = user_data;
  guint              x = *(const guint *)a;
  guint              y = *(const guint *)b;
  int                c = strcmp (hp_table_get_string (o->table, x, o->type), hp_table_get_string (o->table, y, o->type));
  gint64             rx, ry;

  if (c != 0)
    return c;
  c = strcmp (hp_table_get_string (o->table, x, o->name), hp_table_get_string (o->table, y, o->name));
  if (c != 0)
    return c;
  rx = hp_table_get_int (o->table, x, o->rank);
  ry = hp_table_get_int (o->table, y, o->rank);
  return (rx > ry) - (rx < ry);
}

/* gpu_kernel_breakdown_kernels: by kernel type, name and rank */
static HpTable *
merge_kernels (GPtrArray *per_rank)
{
  HpTable    *out = concat (per_rank);
  KernelOrder o = { out, hp_table_find_column (out, "kernel_type"), hp_table_find_column (out, "name"),
                    hp_table_find_column (out, "rank") };

  if (o.type >= 0 && o.name >= 0 && o.rank >= 0)
    hp_table_sort (out, cmp_kernel_rows, &o);
  return out;
}

/* queue_full_blocked_at_observed_max: the rows of the ranks whose longest
 * queue is the job's; the others never reach it */
static HpTable *
merge_observed_max (GPtrArray *per_rank)
{
  g_autoptr (GPtrArray) kept = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);
  gint64 max = G_MININT64;
  int    c = hp_table_find_column (per_rank->pdata[0], "max_queue_length_used");

  if (c < 0)
    return concat (per_rank);
  for (guint k = 0; k < per_rank->len; k++)
    {
      HpTable *t = per_rank->pdata[k];

      for (guint i = 0; i < hp_table_get_n_rows (t); i++)
        max = MAX (max, hp_table_get_int (t, i, c));
    }
  for (guint k = 0; k < per_rank->len; k++)
    {
      HpTable *t = per_rank->pdata[k];
      g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint));

      for (guint i = 0; i < hp_table_get_n_rows (t); i++)
        if (hp_table_get_int (t, i, c) == max)
          g_array_append_val (rows, i);
      g_ptr_array_add (kept, hp_table_select_rows (t, (const guint *)(gconstpointer)rows->data, rows->len));
    }
  return concat (kept);
}

HpTable *
_hp_summary_merge_table (GPtrArray *per_rank)
{
  const char *name = hp_table_get_name (per_rank->pdata[0]);

  if (strcmp (name, "gpu_kernel_breakdown_kernel_type") == 0)
    return merge_kernel_types (per_rank);
  if (strcmp (name, "gpu_kernel_breakdown_kernels") == 0)
    return merge_kernels (per_rank);
  if (strcmp (name, "queue_full_blocked_at_observed_max") == 0)
    return merge_observed_max (per_rank);
  return concat (per_rank);
}
