/* test-column.c — narrow event columns: exact read-back of every value, the side list of wide values, a trace with wide values.
 *
 * The cell edges, the lazy base and the side list are checked on both
 * widths through one table of operations; the trace test loads
 * tests/data/edge/wide-values/, whose durations, streams, correlation ids
 * and step numbers do not fit 32- or 16-bit cells, and checks the model and
 * two analyses against the numbers of the file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <glib/gstdio.h>

#include "hp-core.h"
#include "hp-test-utils.h"

#define US ((gint64)HP_NS_PER_US)

/* ---------------------------------------------------------------------------
 * One table of operations for both widths
 * ------------------------------------------------------------------------- */

typedef union
{
  HpColumn32 c32;
  HpColumn16 c16;
} Column;

typedef struct
{
  gint64 min_fit; /* the smallest value − base a cell holds */
  gint64 max_fit; /* the largest */
  void (*init) (Column *col, gint64 base, gboolean base_set);
  void (*resize) (Column *col, guint capacity);
  void (*set) (Column *col, guint i, gint64 value);
  gint64 (*get) (const Column *col, guint i);
  gboolean (*is_wide) (const Column *col, guint i);
  void (*copy) (Column *dest, const Column *src, guint n);
  void (*clear) (Column *col);
  const HpWideValues *(*wide) (const Column *col);
  gint64 (*base) (const Column *col);
  gboolean (*base_set) (const Column *col);
} Width;

/* the Width of HpColumn32 or HpColumn16 */
#define DEFINE_WIDTH(bits)                                                             \
  static void init##bits (Column *col, gint64 base, gboolean base_set)                 \
  {                                                                                    \
    _hp_column##bits##_init (&col->c##bits, base, base_set);                           \
  }                                                                                    \
  static void resize##bits (Column *col, guint capacity)                               \
  {                                                                                    \
    _hp_column##bits##_resize (&col->c##bits, capacity);                               \
  }                                                                                    \
  static void set##bits (Column *col, guint i, gint64 value)                           \
  {                                                                                    \
    _hp_column##bits##_set (&col->c##bits, i, value);                                  \
  }                                                                                    \
  static gint64 get##bits (const Column *col, guint i)                                 \
  {                                                                                    \
    return hp_column##bits##_get (&col->c##bits, i);                                   \
  }                                                                                    \
  static gboolean is_wide##bits (const Column *col, guint i)                           \
  {                                                                                    \
    return col->c##bits.cells[i] == HP_CELL##bits##_WIDE;                              \
  }                                                                                    \
  static void copy##bits (Column *dest, const Column *src, guint n)                    \
  {                                                                                    \
    _hp_column##bits##_copy (&dest->c##bits, &src->c##bits, n);                        \
  }                                                                                    \
  static void clear##bits (Column *col)                                                \
  {                                                                                    \
    _hp_column##bits##_clear (&col->c##bits);                                          \
  }                                                                                    \
  static const HpWideValues *wide##bits (const Column *col)                            \
  {                                                                                    \
    return &col->c##bits.wide;                                                         \
  }                                                                                    \
  static gint64 base##bits (const Column *col)                                         \
  {                                                                                    \
    return col->c##bits.base;                                                          \
  }                                                                                    \
  static gboolean base_set##bits (const Column *col)                                   \
  {                                                                                    \
    return col->c##bits.base_set;                                                      \
  }                                                                                    \
  static const Width width##bits = {                                                   \
    .min_fit = (gint64)G_MININT##bits + 2, /* the cells below are "wide" and "none" */ \
    .max_fit = G_MAXINT##bits,                                                         \
    .init = init##bits,                                                                \
    .resize = resize##bits,                                                            \
    .set = set##bits,                                                                  \
    .get = get##bits,                                                                  \
    .is_wide = is_wide##bits,                                                          \
    .copy = copy##bits,                                                                \
    .clear = clear##bits,                                                              \
    .wide = wide##bits,                                                                \
    .base = base##bits,                                                                \
    .base_set = base_set##bits,                                                        \
  }

