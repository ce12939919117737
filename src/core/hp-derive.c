/* hp-derive.c — columns derived at load: kinds, GPU flags, links, iterations, lanes, rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "hp-classify.h"
#include "hp-core-private.h"

#define SEVEN_DAYS_NS (G_GINT64_CONSTANT (604800000000) * HP_NS_PER_US)
#define CLASS_UNKNOWN 0xff

/* ---------------------------------------------------------------------------
 * Sorting event positions by (ts, longer first, position)
 * ------------------------------------------------------------------------- */

/* A lane's events are sorted by (start, longer first, file order). The
 * sort moves 32-bit positions and reads the keys from the columns: a copy
 * of the keys would cost 24 bytes per event at the load's peak. */
typedef struct
{
  const gint64 *ts;
  const HpRank *r; /* for the durations */
} LaneKeys;

static inline gboolean
pos_before (const LaneKeys *k,
            guint32         a,
            guint32         b)
{
  gint64 da, db;

  if (k->ts[a] != k->ts[b])
    return k->ts[a] < k->ts[b];
  da = MAX (hp_rank_dur (k->r, a), 0);
  db = MAX (hp_rank_dur (k->r, b), 0);
  if (da != db)
    return da > db;
  return a < b;
}

static void
merge_sort (const LaneKeys *k,
            guint32        *items,
            guint32        *tmp,
            gsize           n)
{
  gsize mid;
  gsize i, j, m;

  if (n < 24)
    {
      for (i = 1; i < n; i++)
        {
          guint32 x = items[i];

          for (j = i; j > 0 && pos_before (k, x, items[j - 1]); j--)
            items[j] = items[j - 1];
          items[j] = x;
        }
      return;
    }
  mid = n / 2;
  merge_sort (k, items, tmp, mid);
  merge_sort (k, items + mid, tmp, n - mid);
  if (!pos_before (k, items[mid], items[mid - 1]))
    return;
  memcpy (tmp, items, mid * sizeof *items);
  i = 0, j = mid, m = 0;
  while (i < mid && j < n)
    items[m++] = pos_before (k, items[j], tmp[i]) ? items[j++] : tmp[i++];
  while (i < mid)
    items[m++] = tmp[i++];
}

static void
sort_positions (const LaneKeys *k,
                guint32        *items,
                gsize           n)
{
  g_autofree guint32 *tmp = NULL;
  gboolean            sorted = TRUE;

  for (gsize i = 1; i < n && sorted; i++)
    sorted = !pos_before (k, items[i], items[i - 1]);
  if (sorted)
    return;
  tmp = g_new (guint32, n / 2 + 1);
  merge_sort (k, items, tmp, n);
}

/* ---------------------------------------------------------------------------
 * Local derive: everything that needs only this file
 * ------------------------------------------------------------------------- */

/* HTA's rounding of ns-resolution traces (docs/trace-format.md §6), in double precision
 * exactly as pandas does it. */
/* The double Python's float() gives for the microsecond text of @ns: an
 * int64 ns above 2^53 is not exact as a double, so go through the decimal
 * text, as the JSON had it. */
static double
ns_to_us_double (gint64 ns)
{
  char    buf[48];
  guint64 a = ns < 0 ? (guint64)0 - (guint64)ns : (guint64)ns;

  g_snprintf (buf, sizeof buf, "%s%" G_GUINT64_FORMAT ".%03u", ns < 0 ? "-" : "",
              a / 1000, (guint)(a % 1000));
  return g_ascii_strtod (buf, NULL);
}

static void
hta_round_times (HpRankBuilder *b)
{
  HpRank *r = b->rank;

  for (guint i = 0; i < r->n_events; i++)
    {
      double ts = ns_to_us_double (r->ts[i]);
      double dur = ns_to_us_double (hp_rank_dur (r, i));
      double end = floor (ts + dur);
      double start = ceil (ts);

      r->ts[i] = (gint64)start * HP_NS_PER_US;
      if (b->phase[i] != 'i' && b->phase[i] != 'I')
        _hp_column32_set (&r->dur, i, (gint64)(end - start) * HP_NS_PER_US);
    }
}

static gboolean
is_hta_kernel_category (const char *cat)
{
  static const char *const cats[] = {
    "kernel",
    "Kernel",
    "gpu_memset",
    "Memset",
    "gpu_memcpy",
    "Memcpy",
    "mtia_ccp_events",
  };

  if (cat == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (cats); i++)
    if (strcmp (cat, cats[i]) == 0)
      return TRUE;
  return FALSE;
}

#define CAT_UNKNOWN 0xff /* cat_kind of a string not yet read */

