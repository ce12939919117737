/* hp-rank.c — one rank's columns: args store decoding and lane queries.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core-private.h"
#include "hp-rank-access.h"
#include "hp-table.h"

/**
 * hp_rank_get_launched:
 * @event: an event position
 * @n_launched: (out): how many GPU events @event launched
 *
 * The GPU events a CPU launch started, linked by correlation
 * (docs/trace-format.md §8), in file order: one for a kernel launch, many
 * for a graph launch.
 *
 * Returns: (transfer none) (nullable): @n_launched event positions, or
 *   %NULL when @event launched nothing
 */
const guint32 *
hp_rank_get_launched (const HpRank *self,
                      guint         event,
                      guint        *n_launched)
{
  guint lo = _hp_lower_bound_u32 (self->launch_event, self->n_launches, event);

  if (lo == self->n_launches || self->launch_event[lo] != event)
    {
      *n_launched = 0;
      return NULL;
    }
  *n_launched = self->launch_first[lo + 1] - self->launch_first[lo];
  return self->launch_gpu + self->launch_first[lo];
}

void
_hp_rank_free (HpRank *r)
{
  if (r == NULL)
    return;
  g_free (r->path);
  g_free (r->basename);
  g_free (r->device_type);
  g_clear_pointer (&r->metadata, json_node_unref);
  g_free (r->index);
  g_free (r->ts);
  _hp_column32_clear (&r->dur);
  g_free (r->name);
  g_free (r->cat);
  g_free (r->kind);
  g_free (r->kclass);
  g_free (r->flags);
  _hp_column16_clear (&r->stream);
  _hp_column32_clear (&r->correlation);
  g_free (r->partner);
  _hp_column16_clear (&r->iteration);
  _hp_column16_clear (&r->exec_iteration);
  g_free (r->parent);
  g_free (r->depth);
  _hp_column16_clear (&r->lane);
  g_free (r->args_at);
  g_free (r->args_at_high);
  g_free (r->launch_event);
  g_free (r->launch_first);
  g_free (r->launch_gpu);
  g_free (r->args);
  hp_strings_free (r->arg_keys);
  g_free (r->rows);
  for (guint l = 0; l < r->n_lanes; l++)
    {
      g_free (r->lanes[l].events);
      g_free (r->lanes[l].depth_start);
    }
  g_free (r->lanes);
  g_free (r->iterations);
  g_free (r);
}

static inline gboolean
read_varint (HpArgIter *it,
             guint64   *out)
{
  guint64 v = 0;
  int     shift = 0;

  while (it->p < it->end && shift < 64)
    {
      guint8 byte = *it->p++;

      v |= (guint64)(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        {
          *out = v;
          return TRUE;
        }
      shift += 7;
    }
  return FALSE;
}

/**
 * hp_rank_args_iter_init:
 * @event: an event position
 *
 * Starts walking the args of @event in file order.
 *
 * Returns: %FALSE when the event has no args
 */
/**
 * _hp_rank_args_offset:
 *
 * Where @event's args start in the args store. The parser appends args in
 * event order, so the offsets only grow: each event keeps their low 32
 * bits, and the few events at which they pass another 4 GiB are listed
 * once for the rank.
 *
 * Returns: the offset, or G_MAXUINT64 when the event has no args
 */
guint64
_hp_rank_args_offset (const HpRank *self,
                      guint         event)
{
  guint lo = 0, hi = self->n_args_at_high;

  if (self->args_at[event] == HP_ARGS_NONE)
    return G_MAXUINT64;
  /* how many 4 GiB steps were taken at or before @event */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (self->args_at_high[mid] <= event)
        lo = mid + 1;
      else
        hi = mid;
    }
  return ((guint64)lo << 32) | self->args_at[event];
}

gboolean
hp_rank_args_iter_init (const HpRank *self,
                        guint         event,
                        HpArgIter    *iter)
{
  guint64 off;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (event < self->n_events, FALSE);

  off = _hp_rank_args_offset (self, event);
  if (off == G_MAXUINT64)
    {
      iter->p = iter->end = iter->start = NULL;
      return FALSE;
    }
  iter->start = self->args;
  iter->p = self->args + off;
  iter->end = self->args + self->args_len;
  iter->left = G_MAXUINT;
  return TRUE;
}

