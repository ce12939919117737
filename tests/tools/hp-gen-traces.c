/* hp-gen-traces.c — writes synthetic multi-rank Kineto trace folders from one real trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <yajl/yajl_parse.h>
#include <zlib.h>

/*
 * How it works.
 *
 * The template is streamed once through zlib and the yajl SAX parser. Every
 * element of `traceEvents` is re-serialised into a compact JSON text kept in
 * one arena, together with a few "slots": byte ranges of that text whose value
 * changes from one repetition to the next (`ts`, ids, the number of a
 * `ProfilerStep#N` name, the `dur` of the `Trace` span). Writing a rank is
 * then a loop of memcpy()s with the slots rewritten in between, so the output
 * side runs at the speed of the compressor.
 *
 * Timestamps are shifted in fixed point (nanoseconds), on the decimal text,
 * never through a double: `1712195495503386.123` plus 1.5 us is exactly
 * `1712195495503387.623`. Templates with integer timestamps get whole
 * microsecond shifts only, so they stay integer traces.
 */

#define MIB (1024.0 * 1024.0)
#define FLUSH_BYTES (1u << 20)
#define RANK_JITTER_NS 100000  /* per-rank start offset: [0, 100 us) */
#define REPEAT_JITTER_NS 20000 /* per-repetition extra offset: [0, 20 us) */
#define STEP_PREFIX "ProfilerStep#"
#define STEP_PREFIX_LEN (sizeof STEP_PREFIX - 1)

#define HP_GEN_ERROR (hp_gen_error_quark ())
static GQuark hp_gen_error_quark (void);
G_DEFINE_QUARK (hp_gen_error, hp_gen_error)

typedef enum
{
  HP_GEN_ERROR_PARSE,
  HP_GEN_ERROR_FORMAT,
  HP_GEN_ERROR_IO,
} HpGenError;

typedef enum
{
  SLOT_TS,   /* "ts": shifted by the repetition's time offset */
  SLOT_DUR,  /* "dur" of a Trace span: stretched over the whole output */
  SLOT_ID,   /* correlation, External id, flow id…: offset per repetition */
  SLOT_STEP, /* digits of "ProfilerStep#N": renumbered per repetition */
} HpGenSlotKind;

typedef struct
{
  guint32 pos;      /* offset of the value inside the event text */
  guint32 len;      /* length of the value text */
  guint8  kind;     /* HpGenSlotKind */
  guint8  exact;    /* TS/DUR: value holds the number in ns */
  guint16 ndec;     /* TS/DUR: fraction digits in the template text */
  guint32 tail_len; /* TS/DUR: fraction digits below 1 ns, copied verbatim */
  gint64  value;    /* ns for TS/DUR, the integer for ID/STEP */
} HpGenSlot;

typedef enum
{
  EVENT_ONCE = 1 << 0,  /* "M" metadata and Trace spans: written once */
  EVENT_TRACE = 1 << 1, /* cat "Trace": dur covers the whole output */
} HpGenEventFlags;

typedef struct
{
  gsize   off; /* into HpGenTemplate.text */
  guint32 len;
  guint32 first_slot; /* into HpGenTemplate.slots */
  guint32 n_slots;
  guint32 flags;
} HpGenEvent;

typedef enum
{
  MEMBER_META,
  MEMBER_DISTRIBUTED_INFO,
  MEMBER_TRACE_EVENTS,
} HpGenMemberKind;

typedef struct
{
  HpGenMemberKind kind;
  char           *text; /* `"key": value` for MEMBER_META */
} HpGenMember;

typedef struct
{
  char    *path;
  GString *text;    /* arena of event texts */
  GArray  *events;  /* HpGenEvent */
  GArray  *slots;   /* HpGenSlot */
  GArray  *members; /* HpGenMember, in template order */

  gsize n_repeated;
  gsize n_once;
  gsize last_repeated; /* index of the last repeated event */
  gsize bytes_repeated;
  gsize bytes_fixed;

  gboolean have_time;
  gboolean fractional_ts; /* some ts is a JSON float: ns-resolution trace */
  gint64   min_ts_ns;
  gint64   max_end_ns;

  gint64   max_id;
  gboolean have_steps;
  gint64   min_step;
  gint64   max_step;
} HpGenTemplate;

static void
member_clear (gpointer data)
{
  HpGenMember *member = data;

  g_clear_pointer (&member->text, g_free);
}

static void
hp_gen_template_free (HpGenTemplate *tpl)
{
  g_free (tpl->path);
  g_string_free (tpl->text, TRUE);
  g_array_unref (tpl->events);
  g_array_unref (tpl->slots);
  g_array_unref (tpl->members);
  g_free (tpl);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HpGenTemplate, hp_gen_template_free)

static HpGenTemplate *
hp_gen_template_new (const char *path)
{
  HpGenTemplate *tpl = g_new0 (HpGenTemplate, 1);

  tpl->path = g_strdup (path);
  tpl->text = g_string_sized_new (1 << 20);
  tpl->events = g_array_new (FALSE, FALSE, sizeof (HpGenEvent));
  tpl->slots = g_array_new (FALSE, FALSE, sizeof (HpGenSlot));
  tpl->members = g_array_new (FALSE, TRUE, sizeof (HpGenMember));
  g_array_set_clear_func (tpl->members, member_clear);
  tpl->min_ts_ns = G_MAXINT64;
  tpl->max_end_ns = G_MININT64;
  tpl->min_step = G_MAXINT64;
  tpl->max_step = G_MININT64;

  return tpl;
}

/* Number text and JSON output helpers */

static void
append_uint (GString *out,
             guint64  v)
{
  char buf[24];
  int  i = sizeof buf;

  do
    {
      buf[--i] = (char)('0' + v % 10);
      v /= 10;
    }
  while (v != 0);

  g_string_append_len (out, buf + i, sizeof buf - i);
}

static void
append_int (GString *out,
            gint64   v)
{
  if (v < 0)
    {
      g_string_append_c (out, '-');
      append_uint (out, -(guint64)v);
    }
  else
    append_uint (out, (guint64)v);
}

