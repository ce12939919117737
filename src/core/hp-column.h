/* hp-column.h — integer columns that keep 64-bit values in 32 or 16 bits.
 *
 * Most values of an event column are small or close to each other:
 * durations under two seconds, stream numbers, correlation ids of one
 * job, step numbers. A narrow column keeps each value as its distance from
 * the column's base in a 32-bit (#HpColumn32) or 16-bit (#HpColumn16)
 * cell. Two cell values are reserved: one for −1 (HP_NONE, "no value"),
 * one for a value that does not fit, which is then kept exactly in a
 * short side list of (event, value) pairs. Reading a cell is one compare
 * in the common case; every value reads back exactly, whatever its size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#if !defined(HP_CORE_INSIDE) && !defined(HP_CORE_COMPILATION)
#error "Only <hp-core.h> can be included directly."
#endif

#include <glib.h>

G_BEGIN_DECLS

/* A 64-bit column value as a key of a g_direct_hash() table: the values
 * are not stored anywhere a pointer could point to. */
G_STATIC_ASSERT (sizeof (gpointer) >= sizeof (gint64));
#define HP_INT64_KEY(v) ((gpointer)(gintptr)(gint64)(v))
#define HP_KEY_INT64(p) ((gint64)(gintptr)(p))

guint    hp_hash_mix64 (guint64 value);
guint    hp_int64_key_hash (gconstpointer key);
guint    hp_int64_hash (gconstpointer key);
gboolean hp_int64_equal (gconstpointer a,
                         gconstpointer b);

/* the values of a narrow column that do not fit its cells, by event */
typedef struct
{
  guint32 *pos; /* event positions, ascending */
  gint64  *value;
  guint    n;
  guint    capacity;
} HpWideValues;

#define HP_CELL32_NONE G_MININT32
#define HP_CELL32_WIDE (G_MININT32 + 1)
#define HP_CELL16_NONE G_MININT16
#define HP_CELL16_WIDE (G_MININT16 + 1)

typedef struct
{
  gint32      *cells; /* value − base, or HP_CELL32_NONE / HP_CELL32_WIDE */
  gint64       base;
  gboolean     base_set; /* FALSE: the first value other than −1 becomes the base */
  HpWideValues wide;
} HpColumn32;

typedef struct
{
  gint16      *cells; /* value − base, or HP_CELL16_NONE / HP_CELL16_WIDE */
  gint64       base;
  gboolean     base_set;
  HpWideValues wide;
} HpColumn16;

gint64 _hp_wide_values_get (const HpWideValues *wide,
                            guint               pos);
guint  _hp_lower_bound_u32 (const guint32 *values,
                            guint          n,
                            guint32        x);

/**
 * hp_column32_get:
 * @i: an event position
 *
 * Returns: the value at @i, exactly as it was set
 */
static inline gint64
hp_column32_get (const HpColumn32 *self,
                 guint             i)
{
  gint32 cell = self->cells[i];

  if (G_LIKELY (cell > HP_CELL32_WIDE))
    return self->base + cell;
  if (cell == HP_CELL32_NONE)
    return -1;
  return _hp_wide_values_get (&self->wide, i);
}

/**
 * hp_column16_get:
 * @i: an event position
 *
 * Returns: the value at @i, exactly as it was set
 */
static inline gint64
hp_column16_get (const HpColumn16 *self,
                 guint             i)
{
  gint16 cell = self->cells[i];

  if (G_LIKELY (cell > HP_CELL16_WIDE))
    return self->base + cell;
  if (cell == HP_CELL16_NONE)
    return -1;
  return _hp_wide_values_get (&self->wide, i);
}

/* Writing and managing columns: inside core only (the model is read-only
 * after load). @base_set FALSE lets the first value set the base. */
void _hp_column32_init (HpColumn32 *self,
                        gint64      base,
                        gboolean    base_set);
void _hp_column32_resize (HpColumn32 *self,
                          guint       capacity);
void _hp_column32_set_other (HpColumn32 *self,
                             guint       i,
                             gint64      value);
void _hp_column32_copy (HpColumn32       *dest,
                        const HpColumn32 *src,
                        guint             n);
void _hp_column32_clear (HpColumn32 *self);

void _hp_column16_init (HpColumn16 *self,
                        gint64      base,
                        gboolean    base_set);
void _hp_column16_resize (HpColumn16 *self,
                          guint       capacity);
void _hp_column16_set_other (HpColumn16 *self,
                             guint       i,
                             gint64      value);
void _hp_column16_copy (HpColumn16       *dest,
                        const HpColumn16 *src,
                        guint             n);
void _hp_column16_clear (HpColumn16 *self);

/* Sets the value at @i. A value near the base, once the base is set, is
 * one subtraction, inlined where columns are built event by event; −1, the
 * first value and a value far from the base take the general path. */
static inline void
_hp_column32_set (HpColumn32 *self,
                  guint       i,
                  gint64      value)
{
  gint64 d;

  if (G_LIKELY (self->base_set && value != -1 && !__builtin_sub_overflow (value, self->base, &d) &&
                d > HP_CELL32_WIDE && d <= G_MAXINT32))
    self->cells[i] = (gint32)d;
  else
    _hp_column32_set_other (self, i, value);
}

static inline void
_hp_column16_set (HpColumn16 *self,
                  guint       i,
                  gint64      value)
{
  gint64 d;

  if (G_LIKELY (self->base_set && value != -1 && !__builtin_sub_overflow (value, self->base, &d) &&
                d > HP_CELL16_WIDE && d <= G_MAXINT16))
    self->cells[i] = (gint16)d;
  else
    _hp_column16_set_other (self, i, value);
}

G_END_DECLS