gboolean
hp_rank_args_iter_next (HpArgIter  *it,
                        HpArgValue *value)
{
  guint64 key1, v;
  guint8  type;

  if (it->p == NULL || !read_varint (it, &key1) || key1 == 0 || it->p >= it->end)
    return FALSE;
  memset (value, 0, sizeof *value);
  value->key = (guint32)(key1 - 1);
  type = *it->p++;
  value->type = type;
  switch (type)
    {
    case HP_ARG_INT:
      if (!read_varint (it, &v))
        return FALSE;
      value->i = (gint64)(v >> 1) ^ -(gint64)(v & 1);
      value->d = (double)value->i;
      return TRUE;
    case HP_ARG_DOUBLE:
      if (it->p + sizeof (double) > it->end)
        return FALSE;
      memcpy (&value->d, it->p, sizeof (double));
      it->p += sizeof (double);
      return TRUE;
    case HP_ARG_STRING:
    case HP_ARG_JSON:
    case HP_ARG_NUMBER:
      if (!read_varint (it, &v) || v > (guint64)(it->end - it->p))
        return FALSE;
      value->s = (const char *)it->p;
      value->s_len = (gsize)v;
      it->p += v;
      return TRUE;
    case HP_ARG_STRING | HP_ARG_AGAIN:
    case HP_ARG_JSON | HP_ARG_AGAIN:
    case HP_ARG_NUMBER | HP_ARG_AGAIN:
      {
        const guint8 *ref = it->p;
        HpArgIter     back;

        /* the same bytes as an earlier value, @v bytes back */
        value->type = type & ~HP_ARG_AGAIN;
        if (!read_varint (it, &v) || v == 0 || v > (guint64)(ref - it->start))
          return FALSE;
        back.p = ref - v;
        back.end = it->end;
        if (!read_varint (&back, &v) || v > (guint64)(back.end - back.p))
          return FALSE;
        value->s = (const char *)back.p;
        value->s_len = (gsize)v;
        return TRUE;
      }
    case HP_ARG_TRUE:
    case HP_ARG_FALSE:
    case HP_ARG_NULL:
      return TRUE;
    default:
      return FALSE;
    }
}

guint32
hp_rank_lookup_arg_key (const HpRank *self,
                        const char   *key)
{
  g_return_val_if_fail (self != NULL, HP_NO_STRING);
  return hp_strings_lookup (self->arg_keys, key, strlen (key));
}

const char *
hp_rank_get_arg_key_name (const HpRank *self,
                          guint32       key)
{
  g_return_val_if_fail (self != NULL, NULL);
  return hp_strings_get (self->arg_keys, key);
}

/**
 * hp_rank_get_arg:
 * @key: an id from hp_rank_lookup_arg_key()
 *
 * Returns: %TRUE and fills @value when @event has the arg
 */
gboolean
hp_rank_get_arg (const HpRank *self,
                 guint         event,
                 guint32       key,
                 HpArgValue   *value)
{
  HpArgIter it;

  if (key == HP_NO_STRING || !hp_rank_args_iter_init (self, event, &it))
    return FALSE;
  while (hp_rank_args_iter_next (&it, value))
    if (value->key == key)
      return TRUE;
  return FALSE;
}

gint64
hp_rank_get_arg_int (const HpRank *self,
                     guint         event,
                     guint32       key,
                     gint64        default_value)
{
  HpArgValue v;

  if (!hp_rank_get_arg (self, event, key, &v))
    return default_value;
  if (v.type == HP_ARG_INT)
    return v.i;
  if (v.type == HP_ARG_DOUBLE)
    return (gint64)v.d;
  return default_value;
}

double
hp_rank_get_arg_double (const HpRank *self,
                        guint         event,
                        guint32       key,
                        double        default_value)
{
  HpArgValue v;

  if (!hp_rank_get_arg (self, event, key, &v))
    return default_value;
  if (v.type == HP_ARG_INT || v.type == HP_ARG_DOUBLE)
    return v.d;
  return default_value;
}

/**
 * hp_arg_value_to_string:
 *
 * Returns: (transfer full): the value as text: strings unquoted, numbers and
 *   nested values as JSON
 */
char *
hp_arg_value_to_string (const HpArgValue *value)
{
  switch (value->type)
    {
    case HP_ARG_INT:
      return g_strdup_printf ("%" G_GINT64_FORMAT, value->i);
    case HP_ARG_DOUBLE:
      return hp_format_double (value->d);
    case HP_ARG_STRING:
    case HP_ARG_JSON:
    case HP_ARG_NUMBER:
      return g_strndup (value->s, value->s_len);
    case HP_ARG_TRUE:
      return g_strdup ("true");
    case HP_ARG_FALSE:
      return g_strdup ("false");
    case HP_ARG_NULL:
    default:
      return g_strdup ("null");
    }
}

/**
 * hp_lane_first_ending_after:
 * @depth: a depth of @lane
 * @t: a time (ns)
 *
 * Binary search on end times: the position (within the depth's slice of
 * lane->events) of the first event that ends after @t. Searching by end,
 * not start, keeps long events that began before @t.
 *
 * Returns: a position in [depth_start[depth], depth_start[depth + 1]]
 */
guint
hp_lane_first_ending_after (const HpRank *self,
                            const HpLane *lane,
                            guint         depth,
                            gint64        t)
{
  guint lo, hi;

  g_return_val_if_fail (depth < lane->max_depth, 0);

  lo = lane->depth_start[depth];
  hi = lane->depth_start[depth + 1];
  while (lo < hi)
    {
      guint  mid = lo + (hi - lo) / 2;
      guint  e = lane->events[mid];
      gint64 end = hp_rank_get_event_end (self, e);

      if (end <= t)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}
