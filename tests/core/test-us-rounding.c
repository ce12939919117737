/* test-us-rounding.c — HTA-compatible microseconds of ns times, computed without text.
 *
 * HTA reads a ns-resolution trace's times as Python floats of the JSON's
 * microsecond text. _hp_ns_to_us_double() gives the same double by
 * arithmetic; these tests hold it to the text path, bit for bit, on random
 * and boundary values and on every time of every shared trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "hp-core.h"
#include "hp-core-private.h"
#include "hp-test-utils.h"

/* the reference: the time's microsecond text, read back as Python's
 * float() (a correctly rounded strtod) reads it */
static double
us_through_text (gint64 ns)
{
  char    buf[48];
  guint64 a = ns < 0 ? (guint64)0 - (guint64)ns : (guint64)ns;

  g_snprintf (buf, sizeof buf, "%s%" G_GUINT64_FORMAT ".%03u", ns < 0 ? "-" : "", a / 1000, (guint)(a % 1000));
  return g_ascii_strtod (buf, NULL);
}

static gboolean
same_bits (gint64 ns)
{
  double x = _hp_ns_to_us_double (ns);
  double y = us_through_text (ns);

  return memcmp (&x, &y, sizeof x) == 0;
}

static void
assert_same_bits (gint64 ns)
{
  if (!same_bits (ns))
    g_error ("%" G_GINT64_FORMAT " ns: %.17g us by arithmetic, %.17g us through text", ns, _hp_ns_to_us_double (ns),
             us_through_text (ns));
}

static gint64
random_int64 (GRand *rand)
{
  guint64 v = ((guint64)g_rand_int (rand) << 32) | g_rand_int (rand);

  return (gint64)v;
}

static void
test_random_values (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261128);
  guint checked = 0;

  /* edges: zero, the ends of int64, around 2^53 where ns stops being a
   * double, and whole-ns multiples of 1000 there (ties of the rounding) */
  static const gint64 fixed[] = { 0, 1, -1, 999, 1000, 1001, G_MAXINT64, G_MININT64, G_MININT64 + 1 };
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++, checked++)
    assert_same_bits (fixed[i]);
  for (int shift = 50; shift <= 62; shift++)
    for (gint64 d = -3000; d <= 3000; d++, checked += 2)
      {
        gint64 base = (gint64)1 << shift;

        assert_same_bits (base + d);
        assert_same_bits (-(base + d));
      }
  /* exact halves between two doubles: (2^k + odd) · 1000 for 2^k past 2^53 */
  for (int k = 53; k <= 62; k++)
    for (gint64 m = 1; m < 64; m += 2, checked++)
      {
        gint64 q = ((gint64)1 << (k - 10)) + m;

        if (q <= G_MAXINT64 / 1000)
          assert_same_bits (q * 1000);
      }
  /* uniform over int64, over realistic epoch times (2020–2030 in ns), and
   * over each magnitude */
  for (guint i = 0; i < 300000; i++, checked += 3)
    {
      gint64 epoch = 1577836800000000000 + (gint64)(g_rand_double (rand) * 315576000000000000.0);
      int    bits = g_rand_int_range (rand, 1, 64);

      assert_same_bits (random_int64 (rand));
      assert_same_bits (epoch);
      assert_same_bits (random_int64 (rand) >> (64 - bits));
    }
  g_test_message ("%u values, bit-identical", checked);
}

/* the shared folder's traces, else the HTA traces of tests/data */
static GPtrArray *
trace_dirs (void)
{
  GPtrArray       *out = g_ptr_array_new_with_free_func (g_free);
  const char      *env = g_getenv ("HOTPATH_SHARED_DIR");
  g_autofree char *shared = env != NULL ? g_build_filename (env, "traces", NULL)
                                        : g_build_filename (g_test_get_dir (G_TEST_DIST), "..", "..", "shared",
                                                            "traces", NULL);
  g_autoptr (GDir) dir = g_dir_open (shared, 0, NULL);
  const char *name;

  if (dir != NULL)
    {
      while ((name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *path = g_build_filename (shared, name, NULL);

          if (g_file_test (path, G_FILE_TEST_IS_DIR))
            g_ptr_array_add (out, g_steal_pointer (&path));
        }
    }
  else
    {
      guint              n;
      const char *const *cases = hp_test_hta_cases (&n);

      for (guint i = 0; i < n; i++)
        g_ptr_array_add (out, hp_test_data_path (cases[i], NULL));
    }
  return out;
}

static void
test_every_trace (void)
{
  g_autoptr (GPtrArray) dirs = trace_dirs ();
  guint64 checked = 0;
  guint   loaded = 0;

  g_assert_cmpuint (dirs->len, >, 0);
  for (guint d = 0; d < dirs->len; d++)
    {
      HpLoadOptions options = { 0 };
      g_autoptr (GError) error = NULL;
      g_autoptr (HpTrace) trace = NULL;
      gint64 min_ts;

      /* default mode keeps each time's ns as the file had it */
      options.mode = HP_MODE_DEFAULT;
      options.job = HP_LOAD_JOB_ALL;
      trace = hp_load_path (dirs->pdata[d], &options, NULL, &error);
      if (trace == NULL)
        {
          g_test_message ("%s: not loaded (%s)", (char *)dirs->pdata[d], error->message);
          continue;
        }
      loaded++;
      min_ts = hp_trace_get_min_ts (trace);
      for (guint k = 0; k < hp_trace_get_n_ranks (trace); k++)
        {
          const HpRank *r = hp_trace_get_rank (trace, k);

          for (guint i = 0; i < r->n_events; i++, checked += 4)
            {
              /* relative and absolute, as the loader may hold either */
              assert_same_bits (r->ts[i]);
              assert_same_bits (r->ts[i] + min_ts);
              assert_same_bits (hp_rank_dur (r, i));
              assert_same_bits (hp_rank_end (r, i) + min_ts);
            }
        }
    }
  g_assert_cmpuint (loaded, >, 0);
  g_test_message ("%u traces, %" G_GUINT64_FORMAT " times, bit-identical", loaded, checked);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/us-rounding/random-values", test_random_values);
  g_test_add_func ("/core/us-rounding/every-trace", test_every_trace);
  return g_test_run ();
}
