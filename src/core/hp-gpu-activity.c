/* hp-gpu-activity.c — a rank's GPU activities, per device, as the breakdowns read them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "hp-analysis.h"
#include "hp-gpu-activity-private.h"

static int
cmp_activity (const void *a,
              const void *b)
{
  const HpGpuActivity *x = a;
  const HpGpuActivity *y = b;

  if (x->device != y->device)
    return x->device < y->device ? -1 : 1;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

/**
 * _hp_gpu_activities_collect:
 * @self: the buffer to fill
 * @rank: a rank
 * @classes: the kernel classes to keep, a mask of HP_GPU_CLASS() bits
 * @per_device: whether the activities keep their device (the default
 *   mode) or all count as one (HTA-compatibility mode)
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * Fills @self with the G1 rows of @rank of the kernel classes in
 * @classes, in row order.
 *
 * Returns: %TRUE, or %FALSE with %G_IO_ERROR_CANCELLED
 */
gboolean
_hp_gpu_activities_collect (HpGpuActivities *self,
                            const HpRank    *rank,
                            guint            classes,
                            gboolean         per_device,
                            GCancellable    *cancellable,
                            GError         **error)
{
  const HpRank *r = rank;

  if (r->n_rows > self->capacity)
    {
      self->capacity = r->n_rows;
      g_free (self->items);
      self->items = g_new (HpGpuActivity, self->capacity);
    }

  self->n = 0;
  for (guint i = 0; i < r->n_rows; i++)
    {
      guint          e = r->rows[i];
      HpGpuActivity *act;

      if (hp_analysis_check_cancelled (cancellable, i, error))
        return FALSE;
      if (!(r->flags[e] & HP_EVENT_G1) || r->kclass[e] >= HP_N_KERNEL_CLASSES ||
          !(classes & HP_GPU_CLASS (r->kclass[e])))
        continue;
      act = &self->items[self->n++];
      act->device = per_device ? hp_rank_pid (r, e) : 0;
      act->start = r->ts[e];
      act->end = hp_rank_end (r, e);
      act->event = e;
      act->kclass = r->kclass[e];
    }
  return TRUE;
}

/**
 * _hp_gpu_activities_group_by_device:
 * @self: collected activities
 *
 * Brings the activities of each device together, devices ascending. Each
 * device's activities are then in time order; with one device, as usual,
 * they stay in row order.
 */
void
_hp_gpu_activities_group_by_device (HpGpuActivities *self)
{
  for (gsize i = 1; i < self->n; i++)
    if (self->items[i].device != self->items[0].device)
      {
        qsort (self->items, self->n, sizeof *self->items, cmp_activity);
        return;
      }
}

/**
 * _hp_gpu_activities_device_end:
 * @self: activities grouped by device
 * @first: the first activity of a device
 *
 * Returns: the position after the last activity of that device
 */
gsize
_hp_gpu_activities_device_end (const HpGpuActivities *self,
                               gsize                  first)
{
  gsize last = first + 1;

  while (last < self->n && self->items[last].device == self->items[first].device)
    last++;
  return last;
}

/**
 * _hp_gpu_activities_scratch:
 * @self: collected activities
 * @which: 0, 1 or 2: one of three buffers
 *
 * Returns: (transfer none): a buffer with room for @self->n intervals,
 *   valid until @self is filled or cleared again
 */
HpInterval *
_hp_gpu_activities_scratch (HpGpuActivities *self,
                            guint            which)
{
  g_assert (which < G_N_ELEMENTS (self->intervals));

  if (self->intervals_capacity[which] < MAX (self->n, 1))
    {
      self->intervals_capacity[which] = MAX (self->capacity, 1);
      g_free (self->intervals[which]);
      self->intervals[which] = g_new (HpInterval, self->intervals_capacity[which]);
    }
  return self->intervals[which];
}

/**
 * _hp_gpu_activities_foreach_device:
 * @trace: a loaded trace
 * @params: the analysis parameters (only the rank selection is used)
 * @classes: the kernel classes to keep, a mask of HP_GPU_CLASS() bits
 * @func: called once per device of each selected rank, devices ascending,
 *   and once with no device for a rank without activities; in
 *   HTA-compatibility mode the devices of a rank are taken together
 * @user_data: passed to @func
 * @cancellable: (nullable): a #GCancellable
 * @error: return location for a #GError
 *
 * The loop of the breakdowns that measure each GPU on its own (docs/analyses.md
 * §1, §5).
 *
 * Returns: %TRUE, or %FALSE with %HP_ANALYSIS_ERROR_NO_SUCH_RANK for a
 *   selected rank that is not in @trace, or %G_IO_ERROR_CANCELLED
 */
gboolean
_hp_gpu_activities_foreach_device (HpTrace                *trace,
                                   const HpAnalysisParams *params,
                                   guint                   classes,
                                   HpGpuDeviceFunc         func,
                                   gpointer                user_data,
                                   GCancellable           *cancellable,
                                   GError                **error)
{
  g_auto (HpGpuActivities) acts = { 0 };
  g_autoptr (GPtrArray) ranks = hp_analysis_select_ranks (trace, params, error);
  gboolean per_device = hp_trace_get_mode (trace) == HP_MODE_DEFAULT;

  if (ranks == NULL)
    return FALSE;

  for (guint k = 0; k < ranks->len; k++)
    {
      const HpRank *r = g_ptr_array_index (ranks, k);
      HpInterval   *scratch[G_N_ELEMENTS (acts.intervals)];

      if (!_hp_gpu_activities_collect (&acts, r, classes, per_device, cancellable, error))
        return FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (scratch); i++)
        scratch[i] = _hp_gpu_activities_scratch (&acts, i);
      if (acts.n == 0)
        {
          func (r, NULL, acts.items, 0, scratch, user_data);
          continue;
        }

      _hp_gpu_activities_group_by_device (&acts);
      for (gsize first = 0, last; first < acts.n; first = last)
        {
          last = _hp_gpu_activities_device_end (&acts, first);
          func (r, &acts.items[first].device, acts.items + first, last - first, scratch, user_data);
        }
    }
  return TRUE;
}

/**
 * _hp_gpu_set_device_cell:
 * @table: a table with an integer device column
 * @row: a row
 * @column: the device column
 * @device: (nullable): the device, or %NULL (a rank without activities)
 *   for a null cell
 */
void
_hp_gpu_set_device_cell (HpTable      *table,
                         guint         row,
                         guint         column,
                         const gint64 *device)
{
  if (device != NULL)
    hp_table_set_int (table, row, column, *device);
  else
    hp_table_set_null (table, row, column);
}

/**
 * _hp_gpu_activities_clear:
 * @self: a buffer
 *
 * Frees what @self holds.
 */
void
_hp_gpu_activities_clear (HpGpuActivities *self)
{
  g_clear_pointer (&self->items, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (self->intervals); i++)
    {
      g_clear_pointer (&self->intervals[i], g_free);
      self->intervals_capacity[i] = 0;
    }
  self->n = self->capacity = 0;
}