/* Parses a JSON number into nanoseconds (the text is in microseconds).
 * Returns FALSE for forms we do not shift digit-exactly: exponents, huge
 * values, and negative values with sub-nanosecond digits. */
static gboolean
parse_fixed_ns (const char *text,
                gsize       len,
                gint64     *value_ns,
                guint      *ndec,
                guint      *tail_len)
{
  gboolean neg = FALSE;
  gint64   ip = 0;
  gint64   frac = 0;
  guint    nd = 0;
  gsize    i = 0;

  if (i < len && text[i] == '-')
    {
      neg = TRUE;
      i++;
    }
  if (i == len || !g_ascii_isdigit (text[i]))
    return FALSE;

  for (; i < len && g_ascii_isdigit (text[i]); i++)
    {
      if (ip > G_MAXINT64 / 10000)
        return FALSE;
      ip = ip * 10 + (text[i] - '0');
    }

  if (i < len && text[i] == '.')
    {
      for (i++; i < len && g_ascii_isdigit (text[i]); i++, nd++)
        if (nd < 3)
          frac = frac * 10 + (text[i] - '0');
      if (nd == 0)
        return FALSE;
    }

  if (i != len || nd > G_MAXUINT16 || (neg && nd > 3))
    return FALSE;

  for (guint k = MIN (nd, 3); k < 3; k++)
    frac *= 10;

  *value_ns = (ip * 1000 + frac) * (neg ? -1 : 1);
  *ndec = nd;
  *tail_len = nd > 3 ? nd - 3 : 0;

  return TRUE;
}

/* Writes `v` ns as microseconds with at least `ndec` fraction digits (the
 * template's), more only when the value needs them. */
static void
append_fixed (GString    *out,
              gint64      v,
              guint       ndec,
              const char *tail,
              guint       tail_len)
{
  guint64 a = v < 0 ? -(guint64)v : (guint64)v;
  guint   f = (guint)(a % 1000);
  char    frac[3];
  guint   keep = 3;

  frac[0] = (char)('0' + f / 100);
  frac[1] = (char)('0' + f / 10 % 10);
  frac[2] = (char)('0' + f % 10);

  if (v < 0)
    g_string_append_c (out, '-');
  append_uint (out, a / 1000);

  if (tail_len > 0)
    {
      g_string_append_c (out, '.');
      g_string_append_len (out, frac, 3);
      g_string_append_len (out, tail, tail_len);
      return;
    }

  while (keep > ndec && frac[keep - 1] == '0')
    keep--;
  if (keep > 0)
    {
      g_string_append_c (out, '.');
      g_string_append_len (out, frac, keep);
    }
}

/* Last resort for numbers with an exponent: not digit-exact, but valid. */
static void
append_shifted_double (GString    *out,
                       const char *text,
                       gsize       len,
                       gint64      shift_ns)
{
  g_autofree char *copy = g_strndup (text, len);
  char             buf[G_ASCII_DTOSTR_BUF_SIZE];
  double           d = g_ascii_strtod (copy, NULL) + (double)shift_ns / 1000.0;

  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.3f", d));
}

static void
append_json_string (GString    *out,
                    const char *s,
                    gsize       len)
{
  static const char hex[] = "0123456789abcdef";
  gsize             start = 0;

  g_string_append_c (out, '"');
  for (gsize i = 0; i < len; i++)
    {
      guchar c = (guchar)s[i];

      if (c >= 0x20 && c != '"' && c != '\\')
        continue;

      g_string_append_len (out, s + start, i - start);
      start = i + 1;

      switch (c)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\r':
          g_string_append (out, "\\r");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        case '\b':
          g_string_append (out, "\\b");
          break;
        case '\f':
          g_string_append (out, "\\f");
          break;
        default:
          g_string_append (out, "\\u00");
          g_string_append_c (out, hex[c >> 4]);
          g_string_append_c (out, hex[c & 0xf]);
          break;
        }
    }
  g_string_append_len (out, s + start, len - start);
  g_string_append_c (out, '"');
}

/* A non-negative integer written with digits only (no sign, fraction or exponent) */
static gboolean
parse_digits (const char *text,
              gsize       len,
              gint64     *value)
{
  gint64 v = 0;

  if (len == 0 || len > 18)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    {
      if (!g_ascii_isdigit (text[i]))
        return FALSE;
      v = v * 10 + (text[i] - '0');
    }
  *value = v;

  return TRUE;
}

/* Ids below 1 (-1, 0) mean "none" in Kineto and are left alone */
static gboolean
parse_positive_int (const char *text,
                    gsize       len,
                    gint64     *value)
{
  return parse_digits (text, len, value) && *value > 0;
}

/* Reading the template */

typedef enum
{
  KEY_OTHER,
  KEY_PH,
  KEY_CAT,
  KEY_NAME,
  KEY_TS,
  KEY_DUR,
  KEY_ID,
  KEY_ARGS,
} HpGenEventKey;

typedef struct
{
  gboolean is_map;
  guint    count;
} HpGenLevel;

typedef struct
{
  HpGenTemplate *tpl;
  GError        *error;

  int      depth; /* containers open */
  gboolean top_is_object;
  gboolean in_events;
  int      events_depth; /* depth inside the traceEvents array */
  gboolean saw_events;
  char    *top_key;

  /* Where values are being re-serialised: a metadata member or an event */
  GString *cur;
  gboolean cur_is_member;
  GArray  *levels; /* HpGenLevel */

  /* The event being read */
  HpGenEventKey ev_key;
  gboolean      arg_is_id;
  char          ph;
  gboolean      is_trace;
  guint         first_slot;
} HpGenParser;

static gboolean
parser_fail (HpGenParser *p,
             const char  *message)
{
  if (p->error == NULL)
    g_set_error_literal (&p->error, HP_GEN_ERROR, HP_GEN_ERROR_FORMAT, message);

  return FALSE;
}

