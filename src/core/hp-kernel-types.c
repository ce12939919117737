/* hp-kernel-types.c — GPU time by kernel type: the sweep over the classes' intervals (docs/analyses.md §3.1).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-intervals.h"
#include "hp-kernel-breakdown-private.h"
#include "hp-numpy-sort-private.h"
#include "hp-stats.h"
#include "hp-time-private.h"

/* the label of each running bit set, set bits named in bit order */
static const char *const labels[HP_KERNEL_N_LABELS] = {
  NULL,
  "COMPUTATION",
  "COMMUNICATION",
  "COMPUTATION overlapping COMMUNICATION",
  "MEMORY",
  "COMPUTATION overlapping MEMORY",
  "COMMUNICATION overlapping MEMORY",
  "COMPUTATION overlapping COMMUNICATION overlapping MEMORY",
};

static void
add_segment (guint    bits,
             gint64   start,
             gint64   end,
             gpointer user_data)
{
  HpKernelTypeTotals *totals = user_data;

  if (bits == 0 || bits >= HP_KERNEL_N_LABELS)
    return;
  totals->seen[bits] = TRUE;
  totals->sums[bits] = hp_ns_add (totals->sums[bits], end - start);
}

/* The sweep of the default mode: merged groups never have negative
 * durations there, so each type's points (start, end, start, end …) are
 * already in time order and a three-way merge visits them in order. Equal
 * times only make zero-length segments, which are not counted. */
static void
sweep_merged (const HpInterval *const *sets,
              const gsize             *counts,
              HpKernelTypeTotals      *totals)
{
  gsize  next[HP_KERNEL_N_ANALYSED] = { 0 }; /* 2 × group + (0 start, 1 end) */
  guint  running = 0;
  gint64 last = 0;

  for (;;)
    {
      int    best = -1;
      gint64 t = 0;

      for (int c = 0; c < HP_KERNEL_N_ANALYSED; c++)
        if (next[c] < 2 * counts[c])
          {
            const HpInterval *group = &sets[c][next[c] / 2];
            gint64            tc = next[c] % 2 == 0 ? group->start : group->end;

            if (best < 0 || tc < t)
              {
                best = c;
                t = tc;
              }
          }
      if (best < 0)
        break;
      if (running != 0 && t > last)
        {
          totals->seen[running] = TRUE;
          totals->sums[running] = hp_ns_add (totals->sums[running], t - last);
        }
      running ^= 1u << best;
      last = t;
      next[best]++;
    }
}

/* HTA's sweep (docs/analyses.md §3.1 step 3, docs/trace-format.md §13): the points are laid out as HTA
 * lays them out (for each type its group starts, then its group ends) and
 * sorted as HTA sorts them, so equal times are visited in HTA's order and
 * the zero-length segments between them carry HTA's labels. A label seen
 * only on such segments shows up with sum 0, as in HTA; one that HTA's
 * order never forms has no row. HTA sorts after adding each type's points
 * to the points sorted so far, and numpy's sort is not stable, so the
 * order of equal times depends on every one of those sorts: they are all
 * repeated here, one per analysed type (@n_types), empty ones included. */
static void
sweep_hta (const HpInterval *const *sets,
           const gsize             *counts,
           guint                    n_types,
           HpKernelTypeTotals      *totals)
{
  g_autofree gint64  *times = NULL;
  g_autofree int     *deltas = NULL;
  g_autofree guint32 *points = NULL; /* in HTA's order so far */
  g_autofree guint32 *sorted = NULL;
  g_autofree guint32 *order = NULL;
  g_autofree gint64  *keys = NULL;
  gsize               n = 0, k = 0;
  int                 running = 0;

  for (guint c = 0; c < n_types; c++)
    n += 2 * counts[c];
  if (n == 0)
    return;
  times = g_new (gint64, n);
  deltas = g_new (int, n);
  points = g_new (guint32, n);
  sorted = g_new (guint32, n);
  order = g_new (guint32, n);
  keys = g_new (gint64, n);
  for (guint c = 0; c < n_types; c++)
    {
      for (gsize i = 0; i < counts[c]; i++, k++)
        {
          times[k] = sets[c][i].start;
          deltas[k] = 1 << c;
          points[k] = (guint32)k;
        }
      for (gsize i = 0; i < counts[c]; i++, k++)
        {
          times[k] = sets[c][i].end;
          deltas[k] = -(1 << c);
          points[k] = (guint32)k;
        }
      /* HTA's `pd.concat ([sorted so far, this type]).sort_values ("time")` */
      for (gsize i = 0; i < k; i++)
        keys[i] = times[points[i]];
      _hp_numpy_argsort (keys, order, k);
      for (gsize i = 0; i < k; i++)
        sorted[i] = points[order[i]];
      memcpy (points, sorted, k * sizeof (guint32));
    }

  for (gsize i = 0; i + 1 < n; i++)
    {
      running += deltas[points[i]];
      /* HTA's negative durations (docs/trace-format.md §6) can make the running sum negative
       * or give it the bits of a type that is not running; HTA counts the
       * positive sums, named by their bits */
      if (running <= 0)
        continue;
      g_assert (running < HP_KERNEL_N_LABELS);
      totals->seen[running] = TRUE;
      /* whole microseconds per segment, truncated as HTA's int () does */
      totals->sums[running] =
          hp_ns_add (totals->sums[running], (times[points[i + 1]] - times[points[i]]) / HP_NS_PER_US);
    }
}

