/* hp-numpy-sort.c — numpy's unstable argsort, so that ties come out in HTA's order.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-numpy-sort-private.h"

/* HTA sorts with pandas' default, numpy's `argsort (kind="quicksort")`.
 * That sort is not stable, but it is deterministic, and HTA's tables
 * depend on the order it leaves equal keys in: which zero-length segments
 * a sweep sees, which running sum a counter shows at a tie, which of two
 * kernels with the same total becomes `others`. A stable sort gives other
 * tables, so this file repeats numpy 1.24's introsort
 * (numpy/core/src/npysort/quicksort.cpp, aquicksort_ and aheapsort_)
 * step by step: the same pivots, swaps and cutoffs give the same
 * permutation. */

/* numpy's SMALL_QUICKSORT: a part with pr − pl > 15, that is of more than
 * 16 elements, is partitioned; smaller ones are insertion-sorted, which
 * keeps their ties in the order the partitioning left them */
#define NUMPY_SMALL_QUICKSORT 15

/* numpy's PYA_QS_STACK (twice the bits of npy_intp); the larger part is
 * pushed, so the stack holds at most log2 (n) pairs */
#define NUMPY_QS_STACK 128

static inline void
swap_u32 (guint32 *a,
          guint32 *b)
{
  guint32 t = *a;

  *a = *b;
  *b = t;
}

/* Moves @tmp down the heap a[1..n] from node @i; the heap is 1-based,
 * node k lives in a[k - 1] */
static inline void
heap_sift_down (const gint64 *v,
                guint32      *a,
                gsize         i,
                gsize         n,
                guint32       tmp)
{
  for (gsize j = i << 1; j <= n; j += j)
    {
      if (j < n && v[a[j - 1]] < v[a[j]])
        j++;
      if (!(v[tmp] < v[a[j - 1]]))
        break;
      a[i - 1] = a[j - 1];
      i = j;
    }
  a[i - 1] = tmp;
}

/* numpy's aheapsort_: used on a part once the quicksort has gone past twice
 * the depth of a balanced recursion */
static void
numpy_aheapsort (const gint64 *v,
                 guint32      *a,
                 gsize         n)
{
  guint32 tmp;

  for (gsize l = n >> 1; l > 0; l--)
    heap_sift_down (v, a, l, n, a[l - 1]);
  while (n > 1)
    {
      tmp = a[n - 1];
      a[n - 1] = a[0];
      n--;
      heap_sift_down (v, a, 1, n, tmp);
    }
}

/**
 * _hp_numpy_argsort:
 * @keys: (array length=n): the values to sort by
 * @order: (out caller-allocates) (array length=n): the permutation
 * @n: the number of values, at most %G_MAXUINT32
 *
 * Fills @order with the positions of @keys in ascending order of @keys,
 * with equal keys in exactly the order numpy 1.24's
 * `argsort (kind="quicksort")` gives them: median-of-three quicksort,
 * insertion sort for parts of up to 16 elements, heapsort for parts met
 * past a depth of 2·⌊log2 n⌋. @order need not be initialised.
 */
void
_hp_numpy_argsort (const gint64 *keys,
                   guint32      *order,
                   gsize         n)
{
  guint32  *stack[NUMPY_QS_STACK];
  int       depth[NUMPY_QS_STACK];
  guint32 **sptr = stack;
  int      *psdepth = depth;
  guint32  *pl, *pr, *pm, *pi, *pj, *pk;
  int       cdepth = 0;

  g_assert (n <= G_MAXUINT32);

  for (gsize i = 0; i < n; i++)
    order[i] = (guint32)i;
  if (n < 2)
    return;

  /* numpy's npy_get_msb (n) * 2 */
  for (gsize u = n; (u >>= 1) != 0;)
    cdepth++;
  cdepth *= 2;

  pl = order;
  pr = order + n - 1;
  for (;;)
    {
      if (cdepth < 0)
        {
          numpy_aheapsort (keys, pl, (gsize)(pr - pl) + 1);
          goto pop;
        }

      while (pr - pl > NUMPY_SMALL_QUICKSORT)
        {
          gint64 vp;

          pm = pl + ((pr - pl) >> 1);
          if (keys[*pm] < keys[*pl])
            swap_u32 (pm, pl);
          if (keys[*pr] < keys[*pm])
            swap_u32 (pr, pm);
          if (keys[*pm] < keys[*pl])
            swap_u32 (pm, pl);
          vp = keys[*pm];
          pi = pl;
          pj = pr - 1;
          swap_u32 (pm, pj);
          for (;;)
            {
              do
                pi++;
              while (keys[*pi] < vp);
              do
                pj--;
              while (vp < keys[*pj]);
              if (pi >= pj)
                break;
              swap_u32 (pi, pj);
            }
          pk = pr - 1;
          swap_u32 (pi, pk);
          /* the larger part waits on the stack */
          if (pi - pl < pr - pi)
            {
              *sptr++ = pi + 1;
              *sptr++ = pr;
              pr = pi - 1;
            }
          else
            {
              *sptr++ = pl;
              *sptr++ = pi - 1;
              pl = pi + 1;
            }
          *psdepth++ = --cdepth;
        }

      for (pi = pl + 1; pi <= pr; pi++)
        {
          guint32 vi = *pi;
          gint64  vp = keys[vi];

          pj = pi;
          pk = pi - 1;
          while (pj > pl && vp < keys[*pk])
            *pj-- = *pk--;
          *pj = vi;
        }

    pop:
      if (sptr == stack)
        break;
      pr = *(--sptr);
      pl = *(--sptr);
      cdepth = *(--psdepth);
    }
}