static void
add_slot (HpGenParser  *p,
          HpGenSlotKind kind,
          gsize         pos,
          gsize         len)
{
  HpGenSlot slot = { 0 };

  slot.kind = kind;
  slot.pos = (guint32)pos;
  slot.len = (guint32)len;
  g_array_append_val (p->tpl->slots, slot);
}

/* Called before every value; opens a member or an event capture when the
 * value starts one, and writes the separator. Returns FALSE on bad shape. */
static gboolean
value_begin (HpGenParser *p,
             gboolean     is_array)
{
  HpGenLevel *level;

  if (p->depth == 0)
    return TRUE;

  if (p->depth == 1 && p->top_is_object)
    {
      HpGenMember member = { 0 };

      if (g_strcmp0 (p->top_key, "traceEvents") == 0)
        {
          if (!is_array)
            return parser_fail (p, "\"traceEvents\" is not an array");
          if (p->saw_events)
            return parser_fail (p, "more than one \"traceEvents\" member");
          p->in_events = TRUE;
          p->saw_events = TRUE;
          p->events_depth = 2;
          member.kind = MEMBER_TRACE_EVENTS;
          g_array_append_val (p->tpl->members, member);
          return TRUE;
        }

      if (g_strcmp0 (p->top_key, "distributedInfo") == 0)
        {
          /* Replaced per rank; skip its value (p->cur stays NULL) */
          member.kind = MEMBER_DISTRIBUTED_INFO;
          g_array_append_val (p->tpl->members, member);
          return TRUE;
        }

      p->cur = g_string_new ("");
      p->cur_is_member = TRUE;
      append_json_string (p->cur, p->top_key, strlen (p->top_key));
      g_string_append (p->cur, ": ");
      g_array_set_size (p->levels, 0);
      return TRUE;
    }

  if (p->in_events && p->depth == p->events_depth)
    {
      p->cur = g_string_new ("");
      p->cur_is_member = FALSE;
      g_array_set_size (p->levels, 0);
      p->ev_key = KEY_OTHER;
      p->arg_is_id = FALSE;
      p->ph = 0;
      p->is_trace = FALSE;
      p->first_slot = p->tpl->slots->len;
      return TRUE;
    }

  if (p->cur == NULL || p->levels->len == 0)
    return TRUE;

  level = &g_array_index (p->levels, HpGenLevel, p->levels->len - 1);
  if (!level->is_map && level->count++ > 0)
    g_string_append (p->cur, ", ");

  return TRUE;
}

static void
finish_event (HpGenParser *p)
{
  HpGenTemplate *tpl = p->tpl;
  HpGenEvent     ev = { 0 };
  gint64         ts = 0, dur = 0;
  gboolean       has_ts = FALSE, has_dur = FALSE;
  guint          out = p->first_slot;
  gint64         sub_ns = 0;

  if (p->ph == 'M')
    ev.flags |= EVENT_ONCE;
  if (p->is_trace)
    ev.flags |= EVENT_ONCE | EVENT_TRACE;

  /* Parse the slot values; keep DUR slots only on Trace spans */
  for (guint i = p->first_slot; i < tpl->slots->len; i++)
    {
      HpGenSlot  *slot = &g_array_index (tpl->slots, HpGenSlot, i);
      const char *text = p->cur->str + slot->pos;

      if (slot->kind == SLOT_TS || slot->kind == SLOT_DUR)
        {
          guint ndec = 0, tail_len = 0;

          slot->exact = parse_fixed_ns (text, slot->len, &slot->value, &ndec, &tail_len);
          slot->ndec = (guint16)ndec;
          slot->tail_len = tail_len;
          if (tail_len > 0)
            sub_ns = 1;

          if (slot->kind == SLOT_TS)
            {
              if (!slot->exact || ndec > 0)
                tpl->fractional_ts = TRUE;
              if (!slot->exact)
                {
                  g_autofree char *copy = g_strndup (text, slot->len);

                  slot->value = (gint64)(g_ascii_strtod (copy, NULL) * 1000.0);
                }
              ts = slot->value;
              has_ts = TRUE;
            }
          else
            {
              if (!slot->exact)
                {
                  g_autofree char *copy = g_strndup (text, slot->len);

                  slot->value = (gint64)(g_ascii_strtod (copy, NULL) * 1000.0);
                }
              dur = slot->value;
              has_dur = TRUE;
              if ((ev.flags & EVENT_TRACE) == 0)
                continue;
            }
        }
      else if ((ev.flags & EVENT_ONCE) == 0)
        {
          if (slot->kind == SLOT_ID)
            tpl->max_id = MAX (tpl->max_id, slot->value);
          else if (slot->kind == SLOT_STEP)
            {
              tpl->have_steps = TRUE;
              tpl->min_step = MIN (tpl->min_step, slot->value);
              tpl->max_step = MAX (tpl->max_step, slot->value);
            }
        }

      if (out != i)
        g_array_index (tpl->slots, HpGenSlot, out) = *slot;
      out++;
    }
  g_array_set_size (tpl->slots, out);

  if ((ev.flags & EVENT_ONCE) == 0)
    {
      if (has_ts)
        {
          tpl->have_time = TRUE;
          tpl->min_ts_ns = MIN (tpl->min_ts_ns, ts);
          /* Digits below 1 ns were cut off: round the end up */
          tpl->max_end_ns = MAX (tpl->max_end_ns, ts + (has_dur ? MAX (dur, 0) : 0) + sub_ns);
        }
      tpl->n_repeated++;
      tpl->last_repeated = tpl->events->len;
      tpl->bytes_repeated += p->cur->len + 2;
    }
  else
    {
      tpl->n_once++;
      tpl->bytes_fixed += p->cur->len + 2;
    }

  ev.off = tpl->text->len;
  ev.len = (guint32)p->cur->len;
  ev.first_slot = p->first_slot;
  ev.n_slots = out - p->first_slot;
  g_string_append_len (tpl->text, p->cur->str, p->cur->len);
  g_array_append_val (tpl->events, ev);

  g_string_free (p->cur, TRUE);
  p->cur = NULL;
}

