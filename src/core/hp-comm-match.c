/* hp-comm-match.c — which kernels of the ranks are one instance of a collective (docs/communication.md).
 *
 * One matching for every analysis that pairs collectives across ranks:
 * `collectives` and the critical path across ranks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "hp-comm-match-private.h"
#include "hp-stats.h"

/* how closely a collective's ends must agree across ranks, once the clock
 * offsets are removed, for the offsets to be believed */
#define CLOCK_AGREEMENT_NS ((gint64)50000)

static const char *const match_names[] = { "sequence", "order", "overlap", "unmatched" };

/**
 * _hp_comm_match_to_string:
 *
 * Returns: "sequence", "order", "overlap" or "unmatched"
 */
const char *
_hp_comm_match_to_string (HpCommMatch match)
{
  G_STATIC_ASSERT (G_N_ELEMENTS (match_names) == HP_N_COMM_MATCHES);
  return (guint)match < HP_N_COMM_MATCHES ? match_names[match] : "";
}

/**
 * _hp_comm_message_must_agree:
 * @collective: a normalised collective ("allreduce"…)
 *
 * Whether every rank's message of the collective has the same size: not
 * so for an all-to-all with splits, a gather, a scatter or point-to-point.
 */
gboolean
_hp_comm_message_must_agree (const char *collective)
{
  static const char *const kinds[] = { "allreduce", "allgather", "reduce_scatter", "broadcast" };

  for (guint i = 0; collective != NULL && i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (collective, kinds[i]) == 0)
      return TRUE;
  return FALSE;
}

void
_hp_comm_clocks_clear (HpCommClocks *clocks)
{
  g_clear_pointer (&clocks->offsets, g_free);
  clocks->n_pos = 0;
}

static int
compare_key_group (const HpCommMatchItem *x,
                   const HpCommMatchItem *y)
{
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  return 0;
}

/* (key, group, position, start): each rank's kernels of a collective in order */
static int
compare_by_rank (gconstpointer a,
                 gconstpointer b)
{
  const HpCommMatchItem *x = a;
  const HpCommMatchItem *y = b;
  int                    c = compare_key_group (x, y);

  if (c == 0)
    c = (x->pos > y->pos) - (x->pos < y->pos);
  if (c == 0)
    c = (x->ts > y->ts) - (x->ts < y->ts);
  if (c == 0)
    c = (x->event > y->event) - (x->event < y->event);
  return c;
}

/* (key, group, instance, position): one instance's kernels together */
static int
compare_by_instance (gconstpointer a,
                     gconstpointer b)
{
  const HpCommMatchItem *x = a;
  const HpCommMatchItem *y = b;
  int                    c = compare_key_group (x, y);

  if (c == 0)
    c = (x->instance > y->instance) - (x->instance < y->instance);
  if (c == 0)
    c = (x->pos > y->pos) - (x->pos < y->pos);
  if (c == 0)
    c = (x->ts > y->ts) - (x->ts < y->ts);
  return c;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *)a, y = *(const gint64 *)b;

  return (x > y) - (x < y);
}

/* The ranks' clocks against the first position's, from the ends of their
 * collectives: a collective ends on every rank at nearly the same time,
 * however late each arrived. The n-th kernel of a (collective, group) is
 * compared on two ranks that ran as many of them; each rank's offset is
 * the median difference. When the offsets leave the ends within
 * CLOCK_AGREEMENT_NS of each other (90th percentile), the clocks are
 * aligned and the pairing tolerates twice that spread, at least
 * %HP_COMM_CLOCK_TOLERANCE_NS; otherwise (no such pair, or ends that
 * disagree: kernels a sampled trace lost) the clocks are taken as they
 * are, with that fixed tolerance. @items is sorted by compare_by_rank(). */