DEFINE_WIDTH (32);
DEFINE_WIDTH (16);

static void
column_new (const Width *w,
            Column      *col,
            guint        n,
            gint64       base,
            gboolean     base_set)
{
  w->init (col, base, base_set);
  w->resize (col, n);
}

/* The side list is strictly ascending and holds an entry for every wide
 * cell among the first @n (entries of cells written narrow since may stay). */
static void
assert_wide_list (const Width  *w,
                  const Column *col,
                  guint         n)
{
  const HpWideValues *wide = w->wide (col);
  guint               k = 0;

  g_assert_cmpuint (wide->n, <=, wide->capacity);
  for (guint j = 1; j < wide->n; j++)
    g_assert_cmpuint (wide->pos[j - 1], <, wide->pos[j]);
  for (guint i = 0; i < n; i++)
    if (w->is_wide (col, i))
      {
        while (k < wide->n && wide->pos[k] < i)
          k++;
        g_assert_cmpuint (k, <, wide->n);
        g_assert_cmpuint (wide->pos[k], ==, i);
      }
}

/* ---------------------------------------------------------------------------
 * Unit tests
 * ------------------------------------------------------------------------- */

/* −1 is "no value" whatever the base, and never becomes the base */
static void
test_none (gconstpointer data)
{
  const Width *w = data;
  const struct
  {
    gint64   base;
    gboolean base_set;
  } cases[] = { { 0, FALSE }, { 0, TRUE }, { 1, TRUE }, { -1, TRUE }, { G_MAXINT64, TRUE }, { G_MININT64, TRUE } };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      Column col;

      column_new (w, &col, 4, cases[c].base, cases[c].base_set);
      w->set (&col, 0, -1);
      w->set (&col, 1, -1);
      g_assert_cmpint (w->get (&col, 0), ==, -1);
      g_assert_cmpint (w->get (&col, 1), ==, -1);
      g_assert_false (w->is_wide (&col, 0));
      g_assert_cmpuint (w->wide (&col)->n, ==, 0);
      g_assert_cmpint (w->base_set (&col), ==, cases[c].base_set);

      /* the next value sets a lazy base; −1 still reads −1 after it */
      w->set (&col, 2, 7);
      w->set (&col, 3, -1);
      g_assert_cmpint (w->get (&col, 2), ==, 7);
      g_assert_cmpint (w->get (&col, 3), ==, -1);
      g_assert_cmpint (w->get (&col, 0), ==, -1);
      if (!cases[c].base_set)
        g_assert_cmpint (w->base (&col), ==, 7);
      w->clear (&col);
    }
}

typedef struct
{
  gint64   value;
  gboolean fits;
} Edge;

static void
check_edges (const Width *w,
             gint64       base,
             const Edge  *edges,
             guint        n_edges)
{
  Column col;
  guint  n_wide = 0;

  column_new (w, &col, n_edges, base, TRUE);
  for (guint i = 0; i < n_edges; i++)
    {
      w->set (&col, i, edges[i].value);
      g_assert_cmpint (w->get (&col, i), ==, edges[i].value);
      if (!edges[i].fits)
        n_wide++;
      g_test_message ("base %" G_GINT64_FORMAT ", value %" G_GINT64_FORMAT, base, edges[i].value);
      g_assert_cmpint (w->is_wide (&col, i), ==, !edges[i].fits);
    }
  for (guint i = 0; i < n_edges; i++)
    g_assert_cmpint (w->get (&col, i), ==, edges[i].value);
  g_assert_cmpuint (w->wide (&col)->n, ==, n_wide);
  assert_wide_list (w, &col, n_edges);
  w->clear (&col);
}

