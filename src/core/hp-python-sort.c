/* hp-python-sort.c — Python's list sort, for orders HTA makes with a comparison that is not an order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-python-sort-private.h"

/*
 * HTA sorts some arrays with `sorted(…, key=cmp_to_key(f))` where f is not
 * a consistent order (docs/analyses.md §9.1). The result then depends on the
 * exact sequence of comparisons of CPython's list sort (3.11 and later:
 * natural runs, binary insertion up to minrun, galloping merges, powersort
 * merge order). This file makes the same comparisons in the same order, so
 * the same permutation comes out.
 */

#define MIN_GALLOP 7
#define MAX_PENDING 85

typedef struct
{
  guint32 *base;
  gssize   len;
  int      power;
} Run;

typedef struct
{
  HpPythonLessFunc less;
  gpointer         data;
  gssize           min_gallop;
  gssize           listlen;
  guint32         *basekeys;
  guint32         *tmp;
  gssize           alloced;
  int              n;
  Run              pending[MAX_PENDING];
} MergeState;

#define LT(ms, x, y) ((ms)->less ((x), (y), (ms)->data))

static void
getmem (MergeState *ms,
        gssize      need)
{
  if (need <= ms->alloced)
    return;
  g_free (ms->tmp);
  ms->tmp = g_new (guint32, need);
  ms->alloced = need;
}

/* [lo, start) is sorted; insert [start, hi) one by one, after equal items */
static void
binary_sort (MergeState *ms,
             guint32    *lo,
             guint32    *hi,
             guint32    *start)
{
  if (lo == start)
    start++;
  for (; start < hi; start++)
    {
      guint32 *l = lo, *r = start;
      guint32  pivot = *r;

      do
        {
          guint32 *p = l + ((r - l) >> 1);

          if (LT (ms, pivot, *p))
            r = p;
          else
            l = p + 1;
        }
      while (l < r);
      memmove (l + 1, l, (gsize)(start - l) * sizeof (guint32));
      *l = pivot;
    }
}

static gssize
count_run (MergeState *ms,
           guint32    *lo,
           guint32    *hi,
           gboolean   *descending)
{
  gssize n;

  *descending = FALSE;
  lo++;
  if (lo == hi)
    return 1;
  n = 2;
  if (LT (ms, lo[0], lo[-1]))
    {
      *descending = TRUE;
      for (lo++; lo < hi && LT (ms, lo[0], lo[-1]); lo++)
        n++;
    }
  else
    for (lo++; lo < hi && !LT (ms, lo[0], lo[-1]); lo++)
      n++;
  return n;
}

/* the k in 0..n with a[k-1] < key <= a[k] */
static gssize
gallop_left (MergeState *ms,
             guint32     key,
             guint32    *a,
             gssize      n,
             gssize      hint)
{
  gssize ofs = 1, lastofs = 0, k;

  a += hint;
  if (LT (ms, *a, key))
    {
      gssize maxofs = n - hint;

      while (ofs < maxofs && LT (ms, a[ofs], key))
        {
          lastofs = ofs;
          ofs = (ofs << 1) + 1;
        }
      if (ofs > maxofs)
        ofs = maxofs;
      lastofs += hint;
      ofs += hint;
    }
  else
    {
      gssize maxofs = hint + 1;

      while (ofs < maxofs && !LT (ms, *(a - ofs), key))
        {
          lastofs = ofs;
          ofs = (ofs << 1) + 1;
        }
      if (ofs > maxofs)
        ofs = maxofs;
      k = lastofs;
      lastofs = hint - ofs;
      ofs = hint - k;
    }
  a -= hint;
  lastofs++;
  while (lastofs < ofs)
    {
      gssize m = lastofs + ((ofs - lastofs) >> 1);

      if (LT (ms, a[m], key))
        lastofs = m + 1;
      else
        ofs = m;
    }
  return ofs;
}

/* the k in 0..n with a[k-1] <= key < a[k] */
static gssize
gallop_right (MergeState *ms,
              guint32     key,
              guint32    *a,
              gssize      n,
              gssize      hint)
{
  gssize ofs = 1, lastofs = 0, k;

  a += hint;
  if (LT (ms, key, *a))
    {
      gssize maxofs = hint + 1;

      while (ofs < maxofs && LT (ms, key, *(a - ofs)))
        {
          lastofs = ofs;
          ofs = (ofs << 1) + 1;
        }
      if (ofs > maxofs)
        ofs = maxofs;
      k = lastofs;
      lastofs = hint - ofs;
      ofs = hint - k;
    }
  else
    {
      gssize maxofs = n - hint;

      while (ofs < maxofs && !LT (ms, key, a[ofs]))
        {
          lastofs = ofs;
          ofs = (ofs << 1) + 1;
        }
      if (ofs > maxofs)
        ofs = maxofs;
      lastofs += hint;
      ofs += hint;
    }
  a -= hint;
  lastofs++;
  while (lastofs < ofs)
    {
      gssize m = lastofs + ((ofs - lastofs) >> 1);

      if (LT (ms, key, a[m]))
        ofs = m;
      else
        lastofs = m + 1;
    }
  return ofs;
}