static void
derive_kinds_and_flags (HpRankBuilder        *b,
                        HpMode                mode,
                        const HpCommPatterns *comm_patterns)
{
  HpRank            *r = b->rank;
  guint              n_strings = hp_strings_size (b->strings);
  g_autofree guint8 *cat_kind = g_new (guint8, MAX (n_strings, 1));
  g_autofree guint8 *cat_hta_kernel = g_new0 (guint8, MAX (n_strings, 1));
  g_autofree guint8 *class_cache = g_new (guint8, MAX (n_strings, 1) * 3);
  HpCommArgKeys      comm_keys;
  guint32            event_sync = hp_strings_lookup (b->strings, "Event Sync", 10);
  guint32            context_sync = hp_strings_lookup (b->strings, "Context Sync", 12);

  /* categories are read once each, when an event first uses them (names
   * share the table and may be millions) */
  memset (cat_kind, CAT_UNKNOWN, MAX (n_strings, 1));
  memset (class_cache, CLASS_UNKNOWN, MAX (n_strings, 1) * 3);
  hp_comm_arg_keys_init (&comm_keys, r);

  r->kind = g_new (guint8, MAX (r->n_events, 1));
  r->kclass = g_new (guint8, MAX (r->n_events, 1));

  for (guint i = 0; i < r->n_events; i++)
    {
      HpEventKind kind;
      guint8      flags = r->flags[i];
      gint64      stream = hp_rank_stream (r, i);
      guint8      state = b->stream_state[i];
      guint8     *cached;

      if (r->cat[i] != HP_NO_STRING && cat_kind[r->cat[i]] == CAT_UNKNOWN)
        {
          const char *str = hp_strings_get (b->strings, r->cat[i]);

          cat_kind[r->cat[i]] = (guint8)hp_event_kind_from_category (str);
          cat_hta_kernel[r->cat[i]] = is_hta_kernel_category (str);
        }
      if (b->phase[i] == 'i' || b->phase[i] == 'I')
        kind = HP_EVENT_KIND_INSTANT;
      else
        kind = r->cat[i] != HP_NO_STRING ? cat_kind[r->cat[i]] : HP_EVENT_KIND_OTHER;
      r->kind[i] = (guint8)kind;

      /* stream normalisation (docs/trace-format.md §5.1) */
      if (state == 2)
        {
          stream = -1;
          r->n_bad_stream++;
        }
      else if (mode == HP_MODE_DEFAULT && state == 1 && (stream < 0 || stream >= G_MAXINT32))
        {
          if (stream != -1)
            r->n_bad_stream++;
          stream = -1;
        }
      _hp_column16_set (&r->stream, i, stream);

      if ((flags & HP_EVENT_MEASURED) && mode == HP_MODE_DEFAULT &&
          (hp_rank_dur (r, i) < 0 || hp_rank_dur (r, i) > SEVEN_DAYS_NS))
        {
          if (hp_rank_dur (r, i) < 0)
            r->n_negative_dur++;
          else
            r->n_huge_dur++;
          flags = (guint8)((flags & ~HP_EVENT_MEASURED) | HP_EVENT_POISONED);
        }
      else if ((flags & HP_EVENT_MEASURED) && hp_rank_dur (r, i) < 0)
        r->n_negative_dur++;
      else if ((flags & HP_EVENT_MEASURED) && hp_rank_dur (r, i) > SEVEN_DAYS_NS)
        r->n_huge_dur++;

      if (flags & HP_EVENT_MEASURED)
        {
          if (mode == HP_MODE_HTA_COMPAT)
            {
              gboolean sync_name = r->name[i] == event_sync || r->name[i] == context_sync;

              if (stream != -1)
                flags |= HP_EVENT_G1;
              if ((stream >= 0 && hp_rank_correlation (r, i) >= 0) || sync_name)
                flags |= HP_EVENT_G2;
              if (stream > 0)
                flags |= HP_EVENT_G3;
              if (stream != -1 && r->cat[i] != HP_NO_STRING && cat_hta_kernel[r->cat[i]])
                flags |= HP_EVENT_G4;
            }
          else if (hp_event_kind_is_gpu_activity (kind))
            flags |= HP_EVENT_G1 | HP_EVENT_G2 | HP_EVENT_G3 | HP_EVENT_G4;
          else if (kind == HP_EVENT_KIND_SYNC)
            flags |= HP_EVENT_G2;
        }
      r->flags[i] = flags;

      /* kernel class: by name in compat mode; category first otherwise */
      if (mode == HP_MODE_HTA_COMPAT)
        {
          cached = &class_cache[r->name[i]];
          if (*cached == CLASS_UNKNOWN)
            *cached = (guint8)hp_kernel_class_hta (hp_strings_get (b->strings, r->name[i]));
          r->kclass[i] = *cached;
        }
      else if (kind == HP_EVENT_KIND_KERNEL)
        {
          cached = &class_cache[n_strings + r->name[i]];
          if (*cached == CLASS_UNKNOWN)
            *cached = (guint8)hp_kernel_class_default (hp_strings_get (b->strings, r->name[i]), comm_patterns);
          r->kclass[i] = *cached;
          if (*cached == HP_KERNEL_CLASS_COMPUTATION && hp_args_name_communication (r, i, &comm_keys))
            r->kclass[i] = HP_KERNEL_CLASS_COMMUNICATION;
        }
      else if (kind == HP_EVENT_KIND_MEMCPY || kind == HP_EVENT_KIND_MEMSET ||
               kind == HP_EVENT_KIND_SYNC || kind == HP_EVENT_KIND_RUNTIME)
        r->kclass[i] = (guint8)hp_kernel_class_better (kind, "");
      else
        {
          /* every other kind is classified by its name alone */
          cached = &class_cache[2 * n_strings + r->name[i]];
          if (*cached == CLASS_UNKNOWN)
            *cached = (guint8)hp_kernel_class_better (kind, hp_strings_get (b->strings, r->name[i]));
          r->kclass[i] = *cached;
        }
    }
}

