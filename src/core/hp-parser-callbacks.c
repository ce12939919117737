/* hp-parser-callbacks.c — the yajl callbacks: follow the JSON structure of a trace file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-json-private.h"
#include "hp-parser-private.h"

/* A string past the limit keeps its first bytes, cut before a UTF-8
 * continuation byte so that the cut never splits a character. */
static inline size_t
clamp_string (Parser              *p,
              const unsigned char *s,
              size_t               len)
{
  if (G_LIKELY (len <= p->limits.max_string_bytes))
    return len;
  p->b->rank->n_long_strings++;
  len = p->limits.max_string_bytes;
  while (len > 0 && (s[len] & 0xc0) == 0x80)
    len--;
  return len;
}

static inline Ctx
top (Parser *p)
{
  return p->depth == 0 ? CTX_TOP : p->stack[p->depth - 1];
}

static gboolean
push (Parser *p,
      Ctx     ctx)
{
  if (p->depth >= p->limits.max_nesting)
    {
      p->too_deep = TRUE;
      return FALSE;
    }
  p->stack[p->depth++] = ctx;
  return TRUE;
}

static void
meta_add_number (JsonBuilder *jb,
                 const char  *s,
                 size_t       len)
{
  gint64 iv;

  if (_hp_parser_text_is_integer (s, len) && _hp_parser_int64 (s, len, &iv))
    json_builder_add_int_value (jb, iv);
  else
    {
      g_autofree char *t = g_strndup (s, len);

      json_builder_add_double_value (jb, g_ascii_strtod (t, NULL));
    }
}

#define MEMORY_CHECK_EVERY 4096u

/* adds this file's growth since the last check to the job's estimate;
 * FALSE when the job passed the memory limit */
gboolean
_hp_parser_charge_memory (Parser *p)
{
  guint64 now = p->n_elements * HP_MEMORY_PER_EVENT + p->b->rank->args_len;
  guint64 delta = now > p->memory_charged ? now - p->memory_charged : 0;
  guint64 total;

  p->memory_charged += delta;
  total = (guint64)g_atomic_pointer_add ((gsize *)p->memory_estimate, (gssize)delta) + delta;
  if (total <= p->limits.max_memory_bytes)
    return TRUE;
  p->too_much_memory = TRUE;
  return FALSE;
}

static void
meta_member (Parser *p)
{
  json_builder_set_member_name (p->meta, p->top_key != NULL ? p->top_key : "");
}

/* The top-level members the loader, the health report, the job's
 * description and the collectives' link peaks (deviceProperties) read, and the
 * trace metadata HTA keeps (schemaVersion, displayTimeUnit); the others
 * (a profiler's or a user's own, of any size) are skipped as they stream
 * by, never kept. */
static gboolean
metadata_key_kept (const unsigned char *k,
                   size_t               len)
{
  static const char *const kept[] = { "distributedInfo", "deviceProperties", "baseTimeNanoseconds",
                                      "schemaVersion", "displayTimeUnit", "ERROR",
                                      "WARNING" };

  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    if (len == strlen (kept[i]) && memcmp (k, kept[i], len) == 0)
      return TRUE;
  return FALSE;
}

/* whether the value now due in a metadata context is kept, and if so
 * counts @bytes of it against the bound: past max_metadata_bytes the
 * values of kept members are dropped (what was kept stays well-formed) */
static gboolean
meta_take (Parser *p,
           gsize   bytes)
{
  gboolean take;

  switch (top (p))
    {
    case CTX_TOP:
      take = p->seen_root && p->top_kept && p->meta_bytes <= p->limits.max_metadata_bytes;
      break;
    case CTX_META:
      take = !p->meta_drop;
      p->meta_drop = FALSE;
      break;
    case CTX_META_LIST:
      take = p->meta_bytes <= p->limits.max_metadata_bytes;
      break;
    default:
      return FALSE;
    }
  if (take)
    p->meta_bytes += bytes + 16;
  else if (top (p) != CTX_TOP || p->top_kept)
    p->b->rank->n_metadata_dropped++;
  return take;
}

/* a value where an event was expected: an element, and a bad one */
static inline void
bad_element (Parser *p)
{
  p->n_elements++;
  p->b->rank->n_bad_values++;
}

static void
event_scalar_field_bad (Parser *p)
{
  if (p->field == F_TS || p->field == F_DUR || p->field == F_PID || p->field == F_TID ||
      p->field == F_PH || p->field == F_CAT || p->field == F_NAME)
    p->b->rank->n_bad_values++;
}

