/* hp-repeated-sequences.c — the kernel sequences that repeat on each GPU stream, whatever launched them (beyond HTA).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-call-graph-private.h"
#include "hp-repeated-sequences.h"
#include <glib/gi18n-lib.h>

/* ---------------------------------------------------------------------------
 * Repeated kernel sequences (beyond HTA)
 * ------------------------------------------------------------------------- */

#define REPEAT_MIN_LEN 3
#define REPEAT_MAX_LEN 128
#define REPEAT_MAX_ROWS 20

typedef struct
{
  guint  len;
  guint  count; /* occurrences that do not overlap */
  gint64 total_ns;
  guint  off; /* of the occurrences' starts in the positions array */
} Repeat;

typedef struct
{
  const guint32 *seq;
  guint          len;
} WindowCtx;

static int
cmp_windows (gconstpointer a,
             gconstpointer b,
             gpointer      data)
{
  const WindowCtx *c = data;
  guint32          x = *(const guint32 *)a;
  guint32          y = *(const guint32 *)b;

  for (guint k = 0; k < c->len; k++)
    if (c->seq[x + k] != c->seq[y + k])
      return c->seq[x + k] < c->seq[y + k] ? -1 : 1;
  return x < y ? -1 : (x > y ? 1 : 0);
}

/* The maximal repeats of @seq with lengths in [min_len, max_len]: a group
 * of equal windows grows one kernel at a time while two occurrences that do
 * not overlap remain; a group is kept when no longer or earlier-starting
 * sequence has all its occurrences (or at max_len). */
static void
mine_stream (const guint32 *seq,
             const gint64  *prefix_ns,
             guint          n,
             guint          min_len,
             guint          max_len,
             GArray        *repeats,
             GArray        *starts)
{
  g_autoptr (GArray) pos = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) bounds = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) next_pos = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) next_bounds = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) chosen = g_array_new (FALSE, FALSE, sizeof (guint32));
  WindowCtx ctx = { seq, min_len };

  if (n < 2 * min_len)
    return;
  for (guint32 p = 0; p + min_len <= n; p++)
    g_array_append_val (pos, p);
  g_array_sort_with_data (pos, cmp_windows, &ctx);
  for (guint i = 0; i < pos->len; i++)
    {
      const guint32 *w = &g_array_index (pos, guint32, i);
      gboolean       same = i > 0;

      for (guint k = 0; same && k < min_len; k++)
        same = seq[w[-1] + k] == seq[w[0] + k];
      if (!same)
        {
          guint32 start = i;

          g_array_append_val (bounds, start);
        }
    }
  {
    guint32 end = pos->len;

    g_array_append_val (bounds, end);
  }

  for (guint len = min_len; len <= max_len && bounds->len > 1; len++)
    {
      const guint32 *P = (const guint32 *)pos->data;

      g_array_set_size (next_pos, 0);
      g_array_set_size (next_bounds, 0);
      for (guint gi = 0; gi + 1 < bounds->len; gi++)
        {
          guint    a = g_array_index (bounds, guint32, gi);
          guint    b = g_array_index (bounds, guint32, gi + 1);
          guint    size = b - a;
          gint64   last_end = -1;
          gboolean right_closed = TRUE, left_maximal = FALSE;
          guint32  left = G_MAXUINT32;
          guint    first_new;

          if (size < 2)
            continue;
          g_array_set_size (chosen, 0);
          for (guint k = a; k < b; k++)
            if ((gint64)P[k] >= last_end)
              {
                g_array_append_val (chosen, P[k]);
                last_end = (gint64)P[k] + len;
              }
          if (chosen->len < 2)
            continue;

          for (guint k = a; k < b && !left_maximal; k++)
            {
              if (P[k] == 0 || (left != G_MAXUINT32 && seq[P[k] - 1] != left))
                left_maximal = TRUE;
              else
                left = seq[P[k] - 1];
            }

          /* the group's extensions by one kernel, by next kernel then start */
          first_new = next_pos->len;
          for (guint k = a; k < b; k++)
            if (P[k] + len < n)
              g_array_append_val (next_pos, P[k]);
          if (next_pos->len > first_new)
            {
              guint32  *np = &g_array_index (next_pos, guint32, first_new);
              guint     m = next_pos->len - first_new;
              WindowCtx one = { seq + len, 1 };

              g_qsort_with_data (np, (gint)m, sizeof (guint32), cmp_windows, &one);
              for (guint k = 0; k < m;)
                {
                  guint j = k;

                  while (j < m && seq[np[j] + len] == seq[np[k] + len])
                    j++;
                  if (j - k == size)
                    right_closed = FALSE;
                  if (j - k >= 2 && len < max_len)
                    {
                      guint32 range[2] = { first_new + k, first_new + j };

                      g_array_append_vals (next_bounds, range, 2);
                    }
                  k = j;
                }
            }

          if ((right_closed && left_maximal) || len == max_len)
            {
              Repeat rep = { len, chosen->len, 0, starts->len };

              for (guint k = 0; k < chosen->len; k++)
                {
                  guint32 s = g_array_index (chosen, guint32, k);

                  rep.total_ns += prefix_ns[s + len] - prefix_ns[s];
                }
              g_array_append_vals (starts, chosen->data, chosen->len);
              g_array_append_val (repeats, rep);
            }
        }
      g_array_set_size (pos, 0);
      g_array_set_size (bounds, 0);
      /* the extension groups of two or more become the next level */
      for (guint i = 0; i + 1 < next_bounds->len; i += 2)
        {
          guint32 from = g_array_index (next_bounds, guint32, i);
          guint32 to = g_array_index (next_bounds, guint32, i + 1);
          guint32 start = pos->len;

          g_array_append_val (bounds, start);
          g_array_append_vals (pos, &g_array_index (next_pos, guint32, from), to - from);
        }
      {
        guint32 end = pos->len;

        g_array_append_val (bounds, end);
      }
    }
}

