/* hp-parser.c — streams one Kineto file through yajl into rank columns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <string.h>
#include <yajl/yajl_parse.h>

#include "hp-core-private.h"
#include "hp-json-private.h"

#define CHUNK_SIZE (256 * 1024)
#define MAX_NESTING HP_MAX_NESTING

/* What the container on top of the stack is */
#define KEY_CACHE_SIZE 64

typedef enum
{
  CTX_TOP,     /* the top-level object */
  CTX_EVENTS,  /* the traceEvents array (or a bare top-level array) */
  CTX_EVENT,   /* one event object */
  CTX_ARGS,    /* the args object of an event */
  CTX_CAPTURE, /* a nested value inside args, copied as compact JSON */
  CTX_META,    /* a nested value of a top-level metadata member */
  CTX_SKIP,    /* anything we do not keep */
} Ctx;

typedef enum
{
  F_NONE,
  F_PH,
  F_CAT,
  F_NAME,
  F_PID,
  F_TID,
  F_TS,
  F_DUR,
  F_ARGS,
  F_OTHER,
} Field;

typedef enum
{
  A_NONE,
  A_STREAM,
  A_CORRELATION,
  A_NAME,
  A_SORT_INDEX,
} ArgField;

typedef struct
{
  char     ph;
  guint32  cat;
  guint32  name;
  gint64   pid;
  gint64   tid;
  gint64   ts;
  gint64   dur;
  gboolean has_ts;
  gboolean has_dur;
  gboolean has_pid;
  gboolean has_tid;
  gint64   stream;
  guint8   stream_state;
  gint64   correlation;
  guint64  args_off;
  guint32  meta_name;
  gint64   sort_index;
  gboolean has_sort_index;
  gboolean bad;
} CurEvent;

typedef struct
{
  HpRankBuilder *b;
  HpMode         mode;
  const char    *basename;
  HpLoadLimits   limits;

  Ctx      stack[MAX_NESTING];
  guint    depth;
  gboolean too_deep;
  gboolean too_many_events;
  gboolean too_many_args;
  guint    n_args; /* of the current event */

  /* top level */
  gboolean     seen_root;
  gboolean     seen_events;
  gboolean     bare_array;
  char        *top_key;
  JsonBuilder *meta;

  /* event */
  guint64  n_elements;
  Field    field;
  CurEvent ev;

  /* args */
  guint32  arg_key;
  ArgField arg_field;
  GString *capture;
  guint8   capture_comma[MAX_NESTING]; /* per capture level: a comma is due */
  guint    capture_depth;
  gboolean capture_after_key;

  guint32 trace_cat; /* local id of "Trace" */

  /* tokens yajl has handed over: a chunk that adds none holds part of one
   * long token, which yajl lexes again from its start at every chunk */
  guint64 n_tokens;

  /* args keys repeat event after event: a small direct-mapped cache saves
   * hashing them again (the strings live in the rank's key table) */
  struct
  {
    const char *str;
    gsize       len;
    guint32     id;
  } key_cache[KEY_CACHE_SIZE];
} Parser;

/* ---------------------------------------------------------------------------
 * Growable columns
 * ------------------------------------------------------------------------- */

static void
builder_reserve (HpRankBuilder *b)
{
  HpRank *r = b->rank;
  guint   cap;

  if (r->n_events < b->capacity)
    return;
  cap = b->capacity < 1024 ? 1024 : b->capacity + b->capacity / 2;
  r->index = g_renew (guint32, r->index, cap);
  r->ts = g_renew (gint64, r->ts, cap);
  r->dur = g_renew (gint64, r->dur, cap);
  r->name = g_renew (guint32, r->name, cap);
  r->cat = g_renew (guint32, r->cat, cap);
  r->phase = g_renew (guint8, r->phase, cap);
  r->pid = g_renew (gint64, r->pid, cap);
  r->tid = g_renew (gint64, r->tid, cap);
  r->stream = g_renew (gint64, r->stream, cap);
  r->correlation = g_renew (gint64, r->correlation, cap);
  r->args_off = g_renew (guint64, r->args_off, cap);
  r->flags = g_renew (guint8, r->flags, cap);
  b->stream_state = g_renew (guint8, b->stream_state, cap);
  b->capacity = cap;
}

static void
args_reserve (HpRankBuilder *b,
              gsize          more)
{
  HpRank *r = b->rank;
  gsize   cap;

  if (r->args_len + more <= b->args_capacity)
    return;
  cap = MAX (b->args_capacity + b->args_capacity / 2, r->args_len + more);
  cap = MAX (cap, 64 * 1024);
  r->args = g_realloc (r->args, cap);
  b->args_capacity = cap;
}

static inline void
args_put_byte (HpRankBuilder *b,
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
  while (v >= 0x80)
    {
      b->rank->args[b->rank->args_len++] = (guint8)(v | 0x80);
      v >>= 7;
    }
  b->rank->args[b->rank->args_len++] = (guint8)v;
}

static void
args_put_bytes (HpRankBuilder *b,
                const void    *data,
                gsize          len)
{
  args_put_varint (b, len);
  args_reserve (b, len);
  memcpy (b->rank->args + b->rank->args_len, data, len);
  b->rank->args_len += len;
}

/* ---------------------------------------------------------------------------
 * Numbers
 * ------------------------------------------------------------------------- */

static gboolean
text_is_integer (const char *s,
                 gsize       len)
{
  for (gsize i = 0; i < len; i++)
    if (s[i] == '.' || s[i] == 'e' || s[i] == 'E')
      return FALSE;
  return TRUE;
}

/* up to 18 digits after an optional minus: cannot overflow */
static inline gboolean
parse_small_int (const char *s,
                 gsize       len,
                 gint64     *out)
{
  gsize   i = len > 0 && s[0] == '-' ? 1 : 0;
  guint64 v = 0;

  if (len - i == 0 || len - i > 18)
    return FALSE;
  for (gsize j = i; j < len; j++)
    {
      if (!g_ascii_isdigit (s[j]))
        return FALSE;
      v = v * 10 + (guint64)(s[j] - '0');
    }
  *out = i == 1 ? -(gint64)v : (gint64)v;
  return TRUE;
}

