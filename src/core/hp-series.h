/* hp-series.h — a value over trace time, as the analyses hand it to views: counter and memory tracks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <gio/gio.h>

#include "hp-analysis.h"
#include "hp-table.h"
#include "hp-trace.h"

G_BEGIN_DECLS

/**
 * HpSeries:
 * @title: the name in English, without the unit ("Queue · stream 7",
 *   "Memcpy HtoD", "Allocated · cuda:0")
 * @title_msgid: (nullable): the untranslated words of @title with one `%s`
 *   for @title_arg, for hp_series_dup_title() to translate; %NULL when
 *   @title is the trace's own words
 * @title_arg: (nullable): what replaces the `%s` of @title_msgid
 * @unit: (nullable): the unit of the values ("GB/s", "GB"), %NULL for a
 *   count
 * @rank: the rank the series is of
 * @key: what the series is of within its rank (a queue's stream), or -1
 * @id: (nullable): what the series is, stable from one run of the
 *   analysis to the next and unique within its rank, as "queue:stream:7",
 *   "memory_bw:Memcpy HtoD" or "memory:cuda:0:allocated": what a view
 *   remembers a track by (hp_series_get_id())
 * @color: a slot of the categorical palette to draw it in
 * @integral: the values are counts (printed without decimals)
 * @mark_peak: views mark the point at @peak
 * @n_points: number of points
 * @ts: (array length=n_points): times, ns, ascending, no two equal
 * @values: (array length=n_points): the value from each point until the
 *   next
 * @max_value: the largest value given (the vertical scale), at least 0
 * @peak: the first point holding @max_value, or -1 without points
 *
 * A step function of trace time that an analysis makes for the views
 * (the timeline's counter and memory tracks): a GTK-free list of points
 * with what a view needs to name and scale it. Immutable once made, so
 * any thread may read it; shared by reference.
 */
typedef struct
{
  char       *title;
  const char *title_msgid;
  char       *title_arg;
  char       *unit;
  int         rank;
  gint64      key;
  char       *id;
  guint       color;
  gboolean    integral;
  gboolean    mark_peak;
  guint       n_points;
  gint64     *ts;
  double     *values;
  double      max_value;
  int         peak;

  /*< private >*/
  guint           capacity;
  gatomicrefcount ref_count;
} HpSeries;

HpSeries   *hp_series_new (const char *title,
                           const char *unit,
                           int         rank);
HpSeries   *hp_series_new_translatable (const char *title_msgid,
                                        const char *title_arg,
                                        const char *unit,
                                        int         rank);
HpSeries   *hp_series_ref (HpSeries *self);
void        hp_series_unref (HpSeries *self);
void        hp_series_add_point (HpSeries *self,
                                 gint64    ts,
                                 double    value);
guint       hp_series_count_until (const HpSeries *self,
                                   gint64          t);
double      hp_series_value_at (const HpSeries *self,
                                gint64          t);
char       *hp_series_dup_title (const HpSeries *self,
                                 const char     *domain);
void        hp_series_set_id (HpSeries   *self,
                              const char *format,
                              ...) G_GNUC_PRINTF (2, 3);
const char *hp_series_get_id (const HpSeries *self);

GPtrArray *hp_series_list_new (void);

GPtrArray *hp_counter_series_for_rank (HpTrace      *trace,
                                       const HpRank *rank,
                                       GCancellable *cancellable);

GPtrArray *hp_memory_series_from_table (HpTable *timeline);
gpointer   hp_memory_payload (HpTrace                *trace,
                              const HpAnalysisParams *params,
                              GPtrArray              *tables,
                              GCancellable           *cancellable,
                              GError                **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpSeries, hp_series_unref)

G_END_DECLS
