/* hp-linked-events.c — the timeline events a row of an analysis table stands for.
 *
 * Linked views: a row of the Kernels, Launches or Idle time tables is shown
 * on the timeline as the events it counts. The finders select exactly the
 * events the analysis counted, by the analysis' own rules, so that a row's
 * count and its events agree:
 *
 * - a kernel of gpu_kernel_breakdown_kernels (docs/analyses.md §3.2): every
 *   GPU event (G1) of the rank's analysis rows with that name and kernel
 *   class; the `others` row: every such event whose name has no row of its
 *   own on that rank;
 * - a row of cuda_kernel_launch_stats (§6): the launch call with that
 *   correlation id (the outermost one, as the default mode keeps) and the
 *   GPU work it started;
 * - a row of idle_time_breakdown or idle_time_interval_stats (§2): the
 *   kernels after each idle gap of that category on that stream, with the
 *   gaps; the longest gap is the one shown first.
 *
 * No GTK here: the functions read the immutable trace and a table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "hp-classify.h"
#include "hp-linked-events.h"
#include "hp-linked-events-private.h"
#include "hp-rank-access.h"

G_DEFINE_BOXED_TYPE (HpLinkedEvents, hp_linked_events, hp_linked_events_copy, hp_linked_events_free)

HpLinkedEvents *
_hp_linked_new (int           rank,
                GArray       *events,
                HpLinkedFocus focus)
{
  HpLinkedEvents *self = g_new0 (HpLinkedEvents, 1);

  self->rank = rank;
  self->events = events;
  self->focus = focus;
  return self;
}

/**
 * hp_linked_events_copy:
 *
 * Returns: (transfer full): a deep copy
 */
HpLinkedEvents *
hp_linked_events_copy (const HpLinkedEvents *self)
{
  HpLinkedEvents *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = _hp_linked_new (self->rank, g_array_copy (self->events), self->focus);
  copy->gaps = self->gaps != NULL ? g_array_copy (self->gaps) : NULL;
  copy->focus_index = self->focus_index;
  copy->description = g_strdup (self->description);
  copy->others = self->others != NULL ? g_array_copy (self->others) : NULL;
  return copy;
}

void
hp_linked_events_free (HpLinkedEvents *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->events, g_array_unref);
  g_clear_pointer (&self->gaps, g_array_unref);
  g_clear_pointer (&self->others, g_array_unref);
  g_free (self->description);
  g_free (self);
}

/**
 * hp_linked_events_get_span:
 * @trace: the trace the events are of
 * @start: (out): the earliest start, ns
 * @end: (out): the latest end, ns
 *
 * The time from the first event's start to the last event's end, gaps
 * included; [0, 0) when there are no events.
 */
void
hp_linked_events_get_span (const HpLinkedEvents *self,
                           HpTrace              *trace,
                           gint64               *start,
                           gint64               *end)
{
  const HpRank *r;
  gint64        a = G_MAXINT64, b = G_MININT64;

  g_return_if_fail (self != NULL);
  g_return_if_fail (trace != NULL);

  r = hp_trace_find_rank (trace, self->rank);
  for (guint i = 0; r != NULL && i < self->events->len; i++)
    {
      guint32 e = g_array_index (self->events, guint32, i);

      a = MIN (a, hp_rank_get_event_start (r, e));
      b = MAX (b, hp_rank_get_event_end (r, e));
    }
  for (guint i = 0; self->gaps != NULL && i < self->gaps->len; i++)
    {
      const HpLinkedGap *gap = &g_array_index (self->gaps, HpLinkedGap, i);

      a = MIN (a, MIN (gap->start, gap->end));
      b = MAX (b, MAX (gap->start, gap->end));
    }
  if (a > b)
    a = b = 0;
  *start = a;
  *end = b;
}

/* Sorting: start time, then position (the timeline's highlight order) */

int
_hp_linked_cmp_by_start (gconstpointer a,
                         gconstpointer b,
                         gpointer      user_data)
{
  const HpRank *r = user_data;
  guint32       x = *(const guint32 *)a;
  guint32       y = *(const guint32 *)b;

  if (r->ts[x] != r->ts[y])
    return r->ts[x] < r->ts[y] ? -1 : 1;
  return (x > y) - (x < y);
}

/* sorts @events by start and drops repeats (HTA-compatibility mode repeats
 * kernel rows, docs/trace-format.md §8) */
static void
sort_unique (const HpRank *r,
             GArray       *events)
{
  guint n = 0;

  g_array_sort_with_data (events, _hp_linked_cmp_by_start, (gpointer)r);
  for (guint i = 0; i < events->len; i++)
    if (n == 0 || g_array_index (events, guint32, i) != g_array_index (events, guint32, n - 1))
      g_array_index (events, guint32, n++) = g_array_index (events, guint32, i);
  g_array_set_size (events, n);
}

/* Finders */

