/* hp-derive-global.c — what is derived once every rank of the job is loaded: shared strings, aligned times, the rows HTA keeps.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core-private.h"

/* ---------------------------------------------------------------------------
 * Global steps: strings, alignment, the last-iteration filter
 * ------------------------------------------------------------------------- */

void
_hp_rank_adopt_strings (HpRankBuilder *b,
                        HpStrings     *global)
{
  HpRank             *r = b->rank;
  guint               n = hp_strings_size (b->strings);
  g_autofree guint32 *map = NULL;

  if (hp_strings_size (global) == 0)
    {
      /* the first rank's strings become the trace's, with the same ids:
       * nothing is copied or renumbered */
      _hp_strings_take (global, b->strings);
    }
  else
    {
      map = g_new (guint32, MAX (n, 1));
      for (guint s = 0; s < n; s++)
        map[s] = hp_strings_intern (global, hp_strings_get (b->strings, s),
                                    hp_strings_get_len (b->strings, s));
      for (guint i = 0; i < r->n_events; i++)
        {
          r->name[i] = map[r->name[i]];
          if (r->cat[i] != HP_NO_STRING)
            r->cat[i] = map[r->cat[i]];
        }
    }
  for (guint l = 0; l < r->n_lanes; l++)
    {
      HpLane *lane = &r->lanes[l];

      if (lane->name != HP_NO_STRING && map != NULL)
        lane->name = map[lane->name];
      if (hp_tid_is_string (lane->tid))
        {
          guint32 id = hp_tid_string_id (lane->tid);

          lane->tid = HP_TID_STRING_BASE - (map != NULL ? map[id] : id);
          /* a thread or stream named by its tid: show that name */
          if (lane->name == HP_NO_STRING)
            lane->name = hp_tid_string_id (lane->tid);
        }
    }
}

gint64
_hp_rank_min_measured_ts (const HpRank *r)
{
  gint64 min = G_MAXINT64;

  for (guint i = 0; i < r->n_events; i++)
    if ((r->flags[i] & HP_EVENT_MEASURED) && r->ts[i] < min)
      min = r->ts[i];
  return min;
}

void
_hp_rank_shift_time (HpRank *r,
                     gint64  offset)
{
  for (guint i = 0; i < r->n_events; i++)
    r->ts[i] -= offset;
}

static void
rows_add (GArray *rows,
          guint   e)
{
  guint32 v = e;

  g_array_append_val (rows, v);
}

static gboolean
cat_is (HpStrings  *global,
        guint32     cat,
        const char *prefix,
        gboolean    whole)
{
  const char *s = cat != HP_NO_STRING ? hp_strings_get (global, cat) : NULL;

  if (s == NULL)
    return FALSE;
  return whole ? strcmp (s, prefix) == 0 : g_str_has_prefix (s, prefix);
}

/* MTIA variant of the filter (docs/trace-format.md §11, last bullet) */
static void
filter_mtia (HpRank    *r,
             HpStrings *global,
             GArray    *rows)
{
  gint64 first = G_MAXINT64, last = G_MININT64;
  g_autoptr (GHashTable) kept_corr = g_hash_table_new (hp_int64_key_hash, g_direct_equal);
  g_autoptr (GArray) cpu_rows = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = 0; i < r->n_events; i++)
    if ((r->flags[i] & HP_EVENT_MEASURED) && (r->flags[i] & HP_EVENT_STEP))
      {
        first = MIN (first, r->ts[i]);
        last = MAX (last, r->ts[i] + hp_rank_dur (r, i));
      }

  for (guint i = 0; i < r->n_events; i++)
    {
      const char *cat;
      gboolean    cpu;

      if (!(r->flags[i] & HP_EVENT_MEASURED) || r->cat[i] == HP_NO_STRING)
        continue;
      cat = hp_strings_get (global, r->cat[i]);
      cpu = g_str_has_prefix (cat, "cpu_op") || strcmp (cat, "user_annotation") == 0 ||
            g_str_has_suffix (cat, "_runtime");
      if (cpu && r->ts[i] >= first && r->ts[i] + hp_rank_dur (r, i) <= last)
        {
          rows_add (cpu_rows, i);
          g_hash_table_add (kept_corr, HP_INT64_KEY (hp_rank_correlation (r, i)));
        }
    }
  for (guint i = 0; i < r->n_events; i++)
    {
      gboolean gpu;

      if (!(r->flags[i] & HP_EVENT_MEASURED))
        continue;
      gpu = cat_is (global, r->cat[i], "kernel", FALSE) || cat_is (global, r->cat[i], "gpu_mem", FALSE) ||
            cat_is (global, r->cat[i], "mtia_ccp_events", TRUE);
      if (gpu && g_hash_table_contains (kept_corr, HP_INT64_KEY (hp_rank_correlation (r, i))))
        rows_add (rows, i);
      else if (hp_name_is_memory (hp_strings_get (global, r->name[i])) && r->ts[i] >= first &&
               r->ts[i] < last)
        {
          if (hp_rank_iteration (r, i) < 0)
            _hp_column16_set (&r->iteration, i, hp_rank_exec_iteration (r, i));
          if (hp_rank_stream (r, i) == -1 && !hp_tid_is_string (hp_rank_tid (r, i)))
            _hp_column16_set (&r->stream, i, hp_rank_tid (r, i));
          rows_add (rows, i);
        }
    }
  g_array_append_vals (rows, cpu_rows->data, cpu_rows->len);
}