static int
cmp_u64_pair (gconstpointer a,
              gconstpointer b)
{
  const guint64 *x = a;
  const guint64 *y = b;

  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  if (x[1] != y[1])
    return x[1] < y[1] ? -1 : 1;
  return 0;
}

/* CPU <-> GPU links through args.correlation (docs/trace-format.md §8). Pairs are applied
 * as HTA's join does: for a CPU event its last GPU partner in file order, for
 * a GPU event its last CPU partner. Every GPU event of a launch is listed in
 * the CSR arrays (graph launches have many). */
static void
derive_links (HpRank *r,
              HpMode  mode)
{
  guint               n = r->n_events;
  g_autofree guint64 *gpu = NULL; /* (correlation, position) of GPU side, sorted */
  guint               n_gpu = 0;
  guint               total = 0;
  guint               n_launches = 0;

  r->partner = g_new (gint32, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    r->partner[i] = -1;

  for (guint i = 0; i < n; i++)
    if ((r->flags[i] & HP_EVENT_MEASURED) && (r->flags[i] & HP_EVENT_G2) && hp_rank_correlation (r, i) != -1)
      n_gpu++;
  gpu = g_new (guint64, 2 * (gsize)MAX (n_gpu, 1));
  n_gpu = 0;
  for (guint i = 0; i < n; i++)
    if ((r->flags[i] & HP_EVENT_MEASURED) && (r->flags[i] & HP_EVENT_G2) && hp_rank_correlation (r, i) != -1)
      {
        gpu[2 * n_gpu] = (guint64)hp_rank_correlation (r, i);
        gpu[2 * n_gpu + 1] = i;
        n_gpu++;
      }
  qsort (gpu, n_gpu, 2 * sizeof (guint64), cmp_u64_pair);

  /* first pass counts, second fills the lists; only launches that
   * started something are listed */
  for (int pass = 0; pass < 2; pass++)
    {
      for (guint i = 0; i < n; i++)
        {
          guint64 key[2];
          gsize   lo = 0, hi = n_gpu;
          guint   before = total;

          if (!(r->flags[i] & HP_EVENT_MEASURED) || (r->flags[i] & HP_EVENT_G2) || hp_rank_correlation (r, i) == -1)
            continue;
          key[0] = (guint64)hp_rank_correlation (r, i);
          key[1] = 0;
          while (lo < hi)
            {
              gsize mid = (lo + hi) / 2;

              if (cmp_u64_pair (&gpu[2 * mid], key) < 0)
                lo = mid + 1;
              else
                hi = mid;
            }
          for (gsize k = lo; k < n_gpu && gpu[2 * k] == key[0]; k++)
            {
              guint g = (guint)gpu[2 * k + 1];

              if (pass == 0)
                {
                  total++;
                  continue;
                }
              r->launch_gpu[total++] = g;
              r->partner[i] = (gint32)g;
              /* CPU events are visited in file order, so the last CPU event
               * wins for the GPU side, as in HTA's join */
              r->partner[g] = (gint32)i;
            }
          if (total == before)
            continue;
          if (pass == 1)
            {
              r->launch_event[n_launches] = i;
              r->launch_first[n_launches] = before;
            }
          n_launches++;
        }
      if (pass == 0)
        {
          r->launch_event = g_new (guint32, MAX (n_launches, 1));
          r->launch_first = g_new (guint32, n_launches + 1);
          r->launch_gpu = g_new (guint32, MAX (total, 1));
          r->n_launches = n_launches;
          total = 0;
          n_launches = 0;
        }
    }
  r->launch_first[n_launches] = total;

  if (mode == HP_MODE_HTA_COMPAT)
    {
      /* HTA stores the partner's event index, and 0 means "no partner"
       * (docs/trace-format.md §8 quirk) */
      for (guint i = 0; i < n; i++)
        if (r->partner[i] >= 0 && r->index[r->partner[i]] == 0)
          r->partner[i] = -1;
    }
}

typedef struct
{
  gint64 ts;
  gint64 end;
  int    number;
  guint  pos;
} Step;

static int
cmp_step (gconstpointer a,
          gconstpointer b)
{
  const Step *x = a;
  const Step *y = b;

  if (x->ts != y->ts)
    return x->ts < y->ts ? -1 : 1;
  return x->pos < y->pos ? -1 : (x->pos > y->pos ? 1 : 0);
}

/* the step containing @t (half-open), the last in file order if several */
static int
step_at (const Step *steps,
         guint       n_steps,
         gboolean    overlapping,
         gint64      t)
{
  if (n_steps == 0)
    return -1;
  if (overlapping)
    {
      int   best = -1;
      guint best_pos = 0;

      for (guint k = 0; k < n_steps; k++)
        if (steps[k].ts <= t && t < steps[k].end && (best < 0 || steps[k].pos > best_pos))
          {
            best = steps[k].number;
            best_pos = steps[k].pos;
          }
      return best;
    }
  else
    {
      gsize lo = 0, hi = n_steps;

      while (lo < hi)
        {
          gsize mid = (lo + hi) / 2;

          if (steps[mid].ts <= t)
            lo = mid + 1;
          else
            hi = mid;
        }
      if (lo == 0)
        return -1;
      return t < steps[lo - 1].end ? steps[lo - 1].number : -1;
    }
}

/* Iterations (docs/trace-format.md §9): host events by the step containing their start;
 * GPU events by the iteration of their launch. */
static void
derive_iterations (HpRankBuilder *b,
                   HpMode         mode)
{
  HpRank         *r = b->rank;
  guint           n_strings = hp_strings_size (b->strings);
  g_autofree int *step_of_name = g_new (int, MAX (n_strings, 1));
  g_autoptr (GArray) steps = g_array_new (FALSE, FALSE, sizeof (Step));
  gboolean overlapping = FALSE;
  guint32  cpu_op = hp_strings_lookup (b->strings, "cpu_op", 6);

  for (guint s = 0; s < n_strings; s++)
    step_of_name[s] = hp_parse_profiler_step (hp_strings_get (b->strings, s));

  for (guint i = 0; i < r->n_events; i++)
    if ((r->flags[i] & HP_EVENT_MEASURED) && step_of_name[r->name[i]] >= 0)
      {
        Step st = { r->ts[i], r->ts[i] + hp_rank_dur (r, i), step_of_name[r->name[i]], i };

        r->flags[i] |= HP_EVENT_STEP;
        g_array_append_val (steps, st);
      }
  g_array_sort (steps, cmp_step);
  for (guint k = 1; k < steps->len; k++)
    if (g_array_index (steps, Step, k).ts < g_array_index (steps, Step, k - 1).end)
      overlapping = TRUE;

  _hp_column16_resize (&r->iteration, r->n_events);
  _hp_column16_resize (&r->exec_iteration, r->n_events);

  for (guint i = 0; i < r->n_events; i++)
    _hp_column16_set (&r->exec_iteration, i, step_at ((Step *)steps->data, steps->len, overlapping, r->ts[i]));

  for (guint i = 0; i < r->n_events; i++)
    {
      gboolean host;

      if (mode == HP_MODE_HTA_COMPAT)
        host = hp_rank_stream (r, i) < 0 || (hp_rank_stream (r, i) == 0 && r->cat[i] == cpu_op);
      else
        host = !(r->flags[i] & HP_EVENT_G2);
      _hp_column16_set (&r->iteration, i, host ? hp_rank_exec_iteration (r, i) : -1);
    }

  for (guint i = 0; i < r->n_events; i++)
    {
      gboolean device;

      if (mode == HP_MODE_HTA_COMPAT)
        device = hp_rank_stream (r, i) > 0;
      else
        device = (r->flags[i] & HP_EVENT_G2) != 0;
      if (!device)
        continue;
      if (r->partner[i] >= 0)
        _hp_column16_set (&r->iteration, i, hp_rank_iteration (r, r->partner[i]));
      else if (mode == HP_MODE_DEFAULT)
        _hp_column16_set (&r->iteration, i, hp_rank_exec_iteration (r, i));
    }
}

/* Lanes: one per (pid, tid), numbered by the parser as it met them; depth
 * by nesting (docs/analyses.md §15). */
static int
cmp_lane_order (gconstpointer a,
                gconstpointer b,
                gpointer      data)
{
  const HpLane *lanes = data;
  const HpLane *x = &lanes[*(const guint *)a];
  const HpLane *y = &lanes[*(const guint *)b];

  /* host threads first, then GPU streams; by sort index, pid, tid */
  if (x->is_gpu != y->is_gpu)
    return x->is_gpu ? 1 : -1;
  if (x->sort_index != y->sort_index)
    return x->sort_index < y->sort_index ? -1 : 1;
  if (x->pid != y->pid)
    return x->pid < y->pid ? -1 : 1;
  if (x->tid != y->tid)
    return x->tid < y->tid ? -1 : 1;
  return 0;
}

static void
derive_lanes (HpRankBuilder *b)
{
  HpRank *r = b->rank;
  g_autoptr (GArray) lanes = g_array_sized_new (FALSE, TRUE, sizeof (HpLane), b->lane_keys->len);
  g_autofree guint32 *fill = NULL;
  g_autofree guint   *order = NULL;
  g_autofree guint   *remap = NULL;
  const LaneKeys      keys = { r->ts, r };

  r->parent = g_new (gint32, MAX (r->n_events, 1));
  r->depth = g_new0 (guint16, MAX (r->n_events, 1));

  for (guint l = 0; l < b->lane_keys->len; l++)
    {
      const HpLaneKey *key = &g_array_index (b->lane_keys, HpLaneKey, l);
      HpLane           lane = { 0 };

      lane.pid = key->pid;
      lane.tid = key->tid;
      lane.name = HP_NO_STRING;
      g_array_append_val (lanes, lane);
    }
  for (guint i = 0; i < r->n_events; i++)
    {
      HpLane *lane = &g_array_index (lanes, HpLane, hp_rank_lane (r, i));

      lane->n_events++;
      if (r->flags[i] & (HP_EVENT_G1 | HP_EVENT_G4) || hp_event_kind_is_gpu_activity (r->kind[i]))
        lane->is_gpu = TRUE;
    }

  /* labels from M events */
  for (guint k = 0; k < b->labels->len; k++)
    {
      const HpLaneLabel *label = &g_array_index (b->labels, HpLaneLabel, k);

      for (guint l = 0; l < lanes->len; l++)
        {
          HpLane *lane = &g_array_index (lanes, HpLane, l);

          if (lane->pid != label->pid || (label->tid != -1 && lane->tid != label->tid))
            continue;
          if (label->tid != -1 && label->name != HP_NO_STRING)
            lane->name = label->name;
          if (label->has_sort_index && label->tid != -1)
            lane->sort_index = label->sort_index;
        }
    }

  /* each lane's events, in file order */
  fill = g_new0 (guint32, MAX (lanes->len, 1));
  for (guint l = 0; l < lanes->len; l++)
    {
      HpLane *lane = &g_array_index (lanes, HpLane, l);

      lane->events = g_new (guint32, MAX (lane->n_events, 1));
    }
  for (guint i = 0; i < r->n_events; i++)
    {
      guint l = hp_rank_lane (r, i);

      g_array_index (lanes, HpLane, l).events[fill[l]++] = i;
    }

  for (guint l = 0; l < lanes->len; l++)
    {
      HpLane             *lane = &g_array_index (lanes, HpLane, l);
      guint32            *li = lane->events;
      g_autofree guint32 *stack = NULL;
      g_autofree guint32 *per_depth = NULL;
      guint               sp = 0;
      guint               max_depth = 0;

      /* sorted by (ts, longer first) */
      sort_positions (&keys, li, lane->n_events);

      stack = g_new (guint32, MAX (lane->n_events, 1));
      for (guint k = 0; k < lane->n_events; k++)
        {
          guint  e = li[k];
          gint64 end = r->ts[e] + (hp_rank_dur (r, e) > 0 ? hp_rank_dur (r, e) : 0);

          while (sp > 0)
            {
              guint  t = stack[sp - 1];
              gint64 tend = r->ts[t] + (hp_rank_dur (r, t) > 0 ? hp_rank_dur (r, t) : 0);

              /* a zero-length event at the end of its parent still nests */
              if (tend > r->ts[e] || (tend == r->ts[e] && end == r->ts[e] && r->ts[t] < tend))
                break;
              sp--;
            }
          r->parent[e] = sp > 0 ? (gint32)stack[sp - 1] : -1;
          r->depth[e] = (guint16)MIN (sp, G_MAXUINT16);
          if (sp < G_MAXUINT16)
            stack[sp++] = e;
          if (r->depth[e] + 1u > max_depth)
            max_depth = r->depth[e] + 1u;
        }

      /* order by (depth, ts): a stable counting sort of the ts order, into
       * the stack's memory, which is free again */
      lane->max_depth = max_depth;
      lane->depth_start = g_new0 (guint32, max_depth + 1);
      per_depth = g_new0 (guint32, max_depth + 1);
      for (guint k = 0; k < lane->n_events; k++)
        per_depth[r->depth[li[k]] + 1]++;
      for (guint d = 0; d < max_depth; d++)
        per_depth[d + 1] += per_depth[d];
      memcpy (lane->depth_start, per_depth, sizeof (guint32) * (max_depth + 1));
      for (guint k = 0; k < lane->n_events; k++)
        {
          guint e = li[k];

          stack[per_depth[r->depth[e]]++] = e;
        }
      lane->events = g_steal_pointer (&stack);
      g_free (li);
    }

  /* stable, readable lane order */
  order = g_new (guint, MAX (lanes->len, 1));
  for (guint l = 0; l < lanes->len; l++)
    order[l] = l;
  g_qsort_with_data (order, (gint)lanes->len, sizeof (guint), cmp_lane_order, lanes->data);
  remap = g_new (guint, MAX (lanes->len, 1));
  r->n_lanes = lanes->len;
  r->lanes = g_new0 (HpLane, MAX (lanes->len, 1));
  for (guint l = 0; l < lanes->len; l++)
    {
      r->lanes[l] = g_array_index (lanes, HpLane, order[l]);
      remap[order[l]] = l;
    }
  for (guint i = 0; i < r->n_events; i++)
    _hp_column16_set (&r->lane, i, remap[hp_rank_lane (r, i)]);
}

static void
detect_device_type (HpRankBuilder *b)
{
  HpRank   *r = b->rank;
  JsonNode *di = NULL;

  if (r->metadata != NULL && JSON_NODE_HOLDS_OBJECT (r->metadata))
    di = json_object_get_member (json_node_get_object (r->metadata), "distributedInfo");
  if (di != NULL && JSON_NODE_HOLDS_OBJECT (di))
    {
      const char *backend = json_object_get_string_member_with_default (json_node_get_object (di),
                                                                        "backend", NULL);

      if (backend != NULL && strstr (backend, "mtia:hccl") != NULL)
        {
          r->device_type = g_strdup ("MTIA");
          return;
        }
    }
  if (hp_strings_lookup (b->strings, "cudaLaunchKernel", 16) != HP_NO_STRING)
    r->device_type = g_strdup ("NVIDIA GPU");
  else if (hp_strings_lookup (b->strings, "hipLaunchKernel", 15) != HP_NO_STRING)
    r->device_type = g_strdup ("AMD GPU");
  else if (hp_strings_lookup (b->strings, "runFunction - job_prep_and_submit_for_execution", 47) !=
           HP_NO_STRING)
    r->device_type = g_strdup ("MTIA");
  else
    r->device_type = g_strdup ("UNKNOWN GPU");
}

static const char *
builder_name (guint32  id,
              gpointer data)
{
  return hp_strings_get (data, id);
}

/* the default mode's launch rule (docs/communication.md): the collective
 * kernel of each collective op the name and args rules left computation;
 * needs the links and the nesting */
static void
derive_comm_launches (HpRankBuilder *b)
{
  hp_comm_apply_launch_rule (b->rank, builder_name, b->strings);
}

/**
 * _hp_rank_derive_local:
 *
 * Everything derived from one file alone; runs in the loader thread that
 * parsed it.
 *
 * Returns: %FALSE when @cancellable was cancelled on the way
 */
gboolean
_hp_rank_derive_local (HpRankBuilder        *b,
                       HpMode                mode,
                       const HpCommPatterns *comm_patterns,
                       GCancellable         *cancellable)
{
  HpRank *r = b->rank;

  r->fractional_ts = b->any_float_ts;
  if (mode == HP_MODE_HTA_COMPAT && (b->any_float_ts || b->any_missing_ts) &&
      g_getenv ("HTA_DISABLE_NS_ROUNDING") == NULL)
    hta_round_times (b);

  /* each step is one or two passes over the rank (tens of ms on a large
   * file): checking between them keeps Cancel prompt */
  detect_device_type (b);
  derive_kinds_and_flags (b, mode, comm_patterns);
  g_clear_pointer (&b->stream_state, g_free);
  g_clear_pointer (&b->phase, g_free);
  if (g_cancellable_is_cancelled (cancellable))
    return FALSE;
  /* an event's pid and tid are its lane's (the parser numbered the
   * lanes; here they are sorted and their events nested) */
  derive_lanes (b);
  g_clear_pointer (&b->lane_of, g_hash_table_unref);
  if (g_cancellable_is_cancelled (cancellable))
    return FALSE;
  derive_links (r, mode);
  if (mode == HP_MODE_DEFAULT)
    derive_comm_launches (b);
  if (g_cancellable_is_cancelled (cancellable))
    return FALSE;
  derive_iterations (b, mode);
  return !g_cancellable_is_cancelled (cancellable);
}

/* ---------------------------------------------------------------------------
 * Global steps: strings, alignment, the last-iteration filter
 * ------------------------------------------------------------------------- */

void
_hp_rank_adopt_strings (HpRankBuilder *b,
                        HpStrings     *global)
{
  HpRank             *r = b->rank;
  guint               n = hp_strings_size (b->strings);
  g_autofree guint32 *map = NULL;

  if (hp_strings_size (global) == 0)
    {
      /* the first rank's strings become the trace's, with the same ids:
       * nothing is copied or renumbered */
      _hp_strings_take (global, b->strings);
    }
  else
    {
      map = g_new (guint32, MAX (n, 1));
      for (guint s = 0; s < n; s++)
        map[s] = hp_strings_intern (global, hp_strings_get (b->strings, s),
                                    hp_strings_get_len (b->strings, s));
      for (guint i = 0; i < r->n_events; i++)
        {
          r->name[i] = map[r->name[i]];
          if (r->cat[i] != HP_NO_STRING)
            r->cat[i] = map[r->cat[i]];
        }
    }
  for (guint l = 0; l < r->n_lanes; l++)
    {
      HpLane *lane = &r->lanes[l];

      if (lane->name != HP_NO_STRING && map != NULL)
        lane->name = map[lane->name];
      if (hp_tid_is_string (lane->tid))
        {
          guint32 id = hp_tid_string_id (lane->tid);

          lane->tid = HP_TID_STRING_BASE - (map != NULL ? map[id] : id);
          /* a thread or stream named by its tid: show that name */
          if (lane->name == HP_NO_STRING)
            lane->name = hp_tid_string_id (lane->tid);
        }
    }
}

gint64
_hp_rank_min_measured_ts (const HpRank *r)
{
  gint64 min = G_MAXINT64;

  for (guint i = 0; i < r->n_events; i++)
    if ((r->flags[i] & HP_EVENT_MEASURED) && r->ts[i] < min)
      min = r->ts[i];
  return min;
}

void
_hp_rank_shift_time (HpRank *r,
                     gint64  offset)
{
  for (guint i = 0; i < r->n_events; i++)
    r->ts[i] -= offset;
}

static void
rows_add (GArray *rows,
          guint   e)
{
  guint32 v = e;

  g_array_append_val (rows, v);
}

static gboolean
cat_is (HpStrings  *global,
        guint32     cat,
        const char *prefix,
        gboolean    whole)
{
  const char *s = cat != HP_NO_STRING ? hp_strings_get (global, cat) : NULL;

  if (s == NULL)
    return FALSE;
  return whole ? strcmp (s, prefix) == 0 : g_str_has_prefix (s, prefix);
}

/* MTIA variant of the filter (docs/trace-format.md §11, last bullet) */
static void
filter_mtia (HpRank    *r,
             HpStrings *global,
             GArray    *rows)
{
  gint64 first = G_MAXINT64, last = G_MININT64;
  g_autoptr (GHashTable) kept_corr = g_hash_table_new (hp_int64_key_hash, g_direct_equal);
  g_autoptr (GArray) cpu_rows = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = 0; i < r->n_events; i++)
    if ((r->flags[i] & HP_EVENT_MEASURED) && (r->flags[i] & HP_EVENT_STEP))
      {
        first = MIN (first, r->ts[i]);
        last = MAX (last, r->ts[i] + hp_rank_dur (r, i));
      }

  for (guint i = 0; i < r->n_events; i++)
    {
      const char *cat;
      gboolean    cpu;

      if (!(r->flags[i] & HP_EVENT_MEASURED) || r->cat[i] == HP_NO_STRING)
        continue;
      cat = hp_strings_get (global, r->cat[i]);
      cpu = g_str_has_prefix (cat, "cpu_op") || strcmp (cat, "user_annotation") == 0 ||
            g_str_has_suffix (cat, "_runtime");
      if (cpu && r->ts[i] >= first && r->ts[i] + hp_rank_dur (r, i) <= last)
        {
          rows_add (cpu_rows, i);
          g_hash_table_add (kept_corr, HP_INT64_KEY (hp_rank_correlation (r, i)));
        }
    }
  for (guint i = 0; i < r->n_events; i++)
    {
      gboolean gpu;

      if (!(r->flags[i] & HP_EVENT_MEASURED))
        continue;
      gpu = cat_is (global, r->cat[i], "kernel", FALSE) || cat_is (global, r->cat[i], "gpu_mem", FALSE) ||
            cat_is (global, r->cat[i], "mtia_ccp_events", TRUE);
      if (gpu && g_hash_table_contains (kept_corr, HP_INT64_KEY (hp_rank_correlation (r, i))))
        rows_add (rows, i);
      else if (hp_name_is_memory (hp_strings_get (global, r->name[i])) && r->ts[i] >= first &&
               r->ts[i] < last)
        {
          if (hp_rank_iteration (r, i) < 0)
            _hp_column16_set (&r->iteration, i, hp_rank_exec_iteration (r, i));
          if (hp_rank_stream (r, i) == -1 && !hp_tid_is_string (hp_rank_tid (r, i)))
            _hp_column16_set (&r->stream, i, hp_rank_tid (r, i));
          rows_add (rows, i);
        }
    }
  g_array_append_vals (rows, cpu_rows->data, cpu_rows->len);
}

