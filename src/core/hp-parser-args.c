/* hp-parser-args.c — keeps an event's args in the rank's compact args store.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "hp-parser-private.h"

/* ---------------------------------------------------------------------------
 * The args store
 * ------------------------------------------------------------------------- */

static void
args_grow (HpRankBuilder *b,
           gsize          more)
{
  HpRank *r = b->rank;
  gsize   cap;

  cap = MAX (b->args_capacity + b->args_capacity / 2, r->args_len + more);
  cap = MAX (cap, 64 * 1024);
  r->args = g_realloc (r->args, cap);
  b->args_capacity = cap;
}

static inline void
args_reserve (HpRankBuilder *b,
              gsize          more)
{
  if (G_UNLIKELY (b->rank->args_len + more > b->args_capacity))
    args_grow (b, more);
}

/* a varint where room for 10 bytes was reserved */
static inline guint8 *
put_varint (guint8 *at,
            guint64 v)
{
  while (v >= 0x80)
    {
      *at++ = (guint8)(v | 0x80);
      v >>= 7;
    }
  *at++ = (guint8)v;
  return at;
}

void
_hp_parser_args_put_byte (HpRankBuilder *b,
                          guint8         byte)
{
  args_reserve (b, 1);
  b->rank->args[b->rank->args_len++] = byte;
}

static void
args_put_varint (HpRankBuilder *b,
                 guint64        v)
{
  args_reserve (b, 10);
  b->rank->args_len = (gsize)(put_varint (b->rank->args + b->rank->args_len, v) - b->rank->args);
}

static inline guint
varint_size (guint64 v)
{
  guint n = 1;

  while (v >= 0x80)
    {
      v >>= 7;
      n++;
    }
  return n;
}

/* the slot of a value in Parser.value_cache: eight bytes at a time */
static inline guint
value_slot (const guint8 *s,
            gsize         len)
{
  guint64 h = (guint64)len * G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  gsize   i = 0;

  for (; i + 8 <= len; i += 8)
    {
      guint64 w;

      memcpy (&w, s + i, 8);
      h = (h ^ w) * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
    }
  for (; i < len; i++)
    h = (h ^ s[i]) * G_GUINT64_CONSTANT (0x100000001b3);
  return (guint)(h >> 40) & (VALUE_CACHE_SIZE - 1);
}

/* Whether the bytes at @off of the store are a length @len and the @len
 * bytes of @data. The slot may point at bytes a dropped event took back,
 * or that another value wrote over since: they are read, never trusted. */
