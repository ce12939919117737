/* hp-strings.c — interning of strings given as (pointer, length) pairs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-strings.h"
#include "hp-trace.h"

/* a slot keeps the hash beside the id: one cache line per probe */
typedef struct
{
  guint32 id1; /* id + 1, 0 = empty */
  guint32 hash;
} Slot;

struct _HpStrings
{
  GStringChunk *chunk;
  GPtrArray    *strs;  /* id -> const char * (in chunk) */
  GArray       *lens;  /* id -> guint32 */
  Slot         *slots; /* open addressing, linear probing */
  guint         mask;
};

/* 8 bytes at a time: kernel names run to hundreds of bytes, and the parser
 * hashes every name and category it reads */
static inline guint32
hash_bytes (const char *str,
            gsize       len)
{
  guint64 h = 0x9e3779b97f4a7c15ull ^ len;
  gsize   i = 0;

  for (; i + 8 <= len; i += 8)
    {
      guint64 w;

      memcpy (&w, str + i, 8);
      h = (h ^ w) * 0xff51afd7ed558ccdull;
      h ^= h >> 32;
    }
  if (i < len)
    {
      guint64 w = 0;

      memcpy (&w, str + i, len - i);
      h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
    }
  h ^= h >> 29;
  return (guint32)h;
}

HpStrings *
hp_strings_new (void)
{
  HpStrings *self = g_new0 (HpStrings, 1);

  self->chunk = g_string_chunk_new (64 * 1024);
  self->strs = g_ptr_array_new ();
  self->lens = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->mask = 1023;
  self->slots = g_new0 (Slot, self->mask + 1);
  return self;
}

void
hp_strings_free (HpStrings *self)
{
  if (self == NULL)
    return;
  g_string_chunk_free (self->chunk);
  g_ptr_array_unref (self->strs);
  g_array_unref (self->lens);
  g_free (self->slots);
  g_free (self);
}

static void
grow (HpStrings *self)
{
  guint new_mask = self->mask * 2 + 1;
  Slot *slots = g_new0 (Slot, new_mask + 1);

  for (guint i = 0; i <= self->mask; i++)
    {
      guint pos;

      if (self->slots[i].id1 == 0)
        continue;
      pos = self->slots[i].hash & new_mask;
      while (slots[pos].id1 != 0)
        pos = (pos + 1) & new_mask;
      slots[pos] = self->slots[i];
    }
  g_free (self->slots);
  self->slots = slots;
  self->mask = new_mask;
}

static guint
find_slot (HpStrings  *self,
           const char *str,
           gsize       len,
           guint32     h)
{
  guint pos = h & self->mask;

  for (;;)
    {
      guint32 id1 = self->slots[pos].id1;

      if (id1 == 0)
        return pos;
      if (self->slots[pos].hash == h &&
          g_array_index (self->lens, guint32, id1 - 1) == len &&
          memcmp (self->strs->pdata[id1 - 1], str, len) == 0)
        return pos;
      pos = (pos + 1) & self->mask;
    }
}

guint32
hp_strings_lookup (HpStrings  *self,
                   const char *str,
                   gsize       len)
{
  guint32 h = hash_bytes (str, len);
  guint   pos = find_slot (self, str, len, h);

  return self->slots[pos].id1 == 0 ? HP_NO_STRING : self->slots[pos].id1 - 1;
}

guint32
hp_strings_intern (HpStrings  *self,
                   const char *str,
                   gsize       len)
{
  guint32 h;
  guint   pos;
  guint32 id;
  guint32 len32;

  /* lengths are 32-bit; the loader cuts strings far below this
   * (HpLoadLimits.max_string_bytes) */
  if (G_UNLIKELY (len > G_MAXUINT32))
    {
      g_critical ("hp_strings_intern: a string of %" G_GSIZE_FORMAT " bytes is cut to 4 GiB", len);
      len = G_MAXUINT32;
    }
  len32 = (guint32)len;
  h = hash_bytes (str, len);
  pos = find_slot (self, str, len, h);
  if (self->slots[pos].id1 != 0)
    return self->slots[pos].id1 - 1;

  id = self->strs->len;
  g_ptr_array_add (self->strs, g_string_chunk_insert_len (self->chunk, str, len));
  g_array_append_val (self->lens, len32);
  self->slots[pos].id1 = id + 1;
  self->slots[pos].hash = h;
  /* at most three quarters full: a trace of unique names keeps its
   * table at 11 to 21 bytes a string */
  if ((guint64)self->strs->len * 4 > (guint64)self->mask * 3)
    grow (self);
  return id;
}

const char *
hp_strings_get (HpStrings *self,
                guint32    id)
{
  if (id >= self->strs->len)
    return NULL;
  return self->strs->pdata[id];
}

gsize
hp_strings_get_len (HpStrings *self,
                    guint32    id)
{
  if (id >= self->strs->len)
    return 0;
  return g_array_index (self->lens, guint32, id);
}

guint
hp_strings_size (HpStrings *self)
{
  return self->strs->len;
}

/**
 * _hp_strings_take:
 * @self: an empty table
 * @from: the table whose strings move
 *
 * Moves every string of @from into the empty @self, with the same ids,
 * and leaves @from empty: the first rank's table becomes the trace's
 * without copying a string.
 */
void
_hp_strings_take (HpStrings *self,
                  HpStrings *from)
{
  HpStrings tmp;

  g_return_if_fail (self->strs->len == 0);
  tmp = *self;
  *self = *from;
  *from = tmp;
}