/* the last value each side that fits a cell, the reserved cells, and beyond */
static void
test_edges (gconstpointer data)
{
  const Width *w = data;
  const Edge   at_zero[] = {
      { 0, TRUE },
      { 1, TRUE },
      { -2, TRUE },
      { w->max_fit, TRUE },
      { w->min_fit, TRUE },
      { w->min_fit - 1, FALSE }, /* the "wide" cell */
      { w->min_fit - 2, FALSE }, /* the "none" cell */
      { w->min_fit - 3, FALSE },
      { w->max_fit + 1, FALSE },
      { (gint64)G_MAXINT32 + 1, FALSE },
      { (gint64)G_MININT32, FALSE },
      { G_MAXINT64, FALSE },
      { G_MININT64, FALSE },
      { G_MAXINT64 - 1, FALSE },
      { G_MININT64 + 1, FALSE },
  };
  /* the same distances from another base; −1 is still "no value" */
  const gint64 b = 1000000007;
  const Edge   at_base[] = {
      { b, TRUE },
      { b + w->max_fit, TRUE },
      { b + w->min_fit, TRUE },
      { b + w->min_fit - 1, FALSE },
      { b + w->min_fit - 2, FALSE },
      { b + w->max_fit + 1, FALSE },
      { b - 3000000000, FALSE },
      { G_MAXINT64, FALSE },
      { G_MININT64, FALSE },
  };
  /* value − base overflows int64 */
  const Edge at_max[] = {
    { G_MININT64, FALSE },
    { -2, FALSE },
    { G_MAXINT64, TRUE },
    { G_MAXINT64 + w->min_fit - 1, FALSE },
    { G_MAXINT64 + w->min_fit, TRUE },
  };
  const Edge at_min[] = {
    { G_MAXINT64, FALSE },
    { 0, FALSE },
    { G_MININT64, TRUE },
    { G_MININT64 + w->max_fit, TRUE },
    { G_MININT64 + w->max_fit + 1, FALSE },
  };

  /* 32 bits: G_MAXINT32 and G_MININT32 + 2 fit, G_MININT32 + 1 and G_MININT32 do not */
  check_edges (w, 0, at_zero, G_N_ELEMENTS (at_zero));
  check_edges (w, b, at_base, G_N_ELEMENTS (at_base));
  check_edges (w, G_MAXINT64, at_max, G_N_ELEMENTS (at_max));
  check_edges (w, G_MININT64, at_min, G_N_ELEMENTS (at_min));
}

/* the first value other than −1 is the base; later values are read back exactly */
static void
test_lazy_base (gconstpointer data)
{
  const Width *w = data;
  Column       col;

  column_new (w, &col, 5, 0, FALSE);
  w->set (&col, 0, -1);
  g_assert_false (w->base_set (&col));
  w->set (&col, 1, 5000000000);
  g_assert_true (w->base_set (&col));
  g_assert_cmpint (w->base (&col), ==, 5000000000);
  w->set (&col, 2, 5000000001);
  w->set (&col, 3, 3);
  w->set (&col, 4, 5000000000 + w->max_fit);

  g_assert_cmpint (w->get (&col, 0), ==, -1);
  g_assert_cmpint (w->get (&col, 1), ==, 5000000000);
  g_assert_cmpint (w->get (&col, 2), ==, 5000000001);
  g_assert_cmpint (w->get (&col, 3), ==, 3);
  g_assert_cmpint (w->get (&col, 4), ==, 5000000000 + w->max_fit);
  g_assert_false (w->is_wide (&col, 1));
  g_assert_false (w->is_wide (&col, 2));
  g_assert_true (w->is_wide (&col, 3));
  g_assert_false (w->is_wide (&col, 4));
  g_assert_cmpuint (w->wide (&col)->n, ==, 1);
  w->clear (&col);
}