static void
finish_member (HpGenParser *p)
{
  HpGenMember member = { MEMBER_META, NULL };

  p->tpl->bytes_fixed += p->cur->len + 4;
  member.text = g_string_free (p->cur, FALSE);
  p->cur = NULL;
  g_array_append_val (p->tpl->members, member);
}

/* Called after every complete value */
static void
value_end (HpGenParser *p)
{
  if (p->cur == NULL || p->levels->len > 0)
    return;

  if (p->cur_is_member)
    finish_member (p);
  else
    finish_event (p);
}

static gboolean
at_event_level (HpGenParser *p)
{
  return p->in_events && p->cur != NULL && !p->cur_is_member &&
         p->depth == p->events_depth + 1 && p->levels->len == 1;
}

static gboolean
at_args_level (HpGenParser *p)
{
  return p->in_events && p->cur != NULL && !p->cur_is_member &&
         p->depth == p->events_depth + 2 && p->levels->len == 2 &&
         p->ev_key == KEY_ARGS &&
         g_array_index (p->levels, HpGenLevel, 1).is_map;
}

static int
on_null (void *user_data)
{
  HpGenParser *p = user_data;

  if (!value_begin (p, FALSE))
    return 0;
  if (p->cur != NULL)
    g_string_append (p->cur, "null");
  value_end (p);

  return 1;
}

static int
on_boolean (void *user_data,
            int   value)
{
  HpGenParser *p = user_data;

  if (!value_begin (p, FALSE))
    return 0;
  if (p->cur != NULL)
    g_string_append (p->cur, value ? "true" : "false");
  value_end (p);

  return 1;
}

static int
on_number (void       *user_data,
           const char *text,
           size_t      len)
{
  HpGenParser *p = user_data;

  if (!value_begin (p, FALSE))
    return 0;

  if (p->cur != NULL)
    {
      gsize  pos = p->cur->len;
      gint64 v;

      if (at_event_level (p))
        {
          if (p->ev_key == KEY_TS)
            add_slot (p, SLOT_TS, pos, len);
          else if (p->ev_key == KEY_DUR)
            add_slot (p, SLOT_DUR, pos, len);
          else if (p->ev_key == KEY_ID && parse_positive_int (text, len, &v))
            {
              add_slot (p, SLOT_ID, pos, len);
              g_array_index (p->tpl->slots, HpGenSlot, p->tpl->slots->len - 1).value = v;
            }
        }
      else if (at_args_level (p) && p->arg_is_id && parse_positive_int (text, len, &v))
        {
          add_slot (p, SLOT_ID, pos, len);
          g_array_index (p->tpl->slots, HpGenSlot, p->tpl->slots->len - 1).value = v;
        }

      g_string_append_len (p->cur, text, len);
    }
  value_end (p);

  return 1;
}

static int
on_string (void                *user_data,
           const unsigned char *str,
           size_t               len)
{
  HpGenParser *p = user_data;
  const char  *s = (const char *)str;

  if (!value_begin (p, FALSE))
    return 0;

  if (p->cur != NULL)
    {
      if (at_event_level (p))
        {
          gint64 step = 0;

          if (p->ev_key == KEY_PH && len > 0)
            p->ph = s[0];
          else if (p->ev_key == KEY_CAT && len == 5 && memcmp (s, "Trace", 5) == 0)
            p->is_trace = TRUE;
          else if (p->ev_key == KEY_NAME && len > STEP_PREFIX_LEN &&
                   memcmp (s, STEP_PREFIX, STEP_PREFIX_LEN) == 0 &&
                   parse_digits (s + STEP_PREFIX_LEN, len - STEP_PREFIX_LEN, &step))
            {
              /* The prefix and the digits need no escaping */
              add_slot (p, SLOT_STEP, p->cur->len + 1 + STEP_PREFIX_LEN,
                        len - STEP_PREFIX_LEN);
              g_array_index (p->tpl->slots, HpGenSlot, p->tpl->slots->len - 1).value = step;
            }
        }
      append_json_string (p->cur, s, len);
    }
  value_end (p);

  return 1;
}

/* `key` of length `len` equals the string literal `lit` */
#define IS(lit) (len == sizeof lit - 1 && memcmp (key, lit, len) == 0)

static HpGenEventKey
classify_event_key (const char *key,
                    gsize       len)
{
  if (IS ("ph"))
    return KEY_PH;
  if (IS ("cat"))
    return KEY_CAT;
  if (IS ("name"))
    return KEY_NAME;
  if (IS ("ts"))
    return KEY_TS;
  if (IS ("dur"))
    return KEY_DUR;
  if (IS ("id"))
    return KEY_ID;
  if (IS ("args"))
    return KEY_ARGS;
  return KEY_OTHER;
}

/* args members that hold ids linking events of one repetition together */
static gboolean
is_id_arg (const char *key,
           gsize       len)
{
  return IS ("correlation") || IS ("External id") || IS ("Python id") ||
         IS ("Python parent id") || IS ("wait_on_cuda_event_record_corr_id");
}

#undef IS

static int
on_map_key (void                *user_data,
            const unsigned char *key,
            size_t               len)
{
  HpGenParser *p = user_data;
  const char  *k = (const char *)key;

  if (p->depth == 1 && p->top_is_object)
    {
      g_free (p->top_key);
      p->top_key = g_strndup (k, len);
      return 1;
    }

  if (p->cur == NULL)
    return 1;

  {
    HpGenLevel *level = &g_array_index (p->levels, HpGenLevel, p->levels->len - 1);

    if (level->count++ > 0)
      g_string_append (p->cur, ", ");
  }

  if (at_event_level (p))
    p->ev_key = classify_event_key (k, len);
  else if (at_args_level (p))
    p->arg_is_id = is_id_arg (k, len);

  append_json_string (p->cur, k, len);
  g_string_append (p->cur, ": ");

  return 1;
}

