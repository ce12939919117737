/* hp-parser-event.c — turns one parsed event into a row of the rank's columns.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-parser-private.h"

/* ---------------------------------------------------------------------------
 * The rank builder
 * ------------------------------------------------------------------------- */

static guint
lane_key_hash (gconstpointer p)
{
  const HpLaneKey *k = p;

  /* unsigned: pids and tids may be anywhere in int64 */
  return (guint)(((guint64)k->pid * 1000003u) ^ (guint64)k->tid);
}

static gboolean
lane_key_equal (gconstpointer a,
                gconstpointer b)
{
  const HpLaneKey *x = a;
  const HpLaneKey *y = b;

  return x->pid == y->pid && x->tid == y->tid;
}

/* The lane of (@pid, @tid), numbered as first met. Events come in runs of
 * one thread, so the last lane is checked before the table. */
static guint32
builder_lane (HpRankBuilder *b,
              gint64         pid,
              gint64         tid)
{
  HpLaneKey key = { pid, tid };
  gpointer  found;

  if (b->lane_keys->len > 0)
    {
      const HpLaneKey *last = &g_array_index (b->lane_keys, HpLaneKey, b->last_lane);

      if (last->pid == pid && last->tid == tid)
        return b->last_lane;
    }
  found = g_hash_table_lookup (b->lane_of, &key);
  if (found != NULL)
    b->last_lane = GPOINTER_TO_UINT (found) - 1;
  else
    {
      b->last_lane = b->lane_keys->len;
      g_array_append_val (b->lane_keys, key);
      g_hash_table_insert (b->lane_of, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (b->last_lane + 1));
    }
  return b->last_lane;
}

HpRankBuilder *
_hp_rank_builder_new (const char *path)
{
  HpRankBuilder *b = g_new0 (HpRankBuilder, 1);

  b->rank = g_new0 (HpRank, 1);
  b->rank->rank = -1;
  b->rank->path = g_strdup (path);
  b->rank->basename = g_path_get_basename (path);
  b->rank->arg_keys = hp_strings_new ();
  /* durations and streams are small numbers; correlation ids and step
   * numbers are near the first one seen */
  _hp_column32_init (&b->rank->dur, 0, TRUE);
  _hp_column16_init (&b->rank->stream, 0, TRUE);
  _hp_column32_init (&b->rank->correlation, 0, FALSE);
  _hp_column16_init (&b->rank->iteration, 0, FALSE);
  _hp_column16_init (&b->rank->exec_iteration, 0, FALSE);
  _hp_column16_init (&b->rank->lane, 0, TRUE);
  b->strings = hp_strings_new ();
  b->labels = g_array_new (FALSE, FALSE, sizeof (HpLaneLabel));
  b->lane_keys = g_array_new (FALSE, FALSE, sizeof (HpLaneKey));
  b->lane_of = g_hash_table_new_full (lane_key_hash, lane_key_equal, g_free, NULL);
  b->rank_from_metadata = -1;
  return b;
}

void
_hp_rank_builder_free (HpRankBuilder *b)
{
  if (b == NULL)
    return;
  _hp_rank_free (b->rank);
  hp_strings_free (b->strings);
  g_free (b->stream_state);
  g_free (b->phase);
  if (b->lane_keys != NULL)
    g_array_unref (b->lane_keys);
  g_clear_pointer (&b->lane_of, g_hash_table_unref);
  if (b->labels != NULL)
    g_array_unref (b->labels);
  g_free (b->duplicate_of);
  g_free (b);
}

/* ---------------------------------------------------------------------------
 * Growable columns
 * ------------------------------------------------------------------------- */

/* every column of the rank and of its builder holds @cap events */
static void
builder_resize (HpRankBuilder *b,
                guint          cap)
{
  HpRank *r = b->rank;

  r->index = g_renew (guint32, r->index, cap);
  r->ts = g_renew (gint64, r->ts, cap);
  _hp_column32_resize (&r->dur, cap);
  r->name = g_renew (guint32, r->name, cap);
  r->cat = g_renew (guint32, r->cat, cap);
  b->phase = g_renew (guint8, b->phase, cap);
  _hp_column16_resize (&r->lane, cap);
  _hp_column16_resize (&r->stream, cap);
  _hp_column32_resize (&r->correlation, cap);
  r->args_at = g_renew (guint32, r->args_at, cap);
  r->flags = g_renew (guint8, r->flags, cap);
  b->stream_state = g_renew (guint8, b->stream_state, cap);
  b->capacity = cap;
}

static void
builder_reserve (HpRankBuilder *b)
{
  if (b->rank->n_events < b->capacity)
    return;
  builder_resize (b, b->capacity < 1024 ? 1024 : b->capacity + b->capacity / 2);
}

/* The columns grow by half again as events come: once the file is read,
 * the room no event took (up to a third of each column, and of the args
 * store) goes back before the next file needs it. */
void
_hp_rank_builder_fit (HpRankBuilder *b)
{
  HpRank *r = b->rank;
  guint   cap = MAX (r->n_events, 1);

  if (b->capacity > cap)
    builder_resize (b, cap);
  if (r->args != NULL && b->args_capacity > MAX (r->args_len, 1))
    {
      b->args_capacity = MAX (r->args_len, 1);
      r->args = g_realloc (r->args, b->args_capacity);
    }
}

/* ---------------------------------------------------------------------------
 * Strings
 * ------------------------------------------------------------------------- */