static gboolean
value_stored_at (const HpRank *r,
                 guint64       off,
                 const void   *data,
                 gsize         len)
{
  guint64 v = 0;
  int     shift = 0;

  while (off < r->args_len && shift < 64)
    {
      guint8 byte = r->args[off++];

      v |= (guint64)(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return v == len && len <= r->args_len - off && memcmp (r->args + off, data, len) == 0;
      shift += 7;
    }
  return FALSE;
}

/* A string, JSON or number value after its key: its type, length and
 * bytes, or, when the same value was written lately and a reference to it
 * is shorter, its type with HP_ARG_AGAIN and how far back it is. */
static void
args_put_value (Parser       *p,
                HpArgType     type,
                const guint8 *data,
                gsize         len)
{
  HpRankBuilder *b = p->b;
  HpRank        *r = b->rank;
  guint8        *at;

  if (len >= 2 && p->value_cache != NULL)
    {
      guint64 *slot = &p->value_cache[value_slot (data, len)];
      guint64  here = r->args_len + 1; /* where the reference would start */

      if (*slot != 0 && *slot - 1 < here && value_stored_at (r, *slot - 1, data, len) &&
          varint_size (here - (*slot - 1)) < varint_size (len) + len)
        {
          args_reserve (b, 11);
          at = r->args + r->args_len;
          *at++ = (guint8)(type | HP_ARG_AGAIN);
          r->args_len = (gsize)(put_varint (at, here - (*slot - 1)) - r->args);
          return;
        }
      /* the length of this one will be right after its type */
      *slot = here + 1;
    }
  args_reserve (b, 11 + len);
  at = r->args + r->args_len;
  *at++ = (guint8)type;
  at = put_varint (at, len);
  memcpy (at, data, len);
  r->args_len = (gsize)(at + len - r->args);
}

/* Where the next event's args start. Its low 32 bits must never read as
 * HP_ARGS_NONE: a byte that no event points at is skipped there. */
guint64
_hp_parser_args_begin (HpRankBuilder *b)
{
  if ((guint32)b->rank->args_len == HP_ARGS_NONE)
    _hp_parser_args_put_byte (b, 0);
  return b->rank->args_len;
}

/* ---------------------------------------------------------------------------
 * Capture of nested args values
 * ------------------------------------------------------------------------- */

void
_hp_parser_capture_before_value (Parser *p)
{
  guint8 *need;

  if (p->capture_after_key)
    {
      p->capture_after_key = FALSE;
      return;
    }
  if (p->capture_depth == 0)
    return;
  need = &p->capture_comma[p->capture_depth - 1];
  if (*need)
    g_string_append_c (p->capture, ',');
  *need = TRUE;
}

void
_hp_parser_capture_open (Parser *p,
                         char    c)
{
  _hp_parser_capture_before_value (p);
  g_string_append_c (p->capture, c);
  /* the context stack is at most MAX_NESTING deep, and so are captures */
  g_assert (p->capture_depth < MAX_NESTING);
  p->capture_comma[p->capture_depth++] = FALSE;
}

/* an object or array value of an arg: captured as JSON text */
void
_hp_parser_capture_start (Parser *p,
                          char    c)
{
  g_string_truncate (p->capture, 0);
  p->capture_depth = 0;
  p->capture_after_key = FALSE;
  _hp_parser_capture_open (p, c);
}

ArgField
_hp_parser_arg_field_from_key (const guchar *k,
                               size_t        len)
{
  switch (len)
    {
    case 4:
      return memcmp (k, "name", 4) == 0 ? A_NAME : A_NONE;
    case 6:
      return memcmp (k, "stream", 6) == 0 ? A_STREAM : A_NONE;
    case 10:
      return memcmp (k, "sort_index", 10) == 0 ? A_SORT_INDEX : A_NONE;
    case 11:
      return memcmp (k, "correlation", 11) == 0 ? A_CORRELATION : A_NONE;
    default:
      return A_NONE;
    }
}

static void
arg_begin (Parser *p)
{
  args_put_varint (p->b, (guint64)p->arg_key + 1);
}

void
_hp_parser_arg_number (Parser     *p,
                       const char *s,
                       size_t      len)
{
  HpRankBuilder *b = p->b;
  gint64         iv;

  if (_hp_parser_small_int (s, len, &iv) || (_hp_parser_text_is_integer (s, len) && _hp_parser_int64 (s, len, &iv)))
    {
      guint64 zz = ((guint64)iv << 1) ^ (guint64)(iv >> 63);
      guint8 *at;

      /* the key, the type and the value in one reservation */
      args_reserve (b, 21);
      at = put_varint (b->rank->args + b->rank->args_len, (guint64)p->arg_key + 1);
      *at++ = HP_ARG_INT;
      b->rank->args_len = (gsize)(put_varint (at, zz) - b->rank->args);
      switch (p->arg_field)
        {
        case A_STREAM:
          p->ev.stream = iv;
          p->ev.stream_state = 1;
          break;
        case A_CORRELATION:
          p->ev.correlation = iv;
          break;
        case A_SORT_INDEX:
          p->ev.sort_index = iv;
          p->ev.has_sort_index = TRUE;
          break;
        case A_NAME:
        case A_NONE:
        default:
          break;
        }
      return;
    }
  arg_begin (p);
  if (!_hp_parser_text_is_integer (s, len))
    {
      char   buf[64];
      char  *end = NULL;
      double d;

      if (len < sizeof buf)
        {
          memcpy (buf, s, len);
          buf[len] = '\0';
          d = g_ascii_strtod (buf, &end);
          if (end == buf + len && isfinite (d))
            {
              _hp_parser_args_put_byte (b, HP_ARG_DOUBLE);
              args_reserve (b, sizeof d);
              memcpy (b->rank->args + b->rank->args_len, &d, sizeof d);
              b->rank->args_len += sizeof d;
              if (p->arg_field == A_STREAM)
                {
                  /* a float stream id is not an id */
                  p->ev.stream_state = 2;
                }
              return;
            }
        }
    }
  /* out of range for every C type: keep the text, count it */
  args_put_value (p, HP_ARG_NUMBER, (const guint8 *)s, len);
  b->rank->n_bad_values++;
  if (p->arg_field == A_STREAM)
    p->ev.stream_state = 2;
}

void
_hp_parser_arg_string (Parser       *p,
                       const guchar *s,
                       size_t        len)
{
  HpRankBuilder *b = p->b;

  if (!_hp_parser_is_ascii (s, len) && !g_utf8_validate_len ((const char *)s, len, NULL))
    {
      g_autofree char *fixed = g_utf8_make_valid ((const char *)s, len);

      arg_begin (p);
      b->rank->n_invalid_utf8++;
      args_put_value (p, HP_ARG_STRING, (const guint8 *)fixed, strlen (fixed));
    }
  else
    {
      arg_begin (p);
      args_put_value (p, HP_ARG_STRING, s, len);
    }

  switch (p->arg_field)
    {
    case A_STREAM:
      {
        gint64 v;

        /* numeric strings are converted (docs/trace-format.md §5.1); "0x0" is not numeric */
        if (_hp_parser_int64 ((const char *)s, len, &v))
          {
            p->ev.stream = v;
            p->ev.stream_state = 1;
          }
        else
          p->ev.stream_state = 2;
      }
      break;
    case A_NAME:
      p->ev.meta_name = _hp_parser_intern (p, s, len);
      break;
    case A_CORRELATION:
    case A_SORT_INDEX:
    case A_NONE:
    default:
      break;
    }
}

void
_hp_parser_arg_simple (Parser   *p,
                       HpArgType type)
{
  arg_begin (p);
  _hp_parser_args_put_byte (p->b, type);
  if (p->arg_field == A_STREAM)
    p->ev.stream_state = 2;
}

void
_hp_parser_arg_capture_done (Parser *p)
{
  HpRankBuilder *b = p->b;

  arg_begin (p);
  if (!_hp_parser_is_ascii ((const guchar *)p->capture->str, p->capture->len) &&
      !g_utf8_validate_len (p->capture->str, p->capture->len, NULL))
    {
      g_autofree char *fixed = g_utf8_make_valid (p->capture->str, p->capture->len);

      b->rank->n_invalid_utf8++;
      args_put_value (p, HP_ARG_JSON, (const guint8 *)fixed, strlen (fixed));
    }
  else
    args_put_value (p, HP_ARG_JSON, (const guint8 *)p->capture->str, p->capture->len);
  g_string_truncate (p->capture, 0);
  if (p->arg_field == A_STREAM)
    p->ev.stream_state = 2;
}