static int
open_container (HpGenParser *p,
                gboolean     is_map)
{
  if (p->depth == 0)
    {
      p->top_is_object = is_map;
      if (!is_map)
        {
          HpGenMember member = { MEMBER_TRACE_EVENTS, NULL };

          /* A bare array of events: written back as an object */
          p->in_events = TRUE;
          p->saw_events = TRUE;
          p->events_depth = 1;
          g_array_append_val (p->tpl->members, member);
        }
      p->depth++;
      return 1;
    }

  if (!value_begin (p, !is_map))
    return 0;

  p->depth++;
  if (p->cur != NULL)
    {
      HpGenLevel level = { is_map, 0 };

      g_array_append_val (p->levels, level);
      g_string_append_c (p->cur, is_map ? '{' : '[');
    }

  return 1;
}

static int
close_container (HpGenParser *p,
                 gboolean     is_map)
{
  p->depth--;

  if (p->cur != NULL && p->levels->len > 0)
    {
      g_array_set_size (p->levels, p->levels->len - 1);
      g_string_append_c (p->cur, is_map ? '}' : ']');
      value_end (p);
    }
  else if (!is_map && p->in_events && p->depth == p->events_depth - 1)
    p->in_events = FALSE;

  return 1;
}

static int
on_start_map (void *user_data)
{
  return open_container (user_data, TRUE);
}

static int
on_end_map (void *user_data)
{
  return close_container (user_data, TRUE);
}

static int
on_start_array (void *user_data)
{
  return open_container (user_data, FALSE);
}

static int
on_end_array (void *user_data)
{
  return close_container (user_data, FALSE);
}

static const yajl_callbacks parser_callbacks = {
  .yajl_null = on_null,
  .yajl_boolean = on_boolean,
  .yajl_number = on_number,
  .yajl_string = on_string,
  .yajl_start_map = on_start_map,
  .yajl_map_key = on_map_key,
  .yajl_end_map = on_end_map,
  .yajl_start_array = on_start_array,
  .yajl_end_array = on_end_array,
};

static gboolean
file_is_gzip (const char *path,
              GError    **error)
{
  guchar buf[2] = { 0 };
  FILE  *fp = g_fopen (path, "rb");
  gsize  n;

  if (fp == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", path, g_strerror (saved));
      return FALSE;
    }
  n = fread (buf, 1, 2, fp);
  fclose (fp);

  return n == 2 && buf[0] == 0x1f && buf[1] == 0x8b;
}

static HpGenTemplate *
template_load (const char *path,
               GError    **error)
{
  g_autoptr (HpGenTemplate) tpl = hp_gen_template_new (path);
  g_autofree guchar *buf = NULL;
  HpGenParser        p = { 0 };
  GError            *local_error = NULL;
  yajl_handle        handle;
  gzFile             gz;
  guint64            consumed = 0;
  gboolean           gzip;
  gboolean           ok = TRUE;
  guint              i;
  const gsize        buf_size = 1 << 18;

  gzip = file_is_gzip (path, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return NULL;
    }

  /* gzopen reads plain files unchanged, so one code path serves both */
  gz = gzopen (path, "rb");
  if (gz == NULL)
    {
      g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: cannot open: %s", path,
                   errno != 0 ? g_strerror (errno) : "out of memory");
      return NULL;
    }
  gzbuffer (gz, (unsigned)buf_size);

  p.tpl = tpl;
  p.levels = g_array_new (FALSE, FALSE, sizeof (HpGenLevel));
  handle = yajl_alloc (&parser_callbacks, NULL, &p);
  buf = g_malloc (buf_size);

  while (ok)
    {
      int         n = gzread (gz, buf, (unsigned)buf_size);
      int         zerr = Z_OK;
      const char *zmsg = gzerror (gz, &zerr);
      yajl_status status;

      if (n < 0 || (zerr != Z_OK && zerr != Z_BUF_ERROR))
        {
          g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: %s at byte %" G_GUINT64_FORMAT,
                       path, gzip ? zmsg : g_strerror (errno), consumed);
          ok = FALSE;
          break;
        }
      if (zerr == Z_BUF_ERROR)
        {
          g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO,
                       "%s: gzip data truncated at byte %" G_GUINT64_FORMAT " of JSON text",
                       path, consumed + (guint64)n);
          ok = FALSE;
          break;
        }

      status = n > 0 ? yajl_parse (handle, buf, (size_t)n) : yajl_complete_parse (handle);
      if (status != yajl_status_ok)
        {
          if (p.error != NULL)
            {
              g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_PARSE, "%s: %s", path,
                           p.error->message);
            }
          else
            {
              guchar *msg = yajl_get_error (handle, 0, NULL, 0);

              g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_PARSE,
                           "%s: not valid JSON (%s) near byte %" G_GUINT64_FORMAT, path,
                           g_strstrip ((char *)msg),
                           consumed + yajl_get_bytes_consumed (handle));
              yajl_free_error (handle, msg);
            }
          ok = FALSE;
          break;
        }
      if (n == 0)
        break;
      consumed += (guint64)n;
    }

  gzclose (gz);
  yajl_free (handle);
  g_array_unref (p.levels);
  g_free (p.top_key);
  g_clear_error (&p.error);
  if (p.cur != NULL)
    g_string_free (p.cur, TRUE);

  if (!ok)
    return NULL;

  if (!p.saw_events)
    {
      g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_FORMAT,
                   "%s: no \"traceEvents\" array in the top-level object", path);
      return NULL;
    }
  if (tpl->n_repeated == 0 || !tpl->have_time)
    {
      g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_FORMAT,
                   "%s: no timed events to repeat (only metadata events)", path);
      return NULL;
    }

  /* Every output file says its rank, even when the template did not */
  for (i = 0; i < tpl->members->len; i++)
    if (g_array_index (tpl->members, HpGenMember, i).kind == MEMBER_DISTRIBUTED_INFO)
      break;
  if (i == tpl->members->len)
    {
      HpGenMember member = { MEMBER_DISTRIBUTED_INFO, NULL };

      g_array_prepend_val (tpl->members, member);
    }

  return g_steal_pointer (&tpl);
}

/* Writing one rank */

typedef struct
{
  const char *output_dir;
  guint       n_ranks;
  guint       repeat;
  gboolean    gzip;
  int         gzip_level;
  guint32     seed;
} HpGenOptions;