static int
on_null (void *ctx)
{
  Parser *p = ctx;

  p->n_tokens++;

  switch (top (p))
    {
    case CTX_TOP:
    case CTX_META:
    case CTX_META_LIST:
      if (meta_take (p, 0))
        {
          if (top (p) == CTX_TOP)
            meta_member (p);
          json_builder_add_null_value (p->meta);
        }
      break;
    case CTX_ARGS:
      _hp_parser_arg_simple (p, HP_ARG_NULL);
      break;
    case CTX_CAPTURE:
      _hp_parser_capture_before_value (p);
      g_string_append (p->capture, "null");
      break;
    case CTX_EVENTS:
      bad_element (p);
      break;
    case CTX_EVENT:
    case CTX_SKIP:
    default:
      break;
    }
  return 1;
}

static int
on_boolean (void *ctx,
            int   value)
{
  Parser *p = ctx;

  p->n_tokens++;

  switch (top (p))
    {
    case CTX_TOP:
    case CTX_META:
    case CTX_META_LIST:
      if (meta_take (p, 0))
        {
          if (top (p) == CTX_TOP)
            meta_member (p);
          json_builder_add_boolean_value (p->meta, value);
        }
      break;
    case CTX_ARGS:
      _hp_parser_arg_simple (p, value ? HP_ARG_TRUE : HP_ARG_FALSE);
      break;
    case CTX_CAPTURE:
      _hp_parser_capture_before_value (p);
      g_string_append (p->capture, value ? "true" : "false");
      break;
    case CTX_EVENT:
      event_scalar_field_bad (p);
      break;
    case CTX_EVENTS:
      bad_element (p);
      break;
    case CTX_SKIP:
    default:
      break;
    }
  return 1;
}

static int
on_number (void       *ctx,
           const char *s,
           size_t      len)
{
  Parser *p = ctx;

  p->n_tokens++;

  switch (top (p))
    {
    case CTX_EVENT:
      _hp_parser_event_number (p, s, len);
      break;
    case CTX_ARGS:
      _hp_parser_arg_number (p, s, len);
      break;
    case CTX_CAPTURE:
      _hp_parser_capture_before_value (p);
      _hp_parser_capture_append (p->capture, s, len);
      break;
    case CTX_TOP:
    case CTX_META:
    case CTX_META_LIST:
      if (meta_take (p, len))
        {
          if (top (p) == CTX_TOP)
            meta_member (p);
          meta_add_number (p->meta, s, len);
        }
      break;
    case CTX_EVENTS:
      bad_element (p);
      break;
    case CTX_SKIP:
    default:
      break;
    }
  return 1;
}

static int
on_string (void                *ctx,
           const unsigned char *s,
           size_t               len)
{
  Parser *p = ctx;

  p->n_tokens++;
  len = clamp_string (p, s, len);

  switch (top (p))
    {
    case CTX_EVENT:
      switch (p->field)
        {
        case F_PH:
          p->ev.ph = len > 0 ? (char)s[0] : 0;
          break;
        case F_CAT:
          p->ev.cat = _hp_parser_intern (p, s, len);
          break;
        case F_NAME:
          p->ev.name = _hp_parser_intern (p, s, len);
          break;
        case F_PID:
        case F_TID:
          {
            gint64 v;
            /* "Spans", "Traces": names, not ids */
            if (_hp_parser_int64 ((const char *)s, len, &v))
              {
                if (p->field == F_PID)
                  p->ev.pid = v, p->ev.has_pid = TRUE;
                else
                  p->ev.tid = v, p->ev.has_tid = TRUE;
              }
            else if (p->field == F_TID)
              {
                /* "stream 7": kept as text (remapped with the strings) */
                p->ev.tid = HP_TID_STRING_BASE - (gint64)_hp_parser_intern (p, s, len);
                p->ev.has_tid = TRUE;
              }
          }
          break;
        case F_TS:
        case F_DUR:
          p->b->rank->n_bad_values++;
          break;
        case F_ARGS:
        case F_NONE:
        case F_OTHER:
        default:
          break;
        }
      break;
    case CTX_ARGS:
      _hp_parser_arg_string (p, s, len);
      break;
    case CTX_CAPTURE:
      _hp_parser_capture_before_value (p);
      _hp_json_append_escaped (p->capture, (const char *)s, len);
      break;
    case CTX_TOP:
    case CTX_META:
    case CTX_META_LIST:
      if (meta_take (p, len))
        {
          g_autofree char *v = g_utf8_make_valid ((const char *)s, len);

          if (top (p) == CTX_TOP)
            meta_member (p);
          json_builder_add_string_value (p->meta, v);
        }
      break;
    case CTX_EVENTS:
      bad_element (p);
      break;
    case CTX_SKIP:
    default:
      break;
    }
  return 1;
}