static int
cmp_repeats (gconstpointer a,
             gconstpointer b)
{
  const Repeat *x = a;
  const Repeat *y = b;

  if (x->total_ns != y->total_ns)
    return x->total_ns > y->total_ns ? -1 : 1;
  if (x->len != y->len)
    return x->len > y->len ? -1 : 1;
  return x->off < y->off ? -1 : (x->off > y->off ? 1 : 0);
}

typedef struct
{
  guint   lane;
  GArray *events; /* guint32, by ts */
} Stream;

static HpTable *
repeated_table_new (void)
{
  HpTable *t = hp_table_new (HP_REPEATED_SEQUENCES_TABLE, "Repeated kernel sequences");

  hp_table_add_column (t, "rank", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "device", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "stream", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "length", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "count", HP_COLUMN_INT, NULL);
  hp_table_add_column (t, "total duration (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "mean duration (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "stream time (%)", HP_COLUMN_DOUBLE, "%");
  hp_table_add_column (t, "first start (us)", HP_COLUMN_DOUBLE, "us");
  hp_table_add_column (t, "kernels", HP_COLUMN_STRING, NULL);
  return t;
}

/* one stream's rows, at most @max_rows, appended to @t */
static void
stream_repeats (HpTrace      *trace,
                const HpRank *r,
                const Stream *s,
                guint         min_len,
                guint         max_len,
                guint         max_rows,
                HpTable      *t)
{
  guint               n = s->events->len;
  const guint32      *ev = (const guint32 *)s->events->data;
  g_autofree guint32 *seq = g_new (guint32, MAX (n, 1));
  g_autofree gint64  *prefix = g_new0 (gint64, n + 1);
  g_autofree guint8  *covered = g_new0 (guint8, MAX (n, 1));
  g_autoptr (GArray) repeats = g_array_new (FALSE, FALSE, sizeof (Repeat));
  g_autoptr (GArray) starts = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GString) text = g_string_new (NULL);
  guint rows = 0;

  for (guint i = 0; i < n; i++)
    {
      seq[i] = r->name[ev[i]];
      prefix[i + 1] = prefix[i] + MAX (hp_rank_dur (r, ev[i]), 0);
    }
  mine_stream (seq, prefix, n, min_len, max_len, repeats, starts);
  g_array_sort (repeats, cmp_repeats);

  /* the best repeats that mostly cover kernels no better one covers */
  for (guint i = 0; i < repeats->len && rows < max_rows; i++)
    {
      const Repeat  *rep = &g_array_index (repeats, Repeat, i);
      const guint32 *st = &g_array_index (starts, guint32, rep->off);
      guint64        seen = 0;
      guint          row;

      for (guint k = 0; k < rep->count; k++)
        for (guint j = 0; j < rep->len; j++)
          seen += covered[st[k] + j];
      if (seen * 2 > (guint64)rep->count * rep->len)
        continue;
      for (guint k = 0; k < rep->count; k++)
        memset (covered + st[k], 1, rep->len);

      g_string_truncate (text, 0);
      for (guint j = 0; j < rep->len; j++)
        {
          if (j > 0)
            g_string_append_c (text, '|');
          g_string_append (text, hp_trace_get_string (trace, seq[st[0] + j]));
        }
      row = hp_table_append_row (t);
      hp_table_set_int (t, row, 0, r->rank);
      hp_table_set_int (t, row, 1, hp_rank_pid (r, ev[0]));
      hp_table_set_int (t, row, 2, hp_rank_stream (r, ev[0]));
      hp_table_set_int (t, row, 3, rep->len);
      hp_table_set_int (t, row, 4, rep->count);
      hp_table_set_double (t, row, 5, hp_ns_to_us (rep->total_ns));
      hp_table_set_double (t, row, 6, hp_ns_to_us (rep->total_ns) / rep->count);
      hp_table_set_double (t, row, 7,
                           prefix[n] > 0 ? 100.0 * (double)rep->total_ns / (double)prefix[n] : 0.0);
      hp_table_set_double (t, row, 8, hp_ns_to_us (r->ts[ev[st[0]]]));
      hp_table_set_string (t, row, 9, text->str);
      rows++;
    }
}