typedef struct
{
  gint64 period_ns; /* time between two repetitions */
  gint64 unit_ns;   /* granularity of every offset: 1000 for integer traces */
  gint64 id_stride;
  gint64 step_stride;
} HpGenPlan;

typedef struct
{
  const HpGenTemplate *tpl;
  const HpGenOptions  *opts;
  const HpGenPlan     *plan;
  guint                rank;
  guint64              bytes;
  guint64              compressed_bytes;
  guint64              n_events;
  GError              *error;
} HpGenRankJob;

typedef struct
{
  const char *name;
  gzFile      gz;
  FILE       *fp;
} HpGenSink;

static gboolean
sink_write (HpGenSink *sink,
            GString   *buf,
            GError   **error)
{
  if (buf->len == 0)
    return TRUE;

  if (sink->gz != NULL)
    {
      if (gzwrite (sink->gz, buf->str, (unsigned)buf->len) != (int)buf->len)
        {
          int         zerr = Z_OK;
          const char *msg = gzerror (sink->gz, &zerr);

          g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: write failed: %s",
                       sink->name, zerr == Z_ERRNO ? g_strerror (errno) : msg);
          return FALSE;
        }
    }
  else if (fwrite (buf->str, 1, buf->len, sink->fp) != buf->len)
    {
      g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: write failed: %s", sink->name,
                   g_strerror (errno));
      return FALSE;
    }

  g_string_truncate (buf, 0);

  return TRUE;
}

static void
emit_event (GString             *out,
            const HpGenTemplate *tpl,
            const HpGenEvent    *ev,
            gint64               ts_shift,
            gint64               dur_shift,
            gint64               id_add,
            gint64               step_add)
{
  const char *text = tpl->text->str + ev->off;
  guint32     cursor = 0;

  for (guint32 i = 0; i < ev->n_slots; i++)
    {
      const HpGenSlot *slot = &g_array_index (tpl->slots, HpGenSlot, ev->first_slot + i);
      const char      *value = text + slot->pos;

      g_string_append_len (out, text + cursor, slot->pos - cursor);
      cursor = slot->pos + slot->len;

      switch (slot->kind)
        {
        case SLOT_TS:
        case SLOT_DUR:
          {
            gint64 shift = slot->kind == SLOT_TS ? ts_shift : dur_shift;
            gint64 r = slot->value + shift;

            if (shift == 0)
              g_string_append_len (out, value, slot->len);
            else if (!slot->exact || (slot->tail_len > 0 && r < 0))
              append_shifted_double (out, value, slot->len, shift);
            else
              append_fixed (out, r, slot->ndec, value + slot->len - slot->tail_len,
                            slot->tail_len);
          }
          break;

        case SLOT_ID:
          append_int (out, slot->value + id_add);
          break;

        case SLOT_STEP:
          append_int (out, slot->value + step_add);
          break;

        default:
          g_assert_not_reached ();
        }
    }
  g_string_append_len (out, text + cursor, ev->len - cursor);
}

/* Trace spans: start no later than the first event, end no earlier than the
 * last one of the last repetition. */
static void
emit_trace_span (GString             *out,
                 const HpGenTemplate *tpl,
                 const HpGenEvent    *ev,
                 gint64               first_offset,
                 gint64               last_offset,
                 gint64               unit_ns)
{
  gint64 ts = 0, dur = 0;
  gint64 start, end;

  for (guint32 i = 0; i < ev->n_slots; i++)
    {
      const HpGenSlot *slot = &g_array_index (tpl->slots, HpGenSlot, ev->first_slot + i);

      if (slot->kind == SLOT_TS)
        ts = slot->value;
      else if (slot->kind == SLOT_DUR)
        dur = slot->value;
    }

  start = MIN (ts, tpl->min_ts_ns) + first_offset;
  end = MAX (ts + dur + first_offset, tpl->max_end_ns + last_offset);
  end = (end + unit_ns - 1) / unit_ns * unit_ns;

  emit_event (out, tpl, ev, start - ts, (end - start) - dur, 0, 0);
}

/* A multiple of unit_ns in [0, limit_ns) */
static gint64
random_offset (GRand *rand,
               gint64 limit_ns,
               gint64 unit_ns)
{
  return g_rand_int_range (rand, 0, (gint32)(limit_ns / unit_ns)) * unit_ns;
}