static void
estimate_clocks (const HpCommMatchItem *items,
                 guint                  n_items,
                 HpCommClocks          *clocks)
{
  guint n_pos = clocks->n_pos;
  g_autoptr (GPtrArray) diffs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  g_autoptr (GArray) residuals = g_array_new (FALSE, FALSE, sizeof (double));
  double p90;

  for (guint k = 0; k < n_pos; k++)
    g_ptr_array_add (diffs, g_array_new (FALSE, FALSE, sizeof (gint64)));
  for (guint i = 0; i < n_items;)
    {
      guint j = i, ref_end;

      while (j < n_items && compare_key_group (&items[i], &items[j]) == 0)
        j++;
      for (ref_end = i; ref_end < j && items[ref_end].pos == items[i].pos; ref_end++)
        ;
      /* the reference is position 0's kernels, when it ran the collective */
      if (items[i].pos == 0)
        for (guint a = ref_end; a < j;)
          {
            guint b = a;

            while (b < j && items[b].pos == items[a].pos)
              b++;
            if (b - a == ref_end - i)
              for (guint m = 0; m < b - a; m++)
                {
                  gint64 d = (items[a + m].ts + items[a + m].dur) - (items[i + m].ts + items[i + m].dur);

                  g_array_append_val (diffs->pdata[items[a].pos], d);
                }
            a = b;
          }
      i = j;
    }
  for (guint k = 1; k < n_pos; k++)
    {
      GArray *d = diffs->pdata[k];

      if (d->len == 0)
        continue;
      g_array_sort (d, compare_gint64);
      clocks->offsets[k] = g_array_index (d, gint64, (d->len - 1) / 2);
      for (guint m = 0; m < d->len; m++)
        {
          double r = fabs ((double)(g_array_index (d, gint64, m) - clocks->offsets[k]));

          g_array_append_val (residuals, r);
        }
    }
  if (residuals->len == 0)
    return;
  hp_sort_doubles ((double *)(void *)residuals->data, residuals->len);
  p90 = hp_quantile_sorted ((const double *)(const void *)residuals->data, residuals->len, 0.9);
  /* ends that disagree after the offsets are kernels a sampled trace
   * paired wrongly, not clocks: keep the clocks as they are */
  if (p90 > CLOCK_AGREEMENT_NS)
    memset (clocks->offsets, 0, sizeof (gint64) * n_pos);
  else
    {
      clocks->tolerance = MAX (HP_COMM_CLOCK_TOLERANCE_NS, (gint64)(2 * p90));
      clocks->measured = TRUE;
    }
}

/* the ranks' kernels at the heads are one instance: every kernel still
 * running when the last rank arrived (a rank that arrives waits in its
 * kernel for the last one), on the aligned clocks and within the
 * tolerance, and the same message and group size where the trace says.
 * When not, @drop is the kernel that ended first: it overlaps neither the
 * others nor any later kernel of their ranks, so it has no partner. */
static gboolean
heads_agree (const HpCommMatchItem *const *heads,
             guint                         n,
             const HpCommClocks           *clocks,
             guint                        *drop)
{
  gint64   last_start = G_MININT64, first_end = G_MAXINT64;
  gboolean same = TRUE;

  *drop = 0;
  for (guint k = 0; k < n; k++)
    {
      const HpCommMatchItem *o = heads[k];
      gint64                 start = o->ts - clocks->offsets[o->pos];

      last_start = MAX (last_start, start);
      if (start + o->dur < first_end)
        {
          first_end = start + o->dur;
          *drop = k;
        }
      if ((o->msg >= 0 && heads[0]->msg >= 0 && o->msg != heads[0]->msg) ||
          (o->group_size > 0 && heads[0]->group_size > 0 && o->group_size != heads[0]->group_size))
        same = FALSE;
    }
  return same && last_start <= first_end + clocks->tolerance;
}

/* whether every kernel of the run carries a sequence number; then equal
 * numbers are one instance, numbered by rank of the number */
static gboolean
number_by_sequence (HpCommMatchItem *items,
                    guint            n)
{
  g_autoptr (GArray) numbers = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint n_distinct = 0;

  for (guint i = 0; i < n; i++)
    {
      if (items[i].seq < 0 || items[i].seq > G_MAXUINT32)
        return FALSE;
      g_array_append_val (numbers, items[i].seq);
    }
  g_array_sort (numbers, compare_gint64);
  for (guint i = 0; i < numbers->len; i++)
    if (i == 0 || g_array_index (numbers, gint64, i) != g_array_index (numbers, gint64, n_distinct - 1))
      g_array_index (numbers, gint64, n_distinct++) = g_array_index (numbers, gint64, i);
  for (guint i = 0; i < n; i++)
    {
      guint lo = 0, hi = n_distinct;

      while (lo + 1 < hi)
        {
          guint mid = (lo + hi) / 2;

          if (g_array_index (numbers, gint64, mid) <= items[i].seq)
            lo = mid;
          else
            hi = mid;
        }
      items[i].instance = lo;
      items[i].match = HP_COMM_MATCH_SEQUENCE;
    }
  return TRUE;
}