/**
 * hp_linked_find_kernels:
 * @trace: a loaded trace
 * @rank: one of its ranks
 * @kclass: the kernel class (the table's `kernel_type`)
 * @name: (nullable): a kernel name, or %NULL for every kernel of @kclass
 *   but those named in @excluded (the `others` row)
 * @excluded: (nullable) (array zero-terminated=1): names left out when
 *   @name is %NULL
 *
 * The kernel instances gpu_kernel_breakdown counts for one row of its
 * kernels table (docs/analyses.md §3.2): GPU events of the analysis rows.
 *
 * Returns: (transfer full) (element-type guint32): event positions, by
 *   start time
 */
GArray *
hp_linked_find_kernels (HpTrace           *trace,
                        const HpRank      *rank,
                        HpKernelClass      kclass,
                        const char        *name,
                        const char *const *excluded)
{
  GArray *events = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GHashTable) skip = g_hash_table_new (NULL, NULL);
  guint32 name_id = HP_NO_STRING;

  g_return_val_if_fail (trace != NULL, events);
  g_return_val_if_fail (rank != NULL, events);

  if (name != NULL)
    {
      name_id = hp_trace_lookup_string (trace, name);
      if (name_id == HP_NO_STRING)
        return events;
    }
  for (guint i = 0; name == NULL && excluded != NULL && excluded[i] != NULL; i++)
    {
      guint32 id = hp_trace_lookup_string (trace, excluded[i]);

      if (id != HP_NO_STRING)
        g_hash_table_add (skip, GUINT_TO_POINTER (id));
    }

  for (guint k = 0; k < rank->n_rows; k++)
    {
      guint32 e = rank->rows[k];

      if (!(rank->flags[e] & HP_EVENT_G1) || rank->kclass[e] != kclass)
        continue;
      if (name != NULL ? rank->name[e] != name_id : g_hash_table_contains (skip, GUINT_TO_POINTER (rank->name[e])))
        continue;
      g_array_append_val (events, e);
    }
  sort_unique (rank, events);
  return events;
}

/**
 * hp_linked_find_launch:
 * @trace: a loaded trace
 * @rank: one of its ranks
 * @correlation: a correlation id of cuda_kernel_launch_stats
 *
 * The launch call with @correlation and the GPU work it started (docs/analyses.md
 * §6). Of several host calls sharing the id (a runtime call
 * wrapping a driver call) only the outermost is taken, as the default mode
 * counts it: the earliest, then the longest.
 *
 * Returns: (transfer full) (element-type guint32): event positions, by
 *   start time: the launch call first
 */
GArray *
hp_linked_find_launch (HpTrace      *trace,
                       const HpRank *rank,
                       gint64        correlation)
{
  GArray *events = g_array_new (FALSE, FALSE, sizeof (guint32));
  gint64  launch = -1;

  g_return_val_if_fail (trace != NULL, events);
  g_return_val_if_fail (rank != NULL, events);

  if (correlation < 0)
    return events;
  for (guint k = 0; k < rank->n_rows; k++)
    {
      guint32 e = rank->rows[k];

      if (hp_rank_correlation (rank, e) != correlation)
        continue;
      if (rank->flags[e] & HP_EVENT_G1)
        g_array_append_val (events, e);
      else if (rank->kind[e] == HP_EVENT_KIND_RUNTIME &&
               (launch < 0 || rank->ts[e] < rank->ts[launch] ||
                (rank->ts[e] == rank->ts[launch] && hp_rank_dur (rank, e) > hp_rank_dur (rank, launch))))
        launch = e;
    }
  if (launch >= 0)
    {
      guint32 e = (guint32)launch;

      g_array_append_val (events, e);
    }
  sort_unique (rank, events);
  return events;
}

/* Table rows */

/* An integer cell by column name; FALSE when missing or null */
gboolean
_hp_linked_cell_int (HpTable    *table,
                     guint       row,
                     const char *column,
                     gint64     *value)
{
  int c = hp_table_find_column (table, column);

  if (c < 0 || row >= hp_table_get_n_rows (table) || hp_table_is_null (table, row, (guint)c))
    return FALSE;
  if (hp_table_get_column_type (table, (guint)c) == HP_COLUMN_INT)
    *value = hp_table_get_int (table, row, (guint)c);
  else if (hp_table_get_column_type (table, (guint)c) == HP_COLUMN_DOUBLE)
    *value = (gint64)hp_table_get_double (table, row, (guint)c);
  else
    return FALSE;
  return TRUE;
}

const char *
_hp_linked_cell_string (HpTable    *table,
                        guint       row,
                        const char *column)
{
  int c = hp_table_find_column (table, column);

  if (c < 0 || row >= hp_table_get_n_rows (table) || hp_table_get_column_type (table, (guint)c) != HP_COLUMN_STRING)
    return NULL;
  return hp_table_get_string (table, row, (guint)c);
}

const HpRank *
_hp_linked_row_rank (HpTrace *trace,
                     HpTable *table,
                     guint    row)
{
  gint64 rank;

  if (!_hp_linked_cell_int (table, row, "rank", &rank) || rank < G_MININT || rank > G_MAXINT)
    return NULL;
  return hp_trace_find_rank (trace, (int)rank);
}