/**
 * _hp_rank_filter_rows:
 * @n_step_names: distinct `ProfilerStep#N` names over the whole job
 *
 * Builds `rows` (docs/trace-format.md §11): HTA drops the last, incomplete iteration
 * and every GPU event whose launch was dropped; the default mode does the
 * same with correct end times, keeps unlaunched GPU work inside the kept
 * window, never duplicates rows and never empties a rank without steps.
 */
void
_hp_rank_filter_rows (HpRank    *r,
                      HpStrings *global,
                      HpMode     mode,
                      gboolean   include_last_step,
                      guint      n_step_names,
                      gboolean   is_mtia)
{
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr (GArray) cpu_rows = g_array_new (FALSE, FALSE, sizeof (guint32));
  gint64   last_start = G_MININT64, last_end = G_MININT64;
  gint64   cpu_min = G_MAXINT64, cpu_max_end = G_MININT64;
  gboolean any_cpu = FALSE, any_step = FALSE;
  gboolean filter = n_step_names >= 2;
  guint    n_measured = 0;

  for (guint i = 0; i < r->n_events; i++)
    if (r->flags[i] & HP_EVENT_MEASURED)
      n_measured++;

  if (filter && is_mtia && mode == HP_MODE_HTA_COMPAT)
    {
      filter_mtia (r, global, rows);
      goto done;
    }

  for (guint i = 0; i < r->n_events && filter; i++)
    {
      /* HTA's "end" was computed before alignment: absolute (docs/trace-format.md §10) */
      gint64 end = r->ts[i] + hp_rank_dur (r, i);

      if (!(r->flags[i] & HP_EVENT_MEASURED) || (r->flags[i] & HP_EVENT_G2))
        continue;
      any_cpu = TRUE;
      cpu_min = MIN (cpu_min, r->ts[i]);
      cpu_max_end = MAX (cpu_max_end, end);
      if (r->flags[i] & HP_EVENT_STEP)
        {
          any_step = TRUE;
          last_start = MAX (last_start, r->ts[i]);
          last_end = MAX (last_end, end);
        }
    }

  if (!filter || !any_cpu)
    {
      /* nothing to filter: every measured event, in file order */
      for (guint i = 0; i < r->n_events; i++)
        if (r->flags[i] & HP_EVENT_MEASURED)
          rows_add (rows, i);
      goto done;
    }
  if (mode == HP_MODE_DEFAULT && (include_last_step || !any_step))
    {
      /* kept whole, in the row order a filtered load has (GPU rows first) */
      for (int pass = 0; pass < 2; pass++)
        for (guint i = 0; i < r->n_events; i++)
          if ((r->flags[i] & HP_EVENT_MEASURED) && (pass == 0) == ((r->flags[i] & HP_EVENT_G2) != 0))
            rows_add (rows, i);
      goto done;
    }

  if (!any_step)
    {
      /* HTA: a step-less rank next to ranks with steps keeps nothing */
      last_start = cpu_min;
      last_end = G_MAXINT64;
    }
  if (mode == HP_MODE_HTA_COMPAT && include_last_step)
    last_end = G_MAXINT64; /* the stale absolute end keeps everything */
  (void)cpu_max_end;

  for (guint i = 0; i < r->n_events; i++)
    {
      gboolean keep;

      if (!(r->flags[i] & HP_EVENT_MEASURED) || (r->flags[i] & HP_EVENT_G2))
        continue;
      keep = include_last_step ? r->ts[i] <= last_end : r->ts[i] < last_start;
      if (keep)
        rows_add (cpu_rows, i);
    }

  if (mode == HP_MODE_HTA_COMPAT)
    {
      /* inner join of GPU rows with kept CPU rows on correlation: one row per
       * matching CPU row (docs/trace-format.md §8, §11) */
      g_autoptr (GHashTable) corr_count = g_hash_table_new (hp_int64_key_hash, g_direct_equal);

      for (guint k = 0; k < cpu_rows->len; k++)
        {
          guint    e = g_array_index (cpu_rows, guint32, k);
          gpointer key = HP_INT64_KEY (hp_rank_correlation (r, e));
          guint    c = GPOINTER_TO_UINT (g_hash_table_lookup (corr_count, key));

          g_hash_table_insert (corr_count, key, GUINT_TO_POINTER (c + 1));
        }
      for (guint i = 0; i < r->n_events; i++)
        {
          guint c;

          if (!(r->flags[i] & HP_EVENT_MEASURED) || !(r->flags[i] & HP_EVENT_G2))
            continue;
          c = GPOINTER_TO_UINT (g_hash_table_lookup (corr_count, HP_INT64_KEY (hp_rank_correlation (r, i))));
          for (guint k = 0; k < c; k++)
            rows_add (rows, i);
        }
    }
  else
    {
      g_autofree guint8 *kept = g_new0 (guint8, MAX (r->n_events, 1));

      for (guint k = 0; k < cpu_rows->len; k++)
        kept[g_array_index (cpu_rows, guint32, k)] = 1;
      for (guint i = 0; i < r->n_events; i++)
        {
          gint32 launch;

          if (!(r->flags[i] & HP_EVENT_MEASURED) || !(r->flags[i] & HP_EVENT_G2))
            continue;
          launch = r->partner[i];
          if (launch >= 0 ? kept[launch] : r->ts[i] < last_start)
            rows_add (rows, i);
        }
    }
  g_array_append_vals (rows, cpu_rows->data, cpu_rows->len);

done:
  r->n_rows = rows->len;
  r->rows = (guint32 *)g_array_free (g_steal_pointer (&rows), FALSE);
  r->n_filtered = 0;
  {
    g_autofree guint8 *in_rows = g_new0 (guint8, MAX (r->n_events, 1));
    guint              n_in = 0;

    for (guint k = 0; k < r->n_rows; k++)
      {
        guint e = r->rows[k];

        if (!in_rows[e])
          n_in++;
        in_rows[e] = 1;
      }
    r->n_filtered = n_measured - n_in;
  }
  _hp_rank_collect_iterations (r);
}