/* wide values written out of order and overwritten every way */
static void
test_wide_out_of_order (gconstpointer data)
{
  const Width *w = data;
  const guint  n = 12;
  gint64       expected[12];
  Column       col;

  column_new (w, &col, n, 0, TRUE);
  for (guint i = 0; i < n; i++)
    {
      expected[i] = i;
      w->set (&col, i, expected[i]);
    }
  g_assert_cmpuint (w->wide (&col)->n, ==, 0);

  expected[9] = G_MAXINT64;
  expected[2] = 5000000000;
  expected[5] = G_MININT64;
  w->set (&col, 9, expected[9]);
  w->set (&col, 2, expected[2]);
  w->set (&col, 5, expected[5]);
  g_assert_cmpuint (w->wide (&col)->n, ==, 3);
  g_assert_cmpuint (w->wide (&col)->pos[0], ==, 2);
  g_assert_cmpuint (w->wide (&col)->pos[1], ==, 5);
  g_assert_cmpuint (w->wide (&col)->pos[2], ==, 9);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (w->get (&col, i), ==, expected[i]);

  /* wide -> wide: the entry is replaced, not added */
  expected[5] = -5000000000;
  w->set (&col, 5, expected[5]);
  g_assert_cmpuint (w->wide (&col)->n, ==, 3);
  g_assert_cmpint (w->wide (&col)->value[1], ==, expected[5]);

  /* wide -> narrow, narrow -> wide (before, between and after the others) */
  expected[9] = 42;
  expected[0] = w->max_fit + 1;
  expected[11] = w->min_fit - 1;
  expected[7] = G_MAXINT64 - 1;
  w->set (&col, 9, expected[9]);
  g_assert_false (w->is_wide (&col, 9));
  w->set (&col, 0, expected[0]);
  w->set (&col, 11, expected[11]);
  w->set (&col, 7, expected[7]);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (w->get (&col, i), ==, expected[i]);
  assert_wide_list (w, &col, n);

  /* narrow again -> wide at a position that was wide before */
  expected[9] = G_MININT64 + 1;
  w->set (&col, 9, expected[9]);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (w->get (&col, i), ==, expected[i]);
  assert_wide_list (w, &col, n);
  /* wide now: 0, 2, 5, 7, 9, 11; each position has one entry */
  g_assert_cmpuint (w->wide (&col)->n, ==, 6);
  for (guint k = 0; k < w->wide (&col)->n; k++)
    g_assert_cmpint (w->wide (&col)->value[k], ==, expected[w->wide (&col)->pos[k]]);
  w->clear (&col);
  g_assert_cmpuint (w->wide (&col)->n, ==, 0);
}

static void
assert_column_is (const Width  *w,
                  const Column *col,
                  const gint64 *expected,
                  guint         n)
{
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (w->get (col, i), ==, expected[i]);
  assert_wide_list (w, col, n);
}

/* a copy owns its cells and side list: changing one leaves the other */
static void
test_copy (gconstpointer data)
{
  const Width *w = data;
  const guint  n = 8;
  gint64       src_values[] = { -1, 1, 5000000000, 2, G_MININT64, 3, -1, G_MAXINT64 };
  gint64       copy_values[8];
  Column       src, copy, empty, empty_copy;

  column_new (w, &src, n, 0, FALSE);
  for (guint i = 0; i < n; i++)
    w->set (&src, i, src_values[i]);
  w->copy (&copy, &src, n);
  memcpy (copy_values, src_values, sizeof src_values);
  assert_column_is (w, &copy, copy_values, n);
  g_assert_cmpint (w->base (&copy), ==, 1);
  g_assert_true (w->wide (&copy)->pos != w->wide (&src)->pos);

  /* narrow and wide cells of the copy, in every direction */
  copy_values[1] = 4;
  copy_values[2] = 6000000000; /* wide -> wide */
  copy_values[4] = 7;          /* wide -> narrow */
  copy_values[5] = G_MAXINT64 - 5;
  copy_values[3] = -1;
  for (guint i = 1; i < 6; i++)
    w->set (&copy, i, copy_values[i]);
  assert_column_is (w, &copy, copy_values, n);
  assert_column_is (w, &src, src_values, n);

  /* and the source's changes stay out of the copy */
  src_values[7] = 9;
  src_values[0] = -7000000000;
  w->set (&src, 7, src_values[7]);
  w->set (&src, 0, src_values[0]);
  assert_column_is (w, &src, src_values, n);
  assert_column_is (w, &copy, copy_values, n);
  w->clear (&src);
  assert_column_is (w, &copy, copy_values, n);
  w->clear (&copy);

  /* no side list, no base yet: the copy sets its own base */
  column_new (w, &empty, 2, 0, FALSE);
  w->set (&empty, 0, -1);
  w->copy (&empty_copy, &empty, 1);
  g_assert_null (w->wide (&empty_copy)->pos);
  w->resize (&empty_copy, 2);
  w->set (&empty_copy, 1, 5000000000);
  g_assert_cmpint (w->base (&empty_copy), ==, 5000000000);
  g_assert_false (w->base_set (&empty));
  g_assert_cmpint (w->get (&empty_copy, 0), ==, -1);
  g_assert_cmpint (w->get (&empty_copy, 1), ==, 5000000000);
  w->clear (&empty);
  w->clear (&empty_copy);
}