/* The id of an args key in the rank's key table, and which field it is
 * (p->arg_field): both are cached for the keys seen last. */
static inline guint32
arg_key (Parser              *p,
         const unsigned char *k,
         size_t               len)
{
  HpStrings *keys = p->b->rank->arg_keys;
  guint      slot = len == 0 ? 0 : (guint)(len * 7 + k[0] + k[len - 1] * 3) % KEY_CACHE_SIZE;
  guint32    id;

  if (p->key_cache[slot].str != NULL && p->key_cache[slot].len == len &&
      memcmp (p->key_cache[slot].str, k, len) == 0)
    {
      p->arg_field = p->key_cache[slot].field;
      return p->key_cache[slot].id;
    }

  p->arg_field = _hp_parser_arg_field_from_key (k, len);
  id = hp_strings_lookup (keys, (const char *)k, len);
  if (id == HP_NO_STRING)
    {
      if (!_hp_parser_is_ascii (k, len) && !g_utf8_validate_len ((const char *)k, len, NULL))
        {
          g_autofree char *fixed = g_utf8_make_valid ((const char *)k, len);

          /* the stored key differs from the text: never cache it */
          p->b->rank->n_invalid_utf8++;
          return hp_strings_intern (keys, fixed, strlen (fixed));
        }
      id = hp_strings_intern (keys, (const char *)k, len);
    }
  p->key_cache[slot].str = hp_strings_get (keys, id);
  p->key_cache[slot].len = len;
  p->key_cache[slot].id = id;
  p->key_cache[slot].field = p->arg_field;
  return id;
}

static int
on_map_key (void                *ctx,
            const unsigned char *k,
            size_t               len)
{
  Parser *p = ctx;

  p->n_tokens++;
  len = clamp_string (p, k, len);

  switch (top (p))
    {
    case CTX_EVENT:
      p->field = _hp_parser_field_from_key (k, len);
      break;
    case CTX_ARGS:
      if (++p->n_args > p->limits.max_args)
        {
          p->too_many_args = TRUE;
          return 0;
        }
      p->arg_key = arg_key (p, k, len);
      break;
    case CTX_CAPTURE:
      {
        guint8 *need = &p->capture_comma[p->capture_depth - 1];

        if (*need)
          g_string_append_c (p->capture, ',');
        *need = TRUE;
        _hp_json_append_escaped (p->capture, (const char *)k, len);
        g_string_append_c (p->capture, ':');
        p->capture_after_key = TRUE;
      }
      break;
    case CTX_TOP:
      if (len == strlen ("traceEvents") && memcmp (k, "traceEvents", len) == 0 && p->seen_events_key)
        {
          /* which one is the trace? JSON does not say (Python keeps the
           * last, others the first): the file is refused */
          p->second_events = TRUE;
          return 0;
        }
      if (len == strlen ("traceEvents") && memcmp (k, "traceEvents", len) == 0)
        p->seen_events_key = TRUE;
      g_free (p->top_key);
      p->top_key = g_utf8_make_valid ((const char *)k, len);
      p->top_kept = metadata_key_kept (k, len);
      break;
    case CTX_META:
      p->meta_drop = p->meta_bytes > p->limits.max_metadata_bytes;
      if (!p->meta_drop)
        {
          g_autofree char *key = g_utf8_make_valid ((const char *)k, len);

          p->meta_bytes += len;
          json_builder_set_member_name (p->meta, key);
        }
      break;
    case CTX_EVENTS:
    case CTX_SKIP:
    default:
      break;
    }
  return 1;
}

