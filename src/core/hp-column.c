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

/**
 * _hp_lower_bound_u32:
 * @values: (array length=n): ascending
 *
 * Returns: the first index whose value is >= @x, or @n
 */
guint
_hp_lower_bound_u32 (const guint32 *values,
                     guint          n,
                     guint32        x)
{
  guint lo = 0, hi = n;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (values[mid] < x)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/**
 * hp_hash_mix64:
 * @value: any 64-bit value
 *
 * A hash of all 64 bits (the finaliser of MurmurHash3): keys that differ
 * only in their high bits, as memory addresses and large ids do, spread
 * over the buckets. GLib's g_int64_hash() and g_direct_hash() keep only
 * the low 32 bits on some versions, which makes such keys collide.
 *
 * Returns: the hash
 */
guint
hp_hash_mix64 (guint64 value)
{
  value ^= value >> 33;
  value *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  value ^= value >> 33;
  value *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  value ^= value >> 33;
  return (guint)value;
}

/**
 * hp_int64_key_hash:
 * @key: a value made with HP_INT64_KEY()
 *
 * The #GHashFunc of tables keyed by HP_INT64_KEY(), with g_direct_equal().
 */
guint
hp_int64_key_hash (gconstpointer key)
{
  return hp_hash_mix64 ((guint64)HP_KEY_INT64 (key));
}

/**
 * hp_int64_hash:
 * @key: a pointer to a #gint64
 *
 * The #GHashFunc of tables keyed by pointers to 64-bit values, with
 * hp_int64_equal(): g_int64_hash() with every bit mixed in.
 */
guint
hp_int64_hash (gconstpointer key)
{
  return hp_hash_mix64 ((guint64) * (const gint64 *)key);
}

gboolean
hp_int64_equal (gconstpointer a,
                gconstpointer b)
{
  return *(const gint64 *)a == *(const gint64 *)b;
}

/* the first index whose position is >= @pos */
static guint
wide_lower_bound (const HpWideValues *wide,
                  guint               pos)
{
  return _hp_lower_bound_u32 (wide->pos, wide->n, pos);
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

/* The cell for @value: @none for −1, its distance from the base when that
 * lies in [@lo, @hi], else @wide_cell with the value put in the side list.
 * The first value other than −1 sets a base not set yet. */
static gint64
encode (gint64       *base,
        gboolean     *base_set,
        HpWideValues *wide,
        guint         i,
        gint64        value,
        gint64        none,
        gint64        wide_cell,
        gint64        hi)
{
  gint64 d;

  if (value == -1)
    return none;
  if (!*base_set)
    {
      *base = value;
      *base_set = TRUE;
    }
  if (!__builtin_sub_overflow (value, *base, &d) && d > wide_cell && d <= hi)
    return d;
  wide_put (wide, i, value);
  return wide_cell;
}

/* ---------------------------------------------------------------------------
 * 32- and 16-bit cells: the same code over two cell types
 * ------------------------------------------------------------------------- */

#define DEFINE_COLUMN(bits)                                                                           \
  void _hp_column##bits##_init (HpColumn##bits *self, gint64 base, gboolean base_set)                 \
  {                                                                                                   \
    memset (self, 0, sizeof *self);                                                                   \
    self->base = base;                                                                                \
    self->base_set = base_set;                                                                        \
  }                                                                                                   \
                                                                                                      \
  void _hp_column##bits##_resize (HpColumn##bits *self, guint capacity)                               \
  {                                                                                                   \
    self->cells = g_renew (gint##bits, self->cells, MAX (capacity, 1));                               \
  }                                                                                                   \
                                                                                                      \
  void _hp_column##bits##_set_other (HpColumn##bits *self, guint i, gint64 value)                     \
  {                                                                                                   \
    self->cells[i] = (gint##bits)encode (&self->base, &self->base_set, &self->wide, i, value,         \
                                         HP_CELL##bits##_NONE, HP_CELL##bits##_WIDE, G_MAXINT##bits); \
  }                                                                                                   \
                                                                                                      \
  void _hp_column##bits##_copy (HpColumn##bits *dest, const HpColumn##bits *src, guint n)             \
  {                                                                                                   \
    *dest = *src;                                                                                     \
    dest->cells = g_memdup2 (src->cells, MAX (n, 1) * sizeof (gint##bits));                           \
    wide_copy (&dest->wide, &src->wide);                                                              \
  }                                                                                                   \
                                                                                                      \
  void _hp_column##bits##_clear (HpColumn##bits *self)                                                \
  {                                                                                                   \
    g_clear_pointer (&self->cells, g_free);                                                           \
    wide_clear (&self->wide);                                                                         \
  }

DEFINE_COLUMN (32)
DEFINE_COLUMN (16)