/**
 * _hp_rank_collect_iterations:
 *
 * Sets `iterations` to the distinct iterations (≥ 0) of the rank's rows,
 * ascending.
 */
void
_hp_rank_collect_iterations (HpRank *r)
{
  g_autoptr (GHashTable) seen = g_hash_table_new (g_direct_hash, g_direct_equal);
  GHashTableIter it;
  gpointer       key;
  guint          k = 0;

  for (guint j = 0; j < r->n_rows; j++)
    if (hp_rank_iteration (r, r->rows[j]) >= 0)
      g_hash_table_add (seen, GINT_TO_POINTER (hp_rank_iteration (r, r->rows[j]) + 1));
  r->n_iterations = g_hash_table_size (seen);
  r->iterations = r->n_iterations > 0 ? g_new (gint32, r->n_iterations) : NULL;
  g_hash_table_iter_init (&it, seen);
  while (g_hash_table_iter_next (&it, &key, NULL))
    r->iterations[k++] = GPOINTER_TO_INT (key) - 1;
  for (guint a = 1; a < r->n_iterations; a++)
    for (guint c = a; c > 0 && r->iterations[c] < r->iterations[c - 1]; c--)
      {
        gint32 t = r->iterations[c];

        r->iterations[c] = r->iterations[c - 1];
        r->iterations[c - 1] = t;
      }
}
