/* hp-stragglers-summary.c — the stragglers' inputs a rank summary keeps, and the analysis on them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "hp-numpy-sort-private.h"
#include "hp-stats.h"
#include "hp-stragglers-private.h"
#include "hp-stragglers.h"
#include "hp-summary-private.h"

/* What a rank summary keeps for the stragglers: its steps, the span of
 * each iteration of its rows, and its communication kernels that may
 * count (before the 1% of an iteration and the requested steps, which
 * depend on every rank) */
#define SUMMARY_INPUTS_TYPE "(aia(ixx)a(ixsxxu)u)"

/**
 * _hp_stragglers_summary_inputs:
 * @trace: a loaded trace
 * @r: one of its ranks
 *
 * Returns: (transfer floating): what hp_stragglers_compute() takes of @r
 *   when the job is opened from summaries, times on the rank's clock
 */
GVariant *
_hp_stragglers_summary_inputs (HpTrace      *trace,
                               const HpRank *r)
{
  g_autoptr (GPtrArray) one = g_ptr_array_new ();
  g_autoptr (GArray) steps = NULL;
  g_autoptr (GArray) its = g_array_new (FALSE, FALSE, sizeof (int));
  GVariantBuilder spans, kernels;
  Straggle        s = { 0 };

  s.trace = trace;
  s.compat = hp_trace_get_mode (trace) == HP_MODE_HTA_COMPAT;
  _hp_stragglers_name_cache_init (&s.names, trace);
  g_ptr_array_add (one, (gpointer)r);
  steps = _hp_stragglers_collect_steps (trace, one, &s.names);

  for (guint i = 0; i < r->n_rows; i++)
    {
      int it = hp_rank_iteration (r, r->rows[i]);

      g_array_append_val (its, it);
    }
  _hp_stragglers_sort_unique_ints (its);
  g_variant_builder_init (&spans, G_VARIANT_TYPE ("a(ixx)"));
  {
    g_autofree gint64 *lo = g_new (gint64, MAX (its->len, 1));
    g_autofree gint64 *hi = g_new (gint64, MAX (its->len, 1));

    for (guint t = 0; t < its->len; t++)
      lo[t] = G_MAXINT64, hi[t] = G_MININT64;
    for (guint i = 0; i < r->n_rows; i++)
      {
        guint e = r->rows[i];
        int   it = hp_rank_iteration (r, e);
        guint a = 0, b = its->len;

        while (a < b)
          {
            guint m = a + (b - a) / 2;

            if (g_array_index (its, int, m) < it)
              a = m + 1;
            else
              b = m;
          }
        lo[a] = MIN (lo[a], r->ts[e]);
        hi[a] = MAX (hi[a], hp_rank_end (r, e));
      }
    for (guint t = 0; t < its->len; t++)
      g_variant_builder_add (&spans, "(ixx)", g_array_index (its, int, t), lo[t], hi[t]);
  }

  g_variant_builder_init (&kernels, G_VARIANT_TYPE ("a(ixsxxu)"));
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint e = r->rows[i];
      int   it = hp_rank_iteration (r, e);

      if ((r->flags[e] & HP_EVENT_G3) == 0 || it < 0 || (s.compat && it == 0) || !_hp_stragglers_is_comm_kernel (&s, r, e))
        continue;
      g_variant_builder_add (&kernels, "(ixsxxu)", it, hp_rank_stream (r, e), hp_trace_get_string (trace, r->name[e]),
                             r->ts[e], hp_rank_dur (r, e), i);
    }
  _hp_stragglers_name_cache_clear (&s.names);
  return g_variant_new ("(@ai@a(ixx)@a(ixsxxu)u)",
                        g_variant_new_fixed_array (G_VARIANT_TYPE_INT32, steps->data, steps->len, sizeof (int)),
                        g_variant_builder_end (&spans), g_variant_builder_end (&kernels), r->n_rows);
}

/* the inputs of a selected rank from its summary, or NULL (format 1) */
static GVariant *
summary_inputs (Straggle     *s,
                const HpRank *r,
                gint64       *offset,
                GError      **error)
{
  const HpTraceSummaryHooks *hooks = _hp_trace_get_summary_hooks (s->trace);
  GVariant                  *v = NULL;

  if (hooks != NULL && hooks->rank_part != NULL)
    v = hooks->rank_part (s->trace, r->rank, HP_STRAGGLERS_ANALYSIS, G_VARIANT_TYPE (SUMMARY_INPUTS_TYPE), 1, offset);
  if (v == NULL)
    {
      g_set_error (error, HP_ANALYSIS_ERROR, HP_ANALYSIS_ERROR_NO_DATA,
                   "%s: the summary of rank %d does not hold the inputs of the stragglers (format 2 does)", r->path,
                   r->rank);
      return NULL;
    }
  return v;
}

