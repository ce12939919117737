/* test-hta-fixes.c — string GPU tids in tables and HTA's zero-time kernel-type rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "hp-core.h"
#include "hp-test-utils.h"

/* edge/kernel-types-zero-overlap.json: 29 kernels on one stream with
 * many equal start and end times. At some of them a COMPUTATION range
 * ends where a COMMUNICATION one starts: whether HTA forms the zero-length
 * "COMPUTATION overlapping COMMUNICATION" segment depends on the order
 * numpy's unstable sort leaves the equal points in after each of HTA's
 * three sorts. The expected table was made by HTA 0.6.1's
 * `_get_gpu_kernel_type_time` on the same kernels with pandas 1.5.3 and
 * numpy 1.24: it has no such row (one sort of all points would have one,
 * with sum 0). */
static void
test_kernel_types_zero_overlap (gconstpointer data)
{
  HpMode mode = GPOINTER_TO_INT (data);
  g_autoptr (HpTrace) trace = hp_test_load ("edge/kernel-types-zero-overlap.json", mode);
  g_autofree char *expected = hp_test_data_path ("edge", "kernel-types-zero-overlap.csv", NULL);
  HpAnalysisParams params;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable *table;

  hp_analysis_params_init (&params);
  tables = hp_test_run (hp_kernel_breakdown_compute, trace, &params);
  table = hp_test_table_at (tables, 0, "gpu_kernel_breakdown_kernel_type");
  if (mode == HP_MODE_HTA_COMPAT)
    hp_test_assert_table_matches_golden (table, expected);
  else
    /* exact ns, no zero-length segments: the same six types */
    g_assert_cmpuint (hp_table_get_n_rows (table), ==, 6);
  for (guint i = 0; i < hp_table_get_n_rows (table); i++)
    g_assert_cmpstr (hp_table_get_string (table, i, 0), !=, "COMPUTATION overlapping COMMUNICATION");
  hp_analysis_params_clear (&params);
}

/* edge/string-tids.json: kernels with `"tid": "stream 7"` and
 * `"stream 9"`, as traces from 2021 write them. HTA shows the text in
 * the tables that carry tid; so do we, in both modes, and each stream
 * keeps its own timeline lane named by it. */
static void
test_string_tids (gconstpointer data)
{
  HpMode mode = GPOINTER_TO_INT (data);
  g_autoptr (HpTrace) trace = hp_test_load ("edge/string-tids.json", mode);
  HpAnalysisParams params;
  g_autoptr (GPtrArray) tables = NULL;
  HpTable      *series;
  int           c_tid, c_stream;
  const HpRank *r = hp_trace_get_rank (trace, 0);
  guint         named = 0;

  hp_analysis_params_init (&params);
  tables = hp_test_run (hp_queue_length_compute, trace, &params);
  series = hp_test_table_at (tables, 0, "queue_length_time_series");
  c_tid = hp_test_column (series, "tid");
  c_stream = hp_test_column (series, "stream");
  g_assert_cmpuint (hp_table_get_n_rows (series), ==, 6);
  for (guint i = 0; i < hp_table_get_n_rows (series); i++)
    {
      g_autofree char *want = g_strdup_printf ("stream %" G_GINT64_FORMAT, hp_table_get_int (series, i, c_stream));

      g_assert_cmpstr (hp_table_get_string (series, i, c_tid), ==, want);
    }
  /* stream 7: launched at 10 and 20, started at 50 and 80 */
  g_assert_cmpint (hp_table_get_int (series, 1, hp_test_column (series, "queue_length")), ==, 2);

  for (guint l = 0; l < r->n_lanes; l++)
    if (r->lanes[l].name != HP_NO_STRING)
      {
        const char *name = hp_trace_get_string (trace, r->lanes[l].name);

        g_assert_true (hp_tid_is_string (r->lanes[l].tid));
        g_assert_true (g_str_equal (name, "stream 7") || g_str_equal (name, "stream 9"));
        named++;
      }
  g_assert_cmpuint (named, ==, 2);

  /* the kernels with their annotation carry tid too */
  {
    g_autoptr (GPtrArray) kernels = hp_test_run (hp_gpu_kernels_with_user_annotations_compute, trace, &params);
    HpTable *table = hp_test_table_at (kernels, 0, "gpu_kernels_with_user_annotations");
    int      c_ktid = hp_test_column (table, "tid");
    int      c_kstream = hp_test_column (table, "stream");

    g_assert_cmpuint (hp_table_get_n_rows (table), ==, 3);
    for (guint i = 0; i < hp_table_get_n_rows (table); i++)
      {
        g_autofree char *want = g_strdup_printf ("stream %" G_GINT64_FORMAT, hp_table_get_int (table, i, c_kstream));

        g_assert_cmpstr (hp_table_get_string (table, i, c_ktid), ==, want);
      }
  }
  hp_analysis_params_clear (&params);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/core/hta-fixes/kernel-types-zero-overlap/compat", GINT_TO_POINTER (HP_MODE_HTA_COMPAT),
                        test_kernel_types_zero_overlap);
  g_test_add_data_func ("/core/hta-fixes/kernel-types-zero-overlap/default", GINT_TO_POINTER (HP_MODE_DEFAULT),
                        test_kernel_types_zero_overlap);
  g_test_add_data_func ("/core/hta-fixes/string-tids/compat", GINT_TO_POINTER (HP_MODE_HTA_COMPAT), test_string_tids);
  g_test_add_data_func ("/core/hta-fixes/string-tids/default", GINT_TO_POINTER (HP_MODE_DEFAULT), test_string_tids);

  return g_test_run ();
}