/**
 * _hp_rank_filter_rows:
 * @n_step_names: distinct `ProfilerStep#N` names over the whole job
 *
 * Builds `rows` (docs/trace-format.md §11): HTA drops the last, incomplete iteration
 * and every GPU event whose launch was dropped; the default mode does the
 * same with correct end times, keeps unlaunched GPU work inside the kept
 * window, never duplicates rows and never empties a rank without steps.
 */
void
_hp_rank_filter_rows (HpRank    *r,
                      HpStrings *global,
                      HpMode     mode,
                      gboolean   include_last_step,
                      guint      n_step_names,
                      gboolean   is_mtia)
{
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) cpu_rows = g_array_new (FALSE, FALSE, sizeof (guint32));
  gint64   last_start = G_MININT64, last_end = G_MININT64;
  gint64   cpu_min = G_MAXINT64, cpu_max_end = G_MININT64;
  gboolean any_cpu = FALSE, any_step = FALSE;
  gboolean filter = n_step_names >= 2;
  guint    n_measured = 0;

  for (guint i = 0; i < r->n_events; i++)
    if (r->flags[i] & HP_EVENT_MEASURED)
      n_measured++;

  if (filter && is_mtia && mode == HP_MODE_HTA_COMPAT)
    {
      filter_mtia (r, global, rows);
      goto done;
    }

  for (guint i = 0; i < r->n_events && filter; i++)
    {
      /* HTA's "end" was computed before alignment: absolute (docs/trace-format.md §10) */
      gint64 end = r->ts[i] + hp_rank_dur (r, i);

      if (!(r->flags[i] & HP_EVENT_MEASURED) || (r->flags[i] & HP_EVENT_G2))
        continue;
      any_cpu = TRUE;
      cpu_min = MIN (cpu_min, r->ts[i]);
      cpu_max_end = MAX (cpu_max_end, end);
      if (r->flags[i] & HP_EVENT_STEP)
        {
          any_step = TRUE;
          last_start = MAX (last_start, r->ts[i]);
          last_end = MAX (last_end, end);
        }
    }

  if (!filter || !any_cpu)
    {
      /* nothing to filter: every measured event, in file order */
      for (guint i = 0; i < r->n_events; i++)
        if (r->flags[i] & HP_EVENT_MEASURED)
          rows_add (rows, i);
      goto done;
    }
  if (mode == HP_MODE_DEFAULT && (include_last_step || !any_step))
    {
      /* kept whole, in the row order a filtered load has (GPU rows first) */
      for (int pass = 0; pass < 2; pass++)
        for (guint i = 0; i < r->n_events; i++)
          if ((r->flags[i] & HP_EVENT_MEASURED) && (pass == 0) == ((r->flags[i] & HP_EVENT_G2) != 0))
            rows_add (rows, i);
      goto done;
    }

  if (!any_step)
    {
      /* HTA: a step-less rank next to ranks with steps keeps nothing */
      last_start = cpu_min;
      last_end = G_MAXINT64;
    }
  if (mode == HP_MODE_HTA_COMPAT && include_last_step)
    last_end = G_MAXINT64; /* the stale absolute end keeps everything */
  (void)cpu_max_end;

  for (guint i = 0; i < r->n_events; i++)
    {
      gboolean keep;

      if (!(r->flags[i] & HP_EVENT_MEASURED) || (r->flags[i] & HP_EVENT_G2))
        continue;
      keep = include_last_step ? r->ts[i] <= last_end : r->ts[i] < last_start;
      if (keep)
        rows_add (cpu_rows, i);
    }

  if (mode == HP_MODE_HTA_COMPAT)
    {
      /* inner join of GPU rows with kept CPU rows on correlation: one row per
       * matching CPU row (docs/trace-format.md §8, §11) */
      g_autoptr (GHashTable) corr_count = g_hash_table_new (hp_int64_key_hash, g_direct_equal);

      for (guint k = 0; k < cpu_rows->len; k++)
        {
          guint    e = g_array_index (cpu_rows, guint32, k);
          gpointer key = HP_INT64_KEY (hp_rank_correlation (r, e));
          guint    c = GPOINTER_TO_UINT (g_hash_table_lookup (corr_count, key));

          g_hash_table_insert (corr_count, key, GUINT_TO_POINTER (c + 1));
        }
      for (guint i = 0; i < r->n_events; i++)
        {
          guint c;

          if (!(r->flags[i] & HP_EVENT_MEASURED) || !(r->flags[i] & HP_EVENT_G2))
            continue;
          c = GPOINTER_TO_UINT (g_hash_table_lookup (corr_count, HP_INT64_KEY (hp_rank_correlation (r, i))));
          for (guint k = 0; k < c; k++)
            rows_add (rows, i);
        }
    }
  else
    {
      g_autofree guint8 *kept = g_new0 (guint8, MAX (r->n_events, 1));

      for (guint k = 0; k < cpu_rows->len; k++)
        kept[g_array_index (cpu_rows, guint32, k)] = 1;
      for (guint i = 0; i < r->n_events; i++)
        {
          gint32 launch;

          if (!(r->flags[i] & HP_EVENT_MEASURED) || !(r->flags[i] & HP_EVENT_G2))
            continue;
          launch = r->partner[i];
          if (launch >= 0 ? kept[launch] : r->ts[i] < last_start)
            rows_add (rows, i);
        }
    }
  g_array_append_vals (rows, cpu_rows->data, cpu_rows->len);