/**
 * hp_repeated_sequences_table:
 * @rank: a rank
 * @min_len: the shortest sequence, in kernels (3)
 * @max_len: the longest sequence looked for (128)
 * @max_rows: the most rows per stream (20)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Beyond HTA: the kernel sequences that repeat on each GPU stream of
 * @rank, whatever operators launched them. On each stream's kernels in
 * time order it finds the maximal repeated sequences of @min_len to
 * @max_len kernels (no longer sequence has all their occurrences) that
 * occur at least twice without overlapping; it keeps those that take the
 * most kernel time, skipping one when more than half of its kernels belong
 * to a sequence already kept. These are the candidates for fusion and
 * CUDA graphs.
 *
 * Columns: `rank`, `device`, `stream`, `length` (kernels), `count`
 * (occurrences that do not overlap), `total duration (us)` (kernel time of
 * the occurrences), `mean duration (us)`, `stream time (%)` (of the
 * stream's kernel time), `first start (us)`, `kernels` (names joined by
 * `|`); by total duration, descending.
 *
 * Returns: (transfer full): `repeated_kernel_sequences`, or %NULL when
 *   cancelled
 */
HpTable *
hp_repeated_sequences_table (HpTrace      *trace,
                             const HpRank *rank,
                             guint         min_len,
                             guint         max_len,
                             guint         max_rows,
                             GCancellable *cancellable,
                             GError      **error)
{
  g_autoptr (HpTable) t = repeated_table_new ();
  g_autofree guint8 *seen = g_new0 (guint8, MAX (rank->n_events, 1));
  g_autofree int    *lane_stream = g_new (int, MAX (rank->n_lanes, 1));
  g_autoptr (GArray) streams = g_array_new (FALSE, FALSE, sizeof (Stream));
  gboolean cancelled = FALSE;

  min_len = MAX (min_len, 1);
  max_len = MAX (max_len, min_len);

  for (guint l = 0; l < rank->n_lanes; l++)
    lane_stream[l] = -1;
  for (guint i = 0; i < rank->n_rows; i++)
    {
      guint32 e = rank->rows[i];
      guint   l = hp_rank_lane (rank, e);

      if (seen[e] || rank->kind[e] != HP_EVENT_KIND_KERNEL)
        continue;
      seen[e] = 1;
      if (lane_stream[l] < 0)
        {
          Stream s = { l, g_array_new (FALSE, FALSE, sizeof (guint32)) };

          lane_stream[l] = (int)streams->len;
          g_array_append_val (streams, s);
        }
      g_array_append_val (g_array_index (streams, Stream, lane_stream[l]).events, e);
    }

  for (guint i = 0; i < streams->len; i++)
    {
      Stream *s = &g_array_index (streams, Stream, i);

      if (!cancelled)
        cancelled = g_cancellable_set_error_if_cancelled (cancellable, error);
      if (!cancelled)
        {
          g_array_sort_with_data (s->events, _hp_call_graph_cmp_by_ts, (gpointer)rank);
          stream_repeats (trace, rank, s, min_len, max_len, max_rows, t);
        }
      g_array_unref (s->events);
    }
  if (cancelled || (streams->len == 0 && g_cancellable_set_error_if_cancelled (cancellable, error)))
    return NULL;
  hp_table_sort_by_column (t, 5, TRUE);
  return g_steal_pointer (&t);
}

/**
 * hp_repeated_sequences_compute:
 *
 * The #HpAnalysisFunc of `repeated_kernel_sequences`: one table, the rows
 * of hp_repeated_sequences_table() for every selected rank, with sequences
 * of 3 to 128 kernels and at most 20 rows per stream.
 */
gboolean
hp_repeated_sequences_compute (HpTrace                *trace,
                               const HpAnalysisParams *params,
                               GPtrArray              *tables,
                               GCancellable           *cancellable,
                               GError                **error)
{
  g_autoptr (GPtrArray) ranks = hp_analysis_select_ranks (trace, params, error);
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify)hp_table_unref);

  if (ranks == NULL)
    return FALSE;
  for (guint i = 0; i < ranks->len; i++)
    {
      HpTable *t = hp_repeated_sequences_table (trace, g_ptr_array_index (ranks, i), REPEAT_MIN_LEN,
                                                REPEAT_MAX_LEN, REPEAT_MAX_ROWS, cancellable, error);

      if (t == NULL)
        return FALSE;
      g_ptr_array_add (parts, t);
    }
  if (parts->len == 0)
    g_ptr_array_add (tables, repeated_table_new ());
  else
    g_ptr_array_add (tables, hp_table_concat ((HpTable **)parts->pdata, parts->len,
                                              HP_REPEATED_SEQUENCES_TABLE, "Repeated kernel sequences"));
  return TRUE;
}

/* the descriptor of the analysis (hp-analysis-registry.c lists it) */
const HpAnalysis hp_repeated_sequences_analysis = {
  .name = HP_REPEATED_SEQUENCES_ANALYSIS,
  .title = N_ ("Repeated kernel sequences"),
  .section = "§9+",
  .func = hp_repeated_sequences_compute,
  .cost = 3,
  .tables = HP_STRV (HP_REPEATED_SEQUENCES_TABLE),
};