static gboolean
parse_int64 (const char *s,
             gsize       len,
             gint64     *out)
{
  char    buf[64];
  char   *end = NULL;
  guint64 v;

  if (len == 0 || len >= sizeof buf)
    return FALSE;
  if (parse_small_int (s, len, out))
    return TRUE;
  memcpy (buf, s, len);
  buf[len] = '\0';
  if (!text_is_integer (buf, len))
    {
      double d = g_ascii_strtod (buf, &end);

      if (end != buf + len || !isfinite (d) || d != floor (d) || fabs (d) >= 9.2e18)
        return FALSE;
      *out = (gint64)d;
      return TRUE;
    }
  errno = 0;
  v = (guint64)g_ascii_strtoll (buf, &end, 10);
  if (errno != 0 || end != buf + len)
    return FALSE;
  *out = (gint64)v;
  return TRUE;
}

/* exponent forms ("1.5e3") are rare: double arithmetic is exact enough */
static gboolean
parse_time_exp (const char *text,
                gsize       len,
                gint64     *out_ns)
{
  char   buf[64];
  char  *stop = NULL;
  double d;

  if (len >= sizeof buf)
    return FALSE;
  memcpy (buf, text, len);
  buf[len] = '\0';
  d = g_ascii_strtod (buf, &stop);
  if (stop != buf + len || !isfinite (d) || fabs (d * 1000.0) >= 9.2e18)
    return FALSE;
  *out_ns = llround (d * 1000.0);
  return TRUE;
}

/**
 * hp_parse_time_ns:
 * @text: a JSON number in microseconds, e.g. "4458676522690.655"
 *
 * Converts the decimal text to integer nanoseconds exactly (rounding half
 * away from zero past the third decimal), without going through a double
 * (docs/trace-format.md §6). Exponent forms fall back to double arithmetic.
 *
 * Returns: %FALSE when the text is not a number or overflows int64
 */
gboolean
hp_parse_time_ns (const char *text,
                  gsize       len,
                  gint64     *out_ns)
{
  const char *p = text;
  const char *end = text + len;
  gboolean    neg = FALSE;
  guint64     whole = 0;
  guint64     frac = 0;
  int         frac_digits = 0;
  gboolean    round_up = FALSE;
  gboolean    any_digit = FALSE;
  guint64     v;

  if (p < end && *p == '-')
    {
      neg = TRUE;
      p++;
    }
  for (; p < end && g_ascii_isdigit (*p); p++)
    {
      if (whole > G_MAXINT64 / 1000)
        {
          /* too many ns, unless an exponent follows */
          if (memchr (text, 'e', len) != NULL || memchr (text, 'E', len) != NULL)
            return parse_time_exp (text, len, out_ns);
          return FALSE;
        }
      whole = whole * 10 + (guint64)(*p - '0');
      any_digit = TRUE;
    }
  if (p < end && *p == '.')
    {
      p++;
      for (; p < end && g_ascii_isdigit (*p); p++)
        {
          /* past the ns digit only the rounding digit matters */
          if (frac_digits < 3)
            {
              frac = frac * 10 + (guint64)(*p - '0');
              frac_digits++;
            }
          else if (frac_digits == 3)
            {
              round_up = *p >= '5';
              frac_digits++;
            }
          any_digit = TRUE;
        }
    }
  if (p < end && (*p == 'e' || *p == 'E'))
    return parse_time_exp (text, len, out_ns);
  if (p != end || !any_digit)
    return FALSE;
  while (frac_digits < 3)
    {
      frac *= 10;
      frac_digits++;
    }
  if (whole > G_MAXINT64 / 1000)
    return FALSE;
  v = whole * 1000 + frac + (round_up ? 1 : 0);
  if (v > (guint64)G_MAXINT64)
    return FALSE;
  *out_ns = neg ? -(gint64)v : (gint64)v;
  return TRUE;
}

/* ---------------------------------------------------------------------------
 * Strings
 * ------------------------------------------------------------------------- */

static inline gboolean
is_ascii (const guchar *s,
          size_t        len)
{
  guchar any = 0;

  for (size_t i = 0; i < len; i++)
    any |= s[i];
  return (any & 0x80) == 0;
}

/* Strings already in the table were checked when they went in, so only a
 * new string pays for UTF-8 validation. */
static guint32
intern_checked (Parser       *p,
                const guchar *s,
                size_t        len)
{
  guint32 id = hp_strings_lookup (p->b->strings, (const char *)s, len);

  if (id != HP_NO_STRING)
    return id;
  if (!is_ascii (s, len) && !g_utf8_validate_len ((const char *)s, len, NULL))
    {
      g_autofree char *fixed = g_utf8_make_valid ((const char *)s, len);

      p->b->rank->n_invalid_utf8++;
      return hp_strings_intern (p->b->strings, fixed, strlen (fixed));
    }
  return hp_strings_intern (p->b->strings, (const char *)s, len);
}

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

/* ---------------------------------------------------------------------------
 * Context stack
 * ------------------------------------------------------------------------- */

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

/* ---------------------------------------------------------------------------
 * Capture of nested args values
 * ------------------------------------------------------------------------- */

/* g_string_append_len () is not inlined and goes through the general
 * insert; captured values are short and mostly fit */
static inline void
capture_append (GString    *gs,
                const char *s,
                gsize       len)
{
  if (gs->len + len < gs->allocated_len)
    {
      memcpy (gs->str + gs->len, s, len);
      gs->len += len;
      gs->str[gs->len] = '\0';
    }
  else
    g_string_append_len (gs, s, (gssize)len);
}

static void
capture_before_value (Parser *p)
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

static void
capture_open (Parser *p,
              char    c)
{
  capture_before_value (p);
  g_string_append_c (p->capture, c);
  /* the context stack is at most MAX_NESTING deep, and so are captures */
  g_assert (p->capture_depth < MAX_NESTING);
  p->capture_comma[p->capture_depth++] = FALSE;
}