/* merges a[0..na) and b[0..nb) (b follows a) with na <= nb */
static void
merge_lo (MergeState *ms,
          guint32    *pa,
          gssize      na,
          guint32    *pb,
          gssize      nb)
{
  guint32 *dest = pa;
  gssize   min_gallop, k;

  getmem (ms, na);
  memcpy (ms->tmp, pa, (gsize)na * sizeof (guint32));
  pa = ms->tmp;

  *dest++ = *pb++;
  if (--nb == 0)
    goto succeed;
  if (na == 1)
    goto copy_b;

  min_gallop = ms->min_gallop;
  for (;;)
    {
      gssize acount = 0, bcount = 0;

      for (;;)
        {
          if (LT (ms, pb[0], pa[0]))
            {
              *dest++ = *pb++;
              bcount++;
              acount = 0;
              if (--nb == 0)
                goto succeed;
              if (bcount >= min_gallop)
                break;
            }
          else
            {
              *dest++ = *pa++;
              acount++;
              bcount = 0;
              if (--na == 1)
                goto copy_b;
              if (acount >= min_gallop)
                break;
            }
        }

      min_gallop++;
      do
        {
          min_gallop -= min_gallop > 1;
          ms->min_gallop = min_gallop;
          k = gallop_right (ms, pb[0], pa, na, 0);
          acount = k;
          if (k)
            {
              memcpy (dest, pa, (gsize)k * sizeof (guint32));
              dest += k;
              pa += k;
              na -= k;
              if (na == 1)
                goto copy_b;
              if (na == 0)
                goto succeed;
            }
          *dest++ = *pb++;
          if (--nb == 0)
            goto succeed;

          k = gallop_left (ms, pa[0], pb, nb, 0);
          bcount = k;
          if (k)
            {
              memmove (dest, pb, (gsize)k * sizeof (guint32));
              dest += k;
              pb += k;
              nb -= k;
              if (nb == 0)
                goto succeed;
            }
          *dest++ = *pa++;
          if (--na == 1)
            goto copy_b;
        }
      while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
      min_gallop++;
      ms->min_gallop = min_gallop;
    }
succeed:
  if (na)
    memcpy (dest, pa, (gsize)na * sizeof (guint32));
  return;
copy_b:
  memmove (dest, pb, (gsize)nb * sizeof (guint32));
  dest[nb] = pa[0];
}

/* merges a[0..na) and b[0..nb) (b follows a) with na >= nb */
static void
merge_hi (MergeState *ms,
          guint32    *pa,
          gssize      na,
          guint32    *pb,
          gssize      nb)
{
  guint32 *dest = pb + nb - 1;
  guint32 *basea = pa;
  guint32 *baseb;
  gssize   min_gallop, k;

  getmem (ms, nb);
  memcpy (ms->tmp, pb, (gsize)nb * sizeof (guint32));
  baseb = ms->tmp;
  pb = ms->tmp + nb - 1;
  pa += na - 1;

  *dest-- = *pa--;
  if (--na == 0)
    goto succeed;
  if (nb == 1)
    goto copy_a;

  min_gallop = ms->min_gallop;
  for (;;)
    {
      gssize acount = 0, bcount = 0;

      for (;;)
        {
          if (LT (ms, pb[0], pa[0]))
            {
              *dest-- = *pa--;
              acount++;
              bcount = 0;
              if (--na == 0)
                goto succeed;
              if (acount >= min_gallop)
                break;
            }
          else
            {
              *dest-- = *pb--;
              bcount++;
              acount = 0;
              if (--nb == 1)
                goto copy_a;
              if (bcount >= min_gallop)
                break;
            }
        }

      min_gallop++;
      do
        {
          min_gallop -= min_gallop > 1;
          ms->min_gallop = min_gallop;
          k = gallop_right (ms, pb[0], basea, na, na - 1);
          k = na - k;
          acount = k;
          if (k)
            {
              dest -= k;
              pa -= k;
              memmove (dest + 1, pa + 1, (gsize)k * sizeof (guint32));
              na -= k;
              if (na == 0)
                goto succeed;
            }
          *dest-- = *pb--;
          if (--nb == 1)
            goto copy_a;

          k = gallop_left (ms, pa[0], baseb, nb, nb - 1);
          k = nb - k;
          bcount = k;
          if (k)
            {
              dest -= k;
              pb -= k;
              memcpy (dest + 1, pb + 1, (gsize)k * sizeof (guint32));
              nb -= k;
              if (nb == 1)
                goto copy_a;
              if (nb == 0)
                goto succeed;
            }
          *dest-- = *pa--;
          if (--na == 0)
            goto succeed;
        }
      while (acount >= MIN_GALLOP || bcount >= MIN_GALLOP);
      min_gallop++;
      ms->min_gallop = min_gallop;
    }
succeed:
  if (nb)
    memcpy (dest - (nb - 1), baseb, (gsize)nb * sizeof (guint32));
  return;
copy_a:
  memmove (dest + 1 - na, pa + 1 - na, (gsize)na * sizeof (guint32));
  dest -= na;
  pa -= na;
  dest[0] = pb[0];
}