/* the steps of the selected ranks' summaries */
GArray *
_hp_stragglers_summary_steps (Straggle *s,
                              GError  **error)
{
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint k = 0; k < s->ranks->len; k++)
    {
      gint64 offset;
      g_autoptr (GVariant) v = summary_inputs (s, s->ranks->pdata[k], &offset, error);
      g_autoptr (GVariant) list = NULL;
      gsize      n = 0;
      const int *data;

      if (v == NULL)
        return NULL;
      list = g_variant_get_child_value (v, 0);
      data = g_variant_get_fixed_array (list, &n, sizeof (int));
      g_array_append_vals (steps, data, (guint)n);
    }
  _hp_stragglers_sort_unique_ints (steps);
  return g_steal_pointer (&steps);
}

/* find_long_comm_kernels() on what the summaries hold, moved to the job's clock */
gboolean
_hp_stragglers_summary_long_comm_kernels (Straggle *s,
                                          GError  **error)
{
  g_autoptr (GArray) iterations = g_array_new (FALSE, FALSE, sizeof (int));
  g_autoptr (GPtrArray) inputs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_variant_unref);
  g_autoptr (GArray) offsets = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64   t_max = G_MININT64;
  gboolean any = FALSE;
  double   min_dur;
  guint32  seq = 0;

  s->t_min = G_MAXINT64;
  for (guint k = 0; k < s->ranks->len; k++)
    {
      gint64    offset = 0;
      GVariant *v = summary_inputs (s, s->ranks->pdata[k], &offset, error);
      g_autoptr (GVariant) spans = NULL;
      GVariantIter iter;
      int          it;
      gint64       lo, hi;

      if (v == NULL)
        return FALSE;
      g_ptr_array_add (inputs, v);
      g_array_append_val (offsets, offset);
      spans = g_variant_get_child_value (v, 1);
      g_variant_iter_init (&iter, spans);
      while (g_variant_iter_next (&iter, "(ixx)", &it, &lo, &hi))
        {
          if (!_hp_stragglers_int_array_contains (s->valid, it))
            continue;
          any = TRUE;
          s->t_min = MIN (s->t_min, lo + offset);
          t_max = MAX (t_max, hi + offset);
          g_array_append_val (iterations, it);
        }
    }
  if (!_hp_stragglers_mean_iteration (s, any, iterations, t_max, error))
    return FALSE;
  min_dur = s->mean_iter * MIN_NORMALIZED_DURATION;

  s->local_names = g_ptr_array_new_with_free_func (g_free);
  s->local_ids = g_hash_table_new (g_str_hash, g_str_equal);
  s->kernels = g_array_new (FALSE, FALSE, sizeof (CommKernel));
  for (guint k = 0; k < s->ranks->len; k++)
    {
      const HpRank *r = s->ranks->pdata[k];
      gint64        offset = g_array_index (offsets, gint64, k);
      g_autoptr (GVariant) list = g_variant_get_child_value (inputs->pdata[k], 2);
      GVariantIter iter;
      int          it;
      gint64       stream, ts, dur;
      const char  *name;
      guint32      row, n_rows;

      g_variant_get_child (inputs->pdata[k], 3, "u", &n_rows);
      g_variant_iter_init (&iter, list);
      while (g_variant_iter_next (&iter, "(ix&sxxu)", &it, &stream, &name, &ts, &dur, &row))
        {
          CommKernel kernel;
          guint      id;

          if ((double)dur < min_dur || !_hp_stragglers_int_array_contains (s->valid, it))
            continue;
          id = GPOINTER_TO_UINT (g_hash_table_lookup (s->local_ids, name));
          if (id == 0)
            {
              g_ptr_array_add (s->local_names, g_strdup (name));
              id = s->local_names->len;
              g_hash_table_insert (s->local_ids, s->local_names->pdata[id - 1], GUINT_TO_POINTER (id));
            }
          kernel = (CommKernel){ r->rank, it, stream, id - 1, seq + row, ts + offset, dur };
          g_array_append_val (s->kernels, kernel);
        }
      seq += n_rows;
    }
  return _hp_stragglers_check_kernels (s, error);
}

/* One kernel per (rank, stream, iteration, name): HTA keeps the last row
 * in table order; the default mode the latest start (docs/analyses.md §14.2) */