/* an object or array value of an arg: captured as JSON text */
static void
capture_start (Parser *p,
               char    c)
{
  g_string_truncate (p->capture, 0);
  p->capture_depth = 0;
  p->capture_after_key = FALSE;
  capture_open (p, c);
}

/* ---------------------------------------------------------------------------
 * Args
 * ------------------------------------------------------------------------- */

static ArgField
arg_field_from_key (const guchar *k,
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

static void
arg_number (Parser     *p,
            const char *s,
            size_t      len)
{
  HpRankBuilder *b = p->b;
  gint64         iv;

  arg_begin (p);
  if (parse_small_int (s, len, &iv) || (text_is_integer (s, len) && parse_int64 (s, len, &iv)))
    {
      guint64 zz = ((guint64)iv << 1) ^ (guint64)(iv >> 63);

      args_put_byte (b, HP_ARG_INT);
      args_put_varint (b, zz);
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
  if (!text_is_integer (s, len))
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
              args_put_byte (b, HP_ARG_DOUBLE);
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
  args_put_byte (b, HP_ARG_NUMBER);
  args_put_bytes (b, s, len);
  b->rank->n_bad_values++;
  if (p->arg_field == A_STREAM)
    p->ev.stream_state = 2;
}

static void
arg_string (Parser       *p,
            const guchar *s,
            size_t        len)
{
  HpRankBuilder *b = p->b;

  arg_begin (p);
  args_put_byte (b, HP_ARG_STRING);
  if (!is_ascii (s, len) && !g_utf8_validate_len ((const char *)s, len, NULL))
    {
      g_autofree char *fixed = g_utf8_make_valid ((const char *)s, len);

      b->rank->n_invalid_utf8++;
      args_put_bytes (b, fixed, strlen (fixed));
    }
  else
    args_put_bytes (b, s, len);

  switch (p->arg_field)
    {
    case A_STREAM:
      {
        gint64 v;

        /* numeric strings are converted (docs/trace-format.md §5.1); "0x0" is not numeric */
        if (parse_int64 ((const char *)s, len, &v))
          {
            p->ev.stream = v;
            p->ev.stream_state = 1;
          }
        else
          p->ev.stream_state = 2;
      }
      break;
    case A_NAME:
      p->ev.meta_name = intern_checked (p, s, len);
      break;
    case A_CORRELATION:
    case A_SORT_INDEX:
    case A_NONE:
    default:
      break;
    }
}

static void
arg_simple (Parser   *p,
            HpArgType type)
{
  arg_begin (p);
  args_put_byte (p->b, type);
  if (p->arg_field == A_STREAM)
    p->ev.stream_state = 2;
}

static void
arg_capture_done (Parser *p)
{
  HpRankBuilder *b = p->b;

  arg_begin (p);
  args_put_byte (b, HP_ARG_JSON);
  if (!is_ascii ((const guchar *)p->capture->str, p->capture->len) &&
      !g_utf8_validate_len (p->capture->str, p->capture->len, NULL))
    {
      g_autofree char *fixed = g_utf8_make_valid (p->capture->str, p->capture->len);

      b->rank->n_invalid_utf8++;
      args_put_bytes (b, fixed, strlen (fixed));
    }
  else
    args_put_bytes (b, p->capture->str, p->capture->len);
  g_string_truncate (p->capture, 0);
  if (p->arg_field == A_STREAM)
    p->ev.stream_state = 2;
}

/* ---------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------- */

static void
event_reset (Parser *p)
{
  CurEvent *ev = &p->ev;

  ev->ph = 0;
  ev->cat = HP_NO_STRING;
  ev->name = HP_NO_STRING;
  ev->pid = -1;
  ev->tid = -1;
  ev->has_pid = ev->has_tid = FALSE;
  ev->has_ts = ev->has_dur = FALSE;
  ev->ts = ev->dur = 0;
  ev->stream = -1;
  ev->stream_state = 0;
  ev->correlation = -1;
  ev->args_off = G_MAXUINT64;
  ev->meta_name = HP_NO_STRING;
  ev->sort_index = 0;
  ev->has_sort_index = FALSE;
  ev->bad = FALSE;
  p->field = F_NONE;
}

static void
label_add (Parser *p)
{
  HpLaneLabel label = { 0 };
  const char *what = hp_strings_get (p->b->strings, p->ev.name);

  if (what == NULL)
    return;
  label.pid = p->ev.pid;
  label.tid = -1;
  label.name = HP_NO_STRING;
  if (g_str_equal (what, "thread_name") || g_str_equal (what, "thread_sort_index"))
    label.tid = p->ev.tid;
  else if (!g_str_equal (what, "process_name") && !g_str_equal (what, "process_sort_index") &&
           !g_str_equal (what, "process_labels"))
    return;
  if (g_str_has_suffix (what, "_name"))
    label.name = p->ev.meta_name;
  if (g_str_has_suffix (what, "sort_index") && p->ev.has_sort_index)
    {
      label.sort_index = p->ev.sort_index;
      label.has_sort_index = TRUE;
    }
  g_array_append_val (p->b->labels, label);
}

static void
event_finish (Parser *p)
{
  HpRankBuilder *b = p->b;
  HpRank        *r = b->rank;
  CurEvent      *ev = &p->ev;
  guint          n;
  gboolean       measured;

  if (!ev->has_ts)
    b->any_missing_ts = TRUE;

  measured = ev->has_dur && ev->cat != HP_NO_STRING && ev->cat != p->trace_cat;

  switch (ev->ph)
    {
    case 'M':
      r->n_metadata_events++;
      if (!measured)
        {
          label_add (p);
          return;
        }
      break;
    case 's':
    case 'f':
    case 't':
      r->n_flow_events++;
      if (!measured)
        return;
      break;
    case 'C':
      r->n_counter_events++;
      if (!measured)
        return;
      break;
    case 'i':
    case 'I':
      r->n_instant_events++;
      break;
    default:
      break;
    }

  if (!measured)
    {
      /* instants are shown on the timeline; other duration-less rows are not */
      if (!(ev->ph == 'i' || ev->ph == 'I') || !ev->has_ts)
        {
          r->n_dropped_no_dur++;
          return;
        }
    }
  if (!ev->has_ts)
    {
      /* a measured event without a start cannot be placed anywhere */
      r->n_bad_values++;
      return;
    }
  if (ev->ts < HP_TIME_MIN_NS || ev->ts > HP_TIME_MAX_NS ||
      (measured && (ev->dur < HP_DUR_MIN_NS || ev->dur > HP_TIME_MAX_NS - ev->ts)))
    {
      /* before 1970, after 2200, or ending there: a broken clock, and
       * arithmetic on it would overflow */
      r->n_out_of_window++;
      return;
    }

  builder_reserve (b);
  n = r->n_events++;
  r->index[n] = (guint32)(p->n_elements - 1);
  r->ts[n] = ev->ts;
  r->dur[n] = measured ? ev->dur : 0;
  r->name[n] = ev->name != HP_NO_STRING ? ev->name : hp_strings_intern (b->strings, "", 0);
  r->cat[n] = ev->cat;
  r->phase[n] = (guint8)(ev->ph != 0 ? ev->ph : 'X');
  r->pid[n] = ev->pid;
  r->tid[n] = ev->tid;
  r->stream[n] = ev->stream;
  b->stream_state[n] = ev->stream_state;
  r->correlation[n] = ev->correlation;
  r->args_off[n] = ev->args_off;
  r->flags[n] = measured ? HP_EVENT_MEASURED : 0;
}

/* ---------------------------------------------------------------------------
 * yajl callbacks
 * ------------------------------------------------------------------------- */

static void
meta_add_number (JsonBuilder *jb,
                 const char  *s,
                 size_t       len)
{
  gint64 iv;

  if (text_is_integer (s, len) && parse_int64 (s, len, &iv))
    json_builder_add_int_value (jb, iv);
  else
    {
      g_autofree char *t = g_strndup (s, len);

      json_builder_add_double_value (jb, g_ascii_strtod (t, NULL));
    }
}

static void
meta_member (Parser *p)
{
  json_builder_set_member_name (p->meta, p->top_key != NULL ? p->top_key : "");
}

/* a value where an event was expected: an element, and a bad one */
static inline void
bad_element (Parser *p)
{
  p->n_elements++;
  p->b->rank->n_bad_values++;
}

/* after reading a numeric event field: @ok, it is there (@has), else the
 * value is bad */
static inline void
note_number_field (Parser   *p,
                   gboolean  ok,
                   gboolean *has)
{
  if (ok)
    *has = TRUE;
  else
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
      if (p->seen_root)
        {
          meta_member (p);
          json_builder_add_null_value (p->meta);
        }
      break;
    case CTX_META:
      json_builder_add_null_value (p->meta);
      break;
    case CTX_ARGS:
      arg_simple (p, HP_ARG_NULL);
      break;
    case CTX_CAPTURE:
      capture_before_value (p);
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
      if (p->seen_root)
        {
          meta_member (p);
          json_builder_add_boolean_value (p->meta, value);
        }
      break;
    case CTX_META:
      json_builder_add_boolean_value (p->meta, value);
      break;
    case CTX_ARGS:
      arg_simple (p, value ? HP_ARG_TRUE : HP_ARG_FALSE);
      break;
    case CTX_CAPTURE:
      capture_before_value (p);
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
      switch (p->field)
        {
        case F_TS:
          if (!text_is_integer (s, len))
            p->b->any_float_ts = TRUE;
          note_number_field (p, hp_parse_time_ns (s, len, &p->ev.ts), &p->ev.has_ts);
          break;
        case F_DUR:
          note_number_field (p, hp_parse_time_ns (s, len, &p->ev.dur), &p->ev.has_dur);
          break;
        case F_PID:
          note_number_field (p, parse_int64 (s, len, &p->ev.pid), &p->ev.has_pid);
          break;
        case F_TID:
          note_number_field (p, parse_int64 (s, len, &p->ev.tid), &p->ev.has_tid);
          break;
        case F_PH:
        case F_CAT:
        case F_NAME:
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
      arg_number (p, s, len);
      break;
    case CTX_CAPTURE:
      capture_before_value (p);
      capture_append (p->capture, s, len);
      break;
    case CTX_TOP:
      if (p->seen_root)
        {
          meta_member (p);
          meta_add_number (p->meta, s, len);
        }
      break;
    case CTX_META:
      meta_add_number (p->meta, s, len);
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
          p->ev.cat = intern_checked (p, s, len);
          break;
        case F_NAME:
          p->ev.name = intern_checked (p, s, len);
          break;
        case F_PID:
        case F_TID:
          {
            gint64 v;
            /* "Spans", "Traces": names, not ids */
            if (parse_int64 ((const char *)s, len, &v))
              {
                if (p->field == F_PID)
                  p->ev.pid = v, p->ev.has_pid = TRUE;
                else
                  p->ev.tid = v, p->ev.has_tid = TRUE;
              }
            else if (p->field == F_TID)
              {
                /* "stream 7": kept as text (remapped with the strings) */
                p->ev.tid = HP_TID_STRING_BASE - (gint64)intern_checked (p, s, len);
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
      arg_string (p, s, len);
      break;
    case CTX_CAPTURE:
      capture_before_value (p);
      _hp_json_append_escaped (p->capture, (const char *)s, len);
      break;
    case CTX_TOP:
      if (p->seen_root)
        {
          g_autofree char *v = g_utf8_make_valid ((const char *)s, len);

          meta_member (p);
          json_builder_add_string_value (p->meta, v);
        }
      break;
    case CTX_META:
      {
        g_autofree char *v = g_utf8_make_valid ((const char *)s, len);

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

static Field
field_from_key (const unsigned char *k,
                size_t               len)
{
  switch (len)
    {
    case 2:
      if (k[0] == 'p' && k[1] == 'h')
        return F_PH;
      if (k[0] == 't' && k[1] == 's')
        return F_TS;
      return F_OTHER;
    case 3:
      if (memcmp (k, "cat", 3) == 0)
        return F_CAT;
      if (memcmp (k, "pid", 3) == 0)
        return F_PID;
      if (memcmp (k, "tid", 3) == 0)
        return F_TID;
      if (memcmp (k, "dur", 3) == 0)
        return F_DUR;
      return F_OTHER;
    case 4:
      if (memcmp (k, "name", 4) == 0)
        return F_NAME;
      if (memcmp (k, "args", 4) == 0)
        return F_ARGS;
      return F_OTHER;
    default:
      return F_OTHER;
    }
}

static guint32
arg_key_id (Parser              *p,
            const unsigned char *k,
            size_t               len)
{
  HpStrings *keys = p->b->rank->arg_keys;
  guint      slot = len == 0 ? 0 : (guint)(len * 7 + k[0] + k[len - 1] * 3) % KEY_CACHE_SIZE;
  guint32    id;

  if (p->key_cache[slot].str != NULL && p->key_cache[slot].len == len &&
      memcmp (p->key_cache[slot].str, k, len) == 0)
    return p->key_cache[slot].id;

  id = hp_strings_lookup (keys, (const char *)k, len);
  if (id == HP_NO_STRING)
    {
      if (!is_ascii (k, len) && !g_utf8_validate_len ((const char *)k, len, NULL))
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
      p->field = field_from_key (k, len);
      break;
    case CTX_ARGS:
      if (++p->n_args > p->limits.max_args)
        {
          p->too_many_args = TRUE;
          return 0;
        }
      p->arg_field = arg_field_from_key (k, len);
      p->arg_key = arg_key_id (p, k, len);
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
      g_free (p->top_key);
      p->top_key = g_utf8_make_valid ((const char *)k, len);
      break;
    case CTX_META:
      {
        g_autofree char *key = g_utf8_make_valid ((const char *)k, len);

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
      meta_member (p);
      json_builder_begin_object (p->meta);
      return push (p, CTX_META);
    case CTX_META:
      json_builder_begin_object (p->meta);
      return push (p, CTX_META);
    case CTX_EVENTS:
      if (p->n_elements >= p->limits.max_events)
        {
          p->too_many_events = TRUE;
          return 0;
        }
      p->n_elements++;
      event_reset (p);
      return push (p, CTX_EVENT);
    case CTX_EVENT:
      if (p->field == F_ARGS && p->ev.args_off == G_MAXUINT64)
        {
          p->ev.args_off = p->b->rank->args_len;
          p->n_args = 0;
          return push (p, CTX_ARGS);
        }
      event_scalar_field_bad (p);
      return push (p, CTX_SKIP);
    case CTX_ARGS:
      capture_start (p, '{');
      return push (p, CTX_CAPTURE);
    case CTX_CAPTURE:
      capture_open (p, '{');
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
      meta_member (p);
      json_builder_begin_array (p->meta);
      return push (p, CTX_META);
    case CTX_META:
      json_builder_begin_array (p->meta);
      return push (p, CTX_META);
    case CTX_EVENTS:
      bad_element (p);
      return push (p, CTX_SKIP);
    case CTX_EVENT:
      event_scalar_field_bad (p);
      if (p->field == F_ARGS)
        p->b->rank->n_bad_values++;
      return push (p, CTX_SKIP);
    case CTX_ARGS:
      capture_start (p, '[');
      return push (p, CTX_CAPTURE);
    case CTX_CAPTURE:
      capture_open (p, '[');
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
      event_finish (p);
      break;
    case CTX_ARGS:
      args_put_byte (p->b, 0);
      break;
    case CTX_CAPTURE:
      g_string_append_c (p->capture, close);
      p->capture_depth--;
      if (top (p) == CTX_ARGS)
        arg_capture_done (p);
      break;
    case CTX_META:
      if (close == '}')
        json_builder_end_object (p->meta);
      else
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

static const yajl_callbacks callbacks = {
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

/* ---------------------------------------------------------------------------
 * Reading a file
 * ------------------------------------------------------------------------- */

void
_hp_rank_builder_free (HpRankBuilder *b)
{
  if (b == NULL)
    return;
  _hp_rank_free (b->rank);
  hp_strings_free (b->strings);
  g_free (b->stream_state);
  if (b->labels != NULL)
    g_array_unref (b->labels);
  g_free (b->duplicate_of);
  g_free (b);
}

static HpRankBuilder *
builder_new (const char *path)
{
  HpRankBuilder *b = g_new0 (HpRankBuilder, 1);

  b->rank = g_new0 (HpRank, 1);
  b->rank->rank = -1;
  b->rank->path = g_strdup (path);
  b->rank->basename = g_path_get_basename (path);
  b->rank->arg_keys = hp_strings_new ();
  b->strings = hp_strings_new ();
  b->labels = g_array_new (FALSE, FALSE, sizeof (HpLaneLabel));
  b->rank_from_metadata = -1;
  return b;
}

static int
rank_from_metadata (JsonNode *meta)
{
  JsonObject *root;
  JsonNode   *di;
  JsonNode   *rank;

  if (meta == NULL || !JSON_NODE_HOLDS_OBJECT (meta))
    return -1;
  root = json_node_get_object (meta);
  di = json_object_get_member (root, "distributedInfo");
  if (di == NULL || !JSON_NODE_HOLDS_OBJECT (di))
    return -1;
  rank = json_object_get_member (json_node_get_object (di), "rank");
  if (rank == NULL || !JSON_NODE_HOLDS_VALUE (rank))
    return -1;
  if (json_node_get_value_type (rank) == G_TYPE_INT64)
    {
      gint64 v = json_node_get_int (rank);

      return v >= 0 && v <= G_MAXINT ? (int)v : -1;
    }
  if (json_node_get_value_type (rank) == G_TYPE_STRING)
    {
      guint64 v;

      if (g_ascii_string_to_unsigned (json_node_get_string (rank), 10, 0, G_MAXINT, &v, NULL))
        return (int)v;
    }
  return -1;
}

static void
read_base_time (HpRank *rank)
{
  JsonObject *root;
  JsonNode   *n;

  if (rank->metadata == NULL || !JSON_NODE_HOLDS_OBJECT (rank->metadata))
    return;
  root = json_node_get_object (rank->metadata);
  n = json_object_get_member (root, "baseTimeNanoseconds");
  if (n != NULL && JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_INT64)
    {
      rank->base_time_ns = json_node_get_int (n);
      rank->has_base_time = TRUE;
    }
}

/**
 * _hp_file_kind_if_special:
 * @st: what stat() said about a path
 *
 * Opening a FIFO blocks until a writer comes and a device may never end:
 * only regular files are traces.
 *
 * Returns: (nullable): a word for a file that is not regular ("FIFO",
 *   "socket", "device"...), or %NULL for a regular file or a folder
 */
const char *
_hp_file_kind_if_special (const GStatBuf *st)
{
  if (S_ISREG (st->st_mode) || S_ISDIR (st->st_mode))
    return NULL;
  if (S_ISFIFO (st->st_mode))
    return "FIFO";
#ifdef S_ISSOCK
  if (S_ISSOCK (st->st_mode))
    return "socket";
#endif
  if (S_ISCHR (st->st_mode) || S_ISBLK (st->st_mode))
    return "device";
  return "special file";
}

/* ---------------------------------------------------------------------------
 * Reading raw or gzip bytes
 * ------------------------------------------------------------------------- */

/* The file's bytes, inflated when it starts with the gzip magic. Every gzip
 * member is read, as zcat does (pigz and appending writers concatenate
 * members); bytes after the last member that do not start another one are
 * counted and ignored. */
typedef struct
{
  GInputStream *raw;
  GConverter   *dec; /* NULL: not compressed */
  guchar       *in;
  gsize         in_len, in_pos;
  guint64       raw_read; /* bytes read from the file */
  gboolean      raw_eof;
  gboolean      member_ended;
  gboolean      finished;
  guint         members;
  guint64       trailing;
  guint64       file_size;
} Reader;

#define READER_IN_SIZE (64 * 1024)

static void
reader_clear (Reader *r)
{
  g_clear_object (&r->raw);
  g_clear_object (&r->dec);
  g_clear_pointer (&r->in, g_free);
}

static gboolean
open_reader (Reader       *r,
             const char   *path,
             const char   *basename,
             GCancellable *cancellable,
             GError      **error)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GFileInfo) info = NULL;
  g_autoptr (GError) local_error = NULL;
  GFileInputStream *in;
  GStatBuf          st;
  const char       *kind;
  gssize            got;

  /* a FIFO blocks open() until a writer comes: never open one */
  kind = g_stat (path, &st) == 0 ? _hp_file_kind_if_special (&st) : NULL;
  if (kind != NULL)
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE,
                   "%s: not a regular file (a %s); it was not opened", basename, kind);
      return FALSE;
    }

  in = g_file_read (file, cancellable, &local_error);
  if (in == NULL)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_FOUND, "%s: no such file", basename);
      else
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: cannot be read: %s",
                     basename, local_error->message);
      return FALSE;
    }
  r->raw = G_INPUT_STREAM (in);
  info = g_file_input_stream_query_info (in, G_FILE_ATTRIBUTE_STANDARD_SIZE, cancellable, NULL);
  r->file_size = info != NULL ? (guint64)g_file_info_get_size (info) : 0;

  /* the first bytes tell gzip from JSON; they stay in the input buffer */
  r->in = g_malloc (READER_IN_SIZE);
  got = g_input_stream_read (r->raw, r->in, READER_IN_SIZE, cancellable, &local_error);
  if (got < 0)
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: cannot be read: %s",
                     basename, local_error->message);
      return FALSE;
    }
  r->in_len = (gsize)got;
  r->raw_read = (guint64)got;
  r->raw_eof = got == 0;
  if (got >= 2 && r->in[0] == 0x1f && r->in[1] == 0x8b)
    r->dec = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
  return TRUE;
}

/* Reads more of the file after what is left in the input buffer, until at
 * least @want bytes are there or the file ends. */
static gboolean
reader_fill (Reader       *r,
             gsize         want,
             GCancellable *cancellable,
             GError      **error)
{
  if (r->in_pos > 0)
    {
      memmove (r->in, r->in + r->in_pos, r->in_len - r->in_pos);
      r->in_len -= r->in_pos;
      r->in_pos = 0;
    }
  while (!r->raw_eof && r->in_len < want)
    {
      gssize got = g_input_stream_read (r->raw, r->in + r->in_len, READER_IN_SIZE - r->in_len,
                                        cancellable, error);

      if (got < 0)
        return FALSE;
      r->raw_eof = got == 0;
      r->in_len += (gsize)got;
      r->raw_read += (guint64)got;
    }
  return TRUE;
}

/* Bytes of the file consumed so far (for progress). */
static guint64
reader_position (const Reader *r)
{
  return r->raw_read - (r->in_len - r->in_pos);
}

/* Like g_input_stream_read(): 0 at the end; on error -1 with @error in
 * G_IO_ERROR (PARTIAL_INPUT: the gzip data ends inside a member;
 * INVALID_DATA: corrupt). */
static gssize
reader_read (Reader       *r,
             guchar       *out,
             gsize         size,
             GCancellable *cancellable,
             GError      **error)
{
  if (r->dec == NULL)
    {
      gsize n = MIN (size, r->in_len - r->in_pos);

      if (n > 0)
        {
          memcpy (out, r->in + r->in_pos, n);
          r->in_pos += n;
          return (gssize)n;
        }
      if (r->raw_eof)
        return 0;
      n = 0;
      if (!g_input_stream_read_all (r->raw, out, size, &n, cancellable, error))
        return -1;
      r->raw_read += n;
      r->raw_eof = n < size;
      return (gssize)n;
    }

  for (;;)
    {
      g_autoptr (GError) local_error = NULL;
      GConverterResult res;
      gsize            n_read = 0, n_written = 0;

      if (r->finished)
        return 0;
      if (r->member_ended)
        {
          /* another member follows, or the file ends, or it is garbage */
          if (!reader_fill (r, 2, cancellable, error))
            return -1;
          if (r->in_len - r->in_pos == 0)
            {
              r->finished = TRUE;
              return 0;
            }
          if (r->in_len - r->in_pos >= 2 && r->in[r->in_pos] == 0x1f &&
              r->in[r->in_pos + 1] == 0x8b)
            {
              g_converter_reset (r->dec);
              r->member_ended = FALSE;
              continue;
            }
          r->trailing = r->file_size > reader_position (r) ? r->file_size - reader_position (r)
                                                           : r->in_len - r->in_pos;
          r->finished = TRUE;
          return 0;
        }
      if (r->in_pos == r->in_len)
        {
          if (!reader_fill (r, 1, cancellable, error))
            return -1;
          if (r->in_len == 0)
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT,
                                   "the gzip data ends inside a member");
              return -1;
            }
        }
      res = g_converter_convert (r->dec, r->in + r->in_pos, r->in_len - r->in_pos, out, size,
                                 G_CONVERTER_NO_FLAGS, &n_read, &n_written, &local_error);
      if (res == G_CONVERTER_ERROR)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            {
              /* the member needs bytes past the buffer */
              if (r->raw_eof)
                {
                  g_propagate_error (error, g_steal_pointer (&local_error));
                  return -1;
                }
              if (!reader_fill (r, r->in_len - r->in_pos + 1, cancellable, error))
                return -1;
              continue;
            }
          g_propagate_error (error, g_steal_pointer (&local_error));
          return -1;
        }
      r->in_pos += n_read;
      if (res == G_CONVERTER_FINISHED)
        {
          r->members++;
          r->member_ended = TRUE;
        }
      if (n_written > 0)
        return (gssize)n_written;
    }
}