static gboolean
write_rank (HpGenRankJob *job,
            GError      **error)
{
  const HpGenTemplate *tpl = job->tpl;
  const HpGenOptions  *opts = job->opts;
  const HpGenPlan     *plan = job->plan;
  const char          *suffix = opts->gzip ? ".json.gz" : ".json";
  g_autofree char     *base = g_strdup_printf ("rank-%u%s", job->rank, suffix);
  g_autofree char     *path = g_build_filename (opts->output_dir, base, NULL);
  g_autofree char     *tmp = g_strconcat (path, ".part", NULL);
  g_autofree char     *twin_base = NULL;
  g_autofree char     *twin = NULL;
  g_autofree gint64   *offsets = g_new (gint64, opts->repeat);
  g_autoptr (GRand) rand = NULL;
  g_autoptr (GString) buf = g_string_sized_new (FLUSH_BYTES + (1 << 16));
  HpGenSink sink = { path, NULL, NULL };
  guint32   seeds[2] = { opts->seed, job->rank };
  gint64    rank_jitter;
  gboolean  first = TRUE;
  gboolean  ok = TRUE;
  GStatBuf  st;

  /* Deterministic per (seed, rank), whatever thread runs the rank */
  rand = g_rand_new_with_seed_array (seeds, G_N_ELEMENTS (seeds));
  rank_jitter = random_offset (rand, RANK_JITTER_NS, plan->unit_ns);
  for (guint r = 0; r < opts->repeat; r++)
    offsets[r] = (gint64)r * plan->period_ns + rank_jitter +
                 random_offset (rand, REPEAT_JITTER_NS, plan->unit_ns);
  offsets[0] = rank_jitter;

  if (opts->gzip)
    {
      g_autofree char *mode = g_strdup_printf ("wb%d", opts->gzip_level);

      sink.gz = gzopen (tmp, mode);
      if (sink.gz != NULL)
        gzbuffer (sink.gz, 1 << 18);
    }
  else
    sink.fp = g_fopen (tmp, "wb");

  if (sink.gz == NULL && sink.fp == NULL)
    {
      int saved = errno;

      g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: cannot create: %s", tmp,
                   saved != 0 ? g_strerror (saved) : "out of memory");
      return FALSE;
    }

  g_string_append (buf, "{\n  ");
  for (guint m = 0; m < tpl->members->len && ok; m++)
    {
      const HpGenMember *member = &g_array_index (tpl->members, HpGenMember, m);

      if (m > 0)
        g_string_append (buf, ",\n  ");

      switch (member->kind)
        {
        case MEMBER_META:
          g_string_append (buf, member->text);
          break;

        case MEMBER_DISTRIBUTED_INFO:
          g_string_append_printf (buf,
                                  "\"distributedInfo\": {\"backend\": \"nccl\", \"rank\": %u, "
                                  "\"world_size\": %u}",
                                  job->rank, opts->n_ranks);
          break;

        case MEMBER_TRACE_EVENTS:
          g_string_append (buf, "\"traceEvents\": [\n");
          for (guint r = 0; r < opts->repeat && ok; r++)
            {
              for (gsize i = 0; i <= tpl->last_repeated; i++)
                {
                  const HpGenEvent *ev = &g_array_index (tpl->events, HpGenEvent, i);

                  if ((ev->flags & EVENT_ONCE) != 0 && r > 0)
                    continue;
                  if (!first)
                    g_string_append (buf, ",\n");
                  first = FALSE;

                  if ((ev->flags & EVENT_TRACE) != 0)
                    emit_trace_span (buf, tpl, ev, offsets[0], offsets[opts->repeat - 1],
                                     plan->unit_ns);
                  else if ((ev->flags & EVENT_ONCE) != 0)
                    emit_event (buf, tpl, ev, offsets[0], 0, 0, 0);
                  else
                    emit_event (buf, tpl, ev, offsets[r], 0, (gint64)r * plan->id_stride,
                                (gint64)r * plan->step_stride);
                  job->n_events++;

                  if (buf->len >= FLUSH_BYTES)
                    {
                      job->bytes += buf->len;
                      ok = sink_write (&sink, buf, error);
                      if (!ok)
                        break;
                    }
                }
            }

          /* Metadata events after the last repeated one stay at the end */
          for (gsize i = tpl->last_repeated + 1; i < tpl->events->len && ok; i++)
            {
              const HpGenEvent *ev = &g_array_index (tpl->events, HpGenEvent, i);

              if (!first)
                g_string_append (buf, ",\n");
              first = FALSE;
              if ((ev->flags & EVENT_TRACE) != 0)
                emit_trace_span (buf, tpl, ev, offsets[0], offsets[opts->repeat - 1],
                                 plan->unit_ns);
              else
                emit_event (buf, tpl, ev, offsets[0], 0, 0, 0);
              job->n_events++;
            }
          g_string_append (buf, "\n  ]");
          break;

        default:
          g_assert_not_reached ();
        }
    }
  g_string_append (buf, "\n}\n");

  if (ok)
    {
      job->bytes += buf->len;
      ok = sink_write (&sink, buf, error);
    }

  if (sink.gz != NULL)
    {
      int zerr = gzclose (sink.gz);

      if (ok && zerr != Z_OK)
        {
          g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: write failed: %s", path,
                       zerr == Z_ERRNO ? g_strerror (errno) : zError (zerr));
          ok = FALSE;
        }
    }
  else if (fclose (sink.fp) != 0 && ok)
    {
      g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: write failed: %s", path,
                   g_strerror (errno));
      ok = FALSE;
    }

  if (ok && g_rename (tmp, path) != 0)
    {
      int saved = errno;

      g_set_error (error, HP_GEN_ERROR, HP_GEN_ERROR_IO, "%s: cannot rename: %s", path,
                   g_strerror (saved));
      ok = FALSE;
    }
  if (!ok)
    {
      g_unlink (tmp);
      return FALSE;
    }

  /* A leftover rank-N.json next to rank-N.json.gz (or the reverse) from an
   * earlier run would make a duplicate rank. */
  twin_base = g_strdup_printf ("rank-%u%s", job->rank, opts->gzip ? ".json" : ".json.gz");
  twin = g_build_filename (opts->output_dir, twin_base, NULL);
  g_unlink (twin);

  if (g_stat (path, &st) == 0)
    job->compressed_bytes = (guint64)st.st_size;

  return TRUE;
}

static void
rank_job_run (gpointer data,
              gpointer user_data)
{
  HpGenRankJob *job = data;

  write_rank (job, &job->error);
}

/* Command line */

static gint64
round_up_pow10 (gint64 v)
{
  gint64 p = 1;

  while (p <= v && p < G_MAXINT64 / 10)
    p *= 10;

  return p;
}