/* a mix of −1, small values, values near the cell edges and any int64 */
static gint64
random_value (const Width *w,
              GRand       *rand,
              gint64       base)
{
  guint32 kind = g_rand_int_range (rand, 0, 20);

  if (kind < 2)
    return -1;
  if (kind < 14)
    return base + g_rand_int_range (rand, -3000, 3000);
  if (kind < 17)
    {
      gint64 edge = g_rand_boolean (rand) ? w->max_fit : w->min_fit;

      return base + edge + g_rand_int_range (rand, -2, 3);
    }
  return (gint64)(((guint64)g_rand_int (rand) << 32) | g_rand_int (rand));
}

static void
random_round_trip (const Width *w,
                   gint64       base,
                   gboolean     base_set,
                   guint32      seed)
{
  const guint n = 100000;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree gint64 *expected = g_new (gint64, n);
  gint64             expected_base = base;
  Column             col;

  column_new (w, &col, n, base, base_set);
  for (guint i = 0; i < n; i++)
    {
      expected[i] = random_value (w, rand, base);
      w->set (&col, i, expected[i]);
      if (!base_set && expected[i] != -1)
        {
          expected_base = expected[i];
          base_set = TRUE;
        }
    }
  g_assert_cmpint (w->base (&col), ==, expected_base);
  assert_column_is (w, &col, expected, n);
  g_assert_cmpuint (w->wide (&col)->n, >, n / 10);

  for (guint k = 0; k < n; k++)
    {
      guint i = g_rand_int_range (rand, 0, n);

      expected[i] = random_value (w, rand, base);
      w->set (&col, i, expected[i]);
      g_assert_cmpint (w->get (&col, i), ==, expected[i]);
    }
  assert_column_is (w, &col, expected, n);
  w->clear (&col);
}

static void
test_random (gconstpointer data)
{
  const Width *w = data;

  random_round_trip (w, 0, TRUE, 20261125);
  random_round_trip (w, 0, FALSE, 7); /* the first value other than −1 is the base */
  random_round_trip (w, 1000000007, TRUE, 42);
}

/* ---------------------------------------------------------------------------
 * tests/data/edge/wide-values/: a trace whose values do not fit the cells
 * ------------------------------------------------------------------------- */

/* the launch call with @correlation */
static guint
find_launch (HpTrace *trace,
             gint64   correlation)
{
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint32       id = hp_trace_lookup_string (trace, "cudaLaunchKernel");

  for (guint e = 0; e < r->n_events; e++)
    if (r->name[e] == id && hp_rank_correlation (r, e) == correlation)
      return e;
  g_assert_not_reached ();
}

/* the row of @table whose @column is @value */
static guint
find_row (HpTable    *table,
          const char *column,
          const char *value)
{
  int c = hp_test_column (table, column);

  for (guint row = 0; row < hp_table_get_n_rows (table); row++)
    {
      g_autofree char *text = hp_table_format_cell (table, row, (guint)c);

      if (g_strcmp0 (text, value) == 0)
        return row;
    }
  g_assert_not_reached ();
}

