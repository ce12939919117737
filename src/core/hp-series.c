/* hp-series.c — a value over trace time, as the analyses hand it to views: counter and memory tracks.
 *
 * The timeline draws its counter and memory tracks from a list of these,
 * whatever analysis made them: the queue length and memory bandwidth
 * (hp-counter-series.c), the memory allocated and reserved
 * (hp-memory-series.c). A view needs no knowledge of the analysis: the
 * series carries its name (translatable), unit, rank, colour slot and
 * where its peak is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-series.h"

static char *
substitute (const char *format,
            const char *arg)
{
  const char *at = strstr (format, "%s");
  GString    *s;

  if (at == NULL)
    return g_strdup (format);
  s = g_string_new_len (format, at - format);
  g_string_append (s, arg != NULL ? arg : "");
  g_string_append (s, at + 2);
  return g_string_free (s, FALSE);
}

/**
 * hp_series_new:
 * @title: its name, the trace's own words (not translated)
 * @unit: (nullable): the unit of its values, %NULL for a count
 * @rank: the rank it is of
 *
 * Returns: (transfer full): a series without points
 */
HpSeries *
hp_series_new (const char *title,
               const char *unit,
               int         rank)
{
  HpSeries *self = g_new0 (HpSeries, 1);

  g_return_val_if_fail (title != NULL, NULL);

  g_atomic_ref_count_init (&self->ref_count);
  self->title = g_strdup (title);
  self->unit = g_strdup (unit);
  self->rank = rank;
  self->key = -1;
  self->peak = -1;
  return self;
}

/**
 * hp_series_new_translatable:
 * @title_msgid: a static string marked with N_(), with one `%s`
 * @title_arg: (nullable): what stands for the `%s`
 * @unit: (nullable): the unit of its values
 * @rank: the rank it is of
 *
 * Returns: (transfer full): a series whose name views translate
 *   (hp_series_dup_title())
 */
HpSeries *
hp_series_new_translatable (const char *title_msgid,
                            const char *title_arg,
                            const char *unit,
                            int         rank)
{
  g_autofree char *title = NULL;
  HpSeries        *self;

  g_return_val_if_fail (title_msgid != NULL, NULL);

  title = substitute (title_msgid, title_arg);
  self = hp_series_new (title, unit, rank);
  self->title_msgid = title_msgid;
  self->title_arg = g_strdup (title_arg);
  return self;
}

HpSeries *
hp_series_ref (HpSeries *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
hp_series_unref (HpSeries *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->title);
  g_free (self->title_arg);
  g_free (self->id);
  g_free (self->unit);
  g_free (self->ts);
  g_free (self->values);
  g_free (self);
}

/**
 * hp_series_set_id:
 * @format: printf()-style, the series' identity within its rank
 *
 * Sets @id, while the series is being made.
 */
void
hp_series_set_id (HpSeries   *self,
                  const char *format,
                  ...)
{
  va_list args;

  g_return_if_fail (self != NULL && format != NULL);

  g_free (self->id);
  va_start (args, format);
  self->id = g_strdup_vprintf (format, args);
  va_end (args);
}

/**
 * hp_series_get_id:
 *
 * Returns: the series' identity within its rank: @id, or @title for a
 *   series made without one
 */
const char *
hp_series_get_id (const HpSeries *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->id != NULL ? self->id : self->title;
}

/**
 * hp_series_add_point:
 * @ts: ns, at or after the last point
 * @value: the value from @ts on
 *
 * Appends a point while the series is being made. Of several points at
 * one time the last one holds, but every one counts for @max_value (a
 * short peak stays on the scale).
 */
void
hp_series_add_point (HpSeries *self,
                     gint64    ts,
                     double    value)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->n_points == 0 || ts >= self->ts[self->n_points - 1]);

  if (self->n_points > 0 && self->ts[self->n_points - 1] == ts)
    self->n_points--;
  if (self->n_points == self->capacity)
    {
      self->capacity = MAX (16, self->capacity * 2);
      self->ts = g_renew (gint64, self->ts, self->capacity);
      self->values = g_renew (double, self->values, self->capacity);
    }
  self->ts[self->n_points] = ts;
  self->values[self->n_points] = value;
  if (self->peak < 0 || value > self->max_value)
    {
      self->max_value = MAX (value, 0.0);
      self->peak = (int)self->n_points;
    }
  else if ((guint)self->peak >= self->n_points)
    /* the point of the peak was replaced by a later one at its time */
    self->peak = (int)self->n_points;
  self->n_points++;
}

/**
 * hp_series_count_until:
 *
 * Returns: how many points are at or before @t
 */
guint
hp_series_count_until (const HpSeries *self,
                       gint64          t)
{
  guint lo = 0, hi;

  g_return_val_if_fail (self != NULL, 0);

  hi = self->n_points;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->ts[mid] <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * hp_series_value_at:
 *
 * Returns: the value at @t: that of the last point at or before it, 0
 *   before the first
 */
double
hp_series_value_at (const HpSeries *self,
                    gint64          t)
{
  guint n = hp_series_count_until (self, t);

  return n == 0 ? 0.0 : self->values[n - 1];
}

/**
 * hp_series_dup_title:
 * @domain: (nullable): the gettext domain to translate the words in,
 *   %NULL for English
 *
 * Returns: (transfer full): the name to show, with its unit in brackets
 */
char *
hp_series_dup_title (const HpSeries *self,
                     const char     *domain)
{
  g_autofree char *title = NULL;

  g_return_val_if_fail (self != NULL, NULL);

  if (domain != NULL && self->title_msgid != NULL)
    title = substitute (g_dgettext (domain, self->title_msgid), self->title_arg);
  else
    title = g_strdup (self->title);
  if (self->unit == NULL)
    return g_steal_pointer (&title);
  return g_strdup_printf ("%s (%s)", title, self->unit);
}

/**
 * hp_series_list_new:
 *
 * Returns: (transfer full) (element-type HpSeries): an empty list that
 *   owns its series
 */
GPtrArray *
hp_series_list_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify)hp_series_unref);
}