static int
usage_error (const char *message)
{
  g_printerr ("hp-gen-traces: %s\n", message);
  g_printerr ("Try \"hp-gen-traces --help\" for more information.\n");

  return 2;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HpGenTemplate) tpl = NULL;
  g_autofree char         *template_path = NULL;
  g_autofree char         *output_dir = NULL;
  g_autofree HpGenRankJob *jobs = NULL;
  GThreadPool             *pool;
  HpGenOptions             opts = { 0 };
  HpGenPlan                plan = { 0 };
  double                   size_mb = 0.0;
  int                      n_ranks = 0;
  int                      repeat = 0;
  int                      gzip_level = 6;
  int                      n_jobs = 0;
  gint64                   seed = 1;
  gboolean                 opt_gzip = FALSE;
  gboolean                 opt_no_gzip = FALSE;
  guint64                  total_bytes = 0;
  guint64                  total_compressed = 0;
  gint64                   start_time;
  int                      status = 0;
  /* clang-format off */
  const GOptionEntry entries[] = {
    { "template", 't', 0, G_OPTION_ARG_FILENAME, &template_path,
      "Kineto trace to repeat (.json or .json.gz)", "FILE" },
    { "ranks", 'n', 0, G_OPTION_ARG_INT, &n_ranks,
      "Number of rank files to write", "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output_dir,
      "Folder for rank-<r>.json[.gz] (created if needed)", "DIR" },
    { "size-mb", 0, 0, G_OPTION_ARG_DOUBLE, &size_mb,
      "Total uncompressed JSON size of the folder in MiB, split over the ranks", "M" },
    { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat,
      "Repeat the template's events K times per rank (default 1)", "K" },
    { "gzip", 0, 0, G_OPTION_ARG_NONE, &opt_gzip,
      "Write .json.gz files (default)", NULL },
    { "no-gzip", 0, 0, G_OPTION_ARG_NONE, &opt_no_gzip,
      "Write plain .json files", NULL },
    { "gzip-level", 0, 0, G_OPTION_ARG_INT, &gzip_level,
      "gzip compression level 0-9 (default 6, as Kineto)", "L" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed,
      "Seed of the per-rank time jitter (default 1)", "S" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT, &n_jobs,
      "Ranks written in parallel (default: number of processors)", "J" },
    { NULL }
  };
  /* clang-format on */

  context = g_option_context_new ("- write a synthetic multi-rank Kineto trace folder");
  g_option_context_set_summary (context,
                                "Repeats the events of a real Kineto trace to write\n"
                                "rank-0.json.gz ... rank-<N-1>.json.gz for benchmarks and scale\n"
                                "tests. Repetitions follow each other in time; correlation,\n"
                                "External id and flow ids are offset and ProfilerStep#N is\n"
                                "renumbered per repetition. \"M\" events and the \"Trace\" span\n"
                                "are written once. A rank file of the other kind (.json vs\n"
                                ".json.gz) left from an earlier run is removed.");
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);
  if (argc > 1)
    return usage_error ("unexpected argument; options only");
  if (template_path == NULL || output_dir == NULL || n_ranks == 0)
    return usage_error ("--template, --ranks and --output are required");
  if (n_ranks < 1 || n_ranks > 100000)
    return usage_error ("--ranks must be between 1 and 100000");
  if (size_mb != 0.0 && repeat != 0)
    return usage_error ("--size-mb and --repeat are mutually exclusive");
  if (size_mb < 0.0 || repeat < 0)
    return usage_error ("--size-mb and --repeat must be positive");
  if (opt_gzip && opt_no_gzip)
    return usage_error ("--gzip and --no-gzip are mutually exclusive");
  if (gzip_level < 0 || gzip_level > 9)
    return usage_error ("--gzip-level must be between 0 and 9");
  if (n_jobs < 0)
    return usage_error ("--jobs must be positive");

  start_time = g_get_monotonic_time ();

  tpl = template_load (template_path, &error);
  if (tpl == NULL)
    {
      g_printerr ("hp-gen-traces: %s\n", error->message);
      return 1;
    }

  plan.unit_ns = tpl->fractional_ts ? 1 : 1000;
  plan.period_ns = tpl->max_end_ns - tpl->min_ts_ns;
  plan.period_ns = (plan.period_ns + 999) / 1000 * 1000 + REPEAT_JITTER_NS;
  plan.id_stride = round_up_pow10 (tpl->max_id);
  plan.step_stride = tpl->have_steps ? tpl->max_step - tpl->min_step + 1 : 0;

  if (size_mb > 0.0)
    {
      double  per_rank = size_mb * MIB / n_ranks - (double)tpl->bytes_fixed;
      guint64 k = per_rank > 0.0 ? (guint64)(per_rank / (double)tpl->bytes_repeated) + 1 : 1;

      repeat = (int)MIN (k, (guint64)G_MAXINT);
    }
  if (repeat == 0)
    repeat = 1;

  opts.output_dir = output_dir;
  opts.n_ranks = (guint)n_ranks;
  opts.repeat = (guint)repeat;
  opts.gzip = !opt_no_gzip;
  opts.gzip_level = gzip_level;
  opts.seed = (guint32)seed;

  if (g_mkdir_with_parents (output_dir, 0755) != 0)
    {
      int saved = errno;

      g_printerr ("hp-gen-traces: %s: cannot create folder: %s\n", output_dir,
                  g_strerror (saved));
      return 1;
    }

  if (n_jobs == 0)
    n_jobs = (int)g_get_num_processors ();
  n_jobs = MIN (n_jobs, n_ranks);

  jobs = g_new0 (HpGenRankJob, n_ranks);
  pool = g_thread_pool_new (rank_job_run, NULL, n_jobs, TRUE, NULL);
  for (int r = 0; r < n_ranks; r++)
    {
      jobs[r].tpl = tpl;
      jobs[r].opts = &opts;
      jobs[r].plan = &plan;
      jobs[r].rank = (guint)r;
      g_thread_pool_push (pool, &jobs[r], NULL);
    }
  g_thread_pool_free (pool, FALSE, TRUE);

  for (int r = 0; r < n_ranks; r++)
    {
      if (jobs[r].error != NULL)
        {
          g_printerr ("hp-gen-traces: %s\n", jobs[r].error->message);
          g_clear_error (&jobs[r].error);
          status = 1;
        }
      total_bytes += jobs[r].bytes;
      total_compressed += jobs[r].compressed_bytes;
    }

  if (status == 0)
    g_print ("hp-gen-traces: wrote %d ranks to %s: %d repetitions of %" G_GSIZE_FORMAT
             " events (+%" G_GSIZE_FORMAT " once) per rank, %.1f MiB JSON, %.1f MiB on disk, "
             "%.1f s\n",
             n_ranks, output_dir, repeat, tpl->n_repeated, tpl->n_once,
             (double)total_bytes / MIB, (double)total_compressed / MIB,
             (double)(g_get_monotonic_time () - start_time) / G_USEC_PER_SEC);

  return status;
}