typedef struct
{
  const char *kernel;
  gint64      correlation;
  gint64      stream;
  gint64      dur_us;
  gint64      iteration;
  gint64      launch_delay_us;
} Launch;

/* the kernels of the file, each with its launch (10 us each) */
static const Launch launches[] = {
  { "long_kernel", 1, 7, 5000000, 1, 1300 - 1210 },
  { "far_stream_kernel", 5000000000, 70000, 20, 1, 1400 - 1310 },
  { "near_stream_kernel", 2, 3, 30, 1, 1500 - 1410 },
  { "add_kernel", 4294967297, 7, 40, 40000, 5200200 - 5200120 },
  { "mul_kernel", 3, 7, 40, 40001, 5300200 - 5300120 },
};

static void
check_model (HpTrace *trace)
{
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint         long_op = hp_test_find_event (trace, "aten::long_op");
  guint         add = hp_test_find_event (trace, "aten::add");
  guint         empty = hp_test_find_event (trace, "aten::empty");
  guint         step1 = hp_test_find_event (trace, "ProfilerStep#1");

  /* 5 s and 5.1 s: over 2^31 ns */
  g_assert_cmpint (hp_rank_dur (r, long_op), ==, 5000000 * US);
  g_assert_cmpint (hp_rank_end (r, long_op) - r->ts[long_op], ==, 5000000 * US);
  g_assert_cmpint (hp_rank_dur (r, step1), ==, 5100000 * US);
  g_assert_cmpint (hp_rank_dur (r, empty), ==, 10 * US);
  g_assert_cmpint (hp_rank_stream (r, long_op), ==, -1);
  g_assert_cmpint (hp_rank_correlation (r, long_op), ==, -1);

  /* host events: the step that contains their start */
  g_assert_cmpint (hp_rank_iteration (r, empty), ==, -1);
  g_assert_cmpint (hp_rank_exec_iteration (r, empty), ==, -1);
  g_assert_cmpint (hp_rank_iteration (r, long_op), ==, 1);
  g_assert_cmpint (hp_rank_iteration (r, step1), ==, 1);
  g_assert_cmpint (hp_rank_iteration (r, add), ==, 40000);
  g_assert_cmpint (hp_rank_exec_iteration (r, add), ==, 40000);
  g_assert_cmpint (hp_rank_iteration (r, hp_test_find_event (trace, "ProfilerStep#40000")), ==, 40000);
  g_assert_cmpint (hp_rank_iteration (r, hp_test_find_event (trace, "aten::mul")), ==, 40001);

  for (guint k = 0; k < G_N_ELEMENTS (launches); k++)
    {
      guint kernel = hp_test_find_event (trace, launches[k].kernel);
      guint launch = find_launch (trace, launches[k].correlation);

      g_test_message ("%s", launches[k].kernel);
      g_assert_cmpint (hp_rank_dur (r, kernel), ==, launches[k].dur_us * US);
      g_assert_cmpint (hp_rank_dur (r, launch), ==, 10 * US);
      g_assert_cmpint (hp_rank_stream (r, kernel), ==, launches[k].stream);
      g_assert_cmpint (hp_rank_tid (r, kernel), ==, launches[k].stream);
      g_assert_cmpint (hp_rank_stream (r, launch), ==, -1);
      g_assert_cmpint (hp_rank_correlation (r, kernel), ==, launches[k].correlation);
      g_assert_cmpint (r->partner[launch], ==, (gint32)kernel);
      g_assert_cmpint (r->partner[kernel], ==, (gint32)launch);
      /* a kernel is in the step of its launch, and here runs in it too */
      g_assert_cmpint (hp_rank_iteration (r, launch), ==, launches[k].iteration);
      g_assert_cmpint (hp_rank_iteration (r, kernel), ==, launches[k].iteration);
      g_assert_cmpint (hp_rank_exec_iteration (r, kernel), ==, launches[k].iteration);
      g_assert_cmpint (r->ts[kernel] - hp_rank_end (r, launch), ==, launches[k].launch_delay_us * US);
    }

  /* the last step (40001) is dropped: steps 1 and 40000 are left */
  g_assert_cmpuint (r->n_iterations, ==, 2);
  g_assert_cmpint (r->iterations[0], ==, 1);
  g_assert_cmpint (r->iterations[1], ==, 40000);
}