done:
  r->n_rows = rows->len;
  r->rows = (guint32 *)g_array_free (g_steal_pointer (&rows), FALSE);
  r->n_filtered = 0;
  {
    g_autofree guint8 *in_rows = g_new0 (guint8, MAX (r->n_events, 1));
    guint              n_in = 0;

    for (guint k = 0; k < r->n_rows; k++)
      {
        guint e = r->rows[k];

        if (!in_rows[e])
          n_in++;
        in_rows[e] = 1;
      }
    r->n_filtered = n_measured - n_in;
  }
  _hp_rank_collect_iterations (r);
}

/**
 * _hp_rank_collect_iterations:
 *
 * Sets `iterations` to the distinct iterations (≥ 0) of the rank's rows,
 * ascending.
 */
void
_hp_rank_collect_iterations (HpRank *r)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  GHashTableIter it;
  gpointer       key;
  guint          k = 0;

  for (guint j = 0; j < r->n_rows; j++)
    if (hp_rank_iteration (r, r->rows[j]) >= 0)
      g_hash_table_add (seen, GINT_TO_POINTER (hp_rank_iteration (r, r->rows[j]) + 1));
  r->n_iterations = g_hash_table_size (seen);
  r->iterations = r->n_iterations > 0 ? g_new (gint32, r->n_iterations) : NULL;
  g_hash_table_iter_init (&it, seen);
  while (g_hash_table_iter_next (&it, &key, NULL))
    r->iterations[k++] = GPOINTER_TO_INT (key) - 1;
  for (guint a = 1; a < r->n_iterations; a++)
    for (guint c = a; c > 0 && r->iterations[c] < r->iterations[c - 1]; c--)
      {
        gint32 t = r->iterations[c];

        r->iterations[c] = r->iterations[c - 1];
        r->iterations[c - 1] = t;
      }
}