/* Fills @out as far as the data goes: yajl gets whole chunks. */
static gssize
reader_read_all (Reader       *r,
                 guchar       *out,
                 gsize         size,
                 GCancellable *cancellable,
                 GError      **error)
{
  gsize done = 0;

  while (done < size)
    {
      gssize n = reader_read (r, out + done, size - done, cancellable, error);

      if (n < 0)
        return -1;
      if (n == 0)
        break;
      done += (gsize)n;
    }
  return (gssize)done;
}

static void
set_json_error (GError      **error,
                const char   *basename,
                yajl_handle   yh,
                const guchar *chunk,
                gsize         chunk_len,
                guint64       chunk_base)
{
  gsize            consumed = yajl_get_bytes_consumed (yh);
  guchar          *msg = yajl_get_error (yh, 0, chunk, chunk_len);
  g_autofree char *clean = g_strstrip (g_strdup ((const char *)msg));

  yajl_free_error (yh, msg);
  g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON,
               "%s: not valid JSON at byte %" G_GUINT64_FORMAT " (%s)",
               basename, chunk_base + consumed, clean);
}

/* The error of a yajl callback that stopped the parse on a limit. */
static gboolean
set_limit_error (GError      **error,
                 const Parser *p)
{
  if (p->too_deep)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                 "%s: JSON nested deeper than %u levels", p->basename, p->limits.max_nesting);
  else if (p->too_many_events)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                 "%s: more than %" G_GUINT64_FORMAT " events, the limit of one file", p->basename,
                 p->limits.max_events);
  else if (p->too_many_args)
    g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                 "%s: event %" G_GUINT64_FORMAT " has more than %u args, the limit of one event",
                 p->basename, p->n_elements - 1, p->limits.max_args);
  else
    return FALSE;
  return TRUE;
}