/* an analysis of the registry, by name */
static GPtrArray *
run_analysis (HpTrace    *trace,
              const char *name)
{
  const HpAnalysis *analysis = hp_analysis_find (name);

  g_assert_nonnull (analysis);
  return hp_test_run (analysis->func, trace, NULL);
}

static void
test_trace_wide_values (void)
{
  g_autoptr (HpTrace) trace = hp_test_load ("edge/wide-values", HP_MODE_DEFAULT);
  g_autoptr (HpTrace) compat = hp_test_load ("edge/wide-values", HP_MODE_HTA_COMPAT);
  g_autoptr (GPtrArray) breakdown = run_analysis (trace, "gpu_kernel_breakdown");
  g_autoptr (GPtrArray) stats = run_analysis (trace, "cuda_kernel_launch_stats");
  g_autoptr (GPtrArray) temporal = run_analysis (trace, "temporal_breakdown");
  HpTable *types = hp_test_table_at (breakdown, 0, "gpu_kernel_breakdown_kernel_type");
  HpTable *kernels = hp_test_table_at (breakdown, 1, "gpu_kernel_breakdown_kernels");
  HpTable *launch_stats = hp_test_table_at (stats, 0, "cuda_kernel_launch_stats");
  HpTable *time = hp_test_table_at (temporal, 0, "temporal_breakdown");
  guint    row;

  g_assert_cmpuint (hp_trace_get_n_ranks (trace), ==, 1);
  g_assert_cmpuint (hp_trace_get_rank (trace, 0)->n_bad_stream, ==, 0);
  check_model (trace);
  check_model (compat);

  /* one COMPUTATION type: [1300, 5001300) holds the two short kernels, then
   * add_kernel's 40 us; mul_kernel is in the dropped step */
  g_assert_cmpuint (hp_table_get_n_rows (types), ==, 1);
  g_assert_cmpfloat (hp_test_cell (types, 0, "sum"), ==, 5000040);
  g_assert_cmpuint (hp_table_get_n_rows (kernels), ==, 4);
  row = find_row (kernels, "name", "long_kernel");
  g_assert_cmpfloat (hp_test_cell (kernels, row, "sum (us)"), ==, 5000000);
  g_assert_cmpfloat (hp_test_cell (kernels, row, "max (us)"), ==, 5000000);
  g_assert_cmpfloat (hp_test_cell (kernels, row, "mean (us)"), ==, 5000000);
  g_assert_cmpfloat (hp_test_cell (kernels, find_row (kernels, "name", "far_stream_kernel"), "sum (us)"), ==, 20);

  /* the GPU runs from long_kernel's start (1300) to add_kernel's end
   * (5200240), busy 5000040 us of it */
  g_assert_cmpuint (hp_table_get_n_rows (time), ==, 1);
  g_assert_cmpfloat (hp_test_cell (time, 0, "kernel_time(us)"), ==, 5200240 - 1300);
  g_assert_cmpfloat (hp_test_cell (time, 0, "compute_time(us)"), ==, 5000040);
  g_assert_cmpfloat (hp_test_cell (time, 0, "idle_time(us)"), ==, 5200240 - 1300 - 5000040);

  /* one row per launch of the kept steps, by correlation */
  g_assert_cmpuint (hp_table_get_n_rows (launch_stats), ==, G_N_ELEMENTS (launches) - 1);
  for (guint k = 0; k + 1 < G_N_ELEMENTS (launches); k++)
    {
      g_autofree char *corr = g_strdup_printf ("%" G_GINT64_FORMAT, launches[k].correlation);

      row = find_row (launch_stats, "correlation", corr);
      g_assert_cmpint (hp_table_get_int (launch_stats, row, (guint)hp_test_column (launch_stats, "correlation")), ==,
                       launches[k].correlation);
      g_assert_cmpfloat (hp_test_cell (launch_stats, row, "cpu_duration"), ==, 10);
      g_assert_cmpfloat (hp_test_cell (launch_stats, row, "gpu_duration"), ==, launches[k].dur_us);
      g_assert_cmpfloat (hp_test_cell (launch_stats, row, "launch_delay"), ==, launches[k].launch_delay_us);
    }
}