static void
merge_at (MergeState *ms,
          int         i)
{
  guint32 *pa = ms->pending[i].base;
  gssize   na = ms->pending[i].len;
  guint32 *pb = ms->pending[i + 1].base;
  gssize   nb = ms->pending[i + 1].len;
  gssize   k;

  ms->pending[i].len = na + nb;
  if (i == ms->n - 3)
    ms->pending[i + 1] = ms->pending[i + 2];
  ms->n--;

  k = gallop_right (ms, *pb, pa, na, 0);
  pa += k;
  na -= k;
  if (na == 0)
    return;
  nb = gallop_left (ms, pa[na - 1], pb, nb, nb - 1);
  if (nb <= 0)
    return;
  if (na <= nb)
    merge_lo (ms, pa, na, pb, nb);
  else
    merge_hi (ms, pa, na, pb, nb);
}

static int
powerloop (gssize s1,
           gssize n1,
           gssize n2,
           gssize n)
{
  int    result = 0;
  gssize a = 2 * s1 + n1;
  gssize b = a + n1 + n2;

  for (;;)
    {
      result++;
      if (a >= n)
        {
          a -= n;
          b -= n;
        }
      else if (b >= n)
        break;
      a <<= 1;
      b <<= 1;
    }
  return result;
}

static void
found_new_run (MergeState *ms,
               gssize      n2)
{
  if (ms->n > 0)
    {
      Run   *p = ms->pending;
      gssize s1 = p[ms->n - 1].base - ms->basekeys;
      int    power = powerloop (s1, p[ms->n - 1].len, n2, ms->listlen);

      while (ms->n > 1 && p[ms->n - 2].power > power)
        merge_at (ms, ms->n - 2);
      p[ms->n - 1].power = power;
    }
}

static gssize
compute_minrun (gssize n)
{
  gssize r = 0;

  while (n >= 64)
    {
      r |= n & 1;
      n >>= 1;
    }
  return n + r;
}

/**
 * _hp_python_sort:
 * @items: the array to sort in place
 * @n: its length
 * @less: `x < y`; need not be consistent
 * @data: passed to @less
 *
 * Sorts as CPython's `list.sort()` (3.11 and later) does with the same
 * comparison: the same comparisons in the same order, hence the same
 * result even when @less is not an order.
 */
void
_hp_python_sort (guint32         *items,
                 gsize            n,
                 HpPythonLessFunc less,
                 gpointer         data)
{
  MergeState ms = { 0 };
  gssize     remaining = (gssize)n;
  gssize     minrun;
  guint32   *lo = items;

  if (n < 2)
    return;
  ms.less = less;
  ms.data = data;
  ms.min_gallop = MIN_GALLOP;
  ms.listlen = (gssize)n;
  ms.basekeys = items;

  minrun = compute_minrun (remaining);
  do
    {
      gboolean descending;
      gssize   run = count_run (&ms, lo, lo + remaining, &descending);

      if (descending)
        for (gssize i = 0, j = run - 1; i < j; i++, j--)
          {
            guint32 t = lo[i];

            lo[i] = lo[j];
            lo[j] = t;
          }
      if (run < minrun)
        {
          gssize force = remaining <= minrun ? remaining : minrun;

          binary_sort (&ms, lo, lo + force, lo + run);
          run = force;
        }
      found_new_run (&ms, run);
      ms.pending[ms.n].base = lo;
      ms.pending[ms.n].len = run;
      ms.n++;
      lo += run;
      remaining -= run;
    }
  while (remaining);

  while (ms.n > 1)
    {
      int i = ms.n - 2;

      if (i > 0 && ms.pending[i - 1].len < ms.pending[i + 1].len)
        i--;
      merge_at (&ms, i);
    }
  g_free (ms.tmp);
}
