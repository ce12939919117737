/* hp-derive.c — columns derived at load from one file alone: kinds, GPU flags, links, iterations.
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
 * Local derive: everything that needs only this file
 * ------------------------------------------------------------------------- */

/* HTA's rounding of ns-resolution traces (docs/trace-format.md §6), in double precision
 * exactly as pandas does it, from the double Python's float() gives for the
 * microsecond text of a time ("<ns / 1000>.<ns % 1000>"): the double nearest
 * to ns / 1000, ties to even. */

#ifdef __SIZEOF_INT128__
/* The double nearest to @a / 1000 for @a > 2^53, where @a itself is not a
 * double: the 53-bit mantissa q = round (a · 2^s / 1000), in integers. */
static double
div1000_nearest (guint64 a)
{
  int               log2a = 63 - __builtin_clzll (a);
  int               s = 52 - (log2a - 9); /* a / 1000 ≥ 2^(log2a − 10) */
  unsigned __int128 num, den, q, rem;
  const guint64     two52 = (guint64)1 << 52;

  for (int pass = 0; pass < 2; pass++)
    {
      num = s >= 0 ? (unsigned __int128)a << s : (unsigned __int128)a;
      den = s >= 0 ? (unsigned __int128)1000 : (unsigned __int128)1000 << -s;
      q = num / den;
      if (q >= two52 || pass == 1)
        break;
      s++; /* a / 1000 < 2^(log2a − 9): one more bit */
    }
  rem = num % den;
  if (rem * 2 > den || (rem * 2 == den && (q & 1) != 0))
    q++;
  /* q ≤ 2^53 is exact as a double, and so is the scaling */
  return ldexp ((double)(guint64)q, -s);
}
#endif

double
_hp_ns_to_us_double (gint64 ns)
{
  guint64 a = ns < 0 ? (guint64)0 - (guint64)ns : (guint64)ns;
  double  us;

  if (a <= (guint64)1 << 53)
    us = (double)a / 1000.0; /* two exact doubles: one correctly rounded division */
  else
    {
#ifdef __SIZEOF_INT128__
      us = div1000_nearest (a);
#else
      char buf[32];

      g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT ".%03u", a / 1000, (guint)(a % 1000));
      us = g_ascii_strtod (buf, NULL);
#endif
    }
  return ns < 0 ? -us : us;
}

static void
hta_round_times (HpRankBuilder *b)
{
  HpRank *r = b->rank;

  for (guint i = 0; i < r->n_events; i++)
    {
      double ts = _hp_ns_to_us_double (r->ts[i]);
      double dur = _hp_ns_to_us_double (hp_rank_dur (r, i));
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
  _hp_rank_derive_lanes (b);
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