/* Numbers the instances of one (key, group), @items[0..@n) sorted by
 * compare_by_rank(): by sequence number where every kernel has one;
 * otherwise the n-th kernel of every rank is the n-th instance while the
 * heads agree, and where they do not (a rank's trace lost one) the kernel
 * that ended first becomes an instance of its own. */
static void
number_instances (const HpCommClocks *clocks,
                  HpCommMatchItem    *items,
                  guint               n)
{
  g_autoptr (GArray) at = g_array_new (FALSE, FALSE, sizeof (guint));  /* each rank's next kernel */
  g_autoptr (GArray) end = g_array_new (FALSE, FALSE, sizeof (guint)); /* past its last */
  g_autofree const HpCommMatchItem **heads = NULL;
  g_autofree guint                  *active = NULL;
  gboolean                           dropped = FALSE;

  if (number_by_sequence (items, n))
    return;
  for (guint i = 0; i < n; i++)
    if (i == 0 || items[i].pos != items[i - 1].pos)
      {
        g_array_append_val (at, i);
        if (i > 0)
          g_array_append_val (end, i);
      }
  g_array_append_val (end, n);
  heads = g_new (const HpCommMatchItem *, at->len);
  active = g_new (guint, at->len);
  for (guint32 instance = 0;; instance++)
    {
      guint n_active = 0, drop;

      for (guint k = 0; k < at->len; k++)
        if (g_array_index (at, guint, k) < g_array_index (end, guint, k))
          {
            heads[n_active] = &items[g_array_index (at, guint, k)];
            active[n_active++] = k;
          }
      if (n_active == 0)
        break;
      dropped |= n_active < at->len;
      if (heads_agree (heads, n_active, clocks, &drop))
        for (guint a = 0; a < n_active; a++)
          items[g_array_index (at, guint, active[a])++].instance = instance;
      else
        {
          items[g_array_index (at, guint, active[drop])++].instance = instance;
          dropped = TRUE;
        }
    }
  for (guint i = 0; i < n; i++)
    items[i].match = dropped ? HP_COMM_MATCH_OVERLAP : HP_COMM_MATCH_ORDER;
}

/**
 * _hp_comm_match:
 * @items: (array length=n_items): the communication kernels of the ranks
 * @n_items: their number
 * @n_pos: the number of rank positions
 * @clocks: (out caller-allocates): the ranks' measured clocks; clear with
 *   _hp_comm_clocks_clear()
 *
 * Numbers the instances of each (key, group) across ranks, each item's
 * @match saying how: equal sequence numbers where every kernel of the
 * (key, group) has one, however the clocks disagree; otherwise the n-th
 * kernel of each rank, on clocks aligned by the ends of the collectives,
 * while they all ran together and their messages agree; a kernel without
 * a partner is an instance of its own (%HP_COMM_MATCH_UNMATCHED).
 *
 * On return @items is sorted by (key, group, instance, position): each
 * instance's kernels together.
 */
void
_hp_comm_match (HpCommMatchItem *items,
                guint            n_items,
                guint            n_pos,
                HpCommClocks    *clocks)
{
  g_return_if_fail (clocks != NULL);
  g_return_if_fail (items != NULL || n_items == 0);

  *clocks = (HpCommClocks){ g_new0 (gint64, MAX (n_pos, 1)), n_pos, HP_COMM_CLOCK_TOLERANCE_NS, FALSE };
  if (n_items == 0)
    return;
  qsort (items, n_items, sizeof *items, compare_by_rank);
  estimate_clocks (items, n_items, clocks);
  for (guint i = 0; i < n_items;)
    {
      guint j = i + 1;

      while (j < n_items && compare_key_group (&items[i], &items[j]) == 0)
        j++;
      number_instances (clocks, items + i, j - i);
      i = j;
    }
  qsort (items, n_items, sizeof *items, compare_by_instance);
  for (guint i = 0; i < n_items;)
    {
      guint j = i + 1;

      while (j < n_items && compare_key_group (&items[i], &items[j]) == 0 && items[j].instance == items[i].instance)
        j++;
      if (j - i == 1)
        items[i].match = HP_COMM_MATCH_UNMATCHED;
      i = j;
    }
}