static int
on_start_map (void *ctx)
{
  Parser *p = ctx;

  p->n_tokens++;

  switch (top (p))
    {
    case CTX_TOP:
      if (!p->seen_root)
        {
          p->seen_root = TRUE;
          json_builder_begin_object (p->meta);
          return 1; /* the root object is the implicit CTX_TOP */
        }
      /* fallthrough */
    case CTX_META:
    case CTX_META_LIST:
      if (!meta_take (p, 0))
        return push (p, CTX_SKIP);
      if (top (p) == CTX_TOP)
        meta_member (p);
      json_builder_begin_object (p->meta);
      return push (p, CTX_META);
    case CTX_EVENTS:
      if (p->n_elements >= p->limits.max_events)
        {
          p->too_many_events = TRUE;
          return 0;
        }
      if ((p->n_elements & (MEMORY_CHECK_EVERY - 1)) == 0 && !_hp_parser_charge_memory (p))
        return 0;
      p->n_elements++;
      _hp_parser_event_reset (p);
      return push (p, CTX_EVENT);
    case CTX_EVENT:
      if (p->field == F_ARGS && p->ev.args_off == G_MAXUINT64)
        {
          p->ev.args_off = _hp_parser_args_begin (p->b);
          p->n_args = 0;
          return push (p, CTX_ARGS);
        }
      event_scalar_field_bad (p);
      return push (p, CTX_SKIP);
    case CTX_ARGS:
      _hp_parser_capture_start (p, '{');
      return push (p, CTX_CAPTURE);
    case CTX_CAPTURE:
      _hp_parser_capture_open (p, '{');
      return push (p, CTX_CAPTURE);
    case CTX_SKIP:
    default:
      return push (p, CTX_SKIP);
    }
}

static int
on_start_array (void *ctx)
{
  Parser *p = ctx;

  p->n_tokens++;

  switch (top (p))
    {
    case CTX_TOP:
      if (!p->seen_root)
        {
          /* a bare array of events: legal Chrome trace format */
          p->seen_root = TRUE;
          p->seen_events = TRUE;
          p->bare_array = TRUE;
          json_builder_begin_object (p->meta);
          return push (p, CTX_EVENTS);
        }
      if (g_strcmp0 (p->top_key, "traceEvents") == 0 && !p->seen_events)
        {
          p->seen_events = TRUE;
          return push (p, CTX_EVENTS);
        }
      /* fallthrough */
    case CTX_META:
    case CTX_META_LIST:
      if (!meta_take (p, 0))
        return push (p, CTX_SKIP);
      if (top (p) == CTX_TOP)
        meta_member (p);
      json_builder_begin_array (p->meta);
      return push (p, CTX_META_LIST);
    case CTX_EVENTS:
      bad_element (p);
      return push (p, CTX_SKIP);
    case CTX_EVENT:
      event_scalar_field_bad (p);
      if (p->field == F_ARGS)
        p->b->rank->n_bad_values++;
      return push (p, CTX_SKIP);
    case CTX_ARGS:
      _hp_parser_capture_start (p, '[');
      return push (p, CTX_CAPTURE);
    case CTX_CAPTURE:
      _hp_parser_capture_open (p, '[');
      return push (p, CTX_CAPTURE);
    case CTX_SKIP:
    default:
      return push (p, CTX_SKIP);
    }
}

static int
on_end_container (Parser *p,
                  char    close)
{
  Ctx ctx;

  p->n_tokens++;

  if (p->depth == 0)
    {
      /* the root object */
      json_builder_end_object (p->meta);
      return 1;
    }
  ctx = p->stack[--p->depth];
  switch (ctx)
    {
    case CTX_EVENT:
      _hp_parser_event_finish (p);
      break;
    case CTX_ARGS:
      _hp_parser_args_put_byte (p->b, 0);
      break;
    case CTX_CAPTURE:
      g_string_append_c (p->capture, close);
      p->capture_depth--;
      if (top (p) == CTX_ARGS)
        _hp_parser_arg_capture_done (p);
      break;
    case CTX_META:
      json_builder_end_object (p->meta);
      break;
    case CTX_META_LIST:
      json_builder_end_array (p->meta);
      break;
    case CTX_EVENTS:
      if (p->depth == 0 && p->bare_array)
        json_builder_end_object (p->meta);
      break;
    case CTX_TOP:
    case CTX_SKIP:
    default:
      break;
    }
  return 1;
}

static int
on_end_map (void *ctx)
{
  return on_end_container (ctx, '}');
}

static int
on_end_array (void *ctx)
{
  return on_end_container (ctx, ']');
}

const yajl_callbacks _hp_parser_callbacks = {
  on_null,
  on_boolean,
  NULL,
  NULL,
  on_number,
  on_string,
  on_start_map,
  on_map_key,
  on_end_map,
  on_start_array,
  on_end_array,
};