/**
 * _hp_load_limits_resolve:
 * @limits: (nullable): limits with zero fields for the defaults
 * @out: the limits to apply
 */
void
_hp_load_limits_resolve (const HpLoadLimits *limits,
                         HpLoadLimits       *out)
{
  static const HpLoadLimits none = { 0 };

  if (limits == NULL)
    limits = &none;
  out->max_nesting = limits->max_nesting > 0 ? MIN (limits->max_nesting, HP_MAX_NESTING)
                                             : HP_MAX_NESTING;
  out->max_string_bytes =
      limits->max_string_bytes > 0 ? limits->max_string_bytes : HP_DEFAULT_MAX_STRING_BYTES;
  out->max_token_bytes =
      limits->max_token_bytes > 0 ? limits->max_token_bytes : HP_DEFAULT_MAX_TOKEN_BYTES;
  out->max_events = limits->max_events > 0 ? MIN (limits->max_events, HP_DEFAULT_MAX_EVENTS)
                                           : HP_DEFAULT_MAX_EVENTS;
  out->max_args = limits->max_args > 0 ? limits->max_args : HP_DEFAULT_MAX_ARGS;
}

/**
 * _hp_parse_file:
 *
 * Streams @path (gzip detected by its magic bytes) through yajl into a
 * rank builder. Never holds the file or a DOM of its events.
 *
 * yajl lexes a token cut by the end of a chunk again from its start with
 * the next chunk, so a token spread over k chunks costs k² work. A chunk in
 * which no token ends makes the next one twice as large: a token of n bytes
 * then costs O(n), and no token may be longer than max_token_bytes.
 */