static gboolean
kernel_class_from_string (const char    *text,
                          HpKernelClass *kclass)
{
  for (int c = 0; c < HP_N_KERNEL_CLASSES; c++)
    if (g_strcmp0 (text, hp_kernel_class_to_string ((HpKernelClass)c)) == 0)
      {
        *kclass = (HpKernelClass)c;
        return TRUE;
      }
  return FALSE;
}

/**
 * hp_linked_events_for_kernel_row:
 * @trace: the trace the table was computed from
 * @kernels: a gpu_kernel_breakdown_kernels table
 * @row: one of its rows
 * @params: unused
 *
 * The instances of the row's kernel on the row's rank, the first one in
 * focus; for `others`, the instances of every kernel of that type and rank
 * without a row of its own. Their number is the row's `count`.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when the row
 *   stands for none
 */
HpLinkedEvents *
hp_linked_events_for_kernel_row (HpTrace                *trace,
                                 HpTable                *kernels,
                                 guint                   row,
                                 const HpAnalysisParams *params)
{
  const HpRank   *r;
  const char     *name = _hp_linked_cell_string (kernels, row, "name");
  const char     *type = _hp_linked_cell_string (kernels, row, "kernel_type");
  HpKernelClass   kclass;
  HpLinkedEvents *linked;
  GArray         *events;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (kernels != NULL, NULL);

  r = _hp_linked_row_rank (trace, kernels, row);
  if (r == NULL || name == NULL || !kernel_class_from_string (type, &kclass))
    return NULL;

  if (g_str_equal (name, "others"))
    {
      g_autoptr (GPtrArray) named = g_ptr_array_new ();

      /* every kernel of the type listed by name on this rank */
      for (guint i = 0; i < hp_table_get_n_rows (kernels); i++)
        {
          const char *other = _hp_linked_cell_string (kernels, i, "name");
          gint64      rank;

          if (other != NULL && !g_str_equal (other, "others") && g_strcmp0 (_hp_linked_cell_string (kernels, i, "kernel_type"), type) == 0 &&
              _hp_linked_cell_int (kernels, i, "rank", &rank) && rank == r->rank)
            g_ptr_array_add (named, (gpointer)other);
        }
      g_ptr_array_add (named, NULL);
      events = hp_linked_find_kernels (trace, r, kclass, NULL, (const char *const *)named->pdata);
    }
  else
    events = hp_linked_find_kernels (trace, r, kclass, name, NULL);

  if (events->len == 0)
    {
      g_array_unref (events);
      return NULL;
    }
  linked = _hp_linked_new (r->rank, events, HP_LINKED_FOCUS_ONE);
  if (g_str_equal (name, "others"))
    /* Translators: a count, a kernel type (COMPUTATION, MEMORY …), a rank */
    linked->description = g_strdup_printf (ngettext ("%u other %s kernel on rank %d", "%u other %s kernels on rank %d", events->len),
                                           events->len, type, r->rank);
  else
    {
      g_autofree char *short_name = hp_shorten_name (name);

      /* Translators: a count, a kernel name, a rank */
      linked->description = g_strdup_printf (ngettext ("%u instance of %s on rank %d", "%u instances of %s on rank %d", events->len),
                                             events->len, short_name, r->rank);
    }
  return linked;
}

/**
 * hp_linked_events_for_launch_row:
 * @trace: the trace the table was computed from
 * @stats: a cuda_kernel_launch_stats table
 * @row: one of its rows
 * @params: unused
 *
 * The row's launch call and the GPU work it started, all shown at once so
 * that the launch delay between them is in view; the launch call is in
 * focus.
 *
 * Returns: (transfer full) (nullable): the events, or %NULL when the row
 *   stands for none
 */
HpLinkedEvents *
hp_linked_events_for_launch_row (HpTrace                *trace,
                                 HpTable                *stats,
                                 guint                   row,
                                 const HpAnalysisParams *params)
{
  const HpRank    *r;
  gint64           correlation;
  GArray          *events;
  HpLinkedEvents  *linked;
  guint            n_gpu = 0;
  g_autofree char *id = NULL;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (stats != NULL, NULL);

  r = _hp_linked_row_rank (trace, stats, row);
  if (r == NULL || !_hp_linked_cell_int (stats, row, "correlation", &correlation))
    return NULL;
  events = hp_linked_find_launch (trace, r, correlation);
  if (events->len == 0)
    {
      g_array_unref (events);
      return NULL;
    }
  for (guint i = 0; i < events->len; i++)
    n_gpu += (r->flags[g_array_index (events, guint32, i)] & HP_EVENT_G1) != 0;

  linked = _hp_linked_new (r->rank, events, HP_LINKED_FOCUS_ALL);
  id = g_strdup_printf ("%" G_GINT64_FORMAT, correlation);
  if (n_gpu == 0)
    /* Translators: a correlation id, a rank */
    linked->description = g_strdup_printf (_ ("Launch %s on rank %d"), id, r->rank);
  else
    /* Translators: a correlation id, a rank, then how many kernels the launch started */
    linked->description = g_strdup_printf (ngettext ("Launch %s on rank %d and the kernel it started",
                                                     "Launch %s on rank %d and the %u kernels it started", n_gpu),
                                           id, r->rank, n_gpu);
  return linked;
}