static const struct
{
  const char   *name;
  GTestDataFunc func;
} unit_tests[] = {
  { "none", test_none },
  { "edges", test_edges },
  { "lazy-base", test_lazy_base },
  { "wide-out-of-order", test_wide_out_of_order },
  { "copy", test_copy },
  { "random", test_random },
};

/* A rank with more lanes than 16-bit cells hold: 40 000 threads, three
 * events each, interleaved; every event keeps its own thread, and each
 * lane lists exactly its three events. */
#define MANY_LANES 40000

static void
test_trace_many_lanes (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hotpath-lanes-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "rank-0.json", NULL);
  g_autoptr (GString) json = g_string_new ("{\"traceEvents\":[");
  g_autoptr (GError) error = NULL;
  g_autoptr (HpTrace) trace = NULL;
  HpLoadOptions options = { 0 };
  const HpRank *r;

  for (guint k = 0; k < 3; k++)
    for (guint t = 0; t < MANY_LANES; t++)
      g_string_append_printf (json,
                              "%s{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"op\",\"pid\":7,"
                              "\"tid\":%u,\"ts\":%u,\"dur\":1}",
                              k == 0 && t == 0 ? "" : ",", 100000 + t * 7, 10 * k + 1);
  g_string_append (json, "]}");
  g_assert_true (g_file_set_contents (path, json->str, (gssize)json->len, NULL));

  options.mode = HP_MODE_DEFAULT;
  trace = hp_load_path (dir, &options, NULL, &error);
  g_assert_no_error (error);
  r = hp_trace_get_rank (trace, 0);
  g_assert_cmpuint (r->n_events, ==, 3 * MANY_LANES);
  g_assert_cmpuint (r->n_lanes, ==, MANY_LANES);
  g_assert_cmpuint (r->lane.wide.n, >, 0);
  for (guint e = 0; e < r->n_events; e++)
    {
      guint         l = hp_rank_lane (r, e);
      const HpLane *lane = &r->lanes[l];

      g_assert_cmpuint (l, <, r->n_lanes);
      g_assert_cmpint (hp_rank_pid (r, e), ==, 7);
      g_assert_cmpint (hp_rank_tid (r, e), ==, 100000 + (e % MANY_LANES) * 7);
      g_assert_cmpuint (lane->n_events, ==, 3);
      g_assert_true (lane->events[0] == e || lane->events[1] == e || lane->events[2] == e);
    }
  /* lanes are sorted by tid */
  for (guint l = 1; l < r->n_lanes; l++)
    g_assert_cmpint (r->lanes[l - 1].tid, <, r->lanes[l].tid);

  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  for (guint k = 0; k < G_N_ELEMENTS (unit_tests); k++)
    for (guint bits = 32; bits >= 16; bits -= 16)
      {
        g_autofree char *path = g_strdup_printf ("/core/column/%u/%s", bits, unit_tests[k].name);

        g_test_add_data_func (path, bits == 32 ? &width32 : &width16, unit_tests[k].func);
      }
  g_test_add_func ("/core/column/trace-wide-values", test_trace_wide_values);
  g_test_add_func ("/core/column/trace-many-lanes", test_trace_many_lanes);

  return g_test_run ();
}