HpRankBuilder *
_hp_parse_file (const char            *path,
                HpMode                 mode,
                const HpLoadLimits    *limits,
                const HpParseProgress *progress,
                GCancellable          *cancellable,
                GError               **error)
{
  g_autoptr (HpRankBuilder) b = builder_new (path);
  g_autoptr (GError) local_error = NULL;
  g_autoptr (JsonBuilder) meta = json_builder_new ();
  g_autofree guchar *chunk = NULL;
  Reader             reader = { 0 };
  Parser             p = { 0 };
  yajl_handle        yh;
  guint64            json_bytes = 0;
  guint64            last_reported = 0;
  gsize              chunk_size = CHUNK_SIZE;
  gsize              chunk_alloc = CHUNK_SIZE;
  guint64            tokenless = 0; /* bytes since a token last ended */
  gboolean           ok = TRUE;

  if (!open_reader (&reader, path, b->rank->path, cancellable, error))
    {
      reader_clear (&reader);
      return NULL;
    }
  b->rank->compressed = reader.dec != NULL;
  b->rank->file_bytes = reader.file_size;

  p.b = b;
  p.mode = mode;
  p.basename = b->rank->path;
  _hp_load_limits_resolve (limits, &p.limits);
  p.meta = meta;
  p.capture = g_string_new (NULL);
  p.trace_cat = hp_strings_intern (b->strings, "Trace", 5);
  event_reset (&p);

  yh = yajl_alloc (&callbacks, NULL, &p);
  yajl_config (yh, yajl_dont_validate_strings, 1);
  chunk = g_malloc (chunk_alloc);

  for (;;)
    {
      gssize      n;
      yajl_status st;
      guint64     tokens_before = p.n_tokens;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          ok = FALSE;
          break;
        }

      n = reader_read_all (&reader, chunk, chunk_size, cancellable, &local_error);
      if (n < 0)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            g_propagate_error (error, g_steal_pointer (&local_error));
          else if (b->rank->compressed &&
                   g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_PARTIAL_INPUT))
            g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED,
                         "%s: truncated: the gzip stream ends after %" G_GUINT64_FORMAT
                         " bytes of JSON",
                         b->rank->path, json_bytes);
          else if (b->rank->compressed && local_error->domain == G_IO_ERROR &&
                   local_error->code == G_IO_ERROR_INVALID_DATA)
            g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_JSON,
                         "%s: corrupt gzip data after %" G_GUINT64_FORMAT " bytes: %s",
                         b->rank->path, json_bytes, local_error->message);
          else
            g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_UNREADABLE, "%s: read error: %s",
                         b->rank->path, local_error->message);
          ok = FALSE;
          break;
        }

      if (n == 0)
        {
          if (json_bytes == 0)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY, "%s: the file is empty",
                           b->rank->path);
              ok = FALSE;
              break;
            }
          st = yajl_complete_parse (yh);
          if (st != yajl_status_ok && !p.seen_root)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_EMPTY,
                           "%s: the file holds no JSON value", b->rank->path);
              ok = FALSE;
            }
          else if (st != yajl_status_ok)
            {
              if (!set_limit_error (error, &p))
                g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_TRUNCATED,
                             "%s: truncated at byte %" G_GUINT64_FORMAT " (the JSON ends early)",
                             b->rank->path, json_bytes);
              ok = FALSE;
            }
          break;
        }

      st = yajl_parse (yh, chunk, (size_t)n);
      if (st != yajl_status_ok)
        {
          if (!set_limit_error (error, &p))
            set_json_error (error, b->rank->path, yh, chunk, (gsize)n, json_bytes);
          ok = FALSE;
          break;
        }
      json_bytes += (guint64)n;

      if (p.n_tokens == tokens_before)
        {
          tokenless += (guint64)n;
          if (tokenless > p.limits.max_token_bytes)
            {
              g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                           "%s: a single JSON token (a string, number or whitespace) runs "
                           "longer than %" G_GSIZE_FORMAT " MiB from byte %" G_GUINT64_FORMAT,
                           b->rank->path, p.limits.max_token_bytes / (1024 * 1024),
                           json_bytes - tokenless);
              ok = FALSE;
              break;
            }
          chunk_size = (gsize)MIN ((guint64)chunk_size * 2, p.limits.max_token_bytes / 2 + 1);
          chunk_size = MAX (chunk_size, CHUNK_SIZE);
          if (chunk_size > chunk_alloc)
            {
              g_free (chunk);
              chunk = g_malloc (chunk_size);
              chunk_alloc = chunk_size;
            }
        }
      else
        {
          tokenless = 0;
          chunk_size = CHUNK_SIZE;
        }

      if (progress != NULL && progress->bytes_done != NULL)
        {
          /* bytes of the file, compressed or not, as the total counts them */
          guint64 pos = reader_position (&reader);

          if (pos > b->rank->file_bytes)
            pos = b->rank->file_bytes;
          if (pos > last_reported)
            {
              g_atomic_pointer_add (progress->bytes_done, (gssize)(pos - last_reported));
              last_reported = pos;
              if (progress->report != NULL)
                progress->report (progress->report_data);
            }
        }
    }

  b->rank->n_gzip_members = reader.members;
  b->rank->gzip_trailing_bytes = reader.trailing;
  reader_clear (&reader);
  yajl_free (yh);
  g_string_free (p.capture, TRUE);
  g_free (p.top_key);

  if (progress != NULL && progress->bytes_done != NULL && b->rank->file_bytes > last_reported)
    {
      g_atomic_pointer_add (progress->bytes_done, (gssize)(b->rank->file_bytes - last_reported));
      if (progress->report != NULL)
        progress->report (progress->report_data);
    }

  if (!ok)
    return NULL;

  b->rank->json_bytes = json_bytes;
  b->rank->n_json_events = p.n_elements;
  b->rank->metadata = json_builder_get_root (meta);

  if (!p.seen_root || (!p.seen_events && !p.bare_array))
    {
      g_set_error (error, HP_LOAD_ERROR, HP_LOAD_ERROR_NOT_A_TRACE,
                   "%s: not a trace: %s", b->rank->path,
                   p.seen_root ? "the JSON object has no traceEvents array"
                               : "the JSON is not an object or an array");
      return NULL;
    }

  b->rank_from_metadata = rank_from_metadata (b->rank->metadata);
  read_base_time (b->rank);

  return g_steal_pointer (&b);
}