/* Spec §3.1 steps 2–4 on the activities of one GPU (a whole rank in
 * HTA-compatibility mode); @scratch holds HP_KERNEL_N_ANALYSED buffers of @n. */
void
_hp_kernel_types_sweep (const HpGpuActivity *acts,
                        gsize                n,
                        HpInterval         **scratch,
                        gboolean             compat,
                        guint                n_types,
                        HpKernelTypeTotals  *totals)
{
  const HpInterval *sets[HP_KERNEL_N_ANALYSED];
  gsize             counts[HP_KERNEL_N_ANALYSED] = { 0 };

  for (gsize i = 0; i < n; i++)
    {
      HpInterval *to = &scratch[acts[i].kclass][counts[acts[i].kclass]++];

      to->start = acts[i].start;
      to->end = acts[i].end;
    }
  for (guint c = 0; c < HP_KERNEL_N_ANALYSED; c++)
    {
      counts[c] = hp_intervals_union (scratch[c], counts[c]);
      sets[c] = scratch[c];
    }
  if (compat)
    sweep_hta (sets, counts, n_types, totals);
  else if (!hp_intervals_any_negative (sets[0], counts[0]) &&
           !hp_intervals_any_negative (sets[1], counts[1]) &&
           !hp_intervals_any_negative (sets[2], counts[2]))
    sweep_merged (sets, counts, totals);
  else
    {
      /* the default mode drops negative durations; should one get here,
       * sort the points */
      static const guint bits[HP_KERNEL_N_ANALYSED] = { 1, 2, 4 };

      hp_intervals_sweep (sets, counts, bits, HP_KERNEL_N_ANALYSED, add_segment, totals);
    }
}

static int
cmp_label (gconstpointer a,
           gconstpointer b,
           gpointer      user_data)
{
  const HpKernelTypeTotals *totals = user_data;
  int                       x = *(const int *)a;
  int                       y = *(const int *)b;

  /* sum descending; ties by label (HTA's group order, kept by its sort) */
  if (totals->sums[x] != totals->sums[y])
    return totals->sums[x] > totals->sums[y] ? -1 : 1;
  return strcmp (labels[x], labels[y]);
}

HpTable *
_hp_kernel_types_table (const HpKernelTypeTotals *totals,
                        gboolean                  compat)
{
  HpTable *table = hp_table_new ("gpu_kernel_breakdown_kernel_type",
                                 N_ ("Kernel type breakdown across all ranks"));
  int      order[HP_KERNEL_N_LABELS];
  int      n = 0;
  gint64   grand = 0;

  hp_table_add_column (table, "kernel_type", HP_COLUMN_STRING, NULL);
  hp_table_add_column (table, "sum", compat ? HP_COLUMN_INT : HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (table, "percentage", HP_COLUMN_DOUBLE, "%");

  for (int v = 1; v < HP_KERNEL_N_LABELS; v++)
    if (totals->seen[v])
      {
        order[n++] = v;
        grand = hp_ns_add (grand, totals->sums[v]);
      }
  g_qsort_with_data (order, n, sizeof *order, cmp_label, (gpointer)totals);

  for (int i = 0; i < n; i++)
    {
      guint  row = hp_table_append_row (table);
      gint64 sum = totals->sums[order[i]];
      double pctg = NAN;

      if (grand != 0)
        pctg = hp_round_half_even (100.0 * (double)sum / (double)grand, 1);

      hp_table_set_string (table, row, 0, labels[order[i]]);
      if (compat)
        hp_table_set_int (table, row, 1, sum);
      else
        hp_table_set_double (table, row, 1, hp_ns_to_us (sum));
      hp_table_set_double (table, row, 2, pctg);
    }
  return table;
}
