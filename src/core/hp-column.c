/* hp-column.c — narrow integer columns: writing cells and the side list of wide values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-column.h"

/* ---------------------------------------------------------------------------
 * Wide values: (event, value) pairs sorted by event
 * ------------------------------------------------------------------------- */

/* the first index whose position is >= @pos */
static guint
wide_lower_bound (const HpWideValues *wide,
                  guint               pos)
{
  guint lo = 0, hi = wide->n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (wide->pos[mid] < pos)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

gint64
_hp_wide_values_get (const HpWideValues *wide,
                     guint               pos)
{
  guint k = wide_lower_bound (wide, pos);

  /* a wide cell always has its entry: set() puts it before marking the cell */
  g_return_val_if_fail (k < wide->n && wide->pos[k] == pos, -1);
  return wide->value[k];
}

/* Writers go in event order (the parser, the derive passes), so the usual
 * case appends; a later write of an earlier event inserts in place. */
static void
wide_put (HpWideValues *wide,
          guint         pos,
          gint64        value)
{
  guint k = wide->n > 0 && wide->pos[wide->n - 1] < pos ? wide->n : wide_lower_bound (wide, pos);

  if (k < wide->n && wide->pos[k] == pos)
    {
      wide->value[k] = value;
      return;
    }
  if (wide->n == wide->capacity)
    {
      wide->capacity = wide->capacity < 16 ? 16 : wide->capacity * 2;
      wide->pos = g_renew (guint32, wide->pos, wide->capacity);
      wide->value = g_renew (gint64, wide->value, wide->capacity);
    }
  memmove (wide->pos + k + 1, wide->pos + k, (wide->n - k) * sizeof (guint32));
  memmove (wide->value + k + 1, wide->value + k, (wide->n - k) * sizeof (gint64));
  wide->pos[k] = pos;
  wide->value[k] = value;
  wide->n++;
}

static void
wide_copy (HpWideValues       *dest,
           const HpWideValues *src)
{
  dest->n = src->n;
  dest->capacity = src->n;
  dest->pos = src->n > 0 ? g_memdup2 (src->pos, src->n * sizeof (guint32)) : NULL;
  dest->value = src->n > 0 ? g_memdup2 (src->value, src->n * sizeof (gint64)) : NULL;
}

static void
wide_clear (HpWideValues *wide)
{
  g_clear_pointer (&wide->pos, g_free);
  g_clear_pointer (&wide->value, g_free);
  wide->n = wide->capacity = 0;
}

/* @value − @base when it lies in [@lo, @hi], without overflowing */
static gboolean
fits (gint64  value,
      gint64  base,
      gint64  lo,
      gint64  hi,
      gint64 *out)
{
  gint64 d;

  if (__builtin_sub_overflow (value, base, &d) || d < lo || d > hi)
    return FALSE;
  *out = d;
  return TRUE;
}

/* ---------------------------------------------------------------------------
 * 32-bit cells
 * ------------------------------------------------------------------------- */

void
_hp_column32_init (HpColumn32 *self,
                   gint64      base,
                   gboolean    base_set)
{
  memset (self, 0, sizeof *self);
  self->base = base;
  self->base_set = base_set;
}

void
_hp_column32_resize (HpColumn32 *self,
                     guint       capacity)
{
  self->cells = g_renew (gint32, self->cells, MAX (capacity, 1));
}

void
_hp_column32_set (HpColumn32 *self,
                  guint       i,
                  gint64      value)
{
  gint64 d;

  if (value == -1)
    {
      self->cells[i] = HP_CELL32_NONE;
      return;
    }
  if (!self->base_set)
    {
      self->base = value;
      self->base_set = TRUE;
    }
  if (fits (value, self->base, HP_CELL32_WIDE + 1, G_MAXINT32, &d))
    self->cells[i] = (gint32)d;
  else
    {
      wide_put (&self->wide, i, value);
      self->cells[i] = HP_CELL32_WIDE;
    }
}

void
_hp_column32_copy (HpColumn32       *dest,
                   const HpColumn32 *src,
                   guint             n)
{
  *dest = *src;
  dest->cells = g_memdup2 (src->cells, MAX (n, 1) * sizeof (gint32));
  wide_copy (&dest->wide, &src->wide);
}

void
_hp_column32_clear (HpColumn32 *self)
{
  g_clear_pointer (&self->cells, g_free);
  wide_clear (&self->wide);
}

/* ---------------------------------------------------------------------------
 * 16-bit cells
 * ------------------------------------------------------------------------- */

void
_hp_column16_init (HpColumn16 *self,
                   gint64      base,
                   gboolean    base_set)
{
  memset (self, 0, sizeof *self);
  self->base = base;
  self->base_set = base_set;
}

void
_hp_column16_resize (HpColumn16 *self,
                     guint       capacity)
{
  self->cells = g_renew (gint16, self->cells, MAX (capacity, 1));
}

void
_hp_column16_set (HpColumn16 *self,
                  guint       i,
                  gint64      value)
{
  gint64 d;

  if (value == -1)
    {
      self->cells[i] = HP_CELL16_NONE;
      return;
    }
  if (!self->base_set)
    {
      self->base = value;
      self->base_set = TRUE;
    }
  if (fits (value, self->base, HP_CELL16_WIDE + 1, G_MAXINT16, &d))
    self->cells[i] = (gint16)d;
  else
    {
      wide_put (&self->wide, i, value);
      self->cells[i] = HP_CELL16_WIDE;
    }
}

void
_hp_column16_copy (HpColumn16       *dest,
                   const HpColumn16 *src,
                   guint             n)
{
  *dest = *src;
  dest->cells = g_memdup2 (src->cells, MAX (n, 1) * sizeof (gint16));
  wide_copy (&dest->wide, &src->wide);
}

void
_hp_column16_clear (HpColumn16 *self)
{
  g_clear_pointer (&self->cells, g_free);
  wide_clear (&self->wide);
}