/* Strings already in the table were checked when they went in, so only a
 * new string pays for UTF-8 validation. Names and categories recur event
 * after event: a small cache, indexed by the length and the last bytes,
 * answers most of them without hashing the whole string. */
guint32
_hp_parser_intern (Parser       *p,
                   const guchar *s,
                   size_t        len)
{
  guint   slot = len == 0 ? 0 : (guint)(len * 31 + s[len - 1] * 7 + s[len / 2]) % NAME_CACHE_SIZE;
  guint32 id;

  if (p->name_cache[slot].str != NULL && p->name_cache[slot].len == len &&
      memcmp (p->name_cache[slot].str, s, len) == 0)
    return p->name_cache[slot].id;

  id = hp_strings_lookup (p->b->strings, (const char *)s, len);
  if (id == HP_NO_STRING)
    {
      if (!_hp_parser_is_ascii (s, len) && !g_utf8_validate_len ((const char *)s, len, NULL))
        {
          g_autofree char *fixed = g_utf8_make_valid ((const char *)s, len);

          /* the stored string differs from the text: never cache it */
          p->b->rank->n_invalid_utf8++;
          return hp_strings_intern (p->b->strings, fixed, strlen (fixed));
        }
      id = hp_strings_intern (p->b->strings, (const char *)s, len);
    }
  p->name_cache[slot].str = hp_strings_get (p->b->strings, id);
  p->name_cache[slot].len = len;
  p->name_cache[slot].id = id;
  return id;
}

/* ---------------------------------------------------------------------------
 * Events
 * ------------------------------------------------------------------------- */

void
_hp_parser_event_reset (Parser *p)
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
  HpLaneLabel  label = { 0 };
  HpLaneLabel *kept;
  HpLaneKey    key;
  guint        at;
  const char  *what = hp_strings_get (p->b->strings, p->ev.name);

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
  if (label.tid == -1)
    return; /* a process's label names no lane (the lanes are threads) */

  /* Labels apply to the lane of their pid and tid, the last name and the
   * last sort index winning. Some writers repeat them many times (an MTIA
   * trace of 87 MB has 124 000 for a few hundred threads): one label per
   * thread keeps what the last would leave. */
  if (p->label_of == NULL)
    p->label_of = g_hash_table_new_full (lane_key_hash, lane_key_equal, g_free, NULL);
  key.pid = label.pid;
  key.tid = label.tid;
  at = GPOINTER_TO_UINT (g_hash_table_lookup (p->label_of, &key));
  if (at == 0)
    {
      g_array_append_val (p->b->labels, label);
      g_hash_table_insert (p->label_of, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (p->b->labels->len));
      return;
    }
  kept = &g_array_index (p->b->labels, HpLaneLabel, at - 1);
  if (label.name != HP_NO_STRING)
    kept->name = label.name;
  if (label.has_sort_index)
    {
      kept->sort_index = label.sort_index;
      kept->has_sort_index = TRUE;
    }
}

/* An event the model does not keep keeps no args either: the store
 * takes back what its args took (metadata and counter events, flows,
 * events without a duration). */
static inline void
event_drop (Parser *p)
{
  if (p->ev.args_off != G_MAXUINT64)
    p->b->rank->args_len = (gsize)p->ev.args_off;
}

void
_hp_parser_event_finish (Parser *p)
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
          event_drop (p);
          return;
        }
      break;
    case 's':
    case 'f':
    case 't':
      r->n_flow_events++;
      if (!measured)
        {
          event_drop (p);
          return;
        }
      break;
    case 'C':
      r->n_counter_events++;
      if (!measured)
        {
          event_drop (p);
          return;
        }
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
          event_drop (p);
          return;
        }
    }
  if (!ev->has_ts)
    {
      /* a measured event without a start cannot be placed anywhere */
      r->n_bad_values++;
      event_drop (p);
      return;
    }
  if (ev->ts < HP_TIME_MIN_NS || ev->ts > HP_TIME_MAX_NS ||
      (measured && (ev->dur < HP_DUR_MIN_NS || ev->dur > HP_TIME_MAX_NS - ev->ts)))
    {
      /* before 1970, after 2200, or ending there: a broken clock, and
       * arithmetic on it would overflow */
      r->n_out_of_window++;
      event_drop (p);
      return;
    }

  builder_reserve (b);
  n = r->n_events++;
  r->index[n] = (guint32)(p->n_elements - 1);
  r->ts[n] = ev->ts;
  _hp_column32_set (&r->dur, n, measured ? ev->dur : 0);
  r->name[n] = ev->name != HP_NO_STRING ? ev->name : hp_strings_intern (b->strings, "", 0);
  r->cat[n] = ev->cat;
  b->phase[n] = (guint8)(ev->ph != 0 ? ev->ph : 'X');
  _hp_column16_set (&r->lane, n, builder_lane (b, ev->pid, ev->tid));
  _hp_column16_set (&r->stream, n, ev->stream);
  b->stream_state[n] = ev->stream_state;
  _hp_column32_set (&r->correlation, n, ev->correlation);
  if (ev->args_off == G_MAXUINT64)
    r->args_at[n] = HP_ARGS_NONE;
  else
    {
      /* offsets only grow: note the event at which they pass each 4 GiB */
      while (r->n_args_at_high < ev->args_off >> 32)
        {
          r->args_at_high = g_renew (guint32, r->args_at_high, r->n_args_at_high + 1);
          r->args_at_high[r->n_args_at_high++] = n;
        }
      r->args_at[n] = (guint32)ev->args_off;
    }
  r->flags[n] = measured ? HP_EVENT_MEASURED : 0;
}
